#!/usr/bin/env bash
# `galgen serve` under load and abuse (issue 34, "hostile input"). Builds a site of ITEMS records with
# distinct JPEGs (the sample pictures with a per-item JPEG comment), starts serve, and runs at once for
# DURATION s: wrk with 500 connections over pages and images; 200 slowloris sockets (one header byte a
# second); 100 clients that request a 32 MiB file and never read; 10,000 requests for missing files;
# range requests (overlapping, reversed, huge, many, suffix zero, malformed, each checked byte-exact);
# path-traversal attempts (dot segments plain and encoded, absolute form, NUL, backslash, a symlink in
# the output pointing out) checked against a canary file beside the output folder. A probe fetches a
# small page every 50 ms over fresh connections. Reports probe p50/p99/max, wrk's latency and req/s,
# serve's VmRSS (sampled max) and VmHWM, odd answers and leaks; PASS needs probe p99 <= 1 s, RSS <= 150 MB
# during the load, and no problem found.
#
# usage: Benchmarks/scripts/serve_load.sh WORKDIR [RESULTS_FILE]
#   GALGEN_BIN  galgen binary (default .build/release/galgen, else .build/debug/galgen, of this checkout)
#   ITEMS (3000), DURATION (30), CONNECTIONS (500), WRK_THREADS (2)
#   SERVE_NOFILE  serve's soft limit of open files (default: this shell's; Debian's login default is 1024)
# needs: wrk, python3 (standard library only). The first run builds the site (about 2 min for 3000
# items with a release binary on 2 cores); later runs reuse WORKDIR's site and image cache.
set -euo pipefail
W=${1:?usage: serve_load.sh WORKDIR [RESULTS_FILE]}
mkdir -p "$W"; W=$(cd "$W" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
OUT=${2:-$REPO/Benchmarks/results/serve-load-$(date +%Y-%m-%d).txt}
if [ -z "${GALGEN_BIN:-}" ]; then
    GALGEN_BIN=$REPO/.build/release/galgen
    [ -x "$GALGEN_BIN" ] || GALGEN_BIN=$REPO/.build/debug/galgen
fi
ITEMS=${ITEMS:-3000}; DURATION=${DURATION:-30}; CONNECTIONS=${CONNECTIONS:-500}; WRK_THREADS=${WRK_THREADS:-2}
command -v wrk >/dev/null || { echo "serve_load.sh: wrk not found (apt-get install wrk)" >&2; exit 2; }
S=$W/site
PUB=$S/public

# the site: the sample's pictures, each copy made distinct by a JPEG comment segment after SOI
if [ ! -f "$S/records.json" ] || [ "$(cat "$S/.items" 2>/dev/null)" != "$ITEMS" ]; then
    rm -rf "$S"
    "$GALGEN_BIN" init "$S" --title "Serve load" >/dev/null
    python3 -P - "$S" "$ITEMS" <<'PY'
import json, os, struct, sys
site, n = sys.argv[1], int(sys.argv[2])
names = sorted(os.listdir(os.path.join(site, "images")))
blobs = [open(os.path.join(site, "images", name), "rb").read() for name in names]
os.makedirs(os.path.join(site, "gen"), exist_ok=True)
records = []
for i in range(n):
    data, comment = blobs[i % len(blobs)], f"galgen serve load {i}".encode()
    with open(os.path.join(site, "gen", f"p{i:05d}.jpg"), "wb") as out:
        out.write(data[:2] + b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment + data[2:])
    records.append({"id": f"p{i:05d}", "title": f"Photo {i}", "subtitle": f"Item {i} of {n}", "image": f"gen/p{i:05d}.jpg"})
with open(os.path.join(site, "records.json"), "w") as out:
    json.dump(records, out)
PY
    echo "$ITEMS" > "$S/.items"
fi
echo "building $ITEMS items with $GALGEN_BIN (warms the cache; serve's own build is then incremental)"
"$GALGEN_BIN" build --config "$S/config.json" --quiet

LOG=$W/serve.log
# SERVE_NOFILE: serve's soft limit of open files (e.g. 1024, a login shell's default on Debian);
# unset: this shell's limit
if [ -n "${SERVE_NOFILE:-}" ]; then
    (ulimit -Sn "$SERVE_NOFILE" && exec "$GALGEN_BIN" serve --config "$S/config.json" --port 0 --quiet) >"$LOG" 2>&1 &
else
    "$GALGEN_BIN" serve --config "$S/config.json" --port 0 --quiet >"$LOG" 2>&1 &
fi
PID=$!
cleanup() { kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; }
trap cleanup EXIT
PORT=
for _ in $(seq 1 600); do
    PORT=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$LOG" | awk 'NR == 1')
    [ -n "$PORT" ] && break
    kill -0 "$PID" 2>/dev/null || { cat "$LOG" >&2; exit 1; }
    sleep 0.5
done
[ -n "$PORT" ] || { echo "serve did not report its port" >&2; cat "$LOG" >&2; exit 1; }
python3 -P -c "import sys, urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/index.html', timeout=10).read()"
echo "serve pid $PID on port $PORT"
LIMITS=$W/serve-limits.txt; cp "/proc/$PID/limits" "$LIMITS"
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)

# after serve's build: a large file, a canary beside the output folder, links in the output pointing out
CANARY="galgen-canary-$(od -An -tx8 -N8 /dev/urandom | tr -d ' ')"
echo "$CANARY" > "$S/canary.txt"
ln -sfn .. "$PUB/escape"
ln -sfn ../canary.txt "$PUB/escape.txt"
python3 -P -c "
import os, sys
jpeg = open(sys.argv[1], 'rb').read()
with open(sys.argv[2], 'wb') as out:
    out.write(jpeg + os.urandom(32 * 1024 * 1024))" "$S/images/dawn.jpg" "$PUB/big.jpg"
# wrk's paths: item pages and their images (the first 100 of each), the home page, one listing page
PATHS=$W/wrk-paths.txt
{
    echo /index.html
    find "$PUB/photos" -mindepth 2 -name index.html | sort | awk 'NR <= 100' | sed "s|^$PUB||"
    find "$PUB/img" -name '*.jpg' | sort | awk 'NR <= 100' | sed "s|^$PUB||"
} > "$PATHS"
SMALL=$(sed -n 2p "$PATHS")
RANGE_FILE=$(grep -m1 '^/img/' "$PATHS")

WRK_OUT=$W/wrk.txt
WRK_PATHS=$PATHS wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"$((DURATION + 2))s" --timeout 10s --latency \
    -s "$HERE/serve_load.lua" "http://127.0.0.1:$PORT" >"$WRK_OUT" 2>&1 &
WRK=$!
REPORT=$W/abuse.json
python3 -P "$HERE/serve_abuse.py" --port "$PORT" --pid "$PID" --site "$PUB" --canary "$CANARY" \
    --duration "$DURATION" --page "$SMALL" --range-path "$RANGE_FILE" --json "$REPORT" >/dev/null
wait "$WRK" || true

{
    echo "# galgen serve under load and abuse ($(date -u +%Y-%m-%dT%H:%M:%SZ))"
    echo "binary: $GALGEN_BIN ($("$GALGEN_BIN" --version 2>/dev/null | awk 'NR == 1'))"
    echo "git: $(git -C "$(dirname "$GALGEN_BIN")/../.." log -1 --format='%h %s' 2>/dev/null | cut -c1-100 || echo '?')"
    echo "machine: $(nproc) cores, $(uname -r), load average before the run $LOAD_BEFORE (other work shares the machine)"
    echo "serve: open-files limit (from /proc after start) $(awk '/Max open files/ {print $4 " soft, " $5 " hard"}' "$LIMITS"); site: $ITEMS items, $(find "$PUB" -type f | wc -l) files"
    echo "load: wrk -t$WRK_THREADS -c$CONNECTIONS over $(wc -l <"$PATHS") pages and images; probe page $SMALL every 50 ms"
    echo
    echo "## wrk"
    cat "$WRK_OUT"
    echo
    echo "## abuse and probe (serve_abuse.py)"
    python3 -P - "$REPORT" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p, rss, m = r["probe"], r["rss_kb"], r["missing"]
print(f"probe: {p['count']} fetches (one at a time, >= 50 ms apart), p50 {p['p50_ms']} ms, p99 {p['p99_ms']} ms, max {p['max_ms']} ms, non-200 {p['non_200']}")
print(f"slowloris: {r['slowloris']}")
print(f"never-readers: {r['never_readers']}")
print(f"missing files: {m}")
print(f"serve RSS: {rss['before'] / 1024:.1f} MB before the load, {rss['max_sampled'] / 1024:.1f} MB max sampled (100 ms), "
      f"VmHWM {rss['hwm'] / 1024:.1f} MB " + ("(peak during the load: reset at its start)" if rss["hwm_is_load_peak"]
                                               else "(peak since serve started, its first build included)"))
print("ranges:")
for x in r["ranges"]:
    print(f"  {x['name']:<17} {x['header']:<45} {x['status']} {x['problem'] or 'ok'}")
t = r["traversal"]
codes = {}
for x in t:
    codes[x["status"]] = codes.get(x["status"], 0) + 1
print(f"traversal: {len(t)} requests, statuses {dict(sorted(codes.items(), key=str))}, "
      f"leaked {sum(x['leaked'] for x in t)}")
print(f"after the abuse: {r['after']}")
print("problems: " + ("none" if not r["problems"] else ""))
for line in r["problems"]:
    print("  " + line)
PY
} > "$OUT"

RESULT=$(python3 -P - "$REPORT" "$WRK_OUT" <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
wrk = open(sys.argv[2]).read()
rps = re.search(r"Requests/sec:\s*([\d.]+)", wrk)
odd = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", wrk)
extra = re.search(r"wrk-extra:(.*)", wrk)
p, rss = r["probe"], r["rss_kb"]
ok = not r["problems"]  # p99, RSS during the load, ranges, leaks, odd statuses, serve after
print(f"probe p50/p99/max {p['p50_ms']}/{p['p99_ms']}/{p['max_ms']} ms; wrk {rps.group(1) if rps else '?'} req/s,"
      f"{extra.group(1) if extra else ''}, non-2xx/3xx {odd.group(1) if odd else 0}; "
      f"RSS max {rss['max_sampled'] / 1024:.1f} MB (VmHWM {rss['hwm'] / 1024:.1f} MB); problems {len(r['problems'])}")
print("PASS" if ok else "FAIL", "(p99 <= 1 s, RSS <= 150 MB, no wrong range, no leak, serve answers after)")
PY
)
echo "$RESULT" >> "$OUT"
echo "results: $OUT"
echo "$RESULT"
