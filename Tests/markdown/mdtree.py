"""The trees, the image server and the builds of the Markdown fuzz (mdfuzz.py is the campaign).

`make_tree` writes two folder sources (the second with `"html": true`), a JPEG per photo, a sidecar for every
photo and an `index.md` for every folder, each a filled and mutated seed of mdseeds.py; `run_build` builds the
site and checks it with `galgen check`; `failures_of` adds check_site (sitecheck.py) and the warnings' lines.
"""
from __future__ import annotations

import http.server
import io
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import threading
import time

from mdseeds import fill, load_seeds, mutate
from sitecheck import check_site

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Folders of each source (below its folder); the seeds name Coast/, Hills/ and Hills/Summit/.
FOLDERS = {"a": ["", "Coast", "Hills", "Hills/Summit", "Town"], "b": ["", "Coast", "Night"]}
FETCH = {"connectTimeout": 1, "idleTimeout": "2s", "totalTimeout": "4s", "retries": 0, "backoff": "10ms"}
WARNING = re.compile(r"^warning: (.+?\.md):(\d+): .*\[([a-z.\-]+)\]\s*$", re.M)


def galgen_binary() -> pathlib.Path:
    """GALGEN_BIN, else a release build, else the debug build."""
    if os.environ.get("GALGEN_BIN"):
        return pathlib.Path(os.environ["GALGEN_BIN"])
    release = ROOT / ".build" / "release" / "galgen"
    return release if release.exists() else ROOT / ".build" / "debug" / "galgen"


def snapshot_binary(galgen: pathlib.Path, folder: pathlib.Path, wait: float = 600) -> pathlib.Path:
    """A copy of the binary in `folder` that answers `--version`, so that a rebuild of the original during a
    campaign neither stops a build (text file busy, missing) nor mixes two versions. Waits for it up to `wait` s."""
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / "galgen"
    deadline = time.monotonic() + wait
    while True:
        try:
            shutil.copy2(galgen, copy)
            if subprocess.run([str(copy), "--version"], capture_output=True, timeout=60).returncode == 0:
                return copy
        except (OSError, subprocess.SubprocessError):
            pass
        if time.monotonic() > deadline:
            raise FileNotFoundError(f"no working galgen binary at {galgen}")
        time.sleep(5)


def jpeg(size: tuple[int, int], rgb: tuple[int, int, int]) -> bytes:
    """A small real JPEG: Pillow when it is there, else the ffmpeg tool."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        colour = "0x%02x%02x%02x" % rgb
        return subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i",
                               f"color=c={colour}:s={size[0]}x{size[1]}", "-frames:v", "1", "-f", "mjpeg", "-"],
                              capture_output=True, check=True, timeout=60).stdout
    image = Image.new("RGB", size, rgb)
    ImageDraw.Draw(image).line([(0, 0), size], fill=(240, 200, 70), width=5)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return out.getvalue()


class ImageServer:
    """A local HTTP server: one real JPEG at /img.jpg, an HTML page at /page.png (the wrong content), 404
    elsewhere. `with ImageServer() as server: server.url` is `http://127.0.0.1:PORT`."""

    def __init__(self):
        picture = jpeg((300, 200), (30, 120, 200))
        page = b"<!DOCTYPE html><title>not a picture</title><script>alert(1)</script>"

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                path = self.path.split("?")[0]
                body, kind, status = {"/img.jpg": (picture, "image/jpeg", 200),
                                      "/page.png": (page, "text/html", 200)}.get(path, (b"not found", "text/plain", 404))
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "ImageServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def write_config(site: pathlib.Path, sources: dict[str, bool]) -> pathlib.Path:
    """config.json in `site` for folder sources `photos-NAME` (NAME → whether raw HTML is allowed)."""
    config = {"title": "Markdown fuzz", "language": "en", "pageSize": 48, "imageWidths": [160, 320], "formats": ["jpeg"],
              "fetch": FETCH,
              "sources": [{"name": name, "title": name.upper(), "type": "folder", "path": f"photos-{name}", "html": html}
                          for name, html in sources.items()]}
    path = site / "config.json"
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    return path


def _place_photos(rng: random.Random, photos: int) -> dict[str, list[str]]:
    """Photo paths of each source (below its folder): IMG_1… spread over the folders, and one name with spaces."""
    placed: dict[str, list[str]] = {name: [] for name in FOLDERS}
    for n in range(1, photos + 1):
        source = rng.choice(list(FOLDERS))
        folder = rng.choice(FOLDERS[source])
        placed[source].append(posixpath_join(folder, f"IMG_{n}.jpg"))
    placed["a"].append("Vue du pont.jpg")
    return placed


def posixpath_join(folder: str, name: str) -> str:
    return f"{folder}/{name}" if folder else name


def _relative(target: str, folder: str) -> str:
    """`target` (a path below the source's folder) as a link from `folder`."""
    rel = os.path.relpath(target or ".", folder or ".")
    return rel.replace(os.sep, "/")


def make_tree(root: pathlib.Path, rng: random.Random, photos: int = 120, server: str = "http://127.0.0.1:1",
              seeds: list[str] | None = None, pool: list[bytes] | None = None, clean=None) -> list[pathlib.Path]:
    """A site in `root` (config.json, photos-a/, photos-b/ with "html": true): `photos` JPEGs, a sidecar for
    each and an index.md for each folder, each a mutated seed (then passed through `clean`, if given).
    Returns the case files."""
    seeds = seeds if seeds is not None else load_seeds(rng)
    pool = pool or [jpeg((rng.randint(120, 420), rng.randint(90, 320)), (rng.randrange(256), 80, 160))]
    placed = _place_photos(rng, photos)
    cases: list[pathlib.Path] = []
    for source, paths in placed.items():
        base = root / f"photos-{source}"
        albums = [f + "/" if f else "./" for f in FOLDERS[source]]
        for folder in FOLDERS[source]:
            (base / folder).mkdir(parents=True, exist_ok=True)
        for path in paths:
            (base / path).write_bytes(rng.choice(pool))
        for md in [p[:-4] + ".md" for p in paths] + [posixpath_join(f, "index.md") for f in FOLDERS[source]]:
            folder = os.path.dirname(md)
            links = [_relative(p, folder) for p in paths]
            tree_albums = [_relative(a, folder) + "/" for a in albums]
            def filled() -> bytes:
                text = fill(rng.choice(seeds), rng, server, links, tree_albums)
                return text.encode("utf-8", "surrogatepass")
            data = mutate(rng, filled(), filled())
            (base / md).write_bytes(clean(data) if clean else data)
            cases.append(base / md)
    write_config(root, {"a": False, "b": True})
    return cases


def run_build(galgen: pathlib.Path, config: pathlib.Path, cache: pathlib.Path, timeout: float = 300) -> dict:
    """`galgen build -v --report` then `galgen check`: exit codes, output, the report (or None)."""
    site = config.parent
    public, report = site / "public", site / "report.json"
    started = time.monotonic()
    try:
        build = subprocess.run([str(galgen), "build", "--config", str(config), "--output", str(public), "--cache",
                                str(cache), "--report", str(report), "-v"], cwd=site, capture_output=True, timeout=timeout)
        code, out = build.returncode, (build.stdout + build.stderr).decode("utf-8", "replace")
    except subprocess.TimeoutExpired as expired:
        code, out = "timeout", ((expired.stdout or b"") + (expired.stderr or b"")).decode("utf-8", "replace")
    result = {"build": code, "output": out, "seconds": time.monotonic() - started, "check": None, "checkOutput": ""}
    result["report"] = json.loads(report.read_text(encoding="utf-8")) if report.exists() else None
    if code == 0:
        check = subprocess.run([str(galgen), "check", str(public), "-v"], capture_output=True, timeout=timeout)
        result["check"] = check.returncode
        result["checkOutput"] = (check.stdout + check.stderr).decode("utf-8", "replace")
    return result


def line_count(data: bytes) -> int:
    """Lines of a file as galgen counts them (CRLF, CR and LF end a line)."""
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 1


def warning_problems(output: str, site: pathlib.Path) -> list[str]:
    """Every `file.md:LINE` warning that names a file that is not there or a line outside it."""
    problems = []
    for file, line, code in WARNING.findall(output):
        path = site / file
        if not path.is_file():
            problems.append(f"warning [{code}] names {file}, which is not a file of the site")
        elif not 1 <= int(line) <= line_count(path.read_bytes()):
            problems.append(f"warning [{code}] names {file}:{line}, outside its {line_count(path.read_bytes())} lines")
    return problems


def failures_of(result: dict, site: pathlib.Path) -> list[str]:
    """What a build did wrong: not published, check failed, executable markup, warnings naming no line."""
    if result["build"] != 0:
        return [f"build exit {result['build']}"]
    failures = [] if result["check"] == 0 else [f"galgen check exit {result['check']}"] + [
        line for line in result["checkOutput"].splitlines() if re.match(r"\S+:\d+(:\d+)?: ", line)][:50]
    failures += check_site(site / "public")
    failures += warning_problems(result["output"], site)
    return failures
