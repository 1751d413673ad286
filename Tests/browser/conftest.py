"""Fixtures for the real-browser tests of galgen's gallery runtime (docs/runtime.md, design runtime.md section 3).

Session fixtures: a 100,000-item site built with galgen itself (or `GALGEN_BROWSER_SITE=/path/to/public`),
a loopback fixture server (server.py) and one headless Chromium driven by Selenium.
"""
from __future__ import annotations

import pathlib
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import helpers  # noqa: E402
import ownsite  # noqa: E402
import sitebuild  # noqa: E402
from server import SiteServer  # noqa: E402


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> pathlib.Path:
    try:
        return sitebuild.site_from_env_or_build(tmp_path_factory.mktemp("browser-site"))
    except (FileNotFoundError, RuntimeError) as e:
        pytest.fail(str(e))


@pytest.fixture(scope="session")
def server(site):
    srv = SiteServer(site).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def session_driver():
    driver = helpers.make_driver()
    yield driver
    driver.quit()


@pytest.fixture
def driver(session_driver, server):
    """The session's browser, reset before each test; server settings are reset too."""
    helpers.reset_driver(session_driver)
    server.shard_delay = 0.0
    server.site_image_delay = 0.0
    server.missing_formats = {}
    server.image_query = "rand=1.5&ns=1"
    server.reset_log()
    yield session_driver
    server.shard_delay = 0.0
    server.site_image_delay = 0.0
    server.missing_formats = {}


@pytest.fixture(scope="session")
def has_runtime(site) -> bool:
    return any((site / "assets").glob("gallery*.js"))


@pytest.fixture
def runtime(has_runtime):
    if not has_runtime:
        pytest.fail("the built site has no assets/gallery-*.js: the runtime is missing")


@pytest.fixture(scope="session")
def own_server(tmp_path_factory):
    """The site `galgen init` makes, built by an installed galgen outside the repository, on a loopback server."""
    prefix = tmp_path_factory.mktemp("prefix")
    ownsite.install(prefix)
    srv = SiteServer(ownsite.make_site(prefix, tmp_path_factory.mktemp("own")) / "public").start()
    yield srv
    srv.stop()
