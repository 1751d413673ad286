"""Every relative link and image in README.md, docs/*.md and Benchmarks/*.md resolves: the file it names
exists (relative to the linking file's folder), and a `#anchor` names a heading of that file, slugged as
GitHub does (lowercase; spaces become '-'; punctuation other than '-' and '_' dropped; a repeated
heading gets '-1', '-2', …). Links inside code blocks and code spans are not links and are skipped."""

import functools
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# [text](target) and ![alt](target); the target may carry a "title". Nested brackets in the text are
# allowed one level deep (`[![img](a.png)](b.md)` yields both targets).
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)[^`]+?\1|(`+)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def documents() -> list[Path]:
    """The Markdown files whose links are checked."""
    files = [ROOT / "README.md"]
    files += sorted((ROOT / "docs").glob("*.md"))
    files += sorted((ROOT / "Benchmarks").glob("*.md"))
    return [f for f in files if f.is_file()]


def prose_lines(text: str):
    """(line number, line) for every line outside fenced code blocks, with code spans blanked."""
    fenced = False
    for number, line in enumerate(text.split("\n"), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: markup removed, lowercased, punctuation dropped, spaces → '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text stays
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"<[^>]+>", "", text)
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


@functools.cache
def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file, duplicates numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    result = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


def broken_links(path: Path) -> list[str]:
    """The relative links of one file that name a missing file or heading, as `file:line: target (why)`."""
    problems = []
    text = path.read_text(encoding="utf-8")
    for number, line in prose_lines(text):
        for match in LINK.finditer(line):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
                continue  # http:, https:, mailto:, …
            file_part, _, anchor = target.partition("#")
            destination = (path.parent / file_part).resolve() if file_part else path
            where = f"{path.relative_to(ROOT)}:{number}: {target}"
            if not destination.exists():
                problems.append(f"{where} (no such file)")
                continue
            if anchor and destination.suffix == ".md" and anchor not in anchors(destination):
                problems.append(f"{where} (no heading #{anchor} in {destination.relative_to(ROOT)})")
    return problems


def test_the_slug_rules_are_githubs():
    assert slug("Fields, sorting, albums and feeds") == "fields-sorting-albums-and-feeds"
    assert slug("Configuration (`config.json`)") == "configuration-configjson"
    assert slug("Preview: `galgen serve`") == "preview-galgen-serve"
    assert slug("Photo sizes (issue 44): what 2048 px costs") == "photo-sizes-issue-44-what-2048-px-costs"
    assert slug("`galgen serve`: save → reloaded page") == "galgen-serve-save--reloaded-page"
    assert slug("snake_case and-dash") == "snake_case-and-dash"


def test_the_checker_finds_a_broken_link_and_a_broken_anchor(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A page\n\n## Some part\n")
    page = tmp_path / "README.md"
    page.write_text(
        "[ok](docs/a.md#some-part) [bad file](docs/b.md) [bad anchor](docs/a.md#nothing)\n"
        "![image](docs/missing.png) [self](#top) [web](https://example.com/x.md)\n"
        "`[in a code span](docs/none.md)`\n```\n[in a block](docs/none.md)\n```\n# Top\n"
    )
    problems = broken_links(page)
    assert len(problems) == 3, problems
    assert any("docs/b.md (no such file)" in p for p in problems)
    assert any("#nothing" in p for p in problems)
    assert any("missing.png" in p for p in problems)


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path):
    problems = broken_links(path)
    assert not problems, "broken links:\n" + "\n".join(problems)
