#!/usr/bin/env python3
"""The size limits of galgen's sources (issues 31 and 45): no function over 80 lines, no file over 400 lines.
Prints every breach and exits 1 if there is one, or if an entry of the allow-list below no longer breaches.

usage: scripts/check-structure.py [--max-function N] [--max-file N] [--list N] [ROOT]

ROOT defaults to this repository. Files counted: Sources/**/*.swift, the C shims (Sources/C*Shim/**/*.c|h), the
theme's *.js, *.css and *.mustache, and the tests (Tests/**/*.swift, Tests/**/*.py, Tests/node/*.mjs).
Functions measured: Swift functions, initializers and subscripts; C functions; JavaScript functions (declarations,
methods, arrow functions with a block body) in the theme's modules and Tests/node; Python functions (from `ast`).
A function's length runs from its first line (attributes and decorators excluded) to its closing brace (Python:
its last line), so a nested function counts inside its parent too. Comments and string literals are blanked before
braces are matched, so a brace in a string or a comment never ends a body. `--list N` also prints the N longest
functions, breach or not.

ALLOWED names the breaches kept on purpose, each with its reason; an entry that no longer breaches fails the check,
so the list only shrinks.
"""
from __future__ import annotations

import argparse
import ast
import pathlib
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:(?:public|private|internal|fileprivate|package|open|static|class|final|override|mutating|nonmutating|"
    r"nonisolated|convenience|required|isolated|consuming|borrowing|dynamic)(?:\([^)]*\))?\s+)*"
    r"(?:func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])")
FILE_TYPES = (".swift", ".js", ".mjs", ".css", ".mustache")
C_SHIM = re.compile(r"^Sources/C[A-Za-z]*Shim/.*\.[ch]$")

# Breaches kept on purpose: "path" (a file over the file limit) or "path:signature-start" (a function), and why.
ALLOWED: dict[str, str] = {
    # C decoders: libpng's and libjpeg's errors longjmp back into the function that called setjmp, so the
    # protected part stays one function (its locals volatile), not a chain whose frames a longjmp would skip.
    "Sources/CPNGShim/CPNGShim.c:static int gg_png_read(": "libpng's setjmp frame: one function by design",
    "Sources/CJPEGShim/CJPEGShim.c:int gg_jpeg_decode(": "libjpeg's setjmp frame: one function by design",
    # Decoders with one cleanup path (`goto done`) freeing every allocation; a split would pass the half-made
    # image through helpers that each free on failure. Candidates to split, with a fuzz run after (scripts/fuzz.sh).
    "Sources/CGIFShim/CGIFShim.c:int gg_gif_decode(": "one cleanup path for the record loop; split with a fuzz run after",
    "Sources/CTIFFShim/CTIFFShim.c:int gg_tiff_decode(": "one cleanup path over three layouts; split with a fuzz run after",
    "Sources/CHEIFShim/CHEIFShim.c:int gg_heif_decode(": "being reworked (libheif loaded at run time) by another engineer",
    # The theme's set-up functions are closures over one module's state (the element, the fetched index, the
    # pending query); their inner functions are short. Splitting them changes the first page's bytes (budgets in
    # Tests/node and Tests/browser), so it is a runtime change of its own.
    "Sources/GalgenTheme/Theme/assets/search.js:export function setUpSearch(": "a closure over the search box's state",
    "Sources/GalgenTheme/Theme/assets/gallery.js:function boot(": "wires the state objects of every module once",
    "Sources/GalgenTheme/Theme/assets/filters.js:export function setUpFilters(": "a closure over the filter form's state",
    # Test files: one fixture or one browser scenario each; their tests share module-level fixtures (pytest) or a
    # fixture builder, and splitting them only moves those into a conftest.
    "Tests/Fixtures/apiserver.py": "one standard-library server mimicking randomuser.me, iTunes and a paged feed",
    "Tests/browser/server.py": "the browser tests' static server with its fault modes",
    "Tests/browser/test_runtime.py": "the 100,000-item site's runtime scenarios on one built site",
    "Tests/browser/test_detail_page.py": "item pages' scenarios on one built site",
    "Tests/browser/test_folder_site.py": "the folder site's scenarios on one built site",
    "Tests/browser/test_viewer.py": "the viewer's scenarios on one built site",
    "Tests/GalgenImagingTests/TIFFInputTests.swift": "one TIFF layout per test, sharing the pixel helpers",
    "Tests/node/search-core.test.mjs": "search-core.js against the committed tokenizer fixture and index files",
}


def blank_code(text: str) -> str:
    """`text` with every comment and string literal replaced by spaces (newlines kept), so that braces and
    parentheses left are code. Handles //, nested /* */, "…" with escapes, \"\"\" blocks and #"…"# raw strings."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group(0))
            start = i
            i += hashes
            multi = text.startswith('"""', i)
            quote = '"""' if multi else '"'
            i += len(quote)
            close = quote + "#" * hashes
            while i < n:
                if text[i] == "\\" and hashes == 0:
                    i += 2
                    continue
                if text.startswith(close, i):
                    i += len(close)
                    break
                if text[i] == "\n" and not multi:
                    break
                i += 1
            out.append(re.sub(r"[^\n]", " ", text[start:i]))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path: pathlib.Path) -> list[tuple[int, int, str]]:
    """(first line, line count, signature) of every function, initializer and subscript with a body in `path`."""
    text = path.read_text(encoding="utf-8")
    code = blank_code(text)
    lines = text.split("\n")
    code_lines = code.split("\n")
    offsets = [0]
    for line in code_lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found = []
    for number, line in enumerate(code_lines):
        if not DECLARATION.match(line):
            continue
        # The body is the first `{` outside parentheses before the declaration ends (a requirement has none).
        i, depth = offsets[number] + len(line) - len(line.lstrip()), 0
        body = None
        while i < len(code):
            ch = code[i]
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
            elif ch == "{" and depth == 0:
                body = i
                break
            elif ch == "}" and depth == 0:
                break
            elif ch == "\n" and depth == 0:
                following = code[i + 1:code.find("\n", i + 1) if code.find("\n", i + 1) >= 0 else len(code)]
                if DECLARATION.match(following) or re.match(r"^\s*(var|let|case|@|#|}|$)", following):
                    if not re.match(r"^\s*(where|throws|rethrows|async|->)", following):
                        break
            i += 1
        if body is None:
            continue
        braces, j = 0, body
        while j < len(code):
            if code[j] == "{":
                braces += 1
            elif code[j] == "}":
                braces -= 1
                if braces == 0:
                    break
            j += 1
        end_line = code.count("\n", 0, j)
        found.append((number + 1, end_line - number + 1, lines[number].strip()))
    return found


def blank_c_like(text: str, js: bool) -> str:
    """`text` (C or JavaScript) with comments, string and character literals (and in JavaScript template literals and
    regular expression literals) replaced by spaces, newlines kept. A template literal's `${…}` is blanked with it;
    a `/` starts a regular expression where a value cannot end before it (after `(,=:[!&|?{};` or a line start)."""
    out = []
    i, n = 0, len(text)
    last = "\n"   # the last code character, for telling a regular expression from a division
    while i < n:
        c = text[i]
        start = i
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c in "\"'":
            i += 1
            while i < n and text[i] != c and text[i] != "\n":
                i += 2 if text[i] == "\\" else 1
            i += 1
        elif js and c == "`":
            i, depth = i + 1, 0
            while i < n:
                if text[i] == "\\":
                    i += 2
                    continue
                if depth == 0 and text[i] == "`":
                    i += 1
                    break
                if text.startswith("${", i):
                    depth, i = depth + 1, i + 2
                    continue
                if depth and text[i] == "{":
                    depth += 1
                elif depth and text[i] == "}":
                    depth -= 1
                i += 1
        elif js and c == "/" and last in "(,=:[!&|?{};\n":
            i, in_class = i + 1, False
            while i < n and text[i] != "\n":
                if text[i] == "\\":
                    i += 2
                    continue
                if text[i] == "[":
                    in_class = True
                elif text[i] == "]":
                    in_class = False
                elif text[i] == "/" and not in_class:
                    i += 1
                    break
                i += 1
        else:
            out.append(c)
            if not c.isspace() or c == "\n":
                last = c
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", text[start:i]))
        last = "a"
    return "".join(out)


def closing_brace(code: str, body: int) -> int:
    """The index of the `}` that closes the `{` at `body`."""
    braces, j = 0, body
    while j < len(code):
        if code[j] == "{":
            braces += 1
        elif code[j] == "}":
            braces -= 1
            if braces == 0:
                return j
        j += 1
    return len(code) - 1


def c_functions(path: pathlib.Path) -> list[tuple[int, int, str]]:
    """(first line, line count, signature) of every C function definition in `path`: a top-level `{` whose header
    (the code since the last top-level `;` or `}`) has parentheses and is not a struct, union, enum or initializer."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    code = blank_c_like(text, js=False)
    # Preprocessor lines (and their continuations) are not code here.
    code_lines, continued = [], False
    for line in code.split("\n"):
        directive = continued or line.lstrip().startswith("#")
        continued = directive and line.rstrip().endswith("\\")
        code_lines.append(" " * len(line) if directive else line)
    code = "\n".join(code_lines)
    found, depth, header_start, i = [], 0, 0, 0
    while i < len(code):
        ch = code[i]
        if ch == "{" and depth == 0:
            header = code[header_start:i]
            words = header.split()
            if "(" in header and words and words[0] not in ("struct", "union", "enum", "typedef") and "=" not in header:
                first = header_start + len(header) - len(header.lstrip())
                number = code.count("\n", 0, first)
                end = closing_brace(code, i)
                found.append((number + 1, code.count("\n", 0, end) - number + 1, lines[number].strip()))
                i = end + 1
                header_start = i
                continue
            depth = 1
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                header_start = i + 1
        elif ch == ";" and depth == 0:
            header_start = i + 1
        i += 1
    return found


JS_FUNCTION = re.compile(
    r"\bfunction\b\s*\*?\s*[\w$]*\s*\("                                   # function name(…) {, function (…) {
    r"|^\s*(?:(?:static|async|get|set)\s+)*(?!(?:if|for|while|switch|catch|function|return|with)\b)[\w$]+\s*\("  # a method
    r"|=>\s*\{", re.M)                                                       # an arrow function with a block body


def js_functions(path: pathlib.Path) -> list[tuple[int, int, str]]:
    """(first line, line count, signature) of every JavaScript function with a block body in `path`."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    code = blank_c_like(text, js=True)
    found, bodies = [], set()
    for match in JS_FUNCTION.finditer(code):
        i, depth = match.start(), 0
        if match.group(0).endswith("{"):
            body = match.end() - 1
        else:
            # The parameters, then the body's `{`; a method call (`name(…);`) has none and is skipped.
            i = match.end() - 1
            while i < len(code):
                depth += {"(": 1, ")": -1}.get(code[i], 0)
                if code[i] == ")" and depth == 0:
                    break
                i += 1
            rest = re.match(r"\s*\{", code[i + 1:])
            if not rest:
                continue
            body = i + rest.end()
        if body in bodies:
            continue
        bodies.add(body)
        number = code.count("\n", 0, match.start() + len(match.group(0)) - len(match.group(0).lstrip()))
        end = code.count("\n", 0, closing_brace(code, body))
        found.append((number + 1, end - number + 1, lines[number].strip()))
    return found


def python_functions(path: pathlib.Path) -> list[tuple[int, int, str]]:
    """(first line, line count, signature) of every Python function in `path`, decorators excluded."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    return [(node.lineno, node.end_lineno - node.lineno + 1, lines[node.lineno - 1].strip())
            for node in ast.walk(ast.parse(text, filename=str(path)))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def counted(root: pathlib.Path) -> list[pathlib.Path]:
    """The files measured, relative to the repository root."""
    files = []
    for path in sorted(p for top in ("Sources", "Tests") for p in (root / top).rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(root).as_posix()
        if rel.startswith("Sources/") and (path.suffix in FILE_TYPES or C_SHIM.match(rel)):
            files.append(path)
        elif rel.startswith("Tests/") and (path.suffix in (".swift", ".py") or re.match(r"^Tests/node/[^/]+\.mjs$", rel)):
            files.append(path)
    return files


def measure(path: pathlib.Path) -> list[tuple[int, int, str]]:
    """The functions of one file, by its language (none for stylesheets and templates)."""
    if path.suffix == ".swift":
        return functions(path)
    if path.suffix in (".c", ".h"):
        return c_functions(path)
    if path.suffix in (".js", ".mjs"):
        return js_functions(path)
    if path.suffix == ".py":
        return python_functions(path)
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default=pathlib.Path(__file__).resolve().parents[1])
    parser.add_argument("--max-function", type=int, default=80)
    parser.add_argument("--max-file", type=int, default=400)
    parser.add_argument("--list", type=int, default=0)
    args = parser.parse_args()
    root = pathlib.Path(args.root)
    breaches, every, allowed_seen = [], [], set()

    def breach(key: str, line: str) -> None:
        allowed = next((entry for entry in ALLOWED if key == entry or (":" in entry and key.startswith(entry))), None)
        if allowed is None:
            breaches.append(line)
        else:
            allowed_seen.add(allowed)

    for path in counted(root):
        rel = path.relative_to(root).as_posix()
        count = path.read_text(encoding="utf-8").count("\n")
        if count > args.max_file:
            breach(rel, f"{rel}: {count} lines (file limit {args.max_file})")
        for first, length, signature in measure(path):
            every.append((length, f"{rel}:{first}", signature))
            if length > args.max_function:
                breach(f"{rel}:{signature}", f"{rel}:{first}: {length} lines (function limit {args.max_function}): {signature}")
    for entry in sorted(set(ALLOWED) - allowed_seen):
        breaches.append(f"{entry}: allowed ({ALLOWED[entry]}) but no longer over the limit: remove it from ALLOWED")
    for line in breaches:
        print(line)
    for length, where, signature in sorted(every, reverse=True)[:args.list]:
        print(f"{length:5d}  {where}  {signature}")
    print(f"check-structure: {len(every)} functions in {len(counted(root))} files, {len(breaches)} over the limits")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
