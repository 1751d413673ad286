#!/usr/bin/env python3
"""The size limits of galgen's sources (issue 31): no Swift function, initializer or subscript over 80 lines,
no source file over 400 lines. Prints every breach and exits 1 if there is one.

usage: scripts/check-structure.py [--max-function N] [--max-file N] [--list N] [ROOT]

ROOT defaults to this repository's Sources/. Files counted: *.swift, and the theme's *.js, *.css and *.mustache.
A function's length runs from its first line (attributes excluded) to its closing brace, so a nested function
counts inside its parent too. Comments and string literals are blanked before braces are matched, so a brace in
a string or a comment never ends a body. `--list N` also prints the N longest functions, breach or not.
"""
from __future__ import annotations

import argparse
import pathlib
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:(?:public|private|internal|fileprivate|package|open|static|class|final|override|mutating|nonmutating|"
    r"nonisolated|convenience|required|isolated|consuming|borrowing|dynamic)(?:\([^)]*\))?\s+)*"
    r"(?:func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])")
FILE_TYPES = (".swift", ".js", ".mjs", ".css", ".mustache")


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default=pathlib.Path(__file__).resolve().parents[1] / "Sources")
    parser.add_argument("--max-function", type=int, default=80)
    parser.add_argument("--max-file", type=int, default=400)
    parser.add_argument("--list", type=int, default=0)
    args = parser.parse_args()
    root = pathlib.Path(args.root)
    breaches, every = [], []
    for path in sorted(p for p in root.rglob("*") if p.suffix in FILE_TYPES and p.is_file()):
        count = path.read_text(encoding="utf-8").count("\n")
        rel = path.relative_to(root)
        if count > args.max_file:
            breaches.append(f"{rel}: {count} lines (file limit {args.max_file})")
        if path.suffix == ".swift":
            for first, length, signature in functions(path):
                every.append((length, f"{rel}:{first}", signature))
                if length > args.max_function:
                    breaches.append(f"{rel}:{first}: {length} lines (function limit {args.max_function}): {signature}")
    for line in breaches:
        print(line)
    for length, where, signature in sorted(every, reverse=True)[:args.list]:
        print(f"{length:5d}  {where}  {signature}")
    print(f"check-structure: {len(breaches)} over the limits")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
