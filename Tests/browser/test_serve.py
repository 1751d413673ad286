"""`galgen serve` in a real browser: an open page reloads by itself after a template edit, shows a
failed rebuild as an overlay over the last good page, and recovers when the file is fixed."""
from __future__ import annotations

import time

import pytest

import helpers
import servesite

HEAD_MARKER = '<meta name="serve-test" content="{}" />\n'


@pytest.fixture
def served(tmp_path):
    config = servesite.copy_sample(tmp_path / "site")
    serve = servesite.Serve(config)
    yield serve, tmp_path / "site"
    serve.stop()


def marker(driver) -> str | None:
    return driver.execute_script("const m = document.querySelector('meta[name=serve-test]'); return m && m.content;")


def test_open_page_reloads_after_a_template_edit_and_shows_build_errors(session_driver, served):
    serve, site = served
    driver = session_driver
    helpers.reset_driver(driver)
    driver.get(serve.url + "people/")
    assert driver.execute_script("return !!document.querySelector('script[src=\"/__galgen/reload.js\"]')")
    # Wait for the event stream to be open, then mark this document: a reload loses the mark.
    helpers.wait_until(lambda: driver.execute_script("return performance.getEntriesByType('resource')"
                                                     ".some(e => e.name.endsWith('/__galgen/events'))"), timeout=10)
    driver.execute_script("window.__serveTestMark = 1")
    head = site / "Templates" / "head.mustache"
    original = head.read_text()

    head.write_text(original + HEAD_MARKER.format("v2"))
    assert helpers.wait_until(lambda: marker(driver) == "v2", timeout=30), "the page did not reload after the edit"
    assert driver.execute_script("return window.__serveTestMark") is None, "the content changed without a reload?"
    driver.execute_script("window.__serveTestMark = 2")

    head.write_text(original + "{{#unclosed}}\n")
    overlay = helpers.wait_until(lambda: driver.execute_script(
        "const o = document.getElementById('galgen-serve-error'); return o && o.textContent;"), timeout=30)
    assert overlay and "head.mustache" in overlay and "Mustache" in overlay, overlay
    assert driver.execute_script("return window.__serveTestMark") == 2, "a failed build must not reload the page"
    assert marker(driver) == "v2"

    head.write_text(original + HEAD_MARKER.format("v3"))
    assert helpers.wait_until(lambda: marker(driver) == "v3", timeout=30), "fixing the template did not recover"
    assert driver.execute_script("return document.getElementById('galgen-serve-error')") is None
    assert serve.stop() == 0
    published = "".join(p.read_text(errors="ignore") for p in (site / "public").rglob("*.html"))
    assert "/__galgen/" not in published and 'content="v3"' in published
