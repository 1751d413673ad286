#!/bin/sh
# One "one record changed" rebuild of the browser-test site (Tests/browser/sitebuild.py: 100,000 people
# with filters, three formats, three sources), for a whole-process timer such as farm-bench: record
# k007777's title moves round three values (the spare holds the site of two builds ago, so two values
# would write nothing) in a rewrite of big.json like reload_time.py's (json.load and dump, about 0.4 s
# of each run), then one incremental build.
#
#   python3 -P -c "import sys, pathlib; sys.path.insert(0, 'Tests/browser'); import sitebuild; \
#                  sitebuild.write_inputs(pathlib.Path('/tmp/b100k'), 100000)"
#   (cd /tmp/b100k && galgen build --config config.json --output public --cache cache)   # cold, once
#   Benchmarks/scripts/browser_site_step.sh /tmp/b100k [GALGEN]
#
# GALGEN defaults to this repository's release build (.build-release/release/galgen).
set -eu
site=${1:?usage: browser_site_step.sh SITE [GALGEN]}
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
galgen=${2:-$here/../../.build-release/release/galgen}
python3 - "$site/big.json" <<'PY'
import json, sys
path = sys.argv[1]
data = json.load(open(path))
names = ["Person 7777 A", "Person 7777 B", "Person 7777 C"]
for record in data["results"]:
    if record["id"] == "k007777":
        record["name"] = names[(names.index(record["name"]) + 1) % 3] if record["name"] in names else names[0]
open(path, "w").write(json.dumps(data, separators=(",", ":")))
PY
cd "$site"
exec "$galgen" build --config config.json --output public --cache cache --jobs 2 --quiet
