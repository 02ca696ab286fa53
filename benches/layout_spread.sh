#!/usr/bin/env bash
# How much the race ratio moves with code layout alone. Builds
# `count_links` once as usual and SEEDS more times with the linker
# shuffling the order of the functions (`--shuffle-sections`, rust-lld,
# the default linker of x86-64 Linux since Rust 1.90): the same machine
# code (callgrind counts the same instructions), laid out differently.
# Then, text by text, times each build's IRIs + emails against linkify's
# default (`count_links pair`, the median of PAIRS per-pass ratios),
# REPS times with the builds interleaved, and prints each build's median
# and the range over the builds. A rule or an engine change whose ratio
# moves by less than that range is not measured by one build.
#
#   benches/layout_spread.sh                       # 6 seeds, 8 link texts
#   SEEDS=3 REPS=1 benches/layout_spread.sh dense  # quicker
set -euo pipefail
cd "$(dirname "$0")/.."
seeds="${SEEDS:-6}"; pairs="${PAIRS:-100}"; reps="${REPS:-3}"
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(dense corpora-mail crawl gen-mail gen-cjk gen-mixed html markdown)
out="${LAYOUT_DIR:-target/layout-spread}"
mkdir -p "$out"
cargo build --release -q --example count_links
cp target/release/examples/count_links "$out/count_links-0"
for s in $(seq 1 "$seeds"); do
  CARGO_TARGET_DIR="$out/target" cargo rustc --release -q --example count_links -- \
    -C link-arg=-Wl,--shuffle-sections="*=$s"
  cp "$out/target/release/examples/count_links" "$out/count_links-$s"
done
bins=("$out"/count_links-*)
for n in "${names[@]}"; do "${bins[0]}" dump "race:$n" > "$out/$n.txt"; done
printf '| text |'; for b in "${bins[@]}"; do printf ' %s |' "${b##*-}"; done; echo ' range |'
printf '|---|'; for _ in "${bins[@]}"; do printf -- '---:|'; done; printf -- '---:|\n'
for n in "${names[@]}"; do
  rows=()
  for b in "${bins[@]}"; do rows+=(""); done
  for _ in $(seq 1 "$reps"); do
    for i in "${!bins[@]}"; do
      r=$("${bins[$i]}" pair iriscan-iri-email linkify-default "$out/$n.txt" "$pairs" | awk -F'\t' '{split($3, a, " "); print a[3]}')
      rows[$i]="${rows[$i]} $r"
    done
  done
  meds=()
  for i in "${!bins[@]}"; do
    meds+=("$(tr ' ' '\n' <<< "${rows[$i]}" | grep . | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')")
  done
  printf '%s\n' "${meds[@]}" | awk -v name="$n" '
    { med[NR] = $1; if (NR == 1 || $1 < lo) lo = $1; if (NR == 1 || $1 > hi) hi = $1 }
    END { printf "| %s |", name; for (i = 1; i <= NR; i++) printf " %.3f |", med[i]
          printf " %.3f–%.3f (%.0f%%) |\n", lo, hi, 100 * (hi / lo - 1) }'
done
