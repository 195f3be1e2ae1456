"""Reading a link in time slices, so that a slow device shows it is still at it.

A phone takes a second or more over a pass of Arribada's bag (a hundred
multiplications of :mod:`.maskdeck`) or the end's audit of a private table.  The page
reads a link within a slice of about a tenth of a second of work (:func:`time_slice`,
around the controller's reading: ``tablero.web.screens.remote``): once the slice is
spent, the next piece of work raises :class:`Pause` instead (what was done is kept by
the code that did it, :mod:`.maskdeck`'s passes under way), the screen says the link is
still being read, and the page reads the same link again a moment later, after it has
painted; that reading finds the work done so far and goes on.  Every slice does its
tenth of a second of work, so a reading always ends.  Standard library only: the start
of the app imports it without the protocol.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["Pause", "spent", "time_slice", "worked"]


class Pause(BaseException):  # noqa: N818 - a signal, not an error
    """The time slice of a reading is spent: read the link again later to go on.  A
    ``BaseException``, so that no ``except Exception`` of the protocol takes it for a
    damaged link."""


_budget: float | None = None  # the open slice's seconds of work, if a slice is open
_deadline: float | None = None  # when they are spent (set by the slice's first work)


@contextmanager
def time_slice(seconds: float | None) -> Iterator[None]:
    """Within it, :func:`spent` becomes true ``seconds`` after the first piece of work
    (what a reading does before its first piece, such as reading the link's points
    again, does not count: every slice goes on by ``seconds`` of work); ``None``: no
    slice, as in the tests and on the command line."""
    global _budget, _deadline
    if seconds is None:
        yield
        return
    outer = _budget, _deadline
    _budget, _deadline = seconds, None
    try:
        yield
    finally:
        _budget, _deadline = outer


def spent() -> bool:
    """Whether the open slice (if any) has had its seconds of work: the caller raises
    :class:`Pause` before its next piece of work."""
    return _deadline is not None and time.perf_counter() > _deadline


def worked() -> None:
    """A piece of work done in the open slice (the first starts its clock)."""
    global _deadline
    if _budget is not None and _deadline is None:
        _deadline = time.perf_counter() + _budget
