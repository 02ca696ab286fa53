#!/usr/bin/env python3
"""iriscan's Python package against the Python link finders people use, and
the Spark job's throughput.

    pip install ./bindings/python urlextract linkify-it-py pyspark
    python bindings/python/bench/bench_finders.py [--size 4MB] [--spark-size 64MB] [--repeat 3]

Corpora: ``corpora/*.txt`` concatenated (repeated to about --size) and a
generated mixed corpus (``cargo run --release --example gen_corpus --
--profile mixed --seed 7``, --size bytes). Every finder gets the same
``str`` and returns the link texts it finds; the time is the best of
--repeat runs of the CPU time of this process (``time.process_time``: one
thread, and less disturbed by other processes than wall clock), reported as
MB/s of UTF-8 input and as a ratio to iriscan measured in the same run. iriscan's time
includes building every Link with its IRI, URI and display form.

With --spark-size, the generated corpus is also written as 16 gzip'd
files and ``examples/spark_links.py --master local[2]`` is timed over them
(end to end: JVM start, gunzip, scan, JSON output).
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parents[3]
JOB = ROOT / "bindings" / "python" / "examples" / "spark_links.py"

# The regex found in countless scripts: a scheme, then anything up to white
# space or a quote/angle bracket, plus a plain email pattern.
COMMON_REGEX = re.compile(r"""https?://[^\s<>"']+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+""")


def parse_size(s: str) -> int:
    units = {"KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30}
    for unit, mult in units.items():
        if s.upper().endswith(unit):
            return int(float(s[: -len(unit)]) * mult)
    return int(s)


def corpora_text(size: int) -> str:
    text = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted((ROOT / "corpora").glob("*.txt")))
    return (text + "\n") * max(1, size // len(text.encode()))


def generated_text(size: int, out: Path) -> str:
    cmd = ["cargo", "run", "--quiet", "--release", "--example", "gen_corpus", "--"]
    cmd += ["--profile", "mixed", "--size", str(size), "--seed", "7", "--out", str(out)]
    subprocess.run(cmd, cwd=ROOT, check=True)
    return out.read_bytes().decode("utf-8", errors="replace")


def finders() -> dict[str, Callable[[str], list]]:
    import iriscan

    found: dict[str, Callable[[str], list]] = {}
    finder = iriscan.Finder()
    found["iriscan (Finder.links)"] = lambda t: [l.text for l in finder.links(t)]
    found["iriscan, iri only"] = (lambda f: lambda t: [l.text for l in f.links(t)])(iriscan.Finder(kinds=("iri",)))
    try:
        from linkify_it import LinkifyIt

        lk = LinkifyIt()
        found["linkify-it-py"] = lambda t: [m.text for m in (lk.match(t) or [])]
    except ImportError:
        print("linkify-it-py not installed: skipped", file=sys.stderr)
    try:
        from urlextract import URLExtract

        ux = URLExtract()
        found["urlextract"] = lambda t: ux.find_urls(t, only_unique=False)
    except ImportError:
        print("urlextract not installed: skipped", file=sys.stderr)
    found["common regex"] = lambda t: COMMON_REGEX.findall(t)
    return found


def best_time(fn: Callable[[str], list], text: str, repeat: int) -> tuple[float, int]:
    best, n = float("inf"), 0
    for _ in range(repeat):
        t0 = time.process_time()
        n = len(fn(text))
        best = min(best, time.process_time() - t0)
    return best, n


def bench_corpus(name: str, text: str, repeat: int) -> None:
    mb = len(text.encode()) / 1e6
    print(f"\n### {name}: {mb:.1f} MB\n")
    print("| finder | links | MB/s | time ÷ iriscan |")
    print("|---|---:|---:|---:|")
    base: Optional[float] = None
    for label, fn in finders().items():
        secs, n = best_time(fn, text, repeat)
        base = base or secs
        print(f"| {label} | {n:,} | {mb / secs:.2f} | {secs / base:.1f}× |", flush=True)


def bench_spark(text: str, workdir: Path, master: str) -> None:
    data = text.encode()
    inputs = workdir / "spark-in"
    inputs.mkdir()
    parts = 16
    step = len(data) // parts
    start = 0
    for i in range(parts):
        end = len(data) if i == parts - 1 else data.index(b"\n", start + step) + 1
        (inputs / f"part-{i:02}.txt.gz").write_bytes(gzip.compress(data[start:end], compresslevel=6))
        start = end
    out = workdir / "spark-out"
    cmd = [sys.executable, str(JOB), "--master", master, "--out", str(out), str(inputs)]
    # Wall clock: the work runs in the JVM and its Python workers.
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    secs = time.perf_counter() - t0
    rows = sum(1 for part in out.glob("part-*") for _ in part.open(encoding="utf-8"))
    mb = len(data) / 1e6
    print(f"\n### Spark job, {master}: {mb:.0f} MB in {parts} gzip'd files\n")
    print(f"`{' '.join(['python', 'bindings/python/examples/spark_links.py'] + cmd[2:4])} --out OUT DIR`: ")
    print(f"{rows:,} links, {secs:.1f} s end to end, {mb / secs:.1f} MB/s ({mb / secs / 2:.1f} MB/s per core)")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", default="4MB", help="bytes per corpus for the finders")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--spark-size", default=None, help="also time the Spark job on this much text")
    p.add_argument("--master", default="local[2]")
    args = p.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="iriscan-bench-"))
    try:
        size = parse_size(args.size)
        bench_corpus("corpora/*.txt concatenated", corpora_text(size), args.repeat)
        bench_corpus("generated mixed corpus (gen_corpus --profile mixed --seed 7)",
                     generated_text(size, workdir / "mixed.txt"), args.repeat)
        if args.spark_size:
            spark_text = generated_text(parse_size(args.spark_size), workdir / "spark.txt")
            bench_spark(spark_text, workdir, args.master)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    sys.exit(main())
