#!/usr/bin/env -S python3 -P
"""The ICU data a release binary links: the toolchain's own (Foundation's copy of ICU), less what galgen never reads.

    python3 -P scripts/packaging/icu_data.py --toolchain-lib DIR --out DIR [--list]

DIR of --toolchain-lib is the toolchain's usr/lib/swift_static/linux (scripts/package.sh passes it).

Foundation on Linux links one ICU, with a 34 MB data package (`icudtNN_dat`, one object of lib_FoundationICU.a).
galgen's own ICU calls (CICUShim: collation, dates, numbers, plurals, durations, text direction) and what Foundation
does for it need the locales' main data, collation, units, currencies, time zones, plural and number-system rules
and the normalisation and property tables. Nothing in galgen reads these trees, which this script leaves out:

  - the *.cnv codepage converters: galgen reads and writes UTF-8; a codepage a library needs comes from glibc's
    iconv (libxml2 tries iconv first);
  - brkitr/*.dict, the word dictionaries of Chinese, Japanese, Khmer, Lao, Burmese and Thai word breaking: galgen's
    search splits words itself (docs/search.md), and no break iterator is opened;
  - lang/ and region/, the names of languages and countries in every language: galgen names no language or country
    from ICU;
  - translit/, the transliterators: slugs fold accents by normalisation, not by transliteration.

It writes DIR/icudata.S, an assembler file that defines `galgen_icudtNN_dat` with the filtered package (`.incbin`
DIR/icudtNNl.dat), and DIR/defsym, `icudtNN_dat=galgen_icudtNN_dat`, and prints the symbol and both sizes.
scripts/package.sh assembles it and links the object with `--defsym` of that line: ICU's reference to its data then
resolves to the filtered package, defined before any archive is read, so the linker never pulls the toolchain's
34 MB member (an object of the same name would come too late on SwiftPM's link line, after the archives). Debug
builds and `swift test` keep the whole package. The package format (ICU's "common data", ucmndata.h: a data header, a
sorted table of names and offsets, the items 16-byte aligned) is read and written here because Debian's icupkg 72
refuses a package of ICU 76's size ("total length of item name strings too long").
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile

DROPPED = [
    re.compile(r"[^/]+\.cnv$"),
    re.compile(r"brkitr/[^/]+\.dict$"),
    re.compile(r"lang/"),
    re.compile(r"region/"),
    re.compile(r"translit/"),
]


def read_package(data):
    """(header bytes, [(name, item bytes)]) of an ICU common-data package."""
    header_size, magic1, magic2 = struct.unpack_from("<HBB", data, 0)
    if (magic1, magic2) != (0xDA, 0x27) or data[12:16] != b"CmnD":
        sys.exit("icu_data.py: not an ICU common-data package")
    if data[8] != 0:
        sys.exit("icu_data.py: a big-endian package; only little-endian is handled")
    toc = header_size
    (count,) = struct.unpack_from("<I", data, toc)
    entries = [struct.unpack_from("<II", data, toc + 4 + 8 * i) for i in range(count)]
    items = []
    for i, (name_offset, data_offset) in enumerate(entries):
        end = data.index(b"\0", toc + name_offset)
        name = data[toc + name_offset:end].decode("ascii")
        stop = entries[i + 1][1] if i + 1 < count else len(data) - toc
        items.append((name, data[toc + data_offset:toc + stop]))
    return data[:header_size], items


def write_package(header, items):
    """The package of these items, names sorted as ICU's binary search needs, each item 16-byte aligned."""
    items = sorted(items, key=lambda item: item[0].encode("ascii"))
    names = b"".join(name.encode("ascii") + b"\0" for name, _ in items)
    table = 4 + 8 * len(items)
    first = len(header) + table + len(names)
    padding = (-first) % 16
    offsets, body, position = [], bytearray(), table + len(names) + padding
    for _, item in items:
        offsets.append(position)
        body += item
        position += len(item)
        gap = (-len(item)) % 16
        body += b"\0" * gap
        position += gap
    out = bytearray(header)
    out += struct.pack("<I", len(items))
    name_offset = table
    for (name, _), data_offset in zip(items, offsets):
        out += struct.pack("<II", name_offset, data_offset)
        name_offset += len(name) + 1
    out += names + b"\0" * padding + body
    return bytes(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--toolchain-lib", required=True, help="the toolchain's usr/lib/swift_static/linux")
    parser.add_argument("--list", action="store_true", help="print each item left out")
    args = parser.parse_args()
    archive = os.path.join(args.toolchain_lib, "lib_FoundationICU.a")
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        members = subprocess.run(["ar", "t", archive], check=True, capture_output=True, text=True).stdout.split()
        member = next((m for m in members if m.startswith("icu_packaged_data")), None)
        if not member:
            sys.exit(f"icu_data.py: no icu_packaged_data member in {archive}")
        subprocess.run(["ar", "x", archive, member], check=True, cwd=work)
        symbols = subprocess.run(["nm", "--defined-only", os.path.join(work, member)], check=True,
                                 capture_output=True, text=True).stdout
        found = re.findall(r"\s[RDr]\s+(icudt\d+_dat)$", symbols, re.M)
        if len(found) != 1:
            sys.exit(f"icu_data.py: expected one icudtNN_dat symbol in {member}, found {found}")
        symbol = found[0]
        raw = os.path.join(work, "full.dat")
        subprocess.run(["objcopy", "-O", "binary", "-j", ".rodata", os.path.join(work, member), raw], check=True)
        full = open(raw, "rb").read()
    header, items = read_package(full)
    kept, dropped = [], []
    for name, item in items:
        tree = name.split("/", 1)[1] if "/" in name else name
        (dropped if any(rule.match(tree) for rule in DROPPED) else kept).append((name, item))
    filtered = write_package(header, kept)
    if read_package(filtered)[1] != sorted(kept, key=lambda item: item[0].encode("ascii")):
        sys.exit("icu_data.py: the filtered package does not read back")
    dat = os.path.join(os.path.abspath(args.out), symbol.replace("_dat", "l.dat"))
    with open(dat, "wb") as f:
        f.write(filtered)
    own = "galgen_" + symbol
    with open(os.path.join(args.out, "icudata.S"), "w") as f:
        f.write(f"""/* Written by scripts/packaging/icu_data.py: Foundation's ICU data less the trees galgen never reads.
   Linked with --defsym={symbol}={own}, so ICU's reference to its data resolves here. */
    .section .rodata.galgen_icudata, "a", %progbits
    .balign 16
    .globl {own}
    .type {own}, %object
{own}:
    .incbin "{dat}"
    .size {own}, . - {own}
    .section .note.GNU-stack, "", %progbits
""")
    with open(os.path.join(args.out, "defsym"), "w") as f:
        f.write(f"{symbol}={own}\n")
    if args.list:
        for name, item in dropped:
            print(f"  left out {name} ({len(item)} B)")
    print(f"{symbol}: {len(full)} B with {len(items)} items -> {len(filtered)} B with {len(kept)} items")


if __name__ == "__main__":
    main()
