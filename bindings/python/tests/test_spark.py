"""The Spark job (examples/spark_links.py) on local[2] finds exactly what
`iriscan find --format jsonl` finds on the same gzip'd corpora, and splits
WET records itself."""

import gzip
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import iriscan
from conftest import CORPORA

JOB = Path(__file__).resolve().parents[1] / "examples" / "spark_links.py"
# Every field of a CLI jsonl row except `path` (Spark names files by URI).
FIELDS = ("line", "start", "end", "kind", "text", "iri", "uri", "display")

WET_RECORDS = [
    ("http://example.jp/a", CORPORA[0]),
    ("https://пример.рф/b", CORPORA[-1]),
]


def wet_file(path: Path) -> None:
    """A gzip'd WET file (one gzip member per record, as Common Crawl
    writes them): warcinfo, then one conversion record per sample."""
    with open(path, "wb") as out:
        records = [(b"warcinfo", None, b"software: test\r\n")]
        records += [(b"conversion", url, corpus.read_bytes()) for url, corpus in WET_RECORDS]
        for kind, url, body in records:
            head = b"WARC/1.0\r\nWARC-Type: " + kind + b"\r\n"
            if url:
                head += b"WARC-Target-URI: " + url.encode() + b"\r\n"
            head += b"Content-Type: text/plain\r\nContent-Length: %d\r\n\r\n" % len(body)
            out.write(gzip.compress(head + body + b"\r\n\r\n"))


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    """Runs the job once on gzip'd copies of every corpus and one WET file;
    returns (input dir, output rows)."""
    base = tmp_path_factory.mktemp("spark")
    inputs = base / "in"
    inputs.mkdir()
    for corpus in CORPORA:
        (inputs / (corpus.name + ".gz")).write_bytes(gzip.compress(corpus.read_bytes()))
    wet_file(base / "sample.warc.wet.gz")
    out = base / "out"
    subprocess.run(
        [sys.executable, JOB, "--master", "local[2]", "--out", out, inputs, base / "sample.warc.wet.gz"],
        check=True,
    )
    rows = [json.loads(line) for part in sorted(out.glob("part-*")) for line in part.read_text().splitlines()]
    return inputs, rows


def test_job_writes_part_files_with_path_text_uri(job):
    _, rows = job
    assert rows
    assert all({"path", "text", "uri"} <= row.keys() for row in rows)


def test_job_finds_exactly_what_the_cli_finds_on_gzip_input(job, iriscan_bin):
    inputs, rows = job
    files = sorted(inputs.iterdir())
    out = subprocess.run([iriscan_bin, "find", "--format", "jsonl", *files], capture_output=True, check=True).stdout
    # (file name, every other field): the CLI reports byte offsets and lines
    # in the decompressed file, and so does the job, so the multisets of
    # whole rows must be equal.
    def key(row):
        return (Path(row["path"]).name,) + tuple(row[f] for f in FIELDS)

    cli = Counter(key(json.loads(line)) for line in out.splitlines())
    spark = Counter(key(r) for r in rows if "record_url" not in r)
    assert sum(cli.values()) > 400
    assert spark == cli


def test_job_splits_wet_records_and_reports_record_url(job):
    _, rows = job
    wet = [r for r in rows if "record_url" in r]
    finder = iriscan.Finder()
    for url, corpus in WET_RECORDS:
        got = [(r["start"], r["end"], r["text"], r["uri"]) for r in wet if r["record_url"] == url]
        want = [(l.start, l.end, l.text, l.uri) for l in finder.links_bytes(corpus.read_bytes())]
        assert got == want and want
    assert {r["record_url"] for r in wet} == {url for url, _ in WET_RECORDS}
