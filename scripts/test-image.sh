#!/usr/bin/env bash
# The container image test: the Dockerfile's runtime stage, built with podman from the .deb that
# scripts/package.sh made, then run as the README's docker lines run it.
#   scripts/test-image.sh [--dist DIR] [--keep]
#
#   --dist DIR   the artefacts of scripts/package.sh --out DIR (default: package into a scratch folder)
#   --keep       keep the image built (localhost/galgen-test:VERSION) instead of removing it
#
# Needs root, Debian's podman and runc (apt-get install podman runc: the default runtime, crun, refuses
# hybrid cgroups), and the Debian mirror apt uses; no registry. Podman runs as
# `podman --runtime runc --cgroup-manager cgroupfs` with ulimits of 1024 (raising them is refused).
#
#   base   the stand-in for debian:bookworm-slim, which cannot be pulled: the bare Debian 12 root that
#          test-install.sh keeps ($GALGEN_ROOTS/bookworm-minbase.tar, debootstrap --variant=minbase, as Debian's
#          images are made), with the host's apt sources and the slim image's dpkg exclusions (no manuals,
#          no documents but copyright files, no translations); imported once, kept as localhost/galgen-test-base
#   build  the real Dockerfile's runtime stage: --build-context debs=DIR (the build stage is skipped),
#          --build-arg RUNTIME_BASE=that base; the layers galgen adds to the base: at most 200 MB
#   run    the image as it is: user galgen, /site; then --user UID:GID -v SITE:/site with init . and build: the
#          site's files are owned by UID:GID; --version is the .deb's binary's, version and commit
#   serve  serve --host 0.0.0.0 in the container, published on 127.0.0.1:PORT only: the host gets the page
set -euo pipefail
cd "$(dirname "$0")/.."

dist=""
keep=0
while [ $# -gt 0 ]; do
    case "$1" in
        --dist) dist="${2:?--dist needs a folder}"; shift 2 ;;
        --keep) keep=1; shift ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "test-image.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ "$(id -u)" = 0 ] || { echo "test-image.sh: needs root (podman's overlay storage and bridge network)" >&2; exit 2; }
for tool in podman runc dpkg-deb curl; do
    command -v "$tool" >/dev/null || { echo "test-image.sh: needs $tool (apt-get install podman runc dpkg-dev curl)" >&2; exit 2; }
done

# shellcheck source=checks.sh
. scripts/checks.sh   # (the repository root is the working folder here)
started=$(date +%s)
stamp() { echo "   [$(( $(date +%s) - started )) s] $*"; }

pm() { podman --runtime runc --cgroup-manager cgroupfs "$@"; }
limits=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024)

work=$(mktemp -d /var/tmp/galgen-image.XXXXXX)
image=""
serve_name="galgen-test-serve-$$"
cleanup() {
    pm rm -f -t 0 "$serve_name" > /dev/null 2>&1 || true
    if [ -n "$image" ] && [ "$keep" = 0 ]; then pm rmi -f "$image" > /dev/null 2>&1 || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM INT   # so that cleanup runs when .ci/run stops the job

if [ -z "$dist" ]; then
    dist="$work/dist"
    scripts/package.sh --out "$dist"
fi
dist=$(cd "$dist" && pwd)
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/GalgenCore/Version.swift)
deb_arch=$(dpkg --print-architecture)
deb="$dist/galgen_${version}_${deb_arch}.deb"
[ -f "$deb" ] || { echo "test-image.sh: no $(basename "$deb") in $dist" >&2; exit 1; }

# --- base: the bare Debian 12 root as a stand-in for debian:bookworm-slim ----------------------------
roots=${GALGEN_ROOTS:-/var/cache/galgen-test-roots}
tarball="$roots/bookworm-minbase.tar"
if [ ! -f "$tarball" ]; then
    mirror=$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
    echo "test-image.sh: making a bare bookworm root (debootstrap --variant=minbase, once)"
    mkdir -p "$roots"
    debootstrap --variant=minbase bookworm "$work/made" "${mirror:-http://deb.debian.org/debian}" > "$work/debootstrap.log" 2>&1 \
        || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
    tar -C "$work/made" -cf "$tarball.new" . && mv "$tarball.new" "$tarball"
    rm -rf "$work/made"
fi
# What the slim image leaves out, as dpkg path filters: only packages installed later are affected.
slim_filters='path-exclude=/usr/share/doc/*
path-include=/usr/share/doc/*/copyright
path-exclude=/usr/share/man/*
path-exclude=/usr/share/groff/*
path-exclude=/usr/share/info/*
path-exclude=/usr/share/lintian/*
path-exclude=/usr/share/linda/*
path-exclude=/usr/share/locale/*'
sources=/etc/apt/sources.list.d/debian.sources
key=$( { stat -c '%s %Y' "$tarball"; cat "$sources" 2>/dev/null || true; echo "$slim_filters"; } | sha256sum | cut -c1-12)
base="localhost/galgen-test-base:bookworm-$key"
if pm image exists "$base"; then
    stamp "base $base (kept from an earlier run)"
else
    mkdir "$work/base"
    tar -C "$work/base" -xf "$tarball"
    if [ -f "$sources" ]; then  # the host's sources (updates and security too), as the slim image has them
        rm -f "$work/base/etc/apt/sources.list"
        cp "$sources" "$work/base$sources"
    fi
    printf '%s\n' "$slim_filters" > "$work/base/etc/dpkg/dpkg.cfg.d/slim"
    tar -C "$work/base" -cf - . | pm import --change 'CMD ["bash"]' - "$base" > /dev/null
    rm -rf "$work/base"
    # Older stand-ins (another tarball or sources) are of no more use.
    for old in $(pm images --format '{{.Repository}}:{{.Tag}}' | grep '^localhost/galgen-test-base:' | grep -vx "$base"); do
        pm rmi "$old" > /dev/null 2>&1 || true
    done
    stamp "base $base imported from $tarball"
fi

# --- build: the Dockerfile's runtime stage with the .deb ---------------------------------------------
mkdir "$work/debs"
cp "$deb" "$work/debs/"
image="localhost/galgen-test:$version"
pm rmi -f "$image" > /dev/null 2>&1 || true   # one kept by --keep: rebuilt, not left behind untagged
if pm build --network host "${limits[@]}" --pull=never --layers=false \
        --build-arg RUNTIME_BASE="$base" --build-context debs="$work/debs" \
        --target runtime -t "$image" -f Dockerfile . > "$work/build.log" 2>&1; then
    ok "podman build --target runtime --build-context debs=… (the Dockerfile, with $(basename "$deb"))"
else
    bad "podman build of the Dockerfile's runtime stage"
    tail -30 "$work/build.log"
    echo "test-image: $passed passed, $failed failed"
    exit 1
fi
stamp "built $image"
base_size=$(pm image inspect --format '{{.Size}}' "$base")
image_size=$(pm image inspect --format '{{.Size}}' "$image")
added=$(( image_size - base_size ))
added_mb=$(awk -v b="$added" 'BEGIN { printf "%.1f", b / 1e6 }')
echo "   image $(awk -v b="$image_size" 'BEGIN { printf "%.1f", b / 1e6 }') MB, base $(awk -v b="$base_size" 'BEGIN { printf "%.1f", b / 1e6 }') MB: galgen's layers $added_mb MB"
check "the layers galgen adds to the base: $added_mb MB, at most 200 MB" test "$added" -le 200000000
config_is() { [ "$(pm image inspect --format '{{.Config.User}} {{.Config.WorkingDir}} {{index .Config.Entrypoint 0}}' "$image")" = "$1" ]; }
check "the image runs as galgen in /site with galgen as its entry point" config_is "galgen /site galgen"
check "no .deb, install script or apt lists left in the image" pm run --rm "${limits[@]}" --entrypoint /bin/sh "$image" -c \
    '! ls /tmp/*.deb /tmp/install-deb.sh /var/cache/apt/archives/*.deb 2>/dev/null | grep -q . && [ -z "$(ls /var/lib/apt/lists | grep -v "^lock$\|^partial$")" ]'

# --- run: the README's lines, as a user of the host ---------------------------------------------------
# A uid and gid that are neither root nor the image's galgen (1000): the files must be theirs.
uid=4242
gid=4243
site="$work/site"
mkdir "$site"
chown "$uid:$gid" "$site"
run_as() { pm run --rm "${limits[@]}" --user "$uid:$gid" -v "$site:/site" "$image" "$@"; }
dpkg-deb -x "$deb" "$work/unpacked"
expected=$("$work/unpacked/usr/bin/galgen" --version | head -1)
got=$(run_as --version | head -1) || true
deb_version=$(dpkg-deb -f "$deb" Version)
same_version() { [ "$got" = "$expected" ] && [ "${got#"galgen $deb_version "}" != "$got" ]; }
check "galgen --version in the image: \"$got\", as the .deb's binary says (Version: $deb_version)" same_version
run_logged() { local log=$1; shift; run_as "$@" > "$work/$log" 2>&1 || { tail -20 "$work/$log"; return 1; }; }
check "run --user $uid:$gid -v SITE:/site … init ." run_logged init.log init .
check "… build" run_logged build.log build -q
check "the site has its pages" test -f "$site/public/index.html"
owned() { [ -z "$(find "$site" \( ! -uid "$uid" -o ! -gid "$gid" \) -print -quit)" ]; }
check "every file of the site is owned by $uid:$gid ($(find "$site" | wc -l) files and folders)" owned
stamp "init and build"

# --- serve: 0.0.0.0 inside, reached from the host through 127.0.0.1 ---------------------------------
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
if pm run -d --name "$serve_name" "${limits[@]}" --user "$uid:$gid" -v "$site:/site" \
        -p "127.0.0.1:$port:8080" "$image" serve --host 0.0.0.0 > /dev/null; then
    answered=0
    for _ in $(seq 150); do
        if curl -fsS -o "$work/served.html" "http://127.0.0.1:$port/" 2> /dev/null; then answered=1; break; fi
        sleep 0.2
    done
    title=$(grep -o '<title>[^<]*</title>' "$site/public/index.html" | head -1)
    served() { [ "$answered" = 1 ] && [ -n "$title" ] && grep -qF "$title" "$work/served.html"; }
    check "serve --host 0.0.0.0 answers the host on 127.0.0.1:$port with the site's first page" served
    warned() {  # conmon may write the log a moment after the server answers
        for _ in $(seq 25); do pm logs "$serve_name" 2>&1 | grep -q '^warning: listening on 0.0.0.0' && return 0; sleep 0.2; done
        pm logs "$serve_name" 2>&1 | head -5; return 1
    }
    check "and warned that it listens on 0.0.0.0" warned
    pm rm -f -t 2 "$serve_name" > /dev/null
    check "the site's files are still owned by $uid:$gid after serve" owned
else
    bad "podman run … serve --host 0.0.0.0"
fi
stamp "serve"

echo "test-image: $passed passed, $failed failed ($(( $(date +%s) - started )) s)"
[ "$failed" = 0 ]
