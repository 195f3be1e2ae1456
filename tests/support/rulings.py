"""Tests that show a game's rulings by behaviour, and the check that none is missing.

A test of a ruling of play is marked with the ruling's name (the name of
``tablero.core.Ruling`` in the game's ``GAME.rulings``, also the anchor in
docs/rulings/<game>.md)::

    @shows("no_fit")
    def test_a_card_that_fits_nowhere_may_be_turned(): ...

and the game's rulings file ends with :func:`check_every_ruling_is_shown`, which fails for
a ruling of play that no test of the module shows, for a name that is no ruling of the
game, and for a test that claims to show a ruling of scope (nothing to play).  A class
may be marked too: every test in it shows the ruling.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from tablero.core import get_game

T = TypeVar("T")

__all__ = ["check_every_ruling_is_shown", "shows"]


def shows(*names: str) -> Callable[[T], T]:
    """Mark a test function or class as showing the rulings ``names``."""

    def mark(test: T) -> T:
        shown = tuple(getattr(test, "__rulings__", ())) + names
        setattr(test, "__rulings__", shown)  # noqa: B010 - a plain attribute on a test
        return test

    return mark


def shown_in(namespace: Mapping[str, Any]) -> dict[str, list[str]]:
    """The rulings the tests of a module's ``namespace`` show: name -> tests."""
    out: dict[str, list[str]] = {}
    for attr, value in namespace.items():
        if not attr.startswith(("test_", "Test")):
            continue
        for name in getattr(value, "__rulings__", ()):
            out.setdefault(name, []).append(attr)
        if isinstance(value, type):
            for member, method in vars(value).items():
                if member.startswith("test_"):
                    for name in getattr(method, "__rulings__", ()):
                        out.setdefault(name, []).append(f"{attr}.{member}")
    return out


def check_every_ruling_is_shown(game_id: str, namespace: Mapping[str, Any]) -> int:
    """Assert that every ruling of play of ``game_id`` is shown by a test in
    ``namespace`` (a test module's ``globals()``), and that every name shown is a ruling
    of play of the game; returns how many rulings of play there are."""
    rulings = {r.name: r for r in get_game(game_id).rulings}
    assert rulings, f"{game_id} lists no rulings (GAME.rulings)"
    shown = shown_in(namespace)
    unknown = sorted(set(shown) - set(rulings))
    assert not unknown, f"tests show rulings {game_id} does not list: {unknown}"
    scope = sorted(n for n in shown if not rulings[n].needs_test)
    assert not scope, f"rulings of scope have nothing to play, yet tests show them: {scope}"
    missing = [n for n, r in rulings.items() if r.needs_test and n not in shown]
    assert not missing, f"rulings of play of {game_id} that no test shows: {missing}"
    return sum(r.needs_test for r in rulings.values())
