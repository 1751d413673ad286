#!/usr/bin/env python3
"""Runtime performance of galgen's gallery script over a 100,000-item site (design runtime.md 3.2/3.3, T4/T5).

The long programmatic scroll (300 flick steps of 40 px, 5,000 px jumps top to bottom, 35,000 px jumps back up;
each step = scrollTo + two rAFs + a sample, all in the page) runs on an empty page of the same height (the
baseline) and on the gallery, alternating, `--runs` times; the table shows medians.

    python Benchmarks/scripts/runtime_perf.py --site /path/to/public --json perf.json
    python Benchmarks/scripts/runtime_perf.py --work /tmp/perf-site --json perf.json   # builds the site with galgen

It also saves docs/screenshots/gallery.png and docs/screenshots/lightbox.png.
Needs: selenium, pillow, /usr/bin/chromium, /usr/bin/chromedriver (see Tests/browser).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))

import helpers  # noqa: E402
import sitebuild  # noqa: E402
from server import SiteServer  # noqa: E402

TARGETS = {  # metric: (limit, description)
    "gap_ratio": (2.0, "p95 frame gap / baseline p95 ≤ 2.0×"),
    "long_tasks_per_1000": (60, "long tasks per 1,000 steps ≤ 60"),
    "long_task_max_ms": (160, "longest task ≤ 160 ms"),
    "render_p95_ms": (8, "galgen:render p95 ≤ 8 ms"),
    "render_max_ms": (75, "galgen:render max ≤ 75 ms"),
    "max_imgs": (100, "<img> in the document ≤ 100"),
    "max_elements": (450, "elements in the document ≤ 450"),
}


MAIN_THREAD = ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration")


def long_scroll(driver, step: int) -> dict:
    """The scroll, plus the main thread's time in it (CDP Performance metrics, ms): galgen:render measures
    the runtime's script only, while the style and layout its changes cause run later in the frame."""
    m0 = helpers.metrics(driver, gc=False)
    r = driver.execute_async_script(helpers.LONG_SCROLL, step, 300, step * 7)
    if "error" in r:
        raise RuntimeError(r["error"])
    m1 = helpers.metrics(driver, gc=False)
    r["mainThread"] = {k: (m1[k] - m0[k]) * 1000 for k in MAIN_THREAD}
    return r


def baseline_run(driver, server, height: int, step: int) -> dict:
    driver.get(f"{server.base}__test/empty.html?h={height}")
    helpers.raf2(driver)
    time.sleep(0.5)
    return long_scroll(driver, step)


def gallery_run(driver, server, step: int) -> dict:
    driver.get(f"{server.base}people/?galgen-debug=1")
    ready = helpers.wait_ready(driver)
    if not ready.get("ok"):
        raise RuntimeError(f"runtime not ready: {ready}")
    helpers.settle(driver, 600)
    time.sleep(0.5)
    m0 = helpers.metrics(driver)
    r = long_scroll(driver, step)
    helpers.settle(driver, 600)
    m1 = helpers.metrics(driver)
    r["heapAfterGcMB"] = m1["JSHeapUsedSize"] / 2**20
    r["listenersBefore"], r["listenersAfter"] = m0["JSEventListeners"], m1["JSEventListeners"]
    r["poolCap"] = driver.execute_script("return __galgen.poolCap")
    return r


def summarise(base: dict, gal: dict) -> dict:
    steps = gal["steps"]
    return {
        "steps": steps,
        "baseline_p95_gap_ms": base["p95Gap"],
        "p95_gap_ms": gal["p95Gap"],
        "max_gap_ms": gal["maxGap"],
        "gap_ratio": gal["p95Gap"] / base["p95Gap"] if base["p95Gap"] else None,
        "long_tasks": gal["longTasks"],
        "long_tasks_per_1000": gal["longTasks"] * 1000 / steps,
        "long_task_max_ms": gal["longTaskMax"],
        "baseline_long_tasks": base["longTasks"],
        "render_count": gal["renders"],
        "render_p50_ms": gal["renderP50"],
        "render_p95_ms": gal["renderP95"],
        "render_max_ms": gal["renderMax"],
        "max_imgs": gal["maxImgs"],
        "max_elements": gal["maxNodes"],
        "baseline_max_elements": base["maxNodes"],
        "heap_max_mb": gal["heapMaxMB"],
        "heap_after_gc_mb": gal["heapAfterGcMB"],
        "cls_during_scroll": gal["cls"],
        "script_ms": gal["mainThread"]["ScriptDuration"],
        "style_ms": gal["mainThread"]["RecalcStyleDuration"],
        "layout_ms": gal["mainThread"]["LayoutDuration"],
        "tasks_ms": gal["mainThread"]["TaskDuration"],
        "baseline_tasks_ms": base["mainThread"]["TaskDuration"],
        "imgs_created_pool": (gal["stats"] or {}).get("created"),
        "pool_cap": gal["poolCap"],
        "binds": (gal["stats"] or {}).get("binds"),
        "listeners_before": gal["listenersBefore"],
        "listeners_after": gal["listenersAfter"],
    }


def screenshots(driver, server, out_dir: pathlib.Path) -> list[str]:
    out_dir.mkdir(parents=True, exist_ok=True)
    driver.get(f"{server.base}people/?galgen-debug=1")          # the first page: header and search box in view
    helpers.wait_ready(driver)
    helpers.settle(driver, 600)
    helpers.wait_until(lambda: driver.execute_script(
        "return [...document.images].filter(i => { const r = i.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })"
        ".every(i => i.complete)"), timeout=15)
    time.sleep(0.3)
    gallery = out_dir / "gallery.png"
    driver.save_screenshot(str(gallery))
    link = driver.execute_script("""
      const cells = [...document.querySelectorAll('.grid .cell:not([hidden])')].filter(el => {
        const r = el.getBoundingClientRect(); return r.top > 0 && r.bottom < innerHeight; })
        .sort((a, b) => a.dataset.index - b.dataset.index);
      return cells[Math.min(6, cells.length - 1)].querySelector('a');""")
    link.click()
    helpers.wait_until(lambda: driver.execute_script(
        "const i = document.querySelector('dialog[open] img'); return !!i && i.complete && i.naturalWidth > 0"), timeout=10)
    time.sleep(0.5)
    lightbox = out_dir / "lightbox.png"
    driver.save_screenshot(str(lightbox))
    return [str(gallery), str(lightbox)]


def fmt(v, digits=1):
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def table(median: dict, runs: list[dict]) -> str:
    rows = [
        ("p95 frame gap (ms), baseline → gallery", f"{fmt(median['baseline_p95_gap_ms'])} → {fmt(median['p95_gap_ms'])}", ""),
        ("p95 gap ratio to baseline", fmt(median["gap_ratio"], 2) + "×", "gap_ratio"),
        ("max frame gap (ms)", fmt(median["max_gap_ms"]), ""),
        ("long tasks per 1,000 steps", fmt(median["long_tasks_per_1000"]), "long_tasks_per_1000"),
        ("longest task (ms)", fmt(median["long_task_max_ms"]), "long_task_max_ms"),
        ("galgen:render p50 / p95 / max (ms)",
         f"{fmt(median['render_p50_ms'])} / {fmt(median['render_p95_ms'])} / {fmt(median['render_max_ms'])}", "render_p95_ms"),
        ("galgen:render max ≤ 75 ms", fmt(median["render_max_ms"]), "render_max_ms"),
        ("max `<img>` in the document", fmt(median["max_imgs"]), "max_imgs"),
        ("max elements in the document (baseline)", f"{fmt(median['max_elements'])} ({fmt(median['baseline_max_elements'])})", "max_elements"),
        ("`<img>` created (pool cap)", f"{fmt(median['imgs_created_pool'])} ({fmt(median['pool_cap'])})", ""),
        ("JS heap max during scroll / after GC (MB)", f"{fmt(median['heap_max_mb'])} / {fmt(median['heap_after_gc_mb'], 2)}", ""),
        ("layout-shift sum during the scroll", fmt(median["cls_during_scroll"], 3), ""),
        ("main thread in the scroll (ms): script / style / layout / all tasks (baseline all tasks)",
         f"{fmt(median['script_ms'], 0)} / {fmt(median['style_ms'], 0)} / {fmt(median['layout_ms'], 0)} / "
         f"{fmt(median['tasks_ms'], 0)} ({fmt(median['baseline_tasks_ms'], 0)})", ""),
        ("steps per run", fmt(median["steps"]), ""),
    ]
    lines = [f"| metric (median of {len(runs)} runs) | value | target |", "|---|---|---|"]
    for name, value, key in rows:
        target = ""
        if key:
            limit, desc = TARGETS[key]
            ok = median[key] is not None and median[key] <= limit
            target = f"{'✅' if ok else '❌'} {desc}"
        lines.append(f"| {name} | {value} | {target} |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=pathlib.Path, help="a built site (the public folder); default: build one")
    ap.add_argument("--work", type=pathlib.Path, default=pathlib.Path("/tmp/galgen-perf-site"),
                    help="where to build the site when --site is not given")
    ap.add_argument("--json", type=pathlib.Path, required=True, help="write the results here")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--step", type=int, default=5000, help="jump size in px (default 5000)")
    ap.add_argument("--screenshots", type=pathlib.Path, default=ROOT / "docs" / "screenshots")
    args = ap.parse_args()

    site = args.site or sitebuild.build_site(args.work)
    server = SiteServer(site).start()
    driver = helpers.make_driver()
    try:
        driver.get(f"{server.base}people/?galgen-debug=1")
        helpers.wait_ready(driver)
        height = driver.execute_script("return document.scrollingElement.scrollHeight")
        info = driver.execute_script("return {innerWidth, innerHeight, cols: __galgen.cols, rowHeight: __galgen.rowHeight,"
                                     " poolCap: __galgen.poolCap, ua: navigator.userAgent}")
        runs = []
        for n in range(args.runs):
            base = baseline_run(driver, server, height, args.step)
            gal = gallery_run(driver, server, args.step)
            s = summarise(base, gal)
            runs.append(s)
            print(f"run {n + 1}: p95 gap {s['p95_gap_ms']:.1f} ms (baseline {s['baseline_p95_gap_ms']:.1f}), "
                  f"long tasks {s['long_tasks']} (max {s['long_task_max_ms']:.0f} ms), render p95 {fmt(s['render_p95_ms'])} ms",
                  file=sys.stderr, flush=True)
        median = {k: (statistics.median([r[k] for r in runs]) if all(isinstance(r[k], (int, float)) for r in runs) else runs[0][k])
                  for k in runs[0]}
        shots = screenshots(driver, server, args.screenshots)
    finally:
        driver.quit()
        server.stop()
    result = {"environment": info, "scrollHeight": height, "step": args.step, "runs": runs, "median": median,
              "targets": {k: v[0] for k, v in TARGETS.items()}, "screenshots": shots}
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2))
    print(f"viewport {info['innerWidth']}x{info['innerHeight']}, {info['cols']} columns, row {info['rowHeight']} px, "
          f"pool cap {info['poolCap']}, page height {height} px\n")
    print(table(median, runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
