#!/usr/bin/env bash
# Image throughput of galgen's image step against vipsthumbnail and Pillow (draft), in one run on
# one machine, on a deterministic photo-like corpus: widths 320, 640, 1280 at quality 82.
# Prints a table (images/second, ratio to vipsthumbnail, peak RSS, PSNR against a Pillow LANCZOS
# reference from the full decode) and writes it to WORKDIR/results.md.
#
# usage: scripts/bench-images.sh [WORKDIR]      (default Benchmarks/.work)
#   env BIG=40 SMALL=40 (corpus: 4000x3000 and 1600x1200 images), RUNS=3 (median of), QFILES=10
# needs: libvips-tools and GNU time (apt; installed here when run as root), python3-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-Benchmarks/.work}
BIG=${BIG:-40}; SMALL=${SMALL:-40}; RUNS=${RUNS:-3}; QFILES=${QFILES:-10}
source Benchmarks/scripts/setup.sh

"$PY" Benchmarks/scripts/make_corpus.py "$W/corpus" --big "$BIG" --small "$SMALL"
ls "$W"/corpus/*.jpg | sort > "$W/list.txt"
N=$(wc -l < "$W/list.txt")
head -n $((N / 2)) "$W/list.txt" > "$W/half0.txt"
tail -n +$((N / 2 + 1)) "$W/list.txt" > "$W/half1.txt"
MP=$("$PY" -c "
from PIL import Image
print(round(sum(Image.open(p.strip()).size[0] * Image.open(p.strip()).size[1] for p in open('$W/list.txt')) / 1e6, 1))")

# One worker over LIST into OUT: the command line of each tool.
worker() {  # TOOL LIST OUT
    case "$1" in
        galgen) "$THUMBS" --jobs 1 --widths 320,640,1280 --quality 82 --out "$3" --list "$2" >/dev/null ;;
        vips)   for w in 320 640 1280; do
                    xargs -a "$2" env VIPS_CONCURRENCY=1 vipsthumbnail -s "${w}x" -o "$3/%s-$w.jpg[Q=82,optimize_coding,strip]"
                done ;;
        pillow) "$PY" Benchmarks/scripts/pillow_thumbs.py --out "$3" --widths 320,640,1280 --list "$2" ;;
    esac
}
export -f worker; export THUMBS PY

# Prints "wall_seconds peak_rss_kb" for TOOL in MODE (1core: one worker on CPU 0; 2core: two workers, one per CPU).
measure() {  # TOOL MODE OUT
    rm -rf "$3"; mkdir -p "$3"
    local start end rss=0
    start=$(date +%s.%N)
    if [ "$2" = 1core ]; then
        taskset -c 0 /usr/bin/time -f "%M" -o "$W/rss0" bash -c "worker $1 $W/list.txt $3"
        rss=$(cat "$W/rss0")
    else
        taskset -c 0 /usr/bin/time -f "%M" -o "$W/rss0" bash -c "worker $1 $W/half0.txt $3" &
        taskset -c 1 /usr/bin/time -f "%M" -o "$W/rss1" bash -c "worker $1 $W/half1.txt $3" &
        wait
        rss=$(( $(cat "$W/rss0") > $(cat "$W/rss1") ? $(cat "$W/rss0") : $(cat "$W/rss1") ))
    fi
    end=$(date +%s.%N)
    echo "$(echo "$end - $start" | bc) $rss"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }

declare -A WALL RSS
for mode in 1core 2core; do
    for tool in vips pillow galgen; do
        walls=(); peak=0
        for run in $(seq "$RUNS"); do
            read -r wall rss < <(measure "$tool" "$mode" "$W/out/$tool-$mode")
            walls+=("$wall"); [ "$rss" -gt "$peak" ] && peak=$rss
            echo "  $tool $mode run $run: ${wall}s, peak RSS $((rss / 1024)) MB" >&2
        done
        WALL[$tool-$mode]=$(printf '%s\n' "${walls[@]}" | median)
        RSS[$tool-$mode]=$peak
    done
done

# Quality: PSNR of each tool's outputs against Pillow LANCZOS from the full decode, on the first QFILES files.
head -n "$QFILES" "$W/list.txt" > "$W/qlist.txt"
[ -d "$W/ref" ] && [ "$(ls "$W/ref" | wc -l)" -ge $((QFILES * 3)) ] || \
    "$PY" Benchmarks/scripts/pillow_thumbs.py --reference --out "$W/ref" --list "$W/qlist.txt"

{
    echo "Corpus: $N JPEGs ($BIG × 4000×3000, $SMALL × 1600×1200; every 4th progressive, every 5th with EXIF orientation), $MP MP;"
    echo "widths 320, 640, 1280 at quality 82; median of $RUNS runs; $(nproc) cores; $(vips --version), Pillow $("$PY" -c 'import PIL; print(PIL.__version__)')."
    echo
    echo "| tool | 1 core: s | img/s | × vipsthumbnail | 2 cores: s | img/s | × vipsthumbnail | peak RSS per worker | PSNR vs reference |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    for tool in galgen vips pillow; do
        q=$("$PY" Benchmarks/scripts/quality.py "$W/ref" "$W/out/$tool-1core" | cut -d' ' -f1)
        row="| $tool"
        for mode in 1core 2core; do
            wall=${WALL[$tool-$mode]}; base=${WALL[vips-$mode]}
            row+=" | $(printf '%.2f' "$wall") | $(printf '%.2f' "$(echo "$N / $wall" | bc -l)") | $(printf '%.2f' "$(echo "$base / $wall" | bc -l)")"
        done
        echo "$row | $((RSS[$tool-1core] / 1024)) MB | $q dB |"
    done
    echo
    echo "× vipsthumbnail is throughput relative to vipsthumbnail (higher is faster). PSNR over $QFILES files × 3 widths."
} | tee "$W/results.md"
