"""Shared fixtures for the HTML checks: the galgen binary and a site it builds from the sample."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def galgen() -> pathlib.Path:
    binary = pathlib.Path(os.environ.get("GALGEN_BIN", ROOT / ".build" / "debug" / "galgen"))
    if not binary.exists():
        pytest.fail(f"galgen binary not found at {binary}; run `swift build` first or set GALGEN_BIN")
    return binary


@pytest.fixture(scope="session")
def sample_site(galgen, tmp_path_factory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("site") / "public"
    cache = tmp_path_factory.mktemp("cache")
    result = subprocess.run(
        [str(galgen), "build", "--config", str(ROOT / "config.json"), "--output", str(out), "--cache", str(cache), "--strict"],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    return out
