#!/usr/bin/env bash
# Issue 33's build-time target: a cold build with filters and searchable fields against the same build without
# them, at COUNT items (default 100,000), timed in turn by farm-bench (the ratio is taken pair by pair).
# Every run starts from an empty output folder and cache. ITEM_PAGES: none (the 1M benchmark's setting) or
# all (galgen's default).
#
#   RUNS=5 COUNT=100000 ITEM_PAGES=all Benchmarks/scripts/filters_build_ratio.sh
#
# GALGEN overrides the binary (default .build/release/galgen).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
galgen=${GALGEN:-$root/.build/release/galgen}
count=${COUNT:-100000}
pages=${ITEM_PAGES:-none}
work=${WORK:-/tmp/galgen-filters-ratio-$count-$pages}
read -r plain full < <(python3 "$here/filters_scale.py" --inputs-only "$work" --build-count "$count" --item-pages "$pages")
# Each run builds into a fresh folder of its own (mktemp), so deleting the last run's 100,000 files is not
# timed; they are all deleted at the end (about 0.9 GB a run with item pages).
runs=$work/runs
rm -rf "$runs" && mkdir -p "$runs"
trap 'rm -rf "$runs"' EXIT
run() { echo "d=\$(mktemp -d $runs/$1.XXXXXX) && exec $galgen build --config $2 --output \$d/out --cache \$d/cache"; }
echo "binary: $galgen; $count items; itemPages $pages"
farm-bench -n "${RUNS:-5}" --warmup 1 --timeout "${TIMEOUT:-3600}" --vs "sh -c '$(run plain "$plain")'" -- sh -c "$(run full "$full")"
