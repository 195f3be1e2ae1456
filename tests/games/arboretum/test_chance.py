"""Arboretum's chance steps: the deal, the deck draws and the hands shown at the end, at a
table without a dealer; what each step could give is what is physically left."""

from __future__ import annotations

from typing import Any

import pytest
from tablero.arboretum.cards import CARD_NAMES
from tablero.core import IllegalMoveError, Rng, make


def cards_left(state: Any) -> list[str]:
    """The cards of the species in play that are in no hand, no arboretum, no pile:
    counted from the table's pieces, not from its deck."""
    placed = {c for hand in state.hands for c in hand}
    placed |= {c for arb in state.arbs for c in arb.values()}
    placed |= {c for pile in state.discards for c in pile}
    return [CARD_NAMES[c] for c in range(8 * state.species) if c not in placed]


def play_out(players: int, seed: int) -> list[tuple[Any, Any]]:
    """A random game at a table without a dealer: every (state, chance) on the way."""
    rng = Rng(seed)
    table = make("arboretum", players=players, dealer=None)
    seen = []
    while not table.is_terminal():
        chance = table.chance
        if chance is not None:
            seen.append((table, chance))
            table = table.deal(chance.outcomes[rng.randbelow(len(chance.outcomes))])
        else:
            legal = table.legal_moves()
            table = table.apply(legal[rng.randbelow(len(legal))])
    seen.append((table, None))
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_step_could_give_exactly_what_is_left(players: int) -> None:
    kinds = set()
    for table, chance in play_out(players, seed=players):
        if chance is None:
            assert table.is_terminal() and table.chance is None
            continue
        kinds.add(chance.kind)
        if chance.kind == "first_player":
            assert chance.outcomes == tuple("ABCD"[:players]) and chance.seen_by is None
        elif chance.kind in ("deal", "draw"):
            assert sorted(chance.outcomes) == sorted(cards_left(table))
            assert set(chance.weights) == {1} and len(chance.outcomes) == table.deck_count
            seat = chance.seen_by
            assert seat is not None and len(seat) == 1
            if chance.kind == "draw":
                assert seat == {table.current_player}
        else:
            assert chance.kind == "reveal" and chance.seen_by is None
            assert chance.outcomes == (
                " / ".join(" ".join(CARD_NAMES[c] for c in hand) for hand in table.hands),
            )
            assert table.deck_count == 0 and not table.is_terminal()
    assert kinds == {"first_player", "deal", "draw", "reveal"}


def test_the_set_up_deals_seven_cards_a_seat_in_seat_order() -> None:
    table = make("arboretum", players=3, dealer=None, first_player=2)
    owners = []
    while table.chance is not None:
        owners.append(min(table.chance.seen_by or {9}))
        table = table.deal(table.chance.outcomes[-1])
    assert owners == [0] * 7 + [1] * 7 + [2] * 7
    assert [len(h) for h in table.hands] == [7, 7, 7] and table.current_player == 2
    assert table.legal_moves()[0].__str__() == "draw deck"


def test_a_view_checks_what_a_reveal_shows() -> None:
    """Another seat's view cannot list the hands it has not seen: it reads the reveal and
    refuses one that contradicts what it has seen."""
    table = make("arboretum", players=2, dealer=None, first_player=0)
    views = [table.view(0), table.view(1)]
    rng = Rng(11)
    while True:
        chance = table.chance
        if chance is not None and chance.kind == "reveal":
            break
        if chance is not None:
            outcome = chance.outcomes[rng.randbelow(len(chance.outcomes))]
            views = [v.deal(outcome if q in (chance.seen_by or {q}) else None)
                     for q, v in enumerate(views)]  # fmt: skip
            table = table.deal(outcome)
        else:
            legal = table.legal_moves()
            move = legal[rng.randbelow(len(legal))]
            views = [v.apply(table.move_as_seen(move, q)) for q, v in enumerate(views)]
            table = table.apply(move)
    shown = chance.outcomes[0]
    assert views[1].chance is not None and views[1].chance.outcomes == ()
    hands = shown.split(" / ")
    with pytest.raises(IllegalMoveError, match="reveal shows 2 hands"):
        views[1].deal(hands[0])
    swapped = " / ".join(reversed(hands))
    with pytest.raises(IllegalMoveError):
        views[1].deal(swapped)
    ended = [v.deal(shown) for v in views]
    assert all(v.is_terminal() for v in ended)
    assert [v.to_json() for v in ended] == [table.deal(shown).view(q).to_json() for q in (0, 1)]
