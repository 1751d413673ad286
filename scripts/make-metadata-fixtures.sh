#!/bin/sh
# Writes the photo-metadata fixtures in Tests/Fixtures/metadata/ (GalgenMetadataTests reads them; the tests
# never run this script or exiftool). Needs ffmpeg (small plain images) and exiftool (the tags).
# usage: scripts/make-metadata-fixtures.sh
set -eu
out="$(cd "$(dirname "$0")/.." && pwd)/Tests/Fixtures/metadata"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 64x48 plain pictures, no metadata of their own (-map_metadata -1, bitexact: no encoder tag).
image() { ffmpeg -v error -f lavfi -i color=c=0x336699:s=64x48 -frames:v 1 -map_metadata -1 -fflags +bitexact \
    -flags:v +bitexact "$@"; }
image -q:v 4 "$work/base.jpg"
image "$work/base.png"
image -c:v libwebp "$work/base.webp"
image -c:v tiff -pix_fmt rgb24 "$work/base.tif"

et() { exiftool -q -q -overwrite_original -m "$@"; }

camera() {
    et "-EXIF:DateTimeOriginal=2019:05:04 13:22:01" "-EXIF:OffsetTimeOriginal=+02:00" \
        "-EXIF:Make=Galgen Optics " "-EXIF:Model=GX-1" "-EXIF:LensModel=GX 35mm F2.8" \
        -EXIF:FocalLength=35 -EXIF:FNumber=2.8 -EXIF:ExposureTime=1/250 -EXIF:ISO=200 \
        -EXIF:ExifImageWidth=64 -EXIF:ExifImageHeight=48 \
        -GPSLatitude=48.8584 -GPSLatitudeRef=N -GPSLongitude=2.2945 -GPSLongitudeRef=E \
        -GPSAltitude=35 -GPSAltitudeRef=0 "$1"
}
xmp() {
    et "-XMP-dc:Title=Eiffel Tower at noon" "-XMP-dc:Description=Seen from the Champ de Mars." \
        -XMP-dc:Subject=Paris -XMP-dc:Subject=tower "-XMP-dc:Subject=Tour Eiffel" -XMP-xmp:Rating=4 \
        "-XMP-dc:Creator=Ada Lovelace" "-XMP-dc:Creator=Charles Babbage" "$1"
}

# full.jpg: EXIF (camera, exposure, GPS) and XMP.
cp "$work/base.jpg" "$out/full.jpg"; camera "$out/full.jpg"; xmp "$out/full.jpg"

# iptc-only.jpg: IPTC-IIM only, declared UTF-8, one non-ASCII keyword.
cp "$work/base.jpg" "$out/iptc-only.jpg"
et -charset iptc=UTF8 -IPTC:CodedCharacterSet=UTF8 "-IPTC:ObjectName=Harbour at dawn" \
    "-IPTC:Caption-Abstract=Fishing boats coming in." -IPTC:Keywords=harbour -IPTC:Keywords=boats \
    "-IPTC:Keywords=café" "-IPTC:By-line=Grace Hopper" "$out/iptc-only.jpg"

# xmp-and-iptc.jpg: both, disagreeing: XMP must win.
cp "$work/base.jpg" "$out/xmp-and-iptc.jpg"
et "-IPTC:ObjectName=IPTC title" "-IPTC:Caption-Abstract=IPTC caption" -IPTC:Keywords=iptc-keyword \
    "-IPTC:By-line=IPTC Author" "-XMP-dc:Title=XMP title" "-XMP-dc:Description=XMP caption" \
    -XMP-dc:Subject=xmp-keyword "-XMP-dc:Creator=XMP Author" "$out/xmp-and-iptc.jpg"

# zero-date.jpg: an impossible DateTimeOriginal (written raw with #=, exiftool refuses it otherwise) and nothing else to date it.
cp "$work/base.jpg" "$out/zero-date.jpg"
et "-EXIF:DateTimeOriginal#=0000:00:00 00:00:00" -EXIF:Make=Zero "$out/zero-date.jpg"

# digitized.jpg: an impossible DateTimeOriginal, a usable DateTimeDigitized (no offset).
cp "$work/base.jpg" "$out/digitized.jpg"
et "-EXIF:DateTimeOriginal#=0000:00:00 00:00:00" "-EXIF:CreateDate=2020:01:02 03:04:05" "$out/digitized.jpg"

# xmp-date.jpg: no EXIF date; XMP photoshop:DateCreated is the fallback; rating -1 (rejected).
cp "$work/base.jpg" "$out/xmp-date.jpg"
et "-XMP-photoshop:DateCreated=2018:07:14 21:05:00+01:00" -XMP-xmp:Rating=-1 "$out/xmp-date.jpg"

# full.png, full.webp, full.tif: EXIF and XMP in the other containers.
for ext in png webp tif; do
    cp "$work/base.$ext" "$out/full.$ext"; camera "$out/full.$ext"; xmp "$out/full.$ext"
done
ls -l "$out"
