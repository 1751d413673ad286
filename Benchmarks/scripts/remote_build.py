"""Remote-source throughput of `galgen build`: N randomuser-format records and their portraits served
by the local fixture server (Tests/Fixtures/apiserver.py) on 127.0.0.1.

Runs a cold build (empty cache: every page and portrait downloaded, every portrait decoded), then a
warm build that revalidates everything (maxAge 0, imageMaxAge 0: conditional requests, 304s), RUNS
times each, and reports medians: records/s, images/s, how much of the image processing time had
downloads in flight, requests and bytes, and peak RSS (GNU time). Writes a Markdown table.

usage: python3 remote_build.py GALGEN_BINARY WORKDIR [--users 10000] [--per-request 1000] [--runs 3]
needs: Pillow (to draw 196 distinct 128x128 portraits, like randomuser's), GNU time at /usr/bin/time.
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time

from PIL import Image, ImageDraw, ImageFilter

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def draw_portraits(folder, count=196, size=128):
    """Distinct, photo-like 128x128 JPEGs: a face-ish ellipse over a soft gradient, seeded."""
    os.makedirs(folder, exist_ok=True)
    for i in range(count):
        rng = random.Random(i)
        image = Image.new("RGB", (size, size))
        top = tuple(rng.randrange(40, 220) for _ in range(3))
        bottom = tuple(rng.randrange(20, 200) for _ in range(3))
        draw = ImageDraw.Draw(image)
        for y in range(size):
            t = y / (size - 1)
            draw.line([(0, y), (size, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
        skin = (rng.randrange(150, 240), rng.randrange(110, 200), rng.randrange(90, 170))
        draw.ellipse([32, 20, 96, 100], fill=skin)
        draw.rectangle([24, 100, 104, 128], fill=tuple(rng.randrange(0, 255) for _ in range(3)))
        image = image.filter(ImageFilter.GaussianBlur(1.2))
        image.save(os.path.join(folder, f"{i:03d}.jpg"), quality=90)


def start_server(images):
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests/Fixtures/apiserver.py"), "--port", "0",
                               "--images", images], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline().strip()
    if not line.startswith("READY "):
        server.kill()
        sys.exit(f"fixture server did not start: {line!r}")
    return server, int(line.split()[1])


def run_build(galgen, site, report):
    """One build under GNU time; returns (report dict, peak RSS in MB, wall seconds)."""
    started = time.monotonic()
    result = subprocess.run(["/usr/bin/time", "-v", galgen, "build", "--config", os.path.join(site, "config.json"),
                             "--report", report, "--quiet"], capture_output=True, text=True)
    wall = time.monotonic() - started
    if result.returncode != 0:
        sys.exit(f"galgen build failed:\n{result.stderr[-3000:]}")
    rss_kb = next(int(line.split(":")[1]) for line in result.stderr.splitlines() if "Maximum resident set size" in line)
    with open(report) as f:
        return json.load(f), rss_kb / 1024, wall


def figures(report, rss, wall):
    steps = {s["name"]: s["seconds"] for s in report["steps"]}
    net = report["network"]
    images = report["images"]["sources"]
    return {
        "wall": wall,
        "pages_s": steps["pages"],
        "records_per_s": report["records"] / steps["records"],
        "images_per_s": images / steps["images"],
        "overlap": net["overlapSeconds"] / net["processSeconds"] if net["processSeconds"] > 0 else 0.0,
        "requests": net["requests"],
        "mb": net["bytesDownloaded"] / 1048576,
        "not_modified": net["notModified"],
        "decoded": report["images"]["decoded"],
        "rss": rss,
        "records": report["records"],
        "images": images,
    }


def median(runs, key):
    return statistics.median(r[key] for r in runs)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("galgen")
    parser.add_argument("workdir")
    parser.add_argument("--users", type=int, default=10000)
    parser.add_argument("--per-request", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    work = os.path.abspath(args.workdir)
    portraits = os.path.join(work, "portraits")
    if not os.path.isdir(portraits):
        draw_portraits(portraits)
    server, port = start_server(portraits)
    try:
        cold, warm = [], []
        for run in range(args.runs):
            site = os.path.join(work, "site")
            shutil.rmtree(site, ignore_errors=True)
            os.makedirs(site)
            config = {
                "title": "Remote benchmark", "pageSize": 48,
                "fetch": {"imageMaxAge": 0},
                "sources": [{"name": "people", "type": "randomuser", "url": f"http://127.0.0.1:{port}/api/1.4/",
                             "seed": "bench", "count": args.users, "perRequest": args.per_request}],
            }
            with open(os.path.join(site, "config.json"), "w") as f:
                json.dump(config, f)
            cold.append(figures(*run_build(args.galgen, site, os.path.join(work, "cold.json"))))
            warm.append(figures(*run_build(args.galgen, site, os.path.join(work, "warm.json"))))
            print(f"run {run + 1}: cold {cold[-1]['wall']:.2f} s, warm {warm[-1]['wall']:.2f} s", file=sys.stderr)
    finally:
        server.terminate()
        server.wait()

    rows = [("cold (empty cache)", cold), ("warm (everything revalidated)", warm)]
    lines = [
        f"{cold[0]['records']} randomuser-format records ({args.per_request} per request) and their "
        f"{cold[0]['images']} distinct 128x128 portraits from the local fixture server; widths 160/320/640; "
        f"median of {args.runs} runs, release build, {os.cpu_count()} cores.",
        "",
        "| build | wall | records/s | images/s | processing with downloads in flight | requests | downloaded | 304s | decoded | pages step | peak RSS |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, runs in rows:
        lines.append(
            f"| {name} | {median(runs, 'wall'):.2f} s | {median(runs, 'records_per_s'):,.0f} | {median(runs, 'images_per_s'):,.0f} | "
            f"{median(runs, 'overlap') * 100:.0f} % | {median(runs, 'requests'):.0f} | {median(runs, 'mb'):.2f} MB | "
            f"{median(runs, 'not_modified'):.0f} | {median(runs, 'decoded'):.0f} | {median(runs, 'pages_s'):.2f} s | {median(runs, 'rss'):.0f} MB |")
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(work, "remote-results.md"), "w") as f:
        f.write(table + "\n")


if __name__ == "__main__":
    main()
