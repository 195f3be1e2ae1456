"""What the Pyodide-under-Node tests share (``tests/platform/test_pyodide_parity.py``,
``tests/platform/golden/test_golden.py``): finding Node.js and the project's Pyodide."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
IN_CI = os.environ.get("CI", "").lower() in ("true", "1")


def find_node() -> str:
    """The ``node`` executable; the test is skipped without one (it fails in CI), and
    fails when the npm packages are missing."""
    node = shutil.which("node")
    if node is None:
        message = "node is not installed: the Pyodide tests need Node.js 20+"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    if not PYODIDE.exists():
        pytest.fail(f"{PYODIDE.relative_to(ROOT)} is missing: run `npm ci` (build.py test does)")
    return node
