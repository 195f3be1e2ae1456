"""Arraial's random events as chance steps: the first player, the cards dealt at set-up
and at a phase's start (``deal``) and the face-up cards topped up at the end of a turn
(``face_up``).  A table without a dealer waits for each; its views follow
the game move by move and deal by deal; every step lists exactly the cards left in the
deck; a table dealt the seeded game's cards plays the seeded game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.chance import follow as chance_follow
from support.chance import pick_outcome
from tablero.arraial import ArraialState
from tablero.arraial.data import CARD_CODES, FACE_UP, SLOTS, cards_in_play
from tablero.core import (
    PLAYERS,
    IllegalMoveError,
    InvalidMoveError,
    Rng,
    get_game,
    make,
)

GAME = get_game("arraial")
SETUPS = GAME.setups()


def table(players: int, **options: Any) -> ArraialState:
    s = make("arraial", players=players, dealer=None, **options)
    assert isinstance(s, ArraialState)
    return s


def left_in_deck(s: ArraialState) -> dict[str, int]:
    """The cards the deck holds, counted from the cards in sight: every card of the
    player count less the octagon's, the face-up ones and the discards."""
    out = set(cards_in_play(s.n)) - {c for c in s.slots if c is not None}
    out -= set(s.face_up) | set(s.discards)
    return {CARD_CODES[c]: 1 for c in sorted(out)}


def check_step(s: ArraialState) -> None:
    """The pending step lists what is physically left, seen by everyone."""
    chance = s.chance
    assert chance is not None
    assert chance.seen_by is None  # nothing dealt in Arraial is private
    if chance.kind == "first_player":
        assert chance.outcomes == tuple(PLAYERS[: s.n])
        assert chance.weights == (1,) * s.n
        return
    assert chance.kind in ("deal", "face_up")
    # The top-up is deferrable (it bears on nothing its mover still decides), the deals
    # at a phase's start are not; both are dealt before anyone's next decision.
    assert chance.deferrable == (chance.kind == "face_up")
    assert s.legal_moves() == []
    assert dict(zip(chance.outcomes, chance.weights, strict=True)) == left_in_deck(s)
    assert list(chance.outcomes) == [CARD_CODES[c] for c in sorted(s.deck)]
    if chance.kind == "face_up":
        assert len(s.face_up) < FACE_UP
    else:
        assert None in s.slots or len(s.face_up) < FACE_UP
    assert s.legal_moves() == []
    assert not s.is_terminal()


def follow(players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """A whole game at a table without a dealer, every seat's view following it: after
    every step each view is the referee's view of that seat (support.chance.follow)."""
    rng = Rng(f"arraial chance|{players}|{options}|{seed}")
    return chance_follow(table(players, **options), rng, check=check_step, same_chance=True)


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=[f"{n}p-{o}" for n, o in SETUPS])
def test_every_view_follows_the_game_move_by_move_and_deal_by_deal(
    players: int, options: dict[str, Any]
) -> None:
    for seed in range(2 if players < 4 else 1):  # two 4-player setups: two games
        kinds: set[str] = set()
        for s in follow(players, options, seed):
            if s.chance is not None:
                kinds.add(s.chance.kind)
        assert s.is_terminal() and s.phase_number == 3
        assert kinds >= {"deal", "face_up"}
        assert ("first_player" in kinds) == (options.get("first_player") is None)


def test_the_set_up_waits_for_the_first_player_then_the_deck_is_dealt() -> None:
    s = table(3)
    assert s.chance is not None and s.chance.kind == "first_player"
    assert s.legal_moves() == [] and not s.is_terminal() and s.current_player is not None
    assert s.slots == [None] * SLOTS and s.face_up == []
    s = s.deal("C")
    assert s.player == 2
    dealt = ["Z2", "I1", "V1", "T3", "O2", "L1"]
    for code in dealt:
        assert s.chance is not None and s.chance.kind == "deal"
        s = s.deal(code)
    assert s.chance is None
    assert [CARD_CODES[c] for c in s.slots if c is not None] == dealt[:3]
    assert [CARD_CODES[c] for c in s.face_up] == dealt[3:]
    assert s.deck == sorted(s.deck) and len(s.deck) == 24 - 6  # no dealer: kept sorted
    assert s.history_ == [] and s.legal_moves()
    chosen = table(2, first_player=1)
    assert chosen.chance is not None and chosen.chance.kind == "deal" and chosen.player == 1


def test_a_deal_is_refused_when_it_is_not_an_outcome_or_nothing_waits() -> None:
    s = table(2, first_player=0)
    with pytest.raises(InvalidMoveError, match="text"):
        s.deal(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="text"):
        s.deal(None)
    with pytest.raises(IllegalMoveError, match="cannot come"):
        s.deal("I3")  # the third copies leave a 2-player game
    with pytest.raises(IllegalMoveError, match="cannot come"):
        s.deal("X9")
    s = s.deal("T1")
    with pytest.raises(IllegalMoveError, match="cannot come"):
        s.deal("T1")  # already in the octagon
    with pytest.raises(IllegalMoveError, match="dealt first"):
        s.apply("rotate")
    assert s.legal_moves() == [] and not s.is_terminal()
    for code in ("T2", "I1", "I2", "O1", "O2"):
        s = s.deal(code)
    with pytest.raises(IllegalMoveError, match="nothing to deal"):
        s.deal("L1")
    view = s.view(1)
    with pytest.raises(IllegalMoveError, match="nothing to deal"):
        view.deal("L1")


def end_a_turn(s: ArraialState, rng: Rng) -> ArraialState:
    """Random moves of the player to move until the turn passes (deals as they come)."""
    p = s.player
    while s.player == p and s.chance is None:
        moves = s.legal_moves()
        s = s.apply(moves[rng.randbelow(len(moves))])
    return s


def test_the_face_up_top_up_comes_after_the_turn_and_the_next_turn_waits_for_it() -> None:
    rng = Rng("arraial top-up")
    s = table(2, first_player=0)
    for code in ("T1", "T2", "I1", "I2", "O1", "O2"):
        s = s.deal(code)
    s = end_a_turn(s, rng)
    while s.chance is None or s.chance.kind != "face_up":
        assert s.chance is None
        s = end_a_turn(s, rng)
    step = s.chance_
    assert step is not None and step.deferrable and step.arg == 0
    mover = s.history_[-1]["player"]
    assert step.mover == mover and s.player == 1 - mover  # the turn has passed
    assert step.entry == len(s.history_) - 1
    chance = s.chance
    assert chance is not None and chance.deferrable and chance.seen_by is None
    check_step(s)
    with pytest.raises(IllegalMoveError, match="dealt first"):
        s.apply("rotate")
    view = s.view(s.player)
    assert view.legal_moves() == []
    missing = FACE_UP - len(s.face_up)
    codes = list(chance.outcomes[:missing])
    for i, code in enumerate(codes):
        assert s.chance is not None and s.chance.kind == "face_up"
        assert s.chance_ is not None and s.chance_.arg == i and s.chance_.mover == mover
        before = s
        s = s.deal(code)
        events = s.history_[-1]["events"]
        assert events[-1] == {"type": "face_up", "cards": codes[: i + 1]}
        if i:  # the state before keeps its own event (a new one took its place)
            assert before.history_[-1]["events"][-1] == {"type": "face_up", "cards": codes[:i]}
        assert [e["type"] for e in events].count("face_up") == 1
    assert s.chance is None and len(s.face_up) == FACE_UP and s.legal_moves()


def test_a_phase_start_deals_the_octagon_then_the_face_up_cards() -> None:
    rng = Rng("arraial phase")
    s = table(3, first_player=0)
    seen = False
    while s.phase_number == 1 or s.chance is not None:
        if s.chance is not None:
            if s.chance.kind == "deal" and s.phase_number == 2 and not seen:
                seen = True  # the phase's first card, just after the reshuffle
                step = s.chance_
                assert step is not None and step.arg == "phase" and not step.deferrable
                ender = s.history_[step.entry]["player"]
                assert step.mover == ender and s.player == (ender + 1) % 3
                events = s.history_[-1]["events"]
                assert events[-1]["type"] == "reshuffle"
                assert s.discards == [] and s.face_up == []
                assert s.deck == sorted(s.deck)  # no dealer: the new deck sorted
            check_step(s)
            s = s.deal(pick_outcome(s.chance, rng))
        else:
            moves = s.legal_moves()
            s = s.apply(moves[rng.randbelow(len(moves))])
    assert seen
    start = s.history_[-1]["events"][-1]
    assert start["type"] == "phase_start" and start["stage"] == 2
    assert start["slots"] == [CARD_CODES[c] for c in s.slots if c is not None]
    assert start["face_up"] == [CARD_CODES[c] for c in s.face_up]
    assert None not in s.slots and len(s.face_up) == FACE_UP


def comparable(s: ArraialState) -> dict[str, Any]:
    """The state's data but its deck's order and its dealer's PRNG (and seed)."""
    data = s.to_dict()
    data["deck"] = sorted(data["deck"], key=CARD_CODES.index)
    data["rng"] = None
    data["setup"] = {**data["setup"], "seed": None}
    return data


def next_card(s: ArraialState, seeded: ArraialState) -> str:
    """The card the seeded game dealt where the table without a dealer waits."""
    chance = s.chance
    assert chance is not None
    if chance.kind == "first_player":
        return PLAYERS[seeded.player]
    if chance.kind == "deal" and None in s.slots:
        card = seeded.slots[s.slots.index(None)]
        assert card is not None
        return CARD_CODES[card]
    return CARD_CODES[seeded.face_up[len(s.face_up)]]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 11), (4, 7)])
def test_a_table_dealt_the_seeded_games_cards_plays_the_seeded_game(
    players: int, seed: int
) -> None:
    rng = Rng(f"arraial same|{seed}")
    seeded = make("arraial", players=players, seed=seed)
    assert isinstance(seeded, ArraialState) and seeded.chance is None
    s = table(players)
    while True:
        while s.chance is not None:
            s = s.deal(next_card(s, seeded))
        assert comparable(s) == comparable(seeded)
        if seeded.is_terminal():
            break
        moves = seeded.legal_moves()
        assert s.legal_moves() == moves
        move = moves[rng.randbelow(len(moves))]
        seeded, s = seeded.apply(move), s.apply(move)
        assert seeded.chance is None and "chance" not in seeded.to_dict()
    assert s.is_terminal() and s.scores() == seeded.scores()


def test_only_the_deck_order_is_hidden_and_nothing_dealt_is_private() -> None:
    s = table(4)
    for q in range(4):  # a half-set-up table: no card dealt yet, the deck sorted
        view = s.view(q)
        assert view.chance == s.chance and view.slots == [None] * SLOTS
        assert view.deck == sorted(s.deck) == s.deck
    rng = Rng("arraial hidden")
    seeded = make("arraial", players=4, seed=5)
    for _ in range(60):
        assert isinstance(seeded, ArraialState)
        data = seeded.to_dict()
        for q in range(4):
            seen = seeded.view(q).to_dict()
            assert "chance" not in seen and seen["rng"] is None
            assert seen["deck"] == sorted(data["deck"], key=CARD_CODES.index)
            assert seen["history"] == data["history"]  # every card dealt is public
            assert {k: v for k, v in seen.items() if k not in ("deck", "viewer", "setup")} == {
                k: v for k, v in data.items() if k not in ("deck", "viewer", "setup", "rng")
            } | {"rng": None}
        moves = seeded.legal_moves()
        seeded = seeded.apply(moves[rng.randbelow(len(moves))])
