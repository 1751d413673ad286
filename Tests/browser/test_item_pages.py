"""The runtime on a site built with `"itemPages": "none"` (issue 14): no item pages exist, so every link to an item
is its cell on the gallery page that lists it (`<page>#item-<key>`), which the runtime opens in the lightbox.

A small site of its own (300 items, 50 a page, so six gallery pages), built with galgen and served on 127.0.0.1.
"""
from __future__ import annotations

import json
import re
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import helpers
import sitebuild
from server import SiteServer

COUNT = 300
PAGE_SIZE = 50
ITEM_URL = re.compile(r"/people/k\d{6}/")


def key_of(index: int) -> str:
    return "k%06d" % index


def page_path(index: int) -> str:
    page = index // PAGE_SIZE + 1
    return "/people/" if page == 1 else f"/people/page/{page}/"


@pytest.fixture(scope="module")
def none_server(tmp_path_factory):
    work = tmp_path_factory.mktemp("item-pages-none")
    config = sitebuild.write_inputs(work, COUNT)
    settings = json.loads(config.read_text())
    settings.update({"itemPages": "none", "pageSize": PAGE_SIZE, "formats": ["webp", "jpeg"]})
    config.write_text(json.dumps(settings, indent=2))
    binary = sitebuild.galgen_binary()
    if not binary.exists():
        pytest.fail(f"galgen binary not found at {binary}; run `swift build --product galgen` or set GALGEN_BIN")
    out = work / "public"
    result = subprocess.run([str(binary), "build", "--config", str(config), "--output", str(out), "--cache", str(work / "cache")],
                            cwd=work, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert not any(p.is_dir() and p.name.startswith("k") for p in (out / "people").iterdir()), "item folders were written"
    srv = SiteServer(out, image_hosts=0).start()
    yield srv
    srv.stop()


@pytest.fixture
def browser(session_driver, none_server):
    helpers.reset_driver(session_driver)
    none_server.reset_log()
    yield session_driver
    # No request ever went to an item page (they do not exist: a 404).
    missing = [e["path"] for e in none_server.entries("missing") if not e["path"].startswith("/favicon")]
    assert missing == [], missing
    assert not [e["path"] for e in none_server.entries() if ITEM_URL.search(e["path"])]


def dialog(driver) -> dict | None:
    """The open lightbox's title and link, with the address bar; None while it is closed or still loading."""
    return driver.execute_script("""
      const d = document.querySelector('dialog[open]');
      const title = d && d.querySelector('h2').textContent;
      if (!title || title === 'Loading…') return null;
      return {title, link: d.querySelector('a').href, linkText: d.querySelector('a').textContent,
              path: location.pathname, hash: location.hash};""")


def test_clicking_a_cell_opens_it_at_its_own_address(browser, none_server):
    browser.get(f"{none_server.base}people/page/2/?galgen-debug=1")
    assert helpers.wait_ready(browser).get("ok")
    helpers.settle(browser)
    # server-rendered cells link to their own id on the page they were served on
    link = browser.find_element(By.CSS_SELECTOR, f"#item-{key_of(52)} a")
    assert link.get_attribute("href") == f"{none_server.base}people/page/2/#item-{key_of(52)}"
    link.click()
    shown = helpers.wait_until(lambda: dialog(browser), timeout=5)
    assert shown == {"title": "Person 52", "link": f"{none_server.base}people/page/2/#item-{key_of(52)}",
                     "linkText": "Link to this item", "path": "/people/page/2/", "hash": f"#item-{key_of(52)}"}, shown
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    assert helpers.wait_until(lambda: browser.execute_script("return !document.querySelector('dialog[open]')"))
    # cells the runtime binds further down link to the gallery page that lists their item
    browser.execute_script("document.getElementById('item-' + arguments[0]).scrollIntoView()", key_of(52))
    browser.execute_script("scrollBy(0, 3 * innerHeight)")
    helpers.settle(browser)
    hrefs = browser.execute_script("""
      return [...document.querySelectorAll('.grid .cell:not([hidden])[data-token]')].map(c => [+c.dataset.index, c.querySelector('a').href]);""")
    later = [(i, href) for i, href in hrefs if i >= 2 * PAGE_SIZE]
    assert later, hrefs
    for i, href in later:
        assert href == f"{none_server.base}{page_path(i)[1:]}#item-{key_of(i)}", (i, href)


@pytest.mark.parametrize("index, loaded", [(120, 120), (275, 0)])
def test_deep_link_opens_the_item(browser, none_server, index, loaded):
    """`<gallery page>#item-<key>` opens the item, from its own page and from another page of the collection."""
    browser.get(f"{none_server.base}{page_path(loaded)[1:]}#item-{key_of(index)}")
    shown = helpers.wait_until(lambda: dialog(browser), timeout=10)
    assert shown and shown["title"] == f"Person {index}", shown
    assert shown["hash"] == f"#item-{key_of(index)}" and shown["path"] == page_path(index), shown
    visible = browser.execute_script(helpers.VISIBLE_CELLS)
    assert key_of(index) in {c["key"] for c in visible}, visible


def test_search_hit_on_another_page_opens_it(browser, none_server):
    browser.get(f"{none_server.base}people/?galgen-debug=1")
    assert helpers.wait_ready(browser).get("ok")
    box = browser.find_element(By.CSS_SELECTOR, 'input[type="search"]')
    box.send_keys("Person 237")
    box.send_keys(Keys.ENTER)
    shown = helpers.wait_until(lambda: dialog(browser), timeout=10)
    assert shown and shown["title"] == "Person 237", shown
    assert shown["path"] == page_path(237) == "/people/page/5/" and shown["hash"] == f"#item-{key_of(237)}", shown
    # Back closes it, and the grid shows the item
    browser.back()
    assert helpers.wait_until(lambda: browser.execute_script("return !document.querySelector('dialog[open]')"))
    helpers.settle(browser)
    assert key_of(237) in {c["key"] for c in browser.execute_script(helpers.VISIBLE_CELLS)}
