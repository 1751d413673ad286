#!/usr/bin/env -S python3 -P
"""The .deb's copyright file in Debian's machine-readable format (DEP-5), and its check.

    deb_copyright.py BASE THIRD_PARTY > copyright   # galgen's paragraphs (BASE), then one per component
                                                    # THIRD_PARTY lists as linked statically into the binary
    deb_copyright.py --check COPYRIGHT [THIRD_PARTY] # parse it as DEP-5; exit 1 with the reasons if it is not one,
                                                    # or if a component of THIRD_PARTY's static table is not named

The .deb holds one file of code, /usr/bin/galgen; the Swift runtime, Foundation, Foundation's ICU and the Swift
packages are linked into it, so each gets a Files paragraph (its pattern names it under linked-statically/, since
none is a file of the package) with its licence, and every licence a stand-alone paragraph: Apache-2.0 points to
/usr/share/common-licenses, the others to their texts under /usr/share/doc/galgen/licenses. The check is a small
DEP-5 reader (Debian's licensecheck reads source files, not copyright files): paragraphs of fields with
continuation lines, the Format header, Files, Copyright and License in every files paragraph, and a text for every
licence named.
"""
import re
import sys

FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
# THIRD_PARTY's licence column -> (DEP-5 licence expression, where its text is in the .deb)
LICENCES = {
    "Apache-2.0": ("Apache-2.0", None),
    "Apache-2.0 WITH Swift-exception": ("Apache-2.0 with Swift exception", "/usr/share/doc/galgen/licenses/swift/LICENSE.txt"),
    "Unicode-3.0": ("Unicode-3.0", "/usr/share/doc/galgen/licenses/icu/LICENSE"),
}
HOLDERS = {  # who holds the copyright, where "the NAME project authors" would not say it
    "Swift runtime, Foundation": "Apple Inc. and the Swift project authors",
    "ICU, Foundation's copy": "Unicode, Inc. and others; Apple Inc. (swift-foundation-icu)",
}
TEXTS = {
    "Apache-2.0 with Swift exception": "The Apache License, Version 2.0, with the Runtime Library Exception of the Swift project.",
    "Unicode-3.0": "The Unicode License v3 (UNICODE LICENSE V3), ICU's licence.",
}


def static_components(third_party):
    """(component, version, licence) of THIRD_PARTY's table of what is linked statically."""
    rows, inside = [], False
    for line in open(third_party, encoding="utf-8"):
        if line.startswith("# Linked statically"):
            inside = True
            continue
        if not inside or line.startswith("#") or not line.strip() or line.startswith("component"):
            continue
        version, licence = line[60:].split(None, 1)  # printf '%-40s %-18s %-30s %s'
        rows.append((line[:40].strip(), version, licence.strip()))
    return rows


def licence_of(column):
    for key in sorted(LICENCES, key=len, reverse=True):
        if column.startswith(key):
            return LICENCES[key]
    sys.exit(f"deb_copyright.py: no DEP-5 name for the licence {column!r}")


def write(base, third_party):
    out = [open(base, encoding="utf-8").read().rstrip("\n")]
    texts = {}
    for name, version, column in static_components(third_party):
        expression, path = licence_of(column)
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        detail = column.split("(", 1)[1].rstrip(")") if "(" in column else ""
        paragraph = [f"Files: linked-statically/{slug}/*", f"Copyright: {HOLDERS.get(name, f'the {name} project authors')}", f"License: {expression}",
                     f"Comment: {name} {version}, linked statically into /usr/bin/galgen."]
        if detail:
            paragraph.append(f" {detail[0].upper() + detail[1:]}.")
        if path:
            texts[expression] = path
        out.append("\n".join(paragraph))
    for expression, path in sorted(texts.items()):
        out.append(f"License: {expression}\n {TEXTS[expression]}\n .\n The full text is in {path}.")
    return "\n\n".join(out) + "\n"


def paragraphs(text):
    """DEP-5 paragraphs as lists of (field, value) in order; raises ValueError on a line that is neither."""
    result = []
    for number, block in enumerate(re.split(r"\n[ \t]*\n", text.strip("\n"))):
        fields = []
        for line in block.split("\n"):
            if line.startswith((" ", "\t")):
                if not fields:
                    raise ValueError(f"paragraph {number + 1}: a continuation line before any field: {line!r}")
                fields[-1] = (fields[-1][0], fields[-1][1] + "\n" + line.strip())
            elif re.match(r"^[A-Za-z][A-Za-z0-9-]*:", line):
                key, value = line.split(":", 1)
                fields.append((key, value.strip()))
            else:
                raise ValueError(f"paragraph {number + 1}: not a field: {line!r}")
        result.append(fields)
    return result


def check(copyright, third_party=None):
    problems = []
    try:
        parsed = paragraphs(open(copyright, encoding="utf-8").read())
    except ValueError as error:
        return [str(error)]
    header = dict(parsed[0])
    if header.get("Format") != FORMAT:
        problems.append(f"the header's Format is {header.get('Format')!r}, not {FORMAT}")
    named, texts, files = set(), set(), []
    for fields in parsed[1:]:
        keys = dict(fields)
        if "Files" in keys:
            for needed in ("Copyright", "License"):
                if not keys.get(needed):
                    problems.append(f"Files: {keys['Files']}: no {needed}")
            first, _, text = keys.get("License", "").partition("\n")
            named.update(part.strip() for part in re.split(r"\s+(?:and|or)\s+", first) if part.strip())
            if text.strip():
                texts.add(first.strip())
            files.append(keys)
        elif "License" in keys:
            first, _, text = keys["License"].partition("\n")
            if not text.strip():
                problems.append(f"License: {first}: a stand-alone licence paragraph without text")
            texts.add(first.strip())
        else:
            problems.append(f"a paragraph that is neither files nor licence: {fields[0]}")
    for name in sorted(named - texts - {"Apache-2.0"}):
        problems.append(f"the licence {name} is named but its text is nowhere")
    if "Apache-2.0" in named and "Apache-2.0" not in texts:
        problems.append("Apache-2.0 is named but has no paragraph (it points to /usr/share/common-licenses)")
    if third_party:
        comments = "\n".join(keys.get("Comment", "") for keys in files)
        for name, version, _ in static_components(third_party):
            if f"{name} {version}," not in comments:
                problems.append(f"{name} {version} (THIRD_PARTY, linked statically) has no files paragraph")
    return problems


def main():
    if sys.argv[1:2] == ["--check"]:
        problems = check(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
        for problem in problems:
            print(f"deb_copyright.py: {problem}", file=sys.stderr)
        sys.exit(1 if problems else 0)
    sys.stdout.write(write(sys.argv[1], sys.argv[2]))


if __name__ == "__main__":
    main()
