#!/usr/bin/env python3
"""Prints the race ratios of one criterion run as Markdown tables.

    cargo bench --bench iriscan -- 'race|find-to-uri|adversarial'
    python3 benches/race_table.py [target/criterion]

Reads each benchmark's median time (new/estimates.json) and divides: the
ratios compare engines measured in the same run on the same bytes, which
is what survives a shared, noisy machine (absolute speeds do not).
"""
import json
import os
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "target", "criterion")


def median_ns(*parts):
    path = os.path.join(ROOT, *parts, "new", "estimates.json")
    try:
        with open(path) as f:
            return json.load(f)["median"]["point_estimate"]
    except (OSError, KeyError, ValueError):
        return None


def throughput_bytes(*parts):
    path = os.path.join(ROOT, *parts, "new", "benchmark.json")
    try:
        with open(path) as f:
            t = json.load(f).get("throughput") or {}
        return t.get("Bytes") or t.get("BytesDecimal")
    except (OSError, ValueError):
        return None


def names(group, function):
    d = os.path.join(ROOT, group, function)
    return sorted(n for n in os.listdir(d) if os.path.isdir(os.path.join(d, n))) if os.path.isdir(d) else []


def mbs(group, function, text):
    ns, n = median_ns(group, function, text), throughput_bytes(group, function, text)
    return n / ns * 1e3 if ns and n else None  # bytes per ns = GB/s; * 1e3 = MB/s


ORDER = ["dense", "mail-prose", "rfc-spec", "corpora-mail", "corpora-log", "crawl", "html", "markdown",
         "gen-mail", "gen-log", "gen-cjk", "gen-mixed", "gen-adv-brackets", "gen-adv-colons", "gen-adv-dots",
         "gen-adv-schemes", "gen-adv-noline", "gen-adv-invalid-utf8", "gen-adv-nul", "no-links"]


def fmt(x, digits=0):
    return "—" if x is None else f"{x:,.{digits}f}"


def ratio(a, b):
    return None if a is None or b is None else a / b


texts = [t for t in ORDER if t in names("race", "iriscan-iri-email")]
print("| text | iriscan IRIs+emails MB/s | linkify default MB/s | ratio | iriscan all kinds MB/s "
      "| linkify scheme-less MB/s | ratio | memchr MB/s | iriscan all / memchr |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for t in texts:
    ie, ld = mbs("race", "iriscan-iri-email", t), mbs("race", "linkify-default", t)
    al, ls = mbs("race", "iriscan-all", t), mbs("race", "linkify-schemeless", t)
    mc = mbs("race", "memchr", t)
    print(f"| {t} | {fmt(ie)} | {fmt(ld)} | **{fmt(ratio(ie, ld), 2)}** | {fmt(al)} | {fmt(ls)} "
          f"| **{fmt(ratio(al, ls), 2)}** | {fmt(mc)} | {fmt(ratio(al, mc), 3)} |")

print()
print("| parser (the IRIs of the link-dense text) | MB/s | iriscan / this |")
print("|---|---:|---:|")
own = mbs("parse-race", "iriscan", "")
for p in ["iriscan", "oxiri", "fluent-uri", "iri-string"]:
    v = mbs("parse-race", p, "")
    print(f"| {p} | {fmt(v)} | {fmt(ratio(own, v), 2)} |")

print()
print("| text | find MB/s | find + to_uri MB/s | ratio |")
print("|---|---:|---:|---:|")
for t in names("find-to-uri", "find"):
    f, u = mbs("find-to-uri", "find", t), mbs("find-to-uri", "find-and-to-uri", t)
    print(f"| {t} | {fmt(f)} | {fmt(u)} | **{fmt(ratio(u, f), 2)}** |")

adv = [n for n in os.listdir(os.path.join(ROOT, "adversarial"))] if os.path.isdir(os.path.join(ROOT, "adversarial")) else []
if adv:
    print()
    print("| adversarial input (1 MB) | MB/s | share of prose speed |")
    print("|---|---:|---:|")
    prose = mbs("adversarial", "prose-reference", "")
    for a in sorted(adv):
        if a == "report":
            continue
        v = mbs("adversarial", a, "")
        print(f"| {a} | {fmt(v)} | {fmt(ratio(v, prose), 2)} |")
