"""Justified rows (`"layout": "justified"`, issue 44) in headless Chromium, on a 20,000-item site of eight
picture shapes (3:2, 2:3, 1:1, 4:3, 16:9, 3:4, 5:1 cut to 4:1, 1:3) built by galgen.

- Taking over moves nothing: the page's own CSS rows (before the runtime's) and the runtime's rows put every
  cell at the same place, on the first page and on page 3 (whose rows start again at its first item), at
  1280 and 390 px; the layout-shift entries of the whole load sum to under 0.01.
- A page that streams in slowly shows no row before it is final: the grid stays hidden until it is parsed whole (a
  row is final only once the next row's first cell is); without that hold (the negative control) rows grow on screen.
- The rows are justified: one height per row, the row as wide as the list (its last row and a capped one
  aside), every cell the shape of its picture.
- Scrolling: wheel, a fling and scrollbar jumps, in the 1:1 and the scaled mode (the path of a million items),
  each with CLS under 0.01 and at most 100 <img> in the document; the last item is reachable.
- A resize to a phone keeps the first visible item in view and nothing scrolls sideways.
- A filter lays the chosen items out in justified rows of their own, each cell the shape of its picture.
"""
from __future__ import annotations

import json
import pathlib
import subprocess

import pytest
from PIL import Image

import helpers
import sitebuild
from server import SiteServer
from test_layout_shift import COLLECT, OBSERVE, cls_of, wheel, FLING, DRAG

COUNT = 20_000
PAGE_SIZE = 100
SHAPES = [(300, 200), (200, 300), (240, 240), (320, 240), (320, 180), (240, 320), (500, 100), (120, 360)]
LIMIT = 0.01
KINDS = ["Coast", "Hills", "Town"]
HILLS = sum(1 for i in range(COUNT) if KINDS[i % 3] == "Hills")

# Before the runtime takes over (it waits for the manifest), the cells as the CSS rows placed them (viewport px:
# taking over keeps the first cell on screen where it was, so a page further down scrolls the document).
STATIC = """
// `#rtl`: the page right to left from its first paint, as a page in Hebrew or Arabic is.
if (location.hash === '#rtl') new MutationObserver((_, o) => {
  if (document.documentElement) { document.documentElement.dir = 'rtl'; o.disconnect(); } }).observe(document, { childList: true });
document.addEventListener('DOMContentLoaded', () => {
  const grid = document.getElementById('grid');
  if (!grid) return;
  window.__static = [...grid.children].map((n) => { const r = n.getBoundingClientRect();
    return [+n.dataset.index, r.left, r.top, r.width, r.height]; });
  window.__staticVirtual = grid.classList.contains('virtual');
});
"""

CELLS = """
return [...document.querySelectorAll('#grid > .cell')].filter((n) => !n.hidden).map((n) => {
  const r = n.getBoundingClientRect();
  return [+n.dataset.index, r.left, r.top, r.width, r.height];
});
"""


def shape_index(index: int) -> int:
    """Which of the eight shapes item `index` has: an irregular order, so that rows hold different mixes."""
    return (index * 5 + index // 7) % len(SHAPES)


def shape_of(index: int) -> tuple[int, int]:
    return SHAPES[shape_index(index)]


def write_site(work: pathlib.Path, count: int = COUNT) -> pathlib.Path:
    """Writes the justified test site's pictures, records and config into `work` (also used by
    Benchmarks/scripts/justified_million.py at a million items); returns the config's path."""
    (work / "images").mkdir(exist_ok=True)
    for n, (w, h) in enumerate(SHAPES):
        Image.new("RGB", (w, h), (40 + 25 * n, 120, 200 - 20 * n)).save(work / "images" / f"s{n}.jpg", quality=80)
    with open(work / "photos.json", "w") as out:     # written piecewise: a million records are 90 MB of JSON
        out.write("[")
        for i in range(count):
            out.write(("," if i else "") + json.dumps({"id": "j%05d" % i, "name": "Photo %d" % i,
                                                      "img": "images/s%d.jpg" % shape_index(i), "kind": KINDS[i % 3]}))
        out.write("]")
    config = {"title": "Justified", "language": "en", "pageSize": PAGE_SIZE, "imageWidths": [160, 320], "formats": ["jpeg"],
              "itemPages": "none",
              "sources": [{"name": "photos", "title": "Photos", "type": "json", "path": "photos.json", "layout": "justified",
                           "fields": {"id": "id", "title": "name", "image": "img", "extra": {"kind": "kind"}},
                           "filters": ["kind"]}]}
    (work / "config.json").write_text(json.dumps(config))
    return work / "config.json"


@pytest.fixture(scope="module")
def justified_site(tmp_path_factory) -> pathlib.Path:
    work = tmp_path_factory.mktemp("justified")
    config = write_site(work)
    result = subprocess.run([str(sitebuild.galgen_binary()), "build", "--config", str(config)],
                            cwd=work, capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        pytest.fail(f"galgen build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return work / "public"


@pytest.fixture(scope="module")
def jserver(justified_site):
    srv = SiteServer(justified_site).start()
    yield srv
    srv.stop()


@pytest.fixture
def jdriver(session_driver):
    helpers.reset_driver(session_driver)
    yield session_driver
    helpers.set_viewport(session_driver, helpers.WIDTH, helpers.HEIGHT)


def open_page(driver, server, path: str = "photos/", debug: str = "1", rtl: bool = False) -> dict:
    added = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STATIC})
    try:
        driver.get(f"{server.base}{path}?galgen-debug={debug}" + ("#rtl" if rtl else ""))
        ready = helpers.wait_ready(driver)
        assert ready.get("ok"), ready
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})
    helpers.settle(driver)
    return driver.execute_script(
        "const g = document.getElementById('grid'); return {scale: __galgen.scale, width: g.getBoundingClientRect().width,"
        " gridTop: g.getBoundingClientRect().top + scrollY, maxScroll: document.scrollingElement.scrollHeight - innerHeight,"
        " virtual: g.classList.contains('virtual'), staticVirtual: window.__staticVirtual, count: +g.dataset.count}")


def rows_of(cells: list) -> list[list]:
    rows: dict[int, list] = {}
    for c in cells:
        rows.setdefault(round(c[2]), []).append(c)
    return [sorted(r, key=lambda c: c[1]) for _, r in sorted(rows.items())]


@pytest.mark.parametrize("width,path,rtl", [(1280, "photos/", False), (390, "photos/", False), (1280, "photos/page/3/", False),
                                            (390, "photos/page/3/", False), (1280, "photos/", True), (390, "photos/page/3/", True)])
def test_taking_over_moves_nothing(jdriver, jserver, width, path, rtl):
    helpers.set_viewport(jdriver, width, 800)
    info = open_page(jdriver, jserver, path, rtl=rtl)
    assert info["virtual"] and info["staticVirtual"] is False, info
    before = {c[0]: c[1:] for c in jdriver.execute_script("return window.__static")}
    after = {c[0]: c[1:5] for c in jdriver.execute_script(CELLS)}
    first = min(before)
    # The page's last two rows may differ (the runtime's rows go on into the next page); the others may not.
    static_rows = rows_of([[i] + v for i, v in before.items()])
    compared = [c[0] for row in static_rows[:-2] for c in row if c[0] in after]
    assert len(compared) >= 6, (len(before), len(after))
    for i in compared:
        moved = [abs(a - b) for a, b in zip(before[i], after[i])]
        assert max(moved) < 1.0, (i, before[i], after[i])
    assert first == (0 if path == "photos/" else 2 * PAGE_SIZE)
    jdriver.execute_script(OBSERVE)                  # buffered: the entries of the whole load
    entries = jdriver.execute_async_script(COLLECT, 0)
    total = sum(e["v"] for e in entries)
    if rtl:                                          # the first cell starts at the right edge
        grid_right = jdriver.execute_script("return document.getElementById('grid').getBoundingClientRect().right")
        assert abs(before[first][0] + before[first][2] - grid_right) < 1, (before[first], grid_right)
    print(f"\n{width} {path} {'rtl' if rtl else 'ltr'}: {len(compared)} cells compared, load shifts {total:.4f} over {len(entries)} entries")
    assert total < LIMIT, entries[:3]


# Installed before any page script. FRAMES: at each frame until the runtime takes over, whether the grid shows and
# where each of its cells is (document px); at DOMContentLoaded, where the whole page's CSS rows put them.
FRAMES = """
window.__frames = [];
const cellsNow = (g) => [...g.children].map((n) => { const r = n.getBoundingClientRect();
  return [+n.dataset.index, r.left + scrollX, r.top + scrollY, r.width, r.height]; });
const tick = () => { const g = document.getElementById('grid');
  if (g && g.classList.contains('virtual')) return;
  if (g) __frames.push({shown: getComputedStyle(g).visibility === 'visible', cells: cellsNow(g)});
  requestAnimationFrame(tick); };
requestAnimationFrame(tick);
document.addEventListener('DOMContentLoaded', () => { window.__whole = cellsNow(document.getElementById('grid')); });
"""
# The negative control takes the hold away, as a browser without :has() would.
UNHOLD = """
new MutationObserver((_, o) => { if (!document.head) return; o.disconnect();
  const s = document.createElement('style'); s.textContent = '.grid.justified.held { visibility: visible !important; }';
  document.head.append(s); }).observe(document, { childList: true, subtree: true });
"""


@pytest.mark.parametrize("held", [True, False], ids=["held", "negative-control-unheld"])
def test_a_page_that_streams_in_shows_no_row_before_it_is_final(jdriver, jserver, held):
    """At 24 KB/s the page's 100 cells arrive over a few seconds and the browser paints what it has parsed. A
    partial last row is not justified yet (the rest of its line is empty); it grows when the next row's first
    cell arrives. Held, the grid shows only once it is whole: no frame shows a cell anywhere but at its final
    place, and the load's layout shifts sum to under 0.01. Unheld (the control), frames do. The window is tall
    (a portrait 4K screen's): the render-blocking stylesheet arrives with the page's first dozen cells."""
    helpers.set_viewport(jdriver, 1280, 2000)
    added = [jdriver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
             for source in [FRAMES, OBSERVE.replace("return performance.now();", "")] + ([] if held else [UNHOLD])]
    jdriver.execute_cdp_cmd("Network.enable", {})
    jdriver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                                 "downloadThroughput": 24_000, "uploadThroughput": 100_000})
    try:
        jdriver.get(f"{jserver.base}photos/page/3/?galgen-debug=1")
        assert helpers.wait_ready(jdriver, 60000).get("ok")
        helpers.settle(jdriver)
        entries = jdriver.execute_async_script(COLLECT, 0)
        frames, whole = jdriver.execute_script("return [window.__frames, window.__whole]")
    finally:
        jdriver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                                     "downloadThroughput": -1, "uploadThroughput": -1})
        jdriver.execute_cdp_cmd("Network.disable", {})
        for a in added:
            jdriver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": a["identifier"]})
    final = {c[0]: c[1:] for c in whole}
    partial = [f for f in frames if f["cells"] and len(f["cells"]) < len(final)]
    assert len(partial) >= 5, ("the page must stream in over several frames", len(frames))
    moved = [(c[0], c[1:], final[c[0]]) for f in frames if f["shown"] for c in f["cells"]
             if max(abs(a - b) for a, b in zip(c[1:], final[c[0]])) >= 1]
    total = sum(e["v"] for e in entries)
    print(f"\nstreamed in ({'held' if held else 'unheld'}): {len(partial)} frames of a partial grid, "
          f"{len(moved)} cells shown off their final place, load shifts {total:.4f}")
    if held:
        assert not moved, moved[:3]
        assert not any(f["shown"] for f in partial), "a partial grid was shown"
        assert total < LIMIT, entries[:3]
    else:
        assert moved, "the control must show rows that grow as the page streams in"


def test_rows_are_justified(jdriver, jserver):
    helpers.set_viewport(jdriver, 1280, 800)
    info = open_page(jdriver, jserver)
    jdriver.execute_script("scrollTo(0, arguments[0])", info["gridTop"] + 3000)
    helpers.settle(jdriver)
    rows = rows_of(jdriver.execute_script(CELLS))
    full = 0
    for row in rows[1:-1]:                       # rows cut by the window's edges may be partly bound
        heights = {round(c[4], 1) for c in row}
        assert len(heights) == 1, row
        left, right = row[0][1], row[-1][1] + row[-1][3]
        grid_left = jdriver.execute_script("return document.getElementById('grid').getBoundingClientRect().left")
        assert abs(left - grid_left) < 0.5, (left, grid_left)
        if abs(right - left - info["width"]) < 1:
            full += 1
        else:
            assert row[0][4] >= 1.5 * 240 - 0.5, ("only a row at its tallest may end short", row)
        for c in row:
            shape = c[3] / c[4]
            index = c[0]
            w, h = shape_of(index)
            want = min(4.0, max(0.25, round(w / h * 64) / 64))
            assert abs(shape - want) / want < 0.01, (index, shape, want)
    assert full >= 3, rows


@pytest.mark.parametrize("mode", ["1", helpers.SCALED.replace("1000000", "300000")])
def test_scrolling_holds_still(jdriver, jserver, mode):
    helpers.set_viewport(jdriver, 1280, 800)
    info = open_page(jdriver, jserver, debug=mode)
    assert (info["scale"] > 1) == ("max-height" in mode), info
    t0 = jdriver.execute_script(OBSERVE)
    wheel(jdriver)
    jdriver.execute_script("scrollTo(0, arguments[0])", info["gridTop"])
    helpers.settle(jdriver)
    jdriver.execute_async_script(FLING, 400)
    helpers.settle(jdriver)
    H = info["maxScroll"]
    for f in (0.5, 0.1, 0.9, 1.0, 0.0, 0.37):
        jdriver.execute_script("scrollTo(0, arguments[0])", round(H * f))
        helpers.settle(jdriver, 200)
    jdriver.execute_async_script(DRAG, [round(H * i / 40) for i in range(41)])
    helpers.settle(jdriver)
    entries = jdriver.execute_async_script(COLLECT, t0)
    cls, raw = cls_of(entries), sum(e["v"] for e in entries)
    most = jdriver.execute_script("return window.__vsm.maxImgs")
    # At the end: the last item is on screen, bound.
    last = jdriver.execute_script(
        "const n = document.querySelector('.cell[data-index=\"' + (arguments[0] - 1) + '\"]');"
        " if (!n || n.hidden) return null; const r = n.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, key: n.dataset.key};", info["count"])
    print(f"\njustified scrolling ({mode}): CLS {cls:.4f}, raw {raw:.4f} over {len(entries)} entries; at most {most} <img>; last {last}")
    assert cls < LIMIT and raw < LIMIT, entries[:3]
    assert most <= 100, most
    assert last and last["key"] == "j%05d" % (COUNT - 1) and 0 <= last["top"] and last["bottom"] <= 800 + 1, last


def test_a_resize_keeps_the_first_visible_item(jdriver, jserver):
    helpers.set_viewport(jdriver, 1280, 800)
    info = open_page(jdriver, jserver)
    jdriver.execute_script("scrollTo(0, arguments[0])", info["gridTop"] + 40000)
    helpers.settle(jdriver, 700)
    first = jdriver.execute_script("return history.state && history.state.galgen && history.state.galgen.index")
    assert first and first > 100, first
    helpers.set_viewport(jdriver, 390, 800)
    helpers.settle(jdriver, 700)
    shown = {c[0] for c in jdriver.execute_script(CELLS) if c[2] + c[4] > 0 and c[2] < 800}
    assert first in shown, (first, sorted(shown)[:10])
    assert jdriver.execute_script("return document.scrollingElement.scrollWidth <= innerWidth")


def test_a_filter_lays_out_the_chosen_items_in_rows_of_their_own(jdriver, jserver):
    """`kind=hills`: every third item; its rows are justified from the chosen items' own shapes."""
    helpers.set_viewport(jdriver, 1280, 800)
    open_page(jdriver, jserver)
    token = jdriver.execute_script(
        "return [...document.querySelectorAll('form.filters select[name=kind] option')].find((o) => o.textContent.startsWith('Hills')).value")
    jdriver.get(f"{jserver.base}photos/?galgen-debug=1&kind={token}")
    assert helpers.wait_ready(jdriver).get("ok")
    assert helpers.wait_until(lambda: jdriver.execute_script(
        "const f = document.querySelector('form.filters'), c = document.querySelector('#grid > .cell:not([hidden])');"
        " return !!f && !f.getAttribute('aria-busy') && !!c && +c.getAttribute('aria-setsize') === arguments[0]", HILLS), timeout=30)
    helpers.settle(jdriver)
    jdriver.execute_script("scrollTo(0, arguments[0])", jdriver.execute_script("return scrollY") + 2500)
    helpers.settle(jdriver)
    cells = jdriver.execute_script("""
      return [...document.querySelectorAll('#grid > .cell')].filter((n) => !n.hidden).map((n) => {
        const r = n.getBoundingClientRect(); return [n.dataset.key, r.left, r.top, r.width, r.height, +n.getAttribute('aria-setsize')]; });""")
    assert cells and all(c[5] == HILLS for c in cells), cells[:3]
    width = jdriver.execute_script("return document.getElementById('grid').getBoundingClientRect().width")
    rows = rows_of(cells)
    full = 0
    for row in rows[1:-1]:
        for c in row:
            index = int(c[0][1:])
            assert index % 3 == 1, c                  # only the chosen kind
            w, h = shape_of(index)
            want = min(4.0, max(0.25, round(w / h * 64) / 64))
            assert abs(c[3] / c[4] - want) / want < 0.01, (c, want)
        full += abs(row[-1][1] + row[-1][3] - row[0][1] - width) < 1
    assert full >= 3, rows
    assert jdriver.execute_script("return document.scrollingElement.scrollWidth <= innerWidth")
