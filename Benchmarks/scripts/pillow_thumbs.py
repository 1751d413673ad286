#!/usr/bin/env python3
"""Pillow as a peer: every input -> each width from one decode, with draft() (libjpeg DCT scaling),
EXIF orientation applied, LANCZOS, quality 82, optimised, no metadata.
With --reference: full decode and exact LANCZOS resize, no draft (the quality reference); with
--png as well, written losslessly as <stem>-<width>.png instead of at the JPEG quality.

usage: pillow_thumbs.py --out DIR [--widths 320,640,1280] [--reference [--png]] FILE...   (or --list FILE)
"""
import argparse
import os

from PIL import Image, ImageOps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--widths", default="320,640,1280")
    ap.add_argument("--quality", type=int, default=82)
    ap.add_argument("--reference", action="store_true")
    ap.add_argument("--png", action="store_true")
    ap.add_argument("--list")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = list(a.files)
    if a.list:
        files += [line.strip() for line in open(a.list) if line.strip()]
    widths = sorted(int(w) for w in a.widths.split(","))
    os.makedirs(a.out, exist_ok=True)
    for path in files:
        stem = os.path.splitext(os.path.basename(path))[0]
        im = Image.open(path)
        orientation = im.getexif().get(0x0112, 1)
        swapped = orientation in (5, 6, 7, 8)
        w, h = im.size
        shown_w, shown_h = (h, w) if swapped else (w, h)
        wanted = [x for x in widths if x <= shown_w] or [shown_w]
        if not a.reference:
            need = max(wanted)
            need_h = round(shown_h * need / shown_w)
            im.draft("RGB", (need_h, need) if swapped else (need, need_h))
        im = ImageOps.exif_transpose(im.convert("RGB"))
        for x in wanted:
            size = (x, max(1, round(shown_h * x / shown_w)))
            if a.reference:
                out = im.resize(size, Image.LANCZOS, reducing_gap=None)
            else:
                out = im.copy()
                out.thumbnail(size, Image.LANCZOS)
            if a.png:
                out.save(os.path.join(a.out, f"{stem}-{x}.png"), "PNG", compress_level=1)
            else:
                out.save(os.path.join(a.out, f"{stem}-{x}.jpg"), "JPEG", quality=a.quality, optimize=True)


if __name__ == "__main__":
    main()
