"""``build.py test``'s own pieces that run before pytest (buildtools/testing.py): the
tests' environment keeps Python's bytecode caches, and pytest-xdist's workers are chosen
unless the arguments choose them."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from buildtools import testing  # noqa: E402


def test_the_tests_environment_keeps_the_bytecode_caches(monkeypatch):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("TABLERO_SOMETHING_ELSE", "kept")
    env = testing.pytest_env()
    assert "PYTHONDONTWRITEBYTECODE" not in env
    assert env["TABLERO_SOMETHING_ELSE"] == "kept"
    assert env["UV_PYTHON_DOWNLOADS"] == "never"  # uv's own settings stay


def test_workers_are_added_unless_the_arguments_choose_them():
    added = testing.parallel(["-q", "tests/web"])
    assert added[:4] == ["-n", added[1], "--dist", "loadgroup"] and int(added[1]) >= 1
    assert added[4:] == ["-q", "tests/web"]
    for chosen in (["-n", "0"], ["-n4"], ["--numprocesses=2"], ["-p", "no:xdist"]):
        assert testing.parallel(chosen) == chosen
