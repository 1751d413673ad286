"""The item page as a detail page, albums, and fields in the lightbox (issue 15: "Collections people want to browse").

A small site of its own, built with galgen from a JSON source grouped into albums by genre (`apps/` lists the
albums, `apps/<album>/` is an album's gallery, `apps/<album>/<item>/` an item page), with typed fields (currency,
rating, date, email, url, duration, long text) and pictures in three shapes (landscape, portrait, square). Served
on 127.0.0.1 only; pictures can be served slowly (`site_image_delay`) to show that nothing moves when they arrive.
"""
from __future__ import annotations

import json
import re
import subprocess
import time
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import helpers
import sitebuild
from server import SiteServer

WIDE, NARROW = (1280, 800), (390, 844)
LIGHT_BG, DARK_BG = "rgb(250, 250, 250)", "rgb(18, 18, 18)"     # --bg of style.css in each scheme
IMAGE_DELAY = 1.5                                                 # seconds every picture is held back
SHAPES = {"landscape": (1200, 800, "JPEG"), "portrait": (800, 1200, "PNG"), "square": (1000, 1000, "JPEG")}
LONG_WORD = "Supercalifragilistic" * 8                            # 160 letters without a break opportunity
DESCRIPTION = ("{name} is an app with a long description that has to wrap inside its column rather than widen the "
               "page. " * 5 + LONG_WORD + "\nA second paragraph, with <b>markup that stays text</b> & an ampersand.")


def record(rid, name, genre, shape, released, n):
    return {"id": rid, "name": name, "seller": f"{name} Studio", "img": f"images/{shape}.{SHAPES[shape][2].lower().replace('jpeg', 'jpg')}",
            "url": f"https://example.org/apps/{rid}", "genre": genre, "price": round(0.99 + n, 2), "rating": 3.5 + (n % 3) / 2,
            "released": released, "mail": f"{rid}@example.org", "home": f"https://{rid}.example.org/",
            "ms": 205_000 + n * 1000, "description": DESCRIPTION.format(name=name)}


# Newest first within an album ("sort": released, descending): the Games album is G1, G2, G3, G4.
RECORDS = [
    record("g1", "Galaxy Quest Deluxe Edition Remastered", "Games", "landscape", "2024-05-01", 1),
    record("g2", "Tall Tower", "Games", "portrait", "2024-04-01", 2),
    record("g3", "Square Off", "Games", "square", "2024-03-01", 3),
    record("g4", "Tiny Racer", "Games", "landscape", "2024-02-01", 4),
    record("p1", "Planner Pro", "Productivity", "portrait", "2024-05-02", 5),
    record("p2", "Sheets", "Productivity", "square", "2023-11-02", 6),
    record("p3", "Notes", "Productivity", "landscape", "2023-10-02", 7),
    record("m1", "Tuner", "Music", "square", "2024-01-03", 8),
    record("m2", "Metronome", "Music", "portrait", "2023-01-03", 9),
]
RECORDS[6]["home"] = "javascript:alert(1)"            # never a link: only http(s) and mailto: become hrefs
ALBUMS = {"Games": ["g1", "g2", "g3", "g4"], "Productivity": ["p1", "p2", "p3"], "Music": ["m1", "m2"]}
BY_ID = {r["id"]: r for r in RECORDS}
LABELS = ["genre", "price", "rating", "released", "email", "homepage", "length", "about"]  # config order

CONFIG = {
    "title": "Detail test", "language": "en", "baseURL": "https://example.org/",
    "sources": [{
        "name": "apps", "type": "json", "path": "apps.json", "items": "results",
        "fields": {"id": "id", "title": "name", "subtitle": "seller", "image": "img", "link": "url",
                   "extra": {"genre": "genre",
                             "price": {"path": "price", "type": "currency", "currency": "USD"},
                             "rating": {"path": "rating", "type": "rating"},
                             "released": {"path": "released", "type": "date"},
                             "email": {"path": "mail", "type": "email"},
                             "homepage": {"path": "home", "type": "url"},
                             "length": {"path": "ms", "type": "duration", "unit": "ms"},
                             "about": "description"}},
        "sort": [{"by": "released", "order": "desc"}],
        "groupBy": "genre",
    }],
}


def write_images(folder):
    from PIL import Image, ImageDraw
    folder.mkdir(parents=True, exist_ok=True)
    for shape, (w, h, fmt) in SHAPES.items():
        im = Image.new("RGB", (w, h), (30, 110, 170))
        draw = ImageDraw.Draw(im)
        for x in range(0, w + h, 60):
            draw.line([(x, 0), (x - h, h)], fill=(240, 190, 60), width=14)
        im.save(folder / f"{shape}.{'jpg' if fmt == 'JPEG' else 'png'}", fmt)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    work = tmp_path_factory.mktemp("detail-site")
    write_images(work / "images")
    (work / "apps.json").write_text(json.dumps({"results": RECORDS}, indent=1))
    (work / "config.json").write_text(json.dumps(CONFIG, indent=2))
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
    server = SiteServer(site, image_hosts=0).start()
    yield server
    server.stop()


# Installed before every page script: the picture's box once the stylesheet applies at DOMContentLoaded, while
# the (slow) picture is still on its way.
EARLY = """
(() => {
  const snap = () => {
    const f = document.querySelector('main figure'), i = f && f.querySelector('img');
    if (!i) return null;
    const a = f.getBoundingClientRect(), b = i.getBoundingClientRect();
    return {fig: [a.width, a.height], img: [b.width, b.height], complete: i.complete, natural: i.naturalWidth};
  };
  const take = () => {
    const link = document.querySelector('link[rel="stylesheet"]');
    if (link && !link.sheet) { link.addEventListener('load', take, {once: true}); return; }
    window.__early = snap();
  };
  document.addEventListener('DOMContentLoaded', take);
})();
"""


@pytest.fixture
def browser(session_driver, srv):
    helpers.reset_driver(session_driver)
    script = session_driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": EARLY})["identifier"]
    session_driver.execute_cdp_cmd("Network.enable", {})
    session_driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    srv.site_image_delay = 0.0
    srv.reset_log()
    yield session_driver
    srv.site_image_delay = 0.0
    session_driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    session_driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
    # nothing outside the loopback server was asked for, and no page or asset was missing
    missing = [e["path"] for e in srv.entries("missing") if not e["path"].startswith("/favicon")]
    assert missing == [], missing
    helpers.reset_driver(session_driver)


def get_html(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as r:
        assert r.status == 200, url
        return r.read().decode("utf-8")


@pytest.fixture(scope="module")
def urls(srv) -> dict:
    """Album title → album URL, and record id → item page URL, read from the albums page and the album galleries."""
    albums = {}
    for m in re.finditer(r'<li class="card">\s*<a href="([^"]+)">.*?<span class="card-title"[^>]*>([^<]+)</span>',
                         get_html(srv.base + "apps/"), re.S):
        albums[m.group(2)] = urllib.request.urljoin(srv.base + "apps/", m.group(1))
    items = {}
    by_name = {r["name"]: r["id"] for r in RECORDS}
    for url in albums.values():
        page = get_html(url)
        for m in re.finditer(r'<li class="cell"[^>]*>\s*<a href="([^"]+)">.*?<span class="title"[^>]*>([^<]+)</span>', page, re.S):
            items[by_name[m.group(2)]] = urllib.request.urljoin(url, m.group(1))
    return {"albums": albums, "items": items}


def in_album(rid: str) -> tuple[str, list[str]]:
    return next((album, ids) for album, ids in ALBUMS.items() if rid in ids)


# ------------------------------------------------------------------------------------------------------------
# The albums page and an album's gallery
# ------------------------------------------------------------------------------------------------------------

def test_albums_page_lists_albums_with_counts(browser, srv, urls):
    browser.get(srv.base + "apps/")
    page = browser.execute_script("""
      return {h1: document.querySelector('h1').textContent, count: document.querySelector('.count').textContent,
              cards: [...document.querySelectorAll('ul.collections > li.card')].map(c => ({
                title: c.querySelector('.card-title').textContent, count: c.querySelector('.card-count').textContent,
                href: c.querySelector('a').href, img: !!c.querySelector('.cover img[width][height]')}))};""")
    print("\nalbums page:", page)
    assert page["h1"].strip().lower() == "apps", page
    assert re.search(r"\b3 albums\b", page["count"]) and re.search(r"\b9 items\b", page["count"]), page["count"]
    cards = {c["title"]: c for c in page["cards"]}
    assert sorted(cards) == sorted(ALBUMS), page["cards"]
    for album, ids in ALBUMS.items():
        assert cards[album]["count"] == f"{len(ids)} items", cards[album]
        assert cards[album]["img"], cards[album]            # a cover with its size, like the home page's cards
        assert cards[album]["href"] == urls["albums"][album]
    # an album's gallery: a breadcrumb to the collection above its h1, and its own items, newest first
    browser.get(urls["albums"]["Games"])
    gallery = browser.execute_script("""
      const crumbs = [...document.querySelectorAll('nav.crumbs[aria-label="Breadcrumb"] li a')];
      return {crumbs: crumbs.map(a => [a.textContent, a.href]), h1: document.querySelector('h1').textContent,
              crumbsBeforeH1: !!(crumbs[0] && crumbs[0].compareDocumentPosition(document.querySelector('h1')) & Node.DOCUMENT_POSITION_FOLLOWING),
              titles: [...document.querySelectorAll('.grid .cell .title')].map(t => t.textContent)};""")
    assert gallery["h1"] == "Games", gallery
    assert [(t.strip().lower(), h) for t, h in gallery["crumbs"]] == [("apps", srv.base + "apps/")], gallery
    assert gallery["crumbsBeforeH1"], gallery
    assert gallery["titles"] == [BY_ID[i]["name"] for i in ALBUMS["Games"]], gallery


# ------------------------------------------------------------------------------------------------------------
# The item page: layout at two viewports, for three picture shapes, with the picture arriving late
# ------------------------------------------------------------------------------------------------------------

LAYOUT = """
const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; };
const img = document.querySelector('main figure img');
return {innerWidth, innerHeight, scrollY, scrollWidth: document.documentElement.scrollWidth,
        h1: box(document.querySelector('h1')), dt: box(document.querySelector('dl.fields dt')),
        dd: box(document.querySelector('dl.fields dd')), fig: box(document.querySelector('main figure')), img: box(img),
        complete: img.complete, natural: [img.naturalWidth, img.naturalHeight],
        attrs: [+img.getAttribute('width'), +img.getAttribute('height')],
        early: window.__early || null, cls: window.__vsm ? window.__vsm.cls : null,
        shifts: window.__vsm ? window.__vsm.shifts : null};
"""


@pytest.mark.parametrize("viewport", [WIDE, NARROW], ids=["1280x800", "390x844"])
@pytest.mark.parametrize("rid, shape", [("g1", "landscape"), ("g2", "portrait"), ("g3", "square")])
def test_item_page_layout(browser, srv, urls, viewport, rid, shape):
    helpers.set_viewport(browser, *viewport)
    srv.site_image_delay = IMAGE_DELAY
    t0 = time.monotonic()
    browser.get(urls["items"][rid])              # returns after the load event: the picture is in
    helpers.wait_until(lambda: browser.execute_script("const i = document.querySelector('main figure img');"
                                                      " return i.complete && i.naturalWidth > 0"), timeout=10)
    helpers.raf2(browser)
    time.sleep(0.1)
    m = browser.execute_script(LAYOUT)
    print(f"\n{rid} {shape} {viewport}: h1 {m['h1']}, dt {m['dt']}, fig {m['fig']}, early {m['early']}, cls {m['cls']}")
    assert time.monotonic() - t0 >= IMAGE_DELAY * 0.9           # the picture really came late
    assert [m["innerWidth"], m["innerHeight"]] == list(viewport), m
    w, h, _ = SHAPES[shape]
    assert m["natural"][0] * h == pytest.approx(m["natural"][1] * w, rel=0.02), m   # the right picture
    assert m["scrollY"] == 0 and m["scrollWidth"] == viewport[0], m                 # no scrolling, nothing too wide
    # the title and the first field are on screen without scrolling
    for part in ("h1", "dt", "dd"):
        assert m[part] and m[part]["top"] >= 0 and m[part]["bottom"] <= m["innerHeight"], (part, m)
        assert m[part]["left"] >= 0 and m[part]["right"] <= m["innerWidth"], (part, m)
    # the picture keeps its shape, and its box was final before it arrived (so nothing moved: CLS 0)
    assert m["img"]["width"] * h == pytest.approx(m["img"]["height"] * w, rel=0.01), m
    assert m["fig"]["height"] == pytest.approx(m["img"]["height"], abs=0.5), m
    early = m["early"]
    assert early and early["complete"] is False and early["natural"] == 0, early     # measured before the picture came
    assert early["img"] == pytest.approx([m["img"]["width"], m["img"]["height"]], abs=0.5), (early, m["img"])
    assert early["fig"] == pytest.approx([m["fig"]["width"], m["fig"]["height"]], abs=0.5), (early, m["fig"])
    assert m["cls"] == 0 and m["shifts"] == [], m["shifts"]
    if viewport == WIDE:
        # side by side: the picture on the left, the details on the right, the picture within the viewport
        assert m["fig"]["right"] <= m["h1"]["left"] and m["fig"]["right"] <= m["dt"]["left"], m
        assert m["fig"]["width"] <= 0.62 * (m["innerWidth"] - 32) + 1, m
        assert m["fig"]["top"] >= 0 and m["fig"]["bottom"] <= m["innerHeight"], m
        assert m["h1"]["top"] == pytest.approx(m["fig"]["top"], abs=1), m
    else:
        # stacked: the title first, then the picture, then the fields
        assert m["h1"]["bottom"] <= m["fig"]["top"] <= m["fig"]["bottom"] <= m["dt"]["top"], m
        assert m["fig"]["width"] <= m["innerWidth"] - 32 + 0.5, m


def fields_of(driver, scope: str) -> list[dict]:
    return driver.execute_script("""
      return [...document.querySelectorAll(arguments[0] + ' dl.fields dt')].map(dt => {
        const dd = dt.nextElementSibling, a = dd.querySelector('a'), t = dd.querySelector('time');
        return {label: dt.textContent.trim(), text: dd.textContent.replace(/\\s+/g, ' ').trim(), type: dd.dataset.type || null,
                href: a ? a.getAttribute('href') : null, datetime: t ? t.getAttribute('datetime') : null,
                elements: [...dd.querySelectorAll('*')].map(e => e.tagName.toLowerCase()),
                overflows: dd.scrollWidth > dd.clientWidth + 1 || dd.getBoundingClientRect().right > innerWidth};
      });""", scope)


def test_item_page_fields_and_breadcrumbs(browser, srv, urls):
    rid = "g2"
    r = BY_ID[rid]
    helpers.set_viewport(browser, *NARROW)
    browser.get(urls["items"][rid])
    fields = fields_of(browser, "main")
    print("\nfields:", fields)
    assert [f["label"].lower() for f in fields] == LABELS, fields
    by = {f["label"].lower(): f for f in fields}
    assert by["genre"]["text"] == "Games"
    assert [by[k]["type"] for k in LABELS] == ["text", "currency", "rating", "date", "email", "url", "duration", "text"], fields
    assert by["email"]["href"] == f"mailto:{r['mail']}" and r["mail"] in by["email"]["text"], by["email"]
    assert by["homepage"]["href"] == r["home"], by["homepage"]
    assert by["released"]["datetime"] == r["released"] and by["released"]["elements"] == ["time"], by["released"]
    assert f"{r['price']:.2f}" in by["price"]["text"], by["price"]
    # the long description is text (its markup escaped), wraps inside its column and never widens the page
    about = by["about"]
    assert about["elements"] == [] and "<b>markup that stays text</b> & an ampersand" in about["text"], about
    assert LONG_WORD[:40] in about["text"].replace(" ", "") and not any(f["overflows"] for f in fields), fields
    assert browser.execute_script("return document.documentElement.scrollWidth") == NARROW[0]
    # breadcrumbs: the collection, then the album (pointing at the gallery page that lists the item)
    crumbs = browser.execute_script("""
      return [...document.querySelectorAll('main nav.crumbs[aria-label="Breadcrumb"] ol > li > a')].map(a => [a.textContent.trim(), a.href]);""")
    assert [(t.lower(), h) for t, h in crumbs] == [("apps", srv.base + "apps/"), ("games", urls["albums"]["Games"])], crumbs
    # the position line, the visit link, and the neighbours in the album's order
    info = browser.execute_script("""
      return {position: document.querySelector('.position').textContent, visit: document.querySelector('a.visit').href,
              prev: document.querySelector('nav.neighbours a[rel=prev]').href, next: document.querySelector('nav.neighbours a[rel=next]').href,
              item: document.querySelector('script[type=module][src*="item"]') !== null};""")
    assert info["position"].startswith("2 of 4 in"), info
    assert info["visit"] == r["url"] and info["item"], info
    assert (info["prev"], info["next"]) == (urls["items"]["g1"], urls["items"]["g3"]), info
    # a homepage that is not http(s) is shown as text, never as a link
    browser.get(urls["items"]["p3"])
    bad = {f["label"].lower(): f for f in fields_of(browser, "main")}.get("homepage")
    assert bad is None or (bad["href"] is None and bad["elements"] == []), bad
    assert browser.execute_script("return document.querySelectorAll('a[href^=\"javascript\" i]').length") == 0


def test_head_links_the_collection_feed(browser, srv, urls):
    for url in (urls["items"]["g2"], urls["albums"]["Games"], srv.base + "apps/"):
        browser.get(url)
        feeds = browser.execute_script("""
          return [...document.querySelectorAll('head link[rel=alternate][type="application/atom+xml"]')].map(l => [l.title, l.href]);""")
        assert len(feeds) == 1 and feeds[0][0].strip(), (url, feeds)
        href = feeds[0][1].replace(CONFIG["baseURL"], srv.base)     # absolute with baseURL, or relative
        assert href.startswith(srv.base), (url, href)
        body = get_html(href)
        assert "<feed" in body and "http://www.w3.org/2005/Atom" in body, href


# ------------------------------------------------------------------------------------------------------------
# Accessibility in both colour schemes
# ------------------------------------------------------------------------------------------------------------

def set_scheme(driver, scheme: str) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def axe_clean(driver, what: str) -> None:
    result = helpers.run_axe(driver)
    assert "error" not in result and result["version"].startswith("4."), result
    assert result["violations"] == [], (what, result["violations"])


@pytest.mark.parametrize("viewport", [WIDE, NARROW], ids=["1280x800", "390x844"])
def test_axe_light_and_dark(browser, srv, urls, viewport):
    helpers.set_viewport(browser, *viewport)
    pages = {"item": urls["items"]["g1"], "albums": srv.base + "apps/", "album": urls["albums"]["Productivity"]}
    for scheme, bg in (("light", LIGHT_BG), ("dark", DARK_BG)):
        set_scheme(browser, scheme)
        for name, url in pages.items():
            browser.get(url)
            assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == bg, (scheme, name)
            assert browser.execute_script(f"return matchMedia('(prefers-color-scheme: {scheme})').matches")
            axe_clean(browser, f"{name} page, {scheme}, {viewport}")


# ------------------------------------------------------------------------------------------------------------
# Keyboard: ArrowLeft / ArrowRight on item pages
# ------------------------------------------------------------------------------------------------------------

def h1(driver) -> str:
    return driver.execute_script("return document.querySelector('h1').textContent")


def press(driver, *keys) -> None:
    chain = ActionChains(driver)
    for k in keys[:-1]:
        chain.key_down(k)
    chain.send_keys(keys[-1])
    for k in reversed(keys[:-1]):
        chain.key_up(k)
    chain.perform()


def test_arrow_keys_go_to_the_neighbours(browser, srv, urls):
    items = urls["items"]
    browser.get(items["g2"])
    press(browser, Keys.ARROW_RIGHT)
    assert helpers.wait_until(lambda: browser.current_url == items["g3"], timeout=5), browser.current_url
    assert helpers.wait_until(lambda: h1(browser) == BY_ID["g3"]["name"], timeout=5)
    press(browser, Keys.ARROW_LEFT)
    assert helpers.wait_until(lambda: browser.current_url == items["g2"], timeout=5), browser.current_url
    assert helpers.wait_until(lambda: h1(browser) == BY_ID["g2"]["name"], timeout=5)
    press(browser, Keys.ARROW_LEFT)
    assert helpers.wait_until(lambda: browser.current_url == items["g1"], timeout=5), browser.current_url
    # left alone: the first item has no previous one, a modifier is down, the key goes into a text field
    browser.execute_script("window.__stay = 1")
    press(browser, Keys.ARROW_LEFT)
    press(browser, Keys.SHIFT, Keys.ARROW_RIGHT)
    press(browser, Keys.CONTROL, Keys.ARROW_RIGHT)
    browser.execute_script("const i = document.createElement('input'); i.id = 'typing'; i.value = 'abc';"
                           " document.querySelector('main').prepend(i); i.focus();")
    browser.find_element(By.ID, "typing").send_keys(Keys.ARROW_LEFT, Keys.ARROW_RIGHT)
    time.sleep(0.5)
    assert browser.current_url == items["g1"] and browser.execute_script("return window.__stay") == 1
    # the last item of the album has no next one
    browser.get(items["g4"])
    browser.execute_script("window.__stay = 1")
    press(browser, Keys.ARROW_RIGHT)
    time.sleep(0.5)
    assert browser.current_url == items["g4"] and browser.execute_script("return window.__stay") == 1


# ------------------------------------------------------------------------------------------------------------
# The lightbox on an album's gallery page shows the item's fields
# ------------------------------------------------------------------------------------------------------------

def lightbox(driver) -> dict | None:
    return driver.execute_script("""
      const d = document.querySelector('dialog[open]');
      const title = d && d.querySelector('h2').textContent;
      if (!title || title === 'Loading…') return null;
      const dl = d.querySelector('dl.fields');
      return {title, hidden: dl.hidden, scrolls: dl.scrollHeight > dl.clientHeight, tabindex: dl.getAttribute('tabindex'),
              fits: d.getBoundingClientRect().bottom <= innerHeight + 0.5 && d.scrollHeight <= d.clientHeight + 1, open: d.querySelector('.bar a').href,
              fields: [...dl.querySelectorAll('dt')].map(dt => { const dd = dt.nextElementSibling, a = dd.querySelector('a');
                return {label: dt.textContent, text: dd.textContent.replace(/\\s+/g, ' ').trim(), href: a ? a.getAttribute('href') : null,
                        elements: [...dd.querySelectorAll('*')].map(e => e.tagName.toLowerCase())}; })};""")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_lightbox_shows_fields(browser, srv, urls, scheme):
    # what the item pages show, to compare with
    expected = {}
    for rid in ("g2", "g3"):
        browser.get(urls["items"][rid])
        expected[rid] = [{"label": f["label"], "text": f["text"], "href": f["href"]} for f in fields_of(browser, "main")]
    set_scheme(browser, scheme)
    browser.get(urls["albums"]["Games"] + "?galgen-debug=1")
    assert helpers.wait_ready(browser).get("ok")
    helpers.settle(browser)
    key = browser.execute_script("""
      const c = [...document.querySelectorAll('.grid .cell')].find(c => c.querySelector('.title').textContent === arguments[0]);
      return c && c.dataset.key;""", BY_ID["g2"]["name"])
    assert key, "no cell for g2"
    browser.find_element(By.CSS_SELECTOR, f'.cell[data-key="{key}"] a').click()
    shown = helpers.wait_until(lambda: (lambda s: s if s and s["title"] == BY_ID["g2"]["name"] else None)(lightbox(browser)), timeout=5)
    print("\nlightbox:", shown)
    assert shown and not shown["hidden"], shown
    got = [{"label": f["label"], "text": f["text"], "href": f["href"]} for f in shown["fields"]]
    assert got == expected["g2"], (got, expected["g2"])
    assert {f["label"].lower(): f for f in shown["fields"]}["about"]["elements"] == []    # text, never markup
    assert shown["open"] == urls["items"]["g2"] and shown["fits"], shown
    assert (shown["tabindex"] == "0") == shown["scrolls"], shown    # a list that scrolls can be scrolled by keyboard
    helpers.wait_until(lambda: browser.execute_script("const i = document.querySelector('dialog[open] img');"
                                                      " return i && i.complete && i.naturalWidth > 0"), timeout=5)
    axe_clean(browser, f"lightbox with fields, {scheme}")
    # the next item: its own fields replace the previous ones
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    nxt = helpers.wait_until(lambda: (lambda s: s if s and s["title"] == BY_ID["g3"]["name"] else None)(lightbox(browser)), timeout=5)
    assert nxt, lightbox(browser)
    assert [{"label": f["label"], "text": f["text"], "href": f["href"]} for f in nxt["fields"]] == expected["g3"], nxt
    assert sum(f["label"].lower() == "email" for f in nxt["fields"]) == 1, nxt
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert helpers.wait_until(lambda: browser.execute_script("return !document.querySelector('dialog[open]')"), timeout=5)
