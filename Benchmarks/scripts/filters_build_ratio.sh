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
run() { echo "rm -rf $work/out-$1 $work/cache-$1 && exec $galgen build --config $2 --output $work/out-$1 --cache $work/cache-$1"; }
echo "binary: $galgen; $count items; itemPages $pages"
farm-bench -n "${RUNS:-5}" --warmup 1 --timeout "${TIMEOUT:-3600}" -- sh -c "$(run full "$full")" --vs "sh -c '$(run plain "$plain")'"
