#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), seeded from corpora/.
# Needs cargo-fuzz (`cargo install cargo-fuzz`). The stable toolchain builds
# the targets with RUSTC_BOOTSTRAP=1. SANITIZER (default none: libFuzzer's
# coverage and the targets' assertions do the work) may be set to address
# to check the one unsafe module, the vector trigger loads.
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_EACH="${1:-60}"
TARGETS="${TARGETS:-$(cargo fuzz list 2>/dev/null || ls fuzz_targets | sed 's/\.rs$//')}"
export RUSTC_BOOTSTRAP=1
for t in $TARGETS; do
  mkdir -p "corpus/$t"
  # Seed: lines of the checked-in samples and case files.
  if [ -z "$(ls -A "corpus/$t")" ]; then
    i=0
    for f in ../corpora/*.txt ../tests/data/cases/*.txt ../tests/data/LinkDetectionTest.txt; do
      [ -f "$f" ] || continue
      while IFS= read -r line; do
        i=$((i+1)); printf '%s' "$line" > "corpus/$t/seed-$i"
        [ "$i" -ge 3000 ] && break 2
      done < "$f"
    done
  fi
  echo "== $t: ${SECONDS_EACH}s"
  cargo fuzz run --sanitizer "${SANITIZER:-none}" "$t" "corpus/$t" -- -max_total_time="$SECONDS_EACH" -max_len=4096 -timeout=10 2>&1 | tee "fuzz-$t.log" | grep -E "^#[0-9]+ +(DONE|pulse)|Done|ERROR|panicked" || true
  grep -E "Done [0-9]+ runs|stat::number_of_executed_units" "fuzz-$t.log" | tail -2 || true
done
