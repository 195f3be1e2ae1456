"""Move values every game can build on.

A move is a small frozen value whose ``str()`` is its canonical text (see
:class:`tablero.core.Move`).  Many moves are a fixed word with nothing to choose
(``pass``, ``decline``, ``draw deck``): :class:`WordMove` is their base, so a game
declares each in two lines.

>>> class Pass(WordMove):
...     '''Pass the turn.'''
...     WORD = "pass"
>>> Pass(), str(Pass()), Pass() == Pass()
(Pass(), 'pass', True)
"""

from __future__ import annotations

from typing import ClassVar

__all__ = ["WordMove"]


class WordMove:
    """A move with no arguments whose text is :attr:`WORD`; two are equal when they
    are of the same class.  Immutable, like every move."""

    __slots__ = ()

    WORD: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.WORD

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}()"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.WORD)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")
