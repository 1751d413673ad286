#!/usr/bin/env python3
"""Issue 49's benchmark: what a filtered view fetches per screen, with the card blocks (docs/search.md, "Cards")
and without them (`"cards": false` on every filter: the data shards only, as before), in one run.

For each COUNT (default 100,000 and 1,000,000) it builds filters_scale.py's site (three filters: a 20-value genre,
a 200-value country, price ranges [0, 1, 5]; no images) twice, cold, and reports each build's wall time and the
bytes of its data/ and search/ files. Then, in headless Chromium (1000x800) on the loopback test server, for each
view (one value, two values, a value with the find box's two words) chosen through the page's own selects: the
item files (data shards, card blocks) fetched for the first screen and the most for any of the next three
screens (scrolled a viewport at a time), in requests and gzip -9 bytes, and whether the cells on screen showed
exactly the expected items. Writes Benchmarks/results/result_cards.md.

    PATH=$PWD/.venv/bin:$PATH python Benchmarks/scripts/result_cards.py [--counts 100000,1000000] [--work DIR]

GALGEN overrides the binary (default .build/release/galgen).
"""
from __future__ import annotations

import sys
sys.path.pop(0)     # this folder's collections.py would shadow the standard library's   # noqa: E402

import argparse
import gzip
import importlib.util
import json
import os
import pathlib
import random
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
_spec = importlib.util.spec_from_file_location("filters_scale", ROOT / "Benchmarks" / "scripts" / "filters_scale.py")
fs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fs)

VIEWS = [({"country": fs.COUNTRIES[2]}, ""), ({"genre": "Strategy"}, ""), ({"price": "0-1"}, ""),
         ({"genre": "Strategy", "country": fs.COUNTRIES[2]}, ""), ({"genre": "Café", "price": "0-1"}, ""),
         ({"country": fs.COUNTRIES[7], "price": "5-"}, ""), ({"country": fs.COUNTRIES[9]}, "person alpha")]


def records(count: int) -> list[dict]:
    """The fields write_site gives each record (its draws replayed), for the expected items."""
    rnd, out = random.Random(33), []
    for i in range(count):
        w1, w2 = fs.WORDS[rnd.randrange(10)], fs.WORDS[rnd.randrange(10)]
        g, c = fs.GENRES[rnd.randrange(20)], fs.COUNTRIES[rnd.randrange(200)]
        price = rnd.randrange(1000) / 100
        out.append({"words": {"person", str(i), w1, w2}, "genre": g, "country": c, "price": price if i % 9 else None})
    return out


def holds(r: dict, chosen: dict, query: str) -> bool:
    for field, token in chosen.items():
        if field == "price":
            lo, _, hi = token.partition("-")
            if r["price"] is None or r["price"] < float(lo) or (hi and r["price"] >= float(hi)):
                return False
        elif r[field] != token:
            return False
    words = query.split()
    return all(w in r["words"] for w in words[:-1]) and (not words or any(t.startswith(words[-1]) for t in r["words"]))


def site_bytes(site: pathlib.Path) -> int:
    return sum(p.stat().st_size for top in ("data", "search") for p in (site / top).rglob("*") if p.is_file())


def build(work: pathlib.Path, count: int, cards: bool) -> tuple[pathlib.Path, float]:
    config = fs.write_site(work, count, True)
    if not cards:
        data = json.loads(config.read_text())
        data["sources"][0]["filters"] = [{"field": "genre", "cards": False}, {"field": "country", "cards": False},
                                         {"field": "price", "ranges": [0, 1, 5], "cards": False}]
        config = work / "config-nocards.json"
        config.write_text(json.dumps(data, indent=1))
    out = work / ("public-cards" if cards else "public-shards")
    return out, fs.build(work, config, out)


ON_SCREEN = """return [...document.querySelectorAll('.grid .cell:not([hidden])')].filter((c) => {
  const r = c.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })
  .map((c) => [Number(c.dataset.index), c.dataset.key || null]).sort((a, b) => a[0] - b[0]);"""


def measure(site: pathlib.Path, people: list[dict]) -> list[dict]:
    import helpers
    import test_runtime
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    from server import SiteServer
    server = SiteServer(site).start()
    driver = helpers.make_driver()
    out = []

    def item_files() -> list[str]:
        return [urllib.parse.unquote(e["path"]) for e in server.entries()
                if e["path"].startswith("/search/cards/") or (e["path"].startswith("/data/") and not e["path"].endswith("manifest.json"))]

    def gz(paths: list[str]) -> int:
        return sum(len(gzip.compress((site / p.lstrip("/")).read_bytes(), 9)) for p in paths)

    def screen_ok(want: list[int]) -> bool:
        test_runtime.wait_grid_idle(driver)
        cells = driver.execute_script(ON_SCREEN)
        return bool(cells) and all(k == "k%07d" % want[p] for p, k in cells)
    try:
        for chosen, query in VIEWS:
            driver.get(server.base + "people/?galgen-debug=1")
            assert helpers.wait_ready(driver).get("ok")
            helpers.settle(driver)
            server.reset_log()
            want = [i for i, r in enumerate(people) if holds(r, chosen, query)]
            if query:
                driver.find_element(By.CSS_SELECTOR, "search.find input").send_keys(query)
            for field, token in chosen.items():
                Select(driver.find_element(By.ID, "filter-" + field)).select_by_value(token)
            helpers.wait_until(lambda: driver.execute_script(
                "return __galgen.filtered && !document.querySelector('form.filters').getAttribute('aria-busy') && __galgen.filtered.length")
                == len(want), timeout=60)
            ok = screen_ok(want)
            first = item_files()
            row = {"view": " + ".join(f"{k}={v}" for k, v in chosen.items()) + (f" + “{query}”" if query else ""),
                   "items": len(want), "first": len(first), "firstGzip": gz(first), "next": 0, "nextGzip": 0, "ok": ok}
            for _ in range(3):
                if driver.execute_script("return innerHeight + scrollY >= document.scrollingElement.scrollHeight - 2"):
                    break
                server.reset_log()
                driver.execute_script("scrollBy(0, innerHeight)")
                helpers.settle(driver)
                row["ok"] = row["ok"] and screen_ok(want)
                files = item_files()
                row["next"], row["nextGzip"] = max(row["next"], len(files)), max(row["nextGzip"], gz(files))
            out.append(row)
    finally:
        driver.quit()
        server.stop()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--counts", default="100000,1000000")
    ap.add_argument("--work", default="/tmp/galgen-result-cards")
    ap.add_argument("--out", default=str(ROOT / "Benchmarks" / "results" / "result_cards.md"))
    args = ap.parse_args()
    lines = ["# Filtered views: item files per screen, with card blocks and without (issue 49)", "",
             f"Binary: `{fs.binary()}`. Script: Benchmarks/scripts/result_cards.py. Headless Chromium 1000x800, loopback server; "
             "gzip -9 of each file fetched. Item files: data shards (1,000 items) and card blocks; the filter manifest and "
             "postings, fetched the same either way, are not counted. Each further screen: the most of three, a viewport each.", ""]
    for count in [int(c) for c in args.counts.split(",")]:
        work = pathlib.Path(args.work) / str(count)
        people = records(count)
        results = {}
        for cards in (True, False):
            site, seconds = build(work, count, cards)
            results[cards] = {"build": seconds, "bytes": site_bytes(site), "views": measure(site, people)}
        with_, without = results[True], results[False]
        lines += [f"## {count:,} items (load {os.getloadavg()[0]:.1f})", "",
                  f"Cold build: {with_['build']:.1f} s with cards, {without['build']:.1f} s without "
                  f"(**{with_['build'] / without['build']:.2f}×**, one run each: noisy, pair them with farm-bench to quote). data/ + search/: {with_['bytes'] / 1e6:.1f} MB with, "
                  f"{without['bytes'] / 1e6:.1f} MB without (**{with_['bytes'] / without['bytes']:.2f}×**).", "",
                  "| view | items | first screen, cards | first screen, shards only | next screen (most), cards | next, shards only | right items |",
                  "|---|---:|---:|---:|---:|---:|---|"]
        for a, b in zip(with_["views"], without["views"]):
            lines.append(f"| {a['view']} | {a['items']:,} | {a['first']} files, {a['firstGzip'] / 1000:.1f} KB | {b['first']} files, "
                         f"{b['firstGzip'] / 1000:.1f} KB | {a['next']}, {a['nextGzip'] / 1000:.1f} KB | {b['next']}, {b['nextGzip'] / 1000:.1f} KB | "
                         f"{'yes' if a['ok'] and b['ok'] else 'NO'} |")
        lines.append("")
        print("\n".join(lines), flush=True)
    lines += [f"Measured {time.strftime('%Y-%m-%d')}.", ""]
    pathlib.Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
