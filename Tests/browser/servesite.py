"""Run `galgen serve` as a real process on a free loopback port (shared by test_serve.py and
Benchmarks/scripts/reload_time.py)."""
from __future__ import annotations

import pathlib
import re
import shutil
import signal
import subprocess
import threading
import time

import sitebuild

ROOT = sitebuild.ROOT


def copy_sample(work: pathlib.Path) -> pathlib.Path:
    """Copy the repository's sample site (config.json, Samples/) into `work`, with Templates/head.mustache
    copied from the built-in theme as an override to edit; return the config."""
    work.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ROOT / "config.json", work / "config.json")
    override_head(work / "Templates")
    shutil.copytree(ROOT / "Samples", work / "Samples")
    return work / "config.json"


def override_head(templates: pathlib.Path) -> pathlib.Path:
    """Write `templates/head.mustache` with the built-in theme's text (a site file that overrides it); return its path."""
    templates.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(sitebuild.THEME / "head.mustache", templates / "head.mustache")
    return templates / "head.mustache"


class Serve:
    """`galgen serve --port 0` on a config; `url` once it listens; every output line kept in `lines`."""

    def __init__(self, config: pathlib.Path, poll_ms: int = 50, timeout: float = 600):
        self.lines: list[str] = []
        self._lock = threading.Lock()
        self.process = subprocess.Popen(
            [str(sitebuild.galgen_binary()), "serve", "--config", str(config), "--port", "0", "--poll", str(poll_ms)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()
        line = self.wait_for(r"galgen serve: http://127\.0\.0\.1:(\d+)/", timeout=timeout)
        if line is None:
            self.process.kill()
            raise RuntimeError("galgen serve did not start:\n" + "\n".join(self.lines[-40:]))
        self.port = int(re.search(r":(\d+)/", line).group(1))
        self.url = f"http://127.0.0.1:{self.port}/"

    def _read(self) -> None:
        for line in self.process.stdout:
            with self._lock:
                self.lines.append(line.rstrip("\n"))

    def wait_for(self, pattern: str, timeout: float = 30, start: int = 0) -> str | None:
        """The first line from index `start` on that matches `pattern`, waiting up to `timeout` seconds."""
        end = time.monotonic() + timeout
        regex = re.compile(pattern)
        while time.monotonic() < end:
            with self._lock:
                for line in self.lines[start:]:
                    if regex.search(line):
                        return line
            time.sleep(0.01)
        return None

    def stop(self, timeout: float = 20) -> int:
        """Ctrl-C, as a person would; returns the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return -9
