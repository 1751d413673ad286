"""The runtime on a collection split into albums (`groupBy`): each album is a gallery of its own, so the reuse
pool, search and the lightbox work per album. The site's `teams` source (sitebuild.py) is 9,000 records in three
albums of 3,000, sorted by title with digit runs by value (Member 2 before Member 10)."""
from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import helpers
import sitebuild
from test_runtime import stats, visible_cell_link, wait_dialog

ALBUM = "teams/team-berg/"          # "Team Berg": members 1, 4, 7, …
ALBUM_COUNT = sitebuild.TEAM_COUNT // len(sitebuild.TEAMS)


def open_album(driver, base: str, debug: str = "1") -> dict:
    driver.get(f"{base}{ALBUM}?galgen-debug={debug}")
    ready = helpers.wait_ready(driver)
    assert ready.get("ok"), ready
    info = driver.execute_script(
        "return {poolCap: __galgen.poolCap, cols: __galgen.cols, rowHeight: __galgen.rowHeight, count: +document.getElementById('grid').dataset.count,"
        " virtual: document.getElementById('grid').classList.contains('virtual')}")
    assert info["virtual"], info
    return info


def test_albums_page_lists_each_album_with_its_count(driver, server, site):
    html = (site / "teams" / "index.html").read_text()
    titles = re.findall(r'class="card-title"[^>]*>([^<]+)<', html)
    assert titles == sitebuild.TEAMS, titles       # collation order: Ä with A in English
    assert html.count(f"{ALBUM_COUNT} items") == 3, "each album counts 3,000"
    driver.get(server.base + "teams/")
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".collections a")]
    assert [link.rstrip("/").rsplit("/", 1)[1] for link in links] == ["team-ara", "team-berg", "team-cho"], links


def test_reuse_pool_on_an_album(driver, server, runtime):
    """T1/T2 on an album: two long passes over its 3,000 items create no node beyond the pool, rebind many,
    and the second pass creates nothing; the album's items only."""
    info = open_album(driver, server.base)
    assert info["count"] == ALBUM_COUNT, info
    helpers.settle(driver)
    created = []
    for _ in (1, 2):
        r = driver.execute_async_script(helpers.LONG_SCROLL, 1500, 100, 9000)
        assert "error" not in r, r
        helpers.settle(driver)
        s = stats(driver)
        created.append(s["created"])
        assert r["maxImgs"] <= info["poolCap"], (r, info)
        assert s["created"] <= info["poolCap"], (s, info)
    assert s["binds"] > 500, s
    assert created[1] == created[0], created
    keys = driver.execute_script("return [...document.querySelectorAll('.grid .cell[data-key]')].map(c => c.dataset.key)")
    assert keys and all(int(k[1:]) % 3 == 1 for k in keys), keys[:20]   # every bound key is a member of Team Berg


def test_same_key_same_node_on_an_album(driver, server, runtime):
    """T8 on an album: scroll away a little and back: the cells in view are the same nodes, not rebound."""
    info = open_album(driver, server.base)
    y0 = round(300 * info["rowHeight"] / info["cols"])
    driver.execute_script("scrollTo(0, arguments[0])", y0)
    helpers.settle(driver)
    before = driver.execute_script("""
      window.__g8 = new Map();
      for (const el of document.querySelectorAll('.grid .cell:not([hidden])')) {
        const r = el.getBoundingClientRect();
        if (r.bottom > 0 && r.top < innerHeight) __g8.set(el.dataset.key, {ref: new WeakRef(el), token: el.dataset.token});
      }
      return __g8.size;""")
    assert before >= info["cols"] * 2
    driver.execute_script("scrollTo(0, arguments[0])", y0 + 2 * info["rowHeight"])
    helpers.settle(driver)
    driver.execute_script("scrollTo(0, arguments[0])", y0)
    helpers.settle(driver)
    result = driver.execute_script("""
      const out = {same: 0, other: []};
      for (const [key, {ref, token}] of __g8) {
        const el = document.querySelector('.grid .cell:not([hidden])[data-key="' + key + '"]');
        if (el && el === ref.deref() && el.dataset.token === token) out.same++; else out.other.push(key);
      }
      return out;""")
    assert result["other"] == [] and result["same"] == before, result


def test_search_in_an_album_finds_its_items_only(driver, server, runtime):
    open_album(driver, server.base)
    helpers.settle(driver)
    box = driver.find_element(By.CSS_SELECTOR, 'input[type="search"]')
    box.send_keys("Member 2998")                  # 2998 % 3 == 1: in Team Berg
    box.send_keys(Keys.ENTER)

    def found():
        return driver.execute_script("""
          const el = document.querySelector('.grid .cell:not([hidden])[data-key="t02998"]');
          if (!el) return null; const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight && el.contains(document.activeElement);""")
    assert helpers.wait_until(found, timeout=10), "t02998 not in view and focused after searching its album"
    # "Member 299" matches members 299 and 2990-2999 across the three teams: this album offers only its own
    # (2992, 2995, 2998), none of Team Ära's or Team Chō's.
    box = driver.find_element(By.CSS_SELECTOR, 'input[type="search"]')
    box.clear()
    box.send_keys("Member 299")

    def offered():
        texts = driver.execute_script("return [...document.querySelectorAll('#find-results button')].map(b => b.textContent)")
        return [int(n) for t in texts for n in re.findall(r"Member (\d+)", t)] or None
    numbers = helpers.wait_until(offered, timeout=10)
    assert numbers, "the album's search offered nothing for 'Member 299'"
    assert all(n % 3 == 1 for n in numbers), numbers
    assert {2992, 2995, 2998} <= set(numbers), numbers


def test_lightbox_in_an_album_shows_fields(driver, server, runtime):
    open_album(driver, server.base)
    helpers.settle(driver)
    link, key = visible_cell_link(driver, 2)
    link.click()
    assert wait_dialog(driver, True)
    fields = helpers.wait_until(lambda: driver.execute_script(
        "const d = document.querySelector('dialog[open] dl'); return d && d.textContent.includes('E-mail') ? d.textContent : null"),
        timeout=5)
    n = int(key[1:])
    assert fields and f"m{n}@example.org" in fields, (key, fields)
    href = driver.execute_script("const a = document.querySelector('dialog[open] dl a'); return a && a.getAttribute('href')")
    assert href == f"mailto:m{n}@example.org", href
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    assert wait_dialog(driver, False)
