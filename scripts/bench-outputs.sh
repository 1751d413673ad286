#!/usr/bin/env bash
# Output-format throughput of galgen's image step against vipsthumbnail, in one run on one machine,
# single core (CPU 0), on the same 12 MP photo-like JPEGs as scripts/bench-formats.sh: widths 320,
# 640 and 1280 written as JPEG, as WebP, as AVIF, and as all three at once, at the same settings
# for both tools:
#   JPEG  Q 82, optimised Huffman (vips: [Q=82,optimize_coding,strip])
#   WebP  quality WEBP_Q, libwebp method WEBP_EFFORT, preset photo (vips webpsave: Q, effort = method,
#         preset=photo: the same libwebp configuration galgen's shim makes)
#   AVIF  quality AVIF_Q, speed AVIF_SPEED, 4:2:0, 8 bits, aom (vips heifsave through libheif: Q,
#         effort = 9 - speed, which libheif passes back to aom as speed 9 - effort; bitdepth=8,
#         subsample-mode=on, encoder=aom). Debian's libheif encodes AV1 with aom only.
# vipsthumbnail runs once per width (and format), as it works, with VIPS_CONCURRENCY=1; galgen
# decodes once and resamples once per width for every format. Each pair is timed in turn (vips,
# then galgen, RUNS times): the table gives median seconds, the median of the per-pair ratios
# (vips time / galgen time: how many times galgen's throughput), the spread of those ratios and peak
# RSS (GNU time, the largest process). Quality: the mean luma SSIM and bytes per image of each
# tool's outputs against Pillow's LANCZOS resize of the full decode (lossless PNG), over QFILES files
# x 3 widths. Writes the table to WORKDIR/outputs.md.
#
# usage: scripts/bench-outputs.sh [WORKDIR]     (default Benchmarks/.work)
#   env COUNT=12 (images), RUNS=3, QFILES=6, FORMATS="jpeg webp avif all",
#       WEBP_Q=84 WEBP_EFFORT=4 AVIF_Q=68 AVIF_SPEED=6 (galgen's EncoderDefaults)
# needs: libvips-tools, GNU time and bc (apt; installed here when run as root), python3-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:-Benchmarks/.work}
COUNT=${COUNT:-12}; RUNS=${RUNS:-3}; QFILES=${QFILES:-6}; FORMATS=${FORMATS:-jpeg webp avif all}
WEBP_Q=${WEBP_Q:-84}; WEBP_EFFORT=${WEBP_EFFORT:-4}; AVIF_Q=${AVIF_Q:-68}; AVIF_SPEED=${AVIF_SPEED:-6}
source Benchmarks/scripts/setup.sh

# 12 MP photo-like sources, baseline, no EXIF (bench-formats.sh's corpus).
"$PY" Benchmarks/scripts/make_corpus.py "$W/fcorpus" --big "$COUNT" --small 0 >/dev/null
ls "$W"/fcorpus/big-*.jpg | sort | head -n "$COUNT" > "$W/olist.txt"
head -n "$QFILES" "$W/olist.txt" > "$W/oqlist.txt"
[ "$(ls "$W/oref" 2>/dev/null | wc -l)" -ge $((QFILES * 3)) ] || \
    "$PY" Benchmarks/scripts/pillow_thumbs.py --reference --png --out "$W/oref" --list "$W/oqlist.txt"

JPEG_OPTS="Q=82,optimize_coding,strip"
WEBP_OPTS="Q=$WEBP_Q,effort=$WEBP_EFFORT,preset=photo,strip"
AVIF_OPTS="Q=$AVIF_Q,effort=$((AVIF_SPEED > 9 ? 0 : 9 - AVIF_SPEED)),bitdepth=8,compression=av1,encoder=aom,subsample-mode=on,strip"

# One worker: TOOL makes FORMAT ("all": avif, webp and jpeg) from LIST into OUT.
worker() {  # TOOL FORMAT LIST OUT
    local formats=$2
    [ "$2" = all ] && formats=avif,webp,jpeg
    if [ "$1" = galgen ]; then
        "$THUMBS" --jobs 1 --widths 320,640,1280 --quality 82 --formats "$formats" --webp-quality "$WEBP_Q" \
            --webp-effort "$WEBP_EFFORT" --avif-quality "$AVIF_Q" --avif-speed "$AVIF_SPEED" --avif-encoder aom --out "$4" --list "$3"
        return
    fi
    for w in 320 640 1280; do
        for f in ${formats//,/ }; do
            case $f in
                jpeg) save="jpg[$JPEG_OPTS]" ;;
                webp) save="webp[$WEBP_OPTS]" ;;
                avif) save="avif[$AVIF_OPTS]" ;;
            esac
            xargs -a "$3" env VIPS_CONCURRENCY=1 vipsthumbnail -s "${w}x" -o "$4/%s-$w.$save"
        done
    done
}
export -f worker; export THUMBS WEBP_Q WEBP_EFFORT AVIF_Q AVIF_SPEED JPEG_OPTS WEBP_OPTS AVIF_OPTS

# Prints "wall_seconds peak_rss_kb" for TOOL making FORMAT, on CPU 0.
measure() {  # TOOL FORMAT
    local out="$W/oout/$1-$2"
    rm -rf "$out"; mkdir -p "$out"
    local start end
    start=$(date +%s.%N)
    taskset -c 0 /usr/bin/time -f %M -o "$W/orss" bash -c "worker $1 $2 $W/olist.txt $out" >/dev/null 2>"$W/oerr" \
        || { cat "$W/oerr" >&2; echo "0 0"; return; }
    end=$(date +%s.%N)
    echo "$(echo "$end - $start" | bc) $(cat "$W/orss")"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }

{
    echo "Corpus: $COUNT photo-like 4000×3000 JPEGs (make_corpus.py, as scripts/bench-formats.sh); widths 320, 640, 1280; one core (CPU 0);"
    echo "vips and galgen timed in turn, $RUNS pairs; $(vips --version); $("$THUMBS" --versions)."
    echo "Settings: JPEG Q 82; WebP Q $WEBP_Q, effort $WEBP_EFFORT (vips [$WEBP_OPTS]); AVIF Q $AVIF_Q, galgen speed $AVIF_SPEED"
    echo "(vips [$AVIF_OPTS]). SSIM: luma, mean over $QFILES files × 3 widths, against Pillow LANCZOS of the full decode (PNG)."
    echo
    echo "| output | galgen s | vips s | img/s galgen / vips | × vipsthumbnail (median of pairs, range) | peak RSS galgen / vips | SSIM galgen / vips | KiB per image galgen / vips |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    for format in $FORMATS; do
        g=(); v=(); r=(); grss=0; vrss=0
        for run in $(seq "$RUNS"); do
            read -r vw vr < <(measure vips "$format")
            read -r gw gr < <(measure galgen "$format")
            v+=("$vw"); g+=("$gw"); r+=("$(echo "$vw / $gw" | bc -l)")
            [ "$gr" -gt "$grss" ] && grss=$gr; [ "$vr" -gt "$vrss" ] && vrss=$vr
            echo "  $format run $run: vips ${vw}s, galgen ${gw}s, ratio $(printf '%.2f' "${r[-1]}"), peak RSS $((vr / 1024)) / $((gr / 1024)) MB" >&2
        done
        gm=$(printf '%s\n' "${g[@]}" | median); vm=$(printf '%s\n' "${v[@]}" | median)
        rm_=$(printf '%s\n' "${r[@]}" | median)
        rmin=$(printf '%s\n' "${r[@]}" | sort -g | head -1); rmax=$(printf '%s\n' "${r[@]}" | sort -g | tail -1)
        quality=""; size=""
        exts=${format/jpeg/jpg}; [ "$format" != all ] || exts="avif webp jpg"
        for f in $exts; do
            read -r gs _ gb _ < <("$PY" Benchmarks/scripts/output_quality.py "$W/oref" "$W/oout/galgen-$format" "$f")
            read -r vs _ vb _ < <("$PY" Benchmarks/scripts/output_quality.py "$W/oref" "$W/oout/vips-$format" "$f")
            label=""; [ "$format" != all ] || label="$f "
            quality+="${quality:+; }$label$gs / $vs"
            size+="${size:+; }$label$(printf '%.1f / %.1f' "$(echo "$gb / 1024" | bc -l)" "$(echo "$vb / 1024" | bc -l)")"
        done
        printf '| %s | %.2f | %.2f | %.2f / %.2f | **%.2f** (%.2f–%.2f) | %d / %d MB | %s | %s |\n' "$format" "$gm" "$vm" \
            "$(echo "$COUNT / $gm" | bc -l)" "$(echo "$COUNT / $vm" | bc -l)" "$rm_" "$rmin" "$rmax" \
            $((grss / 1024)) $((vrss / 1024)) "$quality" "$size"
    done
    echo
    echo "× vipsthumbnail is vips' time over galgen's, pair by pair (higher: galgen faster). \"all\" writes AVIF, WebP and JPEG of each width."
} | tee "$W/outputs.md"
