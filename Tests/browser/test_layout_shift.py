"""Layout stability of the gallery runtime while it scrolls (issue 18), in the 1:1 mode and in the scaled mode.

Above its maximum height (16,000,000 px) the list scrolls through a scale factor: a screen of the list is
more than a screen of the page, so cells must move against the document at every frame. The Layout
Instability API must not see those moves (docs/runtime.md, Geometry). `?galgen-debug=max-height:<px>` lowers
the maximum so that the 100,000-item test site takes the path of a million-item one.

CLS is computed the way the web-vitals library does: `layout-shift` entries (observed with `buffered: true`)
without `hadRecentInput`, grouped in session windows (a gap under 1 s, a window at most 5 s long); the score is
the largest window. Keyboard input marks the shifts of the next 500 ms as recent input, which web-vitals does
not count, so every test also bounds the raw sum of all entries, recent input or not.
"""
from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

import helpers
from test_runtime import open_gallery

COUNT = 100_000
LIMIT = 0.01                                     # "good" is 0.1; the target of issue 18 is < 0.01
MODES = {"1:1": "1", "scaled": helpers.SCALED}

# Installed once per page, after the runtime is ready: `buffered: true` also delivers the entries from before.
OBSERVE = """
if (!window.__ls) {
  window.__ls = [];
  const describe = (s) => { const n = s.node; if (!n) return null;
    return n.nodeType === 1 ? n.tagName + '.' + n.className + (n.dataset && n.dataset.key ? '[' + n.dataset.key + ']' : '') : n.nodeName; };
  const take = (list) => { for (const e of list) __ls.push({t: e.startTime, v: e.value, input: e.hadRecentInput,
                                                             sources: (e.sources || []).slice(0, 3).map(describe)}); };
  window.__lsObserver = new PerformanceObserver((l) => take(l.getEntries()));
  window.__lsObserver.observe({type: 'layout-shift', buffered: true});
  window.__lsTake = () => take(window.__lsObserver.takeRecords());
}
return performance.now();
"""

# The entries since `t0`, once two frames and a task have passed (entries are reported after paint).
COLLECT = """
const done = arguments[arguments.length - 1], t0 = arguments[0];
requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
  __lsTake();
  done(__ls.filter((e) => e.t >= t0));
}, 50)));
"""


def cls_of(entries: list[dict]) -> float:
    """web-vitals: the largest session window of shifts without recent input."""
    best = current = 0.0
    first = last = None
    for e in sorted((e for e in entries if not e["input"]), key=lambda e: e["t"]):
        if first is not None and e["t"] - last < 1000 and e["t"] - first < 5000:
            current += e["v"]
        else:
            current, first = e["v"], e["t"]
        last = e["t"]
        best = max(best, current)
    return best


def measure(driver, t0: float) -> dict:
    entries = driver.execute_async_script(COLLECT, t0)
    return {"cls": cls_of(entries), "raw": sum(e["v"] for e in entries), "entries": len(entries),
            "with_input": sum(1 for e in entries if e["input"]),
            "first": [dict(e, v=round(e["v"], 4)) for e in sorted(entries, key=lambda e: -e["v"])[:3]]}


def open_mode(driver, server, mode: str, page: int = 1) -> dict:
    """Opens a gallery page in a mode (open_gallery checks the knob really chose it) and lets it settle."""
    info = open_gallery(driver, server.base, page, debug=MODES[mode])
    info["maxScroll"] = info["scrollHeight"] - info["innerHeight"]
    helpers.settle(driver)
    return info


def wait_pictures(driver) -> None:
    """The pictures on screen are in, so that nothing is still arriving when the measurement starts."""
    helpers.wait_until(lambda: driver.execute_script(
        "return [...document.images].filter(i => { const r = i.getBoundingClientRect();"
        " return r.bottom > 0 && r.top < innerHeight; }).every(i => !i.getAttribute('src') || i.complete)"), timeout=10)


def start(driver, server, mode: str, page: int = 1) -> tuple[dict, float]:
    info = open_mode(driver, server, mode, page)
    wait_pictures(driver)
    t0 = driver.execute_script(OBSERVE)
    return info, t0


def binds(driver) -> int:
    return driver.execute_script("return __galgen.stats.binds")


def check(name: str, mode: str, m: dict) -> None:
    print(f"\n{name} {mode}: CLS {m['cls']:.4f} (raw {m['raw']:.4f} over {m['entries']} entries, "
          f"{m['with_input']} after input); largest {m['first']}")
    assert m["cls"] < LIMIT, m
    assert m["raw"] < LIMIT, m


@pytest.fixture(params=list(MODES))
def mode(request) -> str:
    return request.param


def wheel(driver) -> None:
    """60 ticks of 100 px down and 30 up, in bursts of 10, through WebDriver's wheel input; then settles."""
    for direction, bursts in ((1, 6), (-1, 3)):
        for _ in range(bursts):
            chain = ActionChains(driver)
            for _ in range(10):
                chain.scroll_by_amount(0, 100 * direction)
            chain.perform()
            helpers.raf2(driver)
    helpers.settle(driver)


def test_wheel(driver, server, runtime, mode):
    """60 ticks of a real wheel (100 px each) down, then 30 up, through WebDriver's wheel input."""
    info, t0 = start(driver, server, mode)
    b0, y0 = binds(driver), driver.execute_script("return scrollY")
    wheel(driver)
    moved, b1 = driver.execute_script("return scrollY") - y0, binds(driver)
    m = measure(driver, t0)
    print(f"wheel moved {moved} px, {b1 - b0} binds")
    assert moved >= 1000, moved                         # the wheel really scrolled the page
    assert b1 - b0 >= 2 * info["cols"], (b0, b1)       # and the runtime rebound cells
    check("wheel", mode, m)


# A touch fling's shape, one step a frame: `speed` px, slowing down by 3 % a frame to a stop (about 6,500 px for
# 400), then the same back up. Every speed from the fastest down to 2 px a frame is crossed.
FLING = """
const done = arguments[arguments.length - 1], speed = arguments[0];
(async () => {
  const raf = () => new Promise((r) => requestAnimationFrame(r));
  let frames = 0;
  for (const sign of [1, -1]) for (let v = speed; v >= 2; v *= 0.97) { scrollBy(0, sign * Math.round(v)); await raf(); frames++; }
  done(frames);
})();
"""


def test_fling(driver, server, runtime, mode):
    """Two flings at 400 px a frame, slowing down (down, then up)."""
    info, t0 = start(driver, server, mode)
    driver.execute_script("scrollTo(0, arguments[0])", info["gridTop"])
    helpers.settle(driver)
    t0, b0 = driver.execute_script(OBSERVE), binds(driver)
    frames = driver.execute_async_script(FLING, 400)
    helpers.settle(driver)
    b1 = binds(driver)
    print(f"fling: {frames} frames, {b1 - b0} binds")
    assert b1 - b0 >= 20 * info["cols"], (b0, b1)
    check("fling", mode, measure(driver, t0))


DRAG = """
const done = arguments[arguments.length - 1], targets = arguments[0];
(async () => {
  const raf = () => new Promise((r) => requestAnimationFrame(r));
  for (const y of targets) { document.scrollingElement.scrollTop = y; await raf(); }
  done(scrollY);
})();
"""


def test_scrollbar_jumps(driver, server, runtime, mode):
    """Jumps as a scrollbar click or drag makes them: far `scrollTo`s with pauses, a fast drag (scrollTop set
    every frame) from the top to the end and back, and a slow one (20 px a frame)."""
    info, t0 = start(driver, server, mode)
    H = info["maxScroll"]
    b0 = binds(driver)
    for f in (0.5, 0.1, 0.9, 1.0, 0.0, 0.37, 0.73):
        driver.execute_script("scrollTo(0, arguments[0])", round(H * f))
        helpers.settle(driver, 200)
    drag = [round(H * i / 60) for i in range(61)] + [round(H * (60 - i) / 60) for i in range(61)]
    drag += [20 * i for i in range(90)] + [20 * (90 - i) for i in range(91)]
    driver.execute_async_script(DRAG, drag)
    helpers.settle(driver)
    at_end = driver.execute_script("return scrollY")
    assert binds(driver) - b0 >= 10 * info["cols"], b0
    assert at_end == 0, at_end
    check("jumps", mode, measure(driver, t0))


def focused(driver) -> dict | None:
    return driver.execute_script("""
      const a = document.activeElement, cell = a && a.closest && a.closest('.cell');
      if (!cell) return null;
      const r = cell.getBoundingClientRect();
      return {index: +cell.dataset.index, inView: r.top >= 0 && r.bottom <= innerHeight};""")


def test_keyboard_paging(driver, server, runtime, mode):
    """PageDown, End, Home on a focused cell (the runtime moves focus and scrolls), then PageDown and End on
    the page itself (the browser scrolls)."""
    info, t0 = start(driver, server, mode)
    driver.execute_script("""
      const cells = [...document.querySelectorAll('.grid .cell:not([hidden])')].filter(el => {
        const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })
        .sort((a, b) => a.dataset.index - b.dataset.index);
      cells[0].querySelector('a').focus();""")
    seen = []
    for key in [Keys.PAGE_DOWN] * 4 + [Keys.END, Keys.HOME, Keys.PAGE_DOWN]:
        ActionChains(driver).send_keys(key).perform()
        helpers.settle(driver, 200)
        seen.append(focused(driver))
    print("keyboard focus:", seen)
    assert all(s and s["inView"] for s in seen), seen
    assert seen[3]["index"] > seen[0]["index"] > 0, seen
    assert seen[4]["index"] == COUNT - 1, seen
    assert seen[5]["index"] == 0, seen
    # the page itself: focus on the body, the browser scrolls (smoothly) by a screen, then to the end
    driver.execute_script("document.activeElement.blur(); scrollTo(0, arguments[0])", info["gridTop"])
    helpers.settle(driver, 200)
    y0 = driver.execute_script("return scrollY")
    body = driver.find_element("tag name", "body")
    for key in (Keys.PAGE_DOWN, Keys.PAGE_DOWN, Keys.END):
        body.send_keys(key)
        helpers.settle(driver, 400)
    y1 = driver.execute_script("return scrollY")
    assert y1 == info["maxScroll"] and y1 > y0, (y0, y1, info)
    check("keyboard", mode, measure(driver, t0))


def test_resize(driver, server, runtime, mode):
    """Narrower (fewer columns), shorter, back: the first visible item stays the anchor."""
    info, t0 = start(driver, server, mode, page=7)
    driver.execute_script("scrollBy(0, arguments[0])", 3 * info["rowHeight"])
    helpers.settle(driver)
    t0 = driver.execute_script(OBSERVE)
    cols = []
    for width, height in ((600, 800), (820, 560), (1000, 800)):
        helpers.set_viewport(driver, width, height)
        helpers.settle(driver, 400)
        cols.append(driver.execute_script("return __galgen.cols"))
    assert cols[0] < info["cols"] and cols[-1] == info["cols"], cols
    check("resize", mode, measure(driver, t0))


def test_scaled_long_scroll_bounded_pool(driver, server, runtime):
    """The scaled mode over the whole list and back: the pool and the <img> count stay bounded, no shift."""
    info, t0 = start(driver, server, "scaled")
    r = driver.execute_async_script(helpers.LONG_SCROLL, 2500, 100, 9000)
    assert "error" not in r, r
    helpers.settle(driver)
    s = driver.execute_script("return Object.assign({}, __galgen.stats)")
    print(f"\nscaled long scroll: steps {r['steps']}, maxImgs {r['maxImgs']}, created {s['created']} of poolCap "
          f"{info['poolCap']}, binds {s['binds']}, p95 gap {r['p95Gap']:.1f} ms, render p95 {r['renderP95']}")
    assert r["steps"] > 400, r
    assert s["binds"] > 5_000, s
    assert s["created"] <= info["poolCap"], (s, info)
    assert r["maxImgs"] <= 100, r
    check("long scroll", "scaled", measure(driver, t0))
