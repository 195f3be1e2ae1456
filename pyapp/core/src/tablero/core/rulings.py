"""Tablero's rulings: where a rulebook is silent or ambiguous, the one reading we play.

A game lists its rulings as data (``Game.rulings``), each by a name that is the same
everywhere it appears: the anchor in ``docs/rulings/<game>.md``, the paragraph
``<game>.rules.ruling.<name>`` of the in-app rules help (marked "Tablero ruling"), and
the test that shows it (tests/games/<game>/test_rulings.py).

A ruling is of one of two kinds:

* ``"play"``: it changes what happens at the table (a legal move, a score, the end of the
  game, a component's count).  A test shows it by behaviour: the position and the move.
* ``"scope"``: it says what Tablero does not offer (a variant left out, a rule of the
  physical game with no meaning on a screen).  There is nothing to play, so no test.

>>> r = Ruling("no_fit", about=("MAX_BACKS",))
>>> r.kind, r.about
('play', ('MAX_BACKS',))
>>> Ruling("solo", kind="scope").needs_test
False
>>> Ruling("Bad Name")
Traceback (most recent call last):
...
ValueError: a ruling's name is lower_case letters, digits and _, not 'Bad Name'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

__all__ = ["PLAY", "SCOPE", "Ruling", "rulings_by_name"]

PLAY: Literal["play"] = "play"
SCOPE: Literal["scope"] = "scope"
_NAME = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class Ruling:
    """One ruling of a game: its ``name``, its ``kind`` (:data:`PLAY` or :data:`SCOPE`)
    and the names of the data constants it fixes (``about``: none for a reading of a rule
    that has no number)."""

    name: str
    kind: Literal["play", "scope"] = PLAY
    about: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(
                f"a ruling's name is lower_case letters, digits and _, not {self.name!r}"
            )
        if self.kind not in (PLAY, SCOPE):
            raise ValueError(f"a ruling is of play or of scope, not {self.kind!r}")

    @property
    def needs_test(self) -> bool:
        """Does a test have to show this ruling by behaviour (a ruling of play)?"""
        return self.kind == PLAY


def rulings_by_name(rulings: Iterable[Ruling]) -> Mapping[str, Ruling]:
    """``rulings`` by name, in their order; a name given twice is an error.

    >>> list(rulings_by_name([Ruling("a"), Ruling("b", kind="scope")]))
    ['a', 'b']
    """
    out: dict[str, Ruling] = {}
    for ruling in rulings:
        if ruling.name in out:
            raise ValueError(f"the ruling {ruling.name!r} is listed twice")
        out[ruling.name] = ruling
    return MappingProxyType(out)
