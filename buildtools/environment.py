"""The environment the build and the tests need: uv (pinned), the Python environment in
.venv (``uv sync --frozen``), the npm packages (``npm ci``) and Chromium for the browser
tests; each installed only when missing or stale."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

from buildtools.common import ROOT, BuildError, run, step

UV_VERSION = "0.13.9"


def uv_env() -> dict[str, str]:
    """The environment for uv: never download a Python, use the one running this script."""
    env = dict(os.environ)
    env["UV_PYTHON_DOWNLOADS"] = "never"
    env.setdefault("UV_PYTHON", sys.executable)
    return env


def _uv_version(cmd: list[str]) -> str | None:
    try:
        out = subprocess.run([*cmd, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return None
    parts = out.split()
    return parts[1] if len(parts) >= 2 and parts[0] == "uv" else None


def _uv_candidates() -> list[list[str]]:
    candidates = []
    # `uv run` tells its children where uv is (tests calling build_wheels run under it).
    if os.environ.get("UV"):
        candidates.append([os.environ["UV"]])
    if shutil.which("uv"):
        candidates.append([shutil.which("uv")])
    candidates.append([sys.executable, "-m", "uv"])
    return candidates


@functools.cache
def ensure_uv() -> tuple[str, ...]:
    """The command that runs uv UV_VERSION; installs it with pip when it is missing."""
    for cmd in _uv_candidates():
        if _uv_version(cmd) == UV_VERSION:
            return tuple(cmd)
    step(f"installing uv=={UV_VERSION} with pip")
    result = run([sys.executable, "-m", "pip", "install", "--quiet", f"uv=={UV_VERSION}"])
    cmd = [sys.executable, "-m", "uv"]
    if result.returncode != 0 or _uv_version(cmd) != UV_VERSION:
        raise BuildError(
            f"could not install uv=={UV_VERSION} with `{sys.executable} -m pip`; "
            f"install it by hand (`pip install uv=={UV_VERSION}`) and run this again"
        )
    return tuple(cmd)


def uv(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    result = run([*ensure_uv(), *args], env=uv_env())
    if check and result.returncode != 0:
        raise BuildError(f"`uv {' '.join(args)}` failed (exit code {result.returncode})")
    return result


def sync_python_env() -> None:
    step("checking that uv.lock matches the pyproject.toml files")
    if uv("lock", "--check", check=False).returncode != 0:
        raise BuildError(
            "uv.lock is out of date with pyproject.toml or pyapp/*/pyproject.toml: "
            "run `uv lock` and commit the new uv.lock"
        )
    step("installing the Python environment in .venv (uv sync --frozen)")
    if uv("sync", "--frozen", "--python", sys.executable, check=False).returncode != 0:
        raise BuildError(
            "`uv sync --frozen` failed; if uv.lock is stale, run `uv lock` and commit uv.lock"
        )


def ensure_node() -> str | None:
    """Install Node.js and npm from Debian's packages when running as root without them."""
    apt = shutil.which("apt-get")
    if apt is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    step("installing Node.js and npm (apt-get install nodejs npm)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if run([apt, "update"], env=env).returncode != 0:
        return None
    if run([apt, "install", "-y", "--no-install-recommends", "nodejs", "npm"], env=env).returncode:
        return None
    return shutil.which("npm")


def install_npm_packages() -> None:
    marker = ROOT / "node_modules" / ".package-lock.json"  # written by every npm install
    lock = ROOT / "package-lock.json"
    if marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime:
        step("npm packages are up to date (node_modules/)")
        return
    npm = shutil.which("npm") or ensure_node()
    if npm is None:
        print(
            "    warning: npm is not installed, so node_modules/ (Pyodide) cannot be set up; "
            "the Pyodide tests will fail under CI and are skipped locally only without node",
            flush=True,
        )
        return
    step("installing npm packages (npm ci)")
    if run([npm, "ci", "--no-audit", "--no-fund"]).returncode != 0:
        raise BuildError("`npm ci` failed")


#: The browser a player runs (Debian's `chromium`): the benchmarks and the screenshots.
CHROMIUM_PATH = "/usr/bin/chromium"
#: The browser tests' Chromium: Debian's `chromium-headless-shell` (tests/browser/conftest.py).
HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell"
#: Debian's package of each.
CHROMIUM_PACKAGES = {HEADLESS_SHELL_PATH: "chromium-headless-shell", CHROMIUM_PATH: "chromium"}


def ensure_chromium() -> None:
    """The browser tests drive Debian's Chromium headless shell, the benchmarks and the
    screenshots its browser; install what is missing (as root, with apt-get)."""
    wanted = os.environ.get("CHROMIUM_PATH")
    if wanted and Path(wanted).exists():
        step(f"Chromium for the browser tests: {wanted}")
        return
    missing = [package for path, package in CHROMIUM_PACKAGES.items() if not Path(path).exists()]
    if not missing:
        step(f"Chromium for the browser tests: {', '.join(CHROMIUM_PACKAGES)}")
        return
    apt = shutil.which("apt-get")
    if apt is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        print(
            f"    warning: {', '.join(missing)} missing and cannot be installed here (not "
            "root with apt-get); the browser tests will use what there is, else "
            "Playwright's own Chromium",
            flush=True,
        )
        return
    step(f"installing Chromium for the browser tests (apt-get install {' '.join(missing)})")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if run([apt, "update"], env=env).returncode != 0:
        raise BuildError("`apt-get update` failed, so Chromium cannot be installed")
    if run([apt, "install", "-y", *missing], env=env).returncode:
        raise BuildError(f"`apt-get install {' '.join(missing)}` failed")
