#!/usr/bin/env python3
"""Tablero's task runner (standard library only).

    python3 build.py test [PYTEST ARGS...]   set everything up, then run the whole test suite
    python3 build.py wheels [--out DIR]      build one wheel per distribution under pyapp/
    python3 build.py serve [--port N]        build the site into dist/ and serve it locally

``test`` needs only python3 (with pip) and Node.js/npm on the machine: it installs uv
(pinned), the Python environment (``uv sync --frozen`` from uv.lock into .venv) and the
npm packages (``npm ci`` from package-lock.json), then runs pytest.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
UV_VERSION = "0.13.9"
DIST = ROOT / "dist"
DEFAULT_WHEEL_DIR = DIST / "wheels"


class BuildError(Exception):
    """A step failed; the message says what to do."""


def step(message: str) -> None:
    print(f"==> {message}", flush=True)


def run(cmd: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    print("    $ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT, env=env, check=False)


# --- uv -------------------------------------------------------------------------------


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


# --- set-up -------------------------------------------------------------------------------


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


def cmd_test(pytest_args: list[str]) -> int:
    sync_python_env()
    install_npm_packages()
    step("running the tests: " + " ".join(["pytest", *pytest_args]))
    return uv("run", "--frozen", "pytest", *pytest_args, check=False).returncode


# --- wheels -------------------------------------------------------------------------------


def distributions() -> list[str]:
    """The distribution name of every package under pyapp/."""
    names = []
    for pyproject in sorted(ROOT.glob("pyapp/*/pyproject.toml")):
        with pyproject.open("rb") as f:
            names.append(tomllib.load(f)["project"]["name"])
    return names


def build_wheels(out_dir: Path | str = DEFAULT_WHEEL_DIR) -> list[Path]:
    """Build one wheel per distribution under pyapp/ into ``out_dir``; their paths."""
    out_dir = Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    wheels = []
    for name in distributions():
        prefix = name.replace("-", "_")
        for old in out_dir.glob(f"{prefix}-*.whl"):
            old.unlink()
        step(f"building the wheel of {name}")
        uv("build", "--wheel", "--package", name, "--out-dir", str(out_dir))
        built = sorted(out_dir.glob(f"{prefix}-*.whl"))
        if len(built) != 1:
            raise BuildError(f"expected one wheel for {name} in {out_dir}, found {built}")
        wheels.append(built[0])
    return wheels


def cmd_wheels(out: str) -> int:
    for wheel in build_wheels(Path(out)):
        print(wheel)
    return 0


# --- serve --------------------------------------------------------------------------------


def build_site() -> Path:
    """dist/: the wheels, index.html and static/."""
    build_wheels(DEFAULT_WHEEL_DIR)
    step("copying index.html and static/ into dist/")
    shutil.copy2(ROOT / "index.html", DIST / "index.html")
    shutil.rmtree(DIST / "static", ignore_errors=True)
    if (ROOT / "static").is_dir():
        shutil.copytree(ROOT / "static", DIST / "static")
    return DIST


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",  # anything else makes Pyodide hang at boot
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def end_headers(self) -> None:
        # Revalidate every time, so a rebuilt file is never served stale while developing.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def cmd_serve(port: int) -> int:
    site = build_site()
    handler = functools.partial(SiteHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        host, real_port = server.server_address[:2]
        print(f"Serving {site} at http://{host}:{real_port}/ (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")
    return 0


# --- command line -------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("test", help="install everything, then run pytest with ARGS")
    wheels = sub.add_parser("wheels", help="build one wheel per pyapp/ distribution")
    wheels.add_argument("--out", default=str(DEFAULT_WHEEL_DIR), help="output folder")
    serve = sub.add_parser("serve", help="build dist/ and serve it on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv[:1] == ["test"]:
            # Everything after `test` goes to pytest untouched (argparse would eat `-k` etc.).
            return cmd_test(argv[1:])
        args = parser.parse_args(argv)
        if args.command == "wheels":
            return cmd_wheels(args.out)
        return cmd_serve(args.port)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
