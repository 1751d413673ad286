"""Build the 100,000-item browser-test site with galgen itself (shared by conftest.py and the perf script)."""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The built-in theme as files (galgen compiles them in; tests copy one to override it).
THEME = ROOT / "Sources" / "GalgenTheme" / "Theme"
COUNT = 100_000
PLACE_COUNT = 240
# A third collection split into albums (groupBy): the reuse pool, search and the lightbox per album.
TEAM_COUNT = 9_000
TEAMS = ["Team Ära", "Team Berg", "Team Chō"]
PLACES = [("Zürich", "Schweiz"), ("São Paulo", "Brasil"), ("Kraków", "Polska"), ("Łódź", "Polska"),
          ("東京都", "日本"), ("Reykjavík", "Ísland"), ("Ørsted Park", "Danmark"), ("서울", "대한민국")]


# Filterable fields of the people (test_filters.py): a genre of 20 (none for every 50th), a country of 200,
# a price (none for every 9th) and a rating; the records' ids, titles, images and order are unchanged.
GENRES = ["Action", "Adventure", "Arcade", "Board", "Card", "Casual", "Education", "Family", "Music", "Puzzle",
          "Racing", "Role Playing", "Simulation", "Sports", "Strategy", "Trivia", "Word", "Ärzte & Co", "Café", "日本語"]
COUNTRIES = ["%s %03d" % (["Land", "Øland", "Île", "Ōkoku"][n % 4], n) for n in range(200)]
FILTERS = ["genre", "country", {"field": "price", "ranges": [0, 1, 5]}, {"field": "rating", "atLeast": [3, 4]}]


def person_fields(i: int) -> dict:
    """The filterable fields of person i (absent ones left out)."""
    fields = {"country": COUNTRIES[((i * 2654435761) >> 12) % 200], "rating": ((i * 31) % 51) / 10}
    if i % 50:
        fields["genre"] = GENRES[((i * 40503) >> 5) % 20]
    if i % 9:
        fields["price"] = ((i * 7919) % 1000) / 100
    return fields


def galgen_binary() -> pathlib.Path:
    return pathlib.Path(os.environ.get("GALGEN_BIN", ROOT / ".build" / "debug" / "galgen"))


def write_inputs(work: pathlib.Path, count: int = COUNT) -> pathlib.Path:
    """Write config.json, big.json and images/p0..p7.jpg into `work`; return the config path. Every image is made
    in three formats (AVIF and WebP <source>s, JPEG fallback)."""
    work.mkdir(parents=True, exist_ok=True)
    images = work / "images"
    images.mkdir(exist_ok=True)
    for i in range(8):
        shutil.copyfile(ROOT / "Samples" / "images" / f"portrait-0{i + 1}.jpg", images / f"p{i}.jpg")
    records = [{"id": "k%06d" % i, "name": "Person %d" % i, "img": "images/p%d.jpg" % (i % 8), **person_fields(i)} for i in range(count)]
    (work / "big.json").write_text(json.dumps({"results": records}, separators=(",", ":")))
    # A second, small collection with accents, other scripts and subtitles, for search across collections.
    places = [{"id": "pl%03d" % i, "name": "%s %d" % (PLACES[i % len(PLACES)][0], i), "country": PLACES[i % len(PLACES)][1],
               "img": "images/p%d.jpg" % (i % 8)} for i in range(PLACE_COUNT)]
    (work / "places.json").write_text(json.dumps(places, ensure_ascii=False))
    config = {
        "title": "galgen browser test",
        "language": "en",
        "pageSize": 100,
        "imageWidths": [160, 320],
        # every width in AVIF and WebP too: cells are <picture>s (AVIF and WebP <source>s, JPEG <img>)
        "formats": ["avif", "webp", "jpeg"],
        "sources": [{
            "name": "people", "title": "People", "type": "json", "path": "big.json", "items": "results",
            "fields": {"id": "id", "title": "name", "image": "img",
                       "extra": {"genre": "genre", "country": "country", "price": {"path": "price", "type": "number"},
                                 "rating": {"path": "rating", "type": "rating"}}},
            "filters": FILTERS,
        }, {
            "name": "places", "title": "Places", "type": "json", "path": "places.json",
            "fields": {"id": "id", "title": "name", "subtitle": "country", "image": "img"},
        }],
    }
    teams = [{"id": "t%05d" % i, "name": "Member %d" % i, "team": TEAMS[i % len(TEAMS)],
              "joined": "20%02d-%02d-%02d" % (10 + i % 15, 1 + i % 12, 1 + i % 28), "mail": "m%d@example.org" % i,
              "img": "images/p%d.jpg" % (i % 8)} for i in range(TEAM_COUNT)]
    (work / "teams.json").write_text(json.dumps(teams, ensure_ascii=False))
    config["sources"].append({
        "name": "teams", "title": "Teams", "type": "json", "path": "teams.json",
        "fields": {"id": "id", "title": "name", "image": "img",
                   "extra": {"team": "team", "joined": {"path": "joined", "type": "date"}, "mail": {"path": "mail", "type": "email", "label": "E-mail"}}},
        "sort": [{"by": "title"}], "groupBy": "team",
    })
    path = work / "config.json"
    path.write_text(json.dumps(config, indent=2))
    return path


def build_site(work: pathlib.Path, count: int = COUNT, timeout: float = 900) -> pathlib.Path:
    """Run `galgen build` on the generated inputs; return the output folder."""
    binary = galgen_binary()
    if not binary.exists():
        raise FileNotFoundError(f"galgen binary not found at {binary}; run `swift build --product galgen` or set GALGEN_BIN")
    config = write_inputs(work, count)
    out = work / "public"
    cache = work / "cache"
    result = subprocess.run(
        [str(binary), "build", "--config", str(config), "--output", str(out), "--cache", str(cache)],
        cwd=work, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"galgen build failed ({result.returncode}):\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    return out


def site_from_env_or_build(work: pathlib.Path) -> pathlib.Path:
    """`GALGEN_BROWSER_SITE=/path/to/public` reuses a built site; otherwise build one under `work`."""
    given = os.environ.get("GALGEN_BROWSER_SITE")
    if given:
        path = pathlib.Path(given)
        if not (path / "people").is_dir():
            raise FileNotFoundError(f"GALGEN_BROWSER_SITE={given} has no people/ folder")
        return path
    return build_site(work)


if __name__ == "__main__":
    target = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/galgen-browser-site")
    print(build_site(target))


def build_language_site(work: pathlib.Path, language: str, count: int, cache: pathlib.Path, title: str | None = None,
                        timeout: float = 900) -> pathlib.Path:
    """write_inputs' site with `count` people, in `language` (and `title`), its albums (groupBy) collection cut to
    60 team members so that its pages have breadcrumbs; built into work/public with the cache given."""
    config_path = write_inputs(work, count)
    config = json.loads(config_path.read_text())
    config["language"] = language
    if title:
        config["title"] = title
    teams = work / "teams.json"
    teams.write_text(json.dumps(json.loads(teams.read_text())[:60], ensure_ascii=False))
    config_path.write_text(json.dumps(config, ensure_ascii=False, indent=2))
    out = work / "public"
    result = subprocess.run([str(galgen_binary()), "build", "--config", str(config_path), "--output", str(out),
                             "--cache", str(cache)], cwd=work, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"galgen build ({language}) failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return out
