#!/usr/bin/env bash
# Instructions per byte of each engine on each race text (the texts of the
# criterion group `race`, built in memory by examples/count_links.rs),
# counted by callgrind in the measured function only: deterministic, so
# comparable across runs on a noisy machine. Prints one line per text with
# the instruction ratios the race table shows beside the wall-clock ones.
#
#   cargo build --release --example count_links
#   benches/race_instructions.sh                 # every race text
#   benches/race_instructions.sh dense gen-mail  # some
#   ENGINES="iriscan linkify" benches/race_instructions.sh dense
set -euo pipefail
bin="${COUNT_LINKS:-$(dirname "$0")/../target/release/examples/count_links}"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  source "$(dirname "$0")/race_names.sh"
  names=("${race_names[@]}")
fi
engines=(${ENGINES:-iriscan-iri-email linkify-default iriscan linkify memchr})
count() { # engine name -> "instructions bytes"
  local out ir bytes
  out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --toggle-collect='count_links::measure' "$bin" "$1" "race:$2" 2>&1)
  ir=$(echo "$out" | grep "Collected" | awk '{print $4}')
  bytes=$(echo "$out" | grep -o '[0-9]* bytes' | awk '{print $1}')
  echo "$ir $bytes"
}
printf "%-22s" text; for e in "${engines[@]}"; do printf " %18s" "$e"; done; echo
for n in "${names[@]}"; do
  printf "%-22s" "$n"
  for e in "${engines[@]}"; do
    read -r ir bytes < <(count "$e" "$n")
    printf " %12.2f instr/B" "$(python3 -c "print($ir/$bytes)")"
  done
  echo
done
