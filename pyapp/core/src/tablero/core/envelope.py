"""The JSON envelope every game's saved state shares.

A state's JSON is one object::

    {"game": id, "version": N, "players": n, <head>, "setup": {...}, "viewer": p|null,
     <body>, "rng": "16 hex digits"|null, "history": [...]}

(and ``"chance"`` after ``"rng"`` while a chance step waits for its outcome: written for
a table without a dealer and its views, not yet read back).

where ``<head>`` and ``<body>`` are the game's own keys (its notation doc lists them).
:func:`write_envelope` builds it and :func:`read_envelope` checks the shared keys
(format version, player count, setup, viewer, PRNG state, history) with the messages
every game gives, so a game's ``serial`` module reads only its own keys.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any

from .errors import CorruptDataError
from .jsonutil import check_version, copy_json, read_setup, require, require_int, require_list

if TYPE_CHECKING:
    from .protocol import Game

__all__ = ["Envelope", "ParsedJson", "read_envelope", "write_envelope"]

_RNG = re.compile(r"[0-9a-f]{16}")


class ParsedJson(dict[str, Any]):
    """A JSON object just parsed from text (by :func:`tablero.core.from_json`) and
    handed over whole: nothing else holds its parts, so :func:`read_envelope` keeps
    its history as it is instead of copying it (the state read owns it)."""

    __slots__ = ()


@dataclass(frozen=True)
class Envelope:
    """The shared part of a state's data, read and checked."""

    players: int
    setup: dict[str, Any]
    viewer: int | None
    rng: int  # 0 in a view
    history: list[dict[str, Any]]


def write_envelope(
    game: Game,
    *,
    players: int,
    setup: Mapping[str, Any],
    viewer: int | None,
    rng: int | None,
    history: list[dict[str, Any]],
    head: Mapping[str, Any],
    body: Mapping[str, Any],
    copy: bool = True,
    chance: Sequence[Any] | None = None,
) -> dict[str, Any]:
    """A state's JSON-pure data: the envelope around the game's ``head`` and ``body``.

    ``copy=False`` puts ``setup`` and ``history`` in as they are, for data that is
    serialised at once and dropped (:meth:`State.to_json`): the same data, sharing
    parts with the state, so it must never be handed out.  A pending chance step (a
    table without a dealer, a view) is written as ``"chance"``, after ``"rng"``; a
    seeded table never has one between moves, so its data is what it always was."""
    data = {
        "game": game.id,
        "version": game.version,
        "players": players,
        **head,
        "setup": copy_json(setup) if copy else setup,
        "viewer": viewer,
        **body,
        "rng": None if viewer is not None or rng is None else f"{rng:016x}",
        "history": copy_json(history) if copy else history,
    }
    if chance is not None:
        data["chance"] = copy_json(list(chance))
    return data


def read_rng(value: Any) -> int:
    """A full state's PRNG state: exactly 16 lower-case hex digits."""
    if not isinstance(value, str):
        raise CorruptDataError("a full state needs its rng state (a hex string)")
    if not _RNG.fullmatch(value):
        raise CorruptDataError(f"rng state {value[:40]!r} is not hexadecimal (16 digits 0-9, a-f)")
    return int(value, 16)


def read_history(value: Any, players: int, copy: bool = True) -> list[dict[str, Any]]:
    """The history: a list of ``{"player", "move", "events"}`` objects (copied, unless
    ``copy`` is false: data nobody else holds), each naming a seat of the game, its
    events a list of objects each with a text ``"type"`` (the game's own keys beside
    it)."""
    history = require_list(value, "history")
    if not _well_formed(history, players):  # then find the first problem, in order
        for e in history:
            if (
                not isinstance(e, dict)
                or not isinstance(e.get("move"), str)
                or not isinstance(e.get("events"), list)
            ):
                raise CorruptDataError(
                    "a history entry must be an object with a 'move' and 'events'"
                )
            require_int(e.get("player"), "a history entry's player", 0, players - 1)
            for event in e["events"]:
                if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                    raise CorruptDataError(
                        "a history entry's event must be an object with a 'type'"
                    )
    if not copy:
        return history
    out: list[dict[str, Any]] = copy_json(history)
    return out


def _well_formed(history: list[Any], players: int) -> bool:
    """Whether every entry of ``history`` is a plain ``dict`` with a ``str`` move, a
    ``list`` of events and an ``int`` player in ``0 .. players - 1``, and every event a
    plain ``dict`` with a ``str`` type: what :func:`read_history` accepts, in the
    exact types JSON gives, tested a key at a time over all entries (no loop here).
    ``False`` leaves the entries to be checked one by one."""
    if not _ONLY_DICTS(map(type, history)):
        return False
    if not _ONLY_STRS(map(type, map(dict.get, history, repeat("move")))):
        return False
    lists: list[Any] = list(map(dict.get, history, repeat("events")))
    if not _ONLY_LISTS(map(type, lists)):
        return False
    seats: list[Any] = list(map(dict.get, history, repeat("player")))
    if seats and not (_ONLY_INTS(map(type, seats)) and min(seats) >= 0 and max(seats) < players):
        return False
    events = list(chain.from_iterable(lists))
    return _ONLY_DICTS(map(type, events)) and _ONLY_STRS(
        map(type, map(dict.get, events, repeat("type")))
    )


_ONLY_DICTS = frozenset((dict,)).issuperset
_ONLY_LISTS = frozenset((list,)).issuperset
_ONLY_STRS = frozenset((str,)).issuperset
_ONLY_INTS = frozenset((int,)).issuperset


def read_players(data: Mapping[str, Any], game: Game) -> int:
    """The format version (refused when newer) and the player count, checked first."""
    check_version(data, game.title, game.version)
    return require_int(require(data, "players", int), "players", game.min_players, game.max_players)


def read_envelope(data: Mapping[str, Any], game: Game) -> Envelope:
    """The shared keys of ``data``, checked (:class:`CorruptDataError` naming the problem).

    The history is copied, unless ``data`` is :class:`ParsedJson` (text just parsed,
    whose parts nothing else holds)."""
    players = read_players(data, game)
    if data.get("chance") is not None:
        raise CorruptDataError(
            "this table is waiting for a chance step to be dealt (a table without a "
            "dealer): such a table cannot be read back yet"
        )
    setup = read_setup(require(data, "setup", dict), players)
    viewer_value = data.get("viewer")
    viewer = None if viewer_value is None else require_int(viewer_value, "viewer", 0, players - 1)
    if viewer is None:
        rng = read_rng(data.get("rng"))
    elif data.get("rng") is not None:
        raise CorruptDataError("a player's view holds no rng state ('rng' must be null)")
    else:
        rng = 0
    history = read_history(data.get("history"), players, copy=type(data) is not ParsedJson)
    return Envelope(players, setup, viewer, rng, history)
