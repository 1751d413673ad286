"""The gallery of a site a user makes with an installed galgen (`galgen init`, outside the repository, built-in
theme only) in headless Chromium: the runtime upgrades the grid, pictures load, the lightbox and the search box
work, and axe-core finds no violation on the home, gallery and item pages."""
from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import helpers

TITLES = ["Dawn", "Noon", "Dusk", "Night", "Mist", "Autumn"]


def open_page(driver, server, path: str) -> None:
    helpers.reset_driver(driver)
    driver.get(server.base + path)


def pictures_loaded(driver) -> bool:
    return driver.execute_script(
        "const imgs = [...document.querySelectorAll('.grid .cell:not([hidden]) img')];"
        " return imgs.length === 6 && imgs.every(i => i.complete && i.naturalWidth > 0);")


def test_the_runtime_upgrades_the_gallery_and_every_picture_loads(session_driver, own_server):
    driver = session_driver
    open_page(driver, own_server, "photos/?galgen-debug=1")
    assert helpers.wait_ready(driver).get("ok")
    assert driver.execute_script("return document.getElementById('grid').classList.contains('virtual')")
    assert helpers.wait_until(lambda: pictures_loaded(driver), timeout=10), "not every picture loaded"
    titles = driver.execute_script(
        "return [...document.querySelectorAll('.grid .cell:not([hidden])')].sort((a, b) => a.dataset.index - b.dataset.index)"
        ".map(c => c.querySelector('.title').textContent)")
    assert titles == TITLES
    assert driver.execute_script("return document.title") == "Photos"
    assert "My own gallery" in driver.find_element(By.CSS_SELECTOR, "header").text


def test_the_lightbox_opens_shows_the_picture_and_closes(session_driver, own_server):
    driver = session_driver
    open_page(driver, own_server, "photos/?galgen-debug=1")
    assert helpers.wait_ready(driver).get("ok")
    helpers.settle(driver)
    driver.find_element(By.CSS_SELECTOR, '.grid .cell[data-key="dusk"] a').click()
    assert helpers.wait_until(lambda: driver.execute_script(
        "const i = document.querySelector('dialog[open] img'); return !!i && i.complete && i.naturalWidth > 0"), timeout=10)
    assert driver.execute_script("return document.querySelector('dialog[open] h2').textContent") == "Dusk"
    assert driver.execute_script("return location.hash") == "#item-dusk"
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    assert helpers.wait_until(lambda: driver.execute_script("return !document.querySelector('dialog[open]')"), timeout=5)


def test_the_search_box_finds_an_item(session_driver, own_server):
    driver = session_driver
    open_page(driver, own_server, "photos/?galgen-debug=1")
    assert helpers.wait_ready(driver).get("ok")
    box = driver.find_element(By.CSS_SELECTOR, 'input[type="search"]')
    box.send_keys("autumn")
    box.send_keys(Keys.ENTER)
    assert helpers.wait_until(lambda: driver.execute_script(
        "const c = document.querySelector('.grid .cell[data-key=\"autumn\"]');"
        " return !!c && c.contains(document.activeElement)"), timeout=10), "the search did not reach Autumn"


def test_no_javascript_item_page_is_complete(session_driver, own_server):
    driver = session_driver
    helpers.reset_driver(driver)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(own_server.base + "photos/night/")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Night"
    assert helpers.wait_until(lambda: driver.execute_script(
        "const i = document.querySelector('main img'); return !!i && i.complete && i.naturalWidth > 0"), timeout=10)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_axe_finds_no_violation(session_driver, own_server):
    driver = session_driver
    for path in ["", "photos/?galgen-debug=1", "photos/mist/"]:
        open_page(driver, own_server, path)
        if "galgen-debug" in path:
            assert helpers.wait_ready(driver).get("ok")
        result = helpers.run_axe(driver)
        assert "error" not in result and result["version"].startswith("4."), (path, result)
        assert result["violations"] == [], (path, result["violations"])
