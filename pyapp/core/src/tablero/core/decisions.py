"""Turns as decisions, and each decision's rules in one place.

A :class:`~tablero.core.PhasedState` is always waiting for one named decision (its
``decision``; ``phase`` is the alias kept from its first name).  A game declares, once,
which kinds of move each decision allows (:class:`Decision`), and writes one function
per move kind for each job, tagged with a decorator:

* :func:`moves_of` ``(decision, ...)``: the legal moves of a decision, in order;
* :func:`checks` ``(MoveType, ...)``: why a move of that kind is illegal now (a
  sentence) or ``None``; it runs only once the decision allows the kind, and a kind
  that needs nothing more than its decision pending has none;
* :func:`plays` ``(MoveType, ...)``: the move's effect, on a fresh copy of the state
  (``self``), recording what happened in the history entry's event list;
* :func:`sources` and :func:`deals` ``(kind, ...)``: what a chance step of that kind
  could give, and its outcome's effect (:mod:`tablero.core.chance`).

The state's class gathers the tagged functions when it is defined (see
``PhasedState.__init_subclass__``), so ``legal_moves``, ``illegal_reason`` and
``apply_unchecked`` are written once, in the core, and dispatch by decision and by move
type.  The "not now" message is written once too (:func:`not_now`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = ["Decision", "checks", "deals", "moves_of", "not_now", "plays", "sources"]

F = TypeVar("F", bound=Callable[..., Any])

#: The attribute a tagged function carries: ``(job, keys)``.
RULE_TAG = "_tablero_rule"


@dataclass(frozen=True)
class Decision:
    """A decision a player can be asked to make: the move kinds it allows, and how a
    player would be told what is expected (a text, or a function of the state for a
    text that depends on the position)."""

    moves: tuple[type, ...]
    expects: str | Callable[[Any], str]

    def expected(self, state: Any) -> str:
        return self.expects if isinstance(self.expects, str) else self.expects(state)


def not_now(move: object, decision: str, expected: str) -> str:
    """The message for a move of a kind the pending decision does not allow."""
    return f"{move} is not possible now: the decision is {decision!r} ({expected})"


def _tag(job: str, keys: tuple[Any, ...]) -> Callable[[F], F]:
    def tag(fn: F) -> F:
        setattr(fn, RULE_TAG, (job, keys))
        return fn

    return tag


def moves_of(*decisions: str) -> Callable[[F], F]:
    """Tag a method ``(self) -> list[move]`` as the legal moves of these decisions."""
    return _tag("moves", decisions)


def checks(*move_types: type) -> Callable[[F], F]:
    """Tag a method ``(self, move) -> str | None`` as the legality check of these kinds."""
    return _tag("check", move_types)


def plays(*move_types: type) -> Callable[[F], F]:
    """Tag a method ``(self, move, events) -> None`` as the effect of these kinds."""
    return _tag("play", move_types)


def sources(*kinds: str) -> Callable[[F], F]:
    """Tag a method ``(self, step) -> Source`` as what chance steps of these kinds
    could give (see :mod:`tablero.core.chance`)."""
    return _tag("source", kinds)


def deals(*kinds: str) -> Callable[[F], F]:
    """Tag a method ``(self, step, value, events) -> None`` as the effect of an outcome
    of these kinds of chance step (``value`` is ``UNSEEN`` in a view that does not see
    it)."""
    return _tag("deal", kinds)
