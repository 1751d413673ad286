#!/usr/bin/env bash
# Build galgen from source and install it onto the PATH (for working on galgen; users install a release
# package, see the README): scripts/install.sh [--prefix DIR] [--debug]
#
#   --prefix DIR   where to install (default: $PREFIX, else ~/.local); the binary goes to DIR/bin/galgen
#   --debug        install the debug build (quicker to build; used by the tests) instead of a release build
#
# The release binary is linked with the Swift standard library and Foundation statically, so it keeps
# working if the Swift toolchain is moved or removed; it needs only the system's C libraries (libxml2, libjpeg,
# libpng, libwebp, giflib, libheif, lcms2)
# (the apt packages of the README). galgen's theme is compiled into the binary: nothing else is copied.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-$HOME/.local}"
configuration=release
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --debug) configuration=debug; shift ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
done

command -v swift >/dev/null || { echo "install.sh: swift is not on the PATH; install Swift 6 first" >&2; exit 1; }

# `galgen --version` names the commit it was built from (Package.swift passes it to one C file).
if commit=$(git rev-parse --short=12 HEAD 2>/dev/null); then
    [ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit-dirty"
    export GALGEN_COMMIT="$commit"
fi

flags=(-c "$configuration" --product galgen)
if [ "$configuration" = release ]; then flags+=(--static-swift-stdlib); fi
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/galgen"

mkdir -p "$prefix/bin"
# Copy then rename, so a galgen that is running keeps its old file and never sees a half-written one.
# A release binary is stripped of its symbol tables (about half its size); a debug one keeps them.
strip=()
if [ "$configuration" = release ]; then strip=(-s); fi
install "${strip[@]}" -m 755 "$binary" "$prefix/bin/.galgen.new.$$"
mv -f "$prefix/bin/.galgen.new.$$" "$prefix/bin/galgen"
echo "installed $("$prefix/bin/galgen" --version | head -1) to $prefix/bin/galgen"

case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it, e.g. echo 'export PATH=\"$prefix/bin:\$PATH\"' >> ~/.bashrc" ;;
esac
