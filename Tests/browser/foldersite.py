"""A small `folder` source site (issue 32) built with galgen itself, shared by Tests/browser and Tests/html.

The tree is made on the spot: JPEGs drawn with Pillow and real videos encoded by the `ffmpeg` tool, nested two
levels deep, with an `index.md` (title, cover, Markdown with a `<script>` that must stay text, an image of a photo of the tree and
a link to another album), a sidecar (with a link to another photo), a
video in each container galgen plays (H.264 MP4, VP9 WebM, H.264 M4V), one it links instead (MPEG-4 part 2 in a
MOV) and one truncated MP4 that cannot be read at all:

    photos/harbour.jpg
    photos/2024/Paris/index.md  eiffel.jpg  louvre.jpg  louvre.md  seine.mp4
    photos/2024/Rome/forum.jpg  colosseum.jpg  fountain.webm  piazza.m4v  street.mov  broken.mp4

    python Tests/browser/foldersite.py /tmp/gfolder          # build one by hand (→ /tmp/gfolder/public)
"""
from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys

import sitebuild

COLLECTION = "trip"
VIDEO_SECONDS = 2.0
VIDEO_RGB = (0x33, 0x66, 0xCC)          # the colour of every playable video's frames (and so of its poster)
# item slug → (album path below trip/, file, MIME type galgen must give it)
PLAYABLE = {
    "seine": ("2024/paris", "seine.mp4", "video/mp4"),
    "fountain": ("2024/rome", "fountain.webm", "video/webm"),
    "piazza": ("2024/rome", "piazza.m4v", "video/mp4"),
}
UNPLAYABLE = {"street": ("2024/rome", "street.mov")}       # mpeg4 in QuickTime: a picture and a download link
BROKEN = {"broken": ("2024/rome", "broken.mp4")}          # the first 30 % of a file: a placeholder and a diagnostic
PHOTOS = {"harbour": ("", "harbour.jpg"), "eiffel": ("2024/paris", "eiffel.jpg"), "louvre": ("2024/paris", "louvre.jpg"),
          "forum": ("2024/rome", "forum.jpg"), "colosseum": ("2024/rome", "colosseum.jpg")}
ALBUMS = ["", "2024", "2024/paris", "2024/rome"]          # below trip/

PARIS_TITLE = "Paris in spring"
PARIS_INDEX = f"""Title: {PARIS_TITLE}
Thumbnail: louvre.jpg

We *walked* along the Seine for two days. <script>alert("index")</script>

A second paragraph, with ![the pyramid at dusk](louvre.jpg) and [the days in Rome](../Rome/).
"""
LOUVRE_TITLE = "The Louvre at dusk"
LOUVRE_SIDECAR = f"""Title: {LOUVRE_TITLE}
Mood: quiet

The pyramid, **lit** from inside. Next: [the tower](eiffel.jpg).
"""
CONFIG = {
    "title": "Folder test",
    "language": "en",
    "sources": [{"name": COLLECTION, "title": "Trip", "type": "folder", "path": "photos"}],
}


def ffmpeg(*args: str) -> None:
    exe = shutil.which("ffmpeg")
    if exe is None:
        raise FileNotFoundError("the ffmpeg tool is not installed (apt-get install ffmpeg)")
    result = subprocess.run([exe, "-hide_banner", "-loglevel", "error", "-nostdin", "-y", *args],
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise RuntimeError(f"ffmpeg {' '.join(args)} failed:\n{result.stderr[-2000:]}")


def colour_clip(out: pathlib.Path, codec: list[str], seconds: float = VIDEO_SECONDS) -> None:
    colour = "0x%02x%02x%02x" % VIDEO_RGB
    ffmpeg("-f", "lavfi", "-i", f"color=c={colour}:s=320x240:d={seconds}:r=25", *codec, str(out))


def photo(out: pathlib.Path, size: tuple[int, int], rgb: tuple[int, int, int]) -> None:
    from PIL import Image, ImageDraw
    im = Image.new("RGB", size, rgb)
    draw = ImageDraw.Draw(im)
    for x in range(0, size[0] + size[1], 50):
        draw.line([(x, 0), (x - size[1], size[1])], fill=(240, 200, 70), width=10)
    im.save(out, "JPEG", quality=85)


def write_tree(work: pathlib.Path) -> pathlib.Path:
    """Write config.json and photos/ into `work`; return the config's path."""
    photos = work / "photos"
    paris, rome = photos / "2024" / "Paris", photos / "2024" / "Rome"
    for folder in (paris, rome):
        folder.mkdir(parents=True, exist_ok=True)
    photo(photos / "harbour.jpg", (900, 600), (20, 90, 140))
    photo(paris / "eiffel.jpg", (600, 900), (120, 60, 30))
    photo(paris / "louvre.jpg", (800, 800), (60, 30, 110))
    photo(rome / "forum.jpg", (1000, 660), (150, 110, 40))
    photo(rome / "colosseum.jpg", (700, 700), (40, 120, 60))
    (paris / "index.md").write_text(PARIS_INDEX, encoding="utf-8")
    (paris / "louvre.md").write_text(LOUVRE_SIDECAR, encoding="utf-8")
    h264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "veryfast"]
    colour_clip(paris / "seine.mp4", h264)
    colour_clip(rome / "fountain.webm", ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", "40",
                                         "-deadline", "realtime", "-cpu-used", "8"])
    colour_clip(rome / "piazza.m4v", h264)
    colour_clip(rome / "street.mov", ["-c:v", "mpeg4", "-q:v", "5"])
    # A 3-second MP4 without +faststart (its index, the moov box, is written last), cut to its first 30 %: the
    # index is gone, so no program can read it. Noise makes the file big enough that the cut is far from the end.
    whole = work / "whole.mp4"
    ffmpeg("-f", "lavfi", "-i", "testsrc2=s=640x480:d=3:r=25", "-vf", "noise=alls=40:allf=t", *h264, str(whole))
    data = whole.read_bytes()
    assert data.rfind(b"moov") > len(data) * 0.3, "the moov box must be after the cut"
    (rome / "broken.mp4").write_bytes(data[: int(len(data) * 0.3)])
    whole.unlink()
    path = work / "config.json"
    path.write_text(json.dumps(CONFIG, indent=2), encoding="utf-8")
    return path


def build(work: pathlib.Path, timeout: float = 900) -> tuple[pathlib.Path, dict]:
    """Make the tree and run `galgen build --report`; return the output folder and the report."""
    binary = sitebuild.galgen_binary()
    if not binary.exists():
        raise FileNotFoundError(f"galgen binary not found at {binary}; run `swift build --product galgen` or set GALGEN_BIN")
    work.mkdir(parents=True, exist_ok=True)
    config = write_tree(work)
    out, report = work / "public", work / "report.json"
    result = subprocess.run([str(binary), "build", "--config", str(config), "--output", str(out),
                             "--cache", str(work / "cache"), "--report", str(report)],
                            cwd=work, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"galgen build failed ({result.returncode}):\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    return out, json.loads(report.read_text(encoding="utf-8"))


def album_url(album: str) -> str:
    """The site path of an album (below trip/), e.g. `trip/2024/paris/`."""
    return f"{COLLECTION}/{album}/" if album else f"{COLLECTION}/"


def item_url(slug: str) -> str:
    album = {**PLAYABLE, **UNPLAYABLE, **BROKEN, **PHOTOS}[slug][0]
    return album_url(album) + slug + "/"


if __name__ == "__main__":
    target = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/galgen-folder-site")
    print(build(target)[0])
