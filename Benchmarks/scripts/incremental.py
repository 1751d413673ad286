#!/usr/bin/env python3
"""Incremental builds (issue 14): time galgen's rebuilds of a big site against a clean build.

One run writes a site (one `json` source of N records, 200 distinct JPEGs, page size 60, the
default image widths) into a work folder and builds it with the release binary, in this order:

  a. cold          no output, empty cache
  b. clean         a warm full rebuild with --clean (the reference every ratio is taken against)
  c. no-op         nothing changed
  d. 1 record      one title changed in the middle of the records file (the first change after a
                   clean build: before issue 46 there was no spare folder yet; now the full build
                   made one, and d should cost what f costs)
  e. no-op         nothing changed again (proven from the record of the site's inputs)
  e2. no-op        the same with that record removed first: every key computed (the no-op before
                   the record of inputs existed, plus the digest's small cost)
  f. 1 record      another title changed (the steady state: the spare exists)
  g. item.mustache Templates/item.mustache: the built-in one with one line added
  h. clean         --clean again

After each build it prints the report's step times and counts, the wall time and the peak RSS
(the child's own, from wait4). After g it checks that the incremental output is byte-identical
(files and folders) to a --clean build of the same inputs into another, empty folder (row v of the
table: a clean build with no old site to remove), and after h that the in-place clean build is too;
any difference makes the exit status 1. Last, a Markdown table.

Python 3 standard library only (the images are made with Pillow when the repository's .venv has it,
otherwise sample JPEGs are made distinct by a comment segment).

    Benchmarks/scripts/incremental.py                       # 100,000 records in /tmp/galgen-incr-100000
    Benchmarks/scripts/incremental.py --count 1000000 --item-pages none --keep
"""
from __future__ import annotations

import argparse
import filecmp
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "Samples" / "images"
ITEM_TEMPLATE = ROOT / "Sources" / "GalgenTheme" / "Theme" / "item.mustache"
MARKER = ".galgen-incr"          # marks a work folder this script made (so only those are wiped)
IMAGE_COUNT = 200
PAGE_SIZE = 60

# Made by the repository's venv Python when it has Pillow: each image is a sample portrait cropped
# and scaled differently, so all 200 are distinct pictures, not only distinct bytes.
PILLOW_MAKER = r"""
import sys, pathlib
from PIL import Image
samples, out, count = sorted(pathlib.Path(sys.argv[1]).glob("*.jpg")), pathlib.Path(sys.argv[2]), int(sys.argv[3])
for i in range(count):
    variant = i // len(samples)
    with Image.open(samples[i % len(samples)]) as im:
        im = im.convert("RGB")
        w, h = im.size
        inset = 0.03 * variant
        im = im.crop((int(w * inset), int(h * inset), int(w * (1 - inset)), int(h * (1 - inset))))
        width = 480 + 40 * variant
        im = im.resize((width, max(1, round(im.size[1] * width / im.size[0]))), Image.LANCZOS)
        im.save(out / ("img%03d.jpg" % i), quality=85)
"""


def log(message: str = "") -> None:
    print(message, flush=True)


# --- the site -------------------------------------------------------------------------------------

def make_images(images: pathlib.Path) -> str:
    images.mkdir(parents=True, exist_ok=True)
    venv_python = ROOT / ".venv" / "bin" / "python"
    if venv_python.exists():
        made = subprocess.run([str(venv_python), "-c", PILLOW_MAKER, str(SAMPLES), str(images), str(IMAGE_COUNT)],
                              capture_output=True, text=True)
        if made.returncode == 0 and len(list(images.glob("img*.jpg"))) == IMAGE_COUNT:
            return "Pillow (sample portraits, cropped and scaled 480-600 px wide)"
    # Fallback: the sample JPEGs as they are, each copy made distinct by a JPEG comment (COM) segment
    # right after SOI. Distinct files (and cache keys); pictures repeat every 56.
    samples = sorted(SAMPLES.glob("*.jpg"))
    for i in range(IMAGE_COUNT):
        data = samples[i % len(samples)].read_bytes()
        assert data[:2] == b"\xff\xd8", "not a JPEG"
        comment = b"galgen incremental benchmark image %03d" % i
        segment = b"\xff\xfe" + (len(comment) + 2).to_bytes(2, "big") + comment
        (images / ("img%03d.jpg" % i)).write_bytes(data[:2] + segment + data[2:])
    return "sample portraits with a distinct JPEG comment each"


def write_site(site: pathlib.Path, count: int, item_pages: str) -> str:
    how = make_images(site / "images")
    # Compact JSON, one known layout, so that a title can be edited in place: "Person N" and
    # "Edited N" have the same length (see toggle_title and incremental_step.sh).
    records = [{"id": "k%07d" % i, "name": "Person %d" % i, "city": "City %d" % (i % 997),
                "img": "images/img%03d.jpg" % (i % IMAGE_COUNT)} for i in range(count)]
    (site / "records.json").write_text(json.dumps({"results": records}, separators=(",", ":")))
    config = {
        "title": "galgen incremental benchmark",
        "language": "en",
        "pageSize": PAGE_SIZE,
        "sources": [{
            "name": "people", "title": "People", "type": "json", "path": "records.json", "items": "results",
            "fields": {"id": "id", "title": "name", "subtitle": "city", "image": "img"},
        }],
    }
    if item_pages != "all":
        config["itemPages"] = item_pages
    (site / "config.json").write_text(json.dumps(config, indent=2) + "\n")
    return how


def toggle_title(records: pathlib.Path, index: int) -> str:
    """Change record `index`'s title in place ("Person N" <-> "Edited N", the same length): one record
    changes, the file's other bytes stay."""
    old, new = b'"name":"Person %d"' % index, b'"name":"Edited %d"' % index
    with open(records, "r+b") as f:
        data = f.read()
        at = data.find(old)
        if at < 0:
            old, new = new, old
            at = data.find(old)
        if at < 0:
            raise SystemExit(f"record {index} not found in {records}")
        f.seek(at)
        f.write(new)
    return new.decode().split(":", 1)[1]


def edit_item_template(site: pathlib.Path) -> None:
    text = ITEM_TEMPLATE.read_text()
    if "</main>" not in text:
        raise SystemExit(f"{ITEM_TEMPLATE} has no </main>")
    templates = site / "Templates"
    templates.mkdir(exist_ok=True)
    (templates / "item.mustache").write_text(text.replace("</main>", "<p>edited</p>\n</main>", 1))


# --- one build --------------------------------------------------------------------------------------

class Build:
    def __init__(self, label: str, wall: float, maxrss_kb: int, report: dict):
        self.label, self.wall, self.maxrss_kb, self.report = label, wall, maxrss_kb, report

    def step(self, name: str) -> dict:
        return next((s for s in self.report.get("steps", []) if s.get("name") == name), {})

    def seconds(self, name: str) -> float | None:
        return self.step(name).get("seconds")

    @property
    def output(self) -> dict:
        out = self.report.get("output")
        return out if isinstance(out, dict) else {}


def run_build(galgen: str, site: pathlib.Path, label: str, tag: str, jobs: int, extra: list[str],
              output: pathlib.Path | None = None) -> Build:
    report_path = site / f"report-{tag}.json"
    log_path = site / f"build-{tag}.log"
    report_path.unlink(missing_ok=True)
    cmd = [galgen, "build", "--config", str(site / "config.json"), "--output", str(output or site / "public"),
           "--cache", str(site / "cache"), "--jobs", str(jobs), "--report", str(report_path), "--quiet", *extra]
    with open(log_path, "wb") as out:
        start = time.monotonic()
        child = subprocess.Popen(cmd, cwd=site, stdout=out, stderr=subprocess.STDOUT)
        # wait4 rather than Popen.wait: it hands back this child's own rusage (ru_maxrss in KiB).
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.stderr.write(log_path.read_text(errors="replace")[-4000:])
        raise SystemExit(f"{label}: galgen build exited with {child.returncode} ({' '.join(cmd)})")
    report = json.loads(report_path.read_text())
    build = Build(label, wall, usage.ru_maxrss, report)
    print_build(build)
    return build


def fmt(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def print_build(b: Build) -> None:
    steps = " · ".join(f"{s['name']} {s['seconds']:.2f} s" for s in b.report.get("steps", []))
    pages = b.step("pages")
    out = b.output
    log(f"  steps: {steps}")
    log(f"  pages step: rendered {pages.get('rendered', '-')} · unchanged {pages.get('unchanged', '-')}"
        f" · removed {pages.get('removed', '-')}")
    reason = f" ({out['reason']})" if out.get("reason") else ""
    log(f"  output: {'full' if out.get('full') else 'incremental'}{reason} · files rendered {out.get('rendered', '-')}"
        f" · unchanged {out.get('unchanged', '-')} · removed {out.get('removed', '-')}")
    if out.get("keys"):
        log(f"  keys: {out['keys']}")
    log(f"  wall {b.wall:.2f} s · peak RSS {b.maxrss_kb / 1024:.0f} MB")


# --- comparing folders ------------------------------------------------------------------------------

def tree(root: pathlib.Path) -> tuple[set[str], set[str], set[str]]:
    """(folders, files, others) relative to root; symlinks and special files go to others."""
    folders, files, others = set(), set(), set()
    for parent, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(parent, root)
        for name in dirnames:
            path = os.path.normpath(os.path.join(rel, name))
            (others if os.path.islink(os.path.join(parent, name)) else folders).add(path)
        for name in filenames:
            full = os.path.join(parent, name)
            path = os.path.normpath(os.path.join(rel, name))
            (files if os.path.isfile(full) and not os.path.islink(full) else others).add(path)
    return folders, files, others


def compare(a: pathlib.Path, b: pathlib.Path, limit: int = 30) -> list[str]:
    fa, ga, oa = tree(a)
    fb, gb, ob = tree(b)
    problems = [f"folder only in {a.name}: {p}" for p in sorted(fa - fb)]
    problems += [f"folder only in {b.name}: {p}" for p in sorted(fb - fa)]
    problems += [f"file only in {a.name}: {p}" for p in sorted(ga - gb)]
    problems += [f"file only in {b.name}: {p}" for p in sorted(gb - ga)]
    problems += [f"not a regular file or folder: {a.name}/{p}" for p in sorted(oa)]
    problems += [f"not a regular file or folder: {b.name}/{p}" for p in sorted(ob)]
    for path in sorted(ga & gb):
        if not filecmp.cmp(a / path, b / path, shallow=False):
            problems.append(f"differs: {path}")
    if len(problems) > limit:
        problems = problems[:limit] + [f"... and {len(problems) - limit} more"]
    return problems


def verify(a: pathlib.Path, b: pathlib.Path, what: str) -> bool:
    start = time.monotonic()
    problems = compare(a, b)
    folders, files, _ = tree(a)
    took = time.monotonic() - start
    if problems:
        log(f"verify ({what}): {len(problems)} difference(s) between {a} and {b} ({took:.1f} s):")
        for p in problems:
            log(f"  {p}")
        return False
    log(f"verify ({what}): OK, {len(files)} files and {len(folders)} folders byte-identical ({took:.1f} s)")
    return True


# --- the table ----------------------------------------------------------------------------------------

def table(builds: list[Build], reference: Build) -> str:
    rows = ["| build | wall s | pages step s | publish s | pages rendered / unchanged / removed | files rendered | peak RSS MB | × clean build |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for b in builds:
        pages = b.step("pages")
        counts = " / ".join(str(pages.get(k, "-")) for k in ("rendered", "unchanged", "removed"))
        rows.append(f"| {b.label} | {b.wall:.2f} | {fmt(b.seconds('pages'))} | {fmt(b.seconds('publish'))} | {counts}"
                    f" | {b.output.get('rendered', '-')} | {b.maxrss_kb / 1024:.0f} | {b.wall / reference.wall:.2f} |")
    return "\n".join(rows)


# --- main -----------------------------------------------------------------------------------------------

def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100_000, help="records (default 100000)")
    ap.add_argument("--galgen", default=str(ROOT / ".build" / "release" / "galgen"), help="galgen binary")
    ap.add_argument("--work", help="work folder (default /tmp/galgen-incr-<count>; wiped first)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    ap.add_argument("--item-pages", choices=["all", "none"], default="all", help='the config\'s "itemPages"')
    ap.add_argument("--jobs", type=int, default=2, help="galgen build --jobs (default 2)")
    args = ap.parse_args()
    if args.count < 4:
        ap.error("--count must be at least 4")

    galgen = str(pathlib.Path(args.galgen).resolve())
    if not os.access(galgen, os.X_OK):
        raise SystemExit(f"no galgen binary at {galgen}: swift build -c release --product galgen")
    site = pathlib.Path(args.work or f"/tmp/galgen-incr-{args.count}").resolve()
    if site.exists():
        if any(site.iterdir()) and not (site / MARKER).exists():
            raise SystemExit(f"{site} exists and was not made by this script; give another --work")
        shutil.rmtree(site)
    site.mkdir(parents=True)
    (site / MARKER).write_text("made by Benchmarks/scripts/incremental.py\n")

    started = time.monotonic()
    version = subprocess.run([galgen, "--version"], capture_output=True, text=True).stdout.strip()
    how = write_site(site, args.count, args.item_pages)
    log(f"galgen {version} ({galgen})")
    log(f"site {site}: {args.count} records, {IMAGE_COUNT} images ({how}), pageSize {PAGE_SIZE}, "
        f"itemPages {args.item_pages}, --jobs {args.jobs}; load {os.getloadavg()[0]:.1f}")
    log(f"  (written in {time.monotonic() - started:.1f} s)")

    def build(label: str, tag: str, *extra: str) -> Build:
        log(f"\n{label}")
        spare = site / ".public.spare"
        before = spare.is_dir()
        b = run_build(galgen, site, label, tag, args.jobs, list(extra))
        log(f"  spare folder {spare.name}: {'present' if before else 'absent'} before, "
            f"{'present' if spare.is_dir() else 'absent'} after")
        return b

    records = site / "records.json"
    builds = [build("a. cold (empty cache, no output)", "a-cold")]
    clean = build("b. clean (--clean, warm cache)", "b-clean", "--clean")
    builds.append(clean)
    builds.append(build("c. no-op", "c-noop"))
    title = toggle_title(records, args.count // 2)
    builds.append(build(f"d. 1 record changed, first after clean (#{args.count // 2} → {title})", "d-record"))
    builds.append(build("e. no-op", "e-noop"))
    for record in (site / "cache" / "outputs").glob("*.inputs"):
        record.unlink()
    builds.append(build("e2. no-op, keys computed (record of inputs removed)", "e2-noop-computed"))
    title = toggle_title(records, args.count // 3)
    builds.append(build(f"f. 1 record changed, steady state (#{args.count // 3} → {title})", "f-record"))
    edit_item_template(site)
    builds.append(build("g. item.mustache changed", "g-template"))

    log("\nverify: --clean build of the same inputs into public-clean")
    # Also a row of the table: a clean build with nothing to replace (b and h also remove the old site).
    builds.append(run_build(galgen, site, "v. clean into an empty folder (the check's)", "verify", args.jobs,
                            ["--clean"], output=site / "public-clean"))
    ok = verify(site / "public", site / "public-clean", "incremental output after g against a clean build")

    builds.append(build("h. clean (--clean)", "h-clean", "--clean"))
    ok = verify(site / "public", site / "public-clean", "in-place clean build after h against the other clean build") and ok

    for b in builds:
        if "no-op" in b.label and (b.step("pages").get("rendered") or b.output.get("rendered")):
            log(f"note: {b.label} rendered {b.step('pages').get('rendered')} pages / {b.output.get('rendered')} files")

    log(f"\n{args.count} records, {IMAGE_COUNT} images, pageSize {PAGE_SIZE}, itemPages {args.item_pages}, "
        f"--jobs {args.jobs}; ratios against b (wall {clean.wall:.2f} s); total {time.monotonic() - started:.0f} s; "
        f"load {os.getloadavg()[0]:.1f}\n")
    log(table(builds, clean))
    log("")
    log("correctness: OK" if ok else "correctness: DIFFERENCES (see above)")

    if not args.keep:
        shutil.rmtree(site, ignore_errors=True)
    else:
        log(f"kept {site}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
