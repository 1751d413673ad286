"""Checks that hold with JavaScript off, and axe-core on an item page (design runtime.md 3.4 T15)."""
from __future__ import annotations

import urllib.request

import helpers

COUNT = 100_000
PAGE_SIZE = 100


def test_t15_no_js_static_page_is_complete(driver, server):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(server.base + "people/page/2/")
    # the runtime did not run: the list is the plain static grid
    grid = driver.find_element("css selector", "ul.grid")
    assert "virtual" not in (grid.get_attribute("class") or "").split()
    cells = driver.find_elements("css selector", "ul.grid > li.cell")
    assert len(cells) == PAGE_SIZE
    info = [{
        "index": c.get_attribute("data-index"), "pos": c.get_attribute("aria-posinset"),
        "src": c.find_element("css selector", "img").get_attribute("src"),
        "width": c.find_element("css selector", "img").get_attribute("width"),
        "height": c.find_element("css selector", "img").get_attribute("height"),
        "alt": c.find_element("css selector", "img").get_attribute("alt"),
        "href": c.find_element("css selector", "a").get_attribute("href"),
    } for c in cells]
    for n, c in enumerate(info):
        assert c["src"], c
        assert c["width"] and int(c["width"]) > 0 and c["height"] and int(c["height"]) > 0, c
        assert c["alt"] == "", c  # decorative: the link's text names the item
        assert int(c["pos"]) == PAGE_SIZE + n + 1, c
    # pagination: <link rel=next> in the head and visible pager links
    assert driver.find_elements("css selector", 'link[rel="next"]')
    assert driver.find_elements("css selector", 'link[rel="prev"]')
    pager = driver.find_elements("css selector", "nav.pager a[href]")
    assert len(pager) >= 3
    assert driver.find_elements("css selector", 'nav.pager a[rel="next"]')
    # every item link and every pager link resolves to a real page on the server
    for url in [c["href"] for c in info] + [a.get_attribute("href") for a in pager]:
        with urllib.request.urlopen(url, timeout=10) as r:
            assert r.status == 200, url
            body = r.read().decode("utf-8")
        assert "<html" in body
    # the item page carries the item
    with urllib.request.urlopen(info[7]["href"], timeout=10) as r:
        assert "Person 107" in r.read().decode("utf-8")
    # every image URL resolves
    for src in {c["src"] for c in info}:
        with urllib.request.urlopen(src, timeout=10) as r:
            assert r.status == 200 and r.read(4)


def test_no_js_last_page(driver, server):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(server.base + f"people/page/{COUNT // PAGE_SIZE}/")
    cells = driver.find_elements("css selector", "ul.grid > li.cell")
    assert len(cells) == PAGE_SIZE
    assert cells[-1].find_element("css selector", "img").get_attribute("alt") == ""
    assert cells[-1].find_element("css selector", ".title").text == f"Person {COUNT - 1}"
    assert not driver.find_elements("css selector", 'link[rel="next"]')


def test_axe_item_page(driver, server):
    driver.get(server.base + "people/k073456/")
    result = helpers.run_axe(driver)
    assert "error" not in result, result
    assert result["version"].startswith("4."), result["version"]
    assert result["violations"] == [], result["violations"]


PICTURES = """
return [...document.querySelectorAll(arguments[0])].map(img => {
  const pic = img.parentElement;
  return {picture: pic.tagName === 'PICTURE', last: pic.lastElementChild === img,
          types: [...pic.querySelectorAll('source')].map(s => s.getAttribute('type')),
          sizes: [...pic.querySelectorAll('source')].map(s => s.getAttribute('sizes')), imgSizes: img.getAttribute('sizes'),
          loaded: img.complete && img.naturalWidth > 0, current: img.currentSrc};
});
"""


def test_no_js_pictures_offer_avif_and_webp_and_chromium_shows_avif(driver, server):
    """The site is built with "formats": ["avif", "webp", "jpeg"]: gallery cells, the home page's covers and the
    item page's photo are <picture>s with an AVIF and a WebP <source> (in that order) before the JPEG <img>, and
    Chromium (with JavaScript off, so without the runtime) shows the AVIF."""
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    for path, selector, least in (("people/page/2/", ".thumb img", PAGE_SIZE), ("", ".cover img", 1),
                                  ("people/k000107/", "main img", 1)):
        driver.get(server.base + path)
        # the pictures in view load (those further down may be lazy)
        helpers.wait_until(lambda: sum(p["loaded"] for p in driver.execute_script(PICTURES, selector)) >= min(least, 10), timeout=10)
        pics = driver.execute_script(PICTURES, selector)
        print(f"\n{path or 'home'}: {len(pics)} pictures, {sum(p['loaded'] for p in pics)} loaded, first {pics[:1]}")
        assert len(pics) >= least, (path, len(pics))
        assert sum(p["loaded"] for p in pics) >= min(least, 10), (path, pics[:3])
        for p in pics:
            assert p["picture"] and p["last"], (path, p)
            assert p["types"] == ["image/avif", "image/webp"], (path, p)
            assert all(s == p["imgSizes"] for s in p["sizes"]), (path, p)   # every format has the img's sizes
            if p["loaded"]:
                assert p["current"].endswith(".avif"), (path, p)
