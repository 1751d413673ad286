"""Searchable fields (`"search": true` on an extra field, docs/search.md) in headless Chromium, on a small site
built here: a word only in a searchable field finds its item, which the result list marks "in <Label>"; a word
of the title is found without a mark; prefixes and diacritics fold as in titles; a field that is not searchable
finds nothing; the home page names the collection and the field."""
from __future__ import annotations

import json
import pathlib
import subprocess

import pytest
from selenium.webdriver.common.by import By

import helpers
import sitebuild
from server import SiteServer

# id, title, subtitle, genre (searchable), keywords (searchable, labelled), developer (not searchable)
APPS = [
    ("chess", "Chess Pro", "Board games", "Strategy", "classic, kings", "Kasparov Soft"),
    ("cafe", "Café Finder", None, "Food & Drink", "Crème brûlée, coffee", "Bistro Labs"),
    ("maps", "City Maps", "Offline maps", "Navigation", "東京都, transit", "Atlas Works"),
    ("guide", "Strategy Guide", None, "Books", None, "Quill Press"),
    ("plain", "Plain Notes", None, None, None, "Zyxwv Studio"),
] + [("app%02d" % i, "Utility %d" % i, None, "Utilities", "tool", "Maker %d" % i) for i in range(30)]
PEOPLE = [("ann", "Ann Lee", "Strategy consultant")]


def build(work: pathlib.Path) -> pathlib.Path:
    binary = sitebuild.galgen_binary()
    if not binary.exists():
        raise FileNotFoundError(f"galgen binary not found at {binary}; run `swift build --product galgen` or set GALGEN_BIN")
    work.mkdir(parents=True, exist_ok=True)
    apps = [{"id": a[0], "name": a[1], "sub": a[2], "genre": a[3], "keywords": a[4], "dev": a[5]} for a in APPS]
    (work / "apps.json").write_text(json.dumps(apps, ensure_ascii=False))
    (work / "people.json").write_text(json.dumps([{"id": p[0], "name": p[1], "role": p[2]} for p in PEOPLE]))
    config = {
        "title": "Search fields test", "language": "en", "pageSize": 20,
        "sources": [{
            "name": "apps", "title": "Apps", "type": "json", "path": "apps.json",
            "fields": {"id": "id", "title": "name", "subtitle": "sub", "extra": {
                "genre": {"path": "genre", "search": True},
                "keywords": {"path": "keywords", "label": "Key words", "search": True},
                "developer": "dev"}},
        }, {
            "name": "people", "title": "People", "type": "json", "path": "people.json",
            "fields": {"id": "id", "title": "name", "subtitle": "role"},
        }],
    }
    (work / "config.json").write_text(json.dumps(config, indent=2))
    result = subprocess.run([str(binary), "build", "--config", "config.json", "--output", "public", "--cache", "cache"],
                            cwd=work, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"galgen build failed ({result.returncode}):\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    return work / "public"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    try:
        return build(tmp_path_factory.mktemp("search-fields"))
    except (FileNotFoundError, RuntimeError) as e:
        pytest.fail(str(e))


@pytest.fixture(scope="module")
def srv(built):
    server = SiteServer(built, image_hosts=0).start()
    yield server
    server.stop()


@pytest.fixture
def browser(session_driver, srv):
    helpers.reset_driver(session_driver)
    yield session_driver
    helpers.reset_driver(session_driver)


def search(driver, text: str) -> tuple[list[dict], str]:
    """Types `text` into the page's search box; the results once the status shows for it."""
    box = driver.find_element(By.CSS_SELECTOR, "search.find input")
    box.clear()
    driver.execute_script("document.querySelector('.find-status').textContent = ''")
    box.send_keys(text)

    def shown():
        return driver.execute_script("""
          const status = document.querySelector('.find-status').textContent;
          if (!status) return null;
          const text = (b, c) => (b.querySelector(c) || {}).textContent || null;
          return {status, rows: [...document.querySelectorAll('.find-results button')].map((b) => ({
            title: text(b, '.find-title'), subtitle: text(b, '.find-subtitle'), field: text(b, '.find-field'),
            collection: text(b, '.find-collection')}))};""")
    found = helpers.wait_until(shown, timeout=10)
    assert found, f"no results shown for {text!r}"
    return found["rows"], found["status"]


def open_page(driver, srv, path: str) -> None:
    driver.get(srv.base + path)
    assert helpers.wait_until(lambda: driver.execute_script(
        "const b = document.querySelector('search.find'); return !!b && !b.hidden"), timeout=10), "no search box"


def test_the_index_lists_the_labels_and_the_shards_the_texts(built):
    index = json.loads((built / "search" / "index.json").read_text())
    assert [c.get("fields") for c in index["collections"]] == [["Genre", "Key words"], None]
    row = json.loads(next((built / "search" / "docs").glob("0-*.json")).read_text())[0]
    assert row == ["chess", "Chess Pro", "Board games", "Strategy", "classic, kings"]   # no developer


def test_a_word_only_in_a_searchable_field_finds_the_item_in_that_field(browser, srv):
    open_page(browser, srv, "apps/")
    rows, status = search(browser, "navigation ")
    assert [(r["title"], r["field"]) for r in rows] == [("City Maps", "in Genre")], (rows, status)
    rows, _ = search(browser, "kings ")
    assert [(r["title"], r["field"]) for r in rows] == [("Chess Pro", "in Key words")]
    # The genre holds the word for Chess Pro; Strategy Guide's title holds it: no field is named.
    rows, _ = search(browser, "strategy ")
    assert [(r["title"], r["field"]) for r in rows] == [("Chess Pro", "in Genre"), ("Strategy Guide", None)]
    rows, _ = search(browser, "chess pro ")
    assert [(r["title"], r["field"]) for r in rows] == [("Chess Pro", None)]


def test_the_last_word_is_a_prefix_and_diacritics_fold(browser, srv):
    open_page(browser, srv, "apps/")
    rows, _ = search(browser, "navig")
    assert [(r["title"], r["field"]) for r in rows] == [("City Maps", "in Genre")]
    rows, _ = search(browser, "CREME BRU")
    assert [(r["title"], r["field"]) for r in rows] == [("Café Finder", "in Key words")]
    rows, _ = search(browser, "東京")
    assert [(r["title"], r["field"]) for r in rows] == [("City Maps", "in Key words")]


def test_a_field_that_is_not_searchable_finds_nothing(browser, srv):
    open_page(browser, srv, "apps/")
    rows, status = search(browser, "zyxwv ")
    assert rows == [] and status == "No matches", (rows, status)


def test_the_home_page_names_the_collection_and_the_field(browser, srv):
    open_page(browser, srv, "")
    rows, _ = search(browser, "strategy ")
    assert [(r["title"], r["field"], r["collection"]) for r in rows] == [
        ("Chess Pro", "in Genre", "Apps"), ("Strategy Guide", None, "Apps"), ("Ann Lee", None, "People")]
