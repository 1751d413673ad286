"""Previews (issue 44): each image's ThumbHash, painted by the runtime (thumbhash.js) under a cell's picture until it
arrives, on the item page and in the viewer too, and never left on a cell the reuse pool rebinds to another item.

A small site of its own: 240 records, each with its own small picture (a colour and a stripe, in three shapes), so
every item has a preview of its own. The gallery runs in the server's test-image mode (`/__colour/`: each cell's
picture is a test image from another loopback port, held back as long as a test asks, so the six connections per
host never hold up the runtime's own files); the item page's picture is held back with `site_image_delay`."""
from __future__ import annotations

import json
import pathlib
import subprocess

import pytest

import helpers
import sitebuild
from server import SiteServer

COUNT = 240
SHAPES = [(120, 80), (80, 120), (96, 96)]
CONFIG = {
    "title": "Preview test", "language": "en", "formats": ["jpeg"], "imageWidths": [160], "pageSize": 24,
    "sources": [{"name": "things", "type": "json", "path": "things.json",
                 "fields": {"id": "id", "title": "title", "image": "image"}}],
}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> pathlib.Path:
    from PIL import Image, ImageDraw
    work = tmp_path_factory.mktemp("preview-site")
    (work / "images").mkdir()
    records = []
    for i in range(COUNT):
        w, h = SHAPES[i % 3]
        im = Image.new("RGB", (w, h), ((i * 67) % 256, (i * 29 + 80) % 256, (i * 151 + 30) % 256))
        ImageDraw.Draw(im).rectangle([0, 0, w // 3, h], fill=((i * 13) % 256, 255 - (i * 7) % 256, (i * 101) % 256))
        im.save(work / "images" / f"{i}.jpg", "JPEG", quality=90)
        records.append({"id": f"t{i}", "title": f"Thing {i}", "image": f"images/{i}.jpg"})
    (work / "things.json").write_text(json.dumps(records))
    (work / "config.json").write_text(json.dumps(CONFIG))
    binary = sitebuild.galgen_binary()
    if not binary.exists():
        pytest.fail(f"galgen binary not found at {binary}; run `swift build --product galgen` or set GALGEN_BIN")
    out = work / "public"
    result = subprocess.run([str(binary), "build", "--config", str(work / "config.json"), "--output", str(out),
                             "--cache", str(work / "cache")], cwd=work, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    return out


@pytest.fixture(scope="module")
def srv(site):
    server = SiteServer(site).start()
    server.keep_previews = True                               # the previews are what this file tests
    yield server
    server.stop()


@pytest.fixture(scope="module")
def own_driver():
    """A browser of its own whose `get` does not wait for the load event (the held-back pictures)."""
    driver = helpers.make_driver(page_load="none")
    yield driver
    driver.quit()


@pytest.fixture
def browser(own_driver, srv):
    own_driver.get("about:blank")
    own_driver.execute_cdp_cmd("Network.enable", {})
    own_driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    srv.site_image_delay = 0.0
    srv.image_query = "d=30&ns=1"
    yield own_driver
    srv.site_image_delay = 0.0
    srv.image_query = "rand=1.5&ns=1"
    own_driver.get("about:blank")


@pytest.fixture(scope="module")
def previews(site) -> dict[str, str]:
    """Every item's key → its preview (`p`), read from the built gallery data."""
    found = {}
    for shard in (site / "data" / "things").glob("*.json"):
        for item in json.loads(shard.read_text()).get("items", []):
            found[item["k"]] = item["p"]
    assert len(found) == COUNT, len(found)
    return found


def thumbhash_url(site: pathlib.Path) -> str:
    [module] = sorted((site / "assets").glob("thumbhash-*.js"))
    return "/__colour/assets/" + module.name


# Each bound cell in the window: its key, its thumb's background image, whether its picture has loaded, and
# the background its key's preview gives (thumbhash.js's previewURL, the page's own module: the same string).
CELLS = """
const done = arguments[arguments.length - 1], [moduleURL, previews] = arguments;
import(moduleURL).then((m) => done([...document.querySelectorAll('.grid .cell[data-key]')].filter((c) => !c.hidden).map((c) => {
  const img = c.querySelector('img'), bg = c.querySelector('.thumb').style.backgroundImage;
  return {key: c.dataset.key, bg, loaded: !!(img.complete && img.naturalWidth && img.getAttribute('src')),
          expected: previews[c.dataset.key] ? m.previewURL(previews[c.dataset.key]) : null};
})), (e) => done({error: String(e)}));
"""


def cells(driver, site, previews):
    found = driver.execute_async_script(CELLS, thumbhash_url(site), previews)
    assert isinstance(found, list), found
    return found


def open_gallery(driver, srv):
    driver.get(srv.base + "__colour/things/?galgen-debug=1")
    assert helpers.wait_until(lambda: driver.execute_script("return !!window.__galgen"), timeout=10)
    ready = helpers.wait_ready(driver)
    assert ready.get("ok"), ready


def fetched_decoder(driver) -> bool:
    return driver.execute_script(
        "return performance.getEntriesByType('resource').some((e) => /\\/assets\\/thumbhash-/.test(e.name))")


def test_a_cell_shows_its_preview_until_its_picture_arrives(browser, srv, site, previews):
    srv.image_query = "d=2.5&ns=1"
    open_gallery(browser, srv)
    helpers.settle(browser)
    assert not fetched_decoder(browser), "the first page loads no decoder before first use"
    browser.execute_script("window.scrollTo(0, 2400)")
    assert helpers.wait_until(lambda: sum(bool(c["bg"]) for c in cells(browser, site, previews)) >= 12, timeout=5)
    assert fetched_decoder(browser)
    waiting = [c for c in cells(browser, site, previews) if not c["loaded"] and c["bg"]]
    assert len(waiting) >= 12, waiting[:3]
    for c in waiting:
        assert c["bg"].startswith('url("data:image/png;base64,'), c
        assert c["bg"] == c["expected"], c["key"]
    # The pictures arrive: the previews go (a transparent picture would show them through). A picture's
    # load event takes its preview away, a task after the picture is complete (which is what `loaded`
    # reads): a cell can be seen in between, so the check waits for the events, at most 2 s.
    assert helpers.wait_until(lambda: sum(c["loaded"] for c in cells(browser, site, previews)) >= 12, timeout=20)

    def still_shown():
        return [c for c in cells(browser, site, previews) if c["loaded"] and c["bg"] not in ("", "none")]
    assert helpers.wait_until(lambda: not still_shown(), timeout=2), still_shown()[:3]


def test_a_rebound_cell_never_shows_the_previous_items_preview(browser, srv, site, previews):
    # (image_query d=30: no picture arrives during the test, so every cell keeps its preview)
    open_gallery(browser, srv)
    browser.execute_script("window.scrollTo(0, 1)")          # first use: the decoder comes with the next bind
    created = browser.execute_script("return __galgen.stats.created")
    checked = painted = 0
    height = browser.execute_script("return document.documentElement.scrollHeight")
    for step in range(24):
        browser.execute_script("window.scrollTo(0, arguments[0])", (step * 7919) % max(1, height - 800))
        helpers.raf2(browser)
        for c in cells(browser, site, previews):
            checked += 1
            # Straight after a rebind: nothing, or this item's own preview; never another's.
            assert c["bg"] in ("", "none", c["expected"]), (step, c["key"])
            painted += c["bg"] == c["expected"]
    helpers.settle(browser)
    for c in cells(browser, site, previews):
        assert c["bg"] == c["expected"], ("settled: every cell shows its own preview", c["key"])
    stats = browser.execute_script("return __galgen.stats")
    assert stats["binds"] > created + 100, ("the pool rebound cells", stats)
    assert checked > 300 and painted > checked // 2, (checked, painted)


def test_the_item_page_and_the_viewer_show_the_preview(browser, srv, site, previews):
    srv.site_image_delay = 3.0
    browser.get(srv.base + "things/t4/")
    assert helpers.wait_until(lambda: browser.execute_script("return !!document.querySelector('.photo')"), timeout=10)
    assert helpers.wait_until(lambda: browser.execute_script(
        "return document.querySelector('.photo').style.backgroundImage"), timeout=5)
    figure = browser.execute_script(
        "const f = document.querySelector('.photo'); return [f.dataset.ph, f.style.backgroundImage, f.querySelector('img').complete]")
    assert figure[0] == previews["t4"] and figure[1].startswith('url("data:image/png') and not figure[2], figure
    open_gallery(browser, srv)
    browser.execute_script("document.querySelector('.grid .cell[data-key=\"t3\"] a').click()")
    assert helpers.wait_until(lambda: browser.execute_script(
        "const d = document.querySelector('dialog'); return !!d && d.open"), timeout=5)
    slide = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import(arguments[0]).then((m) => done([document.querySelector('.lightbox .slide').style.backgroundImage, m.previewURL(arguments[1])]))",
        thumbhash_url(site), previews["t3"])
    assert slide[0] == slide[1] and slide[0].startswith('url("data:image/png'), slide[0][:60]
