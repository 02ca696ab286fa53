#!/usr/bin/env bash
# Builds libiriscan (.so and .a), compiles tests/find.c with the system C
# compiler against each, and runs both under AddressSanitizer (leak
# detection on). Uses the target directory cargo uses.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
cargo build -p iriscan-c --quiet
target="${CARGO_TARGET_DIR:-$root/target}/debug"
out="$target/c-tests"
mkdir -p "$out"
cc="${CC:-gcc}"
flags=(-std=c11 -Wall -Wextra -Werror -pedantic -g -fsanitize=address,undefined -fno-omit-frame-pointer -I "$here/include")
# The header alone compiles as C and as C++ (extern "C").
"$cc" "${flags[@]}" -fsyntax-only -x c "$here/include/iriscan.h"
if command -v g++ >/dev/null 2>&1; then
  g++ -std=c++11 -Wall -Wextra -Werror -fsyntax-only -x c++ -I "$here/include" "$here/include/iriscan.h"
fi
# Shared library.
"$cc" "${flags[@]}" "$here/tests/find.c" -L "$target" -liriscan -Wl,-rpath,"$target" -o "$out/find-shared"
# Static library (pulls in what Rust's std needs from libc).
"$cc" "${flags[@]}" "$here/tests/find.c" "$target/libiriscan.a" -lpthread -ldl -lm -o "$out/find-static"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
"$out/find-shared"
"$out/find-static"
