"""Arboretum's rules, one test per rule (RULINGS.md, Arboretum part), and bad input."""

from __future__ import annotations

import json

import pytest
from support.arboretum_positions import position, state
from tablero.arboretum import Discard, DrawDeck, DrawPile, Play, parse_card
from tablero.core import (
    CorruptDataError,
    IllegalMoveError,
    InvalidMoveError,
    from_json,
    from_text,
    make,
)

HAND_A = "Ca1 Ca2 Ca3 BS1 BS2 BS3 CB1"
HAND_B = "Ca5 Ca6 Ca7 BS5 BS6 BS7 CB5"


def moves(s) -> list[str]:
    return [str(m) for m in s.legal_moves()]


# --- setup ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "cards"), [(2, 48), (3, 64), (4, 80)])
def test_setup_deals_7_cards_from_6_8_10_species(players: int, cards: int) -> None:
    s = make("arboretum", players=players, seed=5)
    assert [len(h) for h in s.hands] == [7] * players
    assert s.deck_count == cards - 7 * players
    assert max(c for h in s.hands for c in h) < cards and max(s.deck) < cards
    assert s.phase == "draw" and s.draws == 0 and moves(s) == ["draw deck"]


def test_first_player_option_and_seeded_default() -> None:
    assert make("arboretum", players=3, seed=1, first_player=2).current_player == 2
    firsts = {make("arboretum", players=4, seed=k).current_player for k in range(20)}
    assert firsts == {0, 1, 2, 3}
    with pytest.raises(ValueError, match="first_player"):
        make("arboretum", players=2, seed=1, first_player=3)


# --- drawing ------------------------------------------------------------------------


def test_two_draws_one_at_a_time_the_second_after_seeing_the_first() -> None:
    s = state({}, {"A": HAND_A, "B": HAND_B}, discards={"B": "Do4"})
    assert moves(s) == ["draw deck", "draw B"]
    s1 = s.apply("draw deck")
    assert s1.phase == "draw" and s1.draws == 1 and len(s1.hands[0]) == 8
    drawn = s1.history[-1]["events"][0]["card"]
    assert parse_card(drawn) in s1.view(0).hands[0]  # the drawer sees it before choosing
    assert s1.view(1).history[-1]["events"][0]["card"] is None  # the others do not
    assert "A draw 2" in s1.to_text()
    s2 = s1.apply("draw B")
    assert s2.phase == "play" and len(s2.hands[0]) == 9 and s2.discards[1] == []
    assert s2.history[-1]["events"] == [
        {"type": "draw", "player": 0, "source": "pile", "pile": 1, "card": "Do4"}
    ]


def test_drawing_from_your_own_pile_and_the_same_pile_twice() -> None:
    s = state({}, {"A": HAND_A, "B": HAND_B}, discards={"A": "Do4 Do5 Do6"})
    assert moves(s) == ["draw deck", "draw A"]
    s = s.apply("draw A").apply("draw A")  # top first: Do6, then Do5
    assert [e["card"] for h in s.history for e in h["events"]] == ["Do6", "Do5"]
    assert s.discards[0] == [parse_card("Do4")]
    assert s.known[0] == sorted([parse_card("Do5"), parse_card("Do6")])


def test_empty_discard_piles_cannot_be_drawn() -> None:
    s = state({}, {"A": HAND_A, "B": HAND_B})
    assert moves(s) == ["draw deck"]
    with pytest.raises(IllegalMoveError, match="player B's discard pile is empty"):
        s.apply("draw B")
    with pytest.raises(IllegalMoveError, match="no player C in a 2-player game"):
        s.apply("draw C")
    assert s.illegal_reason(DrawPile(1)) is not None


def test_the_last_deck_card_and_one_discard_then_the_game_ends() -> None:
    s = state(
        {"A": ["Ca4"], "B": ["Ca8"]},
        {"A": HAND_A, "B": HAND_B},
        deck="Do1",
        dump="B",
    )
    assert s.deck_count == 1 and moves(s) == ["draw deck", "draw B"]
    s = s.apply("draw deck")
    assert s.deck_count == 0
    assert {"type": "deck_empty", "player": 0} in s.history[-1]["events"]
    assert moves(s) == ["draw B"]  # the deck is empty: the second card comes from a pile
    with pytest.raises(IllegalMoveError, match="the deck is empty"):
        s.apply("draw deck")
    s = s.apply("draw B").apply("play Do1 1,0")
    assert not s.is_terminal()  # the player finishes the turn...
    s = s.apply("discard CB1")
    assert s.is_terminal() and s.current_player is None and s.legal_moves() == []
    assert [len(h) for h in s.hands] == [7, 7]
    with pytest.raises(IllegalMoveError, match="the game is over"):
        s.apply("draw B")


def test_with_one_card_left_two_discards_keep_the_game_going() -> None:
    s = state({"A": ["Ca4"]}, {"A": HAND_A, "B": HAND_B}, deck="Do1", dump="B")
    s = s.apply("draw B").apply("draw B")
    top = s.history[-1]["events"][0]["card"]
    s = s.apply(f"play {top} 1,0").apply("discard CB1")
    assert not s.is_terminal() and s.current_player == 1 and s.deck_count == 1


# --- playing ------------------------------------------------------------------------


def test_the_first_card_goes_to_0_0() -> None:
    s = state({}, {"A": HAND_A + " Do1 Do2", "B": HAND_B}, turn="A play")
    assert moves(s)[:2] == ["play Ca1 0,0", "play Ca2 0,0"] and len(moves(s)) == 9
    with pytest.raises(IllegalMoveError, match="your first card goes to 0,0"):
        s.apply("play Ca1 1,0")
    after = s.apply("play Ca1 0,0")
    assert after.phase == "discard" and after.to_text().count("Ca1") == 1


def test_a_card_goes_orthogonally_next_to_one_of_yours() -> None:
    # A's arboretum: an L of three cards; 7 empty neighbours.
    s = state(
        {"A": ["Ma1 Ma2", ". Ma3"], "B": ["Ma5"]},
        {"A": HAND_A + " Do1 Do2", "B": HAND_B},
        turn="A play",
    )
    cells = sorted({m.split()[2] for m in moves(s)})
    assert cells == sorted(["0,-1", "1,-1", "-1,0", "2,0", "0,1", "2,1", "1,2"])
    assert len(moves(s)) == 9 * 7
    with pytest.raises(IllegalMoveError, match="2,2 is not next to a card"):
        s.apply("play Ca1 2,2")  # diagonal to Ma3
    with pytest.raises(IllegalMoveError, match="1,0 already holds Ma2"):
        s.apply("play Ca1 1,0")
    with pytest.raises(IllegalMoveError, match="not next to a card"):
        s.apply("play Ca1 500,0")
    with pytest.raises(IllegalMoveError, match="Ma5 is not in your hand"):
        s.apply("play Ma5 2,0")  # B's card
    with pytest.raises(IllegalMoveError, match="Willow is not in a 2-player game"):
        s.apply("play Wi5 2,0")
    assert s.apply("play Ca1 -1,0").to_text().splitlines()[2].split() == ["-1", "0", "1"]


def test_discard_goes_to_your_own_pile_and_the_turn_passes() -> None:
    s = state({"A": ["Ma1"]}, {"A": HAND_A + " Do1", "B": HAND_B}, turn="A discard")
    assert moves(s)[0] == "discard Ca1" and len(moves(s)) == 8
    s = s.apply("discard Do1")
    assert s.discards[0] == [parse_card("Do1")] and s.current_player == 1
    assert s.phase == "draw" and s.draws == 0 and [len(h) for h in s.hands] == [7, 7]


def test_wrong_decision_is_refused_with_the_pending_one() -> None:
    s = state({}, {"A": HAND_A, "B": HAND_B})
    with pytest.raises(IllegalMoveError, match="the decision is 'draw'"):
        s.apply("discard Ca1")
    with pytest.raises(IllegalMoveError, match="the decision is 'draw'"):
        s.apply(Play(0, 0, 0))
    assert s.apply(DrawDeck()).apply(DrawDeck()).illegal_reason(Discard(0)) is not None


# --- hidden information ---------------------------------------------------------------


def test_a_card_taken_from_a_pile_is_known_until_it_leaves_the_hand() -> None:
    s = state({"A": ["Ma1"]}, {"A": HAND_A, "B": HAND_B}, discards={"B": "Do4"})
    s = s.apply("draw B").apply("draw deck")
    view = s.view(1)
    assert view.hands[0].count(-1) == 8 and parse_card("Do4") in view.hands[0]
    assert "hand A: Do4* ? ? ? ? ? ? ? ?" in view.to_text()
    assert "Do4*" in s.to_text()
    s = s.apply("play Do4 1,0")
    assert s.known[0] == [] and "hand A: ? ? ? ? ? ? ? ?" in s.view(1).to_text()


def test_a_view_hides_the_deck_and_others_hands_and_drops_the_seed() -> None:
    s = make("arboretum", players=3, seed=4, first_player=0).apply("draw deck")
    v = s.view(2)
    data = json.loads(v.to_json())
    assert data["deck"] is None and data["rng"] is None and data["setup"]["seed"] is None
    assert data["hands"][0] == [None] * 8 and len(data["unseen"]) == s.deck_count + 15
    with pytest.raises(IllegalMoveError, match="another player's view"):
        v.apply("draw deck")
    with pytest.raises(ValueError):
        v.view(1)


# --- preview --------------------------------------------------------------------------


def test_preview_shows_what_a_play_does_to_each_path() -> None:
    s = state({"A": ["Ma2 Ma3 Ma4"]}, {"A": HAND_A + " Ma5 Do1", "B": HAND_B}, turn="A play")
    p = s.preview("play Ma5 3,0")
    assert p["card"] == "Ma5" and p["cell"] == "3,0"
    ma = next(r for r in p["species"] if r["species"] == "Ma")
    assert (ma["before"], ma["after"]) == (3, 8)  # 3 cards, then 4 Maples in a row: 4x2
    assert ma["cells"] == ["0,0", "1,0", "2,0", "3,0"]
    assert s.apply("play Ma5 3,0").preview("discard Do1") == {}
    with pytest.raises(IllegalMoveError):
        s.preview("play Ma5 5,5")


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("jump", "unknown move 'jump'"),
        ("draw", "write it as 'draw deck' or 'draw <player A-D>'"),
        ("draw E", "draw from 'deck' or from a player's discard pile"),
        ("draw deck now", "write it as"),
        ("play Ca9 0,0", "'Ca9' is not a card"),
        ("play Xy5 0,0", "'Xy5' is not a card"),
        ("play Ca5 0;0", "'0;0' is not a cell"),
        ("play Ca5 a1", "'a1' is not a cell"),
        ("play Ca5", "write it as 'play <card> <x,y>'"),
        ("discard", "write it as 'discard <card>'"),
    ],
)
def test_unreadable_moves_are_invalid(text: str, message: str) -> None:
    s = state({}, {"A": HAND_A, "B": HAND_B})
    with pytest.raises(InvalidMoveError, match=message):
        s.parse_move(text)


GOOD = position({"A": ["Ma1 Ma2"]}, {"A": HAND_A, "B": HAND_B})


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("arboretum 2p", "arboretum 5p"), "line 1: the first line must be"),
        (lambda t: t.replace("deck: rest", "deck: rest\nbag: 3"), "unknown field 'bag'"),
        (lambda t: t.replace("0 Ma1 Ma2", "0 Ma1 Ma2 Ma3"), "row 0 needs 2 cells, not 3"),
        (lambda t: t.replace("0 Ma1 Ma2", "0 Ma1 Mx2"), "'Mx2' in arboretum A is not a card"),
        (lambda t: t.replace("0 Ma1 Ma2", "0 Ma1 Ca1"), "Ca1 is both in"),
        (lambda t: t.replace("0 Ma1 Ma2", "0 . Ma2"), "no card on 0,0"),
        (lambda t: t.replace("   0 1", "   1 2"), "no card on 0,0"),
        (
            lambda t: t.replace("0 Ma1 Ma2", "0 Ma1 . Ma2").replace("   0 1", "   0 1 2"),
            "not connected",
        ),
        (
            lambda t: t.replace("hand A: Ca1 ", "hand A: "),
            "holds 6 cards, but the position needs 7",
        ),
        (lambda t: t.replace("deck: rest", "deck: Ma3"), "the position holds"),
        (lambda t: t.replace("deck: rest", "deck: 20 hidden"), "only possible in a player's view"),
        (lambda t: t.replace("turn: A draw 1", "turn: A draw"), "'A draw 1' or 'A draw 2'"),
        (lambda t: t.replace("turn: A draw 1", "turn: A dance"), "unknown decision 'dance'"),
        (lambda t: t.replace("turn: A draw 1", "turn: A over"), "the game ends only when"),
        (lambda t: t.replace("hand B: Ca5", "hand B: ? Ca5"), "'?' (a hidden card)"),
        (lambda t: t.replace("hand A: Ca1 ", "hand A: Wi1 "), "Wi1 (player A's hand) is not in"),
    ],
)
def test_bad_notation_names_the_problem(edit, message: str) -> None:
    assert from_text("arboretum", GOOD).to_text()  # the unedited position is fine
    with pytest.raises(CorruptDataError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_text("arboretum", edit(GOOD))


def test_notation_errors_carry_the_line_number() -> None:
    bad = GOOD.replace("hand B: Ca5", "hand B: Qq5")
    line = bad.splitlines().index(next(x for x in bad.splitlines() if "Qq5" in x)) + 1
    with pytest.raises(CorruptDataError, match=f"^line {line}: 'Qq5'"):
        from_text("arboretum", bad)


def test_bad_json_is_corrupt_data() -> None:
    s = make("arboretum", players=2, seed=1)
    data = json.loads(s.to_json())
    with pytest.raises(CorruptDataError, match="newer version of Tablero"):
        from_json(json.dumps({**data, "version": 2}))
    with pytest.raises(CorruptDataError, match="'Zz9' is not a card name"):
        from_json(json.dumps({**data, "hands": [["Zz9"], data["hands"][1]]}))
    with pytest.raises(CorruptDataError, match="the deck holds"):
        from_json(json.dumps({**data, "deck_count": 3}))
    with pytest.raises(CorruptDataError, match="scores are 0 until"):
        from_json(json.dumps({**data, "scores": [3, 0]}))
    with pytest.raises(CorruptDataError, match="rng"):
        from_json(json.dumps({**data, "rng": None}))
