#!/usr/bin/env bash
# Two galgen binaries side by side (issue 31: a restructuring must not change speed), in paired runs
# (A B A B …, the ratio taken pair by pair) with a whole-process timer, on three workloads:
#   images   a cold `galgen build --jobs 1` on CPU 0 of BIG deterministic 12 MP photos (make_corpus.py),
#            widths 320/640/1280, JPEG q82: the image step's decode-resize-encode, nothing cached
#   no-op    the 100,000-record site of incremental.py, rebuilt with nothing changed
#   1 edit   the same site after one record's title changed (incremental_step.sh)
# Each binary rebuilds its own copy of the 100k site (a change may alter outputs on purpose, e.g. the
# runtime's assets, and then one binary's build would not be a no-op over the other's).
#
# usage: Benchmarks/scripts/compare_speed.sh NEW_GALGEN BASE_GALGEN [WORKDIR]   (default /tmp/galgen-speed)
#   env ONLY="images noop edit" (which workloads), RUNS=5, BIG=6 (photos), TIMER="farm-bench" (any timer with farm-bench's `-n N [--pin C] --vs B -- A` form)
set -euo pipefail
cd "$(dirname "$0")/../.."
NEW=$(realpath "${1:?usage: compare_speed.sh NEW_GALGEN BASE_GALGEN [WORKDIR]}")
BASE=$(realpath "${2:?usage: compare_speed.sh NEW_GALGEN BASE_GALGEN [WORKDIR]}")
W=${3:-/tmp/galgen-speed}
RUNS=${RUNS:-5}; BIG=${BIG:-6}; TIMER=${TIMER:-farm-bench}; ONLY=${ONLY:-images noop edit}
wants() { [[ " $ONLY " == *" $1 "* ]]; }
mkdir -p "$W"
[ -x "$W/venv/bin/python" ] || python3 -m venv "$W/venv"
"$W/venv/bin/pip" install -q --disable-pip-version-check pillow numpy

# images: a site over the corpus, built cold each run.
if [ ! -f "$W/photos/config.json" ]; then
    "$W/venv/bin/python" -P Benchmarks/scripts/make_corpus.py "$W/photos/corpus" --big "$BIG" --small 0
    python3 - "$W/photos" <<'EOF'
import json, os, sys
site = sys.argv[1]
names = sorted(n for n in os.listdir(os.path.join(site, "corpus")) if n.endswith(".jpg"))
json.dump([{"id": n[:-4], "title": n[:-4], "image": "corpus/" + n} for n in names], open(os.path.join(site, "records.json"), "w"))
json.dump({"title": "photos", "imageWidths": [320, 640, 1280], "jpegQuality": 82, "formats": ["jpeg"],
           "sources": [{"name": "photos", "type": "json", "path": "records.json",
                        "fields": {"id": "id", "title": "title", "image": "image"}}]}, open(os.path.join(site, "config.json"), "w"))
EOF
fi
cold() { echo "sh -c 'cd $W/photos && rm -rf cache public && exec $1 build --config config.json --output public --cache cache --jobs 1 --quiet'"; }
if wants images; then
echo "== images: cold build of $BIG photos of 12 MP, one core (A = new, B = base)"
eval "$TIMER -n $RUNS --pin 0 --timeout 3000 --vs \"$(cold "$BASE")\" -- $(cold "$NEW")"
fi

# The 100k site, made and built once by incremental.py (release build of the new binary).
SITE=$W/incr-100000
if [ ! -f "$SITE/config.json" ]; then
    python3 -P Benchmarks/scripts/incremental.py --count 100000 --galgen "$NEW" --work "$SITE" --keep >/dev/null
fi
rm -rf "$SITE-base" && cp -a "$SITE" "$SITE-base"
noop() { echo "sh -c 'cd $2 && exec $1 build --config config.json --output public --cache cache --jobs 2 --quiet'"; }
if wants noop; then
echo "== 100k no-op rebuild (A = new, B = base)"
eval "$TIMER -n $RUNS --timeout 3000 --vs \"$(noop "$BASE" "$SITE-base")\" -- $(noop "$NEW" "$SITE")"
fi
wants edit || exit 0
echo "== 100k one-record edit (A = new, B = base)"
$TIMER -n "$RUNS" --timeout 3000 --vs "env GALGEN=$BASE sh Benchmarks/scripts/incremental_step.sh $SITE-base" \
    -- env GALGEN="$NEW" sh Benchmarks/scripts/incremental_step.sh "$SITE"
