"""Arribada's scoring, the rulebook's worked examples, one scenario test each, by the
rulebook's sections: groups (sequences, sets, wilds) scored as a tile joins them, and
the final scoring (stranded tiles, then the quadrant majorities).

Every example is written as a position in Tablero's notation (by hand, so it reads
like the rulebook's picture) and played with ``apply``.  Each has a *twin*: the same
position with one tile moved so that the group (or the majority) breaks, and the
changed result is asserted.

Colours: with 3 players A is Green, B is Blue and C is Pink.  The 3-player board is
the green 10x10 side; its empty nidos show as ``o`` and the roca grande as ``#``."""

from __future__ import annotations

import pytest
from support.arribada_positions import (
    board_rows,
    cell,
    events,
    moved,
    score_events,
    token,
)  # fmt: skip
from support.arribada_positions import state as position
from tablero.core import IllegalMoveError

GREEN, BLUE, PINK = 0, 1, 2


# --- helpers -------------------------------------------------------------------------


def finish_turn(state):
    """Decline an extra action, draw back from the bag (or the display) and end the
    turn without refreshing."""
    if state.phase == "extra":
        state = state.apply("decline")
    while state.phase == "draw":
        state = state.apply(state.legal_moves()[0])
    if state.phase == "end":
        state = state.apply("end")
    return state


# --- (e) Green places a 4 and makes 4-5-6 ------------------------------------------

SEQUENCE_456 = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  5A 6A .  .  .  .
 2  .  .  o  .  .  .  o  .  .  .
 3  .  .  .  .  o  .  .  .  o  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 2 4 7 8
rack B: 1 2 3 7 8
rack C: 1 2 3 7 8
display: 1 2 3 7 8
bag: rest
turn: A action
first: A
"""


# --- (f) Pink claims a neutral 3 and makes 1-2-3-4 ---------------------------------

SEQUENCE_1234 = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  1C .  .  .  .  .
 2  .  .  o  .  2C .  o  .  .  .
 3  .  .  .  .  3  4C .  .  o  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 5 6 6 7 8
rack B: 5 6 6 7 8
rack C: 5 6 6 7 8
display: 5 5 6 7 8
bag: rest
turn: C action
first: A
"""


# --- (g) Blue's 7s extend 4-5-6 and later branch off it ----------------------------

BRANCHING_SEVENS = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  4B 5B 6B .  .  .  .
 2  .  .  o  .  .  .  5  .  .  .
 3  .  .  .  .  o  .  .  .  o  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 2 3 3 8
rack B: 1 3 7 7 8
rack C: 2 2 3 3 8
display: 1 2 3 4 6
bag: rest
turn: B action
first: A
"""


# --- (h) Pink's set of five 1s ----------------------------------------------------

SET_OF_ONES = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  1C 1C 1C .  1C .  .  .  .  .
 2  .  .  o  1B .  .  o  .  .  .
 3  .  .  .  .  o  .  .  .  o  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 2 3 4 5 6
rack B: 2 3 4 5 6
rack C: 1 3 4 5 6
display: 2 3 4 5 6
bag: rest
turn: C action
first: A
"""


# --- (i) Green claims a 2 (2-3-wild), then places a 3 with the extra action --------

CLAIM_TWO_THEN_THREE = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  3A *A .  .  .  .  .
 2  .  .  6  .  3A .  o  .  .  .
 3  .  .  *A 4A 2  .  .  .  o  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 3 5 6 7 8
rack B: 1 5 6 7 8
rack C: 1 5 6 7 8
display: 1 4 5 6 7
bag: rest
turn: A action
first: A
"""


# --- (j) Blue captures Green's 2 into a wild: no points, no extra action -----------

CAPTURE_INTO_WILD = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  .  .  .  .  .  .
 2  .  .  o  .  .  4B 2A .  .  .
 3  .  .  .  .  5  .  2A .  6  .
 4  .  o  .  .  4B 5B 6B 7B .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 3 3 5 6
rack B: 1 4 4 8 8
rack C: 1 3 3 5 6
display: 1 3 3 5 6
bag: rest
turn: B action
first: A
"""


# --- (k) later, Blue places a 4: 4-wild-6-7 and wild-4-4 ----------------------------

LATER_FOUR = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  .  .  .  .  .  .
 2  .  .  o  .  .  4B 2A .  .  .
 3  .  .  .  .  5  .  *B .  6  .
 4  .  o  .  .  4B 5B 6B 7B .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 3 3 5 6
rack B: 1 4 4 8 8
rack C: 1 3 3 5 6
display: 1 3 3 5 6
bag: rest
turn: B action
first: A
"""


# --- (l) the 8 on three sequences scores 8 once ------------------------------------

EIGHT_ON_THREE_SEQUENCES = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  .  .  .  .  .  .
 2  .  .  o  .  .  4B 2A .  .  .
 3  .  .  .  .  5  4B *B .  6  .
 4  .  o  .  .  4B 5B 6B 7B .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 3 3 5 6
rack B: 1 4 8 8 8
rack C: 1 3 3 5 6
display: 1 3 3 5 6
bag: rest
turn: B action
first: A
"""


# --- (m) + (n) final scoring: stranded tiles, then 3-4 player majorities -----------
# The top half of the board as in the rulebook's picture.  Stranded: Green's 2s on b2
# and d2, Blue's 2 on c3, Pink's 1 on a2, 2 on e2 and 7 on g5.  Pink, the last player
# of the final round (A was first), has no shells left and passes: the game ends.

FINAL_SCORING = """\
arribada 3p standard
    a  b  c  d  e  f  g  h  i  j
 1  1B 2B 3B 4B 5B 1C 2C 3C 4C 5C
 2  1C 2A  o 2A 2C  .  o  .  .  6C
 3  6B  . 2B  .  o 4A 4A 4A  o 8B
 4  6B  o  . 7C  . 4A 4A 4A 8B 8B
 5  6B 6B 7C 7C  #  # 7C  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
rack A: 1 3 5 6 8
rack B: 1 3 5 6 8
rack C: 1 3 5 6 8
display: 1 3 5 6 7
bag: rest
shells: C=0
turn: C action
first: A
final round: yes
"""


def _final(text: str):
    s0 = position(text)
    assert [str(m) for m in s0.legal_moves() if str(m) != "refresh"] == ["pass"]
    s1 = s0.apply("pass")
    assert s1.is_terminal()
    (end,) = events(s1, "game_end")
    return s0, s1


STRANDED_CLUSTER = """\
arribada 2p standard
    a  b  c  d  e  f  g  h
 1  2A 5A 7A .  .  o  .  1A
 2  .  6A o  .  .  .  .  .
 3  o  .  .  .  .  .  o  .
 4  .  .  .  #  #  .  .  .
 5  .  .  .  #  #  .  .  .
 6  .  o  .  .  .  .  .  o
 7  3B 3B 3B .  .  o  .  .
 8  .  .  o  .  .  .  .  *A
rack A: 1 2 3 4 6
rack B: 1 2 3 4 6
display: 1 2 3 4 6
bag: rest
shells: B=0
score: A=40 B=20
turn: B action
first: A
final round: yes
"""


# --- (n) two players: +10 for the leader, the other by their count -------------------


def _two_player_quadrant(a_tiles: int, b_tiles: int) -> str:
    """Green (A) has ``a_tiles`` 3s and Blue (B) ``b_tiles`` 5s in the NW quadrant, all in
    sets that reach outside it, so nothing is stranded."""
    a_nw = ["d1", "c1", "b1", "a1", "a2"][:a_tiles]
    b_nw = ["a4", "b4", "c4", "b3", "c3"][:b_tiles]
    cells = {c: "3A" for c in ["e1", "e2", "e3", *a_nw]}
    cells.update({c: "5B" for c in ["a5", "b5", "c5", *b_nw]})
    rows = board_rows(2, cells)
    return (
        "arribada 2p standard\n" + "\n".join(rows) + "\n"
        "rack A: 1 2 4 6 7\nrack B: 1 2 4 6 7\ndisplay: 1 2 4 6 7\nbag: rest\n"
        "shells: B=0\nturn: B action\nfirst: A\nfinal round: yes\n"
    )


class TestGroups:
    """A placed or claimed tile scores in each group it joins: a sequence its value, a set
    its size."""

    def test_example_sequence_456_by_placing_a_4(self):
        s1 = position(SEQUENCE_456).apply("place 4 d1")
        (ev,) = score_events(s1)  # only the placed 4 scores, not the 5 and 6
        assert (ev["player"], ev["cell"], ev["value"]) == (GREEN, "d1", 4)
        assert ev["sequence"] == 4
        assert ev["set"] == 0
        assert s1.scores() == [4, 0, 0]

    def test_example_sequence_456_twin_six_away(self):
        s1 = position(moved(SEQUENCE_456, "f1", "h1")).apply("place 4 d1")
        assert score_events(s1) == []  # 4-5 is only two tiles
        assert s1.scores() == [0, 0, 0]

    def test_example_sequence_1234_by_claiming_a_neutral_3(self):
        s0 = position(SEQUENCE_1234)
        assert s0.strengths(cell(s0, "e3")) == [0, 0, 6]
        s1 = s0.apply("claim e3")
        (ev,) = score_events(s1)
        assert (ev["player"], ev["cell"], ev["value"]) == (PINK, "e3", 3)
        assert ev["sequence"] == 3
        assert ev["set"] == 0
        assert s1.scores() == [0, 0, 3]

    def test_example_sequence_1234_twin_two_away(self):
        s0 = position(moved(SEQUENCE_1234, "e2", "j10"))
        s1 = s0.apply("claim e3")  # 4 strength still claims
        assert token(s1, "e3") == "3C"
        assert score_events(s1) == []  # 3-4 only
        assert s1.scores() == [0, 0, 0]

    def test_example_branching_sevens(self):
        s = position(BRANCHING_SEVENS)
        s = s.apply("place 7 g1")
        (ev,) = score_events(s)
        assert (ev["cell"], ev["sequence"], ev["set"]) == ("g1", 7, 0)
        assert s.scores() == [0, 7, 0]
        s = finish_turn(s)
        # Pink and Green play elsewhere
        s = finish_turn(s.apply(f"place {s.racks[PINK][0]} j10"))
        s = finish_turn(s.apply(f"place {s.racks[GREEN][0]} a10"))
        assert s.current_player == BLUE
        assert 7 in s.racks[BLUE]
        s = s.apply("place 7 f2")  # branches off the 6 downwards
        (ev,) = score_events(s)
        assert (ev["cell"], ev["sequence"], ev["set"]) == ("f2", 7, 0)
        assert s.scores()[BLUE] == 14

    def test_example_branching_sevens_twin_five_away(self):
        s = position(moved(BRANCHING_SEVENS, "e1", "j5")).apply("place 7 g1")
        assert score_events(s) == []  # 6-7 only
        assert s.scores() == [0, 0, 0]

    def test_example_set_of_five_ones(self):
        s1 = position(SET_OF_ONES).apply("place 1 d1")
        (ev,) = score_events(s1)  # Blue's 1 on d2 is not part of Pink's set
        assert (ev["player"], ev["cell"], ev["value"]) == (PINK, "d1", 1)
        assert ev["set"] == 5
        assert ev["sequence"] == 0
        assert s1.scores() == [0, 0, 5]

    @pytest.mark.parametrize(
        ("src", "set_points"),
        [("e1", 4), ("c1", 0)],  # the far 1 away: 4 in the set; the near 1 away: d1-e1 only
    )
    def test_example_set_of_five_ones_twin(self, src, set_points):
        s1 = position(moved(SET_OF_ONES, src, "j10")).apply("place 1 d1")
        if set_points:
            (ev,) = score_events(s1)
            assert (ev["sequence"], ev["set"]) == (0, set_points)
        else:
            assert score_events(s1) == []
        assert s1.scores() == [0, 0, set_points]

    def test_example_claim_two_then_place_three(self):
        s0 = position(CLAIM_TWO_THEN_THREE)
        s1 = s0.apply("claim e3")
        (ev,) = score_events(s1)
        assert (ev["cell"], ev["value"], ev["sequence"], ev["set"]) == ("e3", 2, 2, 0)
        assert len(events(s1, "extra_action")) == 1
        assert s1.phase == "extra" and s1.current_player == GREEN
        assert s1.racks[GREEN] == [3, 5, 6, 7, 8]
        s2 = s1.apply("place 3 d2")
        (ev,) = score_events(s2)
        assert (ev["cell"], ev["value"]) == ("d2", 3)
        assert ev["sequence"] == 3  # 3-4-wild
        assert ev["set"] == 4  # 3-3-3-wild
        assert s2.scores() == [9, 0, 0]
        assert events(s2, "extra_action") == []
        assert s2.phase == "draw"

    def test_example_claim_two_then_place_three_twin_wild_away(self):
        s0 = position(moved(CLAIM_TWO_THEN_THREE, "e1", "j10"))
        s1 = s0.apply("claim e3")
        assert score_events(s1) == []  # 2-3 only
        assert len(events(s1, "extra_action")) == 1  # the 2 still gives the extra action
        s2 = s1.apply("place 3 d2")
        (ev,) = score_events(s2)
        assert (ev["sequence"], ev["set"]) == (3, 3)  # the set is now 3-3-3
        assert s2.scores() == [6, 0, 0]

    def test_example_capture_into_a_wild(self):
        s0 = position(CAPTURE_INTO_WILD)
        g3 = cell(s0, "g3")
        assert s0.strengths(g3) == [2, 6, 0]  # Green defends with 2 + 2 = 4
        s1 = s0.apply("capture g3")
        assert token(s1, "g3") == "*B"  # extends 4-5-6-wild, but a capture never scores
        assert score_events(s1) == []
        assert events(s1, "extra_action") == []
        assert s1.phase != "extra"
        assert s1.scores() == [0, 0, 0]
        assert s1.shells[GREEN] == s0.shells[GREEN] + 1

    def test_example_capture_into_a_wild_twin_six_away(self):
        s0 = position(moved(CAPTURE_INTO_WILD, "g4", "j10"))
        assert s0.strengths(cell(s0, "g3")) == [2, 0, 0]
        with pytest.raises(IllegalMoveError):
            s0.apply("capture g3")

    def test_example_later_four_sequence_and_set(self):
        s1 = position(LATER_FOUR).apply("place 4 f3")
        (ev,) = score_events(s1)
        assert (ev["cell"], ev["value"]) == ("f3", 4)
        assert ev["sequence"] == 4  # 4-wild-6-7
        assert ev["set"] == 3  # wild-4-4
        assert s1.scores() == [0, 7, 0]

    def test_example_later_four_twin_second_four_away(self):
        s1 = position(moved(LATER_FOUR, "f2", "j10")).apply("place 4 f3")
        (ev,) = score_events(s1)
        assert (ev["sequence"], ev["set"]) == (4, 0)
        assert s1.scores() == [0, 4, 0]

    def test_example_eight_on_three_sequences_scores_once(self):
        s1 = position(EIGHT_ON_THREE_SEQUENCES).apply("place 8 h3")
        (ev,) = score_events(s1)
        assert (ev["cell"], ev["value"]) == ("h3", 8)
        assert ev["sequence"] == 8  # 4-5-6-wild-8, 4-wild-6-7-8, 4-5-6-7-8: once
        assert ev["set"] == 0  # wild-8 is two tiles
        assert s1.scores() == [0, 8, 0]

    def test_example_eight_on_three_sequences_twin_six_away(self):
        s1 = position(moved(EIGHT_ON_THREE_SEQUENCES, "g4", "j10")).apply("place 8 h3")
        assert score_events(s1) == []
        assert s1.scores() == [0, 0, 0]


class TestFinalScoring:
    """Stranded tiles lose their value; then each quadrant's majorities score."""

    def test_example_stranded_penalties(self):
        s0, s1 = _final(FINAL_SCORING)
        stranded = {
            (e["player"], e["cell"], e["value"], e["points"]) for e in events(s1, "stranded")
        }
        assert stranded == {
            (GREEN, "b2", 2, -2),
            (GREEN, "d2", 2, -2),
            (BLUE, "c3", 2, -2),
            (PINK, "a2", 1, -1),  # a stranded 1 loses 1, not 10
            (PINK, "e2", 2, -2),
            (PINK, "g5", 7, -7),
        }
        by_player = [
            sum(e["points"] for e in events(s1, "stranded") if e["player"] == p) for p in range(3)
        ]
        assert by_player == [-4, -2, -10]
        for name in ("b2", "d2", "c3", "a2", "e2", "g5"):
            assert token(s1, name) in (".", "o")
        assert s1.removed == [[2, 2], [2], [1, 2, 7]]
        # the removed tiles' shells go back to supply
        assert s1.shells == [s0.shells[0] + 2, s0.shells[1] + 1, 3]

    def test_example_quadrant_majorities_three_players(self):
        _, s1 = _final(FINAL_SCORING)
        majorities = {e["quadrant"]: e for e in events(s1, "majority")}
        # upper left: Blue 1st with 9, Pink 2nd with 3; Green has none left after removal
        assert majorities["nw"]["counts"] == [0, 9, 3]
        assert majorities["nw"]["points"] == [0, 20, 16]
        # upper right: Pink and Green tie with 6 each (20 + 16) / 2; Blue 3rd with 3
        assert majorities["ne"]["counts"] == [6, 3, 6]
        assert majorities["ne"]["points"] == [18, 10, 18]
        assert majorities["sw"]["points"] == [0, 0, 0]
        assert majorities["se"]["points"] == [0, 0, 0]
        assert s1.scores() == [-4 + 18, -2 + 20 + 10, -10 + 16 + 18]

    def test_example_final_scoring_twin_pink_seven_away(self):
        # Pink's 7 from d4 to e4: none of Pink's 7s is in a group any more
        _, s1 = _final(moved(FINAL_SCORING, "d4", "e4"))
        pink = sorted(e["value"] for e in events(s1, "stranded") if e["player"] == PINK)
        assert pink == [1, 2, 7, 7, 7, 7]
        majorities = {e["quadrant"]: e for e in events(s1, "majority")}
        assert majorities["nw"]["counts"] == [0, 9, 0]
        assert majorities["nw"]["points"] == [0, 20, 0]
        assert s1.scores() == [-4 + 18, -2 + 20 + 10, -31 + 18]

    def test_example_stranded_cluster_and_wild(self):
        s1 = position(STRANDED_CLUSTER).apply("pass")
        assert s1.is_terminal()
        stranded = {(e["player"], e["cell"], e["points"]) for e in events(s1, "stranded")}
        # 2-5-7 in a row (with a 6 under the 5) is connected but neither a sequence nor a
        # set: all stranded.  The 1 loses 1, the wild nothing.  Blue's 3-3-3 set stays.
        assert stranded == {
            (GREEN, "a1", -2), (GREEN, "b1", -5), (GREEN, "c1", -7), (GREEN, "b2", -6),
            (GREEN, "h1", -1), (GREEN, "h8", 0),
        }  # fmt: skip
        assert "removed A: 1 2 5 6 7 *" in s1.to_text()
        assert "removed B" not in s1.to_text()

    def test_example_stranded_cluster_twin_seven_moved(self):
        # the 7 from c1 to a2: 5-6-7 is a sequence now; only the 2 (and the 1, the wild)
        s1 = position(moved(STRANDED_CLUSTER, "c1", "a2")).apply("pass")
        stranded = {(e["player"], e["cell"], e["points"]) for e in events(s1, "stranded")}
        assert stranded == {(GREEN, "a1", -2), (GREEN, "h1", -1), (GREEN, "h8", 0)}
        assert "removed A: 1 2 *" in s1.to_text()

    @pytest.mark.parametrize(
        ("a_tiles", "b_tiles", "points"),
        [
            (5, 0, [10, -10]),
            (4, 1, [10, -5]),
            (4, 2, [10, -5]),
            (5, 3, [10, -2]),
            (5, 4, [10, 0]),
            (1, 3, [-5, 10]),
            (0, 4, [-10, 10]),
            (3, 3, [4, 4]),  # (10 - 2) / 2
            (1, 1, [2, 2]),  # (10 - 5) / 2 rounded down
            (4, 4, [5, 5]),  # (10 + 0) / 2
            (0, 0, [0, 0]),  # nobody scores
        ],
    )
    def test_example_quadrant_majorities_two_players(self, a_tiles, b_tiles, points):
        s1 = position(_two_player_quadrant(a_tiles, b_tiles)).apply("pass")
        assert s1.is_terminal()
        assert events(s1, "stranded") == []
        nw = next(e for e in events(s1, "majority") if e["quadrant"] == "nw")
        assert nw["counts"] == [a_tiles, b_tiles]
        assert nw["points"] == points
