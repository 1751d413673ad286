#!/usr/bin/env python3
"""Bytes of WebP and AVIF at the SSIM of galgen's JPEG quality 82, for each encoder and speed.

For each source of a corpus, galgen-thumbs --reference writes galgen's own resample at each width
(640 and 1280 by default) as PNG: the very pixels the pipeline hands to its encoders (same decode,
DCT scale, colour conversion, orientation and Lanczos-3). Each setting is then encoded from those
PNGs by galgen-thumbs --encode-only (galgen's own encoder calls; the encoder alone is timed, on one
pinned CPU), decoded with Pillow, and compared with the reference:

  SSIM: skimage structural_similarity on luma (BT.601 Y of the decoded 8-bit RGB, float, 7x7
        uniform window, data_range 255), the mean over the images of a width. PSNR over RGB too.

JPEG q82 gives the target SSIM. For each family (WebP at an effort, AVIF with an encoder at a speed)
quality is swept on a coarse grid, then bisected around the target down to --step; the quality q*
where the family's mean SSIM equals JPEG's is interpolated linearly, and the bytes there
log-linearly. The table gives q*, the bytes at q* relative to JPEG's (sum over the images), and
for the lowest swept quality at or above the target: its bytes ratio, the share of images at or
above their own JPEG SSIM, and the median encode time per image. Matching the mean lets a few
images that gain a lot carry many that lose a little, so each image is also matched on its own:
the quality it needs to reach its own JPEG SSIM (median and 90th percentile over the images) and
the total bytes at those qualities. An image an encoder cannot encode
(SVT-AV1 refuses odd heights in 4:2:0) leaves that family's averages, and JPEG's target is taken
over the same images.

usage: equal_quality.py --thumbs BIN --corpus NAME=DIR [--corpus ...] --work DIR
         [--widths 640,1280] [--families webp:4,webp:6,aom:6,aom:7,aom:8,aom:10,svt:6,svt:8,rav1e:8,rav1e:10]
         [--step 2] [--cpu 0] [--jobs 2]
writes WORK/NAME/{ref,enc,metrics}/ and WORK/equal_quality.md (also printed).
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
from multiprocessing import Pool

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity

COARSE = {"webp": [50, 60, 70, 80, 90, 95], "avif": [30, 40, 50, 60, 70, 80, 90]}


def luma(rgb):
    return rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114


def compare(args):
    ref_path, out_path = args
    ref = np.asarray(Image.open(ref_path).convert("RGB"), dtype=np.float64)
    out = np.asarray(Image.open(out_path).convert("RGB"), dtype=np.float64)
    mse = np.mean((ref - out) ** 2)
    psnr = 99.0 if mse == 0 else 10 * math.log10(255.0 ** 2 / mse)
    return structural_similarity(luma(ref), luma(out), data_range=255.0), psnr


class Corpus:
    def __init__(self, name, sources, a):
        self.name, self.a = name, a
        self.dir = os.path.join(a.work, name)
        self.ref = os.path.join(self.dir, "ref")
        os.makedirs(self.ref, exist_ok=True)
        widths = ",".join(map(str, a.widths))
        if not os.path.exists(os.path.join(self.ref, ".done")):
            subprocess.run([a.thumbs, "--reference", "--widths", widths, "--jobs", str(a.jobs), "--out", self.ref] + sources,
                           check=True, stdout=subprocess.DEVNULL)
            open(os.path.join(self.ref, ".done"), "w").close()
        self.refs = sorted(os.path.join(self.ref, f) for f in os.listdir(self.ref) if f.endswith(".png"))
        self.metrics = {}

    def measure(self, tag, args, ext):
        """Encodes every reference with galgen-thumbs ARGS; returns {stem: (ssim, psnr, bytes, seconds)}."""
        if tag in self.metrics:
            return self.metrics[tag]
        path = os.path.join(self.dir, "metrics", tag + ".json")
        if os.path.exists(path):
            self.metrics[tag] = json.load(open(path))
            return self.metrics[tag]
        out = os.path.join(self.dir, "enc", tag)
        timings = out + ".tsv"
        listing = os.path.join(self.dir, "refs.txt")
        with open(listing, "w") as f:
            f.write("\n".join(self.refs) + "\n")
        env = dict(os.environ, SVT_LOG="0")
        cmd = ["taskset", "-c", str(self.a.cpu), self.a.thumbs, "--encode-only", "--jobs", "1", "--out", out,
               "--timings", timings, "--list", listing] + args
        print(f"  {self.name}: {tag}", file=sys.stderr, flush=True)
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times = {}
        for line in open(timings):
            fields = line.split("\t")
            if len(fields) == 6:
                times[fields[0]] = (int(fields[4]), float(fields[5]))
        stems = [os.path.basename(r)[:-4] for r in self.refs]
        jobs = [(r, os.path.join(out, f"{s}.{ext}")) for r, s in zip(self.refs, stems) if s in times]
        with Pool(self.a.jobs) as pool:
            scores = pool.map(compare, jobs)
        result = {}
        for (r, _), (ss, ps) in zip(jobs, scores):
            s = os.path.basename(r)[:-4]
            result[s] = (ss, ps) + times[s]
        os.makedirs(os.path.dirname(path), exist_ok=True)
        json.dump(result, open(path, "w"))
        self.metrics[tag] = result
        return result


def family_setting(family, q):
    kind, level = family.split(":")
    if kind == "webp":
        return f"webp-q{q}-e{level}", ["--formats", "webp", "--webp-quality", str(q), "--webp-effort", level], "webp"
    return (f"avif-{kind}-q{q}-s{level}", ["--formats", "avif", "--avif-encoder", kind, "--avif-quality", str(q),
                                           "--avif-speed", level], "avif")


def width_of(stem):
    return int(stem.rsplit("-", 1)[1])


def summary(points, jpeg, width):
    """points: {q: metrics}; jpeg: metrics. Aggregates over the images every point and JPEG have at WIDTH."""
    stems = [s for s in jpeg if width_of(s) == width and all(s in m for m in points.values())]
    if not stems:
        return None
    target = statistics.mean(jpeg[s][0] for s in stems)
    jbytes = sum(jpeg[s][2] for s in stems)
    rows = []
    for q in sorted(points):
        m = points[q]
        rows.append((q, statistics.mean(m[s][0] for s in stems), sum(m[s][2] for s in stems),
                     statistics.median(m[s][3] for s in stems),
                     sum(m[s][0] >= jpeg[s][0] for s in stems) / len(stems),
                     statistics.mean(m[s][1] for s in stems)))
    return dict(n=len(stems), target=target, jbytes=jbytes, jpsnr=statistics.mean(jpeg[s][1] for s in stems),
                jtime=statistics.median(jpeg[s][3] for s in stems), rows=rows)


def crossing(s):
    """(q*, bytes ratio at q*, seconds at q*) by interpolation, or None when the target is outside the sweep."""
    rows = s["rows"]
    for (qa, ma, ba, ta, _, _), (qb, mb, bb, tb, _, _) in zip(rows, rows[1:]):
        if ma < s["target"] <= mb:
            t = (s["target"] - ma) / (mb - ma)
            return (qa + t * (qb - qa), math.exp(math.log(ba) + t * (math.log(bb) - math.log(ba))) / s["jbytes"],
                    ta + t * (tb - ta))
    return None


def per_image(points, jpeg, width):
    """Each image matched on its own: the quality where its SSIM equals its JPEG's (interpolated) and
    its bytes there. Returns (matched, images, median q, 90th percentile q, total bytes ratio)."""
    qs = sorted(points)
    stems = [s for s in jpeg if width_of(s) == width and all(s in points[q] for q in qs)]
    found, matched, jbytes = [], 0.0, 0
    for s in stems:
        t = jpeg[s][0]
        for qa, qb in zip(qs, qs[1:]):
            ma, mb = points[qa][s][0], points[qb][s][0]
            if ma < t <= mb:
                x = (t - ma) / (mb - ma)
                found.append(qa + x * (qb - qa))
                ba, bb = points[qa][s][2], points[qb][s][2]
                matched += math.exp(math.log(ba) + x * (math.log(bb) - math.log(ba)))
                jbytes += jpeg[s][2]
                break
    if not found:
        return None
    found.sort()
    return len(found), len(stems), statistics.median(found), found[min(len(found) - 1, int(len(found) * 0.9))], matched / jbytes


def run_family(corpus, family, jpeg, a):
    kind = "webp" if family.startswith("webp") else "avif"
    points = {}

    def add(q):
        if q not in points:
            tag, args, ext = family_setting(family, q)
            points[q] = corpus.measure(tag, args, ext)

    for q in COARSE[kind]:
        add(q)
    for _ in range(6):
        added = False
        for w in a.widths:
            s = summary(points, jpeg, w)
            if not s:
                continue
            qs = [r[0] for r in s["rows"]]
            ms = [r[1] for r in s["rows"]]
            if ms[0] >= s["target"] and qs[0] > 0:  # the whole sweep is above the target: extend it down
                add(max(0, qs[0] - 10))
                added = True
            elif ms[-1] < s["target"] and qs[-1] < 100:
                add(min(100, qs[-1] + 5))
                added = True
            for qa, qb, ma, mb in zip(qs, qs[1:], ms, ms[1:]):
                if ma < s["target"] <= mb and qb - qa > a.step:
                    add((qa + qb) // 2)
                    added = True
        if not added:
            break
    return points


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--thumbs", required=True)
    ap.add_argument("--corpus", action="append", required=True, help="NAME=DIR of source images")
    ap.add_argument("--work", required=True)
    ap.add_argument("--widths", default="640,1280")
    ap.add_argument("--families", default="webp:4,webp:6,aom:6,aom:7,aom:8,aom:10,svt:6,svt:8,rav1e:8,rav1e:10")
    ap.add_argument("--step", type=int, default=2)
    ap.add_argument("--cpu", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    a.widths = [int(w) for w in a.widths.split(",")]
    a.thumbs = os.path.abspath(a.thumbs)
    a.work = os.path.abspath(a.work)
    os.makedirs(a.work, exist_ok=True)
    versions = subprocess.run([a.thumbs, "--versions"], capture_output=True, text=True).stdout.strip()
    lines = [f"Reference: galgen's own resample (galgen-thumbs --reference). SSIM: luma (BT.601 Y), skimage 7x7, mean over images.",
             f"Encoders: {versions}; libwebp via galgen's shim (preset photo); JPEG libjpeg-turbo q82, 4:2:0, optimised Huffman.",
             "q* = the quality where the family's mean SSIM equals JPEG q82's (interpolated); bytes = total bytes / JPEG's total over the same images;",
             "'at grid q' = the lowest swept quality at or above JPEG's SSIM: its bytes ratio, share of images at or above their own JPEG SSIM,",
             "median encode time per image (one core, encoder call only). 'per image': each image matched to its own JPEG SSIM:",
             "how many could be (within the sweep), the median and 90th-percentile quality that takes, and the bytes then vs JPEG's.", ""]
    for spec in a.corpus:
        name, path = spec.split("=", 1)
        sources = sorted(os.path.join(path, f) for f in os.listdir(path) if f.lower().endswith((".jpg", ".jpeg", ".png")))
        corpus = Corpus(name, sources, a)
        jpeg = corpus.measure("jpeg-q82", ["--formats", "jpeg", "--quality", "82"], "jpg")
        results = {f: run_family(corpus, f, jpeg, a) for f in a.families.split(",")}
        for w in a.widths:
            base = summary({82: jpeg}, jpeg, w)
            lines.append(f"### corpus `{name}`, width {w}: {len(sources)} sources; JPEG q82: SSIM {base['target']:.4f}, "
                         f"PSNR {base['jpsnr']:.2f} dB, {base['jbytes'] / base['n'] / 1024:.1f} KiB/image, "
                         f"{base['jtime'] * 1000:.1f} ms/image")
            lines.append("")
            lines.append("| family | images | q* | bytes at q* vs JPEG | grid q | SSIM | bytes vs JPEG | images ≥ own JPEG SSIM | ms/image "
                         "| per image: matched | median q | p90 q | bytes vs JPEG | swept (q: SSIM) |")
            lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
            for f, points in results.items():
                s = summary(points, jpeg, w)
                if not s:
                    lines.append(f"| {f} | 0 | | | | | | | | | | | | |")
                    continue
                c = crossing(s)
                above = [r for r in s["rows"] if r[1] >= s["target"]]
                swept = ", ".join(f"{r[0]}: {r[1]:.4f}" for r in s["rows"])
                qstar = f"{c[0]:.1f}" if c else ("< grid" if s["rows"][0][1] >= s["target"] else "> grid")
                bstar = f"{c[1] * 100:.0f} %" if c else ""
                if above:
                    q, m, b, t, share, _ = above[0]
                    grid = f"{q} | {m:.4f} | {b / s['jbytes'] * 100:.0f} % | {share * 100:.0f} % | {t * 1000:.0f}"
                else:
                    grid = " | | | | "
                p = per_image(points, jpeg, w)
                each = f"{p[0]}/{p[1]} | {p[2]:.1f} | {p[3]:.1f} | {p[4] * 100:.0f} %" if p else " | | | "
                lines.append(f"| {f} | {s['n']} | {qstar} | {bstar} | {grid} | {each} | {swept} |")
            lines.append("")
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(a.work, "equal_quality.md"), "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
