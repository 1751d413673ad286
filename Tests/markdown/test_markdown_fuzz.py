"""Markdown descriptions of folder sources, built whole by galgen (mdfuzz.py; the long campaign is
scripts/markdown-fuzz.py).

- A short fuzz campaign: ~300 mutated sidecars and index.md files in two builds, fixed seed; every build must
  publish, pass `galgen check` and hold no executable markup (sitecheck.py), and every warning must name a
  line inside its file.
- One hand-written sidecar per hostile case, each warning checked for its code and `file.md:LINE`.

The binary: GALGEN_BIN, else .build/debug/galgen (copied first, so a rebuild meanwhile does not matter).
"""
from __future__ import annotations

import os
import pathlib
import re

import pytest

import mdfuzz

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def galgen(tmp_path_factory) -> pathlib.Path:
    binary = pathlib.Path(os.environ.get("GALGEN_BIN", ROOT / ".build" / "debug" / "galgen"))
    if not binary.exists():
        pytest.fail(f"galgen binary not found at {binary}; run `swift build` first or set GALGEN_BIN")
    return mdfuzz.snapshot_binary(binary, tmp_path_factory.mktemp("bin"), wait=120)


def test_short_campaign(galgen, tmp_path):
    lines: list[str] = []
    campaign = mdfuzz.Campaign(galgen, tmp_path / "work", seed=20261128, per_build=150, isolate=False,
                               log=lines.append).run(cases=300)
    print(campaign.summary())
    assert campaign.cases >= 300 and campaign.builds <= 3
    assert sum(campaign.warnings.values()) > 0, "the hostile seeds must draw warnings"
    assert not campaign.failures, "\n".join(lines) + "\n" + campaign.summary()


# Each case: its file (below the site), its text, and the warnings it must draw: (line, code, words in the message).
HTML_CASE = "<script>alert(1)</script> and <b>bold</b>\n"
CASES = {
    "javascript": ("photos-a/IMG_1.md", "Title: js\n\nIntro line.\n\nSee [this](javascript:alert(1)) now.\n",
                   [(5, "description.link", "unsafe URL (javascript:)")]),
    "data-image": ("photos-a/IMG_2.md", "Title: data\n\n![dot](data:image/png;base64,iVBORw0KGgo=)\n",
                   [(3, "description.image", "unsafe URL (data:)")]),
    "empty-link": ("photos-a/IMG_3.md", "first\nsecond [nothing]()\n", [(2, "description.link", "no destination")]),
    "missing-image": ("photos-a/IMG_4.md", "---\ntitle: fm\n---\n\nA\n![gone](nowhere.jpg)\n",
                      [(6, "description.image", "nowhere.jpg")]),
    "tree-photo": ("photos-a/IMG_5.md", "The cove: ![cove](Coast/IMG_100.jpg)\n", []),
    "album-link": ("photos-a/IMG_6.md", "Title: up\n\nMore in [the coast](Coast/).\n", []),
    "script-text": ("photos-a/IMG_7.md", HTML_CASE, []),
    "script-html": ("photos-b/IMG_8.md", "Title: html\n\n" + HTML_CASE, [(3, "description.html", "<script>")]),
    "crlf": ("photos-a/IMG_9.md", "Title: c\r\n\r\nline\r\n[x](javascript:1)\r\n", [(4, "description.link", "javascript")]),
    "cr": ("photos-a/IMG_10.md", "Title: c\r\rline\r[x](javascript:1)\r", [(4, "description.link", "javascript")]),
    "blocks": ("photos-a/IMG_11.md", "# [h](vbscript:1)\n\n> quote\n> [q](javascript:1)\n\n- item\n- [l](<>)\n"
                                     "\nhard\\\nbreak <span\nclass=x> [s](javascript:2)\n",
               [(1, "description.link", "vbscript"), (4, "description.link", "javascript"),
                (7, "description.link", "no destination"), (11, "description.link", "javascript")]),
    "album-index": ("photos-a/Coast/index.md", "Title: Coast\n\n\n\nThe coast [up](../) and [bad](javascript:1)\n",
                    [(5, "description.link", "javascript")]),
    "remote": ("photos-a/IMG_12.md", "![ok]({SERVER}/img.jpg)\n\n![html]({SERVER}/page.png)\n",
               [(3, "description.image", "/page.png")]),
}


@pytest.fixture(scope="module")
def hand_site(galgen, tmp_path_factory):
    site = tmp_path_factory.mktemp("hand")
    picture = mdfuzz.jpeg((320, 240), (40, 90, 160))
    with mdfuzz.ImageServer() as server:
        for folder in ("photos-a/Coast", "photos-b"):
            (site / folder).mkdir(parents=True)
        (site / "photos-a/Coast/IMG_100.jpg").write_bytes(picture)
        for file, text, _ in CASES.values():
            if not file.endswith("index.md"):
                (site / file).with_suffix(".jpg").write_bytes(picture)
            (site / file).write_bytes(text.replace("{SERVER}", server.url).encode())
        mdfuzz.write_config(site, {"a": False, "b": True})
        result = mdfuzz.run_build(galgen, site / "config.json", site / "cache")
    return site, result


def warnings_of(output: str) -> list[tuple[str, int, str, str]]:
    return [(f, int(n), c, m) for f, n, m, c in re.findall(r"^warning: (\S+\.md):(\d+): (.*) \[([\w.\-]+)\]$", output, re.M)]


@pytest.mark.parametrize("name", CASES)
def test_hand_case_warnings(hand_site, name):
    site, result = hand_site
    assert result["build"] == 0, result["output"]
    file, _, expected = CASES[name]
    got = [(line, code, message) for f, line, code, message in warnings_of(result["output"]) if f == file]
    assert [(line, code) for line, code, _ in got] == [(line, code) for line, code, _ in expected], got
    for (_, _, message), (_, _, words) in zip(got, expected):
        assert words in message


def test_hand_site_is_clean(hand_site):
    site, result = hand_site
    assert result["build"] == 0 and result["check"] == 0, result["output"] + result["checkOutput"]
    assert mdfuzz.check_site(site / "public") == []

    def page(path: str) -> str:
        return (site / "public" / path / "index.html").read_text(encoding="utf-8")

    assert re.search(r'<a class="photo-link" href="[./]*a/coast/img-100/"><picture>', page("a/img-5"))
    assert re.search(r'<a href="[./]*a/coast/">the coast</a>', page("a/img-6"))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page("a/img-7")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page("b/img-8")
    assert "<picture>" in page("a/img-12") and "page.png" in page("a/img-12")


# Newlines that are not soft breaks: inside a code span, a link's title, or before its destination. cmark does not
# count them; the warning for the unsafe link after them must still name its own line (it named an earlier one).
MISCOUNTED = {"code-span": ("`code\nspan` [x](javascript:alert(1))\n", 2),
              "code-span-3": ("``a\nb\nc`` [x](javascript:alert(1))\n", 3),
              "link-title": ("[a](IMG_1.jpg \"t\nu\") [x](javascript:alert(1))\n", 2),
              "link-destination": ("[a](\nIMG_1.jpg) [x](javascript:alert(1))\n", 2)}


@pytest.mark.parametrize("name", MISCOUNTED)
def test_line_after_multiline_inline(galgen, tmp_path, name):
    text, line = MISCOUNTED[name]
    (tmp_path / "photos-a").mkdir()
    (tmp_path / "photos-a/IMG_1.jpg").write_bytes(mdfuzz.jpeg((200, 150), (90, 40, 40)))
    (tmp_path / "photos-a/IMG_1.md").write_text(text)
    mdfuzz.write_config(tmp_path, {"a": False})
    result = mdfuzz.run_build(galgen, tmp_path / "config.json", tmp_path / "cache")
    assert [(f, n) for f, n, _, _ in warnings_of(result["output"])] == [("photos-a/IMG_1.md", line)]


PLANTED = {
    '<b onclick="x()">b</b>': True, '<a href="jav&#x61;script:alert(1)">a</a>': True,
    '<a href=" java\tscript:alert(1)">a</a>': True, '<a href="data:text/html,x">a</a>': True,
    '<img src="data:image/png;base64,AA" alt="">': False, '<img src="data:image/svg+xml,<svg/>" alt="">': True,
    '<iframe></iframe>': True, '<script>alert(1)</script>': True, '<script type="module" src="assets/a.js"></script>': False,
    '<script src="https://cdn.example/x.js"></script>': True, '<a href="">e</a>': True,
    '<img srcset="a.jpg 1x, javascript:alert(1) 2x" alt="">': True, '<p title="x onclick=y">t</p>': False,
    '<script type="application/json">{"a": "</script><b onclick=x>"}</script>': True,
    '&lt;a href="javascript:alert(1)"&gt;': False, '<a href="VBScript:x">v</a>': True,
}


@pytest.mark.parametrize("snippet", PLANTED)
def test_check_site_catches_planted_markup(tmp_path, snippet):
    """The checker is not blind: each planted snippet is caught, or passes when it is harmless."""
    (tmp_path / "index.html").write_text(f"<!DOCTYPE html><html><body>{snippet}</body></html>")
    (tmp_path / "data.json").write_text('{"v": [["img/a.jpg", 1, 1]], "t": "<script>alert(1)</script>"}')
    assert bool(mdfuzz.check_site(tmp_path)) == PLANTED[snippet], mdfuzz.check_site(tmp_path)


def test_check_site_reads_json_urls(tmp_path):
    (tmp_path / "data.json").write_text('{"f": [["Web", "x", "javascript:alert(1)"]], "base": "b/"}')
    assert mdfuzz.check_site(tmp_path)
