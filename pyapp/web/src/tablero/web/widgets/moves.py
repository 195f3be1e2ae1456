"""The move builder: a table's clicks narrow ``legal_moves()`` by the moves' fields
instead of their text, so a game's UI never parses or formats a move to find it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Put:
...     value: int
...     x: int
...     y: int
>>> moves = [Put(3, 0, 1), Put(3, 2, 1), Put(4, 0, 1)]
>>> narrow(moves, Put, value=3)
[Put(value=3, x=0, y=1), Put(value=3, x=2, y=1)]
>>> sorted(targets(narrow(moves, Put, value=3), field="x,y"))
['0,1', '2,1']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar, overload

__all__ = ["narrow", "targets"]

M = TypeVar("M")


@overload
def narrow(moves: Iterable[Any], type: type[M], /, **fields: Any) -> list[M]: ...
@overload
def narrow(moves: Iterable[M], type: None = None, /, **fields: Any) -> list[M]: ...
def narrow(moves: Iterable[Any], type: type[Any] | None = None, /, **fields: Any) -> list[Any]:
    """The ``moves`` of class ``type`` (any class when ``None``) whose fields equal
    ``fields``; a move without one of the fields never matches.

    >>> narrow([1, "a", 2], int)
    [1, 2]
    """
    missing = object()
    return [
        m
        for m in moves
        if (type is None or isinstance(m, type))
        and all(getattr(m, k, missing) == v for k, v in fields.items())
    ]


def targets(moves: Iterable[M], field: str) -> dict[str, M]:
    """``moves`` by the values of their fields ``field`` (names joined by commas), the
    values joined by commas: ``targets(plays, field="x,y")`` -> ``{"1,-2": play, ...}``.
    A move without one of the fields is left out; the last of equal keys wins."""
    names = [f.strip() for f in field.split(",")]
    out: dict[str, M] = {}
    for m in moves:
        if all(hasattr(m, f) for f in names):
            out[",".join(str(getattr(m, f)) for f in names)] = m
    return out
