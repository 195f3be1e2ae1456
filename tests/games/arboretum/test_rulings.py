"""Arboretum's Tablero rulings, each shown by playing it (docs/rulings/arboretum.md).

Positions are written in the notation (docs/notation-arboretum.md) through the helpers
of arboretum_positions: the cards no hand, pile or arboretum names go to the deck, or,
for a final scoring, on top of B's discard pile with the deck empty.  A scoring test
lets A make the game's last discard and reads the scoring from the history.
"""

from __future__ import annotations

import pytest
from support.arboretum_positions import final_events, state
from support.rulings import check_every_ruling_is_shown, shows
from tablero.arboretum import parse_card
from tablero.core import IllegalMoveError, make

# Hands with no Cassia, Dogwood, Jacaranda or Maple: those species are left to the tests.
A7 = "BS2 BS3 BS4 CB2 CB3 CB4 BS1"
B7 = "BS5 BS6 BS7 CB5 CB6 CB7 CB8"


def moves(s) -> list[str]:
    return [str(m) for m in s.legal_moves()]


def finish_turn(s):
    """``s`` after its player's whole turn, always taking the first legal move."""
    player = s.current_player
    while s.current_player == player:
        s = s.apply(s.legal_moves()[0])
    return s


# --- the cards and the setup ------------------------------------------------------------


@shows("species")
@pytest.mark.parametrize(("players", "species"), [(2, 6), (3, 8), (4, 10)])
def test_each_player_count_deals_from_the_first_species_of_the_list(
    players: int, species: int
) -> None:
    s = make("arboretum", players=players, seed=11)
    cards = [c for hand in s.hands for c in hand] + list(s.deck)
    assert len(cards) == len(set(cards)) == 8 * species
    assert {c >> 3 for c in cards} == set(range(species))  # Cassia, Blue Spruce, ...
    assert s.deck_count == 8 * species - 7 * players


@shows("species")
def test_a_species_left_out_of_the_game_cannot_be_played() -> None:
    s = state({}, {"A": A7 + " Do1 Do2", "B": B7}, turn="A play")
    assert "play Do1 0,0" in moves(s)
    with pytest.raises(IllegalMoveError, match="Oak is not in a 2-player game"):
        s.apply("play Oa3 0,0")


@shows("first")
def test_the_first_player_is_chosen_or_drawn_and_the_seats_then_take_turns() -> None:
    s = make("arboretum", players=3, seed=2, first_player=2)
    assert s.current_player == 2
    s = finish_turn(s)
    assert s.current_player == 0  # after the last seat comes the first
    assert finish_turn(s).current_player == 1
    drawn = {make("arboretum", players=3, seed=k).current_player for k in range(24)}
    assert drawn == {0, 1, 2}  # left to chance, every seat can start
    again = {make("arboretum", players=3, seed=7).current_player for _ in range(3)}
    assert len(again) == 1  # ...and the same seed draws the same seat


# --- a turn -----------------------------------------------------------------------------


@shows("draw")
def test_the_second_draw_is_chosen_after_the_first_and_may_take_the_same_pile() -> None:
    s = state({"A": ["Ma1"], "B": ["Ma5"]}, {"A": A7, "B": B7}, discards={"B": "Do3 Do6"})
    s = s.apply("draw B")
    assert s.phase == "draw" and s.draws == 1
    assert parse_card("Do6") in s.view(0).hands[0]  # A holds the first card already
    assert moves(s) == ["draw deck", "draw B"]  # the pile's new top is still on offer
    s = s.apply("draw B")
    assert s.phase == "play" and s.discards[1] == []
    assert sorted(s.known[0]) == sorted([parse_card("Do3"), parse_card("Do6")])
    own = state({"A": ["Ma1"], "B": ["Ma5"]}, {"A": A7, "B": B7}, discards={"A": "Ja2 Ja4"})
    assert "draw A" in moves(own)  # your own pile is a source too
    assert own.apply("draw A").apply("draw A").discards[0] == []


@shows("place")
def test_an_arboretum_grows_past_any_table_in_every_direction() -> None:
    row = " ".join(f"{code}{v}" for code in ("Ca", "BS", "CB") for v in range(1, 9))
    s = state(
        {"A": [row]},
        {"A": "Do1 Do2 Do3 Do4 Do5 Do6 Do7 Do8 Ja1", "B": "Ja2 Ja3 Ja4 Ja5 Ja6 Ja7 Ja8",
         "C": "Ma1 Ma2 Ma3 Ma4 Ma5 Ma6 Ma7", "D": "Oa1 Oa2 Oa3 Oa4 Oa5 Oa6 Oa7"},
        players=4,
        turn="A play",
    )  # fmt: skip
    assert len(s.arbs[0]) == 24
    for cell in ("24,0", "-1,0", "0,-1", "23,1"):
        assert f"play Do1 {cell}" in moves(s)
    with pytest.raises(IllegalMoveError, match="25,0 is not next to a card"):
        s.apply("play Do1 25,0")
    s = s.apply("play Do1 24,0").apply("discard Ja1")
    assert len(s.arbs[0]) == 25  # the 25th card in one row, 24 steps right of the first


@shows("place")
def test_the_first_card_names_every_place() -> None:
    s = state({}, {"A": A7 + " Do1 Do2", "B": B7}, turn="A play")
    assert {m.split()[2] for m in moves(s)} == {"0,0"}
    s = s.apply("play Do1 0,0").apply("discard BS1")
    assert "0 Do1" in s.to_text()


@shows("end")
def test_the_last_deck_card_and_a_discard_then_the_turn_ends_the_game() -> None:
    s = state({"A": ["Ma2"], "B": ["Ma6"]}, {"A": A7, "B": B7}, deck="Ja5", dump="B")
    assert moves(s) == ["draw deck", "draw B"]
    s = s.apply("draw deck")
    assert s.deck_count == 0
    assert moves(s) == ["draw B"]  # the deck is out: only a pile is left
    with pytest.raises(IllegalMoveError, match="the deck is empty"):
        s.apply("draw deck")
    s = s.apply("draw B").apply("play Ja5 1,0")
    assert not s.is_terminal()  # the turn is finished first...
    s = s.apply("discard BS1")
    assert s.is_terminal() and s.legal_moves() == []  # ...and then it is all over


@shows("end")
def test_two_discards_leave_the_last_deck_card_and_the_game_goes_on() -> None:
    s = state({"A": ["Ma2"], "B": ["Ma6"]}, {"A": A7, "B": B7}, deck="Ja5", dump="B")
    s = s.apply("draw B").apply("draw B")
    s = finish_turn(s)
    assert not s.is_terminal() and s.current_player == 1 and s.deck_count == 1
    assert "draw deck" in moves(s)


# --- the right to score -----------------------------------------------------------------


@shows("tie")
def test_every_player_tied_for_the_highest_sum_has_the_right() -> None:
    arbs = {"A": ["Ja2 Ja3"], "B": ["Ja4 Ja5 Ja8"]}
    _, species, _ = final_events(arbs, {"A": A7 + " Ja7", "B": "Ja1 Ja6 " + B7[:-8]}, "BS1")
    ja = species["Ja"]  # A's Ja7 against B's Ja1 + Ja6: 7 each, both may score
    assert ja["sums"] == [7, 7] and ja["right"] == [0, 1]
    assert [p["scored"] for p in ja["paths"]] == [2, 5]


@shows("tie")
def test_nobody_holding_a_species_lets_everyone_score_it() -> None:
    arbs = {"A": ["Do1 Do4"], "B": ["Do2 Do3"]}
    _, species, _ = final_events(arbs, {"A": A7 + " BS8", "B": B7}, "BS8")
    do = species["Do"]
    assert do["sums"] == [0, 0] and do["right"] == [0, 1]
    assert [p["scored"] for p in do["paths"]] == [3, 2]


@shows("tie")
def test_the_right_to_a_species_never_planted_scores_nothing() -> None:
    arbs = {"A": ["Do1 Do4"], "B": ["Ma3 Ma5"]}
    s, species, _ = final_events(arbs, {"A": A7 + " Ma8", "B": B7}, "BS1")
    ma = species["Ma"]
    assert ma["right"] == [0] and ma["paths"][0]["scored"] == 0
    assert ma["paths"][1]["cards"] == ["Ma3", "Ma5"]  # B's path is worth 2 points...
    assert ma["paths"][1]["points"] == 2 and ma["paths"][1]["scored"] == 0  # ...to nobody
    assert s.scores()[1] == 0


@shows("eight")
def test_an_8_counts_0_against_an_opponents_1_but_not_against_your_own() -> None:
    arbs = {"A": ["Ja5 Ja6"], "B": ["Ja2 Ja3"]}
    # B holds the 1: A's 8 counts nothing, B's 1 + 4 = 5 wins the right.
    _, species, _ = final_events(arbs, {"A": A7 + " Ja8", "B": "Ja1 Ja4 " + B7[:-8]}, "BS1")
    ja = species["Ja"]
    assert ja["sums"][0] == 0 and ja["zeroed_8"] == [0] and ja["right"] == [1]
    assert [p["scored"] for p in ja["paths"]] == [0, 2]
    # A holds the 1 and the 8: 9, more than B's 7.
    hands = {"A": "BS2 BS3 BS4 CB2 CB3 BS1 Ja1 Ja8", "B": "Ja7 " + B7[:-4]}
    _, species, _ = final_events(arbs, hands, "BS1")
    ja = species["Ja"]
    assert ja["sums"] == [9, 7] and ja["zeroed_8"] == [] and ja["right"] == [0]
    assert [p["scored"] for p in ja["paths"]] == [2, 0]


# --- paths ------------------------------------------------------------------------------


def maple_points(*rows: str) -> int:
    """What A's best Maple path in ``rows`` scores (nobody holds Maple: A has the right)."""
    _, species, _ = final_events(
        {"A": list(rows), "B": ["Ja8"]}, {"A": A7 + " Ja2", "B": B7}, "Ja2"
    )
    assert 0 in species["Ma"]["right"]
    return species["Ma"]["paths"][0]["scored"]


@shows("path")
def test_a_path_has_2_cards_or_more_with_values_rising_strictly() -> None:
    assert maple_points("Ma4") == 0  # one card is no path
    assert maple_points("Ma4 Ma5") == 2
    assert maple_points("Ma2 Do3 Ma5") == 3
    assert maple_points("Ma2 Do2 Ma5") == 0  # Do2 does not rise above Ma2


@shows("path")
def test_double_points_need_4_cards_and_all_of_the_scored_species() -> None:
    assert maple_points("Ma4 Ma5 Ma6") == 3  # all Maple, but only 3 cards: 1 each
    assert maple_points("Ma4 Ma5 Ma6 Ma7") == 8  # 4 Maples: 2 each
    assert maple_points("Ma4 Do5 Ma6 Ma7") == 4  # 4 cards, one of another species


@shows("best")
def test_only_the_best_path_of_a_species_scores_and_a_card_serves_several_species() -> None:
    rows = ["Ma1 Ca2 Ca3 Ma4", "Do1", "Ma7 Ma8"]
    s, species, _ = final_events({"A": rows, "B": ["Do5"]}, {"A": A7 + " Ja2", "B": B7}, "Ja2")
    ma, ca = species["Ma"]["paths"][0], species["Ca"]["paths"][0]
    # Maple: Ma1-Ca2-Ca3-Ma4 is 4 + 1 = 5; Ma7-Ma8 (2 + 2 = 4) does not add to it.
    assert ma["cards"] == ["Ma1", "Ca2", "Ca3", "Ma4"] and ma["scored"] == 5
    # Cassia: Ca2-Ca3 scores 2, with the same two cards the Maple path runs through.
    assert ca["cards"] == ["Ca2", "Ca3"] and ca["scored"] == 2
    assert s.scores()[0] == 5 + 2


# --- the winner -------------------------------------------------------------------------


@shows("winner")
def test_a_tie_on_points_goes_to_the_most_species_planted_then_is_shared() -> None:
    # Neither player scores a point: no species has two cards in a path.
    arbs = {"A": ["Ja6 Do2 Ma7"], "B": ["Ja3 Ma2"]}
    s, _, final = final_events(arbs, {"A": A7 + " Ja2", "B": B7}, "Ja2")
    assert s.scores() == [0, 0] and final["species_present"] == [3, 2]
    assert s.winners() == [0]
    arbs = {"A": ["Ja6 Do2"], "B": ["Ja3 Ma2"]}
    s, _, final = final_events(arbs, {"A": A7 + " Ja2", "B": B7}, "Ja2")
    assert s.scores() == [0, 0] and final["species_present"] == [2, 2]
    assert s.winners() == [0, 1]


# --- what each player sees --------------------------------------------------------------


@shows("hidden")
def test_a_card_taken_from_a_pile_stays_known_while_the_rest_of_a_hand_is_hidden() -> None:
    s = state({"A": ["Ma1"], "B": ["Ma5"]}, {"A": A7, "B": B7}, discards={"B": "Ja3 Ja4"})
    s = s.apply("draw B").apply("draw deck")
    seen_by_b = s.view(1)
    assert seen_by_b.hands[0].count(parse_card("Ja4")) == 1
    assert seen_by_b.hands[0].count(-1) == 8  # the other 8 cards are hidden
    assert seen_by_b.discards[1] == [parse_card("Ja3")]  # piles are open, whole
    assert seen_by_b.deck is None and seen_by_b.deck_count == s.deck_count
    s = s.apply("play Ja4 1,0")
    assert s.view(1).hands[0].count(-1) == 8  # played: nothing of the hand is known now


def test_every_ruling_of_play_is_shown_by_a_test():
    check_every_ruling_is_shown("arboretum", globals())
