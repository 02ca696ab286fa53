#!/usr/bin/env bash
# Wall-clock ratios of iriscan against linkify (and memchr), measured so
# that load on a shared machine cancels out: `count_links pair A B` times
# A and B in turn inside one process, one pass each, PAIRS times over the
# same buffer, and prints the median of the per-pair speed ratios (and
# the ratio of the fastest passes). The same kinds on both sides: IRIs +
# emails against linkify's default (scheme required), all kinds against
# linkify with scheme-less URLs; and IRIs + emails against `memchr`
# looking for a byte the text does not hold.
#
#   cargo build --release --example count_links
#   benches/race_pair.sh                 # every race text
#   benches/race_pair.sh dense gen-mail  # some
set -euo pipefail
bin="${COUNT_LINKS:-$(dirname "$0")/../target/release/examples/count_links}"
pairs="${PAIRS:-40}"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  source "$(dirname "$0")/race_names.sh"
  names=("${race_names[@]}")
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
median() { "$bin" pair "$1" "$2" "$3" "$pairs" | awk -F'\t' '{split($3, a, " "); print a[3]}'; }
echo "| text | IRIs + emails / linkify default | all kinds / linkify scheme-less | IRIs + emails / memchr |"
echo "|---|---:|---:|---:|"
for n in "${names[@]}"; do
  "$bin" dump "race:$n" > "$dir/$n.txt"
  d=$(median iriscan-iri-email linkify-default "$dir/$n.txt")
  a=$(median iriscan linkify "$dir/$n.txt")
  m=$(median iriscan-iri-email memchr "$dir/$n.txt")
  # Bold where the issue's bar is met (1, 1.5 and 0.5).
  bold() { awk -v v="$1" -v bar="$2" 'BEGIN { if (v + 0 >= bar) printf "**%s**", v; else printf "%s", v }'; }
  echo "| $n | $(bold "$d" 1) | $(bold "$a" 1.5) | $(bold "$m" 0.5) |"
done
