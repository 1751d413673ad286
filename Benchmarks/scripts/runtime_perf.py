#!/usr/bin/env python3
"""Runtime performance of galgen's gallery runtime over a large site: 100,000 items (the browser-test site) or a
million (any built site with a `people` collection: `--site /path/to/public`). Design runtime.md 3.2/3.3, T4/T5,
and issue 18: layout shift per input kind, and what search costs.

The long programmatic scroll (300 flick steps of 40 px, 5,000 px jumps top to bottom, 35,000 px jumps back up;
each step = scrollTo + two rAFs + a sample, all in the page) runs on an empty page of the same height (the
baseline) and on the gallery, alternating, `--runs` times; the table shows medians.

    python Benchmarks/scripts/runtime_perf.py --site /path/to/public --json perf.json
    python Benchmarks/scripts/runtime_perf.py --work /tmp/perf-site --json perf.json   # builds the site with galgen

The jump size grows with the page (`--step auto`: at least 5,000 px, and about 1,000 steps in all), so a million
items (a 16 M px list in the scaled mode) takes as long as 100,000.

Then, on fresh page loads:
- CLS (web-vitals: the largest session window of layout-shift entries without recent input) per input kind:
  60 wheel ticks of 100 px, a fling (400 px a frame, slowing down), scrollbar jumps and drags, keyboard paging
  (PageDown, End, Home on a focused cell), and two window resizes;
- search: for each query, the files and bytes (gzip) fetched from focus to the first results, the time from
  focus to the first results on screen, and the JS heap after ten queries (after GC).

It also saves docs/screenshots/gallery.png and docs/screenshots/lightbox.png (`--no-screenshots` skips them).
Needs: selenium, pillow, /usr/bin/chromium, /usr/bin/chromedriver (see Tests/browser).
"""
from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import statistics
import sys
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))

import helpers  # noqa: E402
import sitebuild  # noqa: E402
import test_layout_shift as layout_shift  # noqa: E402
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
CLS_LIMIT = 0.01                                   # issue 18: CLS < 0.01 for every input kind
SEARCH_TARGETS = {"bytes_gzip": 300_000, "first_result_ms": 300, "heap_mb": 30}   # issue 18, at a million items
QUERIES = ["person 123456", "city 77", "person 99", "person", "city 5 person 5"]


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

# ---- layout shift per input kind (the web-vitals method of Tests/browser/test_layout_shift.py) ---------------

def open_people(driver, server, page: int = 1) -> dict:
    driver.get(f"{server.base}people/{'' if page <= 1 else f'page/{page}/'}?galgen-debug=1")
    ready = helpers.wait_ready(driver)
    if not ready.get("ok"):
        raise RuntimeError(f"runtime not ready: {ready}")
    helpers.settle(driver, 400)
    layout_shift.wait_pictures(driver)
    return driver.execute_script(
        "return {cols: __galgen.cols, rowHeight: __galgen.rowHeight, innerHeight,"
        " maxScroll: document.scrollingElement.scrollHeight - innerHeight,"
        " gridTop: document.getElementById('grid').getBoundingClientRect().top + scrollY}")


def cls_kinds(driver, server) -> dict:
    out = {}
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    info = open_people(driver, server)
    t0 = driver.execute_script(layout_shift.OBSERVE)
    layout_shift.wheel(driver)
    out["wheel"] = layout_shift.measure(driver, t0)

    info = open_people(driver, server)
    driver.execute_script("scrollTo(0, arguments[0])", info["gridTop"])
    helpers.settle(driver)
    t0 = driver.execute_script(layout_shift.OBSERVE)
    driver.execute_async_script(layout_shift.FLING, 400)
    helpers.settle(driver)
    out["fling"] = layout_shift.measure(driver, t0)

    info = open_people(driver, server)
    t0 = driver.execute_script(layout_shift.OBSERVE)
    H = info["maxScroll"]
    for f in (0.5, 0.1, 0.9, 1.0, 0.0, 0.37, 0.73):
        driver.execute_script("scrollTo(0, arguments[0])", round(H * f))
        helpers.settle(driver, 200)
    drag = [round(H * i / 60) for i in range(61)] + [round(H * (60 - i) / 60) for i in range(61)]
    driver.execute_async_script(layout_shift.DRAG, drag)
    helpers.settle(driver)
    out["scrollbar"] = layout_shift.measure(driver, t0)

    info = open_people(driver, server)
    t0 = driver.execute_script(layout_shift.OBSERVE)
    driver.execute_script("""
      const cells = [...document.querySelectorAll('.grid .cell:not([hidden])')].filter(el => {
        const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })
        .sort((a, b) => a.dataset.index - b.dataset.index);
      cells[0].querySelector('a').focus();""")
    for key in [Keys.PAGE_DOWN] * 4 + [Keys.END, Keys.HOME, Keys.PAGE_DOWN]:
        ActionChains(driver).send_keys(key).perform()
        helpers.settle(driver, 200)
    out["keyboard"] = layout_shift.measure(driver, t0)

    info = open_people(driver, server, page=7)
    driver.execute_script("scrollBy(0, arguments[0])", 3 * info["rowHeight"])
    helpers.settle(driver)
    t0 = driver.execute_script(layout_shift.OBSERVE)
    for width, h in ((600, 800), (820, 560), (helpers.WIDTH, helpers.HEIGHT)):
        helpers.set_viewport(driver, width, h)
        helpers.settle(driver, 400)
    out["resize"] = layout_shift.measure(driver, t0)
    for kind, m in out.items():
        print(f"CLS {kind}: {m['cls']:.4f} (raw {m['raw']:.4f}, {m['entries']} entries)", file=sys.stderr, flush=True)
    return {k: {"cls": v["cls"], "raw": v["raw"], "entries": v["entries"]} for k, v in out.items()}


def cls_table(kinds: dict) -> str:
    lines = ["| input | CLS (web-vitals) | all shifts | target |", "|---|---:|---:|---|"]
    for kind, m in kinds.items():
        ok = m["cls"] < CLS_LIMIT
        lines.append(f"| {kind} | {m['cls']:.4f} | {m['raw']:.4f} | {'✅' if ok else '❌'} < {CLS_LIMIT} |")
    return "\n".join(lines)


# ---- search ---------------------------------------------------------------------------------------------------

def search_costs(driver, server, site: pathlib.Path, queries: list[str]) -> list[dict]:
    """Each query on a fresh page (an empty browser cache): focus, type, wait for the results. Bytes are the
    gzip sizes of the files the server logged under /search/ and /assets/search (the reader), summed."""
    from selenium.webdriver.common.by import By
    out = []
    for q in queries:
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        open_people(driver, server)
        server.reset_log()
        box = driver.find_element(By.CSS_SELECTOR, "search.find input")
        # The time of the last keystroke's input event: WebDriver types one key at a time, and the box
        # waits for a pause in typing (its debounce) before it searches.
        t0 = driver.execute_script("const box = arguments[0];"
                                   " box.addEventListener('input', () => { window.__lastInput = performance.now(); });"
                                   " box.focus(); return performance.now()", box)
        box.send_keys(q)
        shown = helpers.wait_until(lambda: driver.execute_script(
            "const s = document.querySelector('.find-status').textContent;"
            " return s ? performance.now() : null"), timeout=30)
        paths = sorted({urllib.parse.urlsplit(e["path"]).path.lstrip("/") for e in server.entries()
                        if "/search/" in e["path"] or "/assets/search" in e["path"]})
        gz = sum(len(gzip.compress((site / p).read_bytes(), 6)) for p in paths if (site / p).is_file())
        raw = sum((site / p).stat().st_size for p in paths if (site / p).is_file())
        first = driver.execute_script("const t = document.querySelector('.find-results button .find-title'); return t ? t.textContent : null")
        status = driver.execute_script("return document.querySelector('.find-status').textContent")
        typed = driver.execute_script("return window.__lastInput ?? null")
        out.append({"query": q, "ms": (shown - t0) if shown else None,
                    "typing_ms": (typed - t0) if typed else None,
                    "after_typing_ms": (shown - typed) if shown and typed else None, "files": len(paths),
                    "fragments": sum(1 for p in paths if p.startswith("search/terms/")),
                    "bytes_raw": raw, "bytes_gzip": gz, "first": first, "status": status})
        print(f"search {q!r}: {out[-1]}", file=sys.stderr, flush=True)
    # JS heap after ten queries, garbage collected
    open_people(driver, server)
    box = driver.find_element(By.CSS_SELECTOR, "search.find input")
    for i in range(10):
        box.clear()
        box.send_keys(queries[i % len(queries)] + ("" if i < len(queries) else f" {i}"))
        helpers.wait_until(lambda: driver.execute_script("return !!document.querySelector('.find-status').textContent"), timeout=30)
        time.sleep(0.3)
    heap = helpers.metrics(driver)["JSHeapUsedSize"] / 2**20
    out.append({"query": "(ten queries)", "heap_mb": heap})
    return out


def search_table(rows: list[dict]) -> str:
    t = SEARCH_TARGETS
    lines = ["| query | files (term fragments) | fetched gzip (raw) | focus → results shown | of which typing"
             " | last key → results | first result |",
             "|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        if "heap_mb" in r:
            lines.append(f"| JS heap after ten queries (after GC) | | | {r['heap_mb']:.1f} MB "
                         f"({'✅' if r['heap_mb'] <= t['heap_mb'] else '❌'} ≤ {t['heap_mb']} MB) | | | |")
            continue
        ok_b = r["bytes_gzip"] <= t["bytes_gzip"]
        ok_t = r["ms"] is not None and r["ms"] <= t["first_result_ms"]
        ms = "–" if r["ms"] is None else f"{r['ms']:.0f} ms"
        typing = "–" if r.get("typing_ms") is None else f"{r['typing_ms']:.0f} ms"
        after = "–" if r.get("after_typing_ms") is None else f"{r['after_typing_ms']:.0f} ms"
        lines.append(f"| `{r['query']}` | {r['files']} ({r['fragments']}) | {r['bytes_gzip'] / 1024:.1f} KB "
                     f"({r['bytes_raw'] / 1024:.0f} KB) {'✅' if ok_b else '❌'} | {ms} {'✅' if ok_t else '❌'} | {typing} | {after} | {r['first']} |")
    return "\n".join(lines)



def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=pathlib.Path, help="a built site (the public folder); default: build one")
    ap.add_argument("--work", type=pathlib.Path, default=pathlib.Path("/tmp/galgen-perf-site"),
                    help="where to build the site when --site is not given")
    ap.add_argument("--json", type=pathlib.Path, required=True, help="write the results here")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--step", default="auto", help="jump size in px (default auto: max(5000, page height / 1000))")
    ap.add_argument("--screenshots", type=pathlib.Path, default=ROOT / "docs" / "screenshots")
    ap.add_argument("--no-screenshots", action="store_true")
    ap.add_argument("--queries", nargs="*", default=QUERIES, help="search queries to time")
    ap.add_argument("--only", choices=["frames", "cls", "search"], action="append",
                    help="measure only these parts (repeatable; default: all)")
    args = ap.parse_args()

    site = args.site or sitebuild.build_site(args.work)
    server = SiteServer(site).start()
    driver = helpers.make_driver()
    try:
        driver.get(f"{server.base}people/?galgen-debug=1")
        helpers.wait_ready(driver)
        height = driver.execute_script("return document.scrollingElement.scrollHeight")
        info = driver.execute_script("return {innerWidth, innerHeight, cols: __galgen.cols, rowHeight: __galgen.rowHeight,"
                                     " poolCap: __galgen.poolCap, scale: __galgen.scale, ua: navigator.userAgent,"
                                     " count: +document.getElementById('grid').dataset.count}")
        step = max(5000, round(height / 1000)) if args.step == "auto" else int(args.step)
        args.step = step
        parts = set(args.only or ["frames", "cls", "search"])
        runs = []
        for n in range(args.runs if "frames" in parts else 0):
            base = baseline_run(driver, server, height, args.step)
            gal = gallery_run(driver, server, args.step)
            s = summarise(base, gal)
            runs.append(s)
            print(f"run {n + 1}: p95 gap {s['p95_gap_ms']:.1f} ms (baseline {s['baseline_p95_gap_ms']:.1f}), "
                  f"long tasks {s['long_tasks']} (max {s['long_task_max_ms']:.0f} ms), render p95 {fmt(s['render_p95_ms'])} ms",
                  file=sys.stderr, flush=True)
        median = {k: (statistics.median([r[k] for r in runs]) if all(isinstance(r[k], (int, float)) for r in runs) else runs[0][k])
                  for k in (runs[0] if runs else {})}
        kinds = cls_kinds(driver, server) if "cls" in parts else []
        searches = search_costs(driver, server, site, args.queries) if "search" in parts else []
        shots = [] if args.no_screenshots else screenshots(driver, server, args.screenshots)
    finally:
        driver.quit()
        server.stop()
    result = {"environment": info, "scrollHeight": height, "step": args.step, "runs": runs, "median": median,
              "targets": {k: v[0] for k, v in TARGETS.items()}, "screenshots": shots,
              "count": info["count"], "scale": info["scale"], "cls": kinds, "cls_limit": CLS_LIMIT,
              "search": searches, "search_targets": SEARCH_TARGETS}
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2))
    print(f"viewport {info['innerWidth']}x{info['innerHeight']}, {info['cols']} columns, row {info['rowHeight']} px, "
          f"pool cap {info['poolCap']}, page height {height} px\n")
    for shown, text in ((runs, lambda: table(median, runs)), (kinds, lambda: cls_table(kinds)),
                        (searches, lambda: search_table(searches))):
        if shown:
            print(text())
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
