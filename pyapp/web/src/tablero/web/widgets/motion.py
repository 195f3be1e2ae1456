"""A move in motion: the attributes that make the page animate an element of the table
the first time it shows it.

The table is rendered as text and put in place by the page's patch (static/boot/patch.js),
which keeps the elements that did not change; the page's motion (static/boot/motion.js)
then animates each element that carries ``data-anim`` and whose ``data-anim-key`` it has
not animated yet in the game on the table (the shell's table section names the game,
``data-anim-scope``): the key names the move (the history's length once it was played,
and which of its pieces), so a later render of the same table (a selection, a preview,
another seat's view of the same move) never plays it again.

The kinds (each 150-400 ms, transform and opacity only, never delaying input: a click or a
key during an animation finishes it first; ``prefers-reduced-motion`` shows the end at
once):

``appear``
    grows from a smaller size into its place (a tile placed, a card laid, a shell put);
``drop``
    falls or slides in from ``dx, dy`` (in the element's own units: an SVG element's are
    its drawing's) to its place (Arraial's piece, a card drawn from a pile); or, with an
    ``origin`` (a selector within the table), from the place of the element it selects,
    measured by the page against the element's container (a card slid along a row that
    may wrap: only the page knows its layout; ``dx, dy`` then stand in when nothing
    matches);
``flip``
    turns over about its vertical axis (a tile turned face down, a card turned face up);
``leave``
    the element was taken away: it is drawn where it was and fades out there (a card
    discarded, a tile removed) — the renderer draws such a ghost only for the move;
``count``
    a number ticks up (or down) from ``dx`` to its text (a score).

Each animation has a ``delay`` (ms) so that the parts of one move play in order (the
piece lands, then the score ticks).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from ..svg import num

__all__ = ["MOTION_KINDS", "MotionKind", "motion", "move_key", "recent_entries"]

MotionKind = Literal["appear", "drop", "flip", "leave", "count"]
MOTION_KINDS: tuple[MotionKind, ...] = ("appear", "drop", "flip", "leave", "count")


def move_key(moves: int, part: str = "") -> str:
    """The key of what the move that made the history ``moves`` long moved (``part``: which
    of its pieces, when it moved several).

    >>> move_key(12, "c4"), move_key(12)
    ('12:c4', '12')
    """
    return f"{moves}:{part}" if part else str(moves)


def motion(
    kind: MotionKind,
    key: str,
    *,
    dx: float = 0,
    dy: float = 0,
    delay: int = 0,
    origin: str = "",
) -> dict[str, str]:
    """The attributes (for :func:`tablero.web.svg.tag`'s keywords) that animate an element
    with ``kind`` once under ``key`` (:func:`move_key`); ``dx, dy``: where a ``drop``
    comes from, or a ``count``'s first number (``dx``); ``delay``: ms before it starts;
    ``origin``: a ``drop``'s place of departure as a selector within the table (the
    element's container moves from there; the page measures it).

    >>> motion("drop", "3", dy=-40)
    {'data_anim': 'drop', 'data_anim_key': '3', 'data_anim_from': '0,-40'}
    >>> motion("appear", "3", delay=150)["data_anim_delay"]
    '150'
    >>> motion("drop", "4", dx=90, origin='[data-slot="3"]')["data_anim_origin"]
    '[data-slot="3"]'
    """
    if kind not in MOTION_KINDS:
        raise ValueError(f"unknown motion {kind!r}")
    if origin and kind != "drop":
        raise ValueError(f"only a drop comes from an origin, not {kind!r}")
    out = {"data_anim": kind, "data_anim_key": key}
    if dx or dy:
        out["data_anim_from"] = f"{num(dx)},{num(dy)}"
    if origin:
        out["data_anim_origin"] = origin
    if delay:
        out["data_anim_delay"] = str(int(delay))
    return out


def recent_entries(
    history: Sequence[Mapping[str, Any]],
    viewer: int | None,
    *,
    turn_starts: tuple[str, ...] = (),
    players: int = 2,
) -> list[tuple[int, Mapping[str, Any]]]:
    """The entries whose pieces a table animates, each with the history's length once it
    was played (its :func:`move_key`): the viewer's last turn and every turn since; when
    the viewer is the one who moved last, the others' turns before it too, back to the
    viewer's turn before (a page that saw them played them already: their keys say so).
    A turn is one player's entries in a row, or, with ``turn_starts``, from the entry
    whose move starts with one of them (a game whose player takes several turns in a
    row).  No viewer, or nobody else at the table (one of ``players``): the last turn.

    >>> h = [{"player": 0}, {"player": 0}, {"player": 1}, {"player": 0}]
    >>> [m for m, _ in recent_entries(h, 1)], [m for m, _ in recent_entries(h, 0)]
    ([3, 4], [1, 2, 3, 4])
    >>> [m for m, _ in recent_entries(h, None)]
    [4]
    >>> t = [{"player": 0, "move": "take 1"}, {"player": 0, "move": "place 0,1"},
    ...      {"player": 0, "move": "take 2"}]
    >>> [m for m, _ in recent_entries(t, 0, turn_starts=("take",), players=1)]
    [3]
    """
    out: list[tuple[int, Mapping[str, Any]]] = []
    others = False
    i = len(history)
    while i > 0:
        player = history[i - 1].get("player")
        while i > 0 and history[i - 1].get("player") == player:
            out.append((i, history[i - 1]))
            i -= 1
            if turn_starts and str(out[-1][1].get("move", "")).startswith(turn_starts):
                break
        if viewer is None or (player == viewer and (others or players == 1)):
            break
        others = others or player != viewer
    return out[::-1]
