#!/usr/bin/env bash
# Remote-source throughput: 10,000 randomuser-format records and their portraits from the local
# fixture server, cold and warm (revalidated) builds; records/s, images/s, download/processing
# overlap, peak RSS. Prints a Markdown table and writes it to WORKDIR/remote-results.md.
#
# usage: scripts/bench-remote.sh [WORKDIR]     (default Benchmarks/.work)
#   env USERS=10000 PER_REQUEST=1000 RUNS=3
# needs: GNU time (apt package `time`), python3-venv (Pillow is installed into WORKDIR/venv).
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-Benchmarks/.work}
mkdir -p "$W"
W=$(cd "$W" && pwd)
[ -x /usr/bin/time ] || { echo "install GNU time first (apt-get install time)" >&2; exit 2; }
[ -x "$W/venv/bin/python" ] || python3 -m venv "$W/venv"
"$W/venv/bin/pip" install -q --disable-pip-version-check pillow
swift build -c release --product galgen --scratch-path .build-release >/dev/null
"$W/venv/bin/python" Benchmarks/scripts/remote_build.py "$PWD/.build-release/release/galgen" "$W" \
    --users "${USERS:-10000}" --per-request "${PER_REQUEST:-1000}" --runs "${RUNS:-3}"
