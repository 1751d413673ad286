"""An independent check of a built site for executable markup (mdfuzz.py's `check_site`).

Every `.html` page is parsed with Python's html.parser. JSON (data files, and every `<script
type="application/json">`, which must still parse) is text to the theme's runtime (it writes strings with
textContent and never with innerHTML), so only the strings it uses as URLs are checked. A second, cruder pass
reads the raw tags of every HTML, JSON, XML and text file with regular expressions of its own, so that a
difference of html.parser's does not hide an attribute a browser would run.
"""
from __future__ import annotations

import html
import json
import pathlib
import posixpath
import re
from html.parser import HTMLParser

URL_ATTRIBUTES = {"href", "src", "srcset", "action", "formaction", "poster", "data", "xlink:href", "background",
                  "cite", "ping", "longdesc", "lowsrc", "dynsrc", "manifest", "codebase", "imagesrcset"}
FORBIDDEN_ELEMENTS = {"iframe", "object", "embed", "frame", "frameset", "base", "form", "applet"}
EXECUTABLE_SCHEMES = {"javascript", "vbscript", "data", "livescript", "mocha"}
SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.\-]*):")
RAW_TAG = re.compile(r"<[A-Za-z][^<>]*>")
RAW_ATTRIBUTE = re.compile(r"""([^\s"'<>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")
URL_KEYS = {"v", "base", "placeholder", "shards", "href", "url", "src", "poster", "m", "file", "link"}
TEXT_SUFFIXES = {".html", ".json", ".xml", ".txt", ".js", ".css", ".svg", ".webmanifest"}


def url_scheme(value: str) -> str:
    """The scheme a browser reads in a URL attribute (lowercased), or "": leading spaces and control
    characters dropped, and tabs and newlines anywhere."""
    cleaned = value.lstrip("".join(chr(c) for c in range(0, 33)))
    cleaned = re.sub(r"[\t\n\r]", "", cleaned)
    match = SCHEME.match(cleaned)
    return match.group(1).lower() if match else ""


def srcset_urls(value: str) -> list[str]:
    return [part.strip().split()[0] for part in value.split(",") if part.strip()]


class PageChecker(HTMLParser):
    """Collects the problems of one HTML text; `where` names it in messages; `page` is its path below the
    site root (for script sources), or None for a fragment."""

    def __init__(self, where: str, page: str | None):
        super().__init__(convert_charrefs=True)
        self.where, self.page = where, page
        self.problems: list[str] = []
        self.json_script = False
        self.json_strings: list[str] = []

    def problem(self, message: str) -> None:
        self.problems.append(f"{self.where}:{self.getpos()[0]}: {message}")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in FORBIDDEN_ELEMENTS:
            self.problem(f"<{tag}> element")
        if tag == "script":
            self.check_script(dict(attrs))
        if tag == "meta" and any(k == "http-equiv" and (v or "").lower() == "refresh" for k, v in attrs):
            self.problem("<meta http-equiv=refresh>")
        for name, value in attrs:
            self.check_attribute(tag, name, value)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "script":
            self.json_script = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self.json_script = False

    def handle_data(self, data: str) -> None:
        if self.json_script:
            self.json_strings[-1] += data

    def check_attribute(self, tag: str, name: str, value: str | None) -> None:
        if name.startswith("on"):
            self.problem(f"<{tag} {name}=…> event handler")
            return
        if name not in URL_ATTRIBUTES:
            return
        if value is None or not value.strip():
            self.problem(f"<{tag} {name}> empty")
            return
        for url in srcset_urls(value) if name.endswith("srcset") else [value]:
            scheme = url_scheme(url)
            if scheme not in EXECUTABLE_SCHEMES:
                continue
            if scheme == "data" and tag in ("img", "source") and url.strip().lower().startswith("data:image/") \
                    and not url.strip().lower().startswith("data:image/svg"):
                continue
            self.problem(f"<{tag} {name}={url[:80]!r}> {scheme}: URL")

    def check_script(self, attrs: dict[str, str | None]) -> None:
        kind = (attrs.get("type") or "").strip().lower()
        if kind == "application/json":
            self.json_script = True
            self.json_strings.append("")
            return
        src = attrs.get("src")
        if kind not in ("", "module", "text/javascript") or not src or self.page is None:
            self.problem(f"<script {attrs}> inline or foreign script")
            return
        if url_scheme(src) or src.startswith("//"):
            self.problem(f"<script src={src!r}> outside the site")
            return
        target = posixpath.normpath(posixpath.join(posixpath.dirname(self.page), src.split("?")[0].split("#")[0]))
        if target.startswith("../") or target == "..":
            self.problem(f"<script src={src!r}> leaves the site")


def check_fragment(text: str, where: str, page: str | None = None) -> list[str]:
    """The problems of one HTML text (a page, or a fragment such as a JSON string), JSON scripts included."""
    checker = PageChecker(where, page)
    checker.feed(text)
    checker.close()
    problems = checker.problems + raw_problems(text, where)
    for data in checker.json_strings:
        try:
            problems += check_json_value(json.loads(data), f"{where} (JSON script)")
        except ValueError as error:
            problems.append(f"{where}: a <script type=application/json> does not parse ({error}): broken out of?")
    return problems


def raw_problems(text: str, where: str) -> list[str]:
    """Attributes a browser would run, read from the raw tags by regular expressions (a tokenizer of its own,
    so that a difference of html.parser's does not hide one): event handlers and javascript:/vbscript: URLs."""
    problems = []
    for match in RAW_TAG.finditer(text):
        tag = match.group(0)
        name = re.match(r"<([A-Za-z][^\s/>]*)", tag).group(1)
        for attribute in RAW_ATTRIBUTE.finditer(tag, len(name) + 1):
            key, value = attribute.group(1).lower(), html.unescape((attribute.group(2) or "").strip("\"'"))
            if key.startswith("on") or (key in URL_ATTRIBUTES and url_scheme(value) in ("javascript", "vbscript")):
                line = text.count("\n", 0, match.start()) + 1
                problems.append(f"{where}:{line}: raw tag {tag[:120]!r}")
                break
    return problems


def check_json_value(value, where: str) -> list[str]:
    """The URLs of a JSON value with an executable scheme. The theme's runtime puts JSON strings into pages as
    text (textContent) and joins its paths to the site's base, so only strings it uses as URLs matter: those
    under URL_KEYS, and the link (third member) of each `f` field."""
    problems: list[str] = []
    stack: list[tuple[str, object]] = [("", value)]
    while stack:
        key, item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.items())
        elif isinstance(item, list):
            if key == "f":
                stack.extend(("href", field[2]) for field in item if isinstance(field, list) and len(field) > 2)
            else:
                stack.extend((key, member) for member in item)
        elif isinstance(item, str) and key in URL_KEYS and url_scheme(item) in EXECUTABLE_SCHEMES:
            problems.append(f"{where}: JSON {key!r} is a {url_scheme(item)}: URL ({item[:80]!r})")
    return problems


def check_site(public: pathlib.Path) -> list[str]:
    """Every problem of the site in `public` (empty when clean)."""
    problems: list[str] = []
    for path in sorted(public.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in TEXT_SUFFIXES:
            continue
        rel = path.relative_to(public).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".html":
            problems += check_fragment(text, rel, page=rel)
        elif path.suffix == ".json":
            problems += raw_problems(text, rel)
            try:
                problems += check_json_value(json.loads(text), rel)
            except ValueError as error:
                problems.append(f"{rel}: not JSON ({error})")
        elif path.suffix in (".xml", ".svg", ".txt"):
            problems += raw_problems(text, rel)
    return problems
