#!/usr/bin/env bash
# Instructions and mispredicted branches per byte of one engine on files,
# counted by callgrind in the measured function of examples/count_links.rs
# only: deterministic, so comparable across runs on a noisy machine.
#
#   cargo build --release --examples
#   benches/instructions.sh iriscan FILE...
#   benches/instructions.sh linkify FILE...
#
# "est cyc/B" is a rough cost model (instructions / 3 + 15 cycles per
# mispredicted branch), only for comparing engines on the same input.
set -euo pipefail
engine="$1"; shift
bin="$(dirname "$0")/../target/release/examples/count_links"
for f in "$@"; do
  n=$(stat -c %s "$f")
  out=$(valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file=/dev/null \
        --toggle-collect='count_links::measure' "$bin" "$engine" "$f" 2>&1 | grep "Collected")
  python3 - "$out" "$n" "$engine" "$(basename "$f")" <<'PY'
import sys
ir, bc, bcm, bi, bim = (int(x) for x in sys.argv[1].split(':')[1].split())
n = int(sys.argv[2])
print(f"{sys.argv[4]:20s} {sys.argv[3]:8s} {ir/n:7.2f} instr/B {(bcm+bim)*1000/n:8.2f} mispred/KB  est {(ir/3+15*(bcm+bim))/n:6.2f} cyc/B")
PY
done
