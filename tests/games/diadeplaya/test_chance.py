"""Día de Playa's random events as chance steps (tablero.core.chance).

The steps: ``first_card`` (a beach's first card at setup: a card, ``7``), ``deal`` (a
face dealt into the market: at setup slot by slot, then after each take, deferrable),
``first_player`` (unless chosen).  Every outcome is seen by everyone.  A table without a
dealer keeps no deck: the cards not dealt yet are ``unseen`` (a solitaire game's 4
left-out cards among them) and any face of one may come.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from support.chance import pick_outcome, sees
from tablero.core import IllegalMoveError, InvalidMoveError, Rng, get_game, make
from tablero.diadeplaya.shapes import card_name, card_of, face_name

GAME = get_game("diadeplaya")
CARDS = 18
SEEDS = (1, 2)


def on_the_table(s: Any) -> list[int]:
    """The cards the table shows (beaches, first cards, market, hand), from the pieces."""
    out = [card_of(f) for laid in s.laid for f in laid]
    out += [c for c in s.firsts if c is not None]
    out += [card_of(f) for f in s.market if f is not None]
    out += [card_of(s.holding)] if s.holding is not None else []
    return out


def check_source(s: Any) -> None:
    """The pending step's outcomes and weights are what is physically left: every card
    not on the table (in solitaire play the 4 left out among them, unnamed), each face of
    it once for a deal, the card once for a first card; every seat for the first player."""
    chance = s.chance
    assert chance.seen_by is None  # nothing dealt in this game is private
    left = sorted(set(range(CARDS)) - set(on_the_table(s)))
    if chance.kind == "first_card":
        assert chance.outcomes == tuple(card_name(c) for c in left)
        assert not chance.deferrable
    elif chance.kind == "deal":
        assert chance.outcomes == tuple(face_name(c << 1 | side) for c in left for side in (0, 1))
        assert s.chance_.deferrable == bool(s.history)  # the deal after a take
    else:
        assert chance.kind == "first_player" and chance.outcomes == tuple("ABCD"[: s.n])
    assert chance.weights == (1,) * len(chance.outcomes)
    kept = 14 if s.mode == "solitaire" else CARDS
    assert s.deck_count == kept - CARDS + len(left)  # what is left to deal


def followed(players: int, options: dict[str, Any], seed: int) -> Iterator[tuple[Any, list[Any]]]:
    """A random game at a table without a dealer, every seat's client following it from
    its first view (outcomes dealt to all: none is private); the referee and the clients
    after every step."""
    rng = Rng(f"diadeplaya chance|{players}|{json.dumps(options, sort_keys=True)}|{seed}")
    referee = make("diadeplaya", players=players, dealer=None, **options)
    clients = [referee.view(q) for q in range(players)]
    yield referee, clients
    while not referee.is_terminal():
        chance = referee.chance
        # a deferrable deal comes at once or later, but before the next turn's first move
        waits = chance is not None and not referee.legal_moves()
        if chance is not None and (waits or rng.randbelow(2) == 0):
            check_source(referee)
            outcome = pick_outcome(chance, rng)
            for q, client in enumerate(clients):
                assert client.chance == chance  # a view lists what the referee lists
                clients[q] = client.deal(outcome if sees(chance, q) else None)
            referee = referee.deal(outcome)
        else:
            legal = referee.legal_moves()
            assert legal, "nothing to do and nothing to deal"
            move = legal[rng.randbelow(len(legal))]
            clients = [c.apply(referee.move_as_seen(move, q)) for q, c in enumerate(clients)]
            referee = referee.apply(move)
        yield referee, clients


@pytest.mark.parametrize(
    "players,options", GAME.setups(), ids=[f"{n}p-{json.dumps(o)}" for n, o in GAME.setups()]
)
def test_every_seat_follows_the_game_from_its_view(players, options):
    for seed in SEEDS:
        kinds: set[str] = set()
        for referee, clients in followed(players, options, seed):
            if referee.chance is not None:
                kinds.add(referee.chance.kind)
            for q, client in enumerate(clients):
                assert client.to_json() == referee.view(q).to_json(), (seed, q)
        assert referee.is_terminal() and all(c.is_terminal() for c in clients)
        assert referee.cards_left == 0 and referee.deck_count == 0
        laid = sorted(card_of(f) for lay in referee.laid for f in lay)
        assert len(laid) == (14 if referee.mode == "solitaire" else CARDS)
        assert len(referee.unseen) == CARDS - len(laid)  # the left-out cards, never named
        chosen = options.get("first_player") is not None
        assert kinds == {"first_card", "deal"} | (set() if chosen else {"first_player"})


def seeded_outcomes(state: Any) -> list[str]:
    """The outcomes a seeded game dealt, in order, read from its stack and its history."""
    setup = make("diadeplaya", players=state.n, seed=state.setup["seed"],
                 **state.setup["options"])  # fmt: skip
    out = [card_name(c) for c in setup.firsts] + [face_name(f) for f in setup.market]
    if state.setup["options"]["first_player"] is None:
        out.append("ABCD"[setup.player])
    return out


@pytest.mark.parametrize("mode,players", [("competitive", 3), ("teams", 4), ("solitaire", 1)])
def test_the_seeded_dealers_outcomes_give_the_same_game_at_a_table_without_a_dealer(mode, players):
    """Dealt the outcomes the seeded dealer dealt, a table without a dealer plays the
    same game: every seat's view of it equals the seeded game's, move by move."""
    rng = Rng(f"same|{mode}")
    seeded = make("diadeplaya", players=players, seed=11, mode=mode)
    table = make("diadeplaya", players=players, dealer=None, mode=mode)
    for outcome in seeded_outcomes(seeded):
        table = table.deal(outcome)
    while True:
        assert seeded.chance is None and '"chance"' not in seeded.to_json()
        for q in range(players):
            assert table.view(q).to_json() == seeded.view(q).to_json()
        if seeded.is_terminal():
            break
        move = seeded.legal_moves()[rng.randbelow(len(seeded.legal_moves()))]
        seeded, table = seeded.apply(move), table.apply(move)
        deal = next((e for e in seeded.history[-1]["events"] if e["type"] == "deal"), None)
        if deal is not None:
            assert table.chance.kind == "deal" and deal["face"] in table.chance.outcomes
            table = table.deal(deal["face"])
    assert table.is_terminal() and table.scores() == seeded.scores()


def test_the_setup_waits_for_its_deals_and_refuses_the_wrong_ones():
    table = make("diadeplaya", players=2, dealer=None)
    assert table.setup["seed"] is None and table.rng is None
    assert table.chance.kind == "first_card" and len(table.chance.outcomes) == CARDS
    assert table.legal_moves() == [] and not table.is_terminal()
    assert table.current_player is not None
    with pytest.raises(IllegalMoveError, match="first_card .*chance step.* dealt first"):
        table.apply("side a")
    for bad in (None, 7, ("7",)):
        with pytest.raises(InvalidMoveError, match="outcome is a text"):
            table.deal(bad)
    for text in ("7a", "19", "0", "", "side a"):
        with pytest.raises(IllegalMoveError, match="cannot come from this first_card"):
            table.deal(text)
    table = table.deal("7").deal("12")  # the two first cards, then the market's three
    assert table.firsts == [6, 11] and table.chance.kind == "deal"
    with pytest.raises(IllegalMoveError, match="cannot come from this deal"):
        table.deal("7a")  # card 7 is dealt already
    with pytest.raises(IllegalMoveError, match="cannot come from this deal"):
        table.deal("3")  # a deal is a face
    table = table.deal("3b").deal("1a").deal("18b")
    assert [face_name(f) for f in table.market] == ["3b", "1a", "18b"]
    assert table.chance.kind == "first_player" and table.chance.outcomes == ("A", "B")
    with pytest.raises(IllegalMoveError, match="cannot come from this first_player"):
        table.deal("C")
    table = table.deal("B")
    assert table.chance is None and table.current_player == 1 and table.decision == "side"
    assert table.firsts == [6, 11] and table.deck_count == CARDS - 5 and table.history == ()
    with pytest.raises(IllegalMoveError, match="nothing to deal"):
        table.deal("2a")
    chosen = make("diadeplaya", players=2, dealer=None, first_player=0)
    for outcome in ("7", "12", "3b", "1a", "18b"):
        chosen = chosen.deal(outcome)
    assert chosen.chance is None and chosen.current_player == 0  # no draw: it was chosen


def set_up(table: Any, outcomes: str) -> Any:
    for outcome in outcomes.split():
        table = table.deal(outcome)
    return table


def test_the_deal_after_a_take_waits_while_the_taker_turns_and_places_its_card():
    table = set_up(make("diadeplaya", players=2, dealer=None, first_player=0), "7 12 3b 1a 18b")
    table = table.apply("side a").apply("rotate 0").apply("side b").apply("rotate 90")
    took = table.apply("take 2")
    entry = len(took.history) - 1
    chance = took.chance
    assert chance.kind == "deal" and chance.deferrable and chance.seen_by is None
    assert [face_name(f) if f is not None else None for f in took.market] == [None, "3a", "18a"]
    assert took.deck_count == table.deck_count  # the card is still in the deck
    assert took.current_player == 0 and [str(m) for m in took.legal_moves()] == [
        "rotate 0", "rotate 90", "rotate 180", "rotate 270",
    ]  # fmt: skip
    turned = took.apply("rotate 0")
    placed = turned.apply(str(turned.legal_moves()[0]))
    # still waiting, now before B's take
    assert placed.chance.kind == "deal" and placed.chance.outcomes == chance.outcomes
    assert placed.current_player == 1 and placed.decision == "take"
    assert placed.legal_moves() == [] and not placed.is_terminal()
    with pytest.raises(IllegalMoveError, match="deal .*chance step.* dealt first"):
        placed.apply("take 1")
    dealt = placed.deal("9b")
    assert [face_name(f) for f in dealt.market] == ["9b", "3a", "18a"]
    assert dealt.deck_count == table.deck_count - 1
    assert dealt.history[entry]["events"][-1] == {"type": "deal", "face": "9b", "left": 12}
    assert [e["type"] for e in dealt.history[entry]["events"]] == ["take", "deal"]
    assert len(dealt.history) == entry + 3 and dealt.legal_moves()
    # the deal may come at once, too: the same state
    assert took.deal("9b").apply("rotate 0").apply(str(turned.legal_moves()[0])) == dealt


def test_a_solitaire_deal_waits_for_the_next_turn_of_the_same_player():
    table = make("diadeplaya", players=1, dealer=None, mode="solitaire")
    table = set_up(table, "7 3b 1a 18b A")  # the first player drawn among one seat
    assert table.chance is None and table.deck_count == 10
    table = table.apply("side a").apply("rotate 0").apply("take 1").apply("rotate 0")
    table = table.apply(str(table.legal_moves()[0]))
    assert table.current_player == 0 and table.decision == "take"
    assert table.chance.kind == "deal" and table.legal_moves() == []
    assert len(table.chance.outcomes) == 2 * (CARDS - 4)  # the left-out cards may come too
    assert table.deal("2a").legal_moves()


def test_views_hide_only_the_deck_and_the_left_out_cards():
    """A seeded table's view lists the deck's and the left-out cards as unseen only; a
    view of a table without a dealer knows as much as the table (nothing more is hidden)."""
    seeded = make("diadeplaya", players=1, seed=5, mode="solitaire")
    view = seeded.view(0)
    assert view.deck is None and view.out is None
    assert view.unseen == sorted([*(card_of(f) for f in seeded.deck), *seeded.out])
    assert view.chance is None and '"chance"' not in seeded.to_json()
    table = make("diadeplaya", players=3, dealer=None)
    for seat in range(3):
        assert table.view(seat).chance == table.chance
        assert table.view(seat).unseen == table.unseen == list(range(CARDS))
