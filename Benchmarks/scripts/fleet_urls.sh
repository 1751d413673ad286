#!/bin/sh
# Issue 35's benchmark: COUNT records whose images are URLs on a local image host (the test
# fixture server's /cdn/<n>.jpg: a distinct JPEG per URL, 1600x1200 photos from make_corpus.py,
# each with its own comment segment, with ETags), a real nginx (WebDAV PUT) as the remote cache.
#
#   Benchmarks/scripts/fleet_urls.sh [WORKDIR] [COUNT]      # defaults /tmp/galgen-fleet-bench 2000
#
# It measures, in one run:
#   1. a single runner's cold build (empty cache, no remote): farm-bench;
#   2. three shards and a final build: origin GETs per URL over all runners (the host logs every
#      request), the final build's decodes and its wall time (farm-bench, a fresh cache each run);
#   3. a plain build on a new runner (empty local cache): its origin GETs;
#   4. "a day later" (imageMaxAge set to 1s, then 2s waited): three shards on new runners and a
#      final build: every origin request must be conditional and answered 304;
#   and the ratio final / single-runner cold. GALGEN overrides the binary (default: this
#   repository's release build); COLD_RUNS, RUNS the farm-bench runs (default 1 and 3).
set -eu
work=${1:-/tmp/galgen-fleet-bench}
count=${2:-2000}
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
root=$here/../..
galgen=${GALGEN:-$root/.build/release/galgen}
cold=${COLD_RUNS:-1}
runs=${RUNS:-3}
mkdir -p "$work/site"
[ -x "$work/venv/bin/python" ] || python3 -m venv "$work/venv"
"$work/venv/bin/python" -c 'import PIL, numpy' 2>/dev/null || "$work/venv/bin/pip" install -q --disable-pip-version-check pillow numpy
"$work/venv/bin/python" -P "$here/make_corpus.py" "$work/photos" --big 0 --small 24 >/dev/null

# The image host.
python3 "$root/Tests/Fixtures/apiserver.py" --port 0 --images "$work/photos" > "$work/host.out" 2>/dev/null &
host=$!
. "$here/nginx_webdav.sh"
trap 'kill $nginx $host 2>/dev/null || true' EXIT INT TERM
for _ in 1 2 3 4 5 6 7 8 9 10; do grep -q READY "$work/host.out" 2>/dev/null && break; sleep 0.5; done
hostport=$(sed -n 's/^READY //p' "$work/host.out")
origin=http://127.0.0.1:$hostport
remote=$remote/fleet/

write_config() {
    python3 - "$work/site" "$count" "$origin" "$1" <<'PY'
import json, sys
site, count, origin, max_age = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
records = [{"id": f"p{i:04d}", "title": f"Product {i}", "image": f"{origin}/cdn/{i}.jpg"} for i in range(count)]
json.dump(records, open(f"{site}/records.json", "w"))
json.dump({"title": "Fleet benchmark", "formats": ["webp", "jpeg"],
           "fetch": {"imageMaxAge": max_age, "perHost": 8},
           "sources": [{"name": "products", "type": "json", "path": "records.json",
                        "fields": {"id": "id", "title": "title", "image": "image"}}]},
          open(f"{site}/config.json", "w"), indent=1)
PY
}
reset() { curl -s "$origin/__reset" >/dev/null; }
# timed NAME RUNS ARGS: farm-bench of a build on a new runner. Each run gets new folders (deleting
# the last run's would be timed too); the last run's site is kept as o-NAME, the rest deleted after.
timed() {
    farm-bench -n "$2" --warmup 0 --timeout 3600 -- \
        sh -c "exec '$galgen' build --config '$config' --cache '$work/c-$1-'\$\$ --output '$work/o-$1-'\$\$ --quiet $3"
    last=$(ls -td "$work/o-$1-"* | head -1)
    rm -rf "$work/o-$1" && mv "$last" "$work/o-$1" && rm -rf "$work/o-$1-"* "$work/c-$1-"*
}
# origin LABEL: the image host's requests since the last reset, summed up.
origin_log() {
    curl -s "$origin/__log" | python3 -c '
import collections, json, sys
label = sys.argv[1]
log = [r for r in json.load(sys.stdin) if r["path"].startswith("/cdn/")]
per_url = collections.Counter(r["path"] for r in log)
status = collections.Counter(r["status"] for r in log)
conditional = sum(1 for r in log if r["ifNoneMatch"])
full = sum(1 for r in log if r["status"] == 200)
print(f"{label}: {len(log)} origin requests for {len(per_url)} URLs; most for one URL: {max(per_url.values(), default=0)}; "
      f"statuses {dict(sorted(status.items()))}; conditional {conditional}; full downloads {full}")' "$1"
}
config=$work/site/config.json
write_config 1h
echo "== $count image URLs on $origin (24 photos of 1600x1200, each URL distinct bytes); galgen $("$galgen" --version)"

echo "== one runner, cold (empty cache, no remote)"
reset
timed single "$cold" ""
origin_log "one runner (all runs)"

echo "== three shards, then the final build (each on a new runner)"
rm -rf "$work/nginx/data/cache/fleet" "$work"/c-shard* "$work"/c-final "$work"/o-final
reset
for i in 1 2 3; do
    "$galgen" build --config "$config" --shard $i/3 --cache "$work/c-shard$i" --remote-cache "$remote" --quiet --report "$work/shard$i.json"
done
origin_log "shards 1-3"
reset
timed final "$runs" "--remote-cache '$remote' --report '$work/final.json'"
origin_log "final build (all runs)"
reset
rm -rf "$work/c-plain" "$work/o-plain"
"$galgen" build --config "$config" --cache "$work/c-plain" --output "$work/o-plain" --remote-cache "$remote" --quiet --report "$work/plain.json"
origin_log "plain build, empty local cache"

echo "== a day later (imageMaxAge 1s, 2 s waited): three shards and a final build on new runners"
write_config 1s
sleep 2
reset
rm -rf "$work"/c-later*
for i in 1 2 3; do
    "$galgen" build --config "$config" --shard $i/3 --cache "$work/c-later$i" --remote-cache "$remote" --quiet --report "$work/later$i.json"
done
origin_log "later shards 1-3"
reset
write_config 1h
"$galgen" build --config "$config" --cache "$work/c-laterf" --output "$work/o-laterf" --remote-cache "$remote" --quiet --report "$work/laterf.json"
origin_log "later final"

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
def load(name): return json.load(open(f"{work}/{name}.json"))
shards = [load(f"shard{i}") for i in (1, 2, 3)]
later = [load(f"later{i}") for i in (1, 2, 3)]
final, plain, laterf = load("final"), load("plain"), load("laterf")
print("== checks")
print("shards decoded:", [s["images"]["decoded"] for s in shards], "sum", sum(s["images"]["decoded"] for s in shards),
      "of", shards[0]["shard"]["sources"], "sources")
for name, r in (("final", final), ("plain", plain), ("later final", laterf)):
    rc = r["remoteCache"]
    print(f"{name}: decoded {r['images']['decoded']}, failed {r['images']['failed']}, URL entries from the remote {rc['urlsFromRemote']}, "
          f"remote hits {rc['remoteHits']}, remote errors {rc['remoteErrors']}")
print("later shards decoded:", [s["images"]["decoded"] for s in later], "304s:", [s["network"]["notModified"] for s in later])
PY
if diff -rq "$work/o-single" "$work/o-final" >/dev/null; then echo "final site byte-identical to the one-runner site: yes"; else echo "final site byte-identical to the one-runner site: NO"; fi
