#!/usr/bin/env python3
"""The README's screenshots of a photo site, taken as a visitor sees it (issue 44).

Real camera photos (Benchmarks/scripts/real_photos.sh: Debian's wallpaper packages, never committed) are sorted
into three albums, a few of them cut to portrait and square shapes so the pages show more than one shape; then
`galgen init --source folder` makes the site as a new user would, `galgen build` builds it, and headless
Chromium (the Debian package, as the browser tests use it) photographs the home page, an album, an item page and
the full-screen viewer at 1280x800 and 390x844 (DPR 3, touch), in light and dark, and an album of the same site in
Hebrew (right to left), into docs/screenshots/photos-*.png.
Each shot is taken once the pictures on screen have loaded.

usage: scripts/screenshots.py [--galgen PATH] [--photos DIR] [--work DIR] [--out DIR]
needs: the real photos (DIR/real/*.jpg, made by Benchmarks/scripts/real_photos.sh DIR), Pillow and selenium
(scripts/test.sh's venv), chromium and chromium-driver.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import time

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
import helpers  # noqa: E402
from server import SiteServer  # noqa: E402

# album → its photos: the real photo's name (Benchmarks/scripts/real_photos.sh names them <package>__<file>.jpg), the
# shape it is cut to ("p" portrait 2:3, "s" square, "" as taken) and the file name it gets (galgen's title for it)
ALBUMS = {
    "Coast and water": [("sunset_by", "", "Sunset over the bay"), ("RainDrops", "p", "Rain on a leaf"),
                        ("Storm", "", "Storm on the road"), ("BytheWater", "", "By the water"),
                        ("Bridge_by", "p", "Under the bridge"), ("Aqua", "", "One drop")],
    "Flowers and insects": [("FreshFlower", "s", "Fresh flower"), ("LadyBird", "", "Ladybird"),
                            ("Dragonfly", "p", "Dragonfly"), ("YellowFlower", "", "Yellow flower"),
                            ("TwoWings", "s", "Two wings"), ("seeding", "p", "Seeding"), ("Garden", "", "In the garden")],
    "Hills and woods": [("aitzgorri", "", "Aitzgorri"), ("picosdeeuropa", "p", "Picos de Europa"),
                        ("GreenMeadow", "", "Green meadow"), ("Wood", "p", "Bark"), ("Dune", "", "Dune"),
                        ("greentock", "", "Green rock"), ("Kleiber", "s", "Nuthatch")],
}
SIZES = {"desktop": (1280, 800, 1.0, False), "phone": (390, 844, 3.0, True)}


def find(photos: pathlib.Path, stem: str) -> pathlib.Path:
    hits = sorted(p for p in (photos / "real").glob("*.jpg") if stem in p.name)
    if not hits:
        raise SystemExit(f"no real photo named *{stem}* in {photos}/real: run Benchmarks/scripts/real_photos.sh {photos}")
    return hits[0]


def make_tree(photos: pathlib.Path, tree: pathlib.Path) -> None:
    """The photo folder: one sub-folder per album, each photo as taken or cut to its shape (quality 92)."""
    if tree.exists():
        shutil.rmtree(tree)
    for album, names in ALBUMS.items():
        folder = tree / album
        folder.mkdir(parents=True)
        for stem, shape, title in names:
            source = find(photos, stem)
            target = folder / f"{title}.jpg"
            if not shape:
                shutil.copyfile(source, target)
                continue
            with Image.open(source) as im:
                im = im.convert("RGB")
                w, h = im.size
                cw = round(h * 2 / 3) if shape == "p" else min(w, h)
                box = ((w - cw) // 2, 0, (w - cw) // 2 + cw, h)
                im.crop(box).save(target, quality=92)
    (tree / "index.md").write_text("Title: Three walks\n\nPhotographs from Debian's wallpaper packages "
                                   "(each package's copyright file names its photographer and licence).\n")


def build(galgen: pathlib.Path, work: pathlib.Path, photos: pathlib.Path) -> pathlib.Path:
    site = work / "site"
    if site.exists():
        shutil.rmtree(site)
    make_tree(photos, work / "tree")
    subprocess.run([str(galgen), "init", str(site), "--source", "folder", "--photos", str(work / "tree"),
                    "--title", "Three walks"], check=True)
    subprocess.run([str(galgen), "build", "--quiet"], cwd=site, check=True)
    # A Hebrew copy of the site, served beside it under he/, for the right-to-left shots.
    config = json.loads((site / "config.json").read_text())
    config["language"] = "he"
    (site / "config-he.json").write_text(json.dumps(config))
    subprocess.run([str(galgen), "build", "--quiet", "--config", "config-he.json", "--output", "public/he"], cwd=site, check=True)
    return site / "public"


def loaded(driver) -> bool:
    return driver.execute_script("""
      return [...document.images].filter(i => { const r = i.getBoundingClientRect();
        return r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; })
        .every(i => i.complete && i.naturalWidth > 0);""")


def shoot(driver, url: str, path: pathlib.Path, viewer: bool = False) -> None:
    driver.get(url)
    helpers.wait_until(lambda: driver.execute_script("return document.readyState") == "complete", timeout=20)
    if viewer:
        driver.execute_script("document.querySelector('#grid .cell a, .grid .cell a').click()")
        helpers.wait_until(lambda: driver.execute_script(
            "const i = document.querySelector('dialog[open] .slide img'); return !!i && i.complete && i.naturalWidth > 0;"),
            timeout=20)
    helpers.wait_until(lambda: loaded(driver), timeout=20)
    time.sleep(0.8)                                   # animations (the viewer's opening) end
    if not driver.save_screenshot(str(path)):
        sys.exit(f"screenshots.py: could not write {path}")
    print(path)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--galgen", type=pathlib.Path, default=ROOT / ".build" / "debug" / "galgen")
    ap.add_argument("--photos", type=pathlib.Path, default=pathlib.Path("/tmp/realphotos"))
    ap.add_argument("--work", type=pathlib.Path, default=pathlib.Path("/tmp/galgen-screenshots"))
    ap.add_argument("--out", type=pathlib.Path, default=ROOT / "docs" / "screenshots")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    public = build(args.galgen.resolve(), args.work.resolve(), args.photos.resolve())
    server = SiteServer(public).start()
    driver = helpers.make_driver()
    try:
        album = next(p.parent.name for p in sorted((public / "photos").glob("*/index.html")))
        item = next(p for p in sorted((public / "photos" / album).glob("*/index.html")))
        pages = {"home": "", "album": f"photos/{album}/", "item": str(item.parent.relative_to(public)) + "/"}
        for size, (w, h, dpr, touch) in SIZES.items():
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": w, "height": h, "deviceScaleFactor": dpr, "mobile": touch})
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                for kind, path in pages.items():
                    shoot(driver, server.base + path, args.out / f"photos-{kind}-{size}-{scheme}.png")
                shoot(driver, server.base + pages["album"], args.out / f"photos-viewer-{size}-{scheme}.png", viewer=True)
        # The same site in Hebrew (right to left): an album, desktop light and phone dark.
        for size, scheme in (("desktop", "light"), ("phone", "dark")):
            w, h, dpr, touch = SIZES[size]
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": w, "height": h, "deviceScaleFactor": dpr, "mobile": touch})
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            shoot(driver, server.base + "he/" + pages["album"], args.out / f"photos-album-{size}-{scheme}-rtl.png")
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    main()
