#!/usr/bin/env bash
# Writes what a CLI build prints for a set of texts, so that two builds can
# be compared byte for byte (`diff -rq OUT_A OUT_B`): `find --format jsonl`
# with all kinds, `--kinds iri,email` and `--strict-uts58`, `-j 1` on the
# first file, and `linkify` HTML. The speed work of issue 12 must leave all
# of it unchanged.
#
#   benches/compare_outputs.sh OLD_BIN /tmp/old corpora/*.txt ../shared/spec/*.txt BIG.txt
#   benches/compare_outputs.sh target/release/iriscan /tmp/new corpora/*.txt ../shared/spec/*.txt BIG.txt
#   diff -rq /tmp/old /tmp/new
set -euo pipefail
bin="$1"; out="$2"; shift 2
mkdir -p "$out"
for f in "$@"; do
  b=$(basename "$f")
  "$bin" find --format jsonl -q "$f" > "$out/$b.all.jsonl"
  "$bin" find --format jsonl -q --kinds iri,email "$f" > "$out/$b.ie.jsonl"
  "$bin" find --format jsonl -q --strict-uts58 "$f" > "$out/$b.uts.jsonl"
  "$bin" linkify -q "$f" > "$out/$b.linkify.html"
done
"$bin" find --format jsonl -q -j 1 "$1" > "$out/first.j1.jsonl"
