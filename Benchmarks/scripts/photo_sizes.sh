#!/usr/bin/env bash
# What the photo sizes of `galgen init --source folder` cost (issue 44): the same photo tree built cold
#   A. galgen, the widths init wrote before ([160, 320, 640]),
#   B. galgen, the widths it writes now ([320, 640, 1280, 2048]),
#   C. sigal 2.6 with its defaults (img_size 640x480, thumb_size 200x150, JPEG),
# each with 2 jobs (sigal -n 2), galgen with its default formats (WebP + JPEG). Timed with the timer
# given (cold: output and cache removed inside each run), then the bytes each wrote for its pictures.
# thumbsup (whose default "fullscreen" size is 1000 px tall) is an npm package: this machine reaches
# no npm registry, so it is not run; its defaults are quoted in the results instead.
# The tree: 12 synthetic 12 MP JPEGs (make_corpus.py, 4000x3000) and the camera photos of real_photos.sh
# when WORKDIR already holds them (folder_vs_sigal.sh fetches them; 1280x1024 to 6028x3391).
#
# usage: BENCH_TIMER=TIMER Benchmarks/scripts/photo_sizes.sh WORKDIR
#   BENCH_TIMER  a timer taking `-n RUNS --warmup N --timeout S -- CMD` and printing figure rows
#   GALGEN       galgen binary (default .build/release/galgen of this checkout)
#   BENCH_VENV   venv with sigal 2.6, Pillow and numpy (made when missing; default WORKDIR/venv)
#   RUNS (3)
# Results: Benchmarks/results/photo_sizes.md
set -euo pipefail
W=${1:?usage: photo_sizes.sh WORKDIR}
mkdir -p "$W"; W=$(cd "$W" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
TIMER=${BENCH_TIMER:?set BENCH_TIMER (see the usage lines)}
GALGEN=${GALGEN:-$REPO/.build/release/galgen}
VENV=${BENCH_VENV:-$W/venv}
RUNS=${RUNS:-3}
OUT=$REPO/Benchmarks/results/photo_sizes.md
[ -x "$GALGEN" ] || { echo "no galgen at $GALGEN (swift build -c release)" >&2; exit 1; }
if [ ! -x "$VENV/bin/sigal" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q sigal==2.6 Pillow numpy
fi

T=$W/tree/photos
if [ ! -d "$T" ]; then
    mkdir -p "$T/synthetic"
    "$VENV/bin/python" -P "$HERE/make_corpus.py" "$T/synthetic" --big 12 --small 0 --seed 44 >/dev/null
    if [ -d "$W/corpus/real" ]; then mkdir -p "$T/camera" && cp "$W/corpus/real/"*.jpg "$T/camera/"; fi
fi
photos=$(find "$T" -name '*.jpg' | wc -l)
megapixels=$("$VENV/bin/python" -c "
import sys, pathlib
from PIL import Image
print(round(sum(Image.open(p).width * Image.open(p).height for p in pathlib.Path(sys.argv[1]).rglob('*.jpg')) / 1e6))" "$T")

site() {  # site NAME WIDTHS
    mkdir -p "$W/$1"
    cat > "$W/$1/config.json" <<EOF
{"title": "Sizes", "language": "en", "imageWidths": $2,
 "sources": [{"name": "photos", "title": "Photos", "type": "folder", "path": "$T"}]}
EOF
}
site old "[160, 320, 640]"
site new "[320, 640, 1280, 2048]"
cat > "$W/sigal.conf.py" <<EOF
source = "$T"
destination = "$W/sigal-out"
EOF

run() {  # run LABEL CMD...
    echo "== $1"
    # the timer's first line (its own banner) is left out of the results
    "$TIMER" -n "$RUNS" --warmup 1 --timeout 3600 -- "${@:2}" | tail -n +2 | tee -a "$W/rows.txt"
}
: > "$W/rows.txt"
run "galgen, [160, 320, 640]" sh -c "rm -rf '$W/old/public' '$W/old/.galgen' && exec '$GALGEN' build --config '$W/old/config.json' --jobs 2 -q"
run "galgen, [320, 640, 1280, 2048]" sh -c "rm -rf '$W/new/public' '$W/new/.galgen' && exec '$GALGEN' build --config '$W/new/config.json' --jobs 2 -q"
run "sigal 2.6, defaults" sh -c "rm -rf '$W/sigal-out' && exec '$VENV/bin/sigal' build -c '$W/sigal.conf.py' -n 2 -q"

bytes() { du -sb "$1" | cut -f1; }
{
    echo "# Photo sizes: what larger defaults cost (issue 44)"
    echo
    echo "$photos photos, $megapixels megapixels in all; $(nproc) cores; galgen $("$GALGEN" --version | head -1); run $(date -u +%F)."
    echo
    echo "| build | picture bytes written | of which the largest variant per photo |"
    echo "|---|---:|---:|"
    echo "| galgen [160, 320, 640], WebP + JPEG | $(bytes "$W/old/public/img") | $(find "$W/old/public/img" -name '*-640.*' -printf '%s\n' | awk '{s+=$1} END {print s}') |"
    echo "| galgen [320, 640, 1280, 2048], WebP + JPEG | $(bytes "$W/new/public/img") | $(find "$W/new/public/img" -name '*-2048.*' -printf '%s\n' | awk '{s+=$1} END {print s}') |"
    echo "| sigal 2.6 defaults (640x480 + 200x150 thumbnails, JPEG) | $(find "$W/sigal-out" -name '*.jpg' -printf '%s\n' | awk '{s+=$1} END {print s}') | |"
    echo "| thumbsup defaults (1000 px tall + thumbnails) | not run: npm is not reachable here | |"
    echo
    echo "Timer rows (user, sys, cpu, wall seconds and peak memory; min median max), in the order above:"
    echo
    echo '```'
    cat "$W/rows.txt"
    echo '```'
} > "$OUT"
echo "wrote $OUT"
