"""galgen as a user gets it (shared by Tests/html and Tests/browser): installed by scripts/install.sh into a
prefix, then `galgen init`, `galgen build` and `galgen check` run by name through PATH in an empty folder
outside the repository, which has no Templates/ and no copy of anything from the repository."""
from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run(args: list[str], cwd: pathlib.Path, prefix: pathlib.Path, timeout: float = 900) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=f"{prefix / 'bin'}:{os.environ.get('PATH', '')}", CI="true")
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{' '.join(args)} exited {result.returncode}:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    return result


def install(prefix: pathlib.Path) -> pathlib.Path:
    """Install galgen into `prefix` with scripts/install.sh (docs/development.md). The debug build the test command has
    just made is installed (`--debug`); GALGEN_INSTALL_RELEASE=1 builds and installs a release binary.
    With GALGEN_BIN=/path/to/galgen (the binary the other tests use), that binary is copied into `prefix/bin`
    instead and nothing is built: the tests then check that binary, not the install script's build."""
    given = os.environ.get("GALGEN_BIN")
    if given:
        (prefix / "bin").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(given, prefix / "bin" / "galgen")
        (prefix / "bin" / "galgen").chmod(0o755)
    else:
        flags = [] if os.environ.get("GALGEN_INSTALL_RELEASE") == "1" else ["--debug"]
        run([str(ROOT / "scripts" / "install.sh"), "--prefix", str(prefix), *flags], cwd=ROOT, prefix=prefix, timeout=3600)
    binary = prefix / "bin" / "galgen"
    assert binary.is_file() and os.access(binary, os.X_OK), binary
    return binary


def make_site(prefix: pathlib.Path, work: pathlib.Path) -> pathlib.Path:
    """`galgen init mysite`, then `galgen build --strict` and `galgen check public` inside it; return the site folder."""
    assert ROOT not in work.resolve().parents, f"{work} must be outside the repository"
    work.mkdir(parents=True, exist_ok=True)
    run(["galgen", "--version"], cwd=work, prefix=prefix)
    run(["galgen", "init", "mysite", "--title", "My own gallery"], cwd=work, prefix=prefix)
    site = work / "mysite"
    assert not (site / "Templates").exists(), "init must not copy the theme: it is built in"
    run(["galgen", "build", "--strict"], cwd=site, prefix=prefix)
    run(["galgen", "check", "public"], cwd=site, prefix=prefix)
    return site
