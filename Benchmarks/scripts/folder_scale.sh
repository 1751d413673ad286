#!/usr/bin/env bash
# A `folder` source at scale (issue 32): 20,000 small distinct JPEGs (200x150) in 200 folders.
# Times the cold build, then the no-op rebuild (target <= 2 s) and the rebuild after one new photo
# (target <= 3 s; before each run one photo, distinct from all others, is moved into photos/f001/).
# Results: Benchmarks/results/folder_scale.md (+ .txt, the timer's figure rows).
#
# usage: BENCH_TIMER=TIMER Benchmarks/scripts/folder_scale.sh WORKDIR
#   BENCH_TIMER  a timer taking `-n RUNS --warmup N --timeout S -- CMD` and printing rows
#                `A wall s MIN MEDIAN MAX` for user, sys, cpu, wall, peak
#   GALGEN       galgen binary (default .build/release/galgen of this checkout)
#   BENCH_PY     a python3 with Pillow and numpy (default: python3)
#   RUNS (5), RUNS_COLD (3), PHOTOS (20000), FOLDERS (200), JOBS (2)
set -euo pipefail
W=${1:?usage: folder_scale.sh WORKDIR}
mkdir -p "$W"; W=$(cd "$W" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
TIMER=${BENCH_TIMER:?set BENCH_TIMER (see the usage lines)}
GALGEN=${GALGEN:-$REPO/.build/release/galgen}
PY=${BENCH_PY:-python3}
RUNS=${RUNS:-5}; RUNS_COLD=${RUNS_COLD:-3}; PHOTOS=${PHOTOS:-20000}; FOLDERS=${FOLDERS:-200}; JOBS=${JOBS:-2}
RESULTS=$REPO/Benchmarks/results
# -P: this folder has a collections.py that would shadow the standard library's
ROWS="python3 -P $HERE/bench_rows.py"
S=$W/site

# distinct small photos: a smooth random colour field each (so no two files share content); the
# pool (photos to add, one per run) from another seed; photos added by an earlier run are removed
gen() {  # gen DIR COUNT FOLDERS SEED  (FOLDERS 0: flat)
    "$PY" -P - "$@" <<'EOF'
import os, sys
import numpy as np
from PIL import Image
out, n, folders, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(seed)
for i in range(n):
    small = rng.integers(0, 256, size=(3, 4, 3), dtype=np.uint8)
    d = os.path.join(out, f"f{i % folders + 1:03d}") if folders else out
    os.makedirs(d, exist_ok=True)
    Image.fromarray(small).resize((200, 150), Image.BILINEAR).save(os.path.join(d, f"p{i:05d}.jpg"), quality=85)
EOF
}
mkdir -p "$S"
find "$S/photos" -name 'added-*' -delete 2>/dev/null || true
if [ "$(find "$S/photos" -name '*.jpg' 2>/dev/null | wc -l)" -ne "$PHOTOS" ]; then
    rm -rf "$S/photos"; gen "$S/photos" "$PHOTOS" "$FOLDERS" 32
fi
rm -rf "$S/pool"; gen "$S/pool" $((RUNS + 3)) 0 33
cat > "$S/config.json" <<EOF
{
  "title": "Scale",
  "imageWidths": [320, 1280],
  "formats": ["jpeg"],
  "sources": [{"name": "photos", "title": "Photos", "type": "folder", "path": "photos"}]
}
EOF
B=$W/bin; mkdir -p "$B" "$W/raw"
cat > "$B/build" <<EOF
#!/bin/sh
exec "$GALGEN" build --config "$S/config.json" --jobs $JOBS --quiet "\$@"
EOF
cat > "$B/add" <<EOF
#!/bin/sh
# moves the next photo of the pool into photos/f001, then rebuilds
f=\$(ls "$S/pool" | head -n 1)
[ -n "\$f" ] || { echo "pool is empty" >&2; exit 9; }
mv "$S/pool/\$f" "$S/photos/f001/added-\$f"
exec "$B/build" "\$@"
EOF
cat > "$B/cold" <<EOF
#!/bin/sh
rm -rf "$S/public" "$S/.galgen"; exec "$B/build"
EOF
chmod +x "$B"/*

echo "== cold" >&2
"$TIMER" -n "$RUNS_COLD" --warmup 0 --timeout 3000 -- "$B/cold" > "$W/raw/cold.txt" 2>&1 || true
grep -E '^A ' "$W/raw/cold.txt" >&2 || cat "$W/raw/cold.txt" >&2
echo "== no-op" >&2
"$TIMER" -n "$RUNS" --warmup 1 --timeout 3000 -- "$B/build" > "$W/raw/noop.txt" 2>&1 || true
grep -E '^A ' "$W/raw/noop.txt" >&2 || cat "$W/raw/noop.txt" >&2
"$B/build" --report "$W/raw/noop.json"
echo "== one photo added" >&2
"$TIMER" -n "$RUNS" --warmup 1 --timeout 3000 -- "$B/add" > "$W/raw/add.txt" 2>&1 || true
grep -E '^A ' "$W/raw/add.txt" >&2 || cat "$W/raw/add.txt" >&2
# one more, with a report, to see what such a build does
"$B/add" --report "$W/raw/add.json"
ADDED=$(ls "$S/photos/f001" | grep -c '^added-')
N_PAGES=$(find "$S/public" -name '*.html' | wc -l); N_JPG=$(find "$S/public" -name '*.jpg' | wc -l)
last=$(ls "$S/photos/f001" | grep '^added-' | sort | tail -n 1); last=${last%.jpg}
HAS_LAST=$(grep -rl --include='*.html' -e "$last" "$S/public" | wc -l)
rep() { "$PY" -P -c 'import json,sys; i=json.load(open(sys.argv[1]))["images"]; print("%d decoded, %d encoded, %d reused" % (i["decoded"], i["encoded"], i["reused"]))' "$1"; }
steps() { "$PY" -P -c 'import json,sys; r=json.load(open(sys.argv[1])); print(", ".join("%s %.2f s" % (x["name"], x["seconds"]) for x in r["steps"]))' "$1"; }

r() { $ROWS "$W/raw/$1.txt" "$2" "${@:3}"; }
{
    echo "# \`folder\` source at scale: $PHOTOS photos in $FOLDERS folders"
    echo
    echo "Made by \`Benchmarks/scripts/folder_scale.sh\` on $(date -u +%Y-%m-%d), $(nproc) cores"
    echo "($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(. /etc/os-release; echo "$PRETTY_NAME"),"
    echo "galgen $(git -C "$(dirname "$GALGEN")" rev-parse --short HEAD 2>/dev/null || echo '?') release build, \`--jobs $JOBS\`."
    echo "$PHOTOS distinct 200×150 JPEGs, $((PHOTOS / FOLDERS)) per folder; widths 320 and 1280, JPEG only,"
    echo "item pages on. Whole-process figures, median (min–max) of $RUNS runs after one warm-up (the"
    echo "cold build: $RUNS_COLD runs, no warm-up). The machine is shared with other work."
    echo
    echo "| build | wall s | CPU s (user+sys) | peak MiB | target |"
    echo "|---|---|---|---|---|"
    echo "| cold (no output, no cache) | $(r cold 'A wall s') | $(r cold 'A cpu s') | $(r cold 'A peak MiB' --digits 0) | |"
    echo "| no-op rebuild | $(r noop 'A wall s') | $(r noop 'A cpu s') | $(r noop 'A peak MiB' --digits 0) | ≤ 2 s |"
    echo "| one photo added | $(r add 'A wall s') | $(r add 'A cpu s') | $(r add 'A peak MiB' --digits 0) | ≤ 3 s |"
    echo
    echo "A no-op build (report): $(rep "$W/raw/noop.json"). A build after one more photo: $(rep "$W/raw/add.json")."
    echo "Photos added: $ADDED (one per run, warm-up included, plus the reported one); the last is named in"
    echo "$HAS_LAST page(s). The site: $N_PAGES HTML pages, $N_JPG JPEGs."
    echo
    echo "Where the time of those two reported builds went (galgen's own step times, one run each):"
    echo "no-op: $(steps "$W/raw/noop.json"); one photo added: $(steps "$W/raw/add.json")."
} > "$RESULTS/folder_scale.md"
{ for n in cold noop add; do echo "## $n"; $ROWS "$W/raw/$n.txt" --rows; done; } > "$RESULTS/folder_scale.txt"
cat "$RESULTS/folder_scale.md"
