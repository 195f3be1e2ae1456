"""Chance as explicit steps: what is random in a game, seen and dealt one event at a time.

Every random event of a game (a card drawn from the deck, a tile from the bag, a slot of
the display refilled, the first player drawn at set-up) is a *chance step*.  A state
whose next event is random says so (``state.chance`` is a :class:`Chance`), and
``state.deal(outcome)`` resolves it, as OpenSpiel's chance nodes do.

A game writes two functions per kind of chance step, tagged like its moves
(:mod:`tablero.core.decisions`):

* :func:`~tablero.core.decisions.sources` ``(kind, ...)``: ``(self, step) -> Source``,
  what could come (the things physically left, in a deterministic order, with their
  weights) and who sees the outcome;
* :func:`~tablero.core.decisions.deals` ``(kind, ...)``: ``(self, step, value, events)``,
  the outcome's effect on a fresh copy, recorded in ``events``; ``value`` is
  :data:`UNSEEN` in a view that does not see the outcome.

The game asks for a step with ``self._pend(kind, arg)`` where today it would draw.  A
*dealer* resolves the steps: the seeded dealer (:func:`seeded_value`, the one place
outside ``determinize`` where a game's randomness comes from the PRNG) deals each step
as it comes, exactly as the games drew before chance steps existed, so a seed gives the
same game byte for byte; a table made with ``dealer=None`` waits for ``deal``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from .rng import Rng

__all__ = ["Chance", "Source", "Step", "UNSEEN", "dealer_state", "seeded_value"]


@dataclass(frozen=True)
class Chance:
    """A chance step waiting for its outcome, as the protocol shows it.

    ``kind`` is the rulebook's word for the event (``draw``, ``refill``, ``spawn``,
    ``deal``, ``first_player``, ...); ``outcomes`` the distinct outcome texts, in a
    deterministic order; ``weights`` how many of each could come (the copies left);
    ``seen_by`` ``None`` when everyone sees the outcome, else the seats that do.  A
    *deferrable* step bears on nothing its mover still decides in that turn: the mover
    plays on while it waits, and it is dealt before the next turn's first decision.
    """

    kind: str
    outcomes: tuple[str, ...]
    weights: tuple[int, ...]
    seen_by: frozenset[int] | None = None
    deferrable: bool = False


class Step(NamedTuple):
    """The engine's record of a pending chance step (``state.chance_``), JSON-pure:
    its ``kind``, the game's ``arg`` (a seat, a cell, what is left to deal...), the seat
    whose move caused it, the index of the history entry its outcome is recorded in
    (``-1`` at set-up: no entry) and whether it is deferrable."""

    kind: str
    arg: Any
    mover: int
    entry: int
    deferrable: bool


#: How a seeded dealer resolves a source: ``"draw"`` a uniformly random thing (weights
#: counted), ``"top"`` the first item (a deck the seeded dealer shuffled up front, whose
#: order it keeps where the game keeps its deck), ``"reveal"`` the one outcome there is
#: (what the table shows everyone, with no draw: a hand revealed at the end).
Order = Literal["draw", "top", "reveal"]


class Source(NamedTuple):
    """What a pending step could give: ``items`` (values, in a deterministic order; a
    value may repeat, one item per physical thing), or with ``weights`` (one count per
    item); ``seen_by`` as in :class:`Chance`; ``order`` how the seeded dealer takes one."""

    items: Sequence[Any]
    weights: Sequence[int] | None = None
    seen_by: frozenset[int] | None = None
    order: Order = "draw"


class _Unseen:
    """The value a view's deal gets for an outcome it does not see."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSEEN"


#: The value of an outcome the viewer does not see (``view.deal(None)``).
UNSEEN: Any = _Unseen()


def dealer_state(seed: int | str | None) -> int | None:
    """A new table's PRNG state: the seeded dealer's from ``seed``, ``None`` without a
    dealer (``seed`` ``None``)."""
    return None if seed is None else Rng(seed).state


#: The seeded dealer's generator: loaded with the table's PRNG state at each deal and
#: read back after it (one object for every deal: a search deals millions of cards).
_DEALER = Rng(0)


def seeded_value(source: Source, rng_state: int) -> tuple[Any, int]:
    """The seeded dealer: the value it deals from ``source`` and the PRNG's next state.

    A draw takes ``randbelow`` of the count and walks the items (with their weights),
    the very draw the games made before chance steps existed; a stacked deck gives its
    top and a reveal its one outcome without touching the PRNG."""
    items, weights, _, order = source
    if order != "draw":
        return items[0], rng_state
    rng = _DEALER
    rng.state = rng_state
    if weights is None:
        return items[rng.randbelow(len(items))], rng.state
    k = rng.randbelow(sum(weights))
    for i, count in enumerate(weights):
        if k < count:
            return items[i], rng.state
        k -= count
    raise AssertionError("the weights do not add up")


def chance_of(
    kind: str, source: Source, deferrable: bool, text: Any
) -> tuple[Chance, dict[str, Any]]:
    """The protocol's :class:`Chance` of a source, and each outcome text's value:
    equal values merged (their weights added), sorted by value, written by ``text``."""
    counts: dict[Any, int] = {}
    weights = source.weights if source.weights is not None else (1,) * len(source.items)
    for item, count in zip(source.items, weights, strict=True):
        if count > 0:
            counts[item] = counts.get(item, 0) + count
    if source.order == "reveal":
        counts = dict.fromkeys(list(counts)[:1], 1)
    values = sorted(counts)
    texts = {text(kind, v): v for v in values}
    chance = Chance(
        kind,
        tuple(texts),
        tuple(counts[v] for v in values),
        source.seen_by,
        deferrable,
    )
    return chance, texts
