#!/bin/sh
# One "one record changed" rebuild of a site made by incremental.py (issue 14), for a whole-process
# timer that runs a command several times: each call moves record INDEX's title one step round
# "Person INDEX" -> "Edited INDEX" -> "Change INDEX" -> "Person INDEX" (in place, the same length,
# so the edit itself costs next to nothing) and runs one incremental build. Three values, not two:
# the spare folder holds the site of two builds ago, and with two values it would already be the
# new site, so nothing would be written.
#
#   Benchmarks/scripts/incremental.py --keep                     # makes /tmp/galgen-incr-100000
#   Benchmarks/scripts/incremental_step.sh /tmp/galgen-incr-100000 [INDEX]
#
# INDEX defaults to 7777. GALGEN overrides the binary (default: this repository's release build);
# JOBS the build's --jobs (default 2); REPORT=FILE adds --report FILE.
set -eu
site=${1:?usage: incremental_step.sh SITE [INDEX]}
index=${2:-7777}
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
galgen=${GALGEN:-$here/../../.build/release/galgen}
python3 - "$site/records.json" "$index" <<'EOF'
import sys
path, index = sys.argv[1], int(sys.argv[2])
words = [b"Person", b"Edited", b"Change"]
with open(path, "r+b") as f:
    data = f.read()
    for i, word in enumerate(words):
        at = data.find(b'"name":"%s %d"' % (word, index))
        if at >= 0:
            f.seek(at)
            f.write(b'"name":"%s %d"' % (words[(i + 1) % 3], index))
            break
    else:
        sys.exit(f"record {index} not found in {path}")
EOF
cd "$site"
exec "$galgen" build --config config.json --output public --cache cache --jobs "${JOBS:-2}" --quiet ${REPORT:+--report "$REPORT"}
