#!/usr/bin/env python3
"""Deterministic photo-like JPEG corpus: smooth low-frequency colour fields plus grain (so the
entropy coder and the IDCT have real work), some progressive, some with EXIF orientation 6 or 8.

usage: make_corpus.py OUTDIR [--big 40] [--small 40] [--seed 2026]
"""
import argparse
import os

import numpy as np
from PIL import Image


def exif_with_orientation(value):
    exif = Image.Exif()
    exif[0x0112] = value
    return exif.tobytes()


def photo(rng, width, height):
    channels = []
    for _ in range(3):
        small = rng.integers(20, 235, size=(12, 16)).astype(np.uint8)
        channels.append(np.asarray(Image.fromarray(small).resize((width, height), Image.BICUBIC), dtype=np.int16))
    img = np.stack(channels, axis=-1)
    img += rng.normal(0, 7, size=img.shape).astype(np.int16)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--big", type=int, default=40)
    ap.add_argument("--small", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rng = np.random.default_rng(a.seed)
    jobs = [("big", 4000, 3000, i) for i in range(a.big)] + [("small", 1600, 1200, i) for i in range(a.small)]
    for kind, w, h, i in jobs:
        path = os.path.join(a.out, f"{kind}-{i:03d}.jpg")
        if os.path.exists(path):
            continue
        options = {"quality": 90, "progressive": i % 4 == 1}
        if i % 5 == 2:
            options["exif"] = exif_with_orientation(6 if i % 2 else 8)
        photo(rng, w, h).save(path, "JPEG", **options)
    print(f"corpus: {len(jobs)} files in {a.out}")


if __name__ == "__main__":
    main()
