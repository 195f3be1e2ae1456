"""The conformance suite's parametrization: every registered game plus Tiny Nim, and each
game's configurations (``Game.setups()``).

Tiny Nim is registered for the duration of each test module only, so that no other test
sees it in ``game_ids()`` (``tests/`` is on ``sys.path`` for ``support``, and
``tests/platform/``, the package's base folder, for ``conformance``).
"""

from __future__ import annotations

import pytest
from support.tiny_registered import tiny_nim_registered

from . import conformance_checks as cc

__all__ = ["pytest_generate_tests", "tiny_nim_registered"]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        cases = cc.all_cases()
        metafunc.parametrize("case", cases, ids=[c.id for c in cases])
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", cc.all_game_ids())
