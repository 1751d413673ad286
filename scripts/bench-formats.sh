#!/usr/bin/env bash
# Decode-and-thumbnail throughput of galgen's image step against vipsthumbnail on PNG and HEIC
# photos, in one run on one machine, single core: widths 320, 640, 1280 at quality 82 (as
# scripts/bench-images.sh does for JPEG). The PNG and HEIC files are the same 12 MP photo-like
# images, converted from make_corpus.py's JPEGs by vips (PNG) and vips' heifsave (HEVC, Q 85).
# Prints a table (seconds, images/second, ratio to vipsthumbnail, peak RSS) and writes it to
# WORKDIR/formats.md.
#
# usage: scripts/bench-formats.sh [WORKDIR]     (default Benchmarks/.work)
#   env COUNT=12 (images per format), RUNS=3 (median of)
# needs: libvips-tools, GNU time and bc (apt; installed here when run as root), python3-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-Benchmarks/.work}
COUNT=${COUNT:-12}; RUNS=${RUNS:-3}
source Benchmarks/scripts/setup.sh

# 12 MP photo-like sources, baseline, no EXIF: the same pixels in every format.
"$PY" Benchmarks/scripts/make_corpus.py "$W/fcorpus" --big "$COUNT" --small 0
mkdir -p "$W/fcorpus/png" "$W/fcorpus/heic"
for f in "$W"/fcorpus/*.jpg; do
    n=$(basename "$f" .jpg)
    [ -s "$W/fcorpus/png/$n.png" ] || vips copy "$f" "$W/fcorpus/png/$n.png"
    [ -s "$W/fcorpus/heic/$n.heic" ] || vips heifsave "$f" "$W/fcorpus/heic/$n.heic" --Q 85 --compression hevc
done

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }

# Prints "wall_seconds peak_rss_kb" for TOOL over the files of FORMAT, on CPU 0.
measure() {  # TOOL FORMAT
    local out="$W/fout/$1-$2"
    rm -rf "$out"; mkdir -p "$out"
    ls "$W"/fcorpus/"$2"/* > "$W/flist-$2.txt"
    local start end
    start=$(date +%s.%N)
    if [ "$1" = galgen ]; then
        taskset -c 0 /usr/bin/time -f "%M" -o "$W/frss" "$THUMBS" --jobs 1 --widths 320,640,1280 --quality 82 --out "$out" --list "$W/flist-$2.txt" >/dev/null
    else
        taskset -c 0 /usr/bin/time -f "%M" -o "$W/frss" bash -c "for w in 320 640 1280; do
            xargs -a '$W/flist-$2.txt' env VIPS_CONCURRENCY=1 vipsthumbnail -s \${w}x -o '$out/%s-\$w.jpg[Q=82,optimize_coding,strip]'; done"
    fi
    end=$(date +%s.%N)
    echo "$(echo "$end - $start" | bc) $(cat "$W/frss")"
}

{
    echo "Corpus: $COUNT photo-like 4000×3000 images per format (PNG from vips copy, HEIC from vips heifsave, HEVC Q 85);"
    echo "widths 320, 640, 1280 at quality 82; one core; median of $RUNS runs; $(vips --version)."
    echo
    echo "| format | tool | s | img/s | × vipsthumbnail | peak RSS |"
    echo "|---|---|---:|---:|---:|---:|"
    for format in png heic; do
        declare -A wall=() rss=()
        for tool in vips galgen; do
            walls=(); peak=0
            for run in $(seq "$RUNS"); do
                read -r w r < <(measure "$tool" "$format")
                walls+=("$w"); [ "$r" -gt "$peak" ] && peak=$r
                echo "  $format $tool run $run: ${w}s, peak RSS $((r / 1024)) MB" >&2
            done
            wall[$tool]=$(printf '%s\n' "${walls[@]}" | median); rss[$tool]=$peak
        done
        for tool in galgen vips; do
            echo "| $format | $tool | $(printf '%.2f' "${wall[$tool]}") | $(printf '%.2f' "$(echo "$COUNT / ${wall[$tool]}" | bc -l)") | $(printf '%.2f' "$(echo "${wall[vips]} / ${wall[$tool]}" | bc -l)") | $((rss[$tool] / 1024)) MB |"
        done
    done
} | tee "$W/formats.md"
