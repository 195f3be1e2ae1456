"""Arboretum's rules, one class per section of the rulebook, each rule played through
moves on positions written in the notation (``support.arboretum_positions``).

The scoring sections (paths, the right to score, the points, winning) are in
test_scoring.py; the readings the rulebook leaves open are shown in test_rulings.py."""

from __future__ import annotations

import pytest
from support.arboretum_positions import state
from tablero.arboretum import Discard, DrawDeck, DrawPile, Play, parse_card
from tablero.core import IllegalMoveError, make

HAND_A = "Ca1 Ca2 Ca3 BS1 BS2 BS3 CB1"
HAND_B = "Ca5 Ca6 Ca7 BS5 BS6 BS7 CB5"


def moves(s) -> list[str]:
    return [str(m) for m in s.legal_moves()]


class TestObjectiveAndOverview:
    """The cards: 6, 8 or 10 species by the player count, seven dealt to each player."""

    @pytest.mark.parametrize(("players", "cards"), [(2, 48), (3, 64), (4, 80)])
    def test_setup_deals_7_cards_from_6_8_10_species(self, players: int, cards: int) -> None:
        s = make("arboretum", players=players, seed=5)
        assert [len(h) for h in s.hands] == [7] * players
        assert s.deck_count == cards - 7 * players
        assert max(c for h in s.hands for c in h) < cards and max(s.deck) < cards
        assert s.phase == "draw" and s.draws == 0 and moves(s) == ["draw deck"]

    def test_first_player_option_and_seeded_default(self) -> None:
        assert make("arboretum", players=3, seed=1, first_player=2).current_player == 2
        firsts = {make("arboretum", players=4, seed=k).current_player for k in range(20)}
        assert firsts == {0, 1, 2, 3}
        with pytest.raises(ValueError, match="first_player"):
            make("arboretum", players=2, seed=1, first_player=3)


class TestGamePlay:
    """Turns in seat order, each of three decisions: draw (twice), play, discard."""

    def test_wrong_decision_is_refused_with_the_pending_one(self) -> None:
        s = state({}, {"A": HAND_A, "B": HAND_B})
        with pytest.raises(IllegalMoveError, match="the decision is 'draw'"):
            s.apply("discard Ca1")
        with pytest.raises(IllegalMoveError, match="the decision is 'draw'"):
            s.apply(Play(0, 0, 0))
        assert s.apply(DrawDeck()).apply(DrawDeck()).illegal_reason(Discard(0)) is not None


class TestDraw:
    """Two cards, one at a time, from the deck or the top of any discard pile."""

    def test_two_draws_one_at_a_time_the_second_after_seeing_the_first(self) -> None:
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

    def test_drawing_from_your_own_pile_and_the_same_pile_twice(self) -> None:
        s = state({}, {"A": HAND_A, "B": HAND_B}, discards={"A": "Do4 Do5 Do6"})
        assert moves(s) == ["draw deck", "draw A"]
        s = s.apply("draw A").apply("draw A")  # top first: Do6, then Do5
        assert [e["card"] for h in s.history for e in h["events"]] == ["Do6", "Do5"]
        assert s.discards[0] == [parse_card("Do4")]
        assert s.known[0] == sorted([parse_card("Do5"), parse_card("Do6")])

    def test_empty_discard_piles_cannot_be_drawn(self) -> None:
        s = state({}, {"A": HAND_A, "B": HAND_B})
        assert moves(s) == ["draw deck"]
        with pytest.raises(IllegalMoveError, match="player B's discard pile is empty"):
            s.apply("draw B")
        with pytest.raises(IllegalMoveError, match="no player C in a 2-player game"):
            s.apply("draw C")
        assert s.illegal_reason(DrawPile(1)) is not None

    def test_a_card_taken_from_a_pile_is_known_until_it_leaves_the_hand(self) -> None:
        s = state({"A": ["Ma1"]}, {"A": HAND_A, "B": HAND_B}, discards={"B": "Do4"})
        s = s.apply("draw B").apply("draw deck")
        view = s.view(1)
        assert view.hands[0].count(-1) == 8 and parse_card("Do4") in view.hands[0]
        assert "hand A: Do4* ? ? ? ? ? ? ? ?" in view.to_text()
        assert "Do4*" in s.to_text()
        s = s.apply("play Do4 1,0")
        assert s.known[0] == [] and "hand A: ? ? ? ? ? ? ? ?" in s.view(1).to_text()


class TestPlay:
    """One card of the hand into the arboretum, orthogonally next to one of your cards."""

    def test_the_first_card_goes_to_0_0(self) -> None:
        s = state({}, {"A": HAND_A + " Do1 Do2", "B": HAND_B}, turn="A play")
        assert moves(s)[:2] == ["play Ca1 0,0", "play Ca2 0,0"] and len(moves(s)) == 9
        with pytest.raises(IllegalMoveError, match="your first card goes to 0,0"):
            s.apply("play Ca1 1,0")
        after = s.apply("play Ca1 0,0")
        assert after.phase == "discard" and after.to_text().count("Ca1") == 1

    def test_a_card_goes_orthogonally_next_to_one_of_yours(self) -> None:
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


class TestDiscard:
    """One card onto your own discard pile; the turn passes."""

    def test_discard_goes_to_your_own_pile_and_the_turn_passes(self) -> None:
        s = state({"A": ["Ma1"]}, {"A": HAND_A + " Do1", "B": HAND_B}, turn="A discard")
        assert moves(s)[0] == "discard Ca1" and len(moves(s)) == 8
        s = s.apply("discard Do1")
        assert s.discards[0] == [parse_card("Do1")] and s.current_player == 1
        assert s.phase == "draw" and s.draws == 0 and [len(h) for h in s.hands] == [7, 7]


class TestEndOfTheGame:
    """The player who draws the deck's last card finishes the turn, then the game is scored."""

    def test_the_last_deck_card_and_one_discard_then_the_game_ends(self) -> None:
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

    def test_with_one_card_left_two_discards_keep_the_game_going(self) -> None:
        s = state({"A": ["Ca4"]}, {"A": HAND_A, "B": HAND_B}, deck="Do1", dump="B")
        s = s.apply("draw B").apply("draw B")
        top = s.history[-1]["events"][0]["card"]
        s = s.apply(f"play {top} 1,0").apply("discard CB1")
        assert not s.is_terminal() and s.current_player == 1 and s.deck_count == 1
