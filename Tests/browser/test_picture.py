"""The runtime with <picture>: the test site is built with "formats": ["avif", "webp", "jpeg"], so every cell is a
<picture> with an AVIF and a WebP <source> and a JPEG <img> (docs/runtime.md, "Pictures in several formats").

* every URL a cell holds (each <source> srcset, the <img> src/srcset/currentSrc) is a picture of the cell's own
  key, in the format of its element, including after long scrolls that rebind thousands of cells;
* Chromium loads the AVIF for grid cells and for the lightbox (the server sees no JPEG or WebP request), also
  when the lightbox opens before the runtime has learnt the format;
* prefetches are for the format the browser picked, and the cell then reuses the prefetched response;
* an image without a file in one format (null in the shard, no <source> in the page) shows the next format.

The stale-picture pixel test and its negative control over <picture> markup are T7 in test_runtime.py.
"""
from __future__ import annotations

import collections
import json
import random
import time
import urllib.parse

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

import helpers
from test_runtime import TRACK_WINDOW, open_gallery, pixel_check, scroll_to, stats, visible_cell_link, wait_dialog

TYPES = ["image/avif", "image/webp"]
EXT = {"image/avif": "avif", "image/webp": "webp"}


@pytest.fixture(scope="module")
def pictures(site):
    """From the manifest and every shard: which picture (one of the 8 source images) each key shows, and for every
    image path (relative to the site root) its picture and its format ("fallback" or a MIME type)."""
    manifest = json.loads(next((site / "data" / "people").glob("manifest.json")).read_text())
    assert manifest.get("version") == 2, manifest.get("version")
    assert manifest.get("types") == TYPES, manifest.get("types")
    key_pic, path_info, items = {}, {}, {}
    for shard in manifest["shards"]:
        for item in json.loads((site / shard).read_text())["items"]:
            v = item["v"]
            assert v and all(len(entry) == 3 + len(TYPES) for entry in v), (item["k"], v)
            pic = tuple(entry[0] for entry in v)            # the fallback paths name the picture
            key_pic[item["k"]] = pic
            items[item["k"]] = v
            for entry in v:
                for n, path in enumerate([entry[0]] + entry[3:]):
                    if path is None:                            # no file in that format (none in this site)
                        continue
                    info = (pic, "fallback" if n == 0 else TYPES[n - 1])
                    assert path_info.setdefault(path, info) == info, (path, info, path_info[path])
    assert len(set(key_pic.values())) == 8, len(set(key_pic.values()))
    return {"key_pic": key_pic, "path_info": path_info, "items": items}


CELL_URLS = r"""
const cands = v => v ? v.split(',').map(c => c.trim().split(/\s+/)[0]).filter(Boolean) : [];
return [...document.querySelectorAll('.grid .cell[data-key][data-token]')].map(el => {
  const img = el.querySelector('img'), r = el.getBoundingClientRect();
  return {key: el.dataset.key, hidden: el.hidden, onScreen: !el.hidden && r.bottom > 0 && r.top < innerHeight,
          picture: !!el.querySelector('picture'),
          sources: [...el.querySelectorAll('picture > source')].map(s => ({type: s.getAttribute('type'), urls: cands(s.getAttribute('srcset'))})),
          src: img.getAttribute('src'), srcset: cands(img.getAttribute('srcset')), current: img.currentSrc,
          complete: img.complete, loaded: img.complete && img.naturalWidth > 0};
});
"""


def check_cells(cells: list[dict], base: str, pictures: dict, where: str) -> list[str]:
    """Every URL of every bound cell belongs to the cell's own key, and each element holds its own format."""
    problems = []

    def info(url: str):
        if not url.startswith(base):
            return None                                   # relative, or another origin: not the site's image
        return pictures["path_info"].get(urllib.parse.unquote(url[len(base):].split("?", 1)[0]))

    for c in cells:
        want = pictures["key_pic"].get(c["key"])
        if not c["picture"]:
            problems.append(f"{where}: {c['key']} has no <picture>")
        if [s["type"] for s in c["sources"]] != TYPES:
            problems.append(f"{where}: {c['key']} sources {[s['type'] for s in c['sources']]}")
        urls = [(u, s["type"], "source") for s in c["sources"] for u in s["urls"]]
        urls += [(u, "fallback", "img src") for u in ([c["src"]] if c["src"] else [])]
        urls += [(u, "fallback", "img srcset") for u in c["srcset"]]
        for url, fmt, what in urls:
            got = info(url)
            if got is None or got[0] != want or got[1] != fmt:
                problems.append(f"{where}: {c['key']} {what} {url} is {got and (got[0][0], got[1])}, want {want and want[0]} {fmt}")
        if c["current"]:
            got = info(c["current"])
            if got is None or got[0] != want:
                problems.append(f"{where}: {c['key']} currentSrc {c['current']} is {got and got[0][0]}, want {want and want[0]}")
    return problems


def test_picture_urls_belong_to_the_cell_key_after_long_scrolls(driver, server, runtime, pictures):
    info = open_gallery(driver, server.base, 3)
    helpers.settle(driver)
    base = server.base
    problems, checked, adopted_checked = [], 0, 0
    cells = driver.execute_script(CELL_URLS)
    adopted_checked = len(cells)
    problems += check_cells(cells, base, pictures, "adopted")
    s0 = stats(driver)
    assert s0["adopted"] > 0, s0
    H = info["scrollHeight"] - info["innerHeight"]
    rnd = random.Random(3)
    y = driver.execute_script("return scrollY")
    for step in range(60):
        y = max(0, min(H, y + rnd.choice([900, 2600, 40_000, 250_000, -1300, -90_000, 400])))
        scroll_to(driver, y)
        helpers.raf2(driver)
        cells = driver.execute_script(CELL_URLS)
        checked += len(cells)
        problems += check_cells(cells, base, pictures, f"step {step} y={y}")
        if step % 15 == 14:                             # let pictures load, so currentSrc is set on many cells
            helpers.settle(driver)
    helpers.settle(driver)
    loaded = helpers.wait_until(lambda: all(c["loaded"] for c in driver.execute_script(CELL_URLS) if c["onScreen"]), timeout=10)
    cells = driver.execute_script(CELL_URLS)
    problems += check_cells(cells, base, pictures, "settled")
    s1 = stats(driver)
    on_screen = [c for c in cells if c["onScreen"]]
    print(f"\npicture URLs: {checked} cell checks, {adopted_checked} adopted cells, binds +{s1['binds'] - s0['binds']}, "
          f"format {driver.execute_script('return __galgen.format')}, problems {len(problems)}: {problems[:5]}")
    assert s1["binds"] - s0["binds"] > 1000, (s0, s1)     # the walk really rebound the pool many times over
    assert checked > 3000, checked
    assert problems == [], problems[:20]
    assert loaded, [c for c in on_screen if not c["loaded"]][:3]
    assert len(on_screen) >= 3 * info["cols"], len(on_screen)
    # settled and loaded: each cell on screen shows its own key's picture as AVIF
    assert all(c["current"].endswith(".avif") for c in on_screen), [c["current"] for c in on_screen][:10]


def site_image_requests(server) -> collections.Counter:
    return collections.Counter(e["ext"] for e in server.entries("file") if e["path"].startswith("/img/"))


def dialog_image(driver):
    return driver.execute_script("""
      const d = document.querySelector('dialog[open]'), i = d && d.querySelector('img');
      return i && i.complete && i.naturalWidth > 0 ? {current: i.currentSrc, key: location.hash.slice(6)} : null;""")


def largest_avif(pictures: dict, base: str, key: str) -> str:
    return base + pictures["items"][key][-1][3]


def test_chromium_loads_avif_for_grid_and_lightbox(driver, server, runtime, pictures):
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    server.reset_log()
    info = open_gallery(driver, server.base, 5)
    helpers.settle(driver)
    for n in range(3):                                  # rebound cells as well as the adopted ones
        scroll_to(driver, info["gridTop"] + (60 + 7 * n) * info["rowHeight"])
        helpers.settle(driver)
    assert helpers.wait_until(lambda: all(c["loaded"] for c in driver.execute_script(CELL_URLS) if c["onScreen"]), timeout=10)
    cells = [c for c in driver.execute_script(CELL_URLS) if c["onScreen"]]
    assert len(cells) >= 3 * info["cols"], len(cells)
    assert driver.execute_script("return __galgen.format") == "image/avif"
    assert all(c["current"].endswith(".avif") for c in cells), [c["current"] for c in cells][:10]
    # the lightbox, for three items in a row
    shown = []
    link, key = visible_cell_link(driver, 2)
    link.click()
    assert wait_dialog(driver, True)
    for n in range(3):
        if n:
            ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
        expected_key = driver.execute_script("return location.hash.slice(6)")
        got = helpers.wait_until(lambda: (lambda d: d if d and d["key"] == expected_key else None)(dialog_image(driver)), timeout=10)
        assert got, f"the lightbox did not show {expected_key}"
        shown.append(got)
        assert got["current"] == largest_avif(pictures, server.base, got["key"]), got
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()
    assert wait_dialog(driver, False)
    requests = site_image_requests(server)
    print(f"\nAVIF: grid {len(cells)} cells on screen, lightbox {shown}, site image requests {dict(requests)}")
    assert requests["avif"] > 0, requests
    assert requests["jpg"] == 0 and requests["webp"] == 0, requests


def test_lightbox_opened_before_the_format_is_known_loads_avif(driver, server, runtime):
    """A deep link opens the lightbox before any picture has loaded (the test images take 2 s; they come from other
    loopback ports, so the manifest and shards are not queued behind them): the runtime cannot know the format
    yet, so the lightbox loads through a detached <picture> (stats.lightboxPictureLoads), and must still load the
    AVIF, and nothing in another format."""
    server.image_query = "d=2.0&ns=1"
    index = 73_050
    driver.get(f"{server.colour_base}people/page/{index // 100 + 1}/?galgen-debug=1#item-k{index:06d}")
    assert helpers.wait_ready(driver).get("ok")
    assert wait_dialog(driver, True)
    got = helpers.wait_until(lambda: dialog_image(driver), timeout=20)
    s = stats(driver)
    formats = collections.Counter(e["format"] for e in server.entries("img"))
    mine = [e["format"] for e in server.entries("img") if e["id"] == index]
    print(f"\nAVIF deep link: shown {got}, format {driver.execute_script('return __galgen.format')}, stats {s}, "
          f"test image requests {dict(formats)}, for item {index}: {mine}")
    assert s["lightboxPictureLoads"] >= 1, s             # the lightbox started before the format was known
    assert got and got["key"] == f"k{index:06d}", got
    assert f"/__test/img/{index}.avif?" in got["current"], got
    assert driver.execute_script("return __galgen.format") == "image/avif"
    assert mine and set(mine) == {"avif"}, mine
    assert set(formats) == {"avif"}, formats


def test_prefetch_requests_only_the_chosen_format(driver, server, runtime):
    """Prefetches go for the URL the cell will load (its AVIF <source>), never a second format: with cacheable test
    images, a prefetched picture is not requested again when its cell is bound."""
    server.image_query = "d=0.3"                          # cacheable (no ns=1): a bound cell reuses the prefetch
    info = open_gallery(driver, server.colour_base, 1)
    row = info["rowHeight"]
    y = info["gridTop"] + 500 * row
    scroll_to(driver, y)
    helpers.settle(driver)
    assert helpers.wait_until(lambda: driver.execute_script("return __galgen.format"), timeout=10) == "image/avif"
    time.sleep(1.0)                                       # the window's own pictures are in
    server.reset_log()
    driver.execute_script("window.__t10 = new Set()")
    driver.execute_script(TRACK_WINDOW)
    s0 = stats(driver)
    entered = {}                                          # id -> time (server clock) its cell entered the window
    seen = set(driver.execute_script("return [...__t10]"))
    for _ in range(8):
        t_scroll = time.monotonic()
        y += row
        scroll_to(driver, y)
        helpers.raf2(driver)
        driver.execute_script(TRACK_WINDOW)
        now = set(driver.execute_script("return [...__t10]"))
        for i in now - seen:
            entered[i] = t_scroll
        seen = now
        time.sleep(0.7)                                   # prefetches of the band ahead finish (0.3 s each)
    helpers.settle(driver)
    time.sleep(0.5)
    s1 = stats(driver)
    imgs = server.entries("img")
    by_id = collections.defaultdict(list)
    for e in imgs:
        by_id[e["id"]].append(e)
    formats = collections.Counter(e["format"] for e in imgs)
    # ids whose first request came before their cell entered the window: prefetched
    prefetched = sorted(i for i, t in entered.items() if by_id.get(i) and min(e["start"] for e in by_id[i]) < t)
    twice = {i: [e["format"] for e in by_id[i]] for i in prefetched if len(by_id[i]) > 1}
    print(f"\nprefetch formats: {dict(formats)}; prefetchStarts +{s1['prefetchStarts'] - s0['prefetchStarts']}; "
          f"{len(entered)} ids entered the window, {len(prefetched)} of them prefetched; requested again: {twice}")
    assert s1["prefetchStarts"] > s0["prefetchStarts"], (s0, s1)
    assert formats["avif"] > 0 and set(formats) == {"avif"}, formats
    assert len(prefetched) >= 2 * info["cols"], (prefetched, sorted(entered))
    assert twice == {}, twice


PICTURE_STATE = r"""
return [...document.querySelectorAll('.grid .cell:not([hidden])[data-token]')].filter(el => {
  const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; }).map(el => {
  const img = el.querySelector('img');
  return {i: +el.dataset.index, src: img.getAttribute('src'), current: img.currentSrc, loaded: img.complete && img.naturalWidth > 0,
          sources: [...el.querySelectorAll('picture > source')].map(s => [s.getAttribute('type'), s.getAttribute('srcset')])};
});
"""


def test_a_format_an_image_lacks_is_skipped(driver, server, runtime):
    """galgen publishes an image a format cannot hold without that format: null in the shard's variant, no <source>
    of that type in the page. Here every third item has no AVIF (test-image mode): its cell must show its WebP
    (the next <source>), every other cell its AVIF, in adopted cells, in cells rebound after a long jump (an
    adopted cell without the AVIF <source> is rebound to items with one) and in prefetches; the pixels are the
    cell's own, and no picture is fetched in a second format."""
    server.missing_formats = {"avif": 3}
    server.image_query = "d=0.2"                             # cacheable: a prefetched picture is not fetched again
    info = open_gallery(driver, server.colour_base, 1)
    row = info["rowHeight"]

    def lacks(i: int) -> bool:
        return i % 3 == 0

    def check(where: str) -> list[str]:
        assert helpers.wait_until(lambda: all(c["loaded"] for c in driver.execute_script(PICTURE_STATE)), timeout=10), where
        problems = []
        cells = driver.execute_script(PICTURE_STATE)
        for c in cells:
            i, want = c["i"], "webp" if lacks(c["i"]) else "avif"
            if f"/__test/img/{i}.{want}?" not in c["current"]:
                problems.append(f"{where}: cell {i} shows {c['current']}, want its {want}")
            sets = dict((t, v) for t, v in c["sources"])
            if lacks(i) and sets.get("image/avif"):
                problems.append(f"{where}: cell {i} has an AVIF <source> {sets['image/avif']}")
            for t, v in c["sources"]:
                if v is not None and f"/__test/img/{i}." not in v:
                    problems.append(f"{where}: cell {i} <source> {t} {v}")
        # every bound cell of the pool, on screen or not: a <source> holds a picture in its own type
        for c in driver.execute_script(PICTURE_STATE.replace("r.bottom > 0 && r.top < innerHeight", "true")
                                       .replace(":not([hidden])", "")):
            for t, v in c["sources"]:
                if v is not None and f".{EXT.get(t)}?" not in v:
                    problems.append(f"{where}: cell {c['i']} <source type={t}> holds {v}")
        bad = pixel_check(driver)["bad"]
        problems += [f"{where}: pixel {b}" for b in bad]
        assert len(cells) >= helpers.rows_in_view(driver, row) * info["cols"], (where, len(cells))
        return problems

    problems = check("adopted")
    y = info["gridTop"] + 4000 * row                         # far: adopted cells are rebound (and reshaped)
    scroll_to(driver, y)
    helpers.settle(driver)
    problems += check("after a jump")
    assert helpers.wait_until(lambda: driver.execute_script("return __galgen.format"), timeout=5) == "image/avif"
    for _ in range(6):                                       # slow scroll: the band ahead is prefetched
        y += row
        scroll_to(driver, y)
        helpers.raf2(driver)
        time.sleep(0.5)
    helpers.settle(driver)
    problems += check("after a slow scroll")
    s = stats(driver)
    requests, completed = collections.defaultdict(list), collections.Counter()
    for e in server.entries("img"):
        requests[e["id"]].append(e["format"])
        completed[e["id"]] += not e["aborted"]
    # every request in the format the picture is shown in; one that got through per picture (a cancelled
    # prefetch may be requested again)
    wrong = {i: f for i, f in requests.items() if set(f) != {"webp" if lacks(i) else "avif"} or completed[i] > 1}
    print(f"\nmissing AVIF: {len(requests)} pictures requested, {sum(lacks(i) for i in requests)} of them without an AVIF; "
          f"prefetchStarts {s['prefetchStarts']}; wrong or repeated: {dict(list(wrong.items())[:10])}; problems {problems[:5]}")
    assert problems == [], problems[:20]
    assert sum(lacks(i) for i in requests) >= 10, sorted(requests)
    assert s["prefetchStarts"] > 0, s
    assert wrong == {}, wrong                                # one request per picture, in the format it is shown in
