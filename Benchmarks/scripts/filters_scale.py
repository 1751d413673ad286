#!/usr/bin/env python3
"""Issue 33's filter benchmark (docs/search.md, "Filters").

1. Builds a site of COUNT items (default 1,000,000; no images, no item pages) whose one collection has three
   filters: `genre` (20 values), `country` (200 values) and `price` (ranges [0, 1, 5]), and times the build.
2. Serves it on 127.0.0.1 (Tests/browser/server.py) and, in headless Chromium, applies one filter and then two
   filters plus a two-word query through the page's own selects and find box. For each it records the files
   the runtime fetched below search/ (Resource Timing) and sums their gzip -9 sizes as a static host sends them,
   and the time from the select's change to the filtered grid's list (`__galgen.filtered`) being set.
3. Runs ten such queries (other values, other words) and reads the JS heap (CDP Performance.getMetrics after
   a forced GC).
4. Builds the same records at BUILD_COUNT items (default 100,000) with and without `filters` (each cold, a
   fresh output and cache, RUNS times) and reports the ratio of the medians.

    PATH=/tmp/ci32b/.venv/bin:$PATH python Benchmarks/scripts/filters_scale.py [--count N] [--build-count N]
        [--work /tmp/galgen-filters-bench] [--out Benchmarks/results/filters.md]

GALGEN overrides the binary (default: .build/release/galgen, else .build/debug/galgen; the report names it).
"""
from __future__ import annotations

import sys
sys.path.pop(0)     # this folder's collections.py would shadow the standard library's   # noqa: E402

import argparse
import gzip
import json
import os
import pathlib
import random
import shutil
import statistics
import subprocess
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))

GENRES = ["Action", "Adventure", "Arcade", "Board", "Card", "Casual", "Education", "Family", "Music", "Puzzle",
          "Racing", "Role Playing", "Simulation", "Sports", "Strategy", "Trivia", "Word", "Ärzte & Co", "Café", "日本語"]
COUNTRIES = ["%s %03d" % (["Land", "Øland", "Île", "Ōkoku"][n % 4], n) for n in range(200)]
WORDS = ["alpha", "beta", "gamma", "delta", "omega", "north", "south", "river", "stone", "light"]


def first_with(count: int, genre: str, country: str) -> int:
    """The first record write_site gives `genre` and `country` (its draws replayed: two words, genre, country, price)."""
    rnd = random.Random(33)
    for i in range(count):
        rnd.randrange(10), rnd.randrange(10)
        g, c = GENRES[rnd.randrange(20)], COUNTRIES[rnd.randrange(200)]
        rnd.randrange(1000)
        if g == genre and c == country:
            return i
    raise SystemExit(f"no record has {genre} and {country}")


def binary() -> pathlib.Path:
    if os.environ.get("GALGEN"):
        return pathlib.Path(os.environ["GALGEN"])
    release = ROOT / ".build" / "release" / "galgen"
    return release if release.exists() else ROOT / ".build" / "debug" / "galgen"


def write_site(work: pathlib.Path, count: int, filters: bool, search_fields: bool = False, item_pages: str = "none") -> pathlib.Path:
    work.mkdir(parents=True, exist_ok=True)
    records = work / "records.json"
    if not records.exists() or json.loads((work / "count.json").read_text() if (work / "count.json").exists() else "0") != count:
        # Values drawn from a seeded generator: postings of periodic values would compress far better than real ones.
        rnd = random.Random(33)
        with records.open("w") as out:
            out.write("[")
            for i in range(count):
                r = {"id": "k%07d" % i, "name": "Person %d %s %s" % (i, WORDS[rnd.randrange(10)], WORDS[rnd.randrange(10)]),
                     "genre": GENRES[rnd.randrange(20)], "country": COUNTRIES[rnd.randrange(200)]}
                price = rnd.randrange(1000) / 100
                if i % 9:
                    r["price"] = price
                out.write(("," if i else "") + json.dumps(r, ensure_ascii=False, separators=(",", ":")))
            out.write("]")
        (work / "count.json").write_text(str(count))
    source = {"name": "people", "title": "People", "type": "json", "path": "records.json",
              "fields": {"id": "id", "title": "name",
                         "extra": {"genre": {"path": "genre", "search": search_fields}, "country": {"path": "country", "search": search_fields},
                                   "price": {"path": "price", "type": "number"}}}}
    if filters:
        source["filters"] = ["genre", "country", {"field": "price", "ranges": [0, 1, 5]}]
    config = {"title": "Filter benchmark", "pageSize": 100, "itemPages": item_pages, "sources": [source]}
    name = ("filters" if filters else "plain") + ("-search" if search_fields else "") + ("" if item_pages == "none" else "-" + item_pages)
    path = work / f"config-{name}.json"
    path.write_text(json.dumps(config, indent=1))
    return path


def build(work: pathlib.Path, config: pathlib.Path, out: pathlib.Path) -> float:
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(work / "cache", ignore_errors=True)
    t0 = time.monotonic()
    r = subprocess.run([str(binary()), "build", "--config", str(config), "--output", str(out), "--cache", str(work / "cache")],
                       cwd=work, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"build failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    return time.monotonic() - t0


def gzip_size(site: pathlib.Path, url: str) -> int:
    return len(gzip.compress((site / urllib.parse.unquote(urllib.parse.urlsplit(url).path).lstrip("/")).read_bytes(), 9))


APPLY = """
const [field, value, text, done] = arguments;
performance.clearResourceTimings();
const input = document.querySelector('search.find input');
const t0 = performance.now();
const before = window.__galgen.filtered;
if (text !== null) { input.value = text; }
const select = document.getElementById('filter-' + field);
select.value = value;
select.dispatchEvent(new Event('change', { bubbles: true }));
(function poll() {
  const f = window.__galgen.filtered;
  if (f && f !== before && !document.querySelector('form.filters').getAttribute('aria-busy')) {
    return done({ ms: performance.now() - t0, count: f.length,
                  urls: performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.includes('/search/')) });
  }
  setTimeout(poll, 2);
})();"""


def measure(site: pathlib.Path, count: int) -> dict:
    import helpers
    from server import SiteServer
    server = SiteServer(site).start()
    driver = helpers.make_driver()
    out: dict = {}
    try:
        driver.get(server.base + "people/?galgen-debug=1")
        assert helpers.wait_ready(driver).get("ok")
        driver.execute_script("document.querySelector('form.filters').dispatchEvent(new Event('pointerover'))")
        helpers.wait_until(lambda: driver.execute_script("return !!__galgen.filters"), timeout=30)
        driver.execute_script("return __galgen.filters")
        time.sleep(1)
        runs = []
        # one filter: the densest value (price 5 or more, ~44 % of the items: a bitmap); then a genre with it
        # and a two-word query whose last word is a prefix
        steps = [("price", "5-", None), ("genre", "Strategy", "person alpha be")]
        for field, value, text in steps:
            r = driver.execute_async_script(APPLY, field, value, text)
            r["gzip"] = sum(gzip_size(site, u) for u in r["urls"])
            r["files"] = [urllib.parse.unquote(urllib.parse.urlsplit(u).path) for u in r["urls"]]
            runs.append(r)
        out["one"], out["two"] = runs
        # A typical combination on a fresh page: a genre and a country (~5 % and ~0.5 % of the items) and a
        # two-word query naming an item that has both, its number being typed (a prefix).
        wanted = first_with(count, "Strategy", COUNTRIES[2])
        driver.get(server.base + "people/?galgen-debug=1")
        assert helpers.wait_ready(driver).get("ok")
        driver.execute_script("document.querySelector('form.filters').dispatchEvent(new Event('pointerover'))")
        helpers.wait_until(lambda: driver.execute_script("return !!__galgen.filters"), timeout=30)
        time.sleep(1)
        typical = []
        for field, value, text in [("country", COUNTRIES[2], None), ("genre", "Strategy", f"person {wanted}")]:
            r = driver.execute_async_script(APPLY, field, value, text)
            r["gzip"] = sum(gzip_size(site, u) for u in r["urls"])
            r["files"] = [urllib.parse.unquote(urllib.parse.urlsplit(u).path) for u in r["urls"]]
            typical.append(r)
        out["typical"] = typical
        out["typicalQuery"] = f"person {wanted}"
        # ten more: other values and words
        for k in range(10):
            driver.execute_async_script(APPLY, "price", ["0-1", "1-5", "5-"][(k + 1) % 3], None)
            driver.execute_async_script(APPLY, "genre", GENRES[k], "person %s %s" % (WORDS[k], WORDS[(k + 3) % 10][:2]))
        m = helpers.metrics(driver)
        out["heapMB"] = round(m["JSHeapUsedSize"] / 2**20, 2)
        out["heapTotalMB"] = round(m["JSHeapTotalSize"] / 2**20, 2)
    finally:
        driver.quit()
        server.stop()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=1_000_000)
    ap.add_argument("--build-count", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=int(os.environ.get("RUNS", "1")))
    ap.add_argument("--work", default="/tmp/galgen-filters-bench")
    ap.add_argument("--out", default=str(ROOT / "Benchmarks" / "results" / "filters.md"))
    ap.add_argument("--skip-ratio", action="store_true")
    ap.add_argument("--inputs-only", metavar="DIR",
                    help="only write BUILD_COUNT records and two configs (no filters or searchable fields; both) per --item-pages "
                         "into DIR and print their paths (filters_build_ratio.sh times them with farm-bench)")
    ap.add_argument("--item-pages", default="none", choices=["none", "all"])
    args = ap.parse_args()
    if args.inputs_only:
        work = pathlib.Path(args.inputs_only)
        plain = write_site(work, args.build_count, False, False, args.item_pages)
        full = write_site(work, args.build_count, True, True, args.item_pages)
        print(plain, full)
        return
    work = pathlib.Path(args.work)
    big = work / "big"
    config = write_site(big, args.count, True)
    big_build = build(big, config, big / "public")
    m = measure(big / "public", args.count)
    lines = [f"# Filters at {args.count:,} items (issue 33)", "",
             f"Binary: `{binary()}`. Machine: this one (2 cores, load {os.getloadavg()[0]:.1f} at the end). Script: Benchmarks/scripts/filters_scale.py.", "",
             f"Build of {args.count:,} items with three filters (genre 20 values, country 200, price ranges): {big_build:.1f} s.", "",
             "| check | measured | target |", "|---|---|---|",
             f"| one filter (price 5 or more, {m['one']['count']:,} items): gzip bytes fetched | {m['one']['gzip']:,} ({', '.join(m['one']['files'])}) | ≤ 150 KB |",
             f"| one filter: change → filtered list | {m['one']['ms']:.0f} ms | ≤ 300 ms |",
             f"| two filters + two-word query ({m['two']['count']:,} items): gzip bytes fetched, both steps together (this step alone) | "
             f"{m['one']['gzip'] + m['two']['gzip']:,} ({m['two']['gzip']:,}; {len(m['one']['files']) + len(m['two']['files'])} files) | ≤ 300 KB |",
             f"| two filters + query: change → filtered list | {m['two']['ms']:.0f} ms | ≤ 300 ms |",
             f"| typical: a genre, a country and `{m['typicalQuery']}` ({m['typical'][1]['count']:,} item{'' if m['typical'][1]['count'] == 1 else 's'}): gzip bytes fetched, both steps | "
             f"{m['typical'][0]['gzip'] + m['typical'][1]['gzip']:,} ({len(m['typical'][0]['files']) + len(m['typical'][1]['files'])} files) | ≤ 300 KB |",
             f"| typical: change → filtered list (the second step) | {m['typical'][1]['ms']:.0f} ms | ≤ 300 ms |",
             f"| JS heap after ten more filter+query changes (after GC) | {m['heapMB']} MB used ({m['heapTotalMB']} MB total) | ≤ 40 MB |", ""]
    if not args.skip_ratio:
        small = work / "small"
        plain_cfg, filt_cfg = write_site(small, args.build_count, False), write_site(small, args.build_count, True)
        plain = [build(small, plain_cfg, small / "public") for _ in range(args.runs)]
        filt = [build(small, filt_cfg, small / "public") for _ in range(args.runs)]
        ratio = statistics.median(filt) / statistics.median(plain)
        lines += [f"Cold build at {args.build_count:,} items, median of {args.runs}: without filters {statistics.median(plain):.1f} s "
                  f"({', '.join(f'{t:.1f}' for t in plain)}), with filters {statistics.median(filt):.1f} s "
                  f"({', '.join(f'{t:.1f}' for t in filt)}): ratio **{ratio:.3f}** (target ≤ 1.15).", ""]
    lines += ["Raw:", "", "```json", json.dumps(m, indent=1, ensure_ascii=False), "```", ""]
    pathlib.Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
