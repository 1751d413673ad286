#!/usr/bin/env python3
"""Quality and size of one tool's outputs in one format against lossless reference resizes.

For every REFDIR/<stem>-<width>.png that TOOLDIR/<stem>-<width>.<EXT> matches: SSIM on luma
(BT.601 Y of the decoded 8-bit RGB, skimage structural_similarity, 7x7 window, data_range 255),
PSNR over RGB, and the file's bytes. Prints "mean_ssim mean_psnr mean_bytes count".

usage: output_quality.py REFDIR TOOLDIR EXT
"""
import math
import os
import sys

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity


def luma(a):
    return a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114


def main():
    ref, tool, ext = sys.argv[1], sys.argv[2], sys.argv[3]
    ssim, psnr, size = [], [], []
    for name in sorted(os.listdir(ref)):
        stem, kind = os.path.splitext(name)
        other = os.path.join(tool, f"{stem}.{ext}")
        if kind != ".png" or not os.path.exists(other):
            continue
        r = Image.open(os.path.join(ref, name)).convert("RGB")
        t = Image.open(other).convert("RGB")
        if t.size != r.size:  # a pixel of rounding difference in height
            t = t.resize(r.size, Image.LANCZOS)
        a, b = np.asarray(r, dtype=np.float64), np.asarray(t, dtype=np.float64)
        mse = np.mean((a - b) ** 2)
        psnr.append(99.0 if mse == 0 else 10 * math.log10(255.0 ** 2 / mse))
        ssim.append(structural_similarity(luma(a), luma(b), data_range=255.0))
        size.append(os.path.getsize(other))
    if not ssim:
        print("nan nan nan 0")
        return
    print(f"{np.mean(ssim):.4f} {np.mean(psnr):.2f} {np.mean(size):.0f} {len(ssim)}")


if __name__ == "__main__":
    main()
