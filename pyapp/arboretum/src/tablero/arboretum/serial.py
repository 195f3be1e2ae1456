"""Arboretum's JSON format (version 1) and the position checks shared with the notation.

The format is described in ``docs/notation-arboretum.md`` (section "JSON").  The keys
every game shares (``game``, ``version``, ``players``, ``setup``, ``viewer``, ``rng``,
``history``) are the core's envelope (:mod:`tablero.core.envelope`); this module writes
and reads Arboretum's own keys between them.  The state class to build is a parameter
(``ArboretumState.from_dict`` passes itself), so this module does not import the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tablero.core import CorruptDataError
from tablero.core.envelope import read_envelope
from tablero.core.jsonutil import require, require_int, require_list, require_name

from .cards import CARD_NAMES
from .data import CODES, DECISION_NAMES, DRAWS_PER_TURN, HAND_SIZE, HIDDEN, SPECIES_IN_PLAY
from .grid import ORIGIN, cell, cell_name, connected, frontier, in_range, parse_xy
from .moves import PLAYERS

if TYPE_CHECKING:
    from .state import ArboretumState

_BY_NAME = {name: c for c, name in enumerate(CARD_NAMES)}


def _names(cards: list[int]) -> list[str | None]:
    """Cards by name, a view's hidden cards as ``null`` after the known ones."""
    return [CARD_NAMES[c] for c in cards if c != HIDDEN] + [None] * cards.count(HIDDEN)


def state_to_dict(s: ArboretumState, copy: bool = True) -> dict[str, Any]:
    """The state's JSON-pure data: the core's envelope around Arboretum's keys;
    ``copy=False`` shares the setup and the history (for ``to_json`` only)."""
    return s.envelope(
        head={},
        body={
            "arboretums": [
                [[cell_name(c), CARD_NAMES[arb[c]]] for c in sorted(arb)] for arb in s.arbs
            ],
            "hands": [_names(h) for h in s.hands],
            "known": [_names(k) for k in s.known],
            "discards": [_names(d) for d in s.discards],
            "deck": None if s.deck is None else _names(s.deck),
            "deck_count": s.deck_count,
            "unseen": None if s.unseen is None else _names(s.unseen),
            "scores": list(s.score),
            "turn": {"player": s.player, "phase": s.decision, "draws": s.draws},
        },
        copy=copy,
    )


def _card(value: Any, what: str) -> int:
    return require_name(_BY_NAME, value, what, "a card name (like Ca5)")


def _cards(value: Any, what: str, hidden_ok: bool = False) -> list[int]:
    out = []
    for x in require_list(value, what):
        if x is None and hidden_ok:
            out.append(HIDDEN)
        else:
            out.append(_card(x, f"a card in {what}"))
    return out


def state_from_dict(data: Mapping[str, Any], cls: type[ArboretumState]) -> ArboretumState:
    """Read version-1 data into a ``cls``: the core checks the envelope (format version,
    players, setup, viewer, PRNG state, history), then every Arboretum field is checked
    and the position validated."""
    env = read_envelope(data, cls.game)
    n = env.players
    s = cls.__new__(cls)
    s.n = n
    s.species = SPECIES_IN_PLAY[n]
    s.setup = env.setup
    s.viewer_ = env.viewer
    s.rng = env.rng
    s.history_ = env.history
    s.arbs = []
    for p, cards in enumerate(require_list(require(data, "arboretums", list), "arboretums", n)):
        arb: dict[int, int] = {}
        for entry in require_list(cards, f"player {PLAYERS[p]}'s arboretum"):
            entry = require_list(entry, "an arboretum card", 2)
            if not isinstance(entry[0], str):
                raise CorruptDataError("an arboretum card's cell must be a text like 0,0")
            try:
                x, y = parse_xy(entry[0])
            except ValueError as exc:
                raise CorruptDataError(str(exc)) from exc
            if not in_range(x, y):
                raise CorruptDataError(f"cell {entry[0]} is too far from 0,0")
            at = cell(x, y)
            if at in arb:
                raise CorruptDataError(
                    f"two cards on {entry[0]} in player {PLAYERS[p]}'s arboretum"
                )
            arb[at] = _card(entry[1], f"the card on {entry[0]}")
        s.arbs.append(arb)
    s.fronts = [frontier(a) for a in s.arbs]
    s.hands = [
        sorted(_cards(h, "a hand", hidden_ok=True))
        for h in require_list(require(data, "hands", list), "hands", n)
    ]
    s.known = [
        sorted(_cards(k, "known cards")) for k in require_list(data.get("known"), "known", n)
    ]
    s.discards = [
        _cards(d, "a discard pile") for d in require_list(data.get("discards"), "discards", n)
    ]
    s.deck = None if data.get("deck") is None else sorted(_cards(data["deck"], "the deck"))
    s.deck_count = require_int(require(data, "deck_count", int), "deck_count", 0, 80)
    s.unseen = None if data.get("unseen") is None else sorted(_cards(data["unseen"], "unseen"))
    s.score = [require_int(x, "a score", 0) for x in require_list(data.get("scores"), "scores", n)]
    turn = require(data, "turn", dict)
    s.player = require_int(turn.get("player"), "turn player", 0, n - 1)
    s.decision = require(turn, "phase", str, "turn")
    if s.decision not in DECISION_NAMES:
        raise CorruptDataError(f"unknown decision {s.decision!r} ({', '.join(DECISION_NAMES)})")
    s.draws = require_int(turn.get("draws"), "draws", 0, DRAWS_PER_TURN - 1)
    validate(s)
    return s


def hand_size(s: ArboretumState, p: int) -> int:
    """The number of cards player ``p`` holds in this position (rules, not data)."""
    if p != s.player or s.decision == "over":
        return HAND_SIZE
    return {"draw": HAND_SIZE + s.draws, "play": HAND_SIZE + 2, "discard": HAND_SIZE + 1}[
        s.decision
    ]


def validate(s: ArboretumState) -> None:  # noqa: C901 - one check per rule
    """Check that ``s`` is a possible Arboretum position; :class:`CorruptDataError` if not."""
    n, k = s.n, s.species
    full = s.viewer_ is None
    over = s.decision == "over"
    in_play = 8 * k

    def who(p: int) -> str:
        return f"player {PLAYERS[p]}"

    for p, arb in enumerate(s.arbs):
        if arb and ORIGIN not in arb:
            raise CorruptDataError(f"{who(p)}'s arboretum has no card on 0,0 (the first card)")
        if not connected(arb):
            raise CorruptDataError(
                f"{who(p)}'s arboretum is not connected: every card lies orthogonally next "
                "to another"
            )
    for p, hand in enumerate(s.hands):
        if HIDDEN in hand and (full or p == s.viewer_ or over):
            raise CorruptDataError(f"{who(p)}'s hand has a hidden card where none can be hidden")
        if len(hand) != hand_size(s, p):
            raise CorruptDataError(
                f"{who(p)} holds {len(hand)} cards, but the position needs {hand_size(s, p)}"
            )
        known = s.known[p]
        if len(set(known)) != len(known) or any(c not in hand for c in known):
            raise CorruptDataError(f"{who(p)}'s known cards are not all in the hand")
        if HIDDEN in hand and [c for c in hand if c != HIDDEN] != known:
            raise CorruptDataError(
                f"in this view, {who(p)}'s visible cards must be exactly the known ones"
            )
    if full != (s.deck is not None) or full == (s.unseen is not None):
        raise CorruptDataError("a state has either the deck's cards or, in a view, 'unseen'")
    if s.deck is not None and len(s.deck) != s.deck_count:
        raise CorruptDataError(f"the deck holds {len(s.deck)} cards, not {s.deck_count}")
    if s.unseen is not None:
        hidden = s.deck_count + sum(h.count(HIDDEN) for h in s.hands)
        if len(s.unseen) != hidden:
            raise CorruptDataError(f"'unseen' lists {len(s.unseen)} cards, not {hidden}")
    # every card of the species in play exactly once
    where: dict[int, str] = {}

    def put(c: int, place: str) -> None:
        if c >= in_play:
            raise CorruptDataError(
                f"{CARD_NAMES[c]} ({place}) is not in a {n}-player game "
                f"(species {' '.join(CODES[:k])})"
            )
        if c in where:
            raise CorruptDataError(f"{CARD_NAMES[c]} is both in {where[c]} and in {place}")
        where[c] = place

    for p, arb in enumerate(s.arbs):
        for c in arb.values():
            put(c, f"{who(p)}'s arboretum")
    for p, hand in enumerate(s.hands):
        for c in hand:
            if c != HIDDEN:
                put(c, f"{who(p)}'s hand")
    for p, pile in enumerate(s.discards):
        for c in pile:
            put(c, f"{who(p)}'s discard pile")
    for c in s.deck if s.deck is not None else s.unseen or []:
        put(c, "the deck" if full else "the unseen cards")
    if len(where) != in_play:
        missing = " ".join(CARD_NAMES[c] for c in range(in_play) if c not in where)
        raise CorruptDataError(
            f"the position holds {len(where)} cards, but a {n}-player game has {in_play} "
            f"(missing: {missing})"
        )
    # the pending decision
    if s.draws and s.decision != "draw":
        raise CorruptDataError("'draws' counts cards drawn during the draw decision only")
    piles = any(s.discards)
    if s.decision == "draw":
        if s.draws == 0 and (s.deck_count == 0 or (s.deck_count == 1 and not piles)):
            raise CorruptDataError(
                "a turn starts only while the deck holds a card, and two draws must be "
                "possible (the deck's last card and a discard)"
            )
        if s.draws == 1 and s.deck_count == 0 and not piles:
            raise CorruptDataError(
                "the second draw is impossible: deck and discard piles are empty"
            )
    if over:
        if s.deck_count:
            raise CorruptDataError("the game ends only when the deck is empty")
        want = s.final_scores()
        if s.score != want:
            raise CorruptDataError(
                f"the scores {s.score} do not match the final scoring of the position {want}"
            )
    elif any(s.score):
        raise CorruptDataError("Arboretum scores only at the end: scores are 0 until then")
