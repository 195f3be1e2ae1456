"""Arribada's JSON format (version 1) and the checks shared with the notation reader.

The format is described in ``docs/notation-arribada.md`` (section "JSON").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tablero.core import CorruptDataError
from tablero.core.envelope import read_envelope
from tablero.core.jsonutil import require, require_int, require_list

from .board import NIDO, PLAYA, ROCK, get_board
from .data import (
    BOARD_FOR_PLAYERS,
    DECISION_NAMES,
    DISPLAY_SIZE,
    EMPTY,
    RACK_SIZE,
    SHELLS,
    TILE_SUPPLY,
    VARIANTS,
    WILD,
)

if TYPE_CHECKING:
    from .state import ArribadaState


def _tile_out(v: int) -> int | str:
    return "wild" if v == WILD else v


def _tile_in(v: Any, what: str) -> int:
    if v == "wild":
        return WILD
    return require_int(v, what, 1, 8)


def _opt(v: int) -> int | None:
    return None if v == EMPTY else v


def state_to_dict(s: ArribadaState, copy: bool = True) -> dict[str, Any]:
    """The state's JSON-pure data: the core's envelope around Arribada's keys;
    ``copy=False`` shares the setup and the history (for ``to_json`` only)."""
    b = s.board
    tiles = [
        [b.cell_name(c), _tile_out(v), None if s.owners[c] < 0 else s.owners[c]]
        for c, v in enumerate(s.values)
        if v != EMPTY
    ]
    return s.envelope(
        head={"variant": s.variant, "board": b.name},
        body={
            "tiles": tiles,
            "racks": [[_opt(v) for v in rack] for rack in s.racks],
            "display": [_opt(v) for v in s.display],
            "bag": None if s.bag is None else list(s.bag),
            "bag_count": s.bag_count,
            "unseen": None if s.unseen is None else list(s.unseen),
            "shells": list(s.shells),
            "refresh": list(s.refresh),
            "scores": list(s.score),
            "removed": [[_tile_out(v) for v in r] for r in s.removed],
            "turn": {
                "player": s.player,
                "phase": s.decision,
                "first": s.first,
                "final_round": s.final_round,
                "passes": s.passes,
                "picks_rack": [_opt(v) for v in s.picks_rack],
                "picks_display": list(s.picks_display),
                "refresh_from": s.refresh_from,
            },
        },
        copy=copy,
    )


def _counts(value: Any, what: str) -> list[int]:
    lst = require_list(value, what, 8)
    return [require_int(x, f"{what} entry", 0, 110) for x in lst]


def state_from_dict(data: Mapping[str, Any], cls: type[ArribadaState]) -> ArribadaState:
    """Read version-1 data into a ``cls``; every field is checked and the position
    validated."""
    env = read_envelope(data, cls.game)
    n = env.players
    variant = require(data, "variant", str)
    if variant not in VARIANTS:
        raise CorruptDataError(f"unknown Arribada variant {variant!r}")
    board_name = require(data, "board", str)
    if board_name != BOARD_FOR_PLAYERS[n]:
        raise CorruptDataError(f"a {n}-player game is played on the {BOARD_FOR_PLAYERS[n]} board")
    board = get_board(board_name)
    s = cls.__new__(cls)
    s.board = board
    s.n = n
    s.variant = variant
    s.setup = env.setup
    s.viewer_ = env.viewer
    s.values = [EMPTY] * (board.size**2)
    s.owners = [-1] * (board.size**2)
    for t in require_list(require(data, "tiles", list), "tiles"):
        t = require_list(t, "a tile", 3)
        if not isinstance(t[0], str):
            raise CorruptDataError("a tile's cell must be a cell name")
        try:
            cell = board.parse_cell(t[0])
        except ValueError as exc:
            raise CorruptDataError(str(exc)) from exc
        if s.values[cell] != EMPTY:
            raise CorruptDataError(f"two tiles on {t[0]}")
        s.values[cell] = _tile_in(t[1], f"the tile on {t[0]}")
        s.owners[cell] = -1 if t[2] is None else require_int(t[2], f"owner of {t[0]}", 0, n - 1)
    racks = require_list(require(data, "racks", list), "racks", n)
    s.racks = [
        sorted(EMPTY if v is None else require_int(v, "a rack tile", 1, 8) for v in
               require_list(r, "a rack"))
        for r in racks
    ]  # fmt: skip
    display = require_list(require(data, "display", list), "display", DISPLAY_SIZE)
    s.display = [EMPTY if v is None else require_int(v, "a display tile", 1, 8) for v in display]
    s.bag = None if data.get("bag") is None else _counts(data["bag"], "bag")
    s.bag_count = require_int(require(data, "bag_count", int), "bag_count", 0, 110)
    s.unseen = None if data.get("unseen") is None else _counts(data["unseen"], "unseen")
    s.shells = [require_int(x, "shells", 0, 27) for x in require_list(data.get("shells"),
                "shells", n)]  # fmt: skip
    refresh = require_list(data.get("refresh"), "refresh", n)
    if not all(isinstance(x, bool) for x in refresh):
        raise CorruptDataError("refresh must list true/false per player")
    s.refresh = list(refresh)
    s.score = [require_int(x, "score") for x in require_list(data.get("scores"), "scores", n)]
    s.removed = [
        sorted(_tile_in(v, "a removed tile") for v in require_list(r, "removed tiles"))
        for r in require_list(data.get("removed"), "removed", n)
    ]
    turn = require(data, "turn", dict)
    s.player = require_int(turn.get("player"), "turn player", 0, n - 1)
    s.decision = require(turn, "phase", str, "turn")
    if s.decision not in DECISION_NAMES:
        raise CorruptDataError(f"unknown phase {s.decision!r}")
    s.first = require_int(turn.get("first"), "first player", 0, n - 1)
    s.final_round = require(turn, "final_round", bool, "turn")
    s.passes = require_int(turn.get("passes"), "passes", 0, n)
    s.picks_rack = sorted(
        EMPTY if v is None else require_int(v, "a picked tile", 1, 8)
        for v in require_list(turn.get("picks_rack"), "picks_rack")
    )
    s.picks_display = sorted(
        require_int(v, "a picked display slot", 0, DISPLAY_SIZE - 1)
        for v in require_list(turn.get("picks_display"), "picks_display")
    )
    s.refresh_from = require(turn, "refresh_from", str, "turn")
    s.rng = env.rng
    s.history_ = env.history
    validate(s)
    return s


def validate(s: ArribadaState) -> None:
    """Check that ``s`` is a possible Arribada position; :class:`CorruptDataError` if not."""
    b = s.board
    n = s.n
    for cell, v in enumerate(s.values):
        kind, owner, name = b.kinds[cell], s.owners[cell], b.cell_name(cell)
        if kind == ROCK and v != EMPTY:
            raise CorruptDataError(f"{name} is the roca grande and cannot hold a tile")
        if v == EMPTY and owner != -1:
            raise CorruptDataError(f"{name} has an owner but no tile")
        if v != EMPTY and owner == -1 and kind != NIDO:
            raise CorruptDataError(f"neutral tiles lie only on nidos, but {name} is {kind}")
        if v == WILD and owner == -1:
            raise CorruptDataError(f"the wild on {name} must belong to a player")
        if kind == PLAYA and v != EMPTY and owner == -1:
            raise CorruptDataError(f"{name} holds a tile without an owner")
    for p, rack in enumerate(s.racks):
        if len(rack) > RACK_SIZE:
            raise CorruptDataError(f"player {p + 1}'s rack holds {len(rack)} tiles (at most 5)")
        if EMPTY in rack and (s.viewer_ is None or s.viewer_ == p):
            raise CorruptDataError(f"player {p + 1}'s rack has a hidden tile in a full state")
    full = s.viewer_ is None
    if full != (s.bag is not None) or full == (s.unseen is not None):
        raise CorruptDataError("a state has either the bag's contents or, in a view, 'unseen'")
    if s.bag is not None and sum(s.bag) != s.bag_count:
        raise CorruptDataError(f"the bag's counts add up to {sum(s.bag)}, not {s.bag_count}")
    if s.unseen is not None:
        hidden = s.bag_count + sum(len(r) for q, r in enumerate(s.racks) if q != s.viewer_)
        if sum(s.unseen) != hidden:
            raise CorruptDataError(f"'unseen' counts {sum(s.unseen)} tiles, not {hidden}")
    # every tile accounted for, no value more often than the box holds
    counts = [0] * 10
    for v in s.values:
        counts[v] += 1
    for v in s.display:
        counts[v] += 1
    for r in s.removed:
        for v in r:
            counts[v] += 1
    for q, r in enumerate(s.racks):
        if full or q == s.viewer_:
            for v in r:
                counts[v] += 1
    for i, c in enumerate(s.bag if s.bag is not None else s.unseen or []):
        counts[i + 1] += c
    for v in range(1, 9):
        if counts[v] > TILE_SUPPLY[v]:
            raise CorruptDataError(
                f"there are {counts[v]} tiles of value {v}, but the game has only {TILE_SUPPLY[v]}"
            )
    total = sum(counts[1:])
    if total != 110:
        raise CorruptDataError(
            f"the position holds {total} tiles, but Arribada has 110 "
            "(board, racks, display, bag and removed tiles together)"
        )
    for p in range(n):
        owned = sum(1 for o in s.owners if o == p)
        if s.shells[p] + owned > SHELLS[n]:
            raise CorruptDataError(
                f"player {p + 1} has {s.shells[p]} shells in supply and {owned} on the board, "
                f"more than the {SHELLS[n]} of a {n}-player game"
            )
    # the pending decision
    if s.decision == "refresh":
        if s.refresh_from not in ("start", "end"):
            raise CorruptDataError("a refresh in progress must come from the turn's start or end")
        if not s.refresh[s.player]:
            raise CorruptDataError("a refresh in progress needs the player's refresh seashell")
        left = list(s.racks[s.player])
        for v in s.picks_rack:
            if v not in left:
                raise CorruptDataError(f"picked rack tile {v} is not on the rack")
            left.remove(v)
        for slot in s.picks_display:
            if s.display[slot] == EMPTY:
                raise CorruptDataError(f"picked display slot {slot + 1} is empty")
        if len(set(s.picks_display)) != len(s.picks_display):
            raise CorruptDataError("a display slot is picked twice")
        if len(s.picks_rack) + len(s.picks_display) > s.bag_count:
            raise CorruptDataError("more tiles picked for the refresh than the bag holds")
    elif s.picks_rack or s.picks_display or s.refresh_from:
        raise CorruptDataError("refresh picks are only possible while refreshing")
    can_draw = s.bag_count > 0 or any(v != EMPTY for v in s.display)
    if s.decision == "end" and len(s.racks[s.player]) < RACK_SIZE and can_draw:
        raise CorruptDataError("the player must draw back before ending the turn")
    if s.decision == "draw" and (len(s.racks[s.player]) >= RACK_SIZE or not can_draw):
        raise CorruptDataError("the decision is 'draw' but there is nothing to draw")
