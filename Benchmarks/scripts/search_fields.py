#!/usr/bin/env python3
"""The build-time cost of searchable fields (issue 33): the same N records built with no searchable field,
one (a genre of 20 values) and two (the genre and a few tag words per record), so what differs is only the
search index (its term fragments and the texts in its document shards).

Every variant maps the same three extra fields (genre, tags, country); only `"search": true` differs. The
records have no images, and item pages are off by default (`--item-pages all` turns them on), so the search
index is as large a share of the build as it gets: the ratio is an upper bound for sites with pictures.

    Benchmarks/scripts/search_fields.py --work /tmp/gsf                # writes inputs and configs, prints commands
    Benchmarks/scripts/search_fields.py --work /tmp/gsf --run 3        # and builds each variant 3 times (wall, RSS)
    Benchmarks/scripts/search_fields.py --work /tmp/gsf --check        # index sizes, and none == a site without fields' search

Each build goes into an empty output folder (`rm -rf` first), so it is a cold build of the pages and the
index. Python 3 standard library only.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
GENRES = ["Games", "Education", "Music", "Photo & Video", "Productivity", "Health & Fitness", "Travel", "Finance",
          "Food & Drink", "Navigation", "News", "Books", "Business", "Lifestyle", "Medical", "Reference", "Shopping",
          "Social Networking", "Sports", "Utilities"]
TAGS = ["offline", "multiplayer", "kids", "café", "straße", "widget", "cloud", "retro", "puzzle", "東京", "weather",
        "budget", "camera", "podcast", "recipes", "maps", "chess", "yoga", "news", "crème"]
COUNTRIES = ["Sverige", "Deutschland", "España", "Polska", "日本", "Brasil", "Ísland", "Danmark"]
VARIANTS = {"none": [], "one": ["genre"], "two": ["genre", "tags"]}


def write_inputs(work: pathlib.Path, count: int, item_pages: str) -> dict[str, pathlib.Path]:
    work.mkdir(parents=True, exist_ok=True)
    records = [{
        "id": "r%07d" % i,
        "name": "App %d %s" % ((i * 7919) % count, TAGS[(i * 3) % len(TAGS)].title()),
        "genre": GENRES[(i * 13) % len(GENRES)],
        "tags": ", ".join(TAGS[(i * k) % len(TAGS)] for k in (1, 5, 11)),
        "country": COUNTRIES[i % len(COUNTRIES)],
    } for i in range(count)]
    (work / "records.json").write_text(json.dumps(records, ensure_ascii=False, separators=(",", ":")))
    paths = {}
    for name, searched in VARIANTS.items():
        extra = {field: {"path": field, "search": True} if field in searched else field for field in ["genre", "tags", "country"]}
        config = {"title": "search fields bench", "language": "en", "pageSize": 60, "itemPages": item_pages,
                  "sources": [{"name": "apps", "type": "json", "path": "records.json",
                               "fields": {"id": "id", "title": "name", "extra": extra}}]}
        path = work / f"config-{name}.json"
        path.write_text(json.dumps(config, indent=2, ensure_ascii=False))
        paths[name] = path
    return paths


def command(binary: pathlib.Path, work: pathlib.Path, name: str) -> list[str]:
    out = work / f"out-{name}"
    return ["sh", "-c", f"rm -rf '{out}' && exec '{binary}' build --config '{work}/config-{name}.json' --output '{out}'"
                        f" --cache '{work}/cache' >/dev/null"]


def search_bytes(out: pathlib.Path) -> dict[str, int]:
    sizes = {}
    for kind in ["terms", "docs", "keys"]:
        files = list((out / "search" / kind).glob("*.json"))
        sizes[kind] = sum(f.stat().st_size for f in files)
        sizes[kind + " files"] = len(files)
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--item-pages", choices=["all", "none"], default="none")
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "galgen"))
    parser.add_argument("--work", default="/tmp/galgen-search-fields")
    parser.add_argument("--run", type=int, default=0, help="build each variant this many times, in turn")
    parser.add_argument("--check", action="store_true", help="build each variant once and print its index sizes")
    args = parser.parse_args()
    binary, work = pathlib.Path(args.binary), pathlib.Path(args.work)
    if not binary.exists():
        sys.exit(f"no galgen at {binary}: swift build -c release --product galgen, or --binary PATH")
    write_inputs(work, args.count, args.item_pages)
    for name in VARIANTS:
        print(name + ":", " ".join(command(binary, work, name)[:2]), repr(command(binary, work, name)[2]))
    walls: dict[str, list[float]] = {name: [] for name in VARIANTS}
    for n in range(max(args.run, 1 if args.check else 0)):
        for name in VARIANTS:
            start = time.perf_counter()
            proc = subprocess.Popen(command(binary, work, name))
            _, status, usage = os.wait4(proc.pid, 0)
            walls[name].append(time.perf_counter() - start)
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"the {name} build failed")
            print(f"{name} #{n + 1}: {walls[name][-1]:.2f} s wall, {usage.ru_maxrss / 1024:.0f} MB peak", flush=True)
    if args.check:
        for name in VARIANTS:
            print(name, search_bytes(work / f"out-{name}"))
    if args.run:
        median = {name: sorted(w)[len(w) // 2] for name, w in walls.items()}
        for name in VARIANTS:
            print(f"{name}: median {median[name]:.2f} s, {median[name] / median['none']:.3f}x none")


if __name__ == "__main__":
    main()
