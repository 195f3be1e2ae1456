"""The golden replays: ``tests/`` on ``sys.path`` (for ``tiny_game``), and Tiny Nim
registered for the duration of each test module only."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import tiny_game  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def tiny_nim_registered() -> Iterator[None]:
    with tiny_game.registered():
        yield
