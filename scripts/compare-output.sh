#!/usr/bin/env bash
# Shows that two galgen binaries make the same sites, byte for byte (issue 31: a restructuring
# changes no output). Builds, with each binary, from the same inputs in folders of the same layout:
#   sample   the repository's config.json and Samples/ (60 people; a source grouped into albums)
#   grouped  the sample with a baseURL (feeds, sitemap), AVIF + WebP + JPEG and albums by country
#   albums   a folder source over the sample's photos: nested albums, sidecar and album Markdown,
#            WebP + JPEG, ZIP downloads of the largest size, a baseURL (file times pinned, so dates come out the same)
#   100k     the browser tests' site (Tests/browser/sitebuild.py): 100,000 + 240 + 9,000 grouped items
#   filters  that site with 20,000 people, a filter with pages of its own (genre) and a searchable field (country)
#   folder   a `folder` source: nested albums of the sample's photos, an index.md, a sidecar, a video (with ffmpeg),
#            album downloads (made once, then copied, so both binaries read the same bytes)
# then rebuilds each site warm with the second binary (its own cache and output) and compares again.
# Prints one line per site and `compare-output: N sites identical, M differ`; exits 1 when any differs,
# listing the first differing files. Files named in ALLOW (space-separated paths below public/, e.g.
# the runtime's own modules when a change edits them on purpose) are listed but do not count.
#
# usage: scripts/compare-output.sh BASE_GALGEN NEW_GALGEN [WORKDIR]     (default /tmp/galgen-compare)
#   env SITES="sample grouped folder 100k" (which sites; also albums, filters), ALLOW="assets/gallery.js …"
#   PLAIN_ASSETS=1: compare copies in which every hashed asset name (assets/NAME-HASH.js|css) is NAME.js|css,
#   for a change that edits the runtime on purpose: the pages then differ only in the names of the assets
#   they load, and ALLOW names the edited modules (e.g. ALLOW="assets/gallery.js assets/pool.js").
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BASE=$(realpath "${1:?usage: compare-output.sh BASE_GALGEN NEW_GALGEN [WORKDIR]}")
NEW=$(realpath "${2:?usage: compare-output.sh BASE_GALGEN NEW_GALGEN [WORKDIR]}")
WORK=${3:-/tmp/galgen-compare}
SITES=${SITES:-sample grouped folder 100k}
ALLOW=${ALLOW:-}
rm -rf "$WORK"
mkdir -p "$WORK"

# Writes a folder site's inputs into DIR.
folder_inputs() {  # DIR
    local photos="$1/photos"
    mkdir -p "$photos/2024/Paris" "$photos/2024/Rome"
    cp Samples/images/portrait-01.jpg "$photos/harbour.jpg"
    cp Samples/images/portrait-02.jpg "$photos/2024/Paris/eiffel.jpg"
    cp Samples/images/portrait-03.jpg "$photos/2024/Paris/louvre.jpg"
    cp Samples/images/portrait-04.jpg "$photos/2024/Rome/forum.jpg"
    printf 'Title: Paris in spring\nThumbnail: louvre.jpg\n\nWe *walked* along the Seine. <script>x</script>\n\nThen [Rome](../Rome/).\n' \
        > "$photos/2024/Paris/index.md"
    printf 'Title: The Louvre at dusk\nMood: quiet\n\nThe pyramid, **lit** from inside.\n' > "$photos/2024/Paris/louvre.md"
    if command -v ffmpeg > /dev/null; then
        ffmpeg -loglevel error -f lavfi -i color=c=0x3366cc:s=320x240:d=1:r=10 -c:v libx264 -pix_fmt yuv420p -threads 1 \
            "$photos/2024/Rome/fountain.mp4"
    fi
    echo '{"title": "Folder", "language": "en", "sources": [{"name": "trip", "title": "Trip", "type": "folder", "path": "photos", "download": "originals"}]}' \
        > "$1/config.json"
}

# Writes the inputs of SITE into DIR.
inputs() {  # SITE DIR
    mkdir -p "$2"
    case "$1" in
        sample)
            cp config.json "$2/" && cp -r Samples "$2/" ;;
        grouped)
            cp -r Samples "$2/"
            python3 - "$ROOT/config.json" "$2/config.json" <<'EOF'
import json, sys
config = json.load(open(sys.argv[1]))
config["baseURL"] = "https://gallery.example.org/people/"
config["formats"] = ["avif", "webp", "jpeg"]
config["imageWidths"] = [160, 320]
people = config["sources"][0]
config["sources"].append(dict(people, name="countries", title="By country",
                              fields=dict(people["fields"], extra=dict(people["fields"]["extra"], country="location.country")),
                              groupBy="country", sort=[{"by": "title"}]))
json.dump(config, open(sys.argv[2], "w"), indent=2)
EOF
            ;;
        albums)
            mkdir -p "$2/photos/Day 1" "$2/photos/Day 2/deep"
            cp Samples/images/portrait-0*.jpg "$2/photos/Day 1/"
            cp Samples/images/portrait-1*.jpg "$2/photos/Day 2/"
            cp Samples/images/portrait-2*.jpg "$2/photos/Day 2/deep/"
            printf 'Title: The first\nPlace: Lab\n\nA *sidecar* description, with [the deep album](../Day%%202/deep/).\n' > "$2/photos/Day 1/portrait-01.md"
            printf 'Title: Second day\nThumbnail: portrait-12.jpg\n\nThe album of the **second** day.\n' > "$2/photos/Day 2/index.md"
            find "$2/photos" -exec touch -d '2024-05-01 12:00:00 UTC' {} +
            cat > "$2/config.json" <<'EOF'
{"title": "Folder", "baseURL": "https://gallery.example.org/trip/", "formats": ["webp", "jpeg"], "imageWidths": [160, 320],
 "sources": [{"name": "trip", "title": "Trip", "type": "folder", "path": "photos", "download": "largest"}]}
EOF
            ;;
        100k)
            python3 -c "import sys, pathlib; sys.path.insert(0, 'Tests/browser'); import sitebuild; sitebuild.write_inputs(pathlib.Path('$2'))" ;;
        filters)
            python3 - "$2" <<'EOF'
import json, pathlib, sys
sys.path.insert(0, "Tests/browser")
import sitebuild
path = sitebuild.write_inputs(pathlib.Path(sys.argv[1]), count=20_000)
config = json.loads(path.read_text())
people = config["sources"][0]
people["filters"][0] = {"field": "genre", "pages": True}
people["fields"]["extra"]["country"] = {"path": "country", "search": True}
path.write_text(json.dumps(config, indent=2))
EOF
            ;;
        folder)
            [ -d "$WORK/folder-inputs" ] || folder_inputs "$WORK/folder-inputs"
            cp -r "$WORK/folder-inputs/." "$2/" ;;
    esac
}

build() {  # BINARY DIR
    (cd "$2" && "$1" build --config config.json --output public --cache cache --quiet) > "$2.log" 2>&1 || {
        echo "build failed in $2:"; tail -5 "$2.log"; return 1; }
}

# A copy of DIR/public (hard links; rewritten files become files of their own) with plain asset names.
plain() {  # DIR
    rm -rf "$1/plain"
    cp -al "$1/public" "$1/plain"
    (cd "$1/plain/assets" && for f in *-*.*; do mv "$f" "$(echo "$f" | sed -E 's/-[0-9a-f]{8,}\././')"; done)
    find "$1/plain" -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.xml' -o -name '*.json' \) -print0 |
        xargs -0 grep -lE 'assets/[A-Za-z0-9_-]+-[0-9a-f]{8,}\.|\./[A-Za-z0-9_-]+-[0-9a-f]{8,}\.js' 2>/dev/null |
        xargs -r sed -i -E 's#(assets/[A-Za-z0-9_-]+)-[0-9a-f]{8,}\.(js|css)#\1.\2#g; s#(\./[A-Za-z0-9_-]+)-[0-9a-f]{8,}\.js#\1.js#g'
}

# Compares A/public with B/public; prints the differing files not in ALLOW; returns 1 if any.
compare() {  # NAME A B
    local differ allowed=0 counted=0 tree=public
    if [ -n "${PLAIN_ASSETS:-}" ]; then plain "$2"; plain "$3"; tree=plain; fi
    differ=$(diff -rq "$2/$tree" "$3/$tree" 2>&1 | sed -E "s|^Files $2/$tree/([^ ]+) and .*|\1|; s|^Only in $2/$tree(/?)(.*): (.*)|only base: \2/\3|; s|^Only in $3/$tree(/?)(.*): (.*)|only new: \2/\3|" || true)
    while IFS= read -r line; do
        [ -z "$line" ] && continue
        if [[ " $ALLOW " == *" $line "* ]]; then allowed=$((allowed + 1)); else counted=$((counted + 1)); fi
    done <<< "$differ"
    local files
    files=$(find "$2/public" -type f | wc -l)
    if [ "$counted" -eq 0 ]; then
        local note=""
        [ "$allowed" -gt 0 ] && note=", $allowed allowed differences"
        echo "$1: identical ($files files$note)"
        return 0
    fi
    echo "$1: $counted of $files files differ:"
    echo "$differ" | head -20 | sed 's/^/  /'
    return 1
}

same=0; differ=0
for site in $SITES; do
    inputs "$site" "$WORK/$site-base"
    inputs "$site" "$WORK/$site-new"
    build "$BASE" "$WORK/$site-base"
    build "$NEW" "$WORK/$site-new"
    if compare "$site (cold)" "$WORK/$site-base" "$WORK/$site-new"; then same=$((same + 1)); else differ=$((differ + 1)); fi
    # Warm: the new binary again over its own cache and output (incremental), still the same bytes.
    build "$NEW" "$WORK/$site-new"
    if compare "$site (warm, incremental)" "$WORK/$site-base" "$WORK/$site-new"; then same=$((same + 1)); else differ=$((differ + 1)); fi
done
echo "compare-output: $same identical, $differ differ"
[ "$differ" -eq 0 ]
