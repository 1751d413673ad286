"""The release binary's ICU data is Foundation's less the trees galgen never reads (scripts/packaging/icu_data.py):
in every language the theme speaks, and in three whose collation or digits are their own, a site whose fields ICU
formats and whose titles ICU sorts comes out byte for byte as the development build (the whole data) makes it."""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
THEME_LANGUAGES = sorted(p.stem for p in (ROOT / "Sources/GalgenTheme/Theme/i18n").glob("*.json"))
LANGUAGES = THEME_LANGUAGES + ["th", "ko", "fa"]  # Thai and Korean collation; Persian digits

# Titles in several scripts with accents, digit runs and case: each language's collation orders them its own way.
TITLES = ["Zebra", "Äpple", "apple", "Øre", "Item 10", "Item 2", "日本", "中国", "한국", "ไทย", "Ωmega", "Яблоко",
          "שלום", "سلام", "Émile", "eclair", "Ch", "Cz"]


def filtered(binary: pathlib.Path) -> bool:
    """Whether the binary links the filtered ICU data (the symbol package.sh's object defines)."""
    symbols = subprocess.run(["nm", "--defined-only", str(binary)], capture_output=True, text=True).stdout
    return "galgen_icudt" in symbols


@pytest.fixture(scope="module")
def binaries(galgen):
    full = ROOT / ".build" / "debug" / "galgen"
    if not filtered(galgen):
        pytest.skip(f"{galgen} links the whole ICU data (not a scripts/package.sh build)")
    if not full.exists() or filtered(full):
        pytest.skip(f"no development build with the whole ICU data at {full}")
    return galgen, full


def write_site(folder: pathlib.Path, language: str):
    folder.mkdir(parents=True)
    records = []
    for i, title in enumerate(TITLES):
        records.append({"id": f"r{i}", "title": title, "released": ["2015-06-01", "1999-12", "1582-10-10", "2024"][i % 4],
                        "updated": "2015-06-01T07:00:00+02:00", "downloads": 1234567.5 / (i + 1), "price": 4.99 * i,
                        "length": 215000 * (i + 1), "rating": (i % 5) + 0.5})
    (folder / "records.json").write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    extra = {"released": {"path": "released", "type": "date"}, "updated": {"path": "updated", "type": "date"},
             "downloads": {"path": "downloads", "type": "number"},
             "price": {"path": "price", "type": "currency", "currency": "EUR"},
             "length": {"path": "length", "type": "duration", "unit": "ms"}, "rating": {"path": "rating", "type": "rating"}}
    config = {"title": "ICU", "language": language, "fieldFormat": "locale",
              "sources": [{"name": "apps", "title": "Apps", "type": "json", "path": "records.json", "sort": "title",
                           "fields": {"id": "id", "title": "title", "extra": extra}}]}
    (folder / "config.json").write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")


def build(binary: pathlib.Path, folder: pathlib.Path) -> dict:
    result = subprocess.run([str(binary), "build", "--config", str(folder / "config.json"), "--strict"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    public = folder / "public"
    return {str(p.relative_to(public)): p.read_bytes() for p in sorted(public.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_filtered_icu_data_formats_and_sorts_as_the_whole_data(binaries, tmp_path, language):
    release, full = binaries
    write_site(tmp_path / "a", language)
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    made, expected = build(release, tmp_path / "a"), build(full, tmp_path / "b")
    assert made.keys() == expected.keys()
    differing = [path for path in made if made[path] != expected[path]]
    assert not differing, f"{language}: {differing[:5]}"
    page = made["apps/r0/index.html"].decode("utf-8")
    # ICU's formats, not the plain ones (the record's date as written), are what was compared.
    assert '<time datetime="2015-06-01">' in page and '<time datetime="2015-06-01">2015-06-01</time>' not in page, page
