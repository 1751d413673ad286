"""What a visitor's browser fetches for the first gallery page, measured in headless Chromium: every HTML,
CSS and JS file the page loads before the network goes idle (Resource Timing, and the navigation itself),
each gzipped alone as a static host serves it. Budget: 25 KB (issue 30 aims lower: the search box, the
lightbox and the index reader must not be among them before first use)."""
from __future__ import annotations

import gzip
import time
import urllib.parse

import helpers

BUDGET = 25 * 1024


def fetched_before_idle(driver, quiet: float = 1.0, timeout: float = 20.0) -> list[str]:
    """URLs of the navigation and of every resource, once no new resource entry appeared for `quiet` seconds."""
    end = time.monotonic() + timeout
    seen, since = -1, time.monotonic()
    while time.monotonic() < end:
        count = driver.execute_script("return performance.getEntriesByType('resource').length")
        if count != seen:
            seen, since = count, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
        time.sleep(0.1)
    return driver.execute_script(
        "return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]"
        ".map((e) => e.name)")


def test_first_gallery_page_as_a_browser_fetches_it(driver, server, site):
    driver.get(server.base + "people/")
    assert helpers.wait_until(lambda: driver.execute_script("return document.readyState === 'complete'"), timeout=20)
    urls = fetched_before_idle(driver)
    sizes: dict[str, int] = {}
    for url in urls:
        path = urllib.parse.urlparse(url).path
        if path.startswith("/__"):
            continue                                                # the test server's own hooks, not the site
        if path.endswith("/"):
            path += "index.html"
        if not path.endswith((".html", ".css", ".js")):
            continue                                                # images and data files are not counted
        file = site / path.lstrip("/")
        assert file.is_file(), (url, file)
        sizes[path] = len(gzip.compress(file.read_bytes(), 9))
    total = sum(sizes.values())
    print(f"\nfirst gallery page, as Chromium fetched it before idle: {total} bytes gzip in {len(sizes)} files: {sizes}")
    assert "/people/index.html" in sizes and any(p.endswith(".css") for p in sizes) and any(p.endswith(".js") for p in sizes), sizes
    # The search box's module (search-…js), the index reader (search-core-…js) and the lightbox load on first use.
    assert not any(p.startswith(("/assets/search-", "/assets/lightbox-")) for p in sizes), sizes
    assert total <= BUDGET, sizes
