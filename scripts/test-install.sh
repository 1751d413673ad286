#!/usr/bin/env bash
# The install test: galgen's release artefacts in bare Debian roots, as a new user meets them.
#   scripts/test-install.sh [--dist DIR]
#
#   --dist DIR   use the artefacts already in DIR (from scripts/package.sh --out DIR) instead of packaging
#
# Needs root (chroot, mount), debootstrap, and the Debian mirror apt already uses. The bare roots
# (`debootstrap --variant=minbase`, nothing else installed) are made once and kept as tar files in
# $GALGEN_ROOTS (default /var/cache/galgen-test-roots); each check unpacks a fresh copy.
#
#   deb      Debian 12: apt installs ./galgen_*.deb (its Depends pull the runtime libraries), then
#            galgen --version, init, build, check as a new user would, timed after the downloads; and
#            init --ci github pins the archive that SHA256SUMS names
#   archive  Debian 12 with no image library installed: the archive unpacked, ldd finds every library,
#            --version, init, build, check; no libheif (x265 is GPL), every GPL-only library's source named: --version
#            says libheif is not available, a HEIC input is named with what to install and the rest builds,
#            and on this machine (libheif installed) it decodes; init --ci github pins from the release's
#            SHA256SUMS (a local server)
#   old-libc Debian 11 (glibc 2.31): the archive's galgen says which glibc it needs instead of a loader error
#   workflow the install step of that workflow, run against a local server: the good archive installs;
#            a corrupted and a truncated one fail, naming the file (Tests/install/test_workflow.py)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

dist=""
while [ $# -gt 0 ]; do
    case "$1" in
        --dist) dist="${2:?--dist needs a folder}"; shift 2 ;;
        -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "test-install.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ "$(id -u)" = 0 ] || { echo "test-install.sh: needs root (chroot and mount)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "test-install.sh: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }

# shellcheck source=checks.sh
. scripts/checks.sh   # (the repository root is the working folder here)

work=$(mktemp -d /var/tmp/galgen-install.XXXXXX)
mounted=()
server_pid=""
cleanup() {
    for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null || true; done
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

if [ -z "$dist" ]; then
    dist="$work/dist"
    scripts/package.sh --out "$dist"
fi
dist=$(cd "$dist" && pwd)
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/GalgenCore/Version.swift)
case "$(dpkg --print-architecture)" in amd64) arch=x86_64 ;; arm64) arch=arm64 ;; esac
archive="galgen-$version-linux-$arch.tar.gz"
deb=$(cd "$dist" && ls galgen_"$version"_*.deb)
[ -f "$dist/$archive" ] && [ -f "$dist/$deb" ] && [ -f "$dist/SHA256SUMS" ] || { echo "test-install.sh: no artefacts in $dist" >&2; exit 1; }
archive_sha=$(awk -v f="$archive" '$2 == f { print $1 }' "$dist/SHA256SUMS")

# --- Bare roots -------------------------------------------------------------------------------------
roots=${GALGEN_ROOTS:-/var/cache/galgen-test-roots}
mkdir -p "$roots"
mirror=$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
mirror=${mirror:-http://deb.debian.org/debian}
bare_root() {  # bare_root SUITE DIR: a fresh minbase root of SUITE in DIR
    local suite=$1 dir=$2 tarball="$roots/$1-minbase.tar"
    if [ ! -f "$tarball" ]; then
        echo "test-install.sh: making a bare $suite root (debootstrap --variant=minbase, once)"
        local made="$work/debootstrap-$suite"
        debootstrap --variant=minbase "$suite" "$made" "$mirror" > "$work/debootstrap-$suite.log" 2>&1 \
            || { tail -20 "$work/debootstrap-$suite.log" >&2; return 1; }
        tar -C "$made" -cf "$tarball.new" . && mv "$tarball.new" "$tarball"
        rm -rf "$made"
    fi
    mkdir -p "$dir"
    tar -C "$dir" -xf "$tarball"
    cp /etc/resolv.conf "$dir/etc/resolv.conf"
    mount -t proc proc "$dir/proc"
    mounted+=("$dir/proc")
}
in_root() {  # in_root DIR COMMAND: a login-like shell in the root, HOME=/root, a clean PATH
    local dir=$1; shift
    chroot "$dir" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin LANG=C.UTF-8 \
        ${EXTRA_ENV:-} /bin/sh -c "$*"
}
as_galgen() {  # as_galgen DIR COMMAND: as the user galgen that install-deb.sh adds
    local dir=$1; shift
    chroot --userspec=galgen:galgen "$dir" /usr/bin/env -i HOME=/home/galgen PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
        /bin/sh -c "$*"
}
image_libraries_absent() {
    ! in_root "$1" "dpkg-query -W -f='\${Package} \${Status}\n' 2>/dev/null" \
        | grep -E '^(libjpeg|libpng|libwebp|libgif|libheif|libavif|libtiff|liblcms2|libxml2|libicu)[^ ]* .* installed$'
}

# --- deb: apt install ./galgen_*.deb in a bare Debian 12 -----------------------------------------
echo "== deb: $deb in a bare Debian 12 root"
deb_root="$work/deb-root"
bare_root bookworm "$deb_root"
# The host's apt sources (security and updates too), so the root installs what the host built against.
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    rm -f "$deb_root/etc/apt/sources.list"
    cp /etc/apt/sources.list.d/debian.sources "$deb_root/etc/apt/sources.list.d/debian.sources"
fi
cp "$dist/$deb" "$deb_root/tmp/$deb"
cp scripts/packaging/install-deb.sh "$deb_root/tmp/install-deb.sh"
check "no image library in the bare root" image_libraries_absent "$deb_root"
in_root "$deb_root" "apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends --download-only /tmp/$deb >/dev/null" \
    || bad "apt could not download the dependencies of $deb"
# The container image's runtime stage (Dockerfile): the same script, then galgen as the user galgen in /site.
start=$(date +%s.%N)
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
if in_root "$deb_root" "sh /tmp/install-deb.sh /tmp/$deb > /tmp/apt.log 2>&1" &&
        as_galgen "$deb_root" "cd /site && galgen init s > /dev/null && cd s && galgen build -q && galgen check public"; then
    seconds=$(elapsed "$start")
    ok "install-deb.sh ./$deb, then galgen init, build and check as the user galgen: $seconds s after the downloads"
    echo "$seconds" > "$work/deb-seconds"
    if awk -v s="$seconds" 'BEGIN { exit !(s < 60) }'; then ok "under 60 s"; else bad "took $seconds s, over 60 s"; fi
else
    bad "install-deb.sh ./$deb, then galgen init, build and check"
    tail -20 "$deb_root/tmp/apt.log" 2>/dev/null || true
fi
check "galgen --version names $version" in_root "$deb_root" "galgen --version | grep -q '^galgen $version '"
check "the version lists libheif as loaded (the .deb depends on libheif1)" in_root "$deb_root" "galgen --version | grep -Eq '^  libheif +[0-9]'"
check "the site has its pages" test -f "$deb_root/site/s/public/index.html"
check "the deb installed no -dev package" bash -c "! chroot '$deb_root' dpkg-query -W -f='\${Package}\n' | grep -q -- '-dev\$'"
# The .deb knows the archive of its version: init --ci github pins it without the network. (GitHub's
# runners are x86_64: an arm64 .deb knows only the arm64 archive, so init there reads the release's sums.)
if [ "$arch" = x86_64 ]; then
    EXTRA_ENV="GALGEN_RELEASES_URL=http://127.0.0.1:9/unreachable" in_root "$deb_root" \
        "cd /root && galgen init --ci github ci-site > /dev/null" || bad "galgen init --ci github (deb)"
    workflow="$deb_root/root/ci-site/.github/workflows/galgen-pages.yml"
    check "the deb's workflow pins $archive by its SHA-256" grep -q "GALGEN_SHA256_X86_64: \"$archive_sha\"" "$workflow"
    check "the deb's workflow downloads .../v$version/$archive" grep -q "GALGEN_URL_X86_64: \".*/v$version/$archive\"" "$workflow"
    check "the deb's workflow compiles nothing" bash -c "! grep -Eq 'swift build|install\.sh|GALGEN_REPOSITORY' '$workflow'"
    cp "$workflow" "$work/deb-workflow.yml"
fi
umount -l "$deb_root/proc"

# --- archive: unpacked in a bare Debian 12 with no image library -------------------------------
echo "== archive: $archive in a bare Debian 12 root"
arc_root="$work/archive-root"
bare_root bookworm "$arc_root"
check "no image library in the bare root" image_libraries_absent "$arc_root"
tar -C "$arc_root/opt" -xzf "$dist/$archive"
prefix="/opt/${archive%.tar.gz}"
check "the archive holds galgen's licence" grep -q "Apache License" "$arc_root$prefix/share/doc/galgen/LICENSE"
deb_file() { dpkg-deb --fsys-tarfile "$dist/$deb" | tar -xO "./usr/share/doc/galgen/$1" > "$work/deb-$1"; }
deb_file copyright && deb_file THIRD_PARTY
check "the deb's copyright file parses as DEP-5, names Apache-2.0, and a licence with its text for every component linked statically" \
    bash -c "python3 -P scripts/packaging/deb_copyright.py --check '$work/deb-copyright' '$work/deb-THIRD_PARTY' && grep -q '^License: Apache-2.0\$' '$work/deb-copyright'"
check "the deb carries those licence texts" bash -c \
    "dpkg-deb -c '$dist/$deb' | grep -q './usr/share/doc/galgen/licenses/icu/LICENSE\$' && dpkg-deb -c '$dist/$deb' | grep -q './usr/share/doc/galgen/licenses/swift/LICENSE.txt\$'"
check "ldd finds every library of the archive's binary" \
    in_root "$arc_root" "ldd $prefix/libexec/galgen > /tmp/ldd.txt && ! grep -q 'not found' /tmp/ldd.txt"
check "the archive's libraries are its own" in_root "$arc_root" "grep -q 'libavif.so.[0-9]* => $prefix/libexec/../lib/libavif.so' /tmp/ldd.txt"
# HEIC: libheif is the system's when it has one (scripts/package.sh's THIRD_PARTY says why); this root has none.
check "the archive holds no libheif, libx265 or libde265" bash -c "! ls '$arc_root$prefix/lib' | grep -Eq '^lib(heif|x265|de265)[.-]'"
# One ICU: the binary's own (Foundation's). Debian's libicu is neither bundled nor in this root, and the bundled
# libxml2 names libgalgen-noicu (scripts/packaging/noicu.c) in its place.
check "the archive holds no libicu, and its libxml2 loads libgalgen-noicu in its place" bash -c \
    "! ls '$arc_root$prefix/lib' | grep -q '^libicu' && readelf -d '$arc_root$prefix/lib/libxml2.so.2' | grep -q 'NEEDED.*libgalgen-noicu.so.1' && ! readelf -d '$arc_root$prefix/lib/libxml2.so.2' | grep -q 'NEEDED.*libicu'"
check "the bare root has no libicu either" bash -c "! ls '$arc_root/usr/lib/'*/libicu* > /dev/null 2>&1"
gpl_sourced() {  # every bundled library under the GPL alone (not LGPL, not a choice, not GCC's exception) has its source named
    awk '/^# Not in this archive/ { exit } /^#/ || NF < 4 || $1 == "library" { next } { print }' "$1" > "$work/bundled-licences.txt"
    [ -s "$work/bundled-licences.txt" ] || return 1
    local name licence missing=0
    while read -r name _ _ licence; do
        case "$licence" in *GCC-exception*|*" or "*|LGPL*) continue ;; *GPL*) ;; *) continue ;; esac
        grep -q "^#   $name (.*): source " "$1" || { echo "   $name ($licence): no source named in THIRD_PARTY"; missing=1; }
    done < "$work/bundled-licences.txt"
    [ "$missing" = 0 ]
}
check "every GPL-only library in the archive has its source named in THIRD_PARTY ($(ls "$arc_root$prefix/lib" | wc -l) libraries)" \
    gpl_sourced "$arc_root$prefix/share/doc/galgen/THIRD_PARTY"
ln -s "$prefix/bin/galgen" "$arc_root/usr/local/bin/galgen"
check "galgen --version through a symlink" in_root "$arc_root" "galgen --version | grep -q '^galgen $version '"
check "galgen --version names libheif as not available, and what to install" in_root "$arc_root" \
    "galgen --version | grep -Eq '^  libheif +not available: .*libheif1'"
check "galgen init, build and check" in_root "$arc_root" "cd /root && galgen init s > /dev/null && cd s && galgen build -q && galgen check public"
# ICU's data in the binary: an Arabic site is right to left (ICU's likely subtags), and its pages pass libxml2's check.
check "the archive's ICU: an Arabic site is right to left, and checks" in_root "$arc_root" \
    "cd /root && cp -r s ar && cd ar && rm -rf public .galgen && sed -i 's/\"language\": \"[a-z-]*\"/\"language\": \"ar\"/' config.json && galgen build -q && galgen check public > /dev/null && grep -q 'dir=\"rtl\"' public/index.html"
# A HEIC photo in that site: the file is named with what to install, the other five are built.
cp Tests/corpus/upstream/heif/example.heic "$arc_root/root/s/images/example.heic"
sed -i 's|"images/dawn.jpg"|"images/example.heic"|' "$arc_root/root/s/records.json"
in_root "$arc_root" "cd /root/s && galgen build > /tmp/heic-build.txt 2>&1; echo \$? > /tmp/heic-build.rc" || true
heic_reported() { grep 'example.heic' "$arc_root/tmp/heic-build.txt" | grep -q 'libheif1'; }
check "a HEIC input without libheif: the build names example.heic and libheif1" heic_reported
heic_rest() { grep -q ' 1 failed' "$arc_root/tmp/heic-build.txt" && in_root "$arc_root" "cd /root/s && galgen check public > /dev/null"; }
check "and builds the rest: one image failed, the site checks" heic_rest
# With the system's libheif (this machine has it), the same archive decodes that HEIC.
host_heic() {
    rm -rf "$work/heic-site" && cp -r "$arc_root/root/s" "$work/heic-site" && rm -rf "$work/heic-site/public" "$work/heic-site/.galgen"
    (cd "$work/heic-site" && "$arc_root$prefix/bin/galgen" build > "$work/heic-host.txt" 2>&1) && grep -q ' 0 failed' "$work/heic-host.txt" && ! grep -q 'example.heic' "$work/heic-host.txt"
}
if ldconfig -p | grep -q 'libheif\.so\.1 '; then
    check "the archive's galgen on this machine, which has libheif1, builds the HEIC too" host_heic
fi
# The archive cannot hold its own checksum: init reads the release's SHA256SUMS (here from a local server).
if [ "$arch" = x86_64 ]; then
    mkdir -p "$work/releases/v$version"
    cp "$dist/$archive" "$dist/SHA256SUMS" "$work/releases/v$version/"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/releases" > "$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/v$version/SHA256SUMS" > /dev/null 2>&1 && break; sleep 0.1; done
    EXTRA_ENV="GALGEN_RELEASES_URL=http://127.0.0.1:$port" in_root "$arc_root" \
        "cd /root && galgen init --ci github ci-site > /dev/null" || bad "galgen init --ci github (archive)"
    workflow="$arc_root/root/ci-site/.github/workflows/galgen-pages.yml"
    check "the archive's workflow pins $archive by its SHA-256" grep -q "GALGEN_SHA256_X86_64: \"$archive_sha\"" "$workflow"
    kill "$server_pid"; server_pid=""
    check "init --ci github offline, from the archive, fails and writes nothing" in_root "$arc_root" \
        "cd /root && ! GALGEN_RELEASES_URL=http://127.0.0.1:9 galgen init --ci github offline-site 2> /tmp/err && grep -q 'cannot pin galgen' /tmp/err && [ ! -e offline-site/config.json ]"
fi
umount -l "$arc_root/proc"

# --- old-libc: Debian 11's glibc 2.31 --------------------------------------------------------------
echo "== old-libc: $archive in a bare Debian 11 root"
old_root="$work/old-root"
if bare_root bullseye "$old_root"; then
    tar -C "$old_root/opt" -xzf "$dist/$archive"
    if in_root "$old_root" "$prefix/bin/galgen --version" > "$work/old.out" 2> "$work/old.err"; then
        bad "galgen ran on glibc 2.31"
    else
        check "galgen on glibc 2.31 says which glibc it needs" grep -q "needs glibc 2\.[0-9]* or newer.*has glibc 2\.31" "$work/old.err"
        check "and no loader message" bash -c "! grep -q 'GLIBC_.* not found' '$work/old.err'"
    fi
    umount -l "$old_root/proc"
else
    bad "could not make a bare Debian 11 root"
fi

# --- workflow: the install step itself, against a local server ---------------------------------
echo "== workflow: the install step of the generated workflow"
venv="$repo/.venv"
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/pip" install -q --disable-pip-version-check PyYAML==6.0.2 pytest==9.2.0 > /dev/null
if [ ! -f "$work/deb-workflow.yml" ]; then
    echo "skipped on $arch: the workflow pins x86_64 archives (GitHub's default runners)"
elif GALGEN_WORKFLOW="$work/deb-workflow.yml" GALGEN_DIST="$dist" "$venv/bin/python" -m pytest -q Tests/install; then
    ok "the workflow's install step (pytest Tests/install)"
else
    bad "the workflow's install step (pytest Tests/install)"
fi

echo "sizes: $(cd "$dist" && ls -l "$archive" "$deb" | awk '{ printf "%s %.1f MB  ", $9, $5 / 1e6 }')"
echo "test-install: $passed passed, $failed failed"
[ "$failed" = 0 ]
