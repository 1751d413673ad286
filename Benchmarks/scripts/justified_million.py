#!/usr/bin/env python3
"""Justified rows at a million items in a real browser (issue 44's target: "`justified` at 1M items: CLS < 0.01
for load, wheel, fling and jumps; ≤ 100 `<img>` in the DOM; the last item reachable").

The site is the browser test's (Tests/browser/test_justified.py: eight picture shapes from 5:1 to 1:3 in an
irregular order, `"layout": "justified"`, pages of 100, a `kind` filter), written with `--count` items into
WORKDIR and built with GALGEN unless WORKDIR/public already holds it (`--rebuild` builds it again). Headless
Chromium, through the browser tests' own helpers and SiteServer on 127.0.0.1, then opens `photos/` at
1280×800 (and `--phone`: 390×844) and, on one page load:

  load     the layout-shift entries of the whole load (buffered), after the runtime took over
  wheel    60 wheel ticks of 100 px down and 30 up (WebDriver wheel input)
  fling    a touch-fling's shape, 400 px a frame slowing by 3 % a frame, down and back up
  jumps    scrollTo at 50, 10, 90, 100, 0 and 37 % of the page, then a scroll-bar drag top to bottom in 40 steps

Every phase's CLS (web-vitals' session windows) and raw sum of shifts must stay under 0.01; at most 100 <img>
may be in the document at any time (a MutationObserver's maximum, installed before any page script); at the
end of the drag the last item's cell must be on screen, bound to its key. A fresh load then focuses the roving
tab stop and presses End: the last item must be focused and in view. Prints a Markdown table, writes it to
`--out` (default Benchmarks/results/justified_million.md) and exits 1 if a check fails.

    .venv/bin/python -P Benchmarks/scripts/justified_million.py /tmp/j1m --galgen .build-release/release/galgen --phone

(-P: this folder holds a collections.py, which would stand in for the standard library's.)
"""
from __future__ import annotations

import argparse
import datetime
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))

import helpers  # noqa: E402
from server import SiteServer  # noqa: E402
from test_justified import write_site  # noqa: E402
from test_layout_shift import COLLECT, DRAG, FLING, OBSERVE, cls_of, wheel  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

LIMIT = 0.01
MAX_IMGS = 100

LAST = """
const n = document.querySelector('.cell[data-index="' + (arguments[0] - 1) + '"]');
if (!n || n.hidden) return null;
const r = n.getBoundingClientRect(), img = n.querySelector('img');
return {top: r.top, bottom: r.bottom, key: n.dataset.key, src: !!(img && img.getAttribute('src')),
        focused: document.activeElement === n || n.contains(document.activeElement)};
"""


def build(work: pathlib.Path, galgen: str, count: int) -> dict:
    config = write_site(work, count)
    t0 = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", galgen, "build", "--config", str(config), "-q"],
                            cwd=work, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"galgen build failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return {"seconds": time.monotonic() - t0, "peak_mib": int(result.stderr.strip().splitlines()[-1]) / 1024}


def phase(driver, name: str, t0: float, rows: list) -> float:
    entries = driver.execute_async_script(COLLECT, t0)
    cls, raw = cls_of(entries), sum(e["v"] for e in entries)
    rows.append((f"{name}: CLS / raw sum of shifts", f"{cls:.4f} / {raw:.4f} ({len(entries)} entries)", f"< {LIMIT}",
                 cls < LIMIT and raw < LIMIT))
    return driver.execute_script(OBSERVE)


def open_photos(driver, server, width: int, height: int) -> dict:
    helpers.reset_driver(driver)
    helpers.set_viewport(driver, width, height)
    t0 = time.monotonic()
    driver.get(f"{server.base}photos/?galgen-debug=1")
    ready = helpers.wait_ready(driver, 120000)
    assert ready.get("ok"), ready
    took = time.monotonic() - t0
    helpers.settle(driver)
    info = driver.execute_script(
        "const g = document.getElementById('grid'); return {scale: __galgen.scale, count: +g.dataset.count,"
        " gridTop: g.getBoundingClientRect().top + scrollY, maxScroll: document.scrollingElement.scrollHeight - innerHeight}")
    info["ready_s"] = took
    return info


def run(driver, server, width: int, height: int, rows: list) -> None:
    info = open_photos(driver, server, width, height)
    rows.append((f"{width}×{height}: runtime ready after load", f"{info['ready_s']:.2f} s; {info['count']:,} items, "
                 f"scale {info['scale']:.2f}", "scaled mode", info["scale"] > 1))
    driver.execute_script(OBSERVE)                  # buffered: the entries of the whole load too
    t0 = phase(driver, f"{width} load", 0, rows)
    wheel(driver)
    t0 = phase(driver, f"{width} wheel", t0, rows)
    driver.execute_script("scrollTo(0, arguments[0])", info["gridTop"])
    helpers.settle(driver)
    t0 = driver.execute_script(OBSERVE)
    driver.execute_async_script(FLING, 400)
    helpers.settle(driver)
    t0 = phase(driver, f"{width} fling", t0, rows)
    H = info["maxScroll"]
    for f in (0.5, 0.1, 0.9, 1.0, 0.0, 0.37):
        driver.execute_script("scrollTo(0, arguments[0])", round(H * f))
        helpers.settle(driver, 300)
    driver.execute_async_script(DRAG, [round(H * i / 40) for i in range(41)])
    helpers.settle(driver, 800)
    phase(driver, f"{width} jumps and drag", t0, rows)
    most = driver.execute_script("return window.__vsm.maxImgs")
    rows.append((f"{width}: most <img> in the document at once", str(most), f"≤ {MAX_IMGS}", most <= MAX_IMGS))
    last = driver.execute_script(LAST, info["count"])
    ok = bool(last and last["key"] == "j%05d" % (info["count"] - 1) and last["src"] and last["top"] >= 0
              and last["bottom"] <= height + 1)
    rows.append((f"{width}: the last item on screen after the drag to the end", str(last), "bound, in view", ok))


def end_key(driver, server, width: int, height: int, rows: list) -> None:
    info = open_photos(driver, server, width, height)
    driver.execute_script("document.querySelector('#grid > .cell:not([hidden]) a[tabindex=\"0\"], #grid a[tabindex=\"0\"]').focus()")
    t0 = time.monotonic()
    driver.switch_to.active_element.send_keys(Keys.END)
    ok = helpers.wait_until(lambda: (lambda l: bool(l and l["focused"] and l["src"]))(driver.execute_script(LAST, info["count"])),
                            timeout=60)
    took = time.monotonic() - t0
    last = driver.execute_script(LAST, info["count"])
    in_view = bool(last and last["top"] >= 0 and last["bottom"] <= height + 1)
    rows.append((f"{width}: End key focuses the last item", f"{took:.2f} s; {last}", "focused, bound, in view",
                 bool(ok) and in_view))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("workdir", type=pathlib.Path)
    ap.add_argument("--galgen", default=str(ROOT / ".build-release" / "release" / "galgen"))
    ap.add_argument("--count", type=int, default=1_000_000)
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--phone", action="store_true", help="also run at 390×844")
    ap.add_argument("--out", type=pathlib.Path, default=ROOT / "Benchmarks" / "results" / "justified_million.md")
    args = ap.parse_args()
    args.workdir.mkdir(parents=True, exist_ok=True)
    built = None
    if args.rebuild or not (args.workdir / "public" / "photos" / "index.html").exists():
        built = build(args.workdir, args.galgen, args.count)
    rows: list = []
    driver = helpers.make_driver()
    server = SiteServer(args.workdir / "public").start()
    try:
        for width, height in [(1280, 800)] + ([(390, 844)] if args.phone else []):
            run(driver, server, width, height, rows)
            end_key(driver, server, width, height, rows)
    finally:
        server.stop()
        driver.quit()
    lines = [f"# Justified rows at {args.count:,} items (issue 44)", "",
             f"Run {datetime.date.today()} by `Benchmarks/scripts/justified_million.py`, headless Chromium "
             f"({helpers.CHROMIUM}), the site served from 127.0.0.1." +
             (f" Cold build of the site: {built['seconds']:.0f} s, peak {built['peak_mib']:.0f} MiB." if built else ""),
             "", "| check | result | limit | pass |", "|---|---|---|---|"]
    lines += [f"| {name} | {result} | {limit} | {'yes' if ok else '**no**'} |" for name, result, limit, ok in rows]
    text = "\n".join(lines) + "\n"
    print(text)
    args.out.write_text(text)
    return 0 if all(r[3] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
