"""Arribada's random events as chance steps: the first player, every tile out of the bag
(``spawn`` on a nido, ``refill`` of a display slot, ``deal`` of a rack tile at set-up,
``draw`` to the mover's rack: ``draw bag`` and a refresh's new tiles).  A table without a
dealer waits for each; its views follow the game move by move and deal by deal; every
step lists exactly the tiles left in the bag; a table dealt the seeded dealer's tiles
plays the seeded game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from support.chance import follow as chance_follow
from support.chance import pick_outcome
from tablero.arribada import ArribadaState, get_board
from tablero.arribada.data import DISPLAY_SIZE, EMPTY, RACK_SIZE, TILE_SUPPLY, WILD
from tablero.core import (
    PLAYERS,
    IllegalMoveError,
    InvalidMoveError,
    Rng,
    dealer_state,
    get_game,
    make,
)
from tablero.core.chance import seeded_value

GAME = get_game("arribada")
SETUPS = GAME.setups()
TILE_KINDS = {"spawn", "refill", "deal", "draw"}


def table(players: int, **options: Any) -> ArribadaState:
    s = make("arribada", players=players, dealer=None, **options)
    assert isinstance(s, ArribadaState)
    return s


def left_in_bag(s: ArribadaState) -> dict[str, int]:
    """The tiles the bag holds, counted from the pieces: the box's tiles less those on
    the board (a wild is the tile its capture event names), on the racks, the display,
    in front of the players (stranded), and set aside by a refresh in progress."""
    out: Counter[int] = Counter()
    for v in (*s.values, *(v for r in s.removed for v in r)):
        if v not in (EMPTY, WILD):
            out[v] += 1
    for entry in s.history_:
        for e in entry["events"]:
            if e["type"] == "capture":
                out[e["value"]] += 1
    for v in (*s.display, *(v for r in s.racks for v in r)):
        out[v] += 1
    del out[EMPTY]  # the display's empty slots
    step = s.chance_
    if step is not None and step.entry >= 0:
        events = s.history_[step.entry]["events"]
        if events and events[-1]["type"] == "refresh":  # a refresh in progress
            out.update(events[-1]["display_out"])  # the picked rack tiles stay on the rack
    assert all(EMPTY not in rack for rack in s.racks)
    left = {str(v): TILE_SUPPLY[v] - out[v] for v in sorted(TILE_SUPPLY)}
    return {text: count for text, count in left.items() if count}


def check_step(s: ArribadaState) -> None:
    """The pending step lists what is physically left, seen by whom it should be."""
    chance, step = s.chance, s.chance_
    assert chance is not None and step is not None
    assert not chance.deferrable  # every tile bears on what comes next
    assert s.legal_moves() == [] and not s.is_terminal()
    if chance.kind == "first_player":
        assert chance.outcomes == tuple(PLAYERS[: s.n]) and chance.weights == (1,) * s.n
        assert chance.seen_by is None and s.history_ == []
        return
    assert chance.kind in TILE_KINDS
    assert dict(zip(chance.outcomes, chance.weights, strict=True)) == left_in_bag(s)
    assert s.bag is not None and sum(chance.weights) == s.bag_count
    if chance.kind == "deal":
        assert chance.seen_by == frozenset({step.arg}) and s.history_ == []
    elif chance.kind == "draw":
        assert chance.seen_by == frozenset({s.player}) and step.mover == s.player
    else:
        assert chance.seen_by is None


def follow(players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """A whole game at a table without a dealer, every seat's view following it: after
    every step each view is the referee's view of that seat (support.chance.follow)."""
    rng = Rng(f"arribada chance|{players}|{options}|{seed}")
    return chance_follow(table(players, **options), rng, check=check_step)


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=[f"{n}p-{o}" for n, o in SETUPS])
def test_every_view_follows_the_game_move_by_move_and_deal_by_deal(
    players: int, options: dict[str, Any]
) -> None:
    kinds: Counter[str] = Counter()
    for s in follow(players, options, 0):
        if s.chance is not None:
            step = s.chance_
            assert step is not None
            kinds[step.kind if step.kind != "draw" else f"draw {step.arg}"] += 1
        elif s.history_ and s.history_[-1]["move"].startswith("pick rack"):
            kinds["pick rack"] += 1
    assert s.is_terminal()
    assert set(kinds) >= {"spawn", "refill", "deal", "draw bag"}
    assert kinds["deal"] == RACK_SIZE * players
    assert ("first_player" in kinds) == (options.get("first_player") is None)
    for q in range(players):  # racks stay hidden at the end: nothing to reveal
        view = s.view(q)
        assert all(view.racks[p] == [EMPTY] * len(s.racks[p]) for p in range(players) if p != q)


def test_refreshes_are_followed_from_every_seat() -> None:
    """Games long enough to see refreshes (rack picks seen as ``pick rack ?``, the new
    rack tiles drawn privately, the display refilled publicly)."""
    seen: Counter[str] = Counter()
    for seed in range(1, 4):
        for s in follow(2, {}, seed):
            step = s.chance_
            if step is not None and step.kind in ("draw", "refill") and step.arg != "bag":
                seen[step.kind if step.kind == "draw" else step.arg[1]] += 1
            if s.history_ and s.history_[-1]["move"].startswith("pick rack"):
                seen["pick rack"] += 1
    assert seen["draw"] and seen["refresh"] and seen["pick rack"] and seen["turn"]


def test_the_set_up_waits_for_the_first_player_then_the_nidos_display_and_racks() -> None:
    s = table(2)
    assert s.chance is not None and s.chance.kind == "first_player"
    assert s.legal_moves() == [] and not s.is_terminal() and s.current_player is not None
    assert s.display == [EMPTY] * DISPLAY_SIZE and s.racks == [[], []]
    for q in range(2):  # a half-set-up table's views: nothing dealt, nothing to hide
        view = s.view(q)
        assert view.racks == [[], []] and view.unseen == s.bag and view.bag is None
    s = s.deal("B")
    assert s.player == s.first == 1
    prefilled = get_board("blue").prefilled[2]
    for i, cell in enumerate(prefilled):
        assert s.chance is not None and s.chance.kind == "spawn" and s.chance.seen_by is None
        assert s.chance_ is not None and s.chance_.arg == [cell, -1, False]
        s = s.deal(str(i + 1))
    for slot in range(DISPLAY_SIZE):
        assert s.chance_ is not None and s.chance_.kind == "refill"
        assert s.chance_.arg == [slot, "setup"]
        s = s.deal("8")
    for q in (0, 1):
        for _ in range(RACK_SIZE):
            assert s.chance is not None and s.chance.kind == "deal"
            assert s.chance.seen_by == frozenset({q})
            s = s.deal("7" if q == 0 else "6")
    assert s.chance is None and s.legal_moves() and s.history_ == []
    assert [s.values[c] for c in prefilled] == [1, 2, 3, 4][: len(prefilled)]
    assert s.display == [8] * DISPLAY_SIZE and s.racks == [[7] * 5, [6] * 5]
    assert s.bag is not None and s.bag[7] == 10 - 5 and s.bag[6] == 10 - 5
    assert s.bag_count == 110 - len(prefilled) - 5 - 10
    chosen = table(3, first_player=2)
    assert chosen.chance is not None and chosen.chance.kind == "spawn" and chosen.player == 2


def dealt(players: int = 2, **options: Any) -> ArribadaState:
    """A table without a dealer whose set-up is dealt (the first outcome each time)."""
    s = table(players, **options)
    while s.chance is not None:
        s = s.deal(s.chance.outcomes[0])
    return s


def test_a_deal_is_refused_when_it_is_not_an_outcome_or_nothing_waits() -> None:
    s = table(2, first_player=0)
    with pytest.raises(InvalidMoveError, match="text"):
        s.deal(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="text"):
        s.deal(None)
    for text in ("0", "9", "wild", "A", " 3"):
        with pytest.raises(IllegalMoveError, match="cannot come"):
            s.deal(text)
    with pytest.raises(IllegalMoveError, match="dealt first"):
        s.apply("pass")
    assert s.legal_moves() == [] and not s.is_terminal()
    s = dealt(2, first_player=0)
    with pytest.raises(IllegalMoveError, match="nothing to deal"):
        s.deal("1")
    s = next_draw(s, Rng("arribada refused"))
    step, chance = s.chance_, s.chance
    assert step is not None and chance is not None and chance.kind == "draw"
    with pytest.raises(IllegalMoveError, match="dealt first"):
        s.apply("draw bag")
    assert s.legal_moves() == [] and not s.is_terminal()
    other = s.view(1 - step.mover)
    with pytest.raises(IllegalMoveError, match="does not see"):
        other.deal(chance.outcomes[0])
    with pytest.raises(IllegalMoveError, match="dealt first"):
        other.apply("draw bag")
    assert other.legal_moves() == [] and not other.is_terminal()
    mine = s.view(step.mover)
    with pytest.raises(InvalidMoveError, match="text"):
        mine.deal(None)
    assert (
        mine.deal(chance.outcomes[0]).to_json()
        == s.deal(chance.outcomes[0]).view(step.mover).to_json()
    )


def next_draw(s: ArribadaState, rng: Rng) -> ArribadaState:
    """Random moves (no refresh) until a ``draw bag`` is pending."""
    while True:
        if s.chance is not None:
            if s.chance_ is not None and s.chance_.kind == "draw":
                return s
            s = s.deal(pick_outcome(s.chance, rng))
        elif s.decision == "draw" and s.bag_count:
            s = s.apply("draw bag")
        else:
            moves = [m for m in s.legal_moves() if str(m) != "refresh"]
            s = s.apply(moves[rng.randbelow(len(moves))])


def test_a_private_draw_never_shows_in_another_seats_view() -> None:
    rng = Rng("arribada private")
    s = dealt(3)
    for _ in range(4):
        s = next_draw(s, rng)
        step, chance = s.chance_, s.chance
        assert step is not None and chance is not None and chance.seen_by == frozenset({step.mover})
        a, b = chance.outcomes[0], chance.outcomes[-1]
        one, two = s.deal(a), s.deal(b)
        assert one.racks[step.mover] != two.racks[step.mover]
        for q in range(3):
            if q == step.mover:
                event = one.view(q).history[-1]["events"][0]
                assert event == {"type": "draw", "player": q, "source": "bag", "value": int(a)}
            else:
                assert one.view(q).to_json() == two.view(q).to_json()
                assert one.view(q).history[-1]["events"][0]["value"] is None
        s = one


def test_a_rack_pick_is_seen_as_pick_rack_question_mark_and_followed() -> None:
    rng = Rng("arribada pick")
    s = dealt(2, first_player=0)
    s = s.apply("refresh")
    follower = s.view(1)
    value = s.racks[0][-1]
    move = f"pick rack {value}"
    assert s.move_as_seen(move, 0) == move and s.move_as_seen(move, 1) == "pick rack ?"
    with pytest.raises(IllegalMoveError, match="name the rack tile"):
        s.apply("pick rack ?")
    with pytest.raises(IllegalMoveError, match="seen as 'pick rack \\?'"):
        follower.apply(move)
    s, follower = s.apply(move), follower.apply("pick rack ?")
    assert follower.to_json() == s.view(1).to_json() and follower.picks_rack == [EMPTY]
    assert follower.history[-1]["move"] == "pick rack ?"
    s, follower = s.apply("confirm"), follower.apply("confirm")
    assert s.chance_ is not None and s.chance_.kind == "draw" and s.chance_.arg == "refresh"
    assert follower.to_json() == s.view(1).to_json()
    drawn = pick_outcome(s.chance, rng)
    s, follower = s.deal(drawn), follower.deal(None)
    assert follower.to_json() == s.view(1).to_json() and s.chance is None
    event = s.history[-1]["events"][-1]
    assert event["rack_out"] == [value] and event["rack_in"] == [int(drawn)]
    assert follower.history[-1]["events"][-1]["rack_in"] == [None]
    assert s.decision == "action" and not s.refresh[0] and s.picks_rack == []


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 11), (4, 7)])
def test_a_table_dealt_the_seeded_dealers_tiles_plays_the_seeded_game(
    players: int, seed: int
) -> None:
    """The seeded dealer's outcomes dealt one by one at a table without a dealer give
    the seeded game, state for state (the seeded table never waits)."""
    rng = Rng(f"arribada same|{seed}")
    seeded = make("arribada", players=players, seed=seed)
    assert isinstance(seeded, ArribadaState)
    dealer = dealer_state(seed)
    assert dealer is not None
    s = table(players)

    def settle(s: ArribadaState, dealer: int) -> tuple[ArribadaState, int]:
        while (step := s.chance_) is not None:
            value, dealer = seeded_value(s._source(step), dealer)
            s = s.deal(s._outcome_text(step.kind, value))
        return s, dealer

    def comparable(s: ArribadaState) -> dict[str, Any]:
        return {**s.to_dict(), "rng": None, "setup": None}

    s, dealer = settle(s, dealer)
    for _ in range(400):
        assert comparable(s) == comparable(seeded) and dealer == seeded.rng
        assert seeded.chance is None and "chance" not in seeded.to_dict()
        if seeded.is_terminal():
            break
        moves = seeded.legal_moves()
        assert s.legal_moves() == moves
        move = moves[rng.randbelow(len(moves))]
        seeded = seeded.apply(move)
        s, dealer = settle(s.apply(move), dealer)
    assert s.is_terminal() and s.scores() == seeded.scores()
