#!/usr/bin/env python3
"""Mean PSNR (dB) of a tool's outputs against reference outputs, over every (file, width) both have.

usage: quality.py REFDIR TOOLDIR
"""
import os
import sys

import numpy as np
from PIL import Image


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return 99.0 if mse == 0 else 10 * np.log10(255.0 ** 2 / mse)


def main():
    ref, tool = sys.argv[1], sys.argv[2]
    scores = []
    for name in sorted(os.listdir(ref)):
        other = os.path.join(tool, name)
        if not os.path.exists(other):
            continue
        r = Image.open(os.path.join(ref, name)).convert("RGB")
        t = Image.open(other).convert("RGB")
        if t.size != r.size:  # a pixel of rounding difference in height
            t = t.resize(r.size, Image.LANCZOS)
        scores.append(psnr(np.asarray(r), np.asarray(t)))
    if not scores:
        print("nan 0")
        return
    print(f"{np.mean(scores):.2f} {len(scores)}")


if __name__ == "__main__":
    main()
