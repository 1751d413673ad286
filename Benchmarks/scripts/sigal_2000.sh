#!/usr/bin/env bash
# A `folder` source against sigal 2.6 at a size that means something (issue 46): about 2,000 photos
# (1600x1200 synthetic JPEGs from make_corpus.py plus the camera photos of real_photos.sh) in 20
# folders, the same two widths (1280 and 320, JPEG quality 82), 2 processes / 2 jobs, in one run:
# cold build, no-op rebuild, one photo added (a distinct 1600x1200 photo moved in before each run).
# Each tool has its own copy of the tree. Optionally a second galgen binary (GALGEN_BEFORE) is timed
# against the first on the no-op and the one-added rebuild (its own copy too).
# Results: Benchmarks/results/sigal_2000.md (+ .txt, the timer's figure rows).
#
# usage: BENCH_TIMER=TIMER Benchmarks/scripts/sigal_2000.sh WORKDIR
#   BENCH_TIMER    a timer taking `-n RUNS --warmup N --timeout S --vs 'CMD_B' -- CMD_A` and printing
#                  rows `A wall s MIN MEDIAN MAX` (A, B and the paired ratio A/B)
#   GALGEN         galgen binary (default .build/release/galgen of this checkout)
#   GALGEN_BEFORE  another galgen binary to compare with (optional)
#   BENCH_VENV     venv with sigal 2.6, Pillow and numpy (made when missing; default WORKDIR/venv)
#   PHOTOS (1966 synthetic), FOLDERS (20), RUNS_COLD (3), RUNS (7)
set -euo pipefail
W=${1:?usage: sigal_2000.sh WORKDIR}
mkdir -p "$W"; W=$(cd "$W" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
TIMER=${BENCH_TIMER:?set BENCH_TIMER (see the usage lines)}
GALGEN=${GALGEN:-$REPO/.build/release/galgen}
BEFORE=${GALGEN_BEFORE:-}
VENV=${BENCH_VENV:-$W/venv}
PHOTOS=${PHOTOS:-1966}; FOLDERS=${FOLDERS:-20}; RUNS_COLD=${RUNS_COLD:-3}; RUNS=${RUNS:-7}
RESULTS=$REPO/Benchmarks/results
ROWS="python3 -P $HERE/bench_rows.py"   # -P: this folder's collections.py would shadow the stdlib's

if [ ! -x "$VENV/bin/sigal" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q sigal==2.6 Pillow numpy
fi
PY=$VENV/bin/python; SIGAL=$VENV/bin/sigal

# ---- the corpus: synthetic photos, camera photos, a pool of photos to add --------------------------
C=$W/corpus; mkdir -p "$C"
[ "$(ls "$C/syn" 2>/dev/null | wc -l)" -ge "$PHOTOS" ] || "$PY" -P "$HERE/make_corpus.py" "$C/syn" --big 0 --small "$PHOTOS" --seed 2026 >/dev/null
[ "$(ls "$C/pool" 2>/dev/null | wc -l)" -ge $((RUNS + 3)) ] || "$PY" -P "$HERE/make_corpus.py" "$C/pool" --big 0 --small $((RUNS * 3 + 6)) --seed 7 >/dev/null
if [ "$(ls "$C/real" 2>/dev/null | wc -l)" -lt 10 ]; then
    timeout 900 "$HERE/real_photos.sh" "$C" || echo "real_photos.sh failed: synthetic photos only" >&2
fi

make_tree() {  # make_tree DIR: DIR/photos/fNN/..., DIR/pool (RUNS + 3 photos to add)
    local d=$1 i=0 f
    rm -rf "$d"; mkdir -p "$d/pool"
    for f in "$C"/real/*.jpg "$C"/syn/*.jpg; do
        [ -e "$f" ] || continue
        local folder; folder=$(printf 'f%02d' $((i % FOLDERS)))
        mkdir -p "$d/photos/$folder"
        cp "$f" "$d/photos/$folder/$(basename "$f")"
        i=$((i + 1))
    done
    ls "$C/pool" | head -n $((RUNS + 3)) | while read -r f; do cp "$C/pool/$f" "$d/pool/"; done
}
G=$W/galgen; S=$W/sigal; P=$W/before
make_tree "$G"; make_tree "$S"; [ -n "$BEFORE" ] && make_tree "$P"
N=$(find "$G/photos" -name '*.jpg' | wc -l)
echo "tree: $N photos in $FOLDERS folders" >&2

for d in "$G" "$P"; do
    [ -d "$d" ] || continue
    cat > "$d/config.json" <<EOF
{"title": "Trip", "imageWidths": [320, 1280], "formats": ["jpeg"], "jpegQuality": 82,
 "sources": [{"name": "trip", "title": "Trip", "type": "folder", "path": "photos"}]}
EOF
done
cat > "$S/sigal.conf.py" <<EOF
source = "$S/photos"
destination = "$S/out"
img_size = (1280, 100000)
thumb_size = (320, 100000)
thumb_fit = False
img_processor = "ResizeToFit"
jpg_options = {"quality": 82, "optimize": True, "progressive": False}
keep_orig = False
zip_gallery = False
EOF

B=$W/bin; mkdir -p "$B" "$W/raw"
script() { printf '#!/bin/sh\n%s\n' "$2" > "$B/$1"; chmod +x "$B/$1"; }
script sigal-cold "rm -rf '$S/out'; exec '$SIGAL' build -q -n 2 -c '$S/sigal.conf.py'"
script sigal-build "exec '$SIGAL' build -q -n 2 -c '$S/sigal.conf.py'"
script galgen-cold "rm -rf '$G/public' '$G/.public.spare' '$G/.galgen'; exec '$GALGEN' build --config '$G/config.json' --jobs 2 --quiet"
script galgen-build "exec '$GALGEN' build --config '$G/config.json' --jobs 2 --quiet"
[ -n "$BEFORE" ] && script before-build "exec '$BEFORE' build --config '$P/config.json' --jobs 2 --quiet"
for t in sigal galgen before; do
    d=$S; [ $t = galgen ] && d=$G; [ $t = before ] && d=$P
    [ -x "$B/$t-build" ] || continue
    script "$t-add" "f=\$(ls '$d/pool' | head -n 1); [ -n \"\$f\" ] || exit 9; mv '$d/pool/'\"\$f\" '$d/photos/f00/added-'\"\$f\"; exec '$B/$t-build'"
done

bench() {  # bench NAME RUNS A B
    echo "== $1" >&2
    "$TIMER" -n "$2" --warmup 1 --timeout 3000 --vs "$4" -- "$3" > "$W/raw/$1.txt" 2>&1 || true
    grep -E '^(A|B|A/B) ' "$W/raw/$1.txt" >&2 || cat "$W/raw/$1.txt" >&2
}
bench cold "$RUNS_COLD" "$B/sigal-cold" "$B/galgen-cold"
"$B/galgen-cold"; "$B/sigal-cold" 2>/dev/null; "$B/galgen-build"   # complete outputs, and galgen's spare
bench noop "$RUNS" "$B/sigal-build" "$B/galgen-build"
bench add "$RUNS" "$B/sigal-add" "$B/galgen-add"
if [ -n "$BEFORE" ]; then
    "$BEFORE" build --config "$P/config.json" --jobs 2 --quiet; "$B/before-build"
    # the tree of galgen has the added photos now: give the other copy the same ones first
    for f in $(ls "$G/photos/f00" | grep '^added-'); do mv "$P/pool/${f#added-}" "$P/photos/f00/$f" 2>/dev/null || true; done
    "$B/before-build"; "$B/galgen-build"
    bench noop-before "$RUNS" "$B/before-build" "$B/galgen-build"
fi

r() { $ROWS "$W/raw/$1.txt" "$2" "${@:3}"; }
mkdir -p "$RESULTS"
{
    echo "# \`folder\` source against sigal 2.6, $N photos"
    echo
    echo "Made by \`Benchmarks/scripts/sigal_2000.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores, galgen release build,"
    echo "sigal $("$SIGAL" --version | awk '{print $NF}'). Whole-process figures: median (min–max), cold $RUNS_COLD runs,"
    echo "the others $RUNS runs, each after one warm-up; the tools run in turn and the ratio is taken pair by pair."
    echo "Tree: $N JPEGs ($(ls "$C/real" 2>/dev/null | wc -l) camera photos, the rest 1600×1200 synthetic) in $FOLDERS folders;"
    echo "widths 1280 and 320, JPEG quality 82, 2 processes / 2 jobs."
    echo
    echo "| build | sigal | galgen | sigal / galgen (paired) |"
    echo "|---|---|---|---|"
    echo "| cold: CPU s | $(r cold 'A cpu s') | $(r cold 'B cpu s') | $(r cold 'A/B cpu') |"
    echo "| cold: wall s | $(r cold 'A wall s') | $(r cold 'B wall s') | $(r cold 'A/B wall') |"
    echo "| no-op: wall s | $(r noop 'A wall s') | $(r noop 'B wall s') | $(r noop 'A/B wall') |"
    echo "| one photo added: wall s | $(r add 'A wall s') | $(r add 'B wall s') | $(r add 'A/B wall') |"
    if [ -n "$BEFORE" ]; then
        echo
        echo "| no-op, galgen before ÷ after (paired) | before | after | before / after |"
        echo "|---|---|---|---|"
        echo "| wall s | $(r noop-before 'A wall s') | $(r noop-before 'B wall s') | $(r noop-before 'A/B wall') |"
    fi
} > "$RESULTS/sigal_2000.md"
{ for n in cold noop add noop-before; do [ -f "$W/raw/$n.txt" ] && { echo "## $n"; $ROWS "$W/raw/$n.txt" --rows; }; done; } > "$RESULTS/sigal_2000.txt"
cat "$RESULTS/sigal_2000.md"
