#!/usr/bin/env python3
"""How long from saving a template to the reloaded page in a real browser, under `galgen serve`.

For the sample site and for a generated N-item site (warm cache): start `galgen serve`, open a page in
headless Chromium, then repeatedly edit Templates/head.mustache and time

  save → reloaded page: the new document's DOMContentLoaded (performance.timeOrigin-based, same clock)
                        minus the time the edit was written;
  rebuild:              what serve reports for the rebuild ("galgen: built … in X s").

It also times full `galgen build` runs of the same inputs in a new process: cold (empty cache) and
warm (cache filled), to compare with the in-server rebuild. Medians over --runs edits.

With `--edit record`, each save changes one record's title in the big site's JSON file instead, and the
page watched is that record's item page (issue 14: an edit renders only the pages that show it).

Usage: python Benchmarks/scripts/reload_time.py [--items 10000] [--runs 5] [--edit template|record] [--json OUT]
(GALGEN_BIN picks the binary; default .build/debug/galgen.)
"""
from __future__ import annotations

import argparse
import json
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "browser"))

import helpers  # noqa: E402
import servesite  # noqa: E402
import sitebuild  # noqa: E402


def full_build(config: pathlib.Path, work: pathlib.Path, cache: str) -> float:
    start = time.monotonic()
    subprocess.run([str(sitebuild.galgen_binary()), "build", "--config", str(config), "--output", str(work / "full-out"),
                    "--cache", str(work / cache), "--quiet"], check=True)
    return time.monotonic() - start


def measure(name: str, config: pathlib.Path, templates: pathlib.Path, work: pathlib.Path, runs: int, driver,
            record: str | None = None) -> dict:
    """Edit `head.mustache` (every page renders again), or with `record` (an id in big.json) that
    record's title, watching its item page."""
    cold = full_build(config, work, "cold-cache")
    warm = full_build(config, work, "cold-cache")
    serve = servesite.Serve(config)
    try:
        driver.get(serve.url + (f"people/{record}/" if record else ""))
        helpers.wait_until(lambda: driver.execute_script(
            "return performance.getEntriesByType('resource').some(e => e.name.endsWith('/__galgen/events'))"), timeout=30)
        edited = work / "big.json" if record else templates / "head.mustache"
        original = edited.read_text()
        latencies, rebuilds = [], []
        for i in range(runs):
            time.sleep(0.5)
            mark = len(serve.lines)
            if record:
                data = json.loads(original)
                for r in data["results"]:
                    if r["id"] == record:
                        r["name"] += f" edit {i}"
                edited.write_text(json.dumps(data, separators=(",", ":")))
                check = f"return document.title.includes('edit {i} ')"
            else:
                edited.write_text(original + f'<meta name="reload-bench" content="{i}" />\n')
                check = f"const m = document.querySelector('meta[name=reload-bench]'); return m && m.content === '{i}';"
            saved = time.time() * 1000
            ok = helpers.wait_until(lambda: driver.execute_script(check), timeout=300, interval=0.02)
            if not ok:
                raise RuntimeError(f"{name}: page did not reload for edit {i}")
            loaded = driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0];"
                "return performance.timeOrigin + n.domContentLoadedEventEnd;")
            latencies.append(loaded - saved)
            line = serve.wait_for(r"galgen: built .* in ([\d.]+) s", start=mark, timeout=60)
            rebuilds.append(float(re.search(r"in ([\d.]+) s", line).group(1)) * 1000)
        edited.write_text(original)
    finally:
        code = serve.stop()
    return {
        "site": name, "runs": runs,
        "save_to_reload_ms_median": round(statistics.median(latencies), 1),
        "save_to_reload_ms": [round(x, 1) for x in latencies],
        "serve_rebuild_ms_median": round(statistics.median(rebuilds), 1),
        "full_build_cold_s": round(cold, 2), "full_build_warm_s": round(warm, 2),
        "serve_exit_code": code,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", type=pathlib.Path)
    parser.add_argument("--edit", choices=["template", "record"], default="template",
                        help="what each save changes: head.mustache (every page), or one record's title (its pages)")
    args = parser.parse_args()
    driver = helpers.make_driver()
    results = []
    try:
        with tempfile.TemporaryDirectory(prefix="galgen-reload-") as tmp:
            work = pathlib.Path(tmp)
            if args.edit == "template":
                sample = servesite.copy_sample(work / "sample")
                results.append(measure("sample (60 items)", sample, work / "sample" / "Templates", work / "sample", args.runs, driver))
            big = work / "big"
            config = sitebuild.write_inputs(big, args.items)
            templates = big / "Templates"
            servesite.override_head(templates)
            record = "k%06d" % (args.items // 2) if args.edit == "record" else None
            results.append(measure(f"{args.items:,} items, {args.edit} edited", config, templates, big, args.runs, driver, record))
    finally:
        driver.quit()
    for r in results:
        print(f"{r['site']}: save→reloaded page {r['save_to_reload_ms_median']} ms (median of {r['runs']}); "
              f"serve rebuild {r['serve_rebuild_ms_median']} ms; full build cold {r['full_build_cold_s']} s, "
              f"warm {r['full_build_warm_s']} s")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
