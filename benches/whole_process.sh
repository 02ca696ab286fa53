#!/usr/bin/env bash
# Whole-process times of `iriscan find --count -j 1` and of the linkify
# program (examples/count_links.rs) on one file, alternating N times, with
# the minimum and median of each and their ratios. The machine is shared:
# read the ratio of minimums as the best case and of medians as typical.
#
#   cargo build --release --examples
#   benches/whole_process.sh 7 /tmp/mixed1g.txt
set -euo pipefail
n="$1"; file="$2"
dir="$(dirname "$0")/../target/release"
a=(); b=()
for _ in $(seq "$n"); do
  a+=("$( { /usr/bin/time -f %e "$dir/iriscan" find --count -j 1 "$file" >/dev/null; } 2>&1 )")
  b+=("$( { /usr/bin/time -f %e "$dir/examples/count_links" linkify "$file" >/dev/null; } 2>&1 )")
done
python3 - "${a[*]}" "${b[*]}" <<'PY'
import sys, statistics as st
a = [float(x) for x in sys.argv[1].split()]
b = [float(x) for x in sys.argv[2].split()]
print("iriscan find --count -j 1:", a, "min", min(a), "median", st.median(a))
print("linkify program:          ", b, "min", min(b), "median", st.median(b))
print("linkify/iriscan: ratio of minimums %.2f, of medians %.2f" % (min(b) / min(a), st.median(b) / st.median(a)))
PY
