#!/bin/sh
# Runs galgen's Swift and C unit tests under clang's sanitizers (issue 34):
#
#   scripts/sanitize.sh address [FILTER]   AddressSanitizer (+ LeakSanitizer), and UndefinedBehaviorSanitizer on the C
#   scripts/sanitize.sh thread [FILTER]    ThreadSanitizer
#
# Each builds everything with the sanitizer in its own scratch folder (.build-asan, .build-tsan; a
# first build takes 10-20 minutes on two cores) and runs the tests FILTER matches (a swift test
# --filter pattern). By default `address` runs the unit tests of every module with C shims or
# hand-written parsers, and `thread` the concurrency-heavy ones: parallel images, the remote cache,
# build sessions, serve. The end-to-end tests that start the galgen binary are left out: they run
# .build/debug/galgen, which is not instrumented. Any sanitizer report fails the run (halt_on_error),
# and the script exits 1. The output is kept in .build-{asan,tsan}/sanitize.log.
set -eu
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
kind=${1:-}
case $kind in
    address)
        scratch=.build-asan
        # swiftc on Linux has no -sanitize=undefined: UBSan instruments the C shims (the ASan runtime
        # carries its handlers); ASan instruments both.
        flags="--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined"
        filter=${2:-'^(GalgenCoreTests|GalgenImagingTests|GalgenRecordsTests|GalgenConfigTests|GalgenValidationTests|GalgenMetadataTests|GalgenVideoTests|GalgenArchiveTests|GalgenSidecarsTests|GalgenRenderingTests|GalgenSearchTests|GalgenImageWorkTests|GalgenFetchTests|GalgenServeTests)\.'}
        ;;
    thread)
        scratch=.build-tsan
        flags="--sanitize=thread"
        filter=${2:-'^(GalgenBuildTests|GalgenServeTests|GalgenFetchTests)\.|Parallel|Concurrent|Queue'}
        ;;
    *) echo "usage: scripts/sanitize.sh address|thread [FILTER]" >&2; exit 2 ;;
esac
mkdir -p "$scratch"
log=$scratch/sanitize.log
# shellcheck disable=SC2086
swift build --build-tests --scratch-path "$scratch" $flags 2>&1 | grep -E "error:|Build complete" | tail -3
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:fast_unwind_on_malloc=0
export LSAN_OPTIONS=suppressions=$root/scripts/lsan-tests.supp:print_suppressions=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
status=0
# shellcheck disable=SC2086
# Tests that measure memory growth or speed cannot hold under a sanitizer (shadow memory, quarantine,
# slow unwinding), nor the six simulated weeks of nightly fleet builds under TSan (ten times slower,
# a download times out and is fetched again, so one night downloads 17 images for 16).
swift test --skip-build --scratch-path "$scratch" $flags --filter "$filter" \
    --skip 'largeFileStreamsInBoundedMemory|testLargeJPEGReadsFast|monthlyBucketsKeepTheRemoteBounded' > "$log" 2>&1 || status=$?
reports=$(grep -cE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|WARNING: ThreadSanitizer" "$log" || true)
grep -E "Test run with|Executed [0-9]+ tests" "$log" | tail -2
echo "$kind: $reports sanitizer report(s); swift test exited $status; log: $log"
[ "$status" -eq 0 ] && [ "$reports" -eq 0 ]
