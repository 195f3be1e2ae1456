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

from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar, TypeVar

__all__ = ["WordMove", "remembered_by_text"]

M = TypeVar("M")

#: How many move texts each game's reader remembers.
REMEMBERED_TEXTS = 4096


def remembered_by_text(parse: Callable[..., M]) -> Callable[..., M]:
    """``parse(text, *args)``, remembered for text arguments (the last
    :data:`REMEMBERED_TEXTS`): a game reads the same move texts again and again (a move
    is read to check it, then to play it; the candidates every turn).  Moves are
    immutable values, so the same one may be given out twice; a text that is no move
    raises anew each time, and anything but a ``str`` goes to ``parse`` as it is (for
    its own message)."""
    cached = lru_cache(maxsize=REMEMBERED_TEXTS)(parse)

    def read(text: Any, *args: Any) -> M:
        return cached(text, *args) if type(text) is str else parse(text, *args)

    return read


class WordMove:
    """A move with no arguments whose text is :attr:`WORD`; two are equal when they
    are of the same class.  Immutable, like every move."""

    __slots__ = ()

    WORD: ClassVar[str] = ""

    def __init_subclass__(cls, word: str | None = None, **kwargs: object) -> None:
        """``class Pass(WordMove, word="pass"): ...`` names the word in the class
        statement (the same as ``WORD = "pass"`` in its body)."""
        super().__init_subclass__(**kwargs)
        if word is not None:
            cls.WORD = word

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
