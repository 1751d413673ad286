"""Loopback fixture server for the browser tests.

Serves a galgen-built site from 127.0.0.1 on an ephemeral port and adds:

* ``/__test/img/<id>.<ext>?d=<s>|rand=<max>[&ns=1]``, ``ext`` one of png, avif, webp, jpg: a 200x200
  solid image in that format (a real encoding: PNG, AVIF 4:4:4 at quality 100, lossless WebP, JPEG
  4:4:4) whose colour encodes ``id`` (``colour(id)``), dribbled out in 10 chunks over the delay
  (``rand``: a random delay 0..max, so responses finish out of order); ``ns=1`` sends
  ``Cache-Control: no-store``. Every request is logged with its ``format`` (the extension), and with
  whether the client aborted it (BrokenPipe / ConnectionReset while writing).
* ``/__colour/<path>``: the same site, rewritten so that every item shows its test image: gallery
  pages get each cell's ``<img>`` pointed at ``/__colour/__test/img/<data-index>.png?<image_query>``
  and each ``<source type="image/<ext>">`` of its ``<picture>`` at ``…/<data-index>.<ext>?…``
  (``srcset`` one candidate, ``sizes`` dropped, thumb background ``#888888``), and shard JSON items
  get ``"v": [["__test/img/<index>.png?<image_query>", 200, 200, <one test URL per alternative
  format of the item, same extensions>]]`` and ``"c": "#888888"`` (paths in data files are relative
  to the site root, which is ``/__colour/`` here).
* ``missing_formats`` (a server attribute, e.g. ``{"avif": 3}``): in the test-image mode, items whose index
  is a multiple of the number have no picture in that format, as galgen publishes an image a format cannot
  hold: ``null`` for it in the shard variants, no ``<source>`` of that type in the gallery page.
* ``shard_delay`` (seconds, a server attribute): every shard JSON response waits that long.
* ``site_image_delay`` (seconds): every file of the site under ``img/`` (any format) waits that long
  (default 0, as for every other site file).
* ``fail_paths``: a regular expression; site files whose path below the root matches it answer 404.
* ``log``: a list of dicts (kind, path, start, end, aborted, ...) the tests read and reset; site files
  are logged with ``ext`` (their extension, e.g. ``avif``).
"""
from __future__ import annotations

import email.utils
import http.server
import json
import mimetypes
import pathlib
import random
import re
import select
import socket
import struct
import threading
import time
import urllib.parse
import zlib

PLACEHOLDER = (136, 136, 136)
PLACEHOLDER_HEX = "#888888"
COLOUR_PREFIX = "/__colour/"
SHARD_RE = re.compile(r"^data/[^/]+/(\d+)-[0-9A-Za-z]+\.json$")
MANIFEST_RE = re.compile(r"^data/[^/]+/manifest\.json$")
SEARCH_RE = re.compile(r"^search/")
IMG_RE = re.compile(r"^__test/img/(\d+)\.(png|avif|webp|jpg)$")
CELL_RE = re.compile(r'(<li\b[^>]*\bclass="cell\b[^"]*"[^>]*>)(.*?)(</li>)', re.S)
# Content types the site's files are served with (Python's mimetypes lacks some, e.g. .webp on 3.11).
CONTENT_TYPES = {".avif": "image/avif", ".webp": "image/webp", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
                 ".png": "image/png", ".gif": "image/gif", ".svg": "image/svg+xml"}
TEST_IMAGE_TYPES = {"png": "image/png", "avif": "image/avif", "webp": "image/webp", "jpg": "image/jpeg"}


def colour(i: int) -> tuple[int, int, int]:
    return ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)


def encoded_image(rgb: tuple[int, int, int], fmt: str, size: int = 200) -> bytes:
    """A solid `size`x`size` image of colour `rgb` in format `fmt` (png, avif, webp, jpg). The lossy formats
    are encoded without chroma subsampling at top quality: a decoded pixel is within 3 of `rgb`."""
    if fmt == "png":
        return png_bytes(rgb, size)
    import io
    from PIL import Image
    out = io.BytesIO()
    im = Image.new("RGB", (size, size), rgb)
    if fmt == "avif":
        im.save(out, "AVIF", quality=100, subsampling="4:4:4", speed=10)
    elif fmt == "webp":
        im.save(out, "WEBP", lossless=True, quality=0, method=0)
    elif fmt == "jpg":
        im.save(out, "JPEG", quality=100, subsampling=0)
    else:
        raise ValueError(fmt)
    return out.getvalue()


def png_bytes(rgb: tuple[int, int, int], size: int = 200) -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * size
    raw = zlib.compress(row * size, 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


class SiteServer:
    def __init__(self, root: pathlib.Path, image_hosts: int = 6):
        self.root = pathlib.Path(root).resolve()
        self.shard_delay = 0.0
        self.site_image_delay = 0.0
        self.missing_formats: dict[str, int] = {}
        # site paths (below the root) matching this regular expression answer 404, as if the file were missing
        self.fail_paths: str | None = None
        self.image_query = "rand=1.5&ns=1"
        # test-image mode keeps each item's preview (`p`) only when a test asks (test_previews.py): it describes the
        # site's own picture, which the stale-pixel walks would count as another item's
        self.keep_previews = False
        # 0: test images are same-origin paths relative to the site root; n > 0: absolute URLs spread over
        # n extra loopback ports, so the browser's 6-connections-per-host limit does not serialise them
        self.image_origins = image_hosts
        self.log: list[dict] = []
        self._lock = threading.Lock()
        self._image_cache: dict[tuple[int, str], bytes] = {}
        self._rnd = random.Random(11)
        self._closing = threading.Event()
        handler = type("Handler", (_Handler,), {"site": self})
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}/"
        self.colour_base = f"http://127.0.0.1:{self.port}{COLOUR_PREFIX}"
        self.image_servers = []
        for _ in range(image_hosts):
            extra = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            extra.daemon_threads = True
            self.image_servers.append(extra)
        self.image_ports = [srv.server_address[1] for srv in self.image_servers]
        self._threads = [threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
                         for srv in [self.httpd] + self.image_servers]

    # lifecycle
    def start(self) -> "SiteServer":
        for t in self._threads:
            t.start()
        return self

    def stop(self) -> None:
        self._closing.set()
        for srv in [self.httpd] + self.image_servers:
            srv.shutdown()
            srv.server_close()
        for t in self._threads:
            t.join(timeout=5)

    # log helpers
    def record(self, entry: dict) -> dict:
        with self._lock:
            self.log.append(entry)
        return entry

    def reset_log(self) -> None:
        with self._lock:
            self.log.clear()

    def entries(self, kind: str | None = None) -> list[dict]:
        with self._lock:
            return [dict(e) for e in self.log if kind is None or e["kind"] == kind]

    def png(self, i: int) -> bytes:
        return self.test_image(i, "png")

    def test_image(self, i: int, fmt: str) -> bytes:
        with self._lock:
            data = self._image_cache.get((i, fmt))
        if data is None:
            data = encoded_image(colour(i), fmt)
            with self._lock:
                self._image_cache[(i, fmt)] = data
        return data

    def random_delay(self, top: float) -> float:
        with self._lock:
            return self._rnd.uniform(0, top)

    def wait(self, seconds: float) -> bool:
        """Sleep, but return early (False) when the server is closing."""
        return not self._closing.wait(seconds)

    # rewriting for the test-image mode
    def test_img_url(self, i: int, absolute: bool, ext: str = "png") -> str:
        path = f"__test/img/{i}.{ext}?{self.image_query}"
        n = min(self.image_origins, len(self.image_ports))
        if n > 0:
            return f"http://127.0.0.1:{self.image_ports[i % n]}/{path}"
        return COLOUR_PREFIX + path if absolute else path

    def rewrite_gallery(self, html: str) -> str:
        def cell(m: re.Match) -> str:
            start, body, end = m.groups()
            idx = re.search(r'\bdata-index="(\d+)"', start)
            if idx:
                i = int(idx.group(1))
            else:
                pos = re.search(r'\baria-posinset="(\d+)"', start)
                if not pos:
                    return m.group(0)
                i = int(pos.group(1)) - 1
            url = self.test_img_url(i, absolute=True).replace("&", "&amp;")

            def img(im: re.Match) -> str:
                tag = im.group(0)
                tag = re.sub(r'\s(srcset|sizes)="[^"]*"', "", tag)
                return re.sub(r'\ssrc="[^"]*"', f' src="{url}"', tag)

            def source(sm: re.Match) -> str:
                tag = sm.group(0)
                kind = re.search(r'\stype="image/([a-z]+)"', tag)
                ext = {"jpeg": "jpg"}.get(kind.group(1), kind.group(1)) if kind else "png"
                if self.lacks(i, ext):
                    return ""
                alt = self.test_img_url(i, absolute=True, ext=ext).replace("&", "&amp;")
                tag = re.sub(r'\ssizes="[^"]*"', "", tag)
                return re.sub(r'\ssrcset="[^"]*"', f' srcset="{alt}"', tag)
            body = re.sub(r"<img\b[^>]*>", img, body)
            body = re.sub(r"<source\b[^>]*>", source, body)
            body = re.sub(r"background-color:\s*#[0-9a-fA-F]{3,6}", f"background-color: {PLACEHOLDER_HEX}", body)
            return start + body + end
        return CELL_RE.sub(cell, html)

    def lacks(self, i: int, ext: str) -> bool:
        """Item `i` has no picture in format `ext` (missing_formats)."""
        n = self.missing_formats.get(ext)
        return bool(n) and i % n == 0

    def rewrite_shard(self, data: bytes) -> bytes:
        doc = json.loads(data)
        first = doc.get("first", 0)
        for n, item in enumerate(doc.get("items", [])):
            i = first + n
            # the same alternative formats as the item's own first variant (v[0][3:], by extension)
            exts = [p and p.rsplit(".", 1)[-1] for p in item["v"][0][3:]] if item.get("v") else []
            item["v"] = [[self.test_img_url(i, absolute=False), 200, 200]
                         + [None if ext is None or self.lacks(i, ext) else self.test_img_url(i, absolute=False, ext=ext)
                            for ext in exts]]
            item["c"] = PLACEHOLDER_HEX
            if not self.keep_previews:
                item.pop("p", None)
        return json.dumps(doc, separators=(",", ":")).encode()


class _Handler(http.server.BaseHTTPRequestHandler):
    site: SiteServer
    protocol_version = "HTTP/1.0"
    server_version = "galgen-test"

    def log_message(self, fmt, *args):  # keep pytest output clean
        pass

    def do_HEAD(self):
        self.handle_request(head=True)

    def do_GET(self):
        self.handle_request(head=False)

    def handle_request(self, head: bool):
        parsed = urllib.parse.urlsplit(self.path)
        path = urllib.parse.unquote(parsed.path)
        query = urllib.parse.parse_qs(parsed.query)
        colour_mode = path.startswith(COLOUR_PREFIX)
        rel = path[len(COLOUR_PREFIX):] if colour_mode else path.lstrip("/")
        m = IMG_RE.match(rel)
        if m:
            return self.send_test_image(int(m.group(1)), m.group(2), query, head)
        if rel == "__test/empty.html":
            return self.send_empty_page(int(query.get("h", ["1000"])[0]), head)
        return self.send_site_file(rel, colour_mode, head)

    # /__test/img/<id>.<ext>
    def send_test_image(self, i: int, fmt: str, query: dict, head: bool):
        site = self.site
        if "rand" in query:
            delay = site.random_delay(float(query["rand"][0]))
        else:
            delay = float(query.get("d", ["0"])[0])
        entry = site.record({"kind": "img", "id": i, "format": fmt, "path": self.path, "delay": delay,
                             "start": time.monotonic(), "end": None, "aborted": False, "complete": False})
        body = site.test_image(i, fmt)
        # hold=1: nothing is sent until the delay is over (the client's disconnect is watched meanwhile);
        # otherwise the headers go out at once and the body is dribbled in 10 chunks over the delay.
        hold = query.get("hold") == ["1"]
        try:
            if hold and delay > 0:
                if self.wait_or_disconnect(delay):
                    entry["aborted"] = True
                    return
            self.send_response(200)
            self.send_header("Content-Type", TEST_IMAGE_TYPES[fmt])
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store" if query.get("ns") == ["1"] else "public, max-age=3600")
            self.end_headers()
            if head:
                entry["complete"] = True
                return
            if hold:
                self.wfile.write(body)
                self.wfile.flush()
                entry["complete"] = True
                return
            chunks = 10
            size = -(-len(body) // chunks)
            for c in range(chunks):
                if delay > 0 and not site.wait(delay / chunks):
                    break
                self.wfile.write(body[c * size:(c + 1) * size])
                self.wfile.flush()
            else:
                entry["complete"] = True
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            entry["aborted"] = True
        finally:
            entry["end"] = time.monotonic()

    def send_empty_page(self, height: int, head: bool):
        """The baseline page of the perf script: nothing but a tall block."""
        body = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head>'
                f'<body style="margin:0"><div style="height:{height}px"></div></body></html>').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def wait_or_disconnect(self, seconds: float) -> bool:
        """Wait `seconds`; True as soon as the client closes the connection (an aborted request)."""
        end = time.monotonic() + seconds
        sock = self.connection
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return False
            if not self.site.wait(0):
                return True
            readable, _, _ = select.select([sock], [], [], min(0.05, left))
            if readable:
                try:
                    data = sock.recv(1, socket.MSG_PEEK)
                except (ConnectionResetError, ConnectionAbortedError, OSError):
                    return True
                if not data:
                    return True
                time.sleep(min(0.05, max(0.0, end - time.monotonic())))

    # the site (plain or rewritten)
    def send_site_file(self, rel: str, colour_mode: bool, head: bool):
        site = self.site
        target = (site.root / rel).resolve()
        if site.root not in target.parents and target != site.root:
            return self.send_error(403)
        if target.is_dir():
            if not rel.endswith("/") and rel != "":
                self.send_response(301)
                self.send_header("Location", self.path.split("?", 1)[0] + "/" + (("?" + self.path.split("?", 1)[1]) if "?" in self.path else ""))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            target = target / "index.html"
        if not target.is_file() or (site.fail_paths and re.search(site.fail_paths, rel)):
            site.record({"kind": "missing", "path": self.path, "start": time.monotonic(), "end": time.monotonic(), "aborted": False})
            return self.send_error(404)
        kind = "file"
        shard = SHARD_RE.match(rel)
        if shard:
            kind = "shard"
        elif MANIFEST_RE.match(rel):
            kind = "manifest"
        elif SEARCH_RE.match(rel):
            kind = "search"
        elif target.suffix == ".html":
            kind = "html"
        entry = site.record({"kind": kind, "path": self.path, "shard": int(shard.group(1)) if shard else None,
                             "ext": target.suffix.lstrip(".").lower(),
                             "start": time.monotonic(), "end": None, "aborted": False, "complete": False})
        data = target.read_bytes()
        ctype = CONTENT_TYPES.get(target.suffix.lower()) or mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if target.suffix == ".json":
            ctype = "application/json"
        elif target.suffix in (".html", ".css", ".js", ".svg"):
            ctype += "; charset=utf-8" if target.suffix != ".svg" else ""
        if colour_mode:
            if shard:
                data = site.rewrite_shard(data)
            elif target.suffix == ".html" and b'class="cell' in data:
                data = site.rewrite_gallery(data.decode("utf-8")).encode("utf-8")
        try:
            if shard and site.shard_delay > 0:
                site.wait(site.shard_delay)
            if site.site_image_delay > 0 and rel.startswith("img/"):
                site.wait(site.site_image_delay)
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            if colour_mode and (shard or target.suffix == ".html"):
                self.send_header("Cache-Control", "no-store")
            else:
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Last-Modified", email.utils.formatdate(target.stat().st_mtime, usegmt=True))
            self.end_headers()
            if not head:
                self.wfile.write(data)
            entry["complete"] = True
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            entry["aborted"] = True
        finally:
            entry["end"] = time.monotonic()
