"""Pages that hold on every screen (issue 44): at 320, 390, 768, 1280 and 1920 px, on every page kind (home,
collection, album with a description, item, video item, 404, search open, a filter chosen, the browse list open,
the lightbox open), in English, a long-word language (German) and a right-to-left one (Arabic), no control or
heading overlaps a picture and nothing scrolls sideways.

A "control or heading" is a heading, the trail, the find box's label and field, a filter's label and menu, the
pager, the count and lead lines, a download link, the item page's neighbours and the lightbox's buttons and
caption; a "picture" is an `<img>`, `<video>` or album cover that is shown. Two boxes overlap when they share
more than 2 × 2 CSS px and neither element holds the other. With the lightbox open only what it holds counts
(the page behind it is inert); with search open the results list (a pop-up over the page, by design) is left out.
"""
from __future__ import annotations

import pathlib

import pytest

import foldersite
import helpers
import sitebuild
from server import SiteServer

WIDTHS = (320, 390, 768, 1280, 1920)
HEIGHT = 800

OVERLAPS = """
const within = document.querySelector('dialog[open]') || document;
const shown = e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !e.closest('[hidden]'); };
const popup = e => e.closest('.find-results');
const pictures = [...within.querySelectorAll('img, video, .cover')].filter(e => shown(e) && !popup(e));
const controls = [...within.querySelectorAll(
  'h1, h2, h3, .crumbs li, .find label, .find input, .filters label, .filters select, .filters button, .browse summary, ' +
  '.pager a, .pager span, .count, .lead, .download, .neighbours a, .position, .site-header a, dialog .bar > *, dialog .info')]
  .filter(e => shown(e) && !popup(e));
const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
const found = [];
for (const c of controls) {
  const a = c.getBoundingClientRect();
  for (const p of pictures) {
    if (c.contains(p) || p.contains(c)) continue;
    const b = p.getBoundingClientRect();
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 2 && h > 2) found.push(`${name(c)} "${(c.textContent || c.value || '').trim().slice(0, 30)}" [${Math.round(a.left)},${Math.round(a.top)} ${Math.round(a.width)}x${Math.round(a.height)}] over ${name(p)} [${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}x${Math.round(b.height)}]`);
  }
}
const doc = document.documentElement;
return {overlaps: found.slice(0, 5), sideways: doc.scrollWidth - doc.clientWidth, pictures: pictures.length, controls: controls.length};
"""


# Resolves once the page is laid out for good: the document loaded, its fonts in, no shard pending, an element
# `want` names present (when given), and the boxes of every heading, control and picture unchanged for four frames
# in a row (at most 3 s). This replaces fixed sleeps: most pages hold after a few frames.
STABLE = """
const done = arguments[arguments.length - 1], want = arguments[0], t0 = performance.now();
const sig = () => [...document.querySelectorAll('h1, h2, img, video, .cover, .find, .filters, .pager, dialog[open], dialog .info, .find-results')]
  .map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round).join(','); }).join(';');
let last = null, same = 0;
(function frame() {
  const grid = document.querySelector('.grid');
  const ready = document.readyState === 'complete' && document.fonts.status === 'loaded' &&
    !(grid && grid.getAttribute('aria-busy') === 'true') && (!want || document.querySelector(want));
  const now = sig();
  same = ready && now === last ? same + 1 : 0;
  last = now;
  if (same >= 4 || performance.now() - t0 > 3000) done(same >= 4); else requestAnimationFrame(frame);
})();
"""


def stable(driver, want: str | None = None) -> bool:
    return driver.execute_async_script(STABLE, want)


def build_people(work: pathlib.Path, language: str) -> pathlib.Path:
    """sitebuild.py's inputs with 300 people (filters, an albums collection), in `language`."""
    return sitebuild.build_language_site(work, language, 300, work.parent / "cache")


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """A server per site: the folder site (albums, descriptions, videos) and the people site in three languages."""
    root = tmp_path_factory.mktemp("layout-sites")
    try:
        folder, _ = foldersite.build(root / "folder")
        built = {"folder": folder} | {lang: build_people(root / lang, lang) for lang in ("en", "de", "ar")}
    except (FileNotFoundError, RuntimeError) as e:
        pytest.fail(str(e))
    started = {name: SiteServer(public).start() for name, public in built.items()}
    yield started
    for srv in started.values():
        srv.stop()


@pytest.fixture
def d(session_driver):
    helpers.reset_driver(session_driver)
    yield session_driver
    helpers.reset_driver(session_driver)


def first_item(site: pathlib.Path, collection: str) -> str:
    """The path of the first item page below `collection/`."""
    pages = sorted(p for p in (site / collection).glob("*/index.html") if p.parent.name not in ("page",))
    return str(pages[0].parent.relative_to(site)) + "/"


def check(driver, label: str) -> list[str]:
    stable(driver)
    got = driver.execute_script(OVERLAPS)
    problems = [f"{label}: {o}" for o in got["overlaps"]]
    if got["sideways"] > 0:
        problems.append(f"{label}: the page scrolls {got['sideways']} px sideways")
    return problems


def open_and_check(driver, base: str, path: str, label: str, action=None) -> list[str]:
    problems = []
    for width in WIDTHS:
        helpers.set_viewport(driver, width, HEIGHT)
        driver.get(base + path)
        stable(driver)
        if action is not None:
            action(driver)
        problems += check(driver, f"{label} at {width}px")
    return problems


def search(driver):
    driver.execute_script("""const i = document.querySelector('#find-input'); if (!i) return;
      i.closest('search').hidden = false; i.focus(); i.value = 'a'; i.dispatchEvent(new Event('input', {bubbles: true}));""")
    stable(driver, ".find-results > *, .find-status:not(:empty)")


def choose_filter(driver):
    driver.execute_script("""const s = document.querySelector('form.filters select'); if (!s) return;
      s.value = s.options[Math.min(1, s.options.length - 1)].value; s.dispatchEvent(new Event('change', {bubbles: true}));""")
    stable(driver)


def open_browse(driver):
    driver.execute_script("const b = document.querySelector('details.browse'); if (b) b.open = true;")


def open_lightbox(driver):
    driver.execute_script("const a = document.querySelector('#grid .cell a'); if (a) a.click();")
    stable(driver, "dialog[open]")


def test_folder_site_pages_hold_at_every_width(d, sites):
    srv = sites["folder"]
    pages = {"home": "", "top album": foldersite.album_url(""), "album with a description": foldersite.album_url("2024/paris"),
             "item with a description": foldersite.item_url("louvre"), "video item": foldersite.item_url("seine"),
             "404": "404.html"}
    problems = []
    for label, path in pages.items():
        problems += open_and_check(d, srv.base, path, f"folder {label}")
    problems += open_and_check(d, srv.base, foldersite.album_url("2024/rome"), "folder album, lightbox open", open_lightbox)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "de", "ar"])
def test_people_site_pages_hold_at_every_width(d, sites, language):
    srv = sites[language]
    site = pathlib.Path(srv.root)
    problems = []
    for label, path, action in (("home", "", None), ("home, search open", "", search), ("collection", "people/", None),
                                ("collection, search open", "people/", search), ("collection, a filter chosen", "people/", choose_filter),
                                ("collection, browse open", "people/", open_browse), ("collection, lightbox open", "people/", open_lightbox),
                                ("item", first_item(site, "people"), None), ("404", "404.html", None)):
        problems += open_and_check(d, srv.base, path, f"{language} {label}", action)
    assert not problems, "\n".join(problems)
