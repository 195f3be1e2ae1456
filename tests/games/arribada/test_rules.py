"""Arribada's rules, one class per section of the rulebook: its worked examples of the
actions, each with a *twin* (the same position with one tile moved so that the strength
breaks, and the changed result asserted), the rules they rest on, and the moves the
rules refuse, each with its message.

Scoring (groups, the final scoring) is in test_scoring.py; the readings the rulebook
leaves open are shown in test_rulings.py.

Colours: with 3 players A is Green, B is Blue and C is Pink.  The 3-player board is
the green 10x10 side; its empty nidos show as ``o`` and the roca grande as ``#``."""

from __future__ import annotations

import pytest
from support.arribada_positions import (
    GOOD,
    cell,
    events,
    moved,
    pos,
    score_events,
    state,
    token,
    with_cell,
)  # fmt: skip
from support.arribada_positions import state as position
from tablero.core import IllegalMoveError, make

GREEN, BLUE, PINK = 0, 1, 2


# --- (a) a nido spawns a tile, then Green draws the 8 from the display ---------------

NIDO_SPAWN = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  .  .  .  .  .  .
 2  .  .  o  .  .  .  4  .  .  .
 3  .  .  .  .  o  .  .  .  6  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  2  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  3  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 4 5 6 7
rack B: 2 3 3 5 8
rack C: 1 1 4 6 7
display: 3 5 8 1 2
bag: rest
turn: A action
first: A
rng: 5eed
"""


# --- (b) Blue claims the neutral 7 with 9 strength against Green's 6 -----------------

CLAIM_SEVEN = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  .  .  .  .  .  .
 2  .  .  o  .  6B .  o  .  .  .
 3  .  .  .  3B 7  6A 5A .  o  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 2 3 4 8
rack B: 1 2 3 4 8
rack C: 1 2 3 4 8
display: 5 5 6 6 7
bag: rest
turn: B action
first: A
"""


# --- (c) Green captures Blue's 4: 7 against 6 --------------------------------------

CAPTURE_FOUR = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  .  .  .  .  .  .
 2  .  .  o  .  .  .  o  .  .  .
 3  .  .  .  .  o  .  .  .  o  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  3A #  #  .  .  .  .
 7  .  .  4A 4B .  .  .  .  o  .
 8  .  o  .  2B .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 2 5 6 8
rack B: 1 2 5 6 8
rack C: 1 2 5 6 8
display: 5 5 6 6 7
bag: rest
turn: A action
refresh: A=no
first: A
"""


# --- (d) Pink captures Blue's 8: Blue's 8 and 7 count 0 ----------------------------

CAPTURE_EIGHT = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  .  .  .  .  .  .
 2  .  .  o  .  .  .  o  .  .  .
 3  .  .  .  .  o  .  .  .  o  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  1C #  #  .  .  .  .
 7  .  .  .  8B 5B .  .  .  o  .
 8  .  o  .  7B .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 2 3 4 6
rack B: 1 2 3 4 6
rack C: 1 2 3 4 6
display: 2 3 4 5 6
bag: rest
turn: C action
first: A
"""


def moves(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


class TestSetup:
    """The board by the player count, the racks, the display; the options."""

    def test_bad_make_options(self):
        with pytest.raises(ValueError, match="2 to 4"):
            make("arribada", players=5)
        with pytest.raises(ValueError, match="variant"):
            make("arribada", players=2, variant="expert")
        with pytest.raises(ValueError, match="colour"):
            make("arribada", players=2, colour="green")


class TestFlowOfPlay:
    """One action a turn (place, claim or capture), then draw back; pass only without one."""

    @pytest.mark.parametrize(
        ("text", "decision"),
        [
            ("draw bag", "action"),
            ("draw 3", "action"),
            ("end", "action"),
            ("decline", "action"),
            ("confirm", "action"),
            ("pick rack 1", "action"),
        ],
    )
    def test_move_of_the_wrong_kind_for_the_decision(self, text, decision):
        with pytest.raises(IllegalMoveError) as info:
            state().apply(text)
        msg = str(info.value)
        assert "decision" in msg and repr(decision) in msg

    def test_pass_while_an_action_is_possible(self):
        with pytest.raises(IllegalMoveError, match="cannot pass"):
            state().apply("pass")


class TestPlaceATile:
    """A rack tile on an empty playa space; a nido next to it spawns a tile; drawing back."""

    def test_example_nido_spawn_and_display_draw(self):
        s0 = position(NIDO_SPAWN)
        bag0 = s0.bag_count
        s1 = s0.apply("place 5 c3")
        spawns = events(s1, "spawn")
        assert len(spawns) == 1
        spawn = spawns[0]
        assert spawn["cell"] == "c2"
        assert 1 <= spawn["value"] <= 8
        assert token(s1, "c2") == str(spawn["value"])  # a neutral tile on the nido
        assert s1.bag_count == bag0 - 1
        assert s1.bag[spawn["value"] - 1] == s0.bag[spawn["value"] - 1] - 1
        assert token(s1, "c3") == "5A"
        assert score_events(s1) == []

        # drawing back: the 8 from the display, then its space is refilled from the bag
        assert s1.phase == "draw"
        assert s1.display == [3, 5, 8, 1, 2]
        s2 = s1.apply("draw 8")
        kinds = [e["type"] for e in s2.history[-1]["events"]]
        assert kinds == ["draw", "refill"]  # the refill comes after the draw
        draw, refill = s2.history[-1]["events"]
        assert draw["source"] == "display" and draw["value"] == 8
        assert refill["slot"] == 2
        assert s2.display[2] == refill["value"]
        assert s2.display[:2] == [3, 5] and s2.display[3:] == [1, 2]
        assert s2.racks[GREEN] == [1, 4, 6, 7, 8]
        assert s2.bag_count == bag0 - 2
        # she still holds her refresh seashell: the turn ends on her decision
        assert s2.phase == "end"
        s3 = s2.apply("end")
        assert s3.current_player == BLUE and s3.phase == "action"

    def test_example_nido_spawn_twin_nido_already_occupied(self):
        # the neutral 4 moved from g2 onto the c2 nido: nothing spawns
        s0 = position(moved(NIDO_SPAWN, "g2", "c2"))
        bag0 = s0.bag_count
        s1 = s0.apply("place 5 c3")
        assert events(s1, "spawn") == []
        assert token(s1, "c2") == "4"
        assert s1.bag_count == bag0

    def test_action_during_drawing_back(self):
        s = state().apply("place 3 a1")
        assert s.phase == "draw"
        with pytest.raises(IllegalMoveError, match="decision is 'draw'"):
            s.apply("place 4 a2")
        with pytest.raises(IllegalMoveError, match="no 8 in the display"):
            s.apply("draw 8")

    @pytest.mark.parametrize(
        ("cell", "words"),
        [
            ("c2", ["c2", "nido"]),
            ("e5", ["e5", "roca grande"]),
            ("b1", ["b1", "already holds a tile"]),
        ],
    )
    def test_place_on_a_nido_the_rock_or_an_occupied_cell(self, cell, words):
        s = state(with_cell(GOOD, "b1", "4B"))
        with pytest.raises(IllegalMoveError) as info:
            s.apply(f"place 3 {cell}")
        for word in words:
            assert word in str(info.value)

    def test_place_a_tile_not_on_the_rack(self):
        with pytest.raises(IllegalMoveError, match="no 8 on your rack"):
            state().apply("place 8 a1")

    def test_illegal_move_value_is_refused_too(self):
        from tablero.arribada import Place

        with pytest.raises(IllegalMoveError, match="nido"):
            state().apply(Place(3, 1, 2))  # c2


class TestClaimANeutralTile:
    """More strength around a neutral tile than any other player, and more than 0."""

    def test_example_claim_nine_against_six(self):
        s0 = position(CLAIM_SEVEN)
        e3 = cell(s0, "e3")
        assert s0.strengths(e3) == [6, 9, 0]  # Green's 5 on g3 is not adjacent
        assert "claim e3" in [str(m) for m in s0.legal_moves()]
        s1 = s0.apply("claim e3")
        assert token(s1, "e3") == "7B"
        assert s1.shells[BLUE] == s0.shells[BLUE] - 1
        assert score_events(s1) == []  # 3-7-6 is no group

    def test_example_claim_twin_green_five_adjacent(self):
        s0 = position(moved(CLAIM_SEVEN, "g3", "e4"))
        e3 = cell(s0, "e3")
        assert s0.strengths(e3) == [11, 9, 0]
        assert "claim e3" not in [str(m) for m in s0.legal_moves()]
        with pytest.raises(IllegalMoveError):
            s0.apply("claim e3")

    @pytest.mark.parametrize(
        ("token", "strength"),
        [("1A", 10), ("2A", 2), ("3A", 3), ("4A", 4), ("5A", 5), ("6A", 6), ("7A", 0), ("8A", 0),
         ("*A", 0)],
    )  # fmt: skip
    def test_strength_of_each_tile(self, token, strength):
        s = pos(3, {"e3": "5", "e2": token})
        assert s.strengths(s.board.parse_cell("e3")) == [strength, 0, 0]

    def test_strength_sums_only_orthogonal_neighbours(self):
        s = pos(3, {"e3": "5", "e2": "3A", "d3": "1A", "f3": "4B", "d2": "6A", "f4": "6B"})
        assert s.strengths(s.board.parse_cell("e3")) == [13, 4, 0]

    def test_claim_without_a_majority(self):
        s = state(with_cell(with_cell(with_cell(GOOD, "e3", "5"), "e2", "4A"), "f3", "4B"))
        with pytest.raises(IllegalMoveError) as info:
            s.apply("claim e3")
        msg = str(info.value)
        assert "claim" in msg and "more than" in msg and "4" in msg

    def test_claim_of_a_tile_that_is_not_neutral_or_missing(self):
        s = state(with_cell(with_cell(GOOD, "e3", "5B"), "e2", "6A"))
        with pytest.raises(IllegalMoveError, match="not neutral"):
            s.apply("claim e3")
        with pytest.raises(IllegalMoveError, match="no tile"):
            state().apply("claim c2")


class TestCaptureAnOpponentsTile:
    """More strength than the tile and its owner's tiles around it; the tile turns wild."""

    def test_example_capture_blue_four(self):
        s0 = position(CAPTURE_FOUR)
        d7 = cell(s0, "d7")
        assert s0.strengths(d7) == [7, 2, 0]  # Blue defends with 4 + 2 = 6
        s1 = s0.apply("capture d7")
        assert token(s1, "d7") == "*A"
        assert s1.shells[BLUE] == s0.shells[BLUE] + 1
        assert s1.shells[GREEN] == s0.shells[GREEN] - 1
        assert score_events(s1) == []
        assert events(s1, "extra_action") == []
        (cap,) = events(s1, "capture")
        assert cap["cell"] == "d7" and cap["value"] == 4 and cap["player"] == GREEN
        # a capture uses no rack tile: nothing to draw, and no refresh left: Blue's turn
        assert s1.racks[GREEN] == s0.racks[GREEN]
        assert s1.current_player == BLUE and s1.phase == "action"

    def test_example_capture_blue_four_twin_green_four_away(self):
        s0 = position(moved(CAPTURE_FOUR, "c7", "b7"))
        assert s0.strengths(cell(s0, "d7")) == [3, 2, 0]
        with pytest.raises(IllegalMoveError):
            s0.apply("capture d7")

    def test_example_capture_blue_eight(self):
        s0 = position(CAPTURE_EIGHT)
        d7 = cell(s0, "d7")
        assert s0.strengths(d7) == [0, 5, 10]  # the 7 counts 0, the 1 counts 10
        s1 = s0.apply("capture d7")
        assert token(s1, "d7") == "*C"
        assert s1.shells[BLUE] == s0.shells[BLUE] + 1
        assert score_events(s1) == []
        assert events(s1, "extra_action") == []

    def test_example_capture_blue_eight_twin_pink_one_away(self):
        s0 = position(moved(CAPTURE_EIGHT, "d6", "c5"))
        assert s0.strengths(cell(s0, "d7")) == [0, 5, 0]
        with pytest.raises(IllegalMoveError):
            s0.apply("capture d7")

    def test_capture_against_tile_strength_plus_owner_adjacent_tiles(self):
        # Blue's 3 with Blue's 2 next to it defends with 5
        base = {"d7": "3B", "d8": "2B", "d6": "5A"}
        s = pos(3, base)
        assert s.strengths(s.board.parse_cell("d7")) == [5, 2, 0]
        with pytest.raises(IllegalMoveError, match="capture"):
            s.apply("capture d7")  # 5 is not more than 5
        s = pos(3, {**base, "d6": "6A"})
        s1 = s.apply("capture d7")
        assert "*A" in s1.to_text()

    def test_capture_ignores_third_players_tiles(self):
        # Pink's 6 next to Blue's 3 does not defend it
        s = pos(3, {"d7": "3B", "e7": "6C", "d6": "4A"})
        assert "capture d7" in moves(s)

    def test_capture_uses_the_tile_strength_table(self):
        # Blue's 1 defends with 10; Blue's 8 with 0
        s = pos(3, {"d7": "1B", "d6": "6A", "c7": "4A"})
        with pytest.raises(IllegalMoveError):
            s.apply("capture d7")
        s = pos(3, {"d7": "1B", "d6": "6A", "c7": "5A"})
        assert "capture d7" in moves(s)
        s = pos(3, {"d7": "8B", "d6": "2A"})
        assert "capture d7" in moves(s)

    def test_beginner_variant_has_no_capture(self):
        s = pos(3, {"d7": "3B", "d6": "1A"}, variant="beginner")
        assert not any(m.startswith("capture") for m in moves(s))
        with pytest.raises(IllegalMoveError, match="beginner"):
            s.apply("capture d7")
        s = pos(3, {"d7": "3B", "d6": "1A"})
        assert "capture d7" in moves(s)
        g = make("arribada", players=3, seed=2, variant="beginner")
        assert g.variant == "beginner" and "3p beginner" in g.to_text()

    def test_capture_of_a_wild(self):
        s = state(with_cell(with_cell(GOOD, "d7", "*B"), "d6", "1A"))
        with pytest.raises(IllegalMoveError, match="wild"):
            s.apply("capture d7")

    def test_capture_without_enough_strength_names_both_sides(self):
        s = state(with_cell(with_cell(GOOD, "d7", "5B"), "d6", "5A"))
        with pytest.raises(IllegalMoveError) as info:
            s.apply("capture d7")
        assert "strength" in str(info.value) and "5" in str(info.value)

    def test_capture_of_own_neutral_or_empty(self):
        s = state(with_cell(with_cell(GOOD, "d7", "5A"), "d6", "1A"))
        with pytest.raises(IllegalMoveError, match="already yours"):
            s.apply("capture d7")
        s = state(with_cell(with_cell(GOOD, "c2", "5"), "c3", "1A"))
        with pytest.raises(IllegalMoveError, match="claim it instead"):
            s.apply("capture c2")
        with pytest.raises(IllegalMoveError, match="no tile"):
            state().apply("capture a1")

    def test_capture_in_the_beginner_variant(self):
        text = with_cell(with_cell(GOOD, "d7", "3B"), "d6", "1A")
        assert "capture d7" in [str(m) for m in state(text).legal_moves()]
        beginner = text.replace("3p standard", "3p beginner")
        with pytest.raises(IllegalMoveError, match="beginner"):
            state(beginner).apply("capture d7")


class TestExtraAction:
    """Placing or claiming a 2 gives one more action, once a turn."""

    def test_claimed_two_gives_an_extra_action(self):
        s = pos(3, {"e3": "2", "e2": "4A"})
        s1 = s.apply("claim e3")
        assert len(events(s1, "extra_action")) == 1 and s1.phase == "extra"


class TestRefreshTilesSeashell:
    """Once a game, before or after the action."""

    def test_refresh_twice(self):
        s = state(GOOD + "refresh: A=no\n")
        with pytest.raises(IllegalMoveError, match="already spent"):
            s.apply("refresh")


class TestGameEnd:
    """The round ends after the last shell; then nothing more is played."""

    def test_move_after_the_game_is_over(self):
        text = GOOD.replace("turn: A action", "turn: C action") + "final round: yes\nshells: C=0\n"
        s = state(text).apply("pass")
        assert s.is_terminal()
        with pytest.raises(IllegalMoveError, match="over"):
            s.apply("place 3 a1")
        assert s.legal_moves() == []
