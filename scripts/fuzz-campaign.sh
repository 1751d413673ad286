#!/bin/sh
# Runs fuzz targets until each has had a given amount of CPU time (issue 34's campaign):
#
#   scripts/fuzz-campaign.sh LOG TARGET:CPU_SECONDS [TARGET:CPU_SECONDS ...]
#
# Each target runs through scripts/fuzz.sh (what was built, FUZZ_NO_BUILD=1) in slices of at most
# 20 minutes, with its corpus kept between slices, until the user + system time of its slices
# reaches CPU_SECONDS; wall time alone would overstate a target that shares the cores. Each slice's
# last libFuzzer lines and its CPU time are appended to LOG. A slice that stops on a finding ends
# that target (the input is in Fuzz/findings/) and the next target starts. Run two of these at once
# on a two-core machine, each with its own targets.
set -eu
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
[ $# -ge 2 ] || { sed -n '2,11p' "$0"; exit 2; }
log=$1
shift
status=0
for pair in "$@"; do
    target=${pair%%:*}
    need=${pair#*:}
    spent=0
    slice=1
    while [ "$spent" -lt "$need" ]; do
        wall=$((need - spent + 15))
        [ "$wall" -gt 1200 ] && wall=1200
        out=$(mktemp)
        rc=0
        FUZZ_NO_BUILD=1 FUZZ_FLAGS="${FUZZ_FLAGS:--timeout=30}" /usr/bin/time -f "cpu user %U sys %S wall %e" -o "$out.time" \
            nice -n 5 sh scripts/fuzz.sh "$target" "$wall" > "$out" 2>&1 || rc=$?
        cpu=$(awk '{ printf "%d", $3 + $5 }' "$out.time")
        spent=$((spent + cpu))
        { echo "## $target slice $slice (exit $rc)"; cat "$out" "$out.time"; echo; } >> "$log"
        rm -f "$out" "$out.time"
        slice=$((slice + 1))
        if [ "$rc" -eq 2 ]; then echo "$target: not a fuzz target (see scripts/fuzz.sh)" >&2; exit 2; fi
        if [ "$rc" -ne 0 ]; then status=1; echo "$target: finding after $spent CPU s; see Fuzz/findings/" >&2; break; fi
    done
    echo "$target: $spent CPU s" >> "$log"
done
exit $status
