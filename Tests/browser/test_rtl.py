"""Right-to-left sites (issue 33): `"language": "ar"` and `"he"` give `<html dir="rtl">`, and the theme and the
runtime mirror: the virtual grid lays cells out from the right, ← goes to the next item in the grid, the
lightbox and the item page, the header title, the pager's previous link, the breadcrumbs and the neighbour
links sit on the right, with no layout shift while scrolling. `en` and `sv` stay `dir="ltr"`, laid out as before.

The sites are small variants of sitebuild.py's (the same generator, a few thousand items, so the virtual
scroller is active), built once for this module with one shared image cache.
"""
from __future__ import annotations

import os
import pathlib
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import helpers
import sitebuild
from server import SiteServer
from test_layout_shift import OBSERVE, check, measure, wait_pictures, wheel

SIZES = {"ar": 3000, "he": 1500, "sv": 300, "en": 300}
RTL, LTR = ("ar", "he"), ("sv", "en")
# The scaled mode (docs/runtime.md, Geometry) forced on the 3,000-item site: 600 rows of about 250 px in 20,000 px.
MODES = {"1:1": "1", "scaled": "max-height:20000"}


def build(work: pathlib.Path, language: str, cache: pathlib.Path) -> pathlib.Path:
    """sitebuild.py's inputs with `SIZES[language]` people, in `language`, with 60 team members instead of 9,000."""
    title = {"ar": "معرض الاختبار", "he": "גלריית בדיקה"}.get(language, "galgen test")
    return sitebuild.build_language_site(work, language, SIZES[language], cache, title)


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """The four sites, each on its loopback server. `GALGEN_RTL_SITES=/some/folder` keeps them there and reuses
    the ones already built (a folder of your own: nothing checks that they match the current galgen)."""
    if not sitebuild.galgen_binary().exists():
        pytest.fail(f"no galgen binary at {sitebuild.galgen_binary()}")
    kept = os.environ.get("GALGEN_RTL_SITES")
    root = pathlib.Path(kept) if kept else tmp_path_factory.mktemp("rtl-sites")
    built = {lang: root / lang / "public" if kept and (root / lang / "public" / "people").is_dir()
             else build(root / lang, lang, root / "cache") for lang in SIZES}
    started = {lang: SiteServer(public).start() for lang, public in built.items()}
    yield started
    for srv in started.values():
        srv.stop()


@pytest.fixture
def d(session_driver):
    helpers.reset_driver(session_driver)
    yield session_driver
    helpers.reset_driver(session_driver)


def open_gallery(driver, base: str, path: str = "people/", debug: str = "1") -> dict:
    driver.get(f"{base}{path}?galgen-debug={debug}")
    ready = helpers.wait_ready(driver)
    assert ready.get("ok"), ready
    helpers.settle(driver)
    return driver.execute_script(
        "const g = document.getElementById('grid'), r = g.getBoundingClientRect();"
        "return {cols: __galgen.cols, rowHeight: __galgen.rowHeight, scale: __galgen.scale, poolCap: __galgen.poolCap,"
        " gridTop: r.top + scrollY, gridLeft: r.left, gridRight: r.right, innerHeight,"
        " scrollHeight: document.scrollingElement.scrollHeight, virtual: g.classList.contains('virtual'),"
        " direction: getComputedStyle(g).direction}")


CELLS = """
return [...document.querySelectorAll('.grid .cell')].filter((el) => !el.hidden).map((el) => {
  const r = el.getBoundingClientRect();
  return {index: +el.dataset.index, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
}).filter((c) => c.bottom > 0 && c.top < innerHeight).sort((a, b) => a.index - b.index);
"""


def by_index(driver) -> dict:
    return {c["index"]: c for c in driver.execute_script(CELLS)}


def rect(driver, selector: str) -> dict:
    return driver.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                 " return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};", selector)


def focused_index(driver):
    return driver.execute_script("const a = document.activeElement, c = a && a.closest && a.closest('.cell');"
                                 " return c ? +c.dataset.index : null;")


# ------------------------------------------------------------------------------------------------
# Direction from the language (ICU)
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("language", list(SIZES))
def test_html_dir_follows_the_language(servers, language):
    """Every kind of page says the language's direction; record text keeps its own (dir="auto")."""
    base = servers[language].base
    want = "rtl" if language in RTL else "ltr"
    for path in ("", "people/", "people/page/2/", "people/k000007/", "404.html"):
        html = urllib.request.urlopen(base + path).read().decode()
        assert f'<html lang="{language}" dir="{want}">' in html, (language, path, html[:200])
    gallery = urllib.request.urlopen(base + "people/").read().decode()
    assert '<span class="title" dir="auto">Person 0</span>' in gallery


# ------------------------------------------------------------------------------------------------
# The grid: from the right, with and without the runtime
# ------------------------------------------------------------------------------------------------

def assert_row_order(cells: dict, first: int, cols: int, grid: dict, rtl: bool) -> None:
    a, b = cells[first], cells[first + 1]
    if rtl:
        assert abs(a["right"] - grid["right"]) <= 1, (a, grid)       # the row's first cell at the right edge
        assert b["right"] < a["left"], (a, b)                         # the next one left of it
        assert abs(cells[first + cols - 1]["left"] - grid["left"]) <= 1, (cells[first + cols - 1], grid)
    else:
        assert abs(a["left"] - grid["left"]) <= 1, (a, grid)
        assert b["left"] > a["right"], (a, b)
    assert a["top"] == b["top"]


@pytest.mark.parametrize("language", ["ar", "he", "en"])
@pytest.mark.parametrize("mode", list(MODES))
def test_virtual_grid_starts_at_the_inline_start(d, servers, language, mode):
    if language != "ar" and mode == "scaled":
        pytest.skip("the scaled mode needs the 3,000-item site (test_layout_shift.py covers it in ltr)")
    info = open_gallery(d, servers[language].base, debug=MODES[mode])
    rtl = language in RTL
    assert info["virtual"] and info["direction"] == ("rtl" if rtl else "ltr"), info
    assert info["cols"] >= 3, info
    assert (info["scale"] > 2) == (mode == "scaled"), info
    grid = {"left": info["gridLeft"], "right": info["gridRight"]}
    assert_row_order(by_index(d), 0, info["cols"], grid, rtl)
    # further down, after the pool has recycled cells: every row still starts at the inline start
    d.execute_script("scrollTo(0, arguments[0])", info["gridTop"] + 40 * info["rowHeight"] / info["scale"])
    helpers.settle(d)
    cells = by_index(d)
    first = min(i for i in cells if i % info["cols"] == 0 and cells[i]["top"] >= 0)
    assert_row_order(cells, first, info["cols"], grid, rtl)
    # nothing sticks out sideways (an RTL page scrolls left into whatever overflows on the left)
    assert d.execute_script("return document.scrollingElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("language", ["ar", "en"])
def test_static_grid_mirrors_without_javascript(d, servers, language):
    d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    d.get(servers[language].base + "people/page/2/")
    cells = by_index(d)
    assert "virtual" not in d.find_element(By.ID, "grid").get_attribute("class")
    cols = sum(1 for c in cells.values() if c["top"] == cells[100]["top"])
    assert cols >= 3, cells
    assert_row_order(cells, 100, cols, rect(d, "#grid"), language in RTL)
    assert d.execute_script("return document.scrollingElement.scrollWidth <= innerWidth")


# ------------------------------------------------------------------------------------------------
# Keys: ← is the next item in a right-to-left page
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["ar", "he", "en"])
def test_grid_keyboard_follows_the_direction(d, servers, language):
    info = open_gallery(d, servers[language].base)
    d.execute_script("document.querySelector('.grid .cell[data-index=\"0\"] a').focus()")
    forward, back = (Keys.ARROW_LEFT, Keys.ARROW_RIGHT) if language in RTL else (Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    seen = []
    for key in (forward, forward, back, Keys.ARROW_DOWN, back, Keys.ARROW_UP):
        ActionChains(d).send_keys(key).perform()
        helpers.settle(d, 100)
        seen.append(focused_index(d))
    cols = info["cols"]
    assert seen == [1, 2, 1, 1 + cols, cols, 0], seen
    # the cell that ← reached is the one left of the first in RTL
    cells = by_index(d)
    assert (cells[1]["right"] < cells[0]["left"]) == (language in RTL), cells


def lightbox_title(driver):
    return driver.execute_script("const h = document.querySelector('dialog[open] h2'); return h && h.textContent;")


@pytest.mark.parametrize("language", ["ar", "he", "en"])
def test_lightbox_arrows_follow_the_direction(d, servers, language):
    open_gallery(d, servers[language].base)
    d.find_element(By.CSS_SELECTOR, '.grid .cell[data-index="3"] a').click()
    assert helpers.wait_until(lambda: lightbox_title(d) == "Person 3"), lightbox_title(d)
    rtl = language in RTL
    forward, back = (Keys.ARROW_LEFT, Keys.ARROW_RIGHT) if rtl else (Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    for key, want in ((forward, 4), (forward, 5), (back, 4), (back, 3), (back, 2)):
        ActionChains(d).send_keys(key).perform()
        assert helpers.wait_until(lambda: lightbox_title(d) == f"Person {want}"), (key, want, lightbox_title(d))
    # the bar mirrors: Previous before Next on the reading side, Close at the far end
    prev, nxt, close = (rect(d, f"dialog[open] [data-act='{a}']") for a in ("prev", "next", "close"))
    if rtl:
        assert prev["left"] > nxt["right"] and close["right"] < nxt["left"], (prev, nxt, close)
    else:
        assert prev["right"] < nxt["left"] and close["left"] > nxt["right"], (prev, nxt, close)
    ActionChains(d).send_keys(Keys.ESCAPE).perform()


@pytest.mark.parametrize("language", ["ar", "en"])
def test_item_page_arrows_and_neighbours(d, servers, language):
    base, rtl = servers[language].base, language in RTL
    d.get(base + "teams/team-ara/t00003/")          # an album's item: two breadcrumbs, neighbours t00000 and t00006
    prev, nxt = rect(d, ".neighbours a[rel=prev]"), rect(d, ".neighbours a[rel=next]")
    assert (prev["left"] > nxt["right"]) if rtl else (prev["right"] < nxt["left"]), (prev, nxt)
    arrows = d.execute_script("return ['prev', 'next'].map((r) => { const a = document.querySelector('.neighbours a[rel=' + r + ']');"
                              " return getComputedStyle(a, r === 'prev' ? '::before' : '::after').content; })")
    # each arrow points outwards, towards its side of the page
    assert arrows == (['"→" / ""', '"←" / ""'] if rtl else ['"←" / ""', '"→" / ""']), arrows
    crumbs = d.execute_script("return [...document.querySelectorAll('.crumbs li')].map((li) => li.getBoundingClientRect().left)")
    assert len(crumbs) >= 2 and (crumbs == sorted(crumbs, reverse=rtl)), crumbs
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT if rtl else Keys.ARROW_RIGHT)
    assert helpers.wait_until(lambda: d.current_url.endswith("/teams/team-ara/t00006/")), d.current_url
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT if rtl else Keys.ARROW_LEFT)
    assert helpers.wait_until(lambda: d.current_url.endswith("/teams/team-ara/t00003/")), d.current_url


# ------------------------------------------------------------------------------------------------
# Header and pager
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["ar", "he", "en"])
def test_header_and_pager_mirror(d, servers, language):
    rtl = language in RTL
    d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})   # the runtime hides the pager
    d.get(servers[language].base + "people/page/2/")
    header, title = rect(d, ".site-header"), rect(d, ".site-title")
    h1 = d.execute_script("const r = document.createRange(); r.selectNodeContents(document.querySelector('main h1'));"
                          " const b = r.getBoundingClientRect(); return {left: b.left, right: b.right};")   # the heading's text
    if rtl:
        assert abs(title["right"] - (header["right"] - 16)) <= 1 and title["left"] > header["left"] + 200, (title, header)
        assert abs(h1["right"] - (header["right"] - 16)) <= 1 and h1["left"] > header["left"] + 200, (h1, header)
    else:
        assert abs(title["left"] - (header["left"] + 16)) <= 1, (title, header)
        assert abs(h1["left"] - (header["left"] + 16)) <= 1, (h1, header)
    prev, nxt, pages = rect(d, ".pager-prev"), rect(d, ".pager-next"), rect(d, ".pager ol")
    if rtl:
        assert prev["left"] > pages["right"] > pages["left"] > nxt["right"], (prev, pages, nxt)
    else:
        assert prev["right"] < pages["left"] < pages["right"] < nxt["left"], (prev, pages, nxt)
    arrow = d.execute_script("return getComputedStyle(document.querySelector('.pager-prev'), '::before').content")
    assert arrow == ('"→" / ""' if rtl else '"←" / ""'), arrow
    # the skip link is off-screen on the inline-start side and comes in on focus
    d.execute_script("document.querySelector('.skip').focus()")
    skip = rect(d, ".skip")
    assert 0 <= skip["left"] and skip["right"] <= 1000, skip
    assert (skip["right"] > 900) if rtl else (skip["left"] < 100), skip


# ------------------------------------------------------------------------------------------------
# Layout stability and accessibility
# ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", list(MODES))
def test_no_layout_shift_while_scrolling(d, servers, mode):
    """CLS (web-vitals, and the raw sum) stays < 0.01 under wheel input and keyboard paging, as in LTR."""
    info = open_gallery(d, servers["ar"].base, debug=MODES[mode])
    wait_pictures(d)
    t0 = d.execute_script(OBSERVE)
    y0 = d.execute_script("return scrollY")
    wheel(d)
    assert d.execute_script("return scrollY") - y0 >= 1000
    d.execute_script("""
      const cells = [...document.querySelectorAll('.grid .cell:not([hidden])')].filter((el) => {
        const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })
        .sort((a, b) => a.dataset.index - b.dataset.index);
      cells[0].querySelector('a').focus();""")
    seen = []
    for key in [Keys.PAGE_DOWN] * 3 + [Keys.END, Keys.HOME, Keys.PAGE_DOWN, Keys.ARROW_LEFT]:
        ActionChains(d).send_keys(key).perform()
        helpers.settle(d, 200)
        seen.append(focused_index(d))
    assert seen[2] > seen[0] > 0 and seen[3] == SIZES["ar"] - 1 and seen[4] == 0 and seen[6] == seen[5] + 1, seen
    check("rtl wheel+keys", mode, measure(d, t0))


@pytest.mark.parametrize("language", RTL)
def test_axe_rtl_gallery_and_lightbox(d, servers, language):
    open_gallery(d, servers[language].base, "people/page/2/")
    result = helpers.run_axe(d)
    print(f"\naxe {language} gallery:", result)
    assert "error" not in result and result["version"].startswith("4."), result
    assert result["violations"] == [], result["violations"]
    d.find_element(By.CSS_SELECTOR, '.grid .cell[data-index="101"] a').click()
    assert helpers.wait_until(lambda: lightbox_title(d) == "Person 101"), lightbox_title(d)
    result = helpers.run_axe(d)
    assert result["violations"] == [], result["violations"]
    d.get(servers[language].base + "people/k000007/")
    result = helpers.run_axe(d)
    assert result["violations"] == [], result["violations"]
