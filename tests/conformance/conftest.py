"""The conformance suite's parametrization: every registered game plus Tiny Nim, and each
game's configurations (``Game.setups()``).

``tests/`` goes on ``sys.path`` (for ``tiny_game`` and ``property_helpers``), and Tiny Nim
is registered for the duration of each test module only, so that no other test sees it
in ``game_ids()``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import tiny_game  # noqa: E402

from . import conformance_checks as cc  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def tiny_nim_registered() -> Iterator[None]:
    with tiny_game.registered():
        yield


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        cases = cc.all_cases()
        metafunc.parametrize("case", cases, ids=[c.id for c in cases])
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", cc.all_game_ids())
