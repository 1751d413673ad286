#!/bin/sh
# Builds and runs galgen's libFuzzer targets (issue 34) with AddressSanitizer:
#
#   scripts/fuzz.sh TARGET [SECONDS]     one target, SECONDS of fuzzing (default 60)
#   scripts/fuzz.sh all SECONDS          every target, SECONDS each (FUZZ_PARALLEL=N runs N at a time; default 1)
#   scripts/fuzz.sh build                build them all, run nothing
#
# TARGET is json, config, records, html, image, pixels, metadata, sidecar, messages, video,
# tokenizer or request-path. The targets live in
# Fuzz/ and are part of the package only when GALGEN_FUZZ is set; they build in their own scratch
# folder (.build-fuzz), so normal builds are untouched. Each target's growing corpus is kept in
# .build-fuzz/corpus/TARGET (seeded from the repository's test files on the first run); crashes,
# hangs (over 10 s per input) and out-of-memory inputs are written to Fuzz/findings/ and make the
# script exit 1. Extra libFuzzer flags can be given in FUZZ_FLAGS (e.g. FUZZ_FLAGS=-jobs=2);
# FUZZ_NO_BUILD=1 runs what was built (two runs at once cannot share one build folder).
set -eu
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$root"
scratch=.build-fuzz
targets="json config records html image pixels metadata sidecar messages video tokenizer request-path"
# The build order of `build`: messages first, whose product compiles the most modules the others share (Core, Config,
# Records, Search, Theme); each later one adds its own modules and a link. No target needs the server or HTTP stack
# (NIO, Hummingbird, AsyncHTTPClient): request-path fuzzes RequestPath, which lives in GalgenCore for that reason.
build_order="messages records json config tokenizer image pixels video metadata sidecar html request-path"

product() {
    case $1 in
        json) echo FuzzJSON ;; config) echo FuzzConfig ;; records) echo FuzzRecords ;; html) echo FuzzHTML ;;
        image) echo FuzzImage ;; tokenizer) echo FuzzTokenizer ;; request-path) echo FuzzRequestPath ;;
        pixels) echo FuzzPixels ;; metadata) echo FuzzMetadata ;; sidecar) echo FuzzSidecar ;; messages) echo FuzzMessages ;;
        video) echo FuzzVideo ;;
        *) echo "unknown target $1 (one of: $targets, all, build)" >&2; exit 2 ;;
    esac
}

build() {
    # SwiftPM's --sanitize links libFuzzer's main; -Xswiftc instruments the Swift modules for coverage too.
    GALGEN_FUZZ=1 swift build --scratch-path "$scratch" --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
        --product "$(product "$1")" \
        2>&1 | grep -E "error|warning: unre|Compiling|Build" | grep -v "^\[" | tail -3
    [ -x "$scratch/debug/$(product "$1")" ]
}

# seed TARGET DIR: copies the repository's example inputs for TARGET into DIR.
seed() {
    mkdir -p "$2"
    case $1 in
        json|records) find Tests/Fixtures Tests/GalgenRecordsTests Sources/GalgenTheme/Theme -name '*.json' -size -200k -exec cp {} "$2/" \; ;;
        config) find docs Tests/Fixtures -name '*.json' -size -100k -exec cp {} "$2/" \; ;;
        html) find docs Sources/GalgenTheme/Theme -name '*.html' -o -name '*.mustache' | head -50 | while read -r f; do cp "$f" "$2/"; done ;;
        image) find Tests/corpus/upstream -type f ! -name '*.md' -size -300k -exec cp {} "$2/" \; ;;
        tokenizer) cp Tests/Fixtures/search-tokenize.json README.md "$2/" ;;
        metadata) find Tests/corpus/upstream -type f \( -iname '*exif*' -o -iname '*xmp*' -o -iname '*iptc*' -o -name '*.tif' -o -name '*.webp' \) \
                      -size -300k -exec cp {} "$2/" \; ;;
        sidecar) find docs Tests -name '*.md' -size -64k | while read -r f; do cp "$f" "$2/$(echo "$f" | tr / _)"; done
                 printf -- '---\ntitle: "A"\ndate: 2024-05-01\ntags: [a, b]\nbody: |\n  x\n---\n# Hi\n\n<script>x</script> [a](javascript:x)\n' > "$2/front" ;;
        messages) cp Sources/GalgenTheme/Theme/i18n/*.json "$2/" ;;
        pixels) # header: source w-1, h-1, target w-1, h-1, flags (bit 0/1: +256, bit 2: RGBA), background RGB, ICC length / 8
                for p in Tests/corpus/profiles/*.icc; do
                    size=$(($(wc -c < "$p") / 8)); [ "$size" -gt 255 ] && size=255
                    { printf '\037\027\007\077\004\377\200\000'; printf "\\$(printf '%03o' "$size")"; head -c $((size * 8)) "$p"; head -c 512 README.md; } > "$2/$(basename "$p")"
                done
                printf '\377\000\001\377\003\0\0\0\0abcdefgh' > "$2/lopsided" ;;
        video) if command -v ffmpeg > /dev/null; then
                   ffmpeg -loglevel error -f lavfi -i testsrc=size=64x48:rate=5 -t 1.5 -pix_fmt yuv420p "$2/a.mp4" || true
                   ffmpeg -loglevel error -f lavfi -i testsrc=size=48x32:rate=5 -t 0.6 -c:v libvpx "$2/b.webm" || true
               fi ;;
        request-path) for t in / /people/page/2/ '/a%20b/c.jpg?x=1' '/%2e%2e/etc/passwd' '/x/..%2fy' '//a' '/a\b'; do
                          printf '%s' "$t" > "$2/$(printf '%s' "$t" | sha1sum | cut -c1-12)"; done ;;
    esac
    [ -n "$(ls -A "$2")" ] || printf '{}' > "$2/empty"
}

dict() {
    case $1 in
        json|config|records) echo "-dict=Fuzz/dict/json.dict" ;;
        image|metadata) echo "-dict=Fuzz/dict/image.dict" ;;
        messages) echo "-dict=Fuzz/dict/json.dict" ;;
        html) echo "-dict=Fuzz/dict/html.dict" ;;
        *) echo "" ;;
    esac
}

run() {
    name=$1
    seconds=$2
    product "$name" > /dev/null
    [ -n "${FUZZ_NO_BUILD:-}" ] || build "$name"
    corpus=$scratch/corpus/$name
    [ -d "$corpus" ] || seed "$name" "$corpus"
    mkdir -p Fuzz/findings
    log=$scratch/fuzz-$name.log
    echo "== $name: $seconds s"
    status=0
    # shellcheck disable=SC2046,SC2086
    LSAN_OPTIONS=suppressions=$root/Fuzz/lsan.supp:print_suppressions=0 "$scratch/debug/$(product "$name")" $(dict "$name") -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 \
        -max_len=1048576 -print_final_stats=1 -artifact_prefix="Fuzz/findings/$name-" ${FUZZ_FLAGS:-} "$corpus" > "$log" 2>&1 || status=$?
    grep -E "^#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$log" | tail -3
    if [ $status -ne 0 ]; then
        echo "$name: libFuzzer stopped with $status; see $log and Fuzz/findings/" >&2
        grep -E "ERROR|SUMMARY|Fatal error" "$log" | head -5 >&2
        return 1
    fi
}

case ${1:-} in
    "") sed -n '2,14p' "$0"; exit 2 ;;
    build) for t in $build_order; do build "$t"; done ;;
    all) failed=0
         parallel=${FUZZ_PARALLEL:-1}
         if [ "$parallel" -le 1 ]; then
             for t in $targets; do run "$t" "${2:-60}" || failed=1; done
         else
             # N lanes at once, the targets dealt round-robin to them, each target's output into its own file and
             # printed in order afterwards: a core each, the same SECONDS each, so the same run as one at a time.
             [ -n "${FUZZ_NO_BUILD:-}" ] || for t in $build_order; do build "$t"; done
             mkdir -p "$scratch"
             for t in $targets; do rm -f "$scratch/fuzz-$t.status"; done
             lane=0
             while [ "$lane" -lt "$parallel" ]; do
                 # (lane_target: run and seed set $t, $name and $status, which sh functions share)
                 (i=0; for lane_target in $targets; do
                      if [ $((i % parallel)) -eq "$lane" ]; then
                          lane_status=0
                          FUZZ_NO_BUILD=1 run "$lane_target" "${2:-60}" > "$scratch/fuzz-$lane_target.out" 2>&1 || lane_status=$?
                          echo "$lane_status" > "$scratch/fuzz-$lane_target.status"
                      fi
                      i=$((i + 1))
                  done) &
                 lane=$((lane + 1))
             done
             wait
             for t in $targets; do
                 cat "$scratch/fuzz-$t.out"
                 [ "$(cat "$scratch/fuzz-$t.status" 2>/dev/null)" = 0 ] || failed=1
             done
         fi
         exit $failed ;;
    *) run "$1" "${2:-60}" ;;
esac
