#!/usr/bin/env bash
# A `folder` source (issue 32) against sigal 2.6 on one photo tree, in one run:
#   1. the tree: camera photos (real_photos.sh; else the >1 MP JPEGs of Tests/corpus/upstream/jpeg),
#      20 synthetic 12 MP JPEGs (make_corpus.py) and 3 H.264 clips (5 s, 1280x720, ffmpeg), nested
#      YEAR/PLACE/; each tool gets its own copy, so a photo added for one is not new to the other;
#   2. the same work for both: widths 1280 and 320, JPEG only (quality 82, baseline, optimised Huffman
#      tables), 2 processes (sigal -n 2) or 2 jobs (galgen --jobs 2), videos copied (not transcoded)
#      with a poster/thumbnail, HTML pages;
#   3. timed: cold build (output and cache removed inside each run), no-op rebuild, one new photo
#      (a 12 MP photo from a pool of distinct ones is moved into the tree before each run) and rebuild;
#   4. metadata cost: the 20 synthetic 12 MP photos built cold as a `folder` source against the same
#      files listed in a `json` source (which reads no metadata), as made and with a camera photo's
#      EXIF/XMP/IPTC segments spliced in.
# Results: Benchmarks/results/folder_vs_sigal.md (+ .txt, the timer's figure rows).
#
# usage: BENCH_TIMER=TIMER Benchmarks/scripts/folder_vs_sigal.sh WORKDIR
#   BENCH_TIMER  a timer taking `-n RUNS --warmup N --timeout S --vs 'CMD_B' -- CMD_A` and printing rows
#                `A wall s MIN MEDIAN MAX` (A, B and the paired ratio A/B) for user, sys, cpu, wall, peak
#   GALGEN       galgen binary (default .build/release/galgen of this checkout)
#   BENCH_VENV   venv with sigal 2.6, Pillow and numpy (made and filled when missing; default WORKDIR/venv)
#   RUNS_COLD (3), RUNS (5)
set -euo pipefail
W=${1:?usage: folder_vs_sigal.sh WORKDIR}
mkdir -p "$W"; W=$(cd "$W" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
TIMER=${BENCH_TIMER:?set BENCH_TIMER (see the usage lines)}
GALGEN=${GALGEN:-$REPO/.build/release/galgen}
VENV=${BENCH_VENV:-$W/venv}
RUNS_COLD=${RUNS_COLD:-3}
RUNS=${RUNS:-5}
RESULTS=$REPO/Benchmarks/results
OUT_MD=$RESULTS/folder_vs_sigal.md
OUT_TXT=$RESULTS/folder_vs_sigal.txt
# -P: this folder has a collections.py that would shadow the standard library's
ROWS="python3 -P $HERE/bench_rows.py"

if [ ! -x "$VENV/bin/sigal" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q sigal==2.6 Pillow numpy
fi
PY=$VENV/bin/python
SIGAL=$VENV/bin/sigal
[ -x "$GALGEN" ] || { echo "no galgen at $GALGEN (swift build -c release)" >&2; exit 1; }

# ---- 1. the corpus -------------------------------------------------------------------------------
C=$W/corpus
mkdir -p "$C"
if [ "$(ls "$C/real" 2>/dev/null | wc -l)" -lt 10 ]; then
    timeout 900 "$HERE/real_photos.sh" "$C" || echo "real_photos.sh failed or timed out" >&2
fi
if [ "$(ls "$C/real" 2>/dev/null | wc -l)" -lt 10 ]; then
    echo "fallback: the JPEGs of Tests/corpus/upstream/jpeg larger than 1 MP" >&2
    mkdir -p "$C/real"
    "$PY" -P - "$REPO/Tests/corpus/upstream/jpeg" "$C/real" <<'EOF'
import os, shutil, sys
from PIL import Image
src, dst = sys.argv[1:]
for name in sorted(os.listdir(src)):
    try:
        with Image.open(os.path.join(src, name)) as im:
            if im.format == "JPEG" and im.width * im.height > 1_000_000:
                shutil.copy(os.path.join(src, name), os.path.join(dst, name))
    except Exception:
        pass
EOF
fi
"$PY" -P "$HERE/make_corpus.py" "$C/syn" --big 20 --small 0 --seed 2026 >/dev/null
# distinct photos to add, one per timed run (warm-up included)
"$PY" -P "$HERE/make_corpus.py" "$C/pool" --big $((RUNS + 3)) --small 0 --seed 7 >/dev/null
mkdir -p "$C/video"
for i in 1 2 3; do
    v=$C/video/clip-$i.mp4
    [ -s "$v" ] || ffmpeg -loglevel error -y -f lavfi -i "testsrc2=size=1280x720:rate=30" -t 5 \
        -vf "hue=h=$((i * 90))" -c:v libx264 -preset fast -pix_fmt yuv420p -movflags +faststart "$v"
done

PLACES=(2024/coast 2024/mountains 2024/old-town 2025/forest 2025/lake 2025/desert)
make_tree() {  # make_tree DIR: DIR/photos/YEAR/PLACE/..., DIR/pool
    local d=$1 i=0 f
    rm -rf "$d"; mkdir -p "$d/pool"
    for p in "${PLACES[@]}"; do mkdir -p "$d/photos/$p"; done
    for f in "$C"/real/*.jpg "$C"/syn/*.jpg; do
        cp "$f" "$d/photos/${PLACES[$((i % ${#PLACES[@]}))]}/$(basename "$f")"
        i=$((i + 1))
    done
    cp "$C"/video/clip-1.mp4 "$d/photos/2025/lake/"
    cp "$C"/video/clip-2.mp4 "$d/photos/2025/forest/"
    cp "$C"/video/clip-3.mp4 "$d/photos/2024/coast/"
    cp "$C"/pool/*.jpg "$d/pool/"
}
G=$W/galgen; S=$W/sigal
make_tree "$G"; make_tree "$S"
N_PHOTOS=$(find "$G/photos" -name '*.jpg' | wc -l)
N_VIDEOS=$(find "$G/photos" -name '*.mp4' | wc -l)
MP=$("$PY" -P -c '
import sys; from PIL import Image
print(round(sum(Image.open(f).width * Image.open(f).height for f in sys.argv[1:]) / 1e6, 1))' $(find "$G/photos" -name '*.jpg'))
echo "tree: $N_PHOTOS photos ($MP MP), $N_VIDEOS videos" >&2

cat > "$G/config.json" <<EOF
{
  "title": "Trip",
  "imageWidths": [320, 1280],
  "formats": ["jpeg"],
  "jpegQuality": 82,
  "sources": [{"name": "trip", "title": "Trip", "type": "folder", "path": "photos"}]
}
EOF
# sigal: the big image is 1280 wide and the thumbnail 320 wide, whatever the height (a box that is
# never the limit in height), as galgen's widths; quality 82, baseline, optimised like galgen's
# libjpeg settings; videos kept as MP4 and not resized, i.e. copied, plus a thumbnail (ffmpeg).
cat > "$S/sigal.conf.py" <<EOF
source = "$S/photos"
destination = "$S/out"
img_size = (1280, 100000)
thumb_size = (320, 100000)
thumb_fit = False
make_thumbs = True
img_processor = "ResizeToFit"
jpg_options = {"quality": 82, "optimize": True, "progressive": False}
keep_orig = False
use_orig = False
zip_gallery = False
video_format = "mp4"
video_size = None
video_always_convert = False
EOF

# the timed commands, as small scripts (no quoting through the timer)
B=$W/bin; mkdir -p "$B" "$W/raw"
cat > "$B/sigal-cold" <<EOF
#!/bin/sh
rm -rf "$S/out"; exec "$SIGAL" build -q -n 2 -c "$S/sigal.conf.py"
EOF
cat > "$B/galgen-cold" <<EOF
#!/bin/sh
rm -rf "$G/public" "$G/.galgen"; exec "$GALGEN" build --config "$G/config.json" --jobs 2 --quiet "\$@"
EOF
cat > "$B/sigal-build" <<EOF
#!/bin/sh
exec "$SIGAL" build -q -n 2 -c "$S/sigal.conf.py"
EOF
cat > "$B/galgen-build" <<EOF
#!/bin/sh
exec "$GALGEN" build --config "$G/config.json" --jobs 2 --quiet "\$@"
EOF
for t in sigal galgen; do
    d=$S; [ $t = galgen ] && d=$G
    cat > "$B/$t-add" <<EOF
#!/bin/sh
# moves the next photo of the pool into the tree, then rebuilds
f=\$(ls "$d/pool" | head -n 1)
[ -n "\$f" ] || { echo "pool is empty" >&2; exit 9; }
mv "$d/pool/\$f" "$d/photos/2024/coast/added-\$f"
exec "$B/$t-build"
EOF
done
chmod +x "$B"/*

# ---- 2. a first build of each, checked -------------------------------------------------------------
"$B/sigal-cold" 2>"$W/raw/sigal-first.log" || { echo "sigal failed, see $W/raw/sigal-first.log" >&2; cat "$W/raw/sigal-first.log" >&2; }
"$B/galgen-cold" --report "$W/raw/galgen-first.json" 2>"$W/raw/galgen-first.log"
S_JPG=$(find "$S/out" -name '*.jpg' | wc -l); S_MP4=$(find "$S/out" -name '*.mp4' | wc -l)
S_HTML=$(find "$S/out" -name '*.html' | wc -l)
G_JPG=$(find "$G/public" -name '*.jpg' | wc -l); G_MP4=$(find "$G/public" -name '*.mp4' | wc -l)
G_HTML=$(find "$G/public" -name '*.html' | wc -l)
echo "sigal: $S_JPG jpg, $S_MP4 mp4, $S_HTML html; galgen: $G_JPG jpg, $G_MP4 mp4, $G_HTML html" >&2

bench() {  # bench NAME RUNS A B
    local name=$1 n=$2 a=$3 b=$4
    echo "== $name" >&2
    "$TIMER" -n "$n" --warmup 1 --timeout 3000 --vs "$b" -- "$a" > "$W/raw/$name.txt" 2>&1 || true
    grep -E '^(A|B|A/B) ' "$W/raw/$name.txt" >&2 || cat "$W/raw/$name.txt" >&2
}
bench cold "$RUNS_COLD" "$B/sigal-cold" "$B/galgen-cold"
"$B/galgen-cold"; "$B/sigal-cold" 2>/dev/null   # leave both outputs complete
bench noop "$RUNS" "$B/sigal-build" "$B/galgen-build"
bench add "$RUNS" "$B/sigal-add" "$B/galgen-add"
ADDED_S=$(find "$S/photos" -name 'added-*' | wc -l); ADDED_G=$(find "$G/photos" -name 'added-*' | wc -l)
# the last added photo must be published by both
last=$(ls "$G/photos/2024/coast" | grep '^added-' | sort | tail -n 1); last=${last%.jpg}
G_HAS=$(grep -rl --include='*.html' -e "$last" "$G/public" | wc -l)
S_HAS=$(find "$S/out" -name "${last}*" | wc -l)
"$GALGEN" build --config "$G/config.json" --jobs 2 --quiet --report "$W/raw/galgen-noop-after.json"
G_DECODED_NOOP=$("$PY" -P -c 'import json,sys; print(json.load(open(sys.argv[1]))["images"]["decoded"])' "$W/raw/galgen-noop-after.json")

# ---- 4. metadata cost: folder source against json source, same 12 MP files -------------------------
# Two sets: the synthetic 12 MP files as made (EXIF orientation only, in 4 of 20), and the same files
# carrying a camera photo's metadata: the EXIF, XMP (APP1) and IPTC (APP13) segments of the camera
# photo with the most kinds of metadata (then the most bytes), spliced in after the JFIF header in
# place of their own APP1.
M=$W/meta
rm -rf "$M"; mkdir -p "$M/src-plain" "$M/src-camera"
cp "$C"/syn/*.jpg "$M/src-plain/"
DONOR=$("$PY" -P - "$C/real" <<'EOF'
import glob, os, sys
def segments(b):
    i, out = 2, []
    while i + 4 <= len(b) and b[i] == 0xFF and b[i + 1] != 0xDA:
        n = int.from_bytes(b[i + 2:i + 4], "big"); out.append((b[i + 1], b[i:i + 2 + n])); i += 2 + n
    return out
def score(f):  # (how many of EXIF, XMP and IPTC it has, their bytes)
    segs = [(m, s) for m, s in segments(open(f, "rb").read()) if m in (0xE1, 0xED)]
    kinds = {(m, s[4:8]) for m, s in segs}
    return len(kinds), sum(len(s) for m, s in segs)
best = max(sorted(glob.glob(os.path.join(sys.argv[1], "*.jpg"))), key=score)
print(best)
EOF
)
"$PY" -P - "$DONOR" "$M/src-plain" "$M/src-camera" <<'EOF'
import os, sys
donor, src, dst = sys.argv[1:]
def segments(b):
    i, out = 2, []
    while i + 4 <= len(b) and b[i] == 0xFF and b[i + 1] != 0xDA:
        n = int.from_bytes(b[i + 2:i + 4], "big"); out.append((b[i + 1], b[i:i + 2 + n])); i += 2 + n
    return out, i
meta = b"".join(s for m, s in segments(open(donor, "rb").read())[0] if m in (0xE1, 0xED))
for name in sorted(os.listdir(src)):
    b = open(os.path.join(src, name), "rb").read()
    segs, end = segments(b)
    head = b"".join(s for m, s in segs if m == 0xE0)
    rest = b"".join(s for m, s in segs if m not in (0xE0, 0xE1))
    open(os.path.join(dst, name), "wb").write(b[:2] + head + meta + rest + b[end:])
EOF
for set in plain camera; do
    for k in folder json; do
        d=$M/$set-$k; mkdir -p "$d"
        if [ $k = folder ]; then
            mkdir -p "$d/photos"; cp "$M/src-$set"/*.jpg "$d/photos/"
            src='{"name": "photos", "title": "Photos", "type": "folder", "path": "photos"}'
        else
            mkdir -p "$d/images"; cp "$M/src-$set"/*.jpg "$d/images/"
            "$PY" -P -c '
import json, os, sys
d = sys.argv[1]
names = sorted(os.listdir(os.path.join(d, "images")))
json.dump([{"id": n[:-4], "title": n[:-4], "image": "images/" + n} for n in names],
          open(os.path.join(d, "records.json"), "w"), indent=1)' "$d"
            src='{"name": "photos", "title": "Photos", "type": "json", "path": "records.json", "fields": {"id": "id", "title": "title", "image": "image"}}'
        fi
        printf '{"title": "Meta", "imageWidths": [320, 1280], "formats": ["jpeg"],\n "sources": [%s]}\n' "$src" > "$d/config.json"
        cat > "$B/meta-$set-$k" <<EOF
#!/bin/sh
rm -rf "$d/public" "$d/.galgen"; exec "$GALGEN" build --config "$d/config.json" --jobs 2 --quiet "\$@"
EOF
        chmod +x "$B/meta-$set-$k"
        "$B/meta-$set-$k" --report "$W/raw/meta-$set-$k.json"
    done
done
M_F=$(find "$M/camera-folder/public" -name '*.jpg' | wc -l); M_J=$(find "$M/camera-json/public" -name '*.jpg' | wc -l)
DONOR_TAGS=$(exiftool -s -s -s -EXIF:all -XMP:all -IPTC:all "$M/camera-folder/photos/big-000.jpg" 2>/dev/null | wc -l || echo '?')
bench meta "$RUNS" "$B/meta-plain-folder" "$B/meta-plain-json"
bench meta-camera "$RUNS" "$B/meta-camera-folder" "$B/meta-camera-json"

# ---- 5. results ----------------------------------------------------------------------------------
r() { $ROWS "$W/raw/$1.txt" "$2" "${@:3}"; }
{
    echo "# \`folder\` source against sigal 2.6"
    echo
    echo "Made by \`Benchmarks/scripts/folder_vs_sigal.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores"
    echo "($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(. /etc/os-release; echo "$PRETTY_NAME"),"
    echo "galgen $(git -C "$(dirname "$GALGEN")" rev-parse --short HEAD 2>/dev/null || echo '?') release build, sigal $("$SIGAL" --version | awk '{print $NF}'),"
    echo "Pillow $("$PY" -P -c 'import PIL; print(PIL.__version__)'). Whole-process figures: median (min–max);"
    echo "cold builds $RUNS_COLD runs, the others $RUNS runs, each after one warm-up run; the two tools run"
    echo "in turn (sigal, galgen, sigal, …) and the ratio is taken pair by pair. The machine is shared with"
    echo "other work: read the min–max spreads."
    echo
    echo "Tree: $N_PHOTOS JPEGs ($MP MP: $(ls "$C/real" | wc -l) camera photos, 20 synthetic 4000×3000) and"
    echo "$N_VIDEOS H.264 clips (5 s, 1280×720) in 6 folders, two levels deep (\`2024/coast\` …)."
    echo "Both: widths 1280 and 320, JPEG quality 82 (baseline, optimised Huffman tables), 2 processes"
    echo "(\`sigal build -n 2\`) / 2 jobs (\`galgen build --jobs 2\`). Outputs of a cold build: sigal"
    echo "$S_JPG JPEGs, $S_MP4 MP4s, $S_HTML HTML pages; galgen $G_JPG JPEGs, $G_MP4 MP4s, $G_HTML HTML pages."
    echo
    echo "| build | sigal | galgen | sigal / galgen (paired) |"
    echo "|---|---|---|---|"
    echo "| cold: CPU s (user+sys) | $(r cold 'A cpu s') | $(r cold 'B cpu s') | $(r cold 'A/B cpu') |"
    echo "| cold: wall s | $(r cold 'A wall s') | $(r cold 'B wall s') | $(r cold 'A/B wall') |"
    echo "| cold: peak MiB (largest process) | $(r cold 'A peak MiB' --digits 0) | $(r cold 'B peak MiB' --digits 0) | |"
    echo "| no-op rebuild: wall s | $(r noop 'A wall s') | $(r noop 'B wall s') | $(r noop 'A/B wall') |"
    echo "| no-op rebuild: CPU s | $(r noop 'A cpu s') | $(r noop 'B cpu s') | $(r noop 'A/B cpu') |"
    echo "| one 12 MP photo added: wall s | $(r add 'A wall s') | $(r add 'B wall s') | $(r add 'A/B wall') |"
    echo "| one 12 MP photo added: CPU s | $(r add 'A cpu s') | $(r add 'B cpu s') | $(r add 'A/B cpu') |"
    echo
    echo "Photos added during the timed runs: sigal $ADDED_S, galgen $ADDED_G (one per run, warm-up"
    echo "included); the last one is in $G_HAS galgen page(s) and $S_HAS sigal file(s). A galgen build"
    echo "after them decoded $G_DECODED_NOOP image(s)."
    echo
    echo "What differs: sigal makes the 320 thumbnail from its 1280 image (galgen makes both widths from"
    echo "one decode of the source at the smallest DCT scale covering 1280), writes the big image at 1280 wide and the thumbnail at 320 wide"
    echo "(\`img_size = (1280, 100000)\`, \`thumb_size = (320, 100000)\`, \`thumb_fit = False\`), re-writes"
    echo "every album's HTML page on each build and keeps no cache: a no-op build skips each photo whose"
    echo "output file exists (galgen checks size, mtime and inode against its cache). sigal's video thumbnail is one ffmpeg call (a process per"
    echo "clip); galgen reads the clip with the FFmpeg libraries. Videos are copied by both"
    echo "(sigal \`video_format = \"mp4\"\`, \`video_size = None\`). Themes differ (sigal: colorbox)."
    echo "thumbsup was not measured: npm is not reachable on this machine."
    echo
    echo "## Metadata cost: \`folder\` against \`json\` source"
    echo
    echo "The 20 synthetic 12 MP JPEGs in one folder, built cold (output and cache removed in each run) as a"
    echo "\`folder\` source (reads EXIF/XMP/IPTC, hashes the files) and as a \`json\` source listing the"
    echo "same files (\`{\"id\", \"title\", \"image\"}\`, no metadata read); widths 320 and 1280, JPEG,"
    echo "\`--jobs 2\`; $M_F and $M_J JPEGs written. Two sets: *as made* (EXIF orientation only, in 4"
    echo "of 20 files) and *camera metadata* (every file carries the EXIF, XMP and IPTC segments of"
    echo "\`$(basename "$DONOR")\`, $DONOR_TAGS tags). Target: folder ≤ 1.05 × json."
    echo
    echo "| cold build of 20 × 12 MP | folder | json | folder / json (paired) |"
    echo "|---|---|---|---|"
    echo "| as made: wall s | $(r meta 'A wall s') | $(r meta 'B wall s') | $(r meta 'A/B wall' --digits 3) |"
    echo "| as made: CPU s | $(r meta 'A cpu s') | $(r meta 'B cpu s') | $(r meta 'A/B cpu' --digits 3) |"
    echo "| camera metadata: wall s | $(r meta-camera 'A wall s') | $(r meta-camera 'B wall s') | $(r meta-camera 'A/B wall' --digits 3) |"
    echo "| camera metadata: CPU s | $(r meta-camera 'A cpu s') | $(r meta-camera 'B cpu s') | $(r meta-camera 'A/B cpu' --digits 3) |"
} > "$OUT_MD"
{
    for n in cold noop add meta meta-camera; do echo "## $n"; $ROWS "$W/raw/$n.txt" --rows; done
} > "$OUT_TXT"
cat "$OUT_MD"
