"""The install step of the workflow `galgen init --ci github` writes, run as GitHub Actions runs it
(bash -eo pipefail, RUNNER_TEMP, GITHUB_PATH) against a local server that holds the release's files.

Run by scripts/test-install.sh with GALGEN_WORKFLOW (a workflow written by an installed galgen) and
GALGEN_DIST (the artefacts of scripts/package.sh).
"""
import functools
import hashlib
import http.server
import os
import pathlib
import subprocess
import threading

import pytest
import yaml

WORKFLOW = pathlib.Path(os.environ.get("GALGEN_WORKFLOW", "/nonexistent"))
DIST = pathlib.Path(os.environ.get("GALGEN_DIST", "/nonexistent"))
pytestmark = pytest.mark.skipif(not WORKFLOW.is_file(), reason="run by scripts/test-install.sh (GALGEN_WORKFLOW)")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def sums():
    lines = (DIST / "SHA256SUMS").read_text().splitlines()
    return {name: digest for digest, name in (line.split() for line in lines)}


def install_step(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    found = [s for s in steps if s.get("name", "").startswith("Install galgen ")]
    assert len(found) == 1, [s.get("name") for s in steps]
    return found[0]


@pytest.fixture(scope="module")
def workflow():
    return yaml.safe_load(WORKFLOW.read_text())


@pytest.fixture()
def server(tmp_path):
    """A static server on 127.0.0.1 for the files of tmp_path/www."""
    root = tmp_path / "www"
    root.mkdir()
    handler = functools.partial(QuietHandler, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def run_step(step, tmp_path, url):
    """Runs the step's script with its env, the archive URL pointed at the local server."""
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "RUNNER_TEMP": str(tmp_path / "runner"),
           "GITHUB_PATH": str(tmp_path / "github_path")}
    (tmp_path / "runner").mkdir(exist_ok=True)
    env.update({k: str(v) for k, v in step["env"].items()})
    env["GALGEN_URL_X86_64"] = url
    script = tmp_path / "step.sh"
    script.write_text(step["run"])
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_workflow_pins_the_packaged_archive(workflow):
    step = install_step(workflow)
    url, digest = step["env"]["GALGEN_URL_X86_64"], step["env"]["GALGEN_SHA256_X86_64"]
    name = url.rsplit("/", 1)[1]
    assert name in sums(), f"{name} is not a file scripts/package.sh made: {sorted(sums())}"
    assert digest == sums()[name]
    assert hashlib.sha256((DIST / name).read_bytes()).hexdigest() == digest
    version = step["name"].removeprefix("Install galgen ")
    assert f"/v{version}/" in url and name == f"galgen-{version}-linux-x86_64.tar.gz"
    text = WORKFLOW.read_text()
    for compiler in ("swift build", "install.sh", "GALGEN_REPOSITORY", "swift:"):
        assert compiler not in text


def test_a_good_archive_is_installed_and_runs(workflow, server, tmp_path):
    step = install_step(workflow)
    root, base = server
    name = step["env"]["GALGEN_URL_X86_64"].rsplit("/", 1)[1]
    (root / name).write_bytes((DIST / name).read_bytes())
    result = run_step(step, tmp_path, f"{base}/{name}")
    assert result.returncode == 0, result.stderr
    bin_dir = pathlib.Path((tmp_path / "github_path").read_text().strip())
    version = subprocess.run([str(bin_dir / "galgen"), "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("galgen "), version.stderr


@pytest.mark.parametrize("damage", ["corrupted", "truncated"])
def test_a_damaged_archive_fails_naming_the_file(workflow, server, tmp_path, damage):
    step = install_step(workflow)
    root, base = server
    name = step["env"]["GALGEN_URL_X86_64"].rsplit("/", 1)[1]
    data = bytearray((DIST / name).read_bytes())
    if damage == "corrupted":
        data[len(data) // 2] ^= 0x01
    else:
        data = data[: len(data) // 3]
    (root / name).write_bytes(bytes(data))
    result = run_step(step, tmp_path, f"{base}/{name}")
    assert result.returncode != 0
    assert f"{name} does not match the SHA-256 pinned in this workflow" in result.stderr, result.stderr
    assert f"{len(data)} bytes" in result.stderr
    # Nothing was unpacked, nothing put on the PATH.
    assert not (tmp_path / "github_path").exists()
    assert [p.name for p in (tmp_path / "runner" / "galgen").iterdir()] == [name]


def test_a_missing_archive_fails_naming_the_url(workflow, server, tmp_path):
    step = install_step(workflow)
    _, base = server
    result = run_step(step, tmp_path, f"{base}/galgen-0.0.0-linux-x86_64.tar.gz")
    assert result.returncode != 0
    assert "cannot download galgen-0.0.0-linux-x86_64.tar.gz from " in result.stderr, result.stderr
