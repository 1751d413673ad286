"""The sharded search index in the browser (docs/search.md): a query fetches only the fragments it needs,
case and diacritics fold, prefixes match while typing, CJK text is found, the home page searches every
collection, `?q=` round-trips through history, and a missing fragment says so without breaking the page.
Also the size budget of a gallery page as published."""
from __future__ import annotations

import gzip
import json
import re
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import helpers
from test_runtime import open_gallery


def search_requests(server) -> list[str]:
    return [e["path"] for e in server.entries() if e["kind"] == "search" or "/search/" in e["path"]]


def results(driver, timeout=10, want=None):
    """The result list once it shows something (or `want` is in it): [(title, subtitle, collection)], status."""
    def shown():
        r = driver.execute_script("""
          const status = document.querySelector('.find-status').textContent;
          const rows = [...document.querySelectorAll('.find-results button')].map((b) => [
            (b.querySelector('.find-title') || b).textContent,
            (b.querySelector('.find-subtitle') || {}).textContent || null,
            (b.querySelector('.find-collection') || {}).textContent || null]);
          return status ? {status, rows} : null;""")
        if r and want is not None and not any(want in row[0] for row in r["rows"]):
            return None
        return r
    r = helpers.wait_until(shown, timeout=timeout)
    assert r, "the search box showed no status"
    return r["rows"], r["status"]


def type_into(driver, text, enter=False):
    box = driver.find_element(By.CSS_SELECTOR, 'search.find input')
    box.clear()
    box.send_keys(text)
    if enter:
        box.send_keys(Keys.ENTER)
    return box


def open_home(driver, base, query=""):
    driver.get(base + ("?q=" + urllib.parse.quote(query) if query else ""))
    assert helpers.wait_until(lambda: driver.execute_script(
        "const b = document.querySelector('search.find'); return b && !b.hidden"), timeout=10), "home search box not shown"


def test_a_query_fetches_only_the_fragments_it_needs(driver, server, runtime, site):
    index = json.loads((site / "search" / "index.json").read_text())
    fragments = len(index["terms"]["hashes"])
    assert fragments >= 20, f"the test site's index has {fragments} term fragments: too few to tell"
    open_gallery(driver, server.base, 3)
    server.reset_log()
    type_into(driver, "person 54321")
    rows, status = results(driver, want="Person 54321")
    assert rows[0][0] == "Person 54321", rows[:3]            # exact title first
    paths = search_requests(server)
    terms = [p for p in paths if "/search/terms/" in p]
    docs = [p for p in paths if "/search/docs/" in p]
    print(f"\nsearch: {len(terms)} term fragments of {fragments}, {len(docs)} document shards, {len(paths)} files")
    # the title term's fragment, `person`'s, and at most 4 for the prefix `54321`
    assert 1 <= len(terms) <= 6, terms
    assert len(docs) <= 20, docs
    total = sum((site / urllib.parse.urlsplit(p).path.lstrip("/")).stat().st_size for p in paths if (site / urllib.parse.urlsplit(p).path.lstrip("/")).is_file())
    assert total < 400_000, f"{total} bytes fetched for one query"
    # the same query again fetches nothing new
    server.reset_log()
    type_into(driver, "person 5432")
    results(driver)
    type_into(driver, "person 54321")
    results(driver, want="Person 54321")
    again = [p for p in search_requests(server) if "/search/terms/" in p]
    assert set(again) <= set(terms) | set(again[:4]), again


@pytest.mark.parametrize("query, expected", [("ZURICH", "Zürich"), ("lodz", "Łódź"), ("sao paulo", "São Paulo"),
                                             ("KRAKÓW", "Kraków"), ("orsted", "Ørsted Park"), ("東京", "東京都"),
                                             ("서울", "서울"), ("reykjavik", "Reykjavík")])
def test_case_and_diacritics_fold_and_cjk_is_found(driver, server, runtime, query, expected):
    open_home(driver, server.base)
    type_into(driver, query, enter=False)
    rows, status = results(driver, want=expected)
    assert any(expected in row[0] for row in rows), (query, rows[:5], status)
    assert all(row[2] in (None, "Places") for row in rows if expected in row[0])


def test_prefix_while_typing_then_words(driver, server, runtime):
    open_home(driver, server.base)
    type_into(driver, "zur")                                   # no Enter: the last word is a prefix
    rows, status = results(driver, want="Zürich")
    assert rows and all(row[0].startswith("Zürich") for row in rows), rows[:5]
    type_into(driver, "schweiz zur")                           # a subtitle word and a prefix
    rows, _ = results(driver, want="Zürich")
    assert all(row[1] == "Schweiz" for row in rows), rows[:5]


def test_home_page_searches_every_collection(driver, server, runtime):
    open_home(driver, server.base)
    type_into(driver, "12", enter=False)
    rows, status = results(driver, want="12")
    collections = {row[2] for row in rows}
    assert {"People", "Places"} <= collections, (rows[:8], status)
    assert rows[0][0] in ("Person 12",) and rows[1][0].endswith(" 12"), rows[:3]


def test_a_gallery_page_searches_its_own_collection(driver, server, runtime):
    open_gallery(driver, server.base, 1)
    type_into(driver, "zurich")
    rows, status = results(driver)
    assert status == "No matches" and not rows, (rows, status)


def test_query_in_the_address_round_trips(driver, server, runtime):
    open_home(driver, server.base, "zurich 8")
    rows, _ = results(driver, want="Zürich 8")
    assert rows[0][0] == "Zürich 8", rows[:3]
    assert driver.find_element(By.CSS_SELECTOR, 'search.find input').get_attribute("value") == "zurich 8"
    driver.find_element(By.CSS_SELECTOR, '.find-results button').click()
    assert helpers.wait_until(lambda: "/places/pl008/" in driver.current_url, timeout=10), driver.current_url
    driver.back()
    assert helpers.wait_until(lambda: "q=zurich" in driver.current_url, timeout=10), driver.current_url
    rows, _ = results(driver, want="Zürich 8")
    assert rows[0][0] == "Zürich 8"
    # typing writes the query into the address (replaceState: no history entry per key)
    length = driver.execute_script("return history.length")
    type_into(driver, "lodz")
    results(driver, want="Łódź")
    assert helpers.wait_until(lambda: "q=lodz" in driver.current_url, timeout=5), driver.current_url
    assert driver.execute_script("return history.length") == length


def test_search_in_a_gallery_then_back_to_the_results(driver, server, runtime):
    open_gallery(driver, server.base, 1)
    type_into(driver, "person 77777", enter=True)
    assert helpers.wait_until(lambda: driver.execute_script(
        "const el = document.querySelector('.cell[data-key=\"k077777\"]'); return el && el.contains(document.activeElement)"), timeout=10)
    assert "q=" not in driver.current_url
    driver.back()
    assert helpers.wait_until(lambda: "q=person" in driver.current_url, timeout=10), driver.current_url
    rows, _ = results(driver, want="Person 77777")
    assert rows[0][0] == "Person 77777"


def test_a_missing_fragment_says_search_is_unavailable(driver, server, runtime):
    server.fail_paths = r"^search/terms/"
    try:
        open_gallery(driver, server.base, 2)
        type_into(driver, "person 4")
        rows, status = results(driver)
        assert status == "Search is unavailable" and not rows, (rows, status)
        # the page still works: the grid scrolls and binds
        driver.execute_script("window.scrollBy(0, 3000)")
        helpers.settle(driver)
        bound = driver.execute_script("return document.querySelectorAll('.grid .cell:not([hidden])[data-token]').length")
        assert bound > 10, bound
    finally:
        server.fail_paths = None
    type_into(driver, "person 42")                             # once the files are back, it recovers
    rows, status = results(driver, want="Person 42")
    assert rows[0][0] == "Person 42", (rows[:3], status)


def test_first_gallery_page_within_25_kb_gzip(site):
    """The first gallery page as published: its HTML, its stylesheet and every module it loads before the first
    render (the entry and its modulepreloads), each gzipped, at most 25 KB; the index reader is not among them."""
    page = site / "people" / "index.html"
    html = page.read_text()
    refs = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    refs += re.findall(r'<script type="module" src="([^"]+)"', html)
    refs += re.findall(r'<link rel="modulepreload" href="([^"]+)"', html)
    assert len(refs) >= 10, refs
    assert not any("search-core" in r for r in refs)
    sizes = {"html": len(gzip.compress(page.read_bytes(), 9))}
    for ref in refs:
        sizes[ref] = len(gzip.compress((page.parent / ref).resolve().read_bytes(), 9))
    total = sum(sizes.values())
    print(f"\nfirst gallery page: {total} bytes gzip ({sizes['html']} HTML)")
    assert total <= 25 * 1024, sizes
