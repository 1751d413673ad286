# Sourced by scripts/bench-images.sh, bench-formats.sh and bench-outputs.sh with W set to the work folder:
# makes W absolute, installs the peers' tools when missing (as root), prepares a Python venv with
# Pillow, numpy and scikit-image (PY; SSIM), and builds galgen's image step alone in release mode (THUMBS).
mkdir -p "$W"
W=$(cd "$W" && pwd)
if ! command -v vipsthumbnail >/dev/null || ! command -v bc >/dev/null || [ ! -x /usr/bin/time ]; then
    if [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q libvips-tools time bc >/dev/null
    else
        echo "install libvips-tools, time and bc first (sudo apt-get install libvips-tools time bc)" >&2; exit 2
    fi
fi
[ -x "$W/venv/bin/python" ] || python3 -m venv "$W/venv"
"$W/venv/bin/pip" install -q --disable-pip-version-check pillow numpy scikit-image
PY="$W/venv/bin/python"
swift build -c release --package-path Benchmarks --product galgen-thumbs >/dev/null
THUMBS="$PWD/Benchmarks/.build/release/galgen-thumbs"
