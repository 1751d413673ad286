#!/usr/bin/env -S python3 -P
"""What makes up galgen's release binary: symbol sizes grouped by where they come from.

    python3 -P Benchmarks/scripts/binary_size.py .build/release/galgen   # an unstripped release build
    python3 -P Benchmarks/scripts/binary_size.py --archive dist/galgen-VERSION-linux-ARCH.tar.gz

With --archive: each file of the release archive, its size and what it adds gzipped (gzip -9 of the file alone,
which the whole archive's gzip stream comes close to), largest first, and their sums.

Swift symbols are grouped by their module (the first name in the mangling: `$s7NIOCore...` is NIOCore),
C and C++ symbols by a known prefix (ICU's data, BoringSSL, ...); sections give the whole file's layout.
"""
import collections
import gzip
import os
import re
import subprocess
import sys
import tarfile

GROUPS = [  # (group, module names or symbol prefixes)
    ("built-in theme (GalgenTheme, embedded files)", lambda m: m == "GalgenTheme"),
    ("galgen's own modules", lambda m: m.startswith("Galgen") or m in ("galgen", "CJPEGShim")),
    ("Foundation's ICU data (icudt)", lambda m: m == "icudt"),
    ("Foundation (swift-foundation, corelibs, its ICU code)", lambda m: m.startswith("Foundation") or m.startswith("_Foundation") or m == "icu-code"),
    ("Swift standard library and runtime", lambda m: m in ("Swift", "_Concurrency", "swift-runtime", "_StringProcessing", "Synchronization", "Dispatch", "_RegexParser", "Distributed", "Observation")),
    ("SwiftNIO, AsyncHTTPClient, Hummingbird", lambda m: m.startswith("NIO") or m.startswith("Hummingbird") or m in ("AsyncHTTPClient", "HTTPTypes", "ServiceLifecycle", "UnixSignals", "Logging", "Metrics", "Tracing", "Instrumentation", "ServiceContextModule", "Atomics", "DequeModule", "InternalCollectionsUtilities", "Algorithms", "AsyncAlgorithms", "HTTPTypesFoundation", "_NIOBase64", "_NIODataStructures", "_NIOFileSystem", "CNIOLinux", "CNIOPosix", "CNIOLLHTTP", "CNIOAtomics", "BasicContainers", "ContainersPreview")),
    ("swift-crypto and BoringSSL", lambda m: m in ("Crypto", "CCryptoBoringSSL", "CryptoBoringWrapper", "_CryptoExtras", "SwiftASN1", "X509", "NIOSSL", "CNIOBoringSSL")),
    ("ArgumentParser, Mustache", lambda m: m.startswith("ArgumentParser") or m == "Mustache"),
]


def module_of(name):
    if name.startswith("$s"):
        match = re.match(r"\$s(\d+)", name)
        if match:
            n = int(match.group(1))
            start = match.end()
            return name[start:start + n]
        if name.startswith("$ss"):
            return "Swift"
        return "Swift"
    if name.startswith(("icudt", "galgen_icudt")):  # the toolchain's data, or package.sh's filtered copy
        return "icudt"
    if re.match(r"^(u|ucol|uloc|ubrk|unum|udat|ucal|ures|udata|ucnv|utrans|uprv|icu_?\d*|_ZN6icu_)", name):
        return "icu-code"
    if name.startswith("CCryptoBoringSSL") or name.startswith("CNIOBoringSSL"):
        return "CCryptoBoringSSL"
    if name.startswith("swift_") or name.startswith("_swift") or name.startswith("__swift"):
        return "swift-runtime"
    if name.startswith("gg_"):
        return "CJPEGShim"
    return "other C/C++"


def main(path):
    nm = subprocess.run(["nm", "--size-sort", "-S", path], capture_output=True, text=True, check=True).stdout
    sizes = collections.Counter()
    for line in nm.splitlines():
        parts = line.split()
        if len(parts) != 4:
            continue
        size, name = int(parts[1], 16), parts[3]
        sizes[module_of(name)] += size
    grouped = collections.Counter()
    for module, size in sizes.items():
        for group, test in GROUPS:
            if test(module):
                grouped[group] += size
                break
        else:
            grouped["other C/C++ and unnamed"] += size
    total_symbols = sum(sizes.values())
    sections = subprocess.run(["size", "-A", path], capture_output=True, text=True, check=True).stdout
    file_size = 0
    print(f"{path}")
    for line in sections.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0].startswith(".") and parts[0] in (".text", ".rodata", ".data.rel.ro", ".eh_frame", ".data", ".bss", "__swift5_typeref", ".debug_info"):
            print(f"  section {parts[0]:<14} {int(parts[1]) / 1e6:7.1f} MB")
    print(f"  sized symbols: {total_symbols / 1e6:.1f} MB")
    for group, size in grouped.most_common():
        print(f"  {group:<55} {size / 1e6:7.1f} MB  {100 * size / total_symbols:4.1f} %")
    print("  largest modules:")
    for module, size in sizes.most_common(12):
        print(f"    {module:<40} {size / 1e6:7.2f} MB")


def archive(path):
    rows = []
    with tarfile.open(path, "r:gz") as tar:
        for member in tar:
            if member.isfile():
                data = tar.extractfile(member).read()
                rows.append((len(gzip.compress(data, 9, mtime=0)), len(data), member.name.split("/", 1)[-1]))
    rows.sort(reverse=True)
    print(f"{path}: {os.path.getsize(path) / 1e6:.1f} MB, {len(rows)} files")
    print(f"  {'file':<44} {'size':>8} {'gzip -9':>8}")
    for packed, size, name in rows:
        if packed >= 50_000:
            print(f"  {name:<44} {size / 1e6:6.1f} MB {packed / 1e6:6.1f} MB")
    small = [r for r in rows if r[0] < 50_000]
    print(f"  {f'{len(small)} files under 0.05 MB gzipped':<44} {sum(r[1] for r in small) / 1e6:6.1f} MB {sum(r[0] for r in small) / 1e6:6.1f} MB")
    print(f"  {'sum':<44} {sum(r[1] for r in rows) / 1e6:6.1f} MB {sum(r[0] for r in rows) / 1e6:6.1f} MB")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--archive":
        archive(sys.argv[2])
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else ".build/release/galgen")
