#!/usr/bin/env python3
"""Find the links of a corpus with PySpark and iriscan, one Finder per partition.

    python spark_links.py [--master URL] [--partitions N] --out DIR INPUT...
    spark-submit spark_links.py --out s3a://bucket/links/ s3a://commoncrawl/crawl-data/.../*.warc.wet.gz

INPUT: files, directories or globs Hadoop understands (local paths, hdfs://,
s3a://). Each file is read whole with ``SparkContext.binaryFiles`` (one
record per file), gunzipped when it starts with the gzip magic bytes
(multi-member too), and then either

* scanned as one text, exactly as ``iriscan find --format jsonl FILE`` scans
  it: same ``start``/``end`` (byte offsets in the decompressed file),
  ``line``, ``kind``, ``text``, ``iri``, ``uri``, ``display``; or
* when it starts with ``WARC/`` (Common Crawl WET files): split into WARC
  records while decompressing, one record at a time; each ``conversion``
  record's content (the extracted text) is scanned and its links carry
  ``record_url`` (WARC-Target-URI), with offsets and lines counted from the
  start of that record's content. Other record types (warcinfo, and the
  HTML of plain WARC response records) are skipped.

Output: JSON Lines part-files under DIR (Spark's ``saveAsTextFile``: DIR
must not exist), one object per link with ``path`` (the file as Spark names
it, e.g. ``file:/data/x.txt.gz``) and the fields above.

Parallelism is one task per input file (a gzip file cannot be split
anyway); ``--partitions`` only sets the minimum number of partitions Spark
packs the files into. A Common Crawl segment has tens of thousands of WET
files, so a crawl keeps every core busy; a single huge text file does not:
split it first.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
from typing import IO, Iterable, Iterator, Optional

GZIP_MAGIC = b"\x1f\x8b"
WARC_MAGIC = b"WARC/"


def link_rows(finder, data: bytes, base: dict) -> Iterator[dict]:
    """One row per link of ``data``, with ``line`` counted as the CLI does
    (1-based line of the link's first byte)."""
    line, counted_to = 1, 0
    for link in finder.links_bytes(data):
        line += data.count(b"\n", counted_to, link.start)
        counted_to = link.start
        row = dict(base)
        row.update(
            line=line,
            start=link.start,
            end=link.end,
            kind=link.kind,
            text=link.text,
            iri=link.iri,
            uri=link.uri,
            display=link.display,
        )
        yield row


def warc_records(stream: IO[bytes]) -> Iterator[tuple[dict, bytes]]:
    """(headers, content) of each WARC record (WARC 1.0/1.1 §4: a version
    line, header fields, CRLF, Content-Length bytes of content, CRLF CRLF).
    Reads one record at a time, so memory stays bounded by the largest
    record."""
    while True:
        version = stream.readline()
        if not version:
            return
        if not version.strip():
            continue  # the CRLF CRLF after the previous record
        if not version.startswith(WARC_MAGIC):
            raise ValueError(f"not a WARC record: {version[:40]!r}")
        headers: dict = {}
        for raw in iter(stream.readline, b""):
            if raw in (b"\r\n", b"\n"):
                break
            name, _, value = raw.decode("utf-8", "replace").partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        yield headers, stream.read(length)


def open_decompressed(content: bytes) -> IO[bytes]:
    """A stream of ``content``, gunzipped if it is gzip (every member)."""
    raw = io.BytesIO(content)
    if content[:2] == GZIP_MAGIC:
        return gzip.GzipFile(fileobj=raw)
    return raw


def scan_file(finder, path: str, content: bytes) -> Iterator[dict]:
    """The link rows of one input file (text or WARC/WET)."""
    # Sniff the first decompressed bytes, then start again from the top.
    head = open_decompressed(content).read(len(WARC_MAGIC))
    stream = open_decompressed(content)
    if head == WARC_MAGIC:
        for headers, body in warc_records(stream):
            if headers.get("warc-type") == "conversion":
                base = {"path": path, "record_url": headers.get("warc-target-uri")}
                yield from link_rows(finder, body, base)
    else:
        yield from link_rows(finder, stream.read(), {"path": path})


def scan_partition(files: Iterable[tuple[str, bytes]], kinds: tuple, strict: bool, batch: int = 4096) -> Iterator[str]:
    """A partition's files as JSON lines: one Finder for the partition
    (building it is cheap, but not free per file). Lines go to the JVM
    joined in batches (``saveAsTextFile`` writes each element and a
    newline), which saves a transfer per link."""
    import iriscan  # on the executors

    finder = iriscan.Finder(kinds=kinds, strict_uts58=strict)
    lines: list = []
    for path, content in files:
        for row in scan_file(finder, path, content):
            lines.append(json.dumps(row, ensure_ascii=False))
            if len(lines) == batch:
                yield "\n".join(lines)
                lines.clear()
    if lines:
        yield "\n".join(lines)


def main(argv: Optional[list] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--master", help="Spark master URL (default: spark-submit's, else local[*])")
    p.add_argument("--out", required=True, help="output directory (must not exist)")
    p.add_argument("--partitions", type=int, default=None, help="minimum number of partitions")
    p.add_argument("--kinds", default="iri,email,domain", help="comma-separated link kinds")
    p.add_argument("--strict-uts58", action="store_true", help="UTS #58 boundaries only")
    p.add_argument("--compress", action="store_true", help="gzip the part-files")
    p.add_argument("inputs", nargs="+", metavar="INPUT")
    args = p.parse_args(argv)

    import os

    from pyspark.sql import SparkSession

    # Local workers run this interpreter (the one with iriscan installed)
    # unless the environment says otherwise; clusters set their own.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

    builder = SparkSession.builder.appName("iriscan-links")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    sc = spark.sparkContext
    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    strict = args.strict_uts58
    files = sc.binaryFiles(",".join(args.inputs), minPartitions=args.partitions)
    lines = files.mapPartitions(lambda part: scan_partition(part, kinds, strict))
    codec = "org.apache.hadoop.io.compress.GzipCodec" if args.compress else None
    lines.saveAsTextFile(args.out, compressionCodecClass=codec)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
