#!/bin/sh
# Issue 16's benchmark: a cold build of COUNT 12-megapixel photos (4000x3000 JPEGs from
# make_corpus.py) on one runner, against the same work split over two shards plus a final build,
# and a remote-warm build (empty local cache, every variant in the remote) against a local-warm
# one. The remote cache is a real nginx (WebDAV PUT) on 127.0.0.1. Every figure is farm-bench's.
#
#   Benchmarks/scripts/shard_build.sh [WORKDIR] [COUNT]      # defaults /tmp/galgen-shard-bench 400
#
# GALGEN overrides the binary (default: this repository's release build); COLD_RUNS the runs of
# each cold command (default 3), RUNS those of the warm pair (default 3). About 4 minutes here.
# This machine has one pool of 2 cores, so the shards are timed one after the other, each with
# both cores, as two runners would run them side by side: two runners' wall time is the slower
# shard plus the final build. Each cold shard run uses a fresh remote folder (/cache/run-<pid>/),
# so no run finds another's work.
set -eu
work=${1:-/tmp/galgen-shard-bench}
count=${2:-400}
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
galgen=${GALGEN:-$here/../../.build/release/galgen}
cold=${COLD_RUNS:-3}
runs=${RUNS:-3}
mkdir -p "$work/site"
python3 "$here/make_corpus.py" "$work/site/photos" --big "$count" --small 0
python3 - "$work/site" "$count" <<'PY'
import json, sys
site, count = sys.argv[1], int(sys.argv[2])
records = [{"id": f"p{i:04d}", "title": f"Photo {i}", "image": f"photos/big-{i:03d}.jpg"} for i in range(count)]
json.dump(records, open(f"{site}/records.json", "w"))
json.dump({"title": "Shard benchmark", "sources": [{"name": "photos", "type": "json", "path": "records.json",
           "fields": {"id": "id", "title": "title", "image": "image"}}]}, open(f"{site}/config.json", "w"), indent=1)
PY
config=$work/site/config.json

. "$here/nginx_webdav.sh"
trap 'kill $nginx 2>/dev/null || true' EXIT INT TERM

echo "== $count photos, $(du -shL "$work/site/photos" | cut -f1); galgen $("$galgen" --version)"
echo "== one runner, cold (empty local cache, no remote)"
farm-bench -n "$cold" --warmup 0 --timeout 3600 -- \
    sh -c "rm -rf '$work/c-single' '$work/o-single' && exec '$galgen' build --config '$config' --cache '$work/c-single' --output '$work/o-single' --quiet"
for i in 1 2; do
    echo "== shard $i/2, cold (empty local cache, empty remote folder)"
    farm-bench -n "$cold" --warmup 0 --timeout 3600 -- \
        sh -c "rm -rf '$work/c-shard$i' && exec '$galgen' build --config '$config' --shard $i/2 --cache '$work/c-shard$i' --remote-cache $remote/run-\$\$/ --quiet"
done

# One remote folder holding both shards' work, for the final build.
rm -rf "$work/c-seed1" "$work/c-seed2"
"$galgen" build --config "$config" --shard 1/2 --cache "$work/c-seed1" --remote-cache "$remote/shared/" --quiet --report "$work/seed1.json"
"$galgen" build --config "$config" --shard 2/2 --cache "$work/c-seed2" --remote-cache "$remote/shared/" --quiet --report "$work/seed2.json"
echo "== final build after the shards (empty local cache, remote holds everything) vs local-warm (no remote, fresh output)"
farm-bench -n "$runs" --warmup 0 --timeout 3600 \
    --vs "sh -c \"rm -rf '$work/o-local' && exec '$galgen' build --config '$config' --cache '$work/c-single' --output '$work/o-local' --quiet\"" -- \
    sh -c "rm -rf '$work/c-final' '$work/o-final' && exec '$galgen' build --config '$config' --cache '$work/c-final' --output '$work/o-final' --remote-cache $remote/shared/ --quiet --report '$work/final.json'"

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
shards = [json.load(open(f"{work}/seed{i}.json")) for i in (1, 2)]
final = json.load(open(f"{work}/final.json"))
print("== checks")
print("shards decoded:", [s["images"]["decoded"] for s in shards], "of", shards[0]["shard"]["sources"], "sources")
print("final build decoded:", final["images"]["decoded"], "remote hits:", final["remoteCache"]["remoteHits"])
PY
if diff -rq "$work/o-single" "$work/o-final" >/dev/null; then echo "final site byte-identical to the one-runner site: yes"; else echo "final site byte-identical to the one-runner site: NO"; fi
rm -rf "$work/nginx/data/cache/run-"*
