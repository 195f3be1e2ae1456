"""The fixture that registers Tiny Nim (``tests/support/tiny_game.py``) for each test module of
a package whose conftest imports it (the conformance suite, the golden replays), so that
no other test sees it in ``game_ids()``.  Kept apart from ``tiny_game``, which also runs
in Pyodide, where there is no pytest."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.tiny_game import registered


@pytest.fixture(scope="module", autouse=True)
def tiny_nim_registered() -> Iterator[None]:
    with registered():
        yield
