#!/usr/bin/env bash
# Wall-clock speed of the race engines on the race texts, the way the issue
# measured it: in process, one buffer, the same kinds asked of both sides,
# the median of five runs that alternate the engines (so that a burst of
# load on the shared machine hits all of them alike). Each run times
# REPEAT passes over the text inside `count_links` (examples/count_links.rs)
# and prints MB/s of the fastest pass (METRIC=mean: of the mean pass); this script prints a Markdown table of the medians and
# the ratios (iriscan over linkify, iriscan over memchr).
#
#   cargo build --release --example count_links
#   benches/race_wall.sh                 # every race text
#   benches/race_wall.sh dense gen-mail  # some
set -euo pipefail
bin="${COUNT_LINKS:-$(dirname "$0")/../target/release/examples/count_links}"
runs="${RUNS:-5}"
# `best` (default): each run's fastest of its REPEAT passes, then the median
# over runs; `mean`: each run's mean pass, as sessions before the twentieth
# measured.
metric="${METRIC:-best}"
repeat="${REPEAT:-20}"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  source "$(dirname "$0")/race_names.sh"
  names=("${race_names[@]}")
fi
engines=(iriscan-iri-email linkify-default iriscan linkify memchr)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
samples="$dir/samples.tsv"
for n in "${names[@]}"; do
  # The same bytes for every engine and run (the race texts are generated).
  "$bin" dump "race:$n" > "$dir/$n.txt"
  for ((r = 0; r < runs; r++)); do
    for e in "${engines[@]}"; do
      rep=$repeat
      [ "$e" = memchr ] && rep=$((repeat * 10))
      mbs=$("$bin" "$e" "$dir/$n.txt" "$rep" |
        awk -F'\t' -v m="$metric" '{f = (m == "best" && NF >= 5) ? $5 : $4; split(f, a, " "); print a[1]}')
      printf '%s\t%s\t%s\n' "$n" "$e" "$mbs" >> "$samples"
    done
  done
done
python3 - "$samples" <<'EOF'
import collections, statistics, sys
runs = collections.defaultdict(list)
order = []
for line in open(sys.argv[1]):
    name, engine, mbs = line.rstrip("\n").split("\t")
    runs[(name, engine)].append(float(mbs))
    if name not in order:
        order.append(name)
m = lambda n, e: statistics.median(runs[(n, e)])
print("| text | iriscan IRIs+emails MB/s | linkify default MB/s | ratio | iriscan all kinds MB/s "
      "| linkify scheme-less MB/s | ratio | memchr MB/s | IRIs+emails / memchr |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for n in order:
    ie, ld, al, lk, mc = (m(n, e) for e in
                          ("iriscan-iri-email", "linkify-default", "iriscan", "linkify", "memchr"))
    print(f"| {n} | {ie:,.0f} | {ld:,.0f} | **{ie / ld:.2f}** | {al:,.0f} | {lk:,.0f} "
          f"| **{al / lk:.2f}** | {mc:,.0f} | {ie / mc:.3f} |")
EOF
