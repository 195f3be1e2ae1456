"""``build.py test`` and ``build.py screenshots``: the environment set up, the checks
(ruff, mypy), then pytest on pytest-xdist workers."""

from __future__ import annotations

import os
import subprocess
import sys

from buildtools.common import ROOT, run, step
from buildtools.environment import (
    ensure_chromium,
    ensure_uv,
    install_npm_packages,
    sync_python_env,
    uv,
    uv_env,
)

# The checks ``test`` runs before pytest: lint, format and types, each configured in
# pyproject.toml ([tool.ruff], [tool.mypy]) and installed from uv.lock.
CHECKS = (
    ("ruff check .", ("ruff", "check", ".")),
    ("ruff format --check .", ("ruff", "format", "--check", ".")),
    ("mypy", ("mypy",)),
)


def run_checks() -> list[str]:
    """Run every check of CHECKS (all of them, even after one fails); the failed ones."""
    failed = []
    for name, args in CHECKS:
        step(f"checking: {name}")
        if uv("run", "--frozen", *args, check=False).returncode != 0:
            failed.append(name)
    return failed


def pytest_env() -> dict[str, str]:
    """The tests' environment: uv's, with Python's bytecode caches kept.  A machine that
    sets PYTHONDONTWRITEBYTECODE (CI's does) would have every pytest worker compile the
    packages it imports and rewrite every test module's assertions again, each time:
    collection took 6.6 s a worker that way, 1.6 s from the caches (docs/testing.md,
    "Bytecode caches").  The caches are __pycache__ folders, ignored by git."""
    env = uv_env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def warm_collection() -> subprocess.Popen[bytes]:
    """pytest's collection once, in the background while the checks run (one core is idle
    then): it writes the caches the workers read.  Its output is dropped; the real run
    reports whatever it finds."""
    cmd = [*ensure_uv(), "run", "--frozen", "pytest", "--collect-only", "-q",
           "-p", "no:xdist", "-p", "no:cacheprovider"]  # fmt: skip
    return subprocess.Popen(
        cmd, cwd=ROOT, env=pytest_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


#: pytest-xdist workers a core: one (two a core made the browser tests thrash: four
#: Chromiums on two cores, a slower run; docs/testing.md has the measurements).
WORKERS_PER_CORE = 1
MAX_WORKERS = 8  # each worker runs a Chromium of its own


def parallel(pytest_args: list[str]) -> list[str]:
    """``pytest_args`` with pytest-xdist workers (:data:`WORKERS_PER_CORE` a core) unless
    they choose the workers themselves (``-n``, ``--numprocesses``, ``--dist``, ``-p
    no:xdist``)."""
    chosen = any(
        a == "-n" or a.startswith(("-n", "--numprocesses", "--dist")) or a == "no:xdist"
        for a in pytest_args
    )
    if chosen:
        return pytest_args
    workers = min(MAX_WORKERS, WORKERS_PER_CORE * (os.cpu_count() or 1))
    # loadgroup: tests marked with one xdist_group run on one worker (a module that keeps
    # one page a screen size); the others go to whichever worker is free.
    return ["-n", str(workers), "--dist", "loadgroup", *pytest_args]


def cmd_test(pytest_args: list[str]) -> int:
    sync_python_env()
    install_npm_packages()
    ensure_chromium()
    warming = warm_collection()
    failed = run_checks()
    warming.wait()
    # The browser tests build the site themselves, once per session, into a temporary
    # folder (tests/browser/conftest.py), so they always test a fresh build.
    pytest_args = parallel(pytest_args)
    step("running the tests: " + " ".join(["pytest", *pytest_args]))
    pytest = [*ensure_uv(), "run", "--frozen", "pytest", *pytest_args]
    code = run(pytest, env=pytest_env()).returncode
    # A failed check fails the command, but pytest still runs first: one run (a CI run is
    # long) reports both the checks and the tests.  The exit code is pytest's when it
    # failed, else 1 when a check did.
    if failed:
        print(f"build.py: error: these checks failed: {'; '.join(failed)}", file=sys.stderr)
        return code or 1
    return code


def cmd_screenshots() -> int:
    """Refresh docs/screenshots/ by playing the built site in Chromium."""
    sync_python_env()
    install_npm_packages()
    step("taking screenshots of the main screens into docs/screenshots/")
    script = ROOT / "tests" / "browser" / "screens.py"
    return uv("run", "--frozen", "python", str(script), check=False).returncode
