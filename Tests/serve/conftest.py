"""Fixtures for the serve abuse test: the galgen binary and a running `galgen serve` over a small site."""
import contextlib
import json
import os
import pathlib
import re
import resource
import signal
import struct
import subprocess
import time
import types
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def galgen() -> pathlib.Path:
    binary = pathlib.Path(os.environ.get("GALGEN_BIN", ROOT / ".build" / "debug" / "galgen"))
    if not binary.exists():
        pytest.fail(f"galgen binary not found at {binary}; run `swift build` first or set GALGEN_BIN")
    return binary


def make_site(galgen, folder: pathlib.Path, items: int) -> pathlib.Path:
    """`galgen init`'s sample with `items` records, each with its own JPEG (a sample picture with a
    distinct comment segment). Returns the config path."""
    subprocess.run([str(galgen), "init", str(folder)], check=True, capture_output=True, timeout=60)
    images = folder / "images"
    blobs = [p.read_bytes() for p in sorted(images.glob("*.jpg"))]
    records = []
    for i in range(items):
        data, comment = blobs[i % len(blobs)], f"serve abuse {i}".encode()
        (images / f"g{i:03d}.jpg").write_bytes(data[:2] + b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment + data[2:])
        records.append({"id": f"g{i:03d}", "title": f"Photo {i}", "image": f"images/g{i:03d}.jpg"})
    (folder / "records.json").write_text(json.dumps(records))
    return folder / "config.json"


@contextlib.contextmanager
def running_serve(galgen, config: pathlib.Path, open_files: int | None = None):
    """`galgen serve --port 0` on a site; yields (process, port, log path) once the home page answers.
    `open_files` sets both limits of open files for serve (so it cannot raise them)."""
    limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))) if open_files else None
    log_path = config.parent.parent / "serve.log"
    log = open(log_path, "w")  # the parent reads it by path: seeking this handle would move serve's offset
    process = subprocess.Popen([str(galgen), "serve", "--config", str(config), "--port", "0", "--quiet"],
                               stdout=log, stderr=subprocess.STDOUT, preexec_fn=limit)
    try:
        port = None
        deadline = time.monotonic() + 120
        while port is None and time.monotonic() < deadline and process.poll() is None:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", log_path.read_text())
            port = int(found.group(1)) if found else None
            time.sleep(0.1)
        assert port, f"serve did not report its port: {log_path.read_text()}"
        urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=10).read()
        yield process, port, log_path
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="module")
def served(galgen, tmp_path_factory):
    """A serve on 127.0.0.1 over a 60-item site, plus what the abuse needs after its first build: a
    canary beside the output folder, links in the output pointing out, and an 8 MiB file."""
    folder = tmp_path_factory.mktemp("serve") / "site"
    config = make_site(galgen, folder, 60)
    with running_serve(galgen, config) as (process, port, _):
        public = folder / "public"
        canary = "galgen-canary-" + os.urandom(8).hex()
        (folder / "canary.txt").write_text(canary + "\n")
        (public / "escape").symlink_to("..")
        (public / "escape.txt").symlink_to("../canary.txt")
        (public / "big.jpg").write_bytes((folder / "images" / "dawn.jpg").read_bytes() + os.urandom(8 << 20))
        small = "/" + str(next(iter(sorted(public.glob("photos/*/index.html")))).relative_to(public))
        image = "/" + str(next(iter(sorted(public.glob("img/*.jpg")))).relative_to(public))
        yield {"port": port, "pid": process.pid, "public": public, "canary": canary, "page": small, "image": image}


@pytest.fixture
def serve_kit():
    """The helpers above, for a test that starts its own serve (importing conftest by name would clash
    with the other test folders' conftest modules)."""
    return types.SimpleNamespace(make_site=make_site, running_serve=running_serve)
