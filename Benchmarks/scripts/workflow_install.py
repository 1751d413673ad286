#!/usr/bin/env -S python3 -P
"""Times the install step of the workflow `galgen init --ci github` writes: download the pinned archive
from a local server, check its SHA-256, unpack it, run `galgen --version`, as the runner would.

    python3 -P Benchmarks/scripts/workflow_install.py WORKFLOW DIST [--runs N]

WORKFLOW: a galgen-pages.yml written by an installed galgen; DIST: scripts/package.sh's output folder.
Needs PyYAML (scripts/test-install.sh puts it in .venv). Loopback is faster than any real network:
the figure is the step's own cost (verify and unpack); add the download at the runner's bandwidth.
"""
import argparse
import functools
import http.server
import os
import pathlib
import shutil
import statistics
import subprocess
import tempfile
import threading
import time

import yaml


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("workflow", type=pathlib.Path)
    parser.add_argument("dist", type=pathlib.Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    steps = yaml.safe_load(args.workflow.read_text())["jobs"]["build"]["steps"]
    step = next(s for s in steps if s.get("name", "").startswith("Install galgen "))
    name = step["env"]["GALGEN_URL_X86_64"].rsplit("/", 1)[1]
    handler = functools.partial(QuietHandler, directory=str(args.dist))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    times = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            env = {"PATH": os.environ["PATH"], "RUNNER_TEMP": tmp, "GITHUB_PATH": f"{tmp}/path"}
            env.update({k: str(v) for k, v in step["env"].items()})
            env["GALGEN_URL_X86_64"] = f"http://127.0.0.1:{httpd.server_address[1]}/{name}"
            start = time.monotonic()
            subprocess.run(["bash", "-eo", "pipefail", "-c", step["run"]], env=env, check=True)
            bin_dir = pathlib.Path(f"{tmp}/path").read_text().strip()
            subprocess.run([f"{bin_dir}/galgen", "--version"], check=True, capture_output=True)
            times.append(time.monotonic() - start)
    size = (args.dist / name).stat().st_size
    print(f"{name}: {size / 1e6:.1f} MB; download (loopback), verify, unpack, --version: "
          f"median {statistics.median(times):.2f} s (min {min(times):.2f}, max {max(times):.2f}) over {len(times)} runs")


if __name__ == "__main__":
    main()
