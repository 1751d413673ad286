#!/usr/bin/env python3
"""The cost of fields, sorting and albums (issue 15) at scale: the same N records built three ways with
the release binary, images already in the cache, so what differs is only records, order and pages.

  plain    one json source, title and image only, source order (what galgen did before)
  fields   the same with four extra fields (a date, a number, a currency and a text genre) shown on
           item pages and in the lightbox shards
  albums   the fields, sorted by the date (newest first) then the title with ICU collation, grouped
           into albums by genre (GENRES distinct values) and an Atom feed

Each variant is built REPEATS times into an empty output folder (the last one removed first, untimed)
after one warm-up that fills the image cache; the script
prints each build's wall time and peak RSS (the child's own, from wait4) and the medians' ratios
against plain. It also checks that two builds of `albums` are byte-identical (determinism at scale).
Python 3 standard library only.

    Benchmarks/scripts/collections.py                          # 100,000 records, 3 builds each
    Benchmarks/scripts/collections.py --count 1000000 --item-pages none --repeats 1
"""
from __future__ import annotations

import argparse
import filecmp
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
GENRES = 40
WORDS = ["Ärger", "apple", "Zebra", "élan", "東京", "Łódź", "Item 10", "item 9", "Straße", "Ωmega"]


def write_inputs(work: pathlib.Path, count: int, item_pages: str) -> dict[str, pathlib.Path]:
    work.mkdir(parents=True, exist_ok=True)
    (work / "images").mkdir(exist_ok=True)
    for i in range(8):
        shutil.copyfile(ROOT / "Samples" / "images" / f"portrait-0{i + 1}.jpg", work / "images" / f"p{i}.jpg")
    records = [{
        "id": "r%07d" % i,
        "name": "%s %d" % (WORDS[(i * 7) % len(WORDS)], (i * 7919) % count),
        "img": "images/p%d.jpg" % (i % 8),
        "released": "20%02d-%02d-%02dT%02d:00:00Z" % (i % 25, 1 + (i // 25) % 12, 1 + (i // 300) % 28, i % 24),
        "rating": round((i * 37 % 50) / 10, 1),
        "price": "Free" if i % 5 == 0 else "$%d.99" % (i % 20),
        "genre": "Genre %d" % ((i * 13) % GENRES),
    } for i in range(count)]
    (work / "records.json").write_text(json.dumps(records, ensure_ascii=False, separators=(",", ":")))
    base = {"title": "collections bench", "language": "en", "pageSize": 60, "itemPages": item_pages,
            "baseURL": "https://example.org/"}
    fields = {"id": "id", "title": "name", "image": "img"}
    extra = {"released": {"path": "released", "type": "date"}, "rating": {"path": "rating", "type": "rating"},
             "price": {"path": "price", "type": "currency"}, "genre": "genre"}
    variants = {
        "plain": {"fields": fields},
        "fields": {"fields": dict(fields, extra=extra)},
        "albums": {"fields": dict(fields, extra=extra), "sort": [{"by": "released", "order": "desc"}, "title"], "groupBy": "genre"},
    }
    paths = {}
    for name, source in variants.items():
        config = dict(base, sources=[dict({"name": "items", "type": "json", "path": "records.json"}, **source)])
        path = work / f"config-{name}.json"
        path.write_text(json.dumps(config, indent=2))
        paths[name] = path
    return paths


def build(binary: pathlib.Path, config: pathlib.Path, out: pathlib.Path, cache: pathlib.Path) -> tuple[float, float, dict]:
    report = out.parent / (out.name + "-report.json")
    for old in out.parent.glob(out.name + "*"):
        if old.is_dir():
            shutil.rmtree(old)
    start = time.perf_counter()
    proc = subprocess.Popen([str(binary), "build", "--config", str(config), "--output", str(out), "--cache", str(cache),
                             "--report", str(report)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"galgen build --config {config} failed: {proc.stderr.read().decode()[-2000:]}")
    return wall, usage.ru_maxrss / 1024, json.loads(report.read_text())


def same_tree(a: pathlib.Path, b: pathlib.Path) -> bool:
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    return not mismatch and not errors and all(same_tree(a / d, b / d) for d in cmp.common_dirs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--item-pages", choices=["all", "none"], default="all")
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "galgen"))
    parser.add_argument("--work", default=None)
    args = parser.parse_args()
    binary = pathlib.Path(args.binary)
    if not binary.exists():
        sys.exit(f"no galgen at {binary}: swift build -c release --product galgen, or --binary PATH")
    work = pathlib.Path(args.work or f"/tmp/galgen-collections-{args.count}")
    configs = write_inputs(work, args.count, args.item_pages)
    cache = work / "cache"
    build(binary, configs["albums"], work / "warmup", cache)   # fills the image cache
    results: dict[str, list[tuple[float, float]]] = {}
    for name, config in configs.items():
        results[name] = []
        for n in range(args.repeats):
            wall, rss, report = build(binary, config, work / f"out-{name}", cache)
            steps = {s["name"]: round(s["seconds"], 2) for s in report.get("steps", [])}
            print(f"{name:7} #{n + 1}: {wall:6.2f} s wall, {rss:7.1f} MB peak, pages {report.get('pages')}, steps {steps}", flush=True)
            results[name].append((wall, rss))
    identical = same_tree(work / "warmup", work / "out-albums")
    median = {name: sorted(w for w, _ in runs)[len(runs) // 2] for name, runs in results.items()}
    peak = {name: max(r for _, r in runs) for name, runs in results.items()}
    print(f"\n| variant | median wall | vs plain | peak RSS |\n|---|---|---|---|")
    for name in results:
        print(f"| {name} | {median[name]:.2f} s | {median[name] / median['plain']:.2f}x | {peak[name]:.0f} MB |")
    print(f"\nalbums built twice byte-identical: {identical}")
    sys.exit(0 if identical else 1)


if __name__ == "__main__":
    main()
