#!/usr/bin/env bash
# What the photo sizes of `galgen init --source folder` cost (issue 44): the same photo tree built cold
#   A. galgen, the widths init wrote before ([160, 320, 640]),
#   B. galgen, the widths it writes now ([320, 640, 1280, 2048]),
#   C. sigal 2.6 with its defaults (img_size 640x480, thumb_size 200x150, JPEG),
# each with 2 jobs (sigal -n 2), galgen with its default formats (WebP + JPEG). Timed with the timer
# given (cold: output and cache removed inside each run), then the bytes each wrote for its pictures.
#   D. thumbsup 2.18's defaults, as the GraphicsMagick commands its image module (thumbsup-downsize 2.5)
#      runs for each photo: a 120x120 thumbnail cropped to the centre, a "small" 300 px tall and a "large"
#      (the lightbox's and the download's) 1000 px tall, each `+profile '*' -auto-orient`, quality 90,
#      as many at once as there are cores (its `concurrency` default). thumbsup itself is an npm package
#      and this machine reaches no npm registry, so node, its database and its pages are not counted:
#      this row is the floor of what thumbsup spends on pictures (GraphicsMagick from Debian's
#      graphicsmagick package).
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
# thumbsup's commands, one line per output, in its media/{thumbs,small,large} layout
: > "$W/thumbsup.cmds"
while IFS= read -r f; do
    rel=${f#"$T"/}; stem=${rel%.*}
    for size in "thumbs 120x120^ crop" "small x300> keep" "large x1000> keep"; do
        set -- $size
        out="$W/thumbsup-out/media/$1/$stem.jpg"
        extra=""; [ "$3" = crop ] && extra="-gravity Center -crop 120x120 +repage"
        printf "mkdir -p '%s' && gm convert '%s' +profile '*' -auto-orient -resize '%s' %s -quality 90 '%s'\\n" \
            "$(dirname "$out")" "$f" "$2" "$extra" "$out" >> "$W/thumbsup.cmds"
    done
done < <(find "$T" -name '*.jpg' | sort)
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
if command -v gm >/dev/null; then
    run "thumbsup 2.18 defaults (GraphicsMagick)" sh -c "rm -rf '$W/thumbsup-out' && tr '\\n' '\\0' < '$W/thumbsup.cmds' | xargs -0 -P $(nproc) -n 1 sh -c"
fi

bytes() { du -sb "$1" | cut -f1; }
{
    echo "# Photo sizes: what larger defaults cost (issue 44)"
    echo
    echo "$photos photos, $megapixels megapixels in all; $(nproc) cores; $("$GALGEN" --version | head -1); run $(date -u +%F)."
    echo
    echo "| build | picture bytes written | of which the largest variant per photo |"
    echo "|---|---:|---:|"
    echo "| galgen [160, 320, 640], WebP + JPEG | $(bytes "$W/old/public/img") | $(find "$W/old/public/img" -name '*-640.*' -printf '%s\n' | awk '{s+=$1} END {print s}') |"
    echo "| galgen [320, 640, 1280, 2048], WebP + JPEG | $(bytes "$W/new/public/img") | $(find "$W/new/public/img" -name '*-2048.*' -printf '%s\n' | awk '{s+=$1} END {print s}') |"
    echo "| sigal 2.6 defaults (640x480 + 200x150 thumbnails, JPEG) | $(find "$W/sigal-out" -name '*.jpg' -printf '%s\n' | awk '{s+=$1} END {print s}') | |"
    if [ -d "$W/thumbsup-out" ]; then
        echo "| thumbsup 2.18 defaults through its GraphicsMagick commands (120x120 + 300 px and 1000 px tall, JPEG q90) | $(bytes "$W/thumbsup-out") | $(bytes "$W/thumbsup-out/media/large") |"
    else
        echo "| thumbsup 2.18 defaults | not run: no gm (apt-get install graphicsmagick) | |"
    fi
    echo
    echo "Timer rows (user, sys, cpu, wall seconds and peak memory; min median max), in the order above:"
    echo
    echo '```'
    cat "$W/rows.txt"
    echo '```'
} > "$OUT"
echo "wrote $OUT"
