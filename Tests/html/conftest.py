"""Shared fixtures for the HTML checks: the galgen binary and the sites it builds from the sample."""
import json
import os
import shutil
import pathlib
import subprocess

import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))

import foldersite  # noqa: E402
import ownsite  # noqa: E402


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


@pytest.fixture(scope="session")
def published_sample_site(galgen, tmp_path_factory) -> pathlib.Path:
    """The sample with a baseURL (canonical links, Open Graph URLs, sitemap.xml and robots.txt) and
    every output format (<picture> with AVIF and WebP sources)."""
    work = tmp_path_factory.mktemp("published")
    config = (ROOT / "config.json").read_text(encoding="utf-8")
    config = config.replace("{", '{\n  "baseURL": "https://example.org/galgen/",\n  "formats": ["avif", "webp", "jpeg"],', 1)
    json.loads(config)  # still valid JSON
    (work / "config.json").write_text(config, encoding="utf-8")
    shutil.copytree(ROOT / "Samples", work / "Samples")  # the theme is built in
    out = work / "public"
    result = subprocess.run(
        [str(galgen), "build", "--config", str(work / "config.json"), "--cache", str(work / "cache"), "--strict"],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


@pytest.fixture(scope="session")
def own_site(tmp_path_factory) -> pathlib.Path:
    """A site made by an installed galgen in an empty folder outside the repository (`galgen init`); its output."""
    prefix = tmp_path_factory.mktemp("prefix")
    ownsite.install(prefix)
    return ownsite.make_site(prefix, tmp_path_factory.mktemp("own")) / "public"


@pytest.fixture(scope="session")
def folder_site(galgen, tmp_path_factory) -> pathlib.Path:
    """A `folder` source (issue 32) with nested albums, index.md, a sidecar and videos (Tests/browser/foldersite.py)."""
    out, report = foldersite.build(tmp_path_factory.mktemp("folder"))
    assert report.get("exitCode") == 0, report
    return out
