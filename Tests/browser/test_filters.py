"""Filters in headless Chromium on the 100,000-item browser-test site (docs/search.md, "Filters"): the counts
shown equal those computed here from the same records (sitebuild.person_fields), combinations of two filters and
a query give exactly the right items, the address round-trips (reload and Back), only the needed files are
fetched (the test server's log), the grid does not move when filters are applied, and the stale-image and
reuse-pool checks of test_runtime.py still pass on a filtered grid."""
from __future__ import annotations

import json
import re
import urllib.parse

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import helpers
import sitebuild
import test_runtime
from test_runtime import open_gallery, stats

PEOPLE: list[dict] = []     # person_fields of every person of the site under test (its manifest's count)


@pytest.fixture(autouse=True, scope="module")
def people(site):
    count = json.loads((site / "data" / "people" / "manifest.json").read_text())["count"]
    PEOPLE[:] = [sitebuild.person_fields(i) for i in range(count)]
FILTERS = {"genre": "value", "country": "value", "price": "ranges", "rating": "atLeast"}


def holds(fields: dict, field: str, token: str) -> bool:
    """Whether a person's fields are in a filter value (docs/search.md: no value, no filter value)."""
    value = fields.get(field)
    if value is None:
        return False
    if FILTERS[field] == "value":
        return value == token
    lo, _, hi = token.partition("-")
    if FILTERS[field] == "atLeast":
        return value >= float(lo)
    return value >= float(lo) and (hi == "" or value < float(hi))


def query_holds(i: int, query: str) -> bool:
    """`person 12` while typing: every word a term of `Person <i>`, the last one as a prefix. (A prefix as short
    as `1` would need more than the 4 term fragments a prefix fetches at 100,000 items: docs/search.md, Queries.)"""
    terms = ["person", str(i)]
    words = query.lower().split()
    return all(w in terms for w in words[:-1]) and any(t.startswith(words[-1]) for t in terms)


def expected(chosen: dict, query: str = "") -> list[int]:
    return [i for i, f in enumerate(PEOPLE)
            if all(holds(f, k, v) for k, v in chosen.items()) and (not query or query_holds(i, query))]


def options(driver) -> dict:
    return driver.execute_script("""
      const out = {};
      for (const s of document.querySelectorAll('form.filters select'))
        out[s.name] = [...s.options].slice(1).map((o) => [o.value, o.textContent]);
      return out;""")


def filtered(driver, chosen: dict, query: str = "", timeout: float = 30):
    """Waits until the grid shows the list `chosen` (and `query`) should give (the debug hook: None when
    nothing is filtered) and returns what it shows then, or last."""
    want = expected(chosen, query) if chosen else None
    last = {}

    def done():
        r = driver.execute_script("""
          const form = document.querySelector('form.filters');
          if (!window.__galgen || !__galgen.filters || form.getAttribute('aria-busy')) return null;
          return {f: __galgen.filtered};""")
        if r is not None:
            last["f"] = r["f"]
        return r is not None and r["f"] == want
    helpers.wait_until(done, timeout=timeout)
    return last.get("f")


def open_filtered(driver, server, chosen: dict, query: str = "", debug: str = "1") -> dict:
    params = dict(chosen)
    if query:
        params["q"] = query
    extra = ("&" + urllib.parse.urlencode(params)) if params else ""
    info = open_gallery(driver, server.base, 1, debug=debug, hash_=extra)
    return info


def filter_requests(server) -> list[str]:
    """The search index's and the filters' files fetched (card blocks, item data, are test_result_cards.py's)."""
    return [e["path"] for e in server.entries() if "/search/" in e["path"] and "/search/cards/" not in e["path"]]


def test_counts_equal_those_of_the_records(driver, server, runtime):
    open_gallery(driver, server.base, 1)
    shown = options(driver)
    assert set(shown) == set(FILTERS)
    for field, rows in shown.items():
        tokens = [v for v, _ in rows]
        if FILTERS[field] == "value":
            values = sorted({f[field] for f in PEOPLE if field in f}, key=lambda s: [ord(c) for c in s])
            assert tokens == values, field
        for token, text in rows:
            count = int(re.search(r"\((\d+)\)$", text).group(1))
            assert count == sum(holds(f, field, token) for f in PEOPLE), (field, token, text)
    assert [v for v, _ in shown["price"]] == ["0-1", "1-5", "5-"]
    assert [t for _, t in shown["price"]][2].startswith("5 or more")
    assert [v for v, _ in shown["rating"]] == ["3-", "4-"]
    assert len(shown["genre"]) == 20 and len(shown["country"]) == 200
    # Items without a genre (every 50th) are in no genre: the genre counts add up to the others.
    assert sum(int(re.search(r"\((\d+)\)$", t).group(1)) for _, t in shown["genre"]) == len(PEOPLE) - (len(PEOPLE) + 49) // 50


COMBINATIONS = [
    ({"genre": "Action", "price": "0-1"}, ""),
    ({"country": "Øland 001", "rating": "4-"}, ""),
    ({"genre": "Café", "rating": "3-"}, "person 19"),
    ({"genre": "日本語", "country": "Land 004"}, ""),
    ({"price": "5-", "rating": "3-"}, "person 12"),
    ({"genre": "Ärzte & Co", "price": "1-5"}, "person 94"),
    ({"country": "Land 008", "price": "5-"}, "person 77"),
]


@pytest.mark.parametrize("chosen,query", COMBINATIONS)
def test_two_filters_and_a_query_give_exactly_the_right_items(driver, server, runtime, chosen, query):
    open_filtered(driver, server, chosen, query)
    got = filtered(driver, chosen, query)
    want = expected(chosen, query)
    assert got == want, (chosen, query, len(got or []), len(want))
    status = driver.find_element(By.CSS_SELECTOR, ".filters-status").text
    assert status == (f"{len(want)} item matches" if len(want) == 1 else f"{len(want)} items match"), status
    # The grid shows them, in order, from its top.
    test_runtime.wait_grid_idle(driver)
    keys = driver.execute_script("""return [...document.querySelectorAll('.grid .cell:not([hidden])')]
      .sort((a, b) => a.dataset.index - b.dataset.index).map((c) => c.dataset.key);""")
    assert keys and keys == [test_runtime.key_of(i) for i in want[:len(keys)]], keys[:5]


def test_every_pair_of_small_filters_is_exact(driver, server, runtime):
    """Every combination of a genre with a price band, applied through the page's own selects."""
    open_gallery(driver, server.base, 1)
    genre, price = Select(driver.find_element(By.ID, "filter-genre")), Select(driver.find_element(By.ID, "filter-price"))
    for g in ["Action", "Word", "Ärzte & Co"]:
        for p in ["0-1", "1-5", "5-"]:
            genre.select_by_value(g)
            price.select_by_value(p)
            chosen = {"genre": g, "price": p}
            want = expected(chosen)
            got = filtered(driver, chosen)
            assert got == want, (chosen, len(got or []), len(want))


def test_the_address_round_trips_and_reload_restores(driver, server, runtime):
    info = open_gallery(driver, server.base, 1)
    grid_top = info["gridTop"]
    Select(driver.find_element(By.ID, "filter-genre")).select_by_value("Puzzle")
    assert filtered(driver, {"genre": "Puzzle"}) == expected({"genre": "Puzzle"})
    Select(driver.find_element(By.ID, "filter-price")).select_by_value("0-1")
    both = {"genre": "Puzzle", "price": "0-1"}
    assert filtered(driver, both) == expected(both)
    params = urllib.parse.parse_qs(urllib.parse.urlsplit(driver.current_url).query)
    assert params["genre"] == ["Puzzle"] and params["price"] == ["0-1"], driver.current_url
    # No layout shift: the grid starts where it did before any filter.
    top = driver.execute_script("return document.getElementById('grid').getBoundingClientRect().top + scrollY")
    assert abs(top - grid_top) < 1, (top, grid_top)
    # Reload restores.
    url = driver.current_url
    driver.get(url)
    assert helpers.wait_until(lambda: driver.execute_script("return !!(window.__galgen && __galgen.filters)") or
                              test_runtime.wait_grid_idle(driver), timeout=20)
    assert helpers.wait_until(lambda: driver.execute_script(
        "const g = document.getElementById('filter-genre'), p = document.getElementById('filter-price');"
        "return g.value === 'Puzzle' && p.value === '0-1' && document.querySelector('.filters-status').textContent !== ''"), timeout=20)
    n = len(expected(both))
    assert driver.find_element(By.CSS_SELECTOR, ".filters-status").text == f"{n} items match"


def test_back_restores_each_choice(driver, server, runtime):
    """Back undoes one choice at a time (popstate in the same document; the reload above makes Back a
    matter of which documents the browser kept)."""
    open_gallery(driver, server.base, 1)
    # A visitor who picks a value has clicked the page. WebDriver's select_by_value does not activate it, and
    # Chromium's Back skips the entries of a page that added entries without user activation (anti-hijacking):
    # the second Back then left for about:blank.
    driver.find_element(By.TAG_NAME, "h1").click()
    Select(driver.find_element(By.ID, "filter-genre")).select_by_value("Puzzle")
    assert filtered(driver, {"genre": "Puzzle"}) == expected({"genre": "Puzzle"})
    Select(driver.find_element(By.ID, "filter-price")).select_by_value("0-1")
    assert filtered(driver, {"genre": "Puzzle", "price": "0-1"}) == expected({"genre": "Puzzle", "price": "0-1"})
    # Back: the genre alone, then nothing.
    driver.back()
    assert helpers.wait_until(lambda: driver.execute_script(
        "const g = document.getElementById('filter-genre'), p = document.getElementById('filter-price');"
            "return !!g && !!p && p.value === '' && g.value === 'Puzzle'"), timeout=20)
    one = len(expected({"genre": "Puzzle"}))
    assert helpers.wait_until(lambda: driver.find_element(By.CSS_SELECTOR, ".filters-status").text == f"{one} items match", timeout=20)
    driver.back()
    state = lambda: driver.execute_script(
        "const g = document.getElementById('filter-genre'), s = document.querySelector('.filters-status');"
        "return {url: location.href, genre: g && g.value, status: s && s.textContent}")
    assert helpers.wait_until(lambda: (lambda st: st["genre"] == "" and st["status"] == "")(state()), timeout=20), state()
    assert "genre=" not in driver.current_url
    # Clear filters empties every select and the address.
    Select(driver.find_element(By.ID, "filter-rating")).select_by_value("4-")
    assert helpers.wait_until(lambda: "rating=4-" in driver.current_url, timeout=10)
    driver.find_element(By.CSS_SELECTOR, ".filters-clear").click()
    assert helpers.wait_until(lambda: "rating=" not in driver.current_url and
                              driver.find_element(By.CSS_SELECTOR, ".filters-status").text == "", timeout=10)


def lightbox_title(driver, want: str, timeout: float = 20) -> str | None:
    """The open lightbox's title once it is `want` (its item's shard may still be on its way), else the last one."""
    seen = {}

    def done():
        seen["t"] = driver.execute_script("const h = document.querySelector('dialog[open] h2'); return h && h.textContent")
        return seen["t"] == want
    helpers.wait_until(done, timeout=timeout)
    return seen.get("t")


def test_a_deep_link_under_a_filter_opens_its_own_item(driver, server, runtime):
    """While filtered, the grid's positions are not collection indexes: an `#item-` link to an item the filters
    keep opens that item (at its filtered position); one to an item they leave out clears them, then opens it."""
    chosen = {"genre": "Puzzle"}
    open_filtered(driver, server, chosen)
    want = expected(chosen)
    assert filtered(driver, chosen) == want
    inside = want[len(want) // 2]       # far past the page's own cells: found through the search index's keys
    driver.execute_script("location.hash = arguments[0]", "#item-" + test_runtime.key_of(inside))
    assert lightbox_title(driver, f"Person {inside}") == f"Person {inside}"
    assert driver.execute_script("return __galgen.filtered.length") == len(want), "the filter stays"
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    assert test_runtime.wait_dialog(driver, False)
    kept = set(want)
    outside = next(i for i in range(len(PEOPLE) // 2, len(PEOPLE)) if i not in kept)
    driver.execute_script("location.hash = arguments[0]", "#item-" + test_runtime.key_of(outside))
    assert lightbox_title(driver, f"Person {outside}") == f"Person {outside}"
    assert helpers.wait_until(lambda: driver.execute_script(
        "return __galgen.filtered === null && document.getElementById('filter-genre').value === ''"), timeout=10)


def test_only_the_needed_files_are_fetched(driver, server, runtime):
    open_gallery(driver, server.base, 1)
    helpers.settle(driver)
    assert filter_requests(server) == [], "the filters' files were fetched before a filter was used"
    server.reset_log()
    Select(driver.find_element(By.ID, "filter-country")).select_by_value("Île 002")
    filtered(driver, {"country": "Île 002"})
    first = filter_requests(server)
    assert len(first) == 2, first
    assert any(re.search(r"/search/filters/0\.json$", p) for p in first), first
    value = next(p for p in first if p.endswith(".bin"))
    server.reset_log()
    Select(driver.find_element(By.ID, "filter-genre")).select_by_value("Racing")
    filtered(driver, {"country": "Île 002", "genre": "Racing"})
    second = filter_requests(server)
    assert len(second) == 1 and second[0].endswith(".bin") and second[0] != value, second
    # Back to a value already fetched: nothing new.
    server.reset_log()
    Select(driver.find_element(By.ID, "filter-genre")).select_by_value("")
    assert filtered(driver, {"country": "Île 002"}) == expected({"country": "Île 002"})
    assert filter_requests(server) == []


def test_the_pool_stays_bounded_and_reused_while_filtered(driver, server, runtime):
    info = open_filtered(driver, server, {"price": "5-"})
    assert filtered(driver, {"price": "5-"}) == expected({"price": "5-"})
    cap = driver.execute_script("return __galgen.poolCap")
    r = driver.execute_async_script(helpers.LONG_SCROLL, 3000, 200, 30000)
    assert "error" not in r, r
    helpers.settle(driver)
    cells = driver.execute_script("return document.querySelectorAll('.grid .cell').length")
    assert cells <= cap, (cells, cap)
    # Changing the filter keeps the nodes of the items still in the window (same key, same node).
    driver.execute_script("scrollTo(0, 0)")
    helpers.settle(driver)
    before = stats(driver)
    Select(driver.find_element(By.ID, "filter-rating")).select_by_value("3-")
    assert filtered(driver, {"price": "5-", "rating": "3-"}) == expected({"price": "5-", "rating": "3-"})
    test_runtime.wait_grid_idle(driver)
    after = stats(driver)
    assert after["sameKeyReuse"] > before["sameKeyReuse"], (before, after)
    assert driver.execute_script("return document.querySelectorAll('.grid .cell').length") <= cap


@pytest.mark.parametrize("mode", list(test_runtime.MODES))
def test_no_stale_image_pixels_while_filtered(driver, server, runtime, mode, monkeypatch):
    """test_runtime's random walk with late, out-of-order pictures, on the grid filtered to price 5 or more:
    each cell's picture is its own item's (the colour of its collection index, mapped from its position)."""
    real_open = test_runtime.open_gallery

    def open_filtered_gallery(driver, base, page=1, debug="1", hash_=""):
        info = real_open(driver, base, page, debug=debug, hash_=hash_ + "&price=5-")
        helpers.wait_until(lambda: driver.execute_script("return !!(__galgen.filtered)"), timeout=20)
        helpers.settle(driver)
        return driver.execute_script(
            "return {poolCap: __galgen.poolCap, cols: __galgen.cols, rowHeight: __galgen.rowHeight, scale: __galgen.scale,"
            " innerWidth, innerHeight, scrollHeight: document.scrollingElement.scrollHeight,"
            " gridTop: document.getElementById('grid').getBoundingClientRect().top + scrollY}")
    monkeypatch.setattr(test_runtime, "open_gallery", open_filtered_gallery)
    monkeypatch.setattr(test_runtime, "BINDINGS", test_runtime.BINDINGS.replace(
        "+el.dataset.index", "(__galgen.filtered ? __galgen.filtered[+el.dataset.index] : +el.dataset.index)"))
    r = test_runtime.stale_image_run(driver, server, test_runtime.MODES[mode], steps=60)
    assert r["checked"] >= 600, r
    assert r["bad"] == 0, r
