#!/usr/bin/env bash
# Build galgen's release artefacts for this machine's architecture:
#   scripts/package.sh [VERSION] [--out DIR] [--releases-url URL] [--scratch-path DIR] [--no-build]
#
#   VERSION            the release's version (default: the one in Sources/GalgenCore/Version.swift, which
#                      it must equal: bump that file, then tag vVERSION)
#   --out DIR          where the artefacts go (default: dist)
#   --releases-url URL where releases are downloaded from, without /vVERSION/ (baked into the binary so that
#                      `galgen init --ci github` can pin its own release; default: $GALGEN_RELEASES_URL, else
#                      https://github.com/OWNER/REPO/releases/download from git's origin when it is GitHub)
#   --scratch-path DIR SwiftPM's build folder (default: .build); its own folder lets the release build run while
#                      another swift build holds .build. The binary packed stays in DIR/release/galgen.
#   --no-build         package the release binary already built (.build/release/galgen, or in --scratch-path)
#
# It writes, for ARCH x86_64 or arm64 (Debian's amd64 or arm64):
#   galgen-VERSION-linux-ARCH.tar.gz  the binary, the shared libraries a bare glibc system lacks (lib/, found
#                                     through RUNPATH $ORIGIN/../lib), their licences and THIRD_PARTY
#   galgen_VERSION_DEBARCH.deb        /usr/bin/galgen; Depends computed by dpkg-shlibdeps
#   SHA256SUMS                        both, in sha256sum's format
# The same inputs give byte-identical artefacts: file times are the commit's, owners are root, order is sorted.
# Needs: swift, the -dev packages of the README, dpkg-dev (dpkg-shlibdeps), patchelf, binutils (objdump).
set -euo pipefail
cd "$(dirname "$0")/.."

version=""
out=dist
releases_url="${GALGEN_RELEASES_URL:-}"
build=1
scratch=()
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="${2:?--out needs a folder}"; shift 2 ;;
        --releases-url) releases_url="${2:?--releases-url needs a URL}"; shift 2 ;;
        --scratch-path) scratch=(--scratch-path "${2:?--scratch-path needs a folder}"); shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "package.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
        *) version="$1"; shift ;;
    esac
done

fail() { echo "package.sh: $*" >&2; exit 1; }
# A C compiler for the ICU data object and libgalgen-noicu: the system's cc, else the Swift toolchain's clang.
cc=$(command -v cc || command -v clang || true)
command -v swift >/dev/null || fail "swift is not on PATH"
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")   # the toolchain's usr/
for tool in dpkg-shlibdeps dpkg-deb patchelf objdump readelf nm objcopy ar python3 sha256sum; do
    command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install dpkg-dev patchelf binutils)"
done

source_version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/GalgenCore/Version.swift)
[ -n "$source_version" ] || fail "cannot read the version from Sources/GalgenCore/Version.swift"
version="${version:-$source_version}"
version="${version#v}"
[ "$version" = "$source_version" ] || fail "asked for $version but Sources/GalgenCore/Version.swift says $source_version; bump it there first"

if [ -z "$releases_url" ]; then
    origin=$(git remote get-url origin 2>/dev/null || true)
    case "$origin" in
        https://github.com/*|git@github.com:*)
            repo=${origin#https://github.com/}; repo=${repo#git@github.com:}; repo=${repo%.git}
            releases_url="https://github.com/$repo/releases/download" ;;
    esac
fi
case "$releases_url" in
    ""|http://*|https://*) ;;
    *) fail "--releases-url must be an http(s) URL, found \"$releases_url\"" ;;
esac
releases_url="${releases_url%/}"

commit=$(git rev-parse --short=12 HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] || commit="$commit-dirty"
# Every file time in the artefacts: the commit's, so the same commit packs to the same bytes.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"

deb_arch=$(dpkg --print-architecture)
case "$deb_arch" in
    amd64) arch=x86_64 ;;
    arm64) arch=arm64 ;;
    *) fail "unsupported architecture $deb_arch" ;;
esac

# C's __FILE__ (BoringSSL's asserts and errors name their files: 533 strings) is written relative to the clone, so
# the binary holds no build folder and two clones build the same bytes (scripts/compare-builds.sh).
# Foundation's ICU data less the trees galgen never reads (scripts/packaging/icu_data.py says which and why): an
# object of its own, and --defsym points ICU's data symbol at it before any archive is read, so the toolchain's
# 34 MB member is never pulled. Debug builds and `swift test` keep the whole data.
icu_dir="${scratch[1]:-.build}/galgen-icu"
if [ "$build" = 1 ]; then
    icu_line=$(python3 -P scripts/packaging/icu_data.py --toolchain-lib "$toolchain/lib/swift_static/linux" --out "$icu_dir") \
        || fail "cannot make the ICU data"
    [ -n "$cc" ] || fail "no C compiler (cc or clang) for the ICU data object"
    "$cc" -c "$icu_dir/icudata.S" -o "$icu_dir/icudata.o"
    echo "package.sh: ICU data $icu_line"
    GALGEN_COMMIT="$commit" GALGEN_RELEASES_URL="$releases_url" \
        swift build "${scratch[@]}" -c release --product galgen --static-swift-stdlib -Xcc "-ffile-prefix-map=$PWD/=" \
        -Xlinker "$(cd "$icu_dir" && pwd)/icudata.o" -Xlinker "--defsym=$(cat "$icu_dir/defsym")"
fi
binary="$(swift build "${scratch[@]}" -c release --show-bin-path)/galgen"
# The binary holds the filtered data, not the toolchain's: the symbol's size is the filtered package's.
if [ -f "$icu_dir/icudata.S" ]; then
    icu_symbol=$(cut -d= -f1 "$icu_dir/defsym")
    icu_own=$(nm -S --defined-only "$binary" | awk -v s="galgen_$icu_symbol" '$4 == s { print $1, $2 }')
    icu_address=$(nm --defined-only "$binary" | awk -v s="$icu_symbol" '$3 == s { print $1 }')
    [ -n "$icu_own" ] && [ "${icu_own% *}" = "$icu_address" ] \
        && [ "$((16#${icu_own#* }))" = "$(stat -c %s "$icu_dir/${icu_symbol%_dat}l.dat")" ] \
        || fail "the binary's $icu_symbol is not the filtered ICU data (${icu_own:-none} at ${icu_address:-none}): rebuild it"
fi
[ -x "$binary" ] || fail "no release binary at $binary (run without --no-build)"
"$binary" --version | head -1 | grep -q "^galgen $version (commit $commit)" \
    || fail "the binary says \"$("$binary" --version | head -1)\", not galgen $version (commit $commit): rebuild it"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
out=$(cd "$out" && pwd)
base="galgen-$version-linux-$arch"
archive="$base.tar.gz"
deb="galgen_${version}_${deb_arch}.deb"
rm -f "$out/$archive" "$out/$deb" "$out/SHA256SUMS"

# --- The self-contained archive -------------------------------------------------------------------
root="$work/$base"
mkdir -p "$root/bin" "$root/libexec" "$root/lib" "$root/share/doc/galgen/licenses"
install -m 755 -s "$binary" "$root/libexec/galgen"

# Every shared library the binary loads, except the C library's own and libgcc_s, which every glibc
# system has: those stay the system's (a bundled libc cannot be mixed with the system's loader).
is_glibc() {
    case "$1" in
        ld-linux*|libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|libresolv.so.*|libutil.so.*|\
        libanl.so.*|libnsl.so.*|libmvec.so.*|libBrokenLocale.so.*|libgcc_s.so.*) return 0 ;;
    esac
    return 1
}
# ldd is a bash script that reads unset variables: a caller's exported shell options (SHELLOPTS with nounset)
# or start-up file (BASH_ENV) would stop it, so it runs without them.
env -u SHELLOPTS -u BASH_ENV ldd "$root/libexec/galgen" > "$work/ldd.txt"
if grep -q "not found" "$work/ldd.txt"; then cat "$work/ldd.txt" >&2; fail "the binary needs libraries this machine lacks"; fi
: > "$work/bundled.tsv"
while read -r name _ path _; do
    [ -n "${path:-}" ] && [ -f "$path" ] || continue
    is_glibc "$name" && continue
    real=$(readlink -f "$path")
    cp "$real" "$root/lib/$name"
    chmod 644 "$root/lib/$name"
    # A bundled library finds the others beside it.
    patchelf --set-rpath '$ORIGIN' "$root/lib/$name"
    package=$(dpkg -S "$real" 2>/dev/null | head -1 | cut -d: -f1 || true)
    [ -n "$package" ] || package=$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1 || true)
    [ -n "$package" ] || fail "no Debian package owns $path"
    printf '%s\t%s\n' "$name" "$package" >> "$work/bundled.tsv"
done < <(awk '$2 == "=>" { print $1, $2, $3, $4 }' "$work/ldd.txt")
patchelf --set-rpath '$ORIGIN/../lib' "$root/libexec/galgen"

# Debian's libicuuc and its 31 MB of data come only for libxml2's last-resort codepage converters (the binary uses
# the ICU inside it): the bundled libxml2 gets scripts/packaging/noicu.c in their place, which answers "no such
# converter" for the seven functions it imports. Any other ICU need stops the packaging.
if icuuc=$(cd "$root/lib" && ls libicuuc.so.* 2>/dev/null); then
    suffix="_${icuuc#libicuuc.so.}"
    for lib in "$root"/lib/*.so*; do
        case "$(basename "$lib")" in libicu*) continue ;; esac   # ICU's own libraries, removed below
        readelf -d "$lib" | grep -q "NEEDED.*\[libicu" || continue
        [ "$(basename "$lib")" = libxml2.so.2 ] || fail "$(basename "$lib") needs ICU; only libxml2's converters are replaced"
        needed=$(objdump -T "$lib" | grep -F '*UND*' | awk '{ print $NF }' | grep -E "$suffix\$" | sed "s/$suffix\$//" \
            | LC_ALL=C sort | paste -sd' ')
        [ "$needed" = "UCNV_FROM_U_CALLBACK_STOP UCNV_TO_U_CALLBACK_STOP ucnv_close ucnv_convertEx ucnv_open ucnv_setFromUCallBack ucnv_setToUCallBack" ] \
            || fail "libxml2 imports ICU's $needed, not only the converters noicu.c answers"
        patchelf --replace-needed "$icuuc" libgalgen-noicu.so.1 "$lib"
    done
    "$cc" -shared -fPIC -O2 -Wall -Wextra -Werror -DICU_SUFFIX="$suffix" -Wl,-soname,libgalgen-noicu.so.1 \
        -Wl,-rpath,'$ORIGIN' scripts/packaging/noicu.c -o "$root/lib/libgalgen-noicu.so.1"
    chmod 644 "$root/lib/libgalgen-noicu.so.1"
    rm -f "$root"/lib/libicu*.so.*
    grep -v $'^libicu' "$work/bundled.tsv" > "$work/bundled.kept"; mv "$work/bundled.kept" "$work/bundled.tsv"
    still=$(env -u SHELLOPTS -u BASH_ENV ldd "$root/libexec/galgen" | grep libicu || true)
    [ -z "$still" ] || fail "the binary still loads a libicu: $still"
fi

# The newest glibc symbol version anything here needs: the launcher checks it before the loader would fail.
glibc_floor=$( { objdump -T "$root/libexec/galgen" "$root"/lib/*.so* 2>/dev/null || true; } \
    | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)
[ -n "$glibc_floor" ] || fail "cannot tell which glibc the binary needs"
sed -e "s/@GLIBC_FLOOR@/$glibc_floor/" -e "s/@VERSION@/$version/" scripts/packaging/launcher.sh > "$root/bin/galgen"
chmod 755 "$root/bin/galgen"

# Licences: each bundled library's Debian copyright file, and the Swift packages linked statically.
licence_names() {  # the licence of the "Files: *" paragraph of a machine-readable Debian copyright file
    python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
if not text.startswith("Format:"):
    sys.exit(0)
for paragraph in re.split(r"\n\s*\n", text):
    fields = dict(re.findall(r"^([A-Za-z-]+):[ \t]*(.*)$", paragraph, re.M))
    if fields.get("Files", "").split() and fields["Files"].split()[0] == "*" and fields.get("License"):
        print(fields["License"].strip())
        break
PY
}
{
    printf '# galgen %s (%s): the third-party code in this archive and in the galgen binary.\n' "$version" "$arch"
    printf '# Shared libraries in lib/ are Debian 12 builds; their licences are in share/doc/galgen/licenses/PACKAGE/copyright\n'
    printf '# and their corresponding source is the Debian source package of the version given (snapshot.debian.org).\n\n'
    printf '%-40s %-18s %-30s %s\n' "library" "package" "version" "licence"
    sort "$work/bundled.tsv" | while IFS=$'\t' read -r name package; do
        pkg_version=$(dpkg-query -W -f='${Version}' "$package")
        copyright="/usr/share/doc/${package%%:*}/copyright"
        mkdir -p "$root/share/doc/galgen/licenses/$package"
        cp -L "$copyright" "$root/share/doc/galgen/licenses/$package/copyright"
        names=$(licence_names "$copyright")
        if [ -z "$names" ]; then  # the few whose copyright file is not machine-readable, as their files state
            case "$package" in
                libwebp*) names="BSD-3-Clause" ;;
                libstdc++6) names="GPL-3.0-or-later WITH GCC-exception-3.1" ;;
                libnuma1) names="LGPL-2.1" ;;
            esac
        fi
        printf '%-40s %-18s %-30s %s\n' "$name" "$package" "$pkg_version" "${names:-see licenses/$package/copyright}"
        case "$names" in *GCC-exception*|*" or "*|LGPL*) ;; *GPL*)  # the GPL alone: its source is named below
            printf '%s\t%s\t%s\t%s\n' "$name" "$package" "$names" "$(dpkg-query -W -f='${source:Package} ${source:Version}' "$package")" >> "$work/gpl.tsv" ;;
        esac
    done
    if [ -s "$work/gpl.tsv" ]; then
        printf '\n# Under the GPL alone. Their complete corresponding source is the Debian source package named, kept at\n'
        printf '# https://snapshot.debian.org/package/SOURCE/VERSION/; whoever passes this archive on passes that offer on with it.\n'
        while IFS=$'\t' read -r name package names source; do
            printf '#   %s (%s, %s): source %s %s, https://snapshot.debian.org/package/%s/%s/\n' \
                "$name" "$package" "$names" "${source% *}" "${source#* }" "${source% *}" "${source#* }"
        done < "$work/gpl.tsv"
    fi
    printf '\n# Not in this archive: loaded from the system at run time (dlopen) when it has them.\n'
    printf '#   libheif (HEIC, HEIF and AVIF inputs; Debian and Ubuntu: libheif1). Debian 12 builds libheif 1.15 with the\n'
    printf '#   x265 HEVC encoder linked in, and x265 is GPL-2.0-or-later: bundling it would make this archive carry GPL code,\n'
    printf '#   with its source to be offered by whoever passes the archive on, for an encoder galgen never calls (it only\n'
    printf '#   decodes). (What remains under the GPL alone is listed above with its source.) Where libheif.so.1 is missing\n'
    printf '#   `galgen --version` says "libheif  not available: ..." and each HEIC, HEIF or AVIF input is reported with what\n'
    printf '#   to install and shown as a placeholder; the other images build. (The .deb depends on libheif1, from Debian.)\n'
    printf '#   FFmpeg: libavformat, libavcodec, libavutil, libswscale (videos in folder sources); Debian builds it with GPL parts too.\n'
    if [ -f "$root/lib/libgalgen-noicu.so.1" ]; then
        printf '\n# Not Debian'"'"'s: lib/libgalgen-noicu.so.1 (Apache-2.0, galgen'"'"'s scripts/packaging/noicu.c), in place of libicuuc for\n'
        printf '#   the bundled libxml2, whose only ICU calls are codepage converters it tries after its own and glibc'"'"'s iconv:\n'
        printf '#   it answers that no such converter exists. galgen itself uses the ICU linked into it with Foundation (below).\n'
    fi
    printf '\n# Linked statically into the binary (licences in share/doc/galgen/licenses/swift-*).\n\n'
    printf '%-40s %-18s %-30s %s\n' "component" "" "version" "licence"
    swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1)
    printf '%-40s %-18s %-30s %s\n' "Swift runtime, Foundation" "" "$swift_version" "Apache-2.0 WITH Swift-exception"
    printf '%-40s %-18s %-30s %s\n' "ICU, Foundation's copy" "" "$("$binary" --version | awk '$1 == "ICU" { print $2 }')" "Unicode-3.0 (its data less the trees scripts/packaging/icu_data.py names)"
    swift package "${scratch[@]}" show-dependencies --format json 2>/dev/null | python3 -c '
import json, sys
def walk(node, seen):
    for dep in node.get("dependencies", []):
        if dep["identity"] not in seen:
            seen[dep["identity"]] = dep
            walk(dep, seen)
seen = {}
walk(json.load(sys.stdin), seen)
for identity in sorted(seen):
    print(identity, seen[identity]["version"], seen[identity]["path"])
' | while read -r identity dep_version path; do
        licence_file=$(ls "$path"/LICENSE* "$path"/LICENCE* "$path"/COPYING* 2>/dev/null | head -1 || true)
        kind="see licenses/swift-$identity"
        if [ -n "$licence_file" ]; then
            mkdir -p "$root/share/doc/galgen/licenses/swift-$identity"
            cp "$licence_file" "$root/share/doc/galgen/licenses/swift-$identity/"
            # Apache-2.0's section 4(d): a work's NOTICE file travels with it.
            for notice in "$path"/NOTICE*; do [ -f "$notice" ] && cp "$notice" "$root/share/doc/galgen/licenses/swift-$identity/"; done
            if grep -q "Apache License" "$licence_file" && grep -q "Version 2.0" "$licence_file"; then kind="Apache-2.0"
            elif grep -q "Permission is hereby granted, free of charge" "$licence_file"; then kind="MIT"; fi
            if [ "$identity" = swift-crypto ]; then kind="$kind (the BoringSSL it builds: Apache-2.0 too)"; fi
        fi
        printf '%-40s %-18s %-30s %s\n' "$identity" "" "$dep_version" "$kind"
    done
} > "$root/share/doc/galgen/THIRD_PARTY"
mkdir -p "$root/share/doc/galgen/licenses/swift" "$root/share/doc/galgen/licenses/icu"
cp "$toolchain/share/swift/LICENSE.txt" "$root/share/doc/galgen/licenses/swift/LICENSE.txt"
cp scripts/packaging/licenses/Unicode-3.0.txt "$root/share/doc/galgen/licenses/icu/LICENSE"
cp scripts/packaging/archive-README "$root/README"
cp LICENSE "$root/share/doc/galgen/LICENSE"       # galgen's own licence (Apache-2.0)
sed -i "s/@VERSION@/$version/g; s/@GLIBC_FLOOR@/$glibc_floor/g" "$root/README"

pack_tree() {  # pack_tree DIR NAME OUTPUT: a reproducible tar.gz of DIR/NAME
    tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
        --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime \
        -C "$1" -cf - "$2" | gzip -n -9 > "$3"
}
pack_tree "$work" "$base" "$out/$archive"

# --- The Debian package ----------------------------------------------------------------------------
debroot="$work/deb"
mkdir -p "$debroot/DEBIAN" "$debroot/usr/bin" "$debroot/usr/share/doc/galgen" "$debroot/usr/share/galgen"
install -m 755 -s "$binary" "$debroot/usr/bin/galgen"
# The archive this version publishes for CI: `galgen init --ci github` pins it from this file.
(cd "$out" && sha256sum "$archive") > "$debroot/usr/share/galgen/SHA256SUMS"
cp "$root/share/doc/galgen/THIRD_PARTY" "$debroot/usr/share/doc/galgen/THIRD_PARTY"
# The copyright file (DEP-5): galgen's, then a paragraph for each component linked statically into the binary,
# from THIRD_PARTY's table, with their licence texts under /usr/share/doc/galgen/licenses.
mkdir -p "$debroot/usr/share/doc/galgen/licenses"
cp -r "$root/share/doc/galgen/licenses/swift" "$root/share/doc/galgen/licenses/icu" "$root/share/doc/galgen/licenses/"swift-* \
    "$debroot/usr/share/doc/galgen/licenses/"
python3 -P scripts/packaging/deb_copyright.py scripts/packaging/copyright "$root/share/doc/galgen/THIRD_PARTY" \
    > "$debroot/usr/share/doc/galgen/copyright" || fail "cannot write the .deb's copyright file"
# dpkg-shlibdeps reads debian/control of a source tree: give it a minimal one.
mkdir -p "$work/src/debian"
printf 'Source: galgen\n\nPackage: galgen\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O "$debroot/usr/bin/galgen" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependencies"
# libheif is opened at run time (dlopen, like FFmpeg), so dpkg-shlibdeps cannot see it. The Debian package keeps
# HEIC, HEIF and AVIF inputs: it depends on Debian's libheif1, at least the version whose header galgen was built with.
heif_version=$(dpkg-query -W -f='${Version}' libheif-dev 2>/dev/null | sed 's/-[^-]*$//')
[ -n "$heif_version" ] || fail "libheif-dev is not installed (its header is what galgen's libheif loader was built with)"
depends=$(printf '%s, libheif1 (>= %s)' "$depends" "$heif_version" | sed 's/, /\n/g' | LC_ALL=C sort -u | paste -sd, | sed 's/,/, /g')
installed_size=$(du -sk --apparent-size "$debroot/usr" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$deb_arch/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$installed_size/" \
    scripts/packaging/control > "$debroot/DEBIAN/control"
find "$debroot" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
find "$debroot" -type d -exec chmod 755 {} +
dpkg-deb --root-owner-group -Zxz --build "$debroot" "$out/$deb" >/dev/null

(cd "$out" && sha256sum "$archive" "$deb" > SHA256SUMS)
echo "package.sh: galgen $version (commit $commit) for $arch, glibc $glibc_floor or newer:"
(cd "$out" && ls -l "$archive" "$deb" SHA256SUMS | awk '{ printf "  %-40s %6.1f MB\n", $9, $5 / 1e6 }')
echo "  Depends: $depends"
