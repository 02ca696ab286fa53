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

With --spark-size, a generated corpus of that size is also written as
--parts gzip'd files and ``examples/spark_links.py --master local[2]`` is
timed over them (wall clock, end to end: JVM start, gunzip, scan, JSON
output), and once over one small file for the fixed cost.
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


def write_gz_parts(data: bytes, inputs: Path, parts: int) -> None:
    """``data`` cut at line ends into ``parts`` gzip'd files."""
    inputs.mkdir()
    step, start = len(data) // parts, 0
    for i in range(parts):
        end = len(data) if i == parts - 1 else data.index(b"\n", start + step) + 1
        (inputs / f"part-{i:02}.txt.gz").write_bytes(gzip.compress(data[start:end], compresslevel=1))
        start = end


def tree_cpu(root: int) -> dict[int, float]:
    """User + system CPU seconds of ``root`` and its descendants (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    parent, cpu = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parent[int(entry.name)] = int(fields[1])
            cpu[int(entry.name)] = (int(fields[11]) + int(fields[12])) / ticks
    tree = {root}
    grew = True
    while grew:
        kids = {pid for pid, ppid in parent.items() if ppid in tree and pid not in tree}
        tree |= kids
        grew = bool(kids)
    return {pid: cpu[pid] for pid in tree if pid in cpu}


def run_job(inputs: Path, out: Path, master: str) -> tuple[float, float, int]:
    """Wall-clock seconds of one job, the CPU seconds of its whole process
    tree (driver, JVM, Python workers: what a cluster bills), and the links
    written."""
    cmd = [sys.executable, str(JOB), "--master", master, "--out", str(out), str(inputs)]
    t0 = time.perf_counter()
    job = subprocess.Popen(cmd, stderr=subprocess.DEVNULL)
    # The JVM and the Python workers are not all reaped by the time the
    # driver exits, so getrusage misses them: sample the CPU time of every
    # process of the tree instead (at most one interval lost per process).
    seen: dict[int, float] = {}
    while job.poll() is None:
        for pid, cpu_s in tree_cpu(job.pid).items():
            seen[pid] = max(seen.get(pid, 0.0), cpu_s)
        time.sleep(0.25)
    secs = time.perf_counter() - t0
    if job.returncode:
        raise subprocess.CalledProcessError(job.returncode, cmd)
    return secs, sum(seen.values()), sum(1 for part in out.glob("part-*") for _ in part.open(encoding="utf-8"))


def bench_spark(text: str, workdir: Path, master: str, parts: int) -> None:
    """The job end to end on ``text`` in ``parts`` gzip'd files, and on one
    small file for the fixed cost (JVM, Python workers, job set-up), so that
    the marginal throughput is (size) / (time - fixed cost)."""
    data = text.encode()
    write_gz_parts(data, workdir / "spark-in", parts)
    write_gz_parts(data[: data.index(b"\n", 4096) + 1], workdir / "spark-small", 1)
    fixed, fixed_cpu, _ = run_job(workdir / "spark-small", workdir / "spark-small-out", master)
    secs, cpu, rows = run_job(workdir / "spark-in", workdir / "spark-out", master)
    mb = len(data) / 1e6
    cores = int(master[len("local[") : -1]) if master.startswith("local[") and master[6:-1].isdigit() else 0
    print(f"\n### Spark job, {master}: {mb:.0f} MB in {parts} gzip'd files, {rows:,} links\n")
    print(f"`python bindings/python/examples/spark_links.py --master '{master}' --out OUT DIR`\n")
    print("| measure | value |")
    print("|---|---:|")
    print(f"| fixed cost (one 4 KB file) | {fixed:.1f} s wall, {fixed_cpu:.1f} CPU s |")
    print(f"| end to end | {secs:.1f} s wall, {cpu:.1f} CPU s; {mb / secs:.1f} MB/s |")
    marginal = mb / max(secs - fixed, 1e-9)
    print(f"| marginal wall: size ÷ (end to end − fixed) | {marginal:.1f} MB/s |")
    if cores:
        print(f"| marginal wall per core | {marginal / cores:.1f} MB/s |")
    print(f"| per CPU second: size ÷ (CPU s − fixed CPU s) | {mb / max(cpu - fixed_cpu, 1e-9):.1f} MB/s |")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size", default="4MB", help="bytes per corpus for the finders")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--spark-size", default=None, help="also time the Spark job on this much text")
    p.add_argument("--master", default="local[2]")
    p.add_argument("--parts", type=int, default=16, help="gzip'd files for the Spark job")
    args = p.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="iriscan-bench-"))
    try:
        size = parse_size(args.size)
        bench_corpus("corpora/*.txt concatenated", corpora_text(size), args.repeat)
        bench_corpus("generated mixed corpus (gen_corpus --profile mixed --seed 7)",
                     generated_text(size, workdir / "mixed.txt"), args.repeat)
        if args.spark_size:
            spark_text = generated_text(parse_size(args.spark_size), workdir / "spark.txt")
            bench_spark(spark_text, workdir, args.master, args.parts)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    sys.exit(main())
