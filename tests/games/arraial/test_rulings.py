"""Tablero's rulings for Arraial (``tablero.arraial.data.RULINGS``; docs/rulings/arraial.md),
each shown by play: a position written in the game's notation
(``arraial_positions.position``) or a game from ``make``, the moves that meet the ruling,
and what the engine then does.

Streets are given bottom row first; a token is ``.`` or a shape's letter and the number of
the piece (``O3``: the third piece placed, an O).
"""

from __future__ import annotations

from collections import Counter

import pytest
from support.arraial_positions import play, position, texts
from support.rulings import check_every_ruling_is_shown, shows
from tablero.arraial import ArraialState
from tablero.arraial.data import CARD_CODES, CARDS, cards_in_play
from tablero.core import CorruptDataError, IllegalMoveError, InvalidMoveError, Rng, make


def landing_texts(state: ArraialState) -> list[str]:
    return [str(m) for m in state.landings()]


def events(state: ArraialState, kind: str) -> list[dict]:
    """The events of ``kind`` in the last move's history entry."""
    return [e for e in state.history[-1]["events"] if e["type"] == kind]


#: The four ways a T can be seen (its cells resting at the bottom left of an empty street).
T_DOWN = "land b1 a2 b2 c2"  # three across the top, one under the middle
T_LEFT = "land b1 a2 b2 b3"  # the stem to the left
T_UP = "land a1 b1 c1 b2"  # three across the bottom, one above the middle
T_RIGHT = "land a1 a2 b2 a3"  # the stem to the right
T_LOOKS = (T_DOWN, T_LEFT, T_UP, T_RIGHT)

#: Rows 13 and 14 full in columns a-e, column f open all the way down: only a piece one
#: column wide (an upright I) can enter this street.  Without a bar (it would lie below
#: these pieces).
ONLY_COLUMN_F = [*([". . . . . ."] * 12), "V1 V1 V2 O3 O3 .", "V1 V2 V2 O3 O3 ."]


def random_game(players: int, seed: int) -> list[ArraialState]:
    """Every position of a game played with random legal moves, to the end."""
    s = make("arraial", players=players, seed=seed)
    rng = Rng(seed)
    out = [s]
    while not s.is_terminal():
        moves = s.legal_moves()
        s = s.apply(moves[rng.randbelow(len(moves))])
        out.append(s)
    return out


def end_of_a_phase(players: int = 2, stage: int = 1, **kwargs) -> ArraialState:
    """The turn that ends phase ``stage``: A has made its placements (slots 1 and 2 are
    empty), ends the turn and fills slot 1 with the last face-up card; the deck is empty,
    so slot 2 stays empty and the phase ends."""
    rest = [CARD_CODES[c] for c in cards_in_play(players) if CARD_CODES[c] not in ("T1", "S1")]
    s = position(players=players, stage=stage, slots=(None, None, "T1"), face_up=("S1",),
                 deck=[], discards=rest, ap=1, placed=2, **kwargs)  # fmt: skip
    return play(s, "end", "fill 1 S1")


# --- the components ------------------------------------------------------------------------


@shows("street")
def test_the_street_is_six_columns_wide_and_fourteen_rows_tall() -> None:
    made = make("arraial", players=3, seed=1)
    assert [(len(street), {len(row) for row in street}) for street in made.streets] == [
        (14, {6})
    ] * 3
    # a flat I fits three ways across the six columns; there is no column g
    s = play(position(slots=("I1", "O1", "T1")), "take 1")
    assert landing_texts(s) == ["land a1 b1 c1 d1", "land b1 c1 d1 e1", "land c1 d1 e1 f1"]
    with pytest.raises(InvalidMoveError):
        s.apply("land d1 e1 f1 g1")
    # column a filled to row 10: an upright I still fits in rows 11-14, the top row
    to_10 = ["I1", "I1", "I1", "I1", "I2", "I2", "I2", "I2", "O3 O3", "O3 O3"]
    rows = [r + " ." * (6 - len(r.split())) for r in to_10]
    s = play(position(slots=("I2", "O1", "T1"), streets={0: rows}, bars={0: None}), "take 1")
    assert "land a11 a12 a13 a14" in landing_texts(s)
    # filled to row 12, it no longer enters column a: there is no row 15
    rows += ["O4 O4 . . . .", "O4 O4 . . . ."]
    s = play(position(slots=("I2", "O1", "T1"), streets={0: rows}, bars={0: None}), "take 1")
    assert not [m for m in s.landings() if any(x == 0 for x, _ in m.cells)]


@shows("shapes")
@pytest.mark.parametrize(
    ("shape", "colour", "squares"),
    [("I", "yellow", 4), ("O", "yellow", 4), ("T", "blue", 4), ("L", "blue", 4),
     ("S", "green", 4), ("J", "green", 4), ("Z", "red", 4), ("V", "red", 3)],
)  # fmt: skip
def test_eight_shapes_two_of_each_colour_nine_pieces_each(
    shape: str, colour: str, squares: int
) -> None:
    assert make("arraial", players=4, seed=2).supply[shape] == 9
    others = [c for c in ("I2", "O2", "T2") if c[0] != shape][:2]
    s = play(position(slots=(f"{shape}1", *others)), "take 1")
    s = play(s, landing_texts(s)[0])
    piece = s.pieces[0][0]
    assert (piece.shape, piece.colour, len(piece.cells)) == (shape, colour, squares)
    assert s.supply[shape] == 8


@shows("pieces")
@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_a_card_is_placed_at_most_once_a_phase_so_a_shape_never_runs_out(
    players: int, seed: int
) -> None:
    game = random_game(players, seed)
    for s in game:
        for card in s.slots:  # whatever card lies on the octagon, its shape has pieces
            if card is not None:
                assert s.supply[CARDS[card][0]] > 0
    # each card's piece at most once a phase: replay the history and count per phase
    stage = 1
    per_phase: Counter[tuple[int, str]] = Counter()
    for entry in game[-1].history:
        for e in entry["events"]:
            if e["type"] == "place":
                per_phase[(stage, e["card"])] += 1
            elif e["type"] == "phase_start":
                stage = e["stage"]
    assert per_phase and max(per_phase.values()) == 1
    shapes = Counter(CARDS[CARD_CODES.index(card)][0] for _, card in per_phase.elements())
    assert max(shapes.values()) <= 9


@shows("pieces")
def test_a_card_whose_shape_has_no_piece_left_cannot_be_taken() -> None:
    """Only a position written by hand gets there: nine Vs already in a street."""
    rows = [
        "V1 V1 V2 V3 V3 V4", "V1 V2 V2 V3 V4 V4",
        "V5 V5 V6 V7 V7 V8", "V5 V6 V6 V7 V8 V8",
        "V9 V9 . . . .", "V9 . . . . .",
    ]  # fmt: skip
    s = position(players=3, slots=("V1", "O1", "T1"), streets={1: rows})
    assert s.supply["V"] == 0
    assert "take 1" not in texts(s)
    with pytest.raises(IllegalMoveError, match="fits nowhere"):
        s.apply("take 1")


@shows("sides")
@pytest.mark.parametrize(
    ("players", "player", "look"),
    [(2, 0, T_DOWN), (2, 1, T_UP), (3, 1, T_RIGHT), (3, 2, T_UP), (4, 1, T_RIGHT),
     (4, 2, T_UP), (4, 3, T_LEFT)],
)  # fmt: skip
def test_each_seat_places_the_card_as_its_side_of_the_board_sees_it(
    players: int, player: int, look: str
) -> None:
    """The T1 card, octagon unturned: seen from side 0 as drawn (stem down); from the
    other sides turned back by the side's quarter turns."""
    s = play(position(players=players, player=player, slots=("T1", "O1", "I1")), "take 1")
    shown = landing_texts(s)
    assert look in shown
    for other in T_LOOKS:
        if other != look:
            assert other not in shown
            with pytest.raises(IllegalMoveError, match="never turned"):
                s.apply(other)
    after = play(s, look)
    assert after.pieces[player][0].shape == "T"


@shows("cards")
@pytest.mark.parametrize(("card", "look"), [("T1", T_DOWN), ("T2", T_LEFT), ("T3", T_UP)])
def test_a_shapes_three_cards_show_it_turned_zero_one_and_two_quarter_turns(
    card: str, look: str
) -> None:
    others = [c for c in ("O1", "I1", "L1") if c != card][:2]
    s = play(position(players=3, slots=(card, *others)), "take 1")
    assert look in landing_texts(s)
    assert [t for t in T_LOOKS if t in landing_texts(s)] == [look]


@shows("bar_start")
@pytest.mark.parametrize(("players", "bar", "upright_on_a_stack"),
                         [(2, 8, True), (3, 7, False), (4, 6, False)])  # fmt: skip
def test_the_bar_starts_over_row_8_7_or_6_by_the_player_count(
    players: int, bar: int, upright_on_a_stack: bool
) -> None:
    made = make("arraial", players=players, seed=4)
    assert made.bar == [bar] * players
    # an upright I stacked on one in column a reaches row 8: below the bar only with 2
    s = position(players=players, bars={0: made.bar[0]}, slots=("I2", "O1", "T1"),
                 streets={0: ["I1 . . . . ."] * 4})  # fmt: skip
    s = play(s, "take 1")
    if upright_on_a_stack:
        play(s, "land a5 a6 a7 a8")
    else:
        with pytest.raises(IllegalMoveError, match="above your level bar"):
            s.apply("land a5 a6 a7 a8")


@shows("two_players")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_with_two_players_each_shapes_third_card_is_out_of_the_game(seed: int) -> None:
    def codes(s: ArraialState) -> list[str]:
        cards = [c for c in s.slots if c is not None] + s.face_up + s.deck + s.discards
        return sorted(CARD_CODES[c] for c in cards)

    two = codes(make("arraial", players=2, seed=seed))
    assert len(two) == 16 and not [c for c in two if c.endswith("3")]
    assert {c[0] for c in two} == set("IOTLSJZV")
    assert len(codes(make("arraial", players=3, seed=seed))) == 24
    with pytest.raises(CorruptDataError, match="not in a 2-player game"):
        position(players=2, slots=("I3", "O1", "T1"))


# --- the turn ----------------------------------------------------------------------------


@shows("no_fit")
def test_the_turn_ends_without_a_placement_when_no_reachable_orientation_fits() -> None:
    """Only an upright I fits (column f); the I card lies flat.  With 1 point left no
    rotation can be followed by a placement: the turn may end.  With 2, rotating once
    then placing is possible: it may not."""
    one = position(slots=("I1", "O1", "T1"), ap=1, streets={0: ONLY_COLUMN_F}, bars={0: None})
    assert texts(one) == ["rotate", "end"]
    ended = play(one, "end")
    assert events(ended, "turn_end") == [{"type": "turn_end", "player": 0, "placed": 0}]
    assert ended.player == 1
    two = position(slots=("I1", "O1", "T1"), ap=2, streets={0: ONLY_COLUMN_F}, bars={0: None})
    assert "end" not in texts(two)
    with pytest.raises(IllegalMoveError, match="place 1 more"):
        two.apply("end")
    s = play(two, "rotate", "take 1", "land f1 f2 f3 f4")
    assert s.placed == 1


@shows("no_fit")
def test_a_piece_that_fits_only_above_the_bar_still_must_be_placed() -> None:
    s = position(slots=("I2", "O1", "T1"), bars={0: 1})  # every piece is 2 or more rows tall
    assert "end" not in texts(s)
    with pytest.raises(IllegalMoveError, match="place 1 more"):
        s.apply("end")
    s = play(s, "take 2")
    assert s.landings() and all(m.above_bar for m in s.landings())


@shows("idle")
def test_a_round_in_which_nobody_places_ends_the_phase() -> None:
    """Neither street takes an O, a T or an L in any orientation: A ends the turn, B
    ends the turn, and the phase is over; the face-up cards and the deck go back into
    the new deck with the discards."""
    s = position(slots=("O1", "T1", "L1"), streets={0: ONLY_COLUMN_F, 1: ONLY_COLUMN_F},
                 bars={0: None, 1: None})  # fmt: skip
    s = play(s, "end")
    assert (s.stage, s.player, s.idle) == (1, 1, 1)
    s = play(s, "end")
    assert events(s, "phase_end") == [{"type": "phase_end", "stage": 1, "player": 1,
                                       "why": "idle"}]  # fmt: skip
    assert events(s, "reshuffle") == [{"type": "reshuffle", "cards": 16 - 3}]
    assert (s.stage, s.player, s.idle, s.phase) == (2, 0, 0, "act")
    assert s.deck_count == 16 - 3 - 3 and s.discards == []


@shows("rotate")
def test_rotating_is_refused_when_it_would_leave_too_few_points_to_place() -> None:
    last_point = position(ap=1)
    assert "rotate" not in texts(last_point)
    with pytest.raises(IllegalMoveError, match="need 1 placement"):
        last_point.apply("rotate")
    phase_3 = position(stage=3, ap=2)  # two placements still needed, two points
    with pytest.raises(IllegalMoveError, match="need 2 placement"):
        phase_3.apply("rotate")
    assert play(position(stage=3), "rotate").ap == 2  # with three, one rotation is fine


@shows("rotate")
def test_rotating_is_allowed_when_nothing_fits_as_the_octagon_stands() -> None:
    s = position(slots=("I1", "O1", "T1"), ap=1, streets={0: ONLY_COLUMN_F}, bars={0: None})
    s = play(s, "rotate")  # the last point: the turn ends by itself, nothing placed
    assert s.rotation == 1 and events(s, "turn_end")[0]["placed"] == 0


@shows("backs")
def test_a_taken_card_goes_back_for_free_four_times_a_turn() -> None:
    s = position()
    for _ in range(4):
        s = play(s, "take 1", "back")
    assert (s.ap, s.placed, s.backs, s.phase) == (3, 0, 4, "act")
    s = play(s, "take 1")
    assert "back" not in texts(s)
    with pytest.raises(IllegalMoveError, match="4 times a turn"):
        s.apply("back")
    s = play(s, "land a1 b1 c1 d1")  # the card itself can still be placed
    assert s.placed == 1


# --- placing a piece -------------------------------------------------------------------------

#: An O on e1-f2, an O floating on a3-b4 and one on c5-d6: an O dropped in column e rests
#: on e3-f4 and slides left under c5-d6, where it falls to c1-d2.  a1-b2, under a3-b4,
#: would take a second slide.
LEDGES = [". . . . O1 O1", ". . . . O1 O1", "O2 O2 . . . .", "O2 O2 . . . .",
          ". . O3 O3 . .", ". . O3 O3 . ."]  # fmt: skip


@shows("slide")
def test_a_slide_goes_any_distance_through_free_cells_then_the_piece_falls() -> None:
    s = play(position(slots=("O1", "I1", "T1"), streets={0: LEDGES}), "take 1")
    land = next(m for m in s.landings() if str(m) == "land c1 d1 c2 d2")
    assert (land.column, land.slide) == (4, -2)  # dropped in e, slid two to the left, fell
    assert "land d3 e3 d4 e4" in landing_texts(s)  # one to the left: it rests on the e1 O
    after = play(s, "land c1 d1 c2 d2")
    assert after.streets[0][0][2:4] == (4, 4) and after.streets[0][1][2:4] == (4, 4)


@shows("slide")
def test_one_slide_per_placement_and_each_landing_listed_once() -> None:
    s = play(position(slots=("O1", "I1", "T1"), streets={0: LEDGES}), "take 1")
    shown = landing_texts(s)
    assert len(shown) == len(set(shown))
    # e3-f4 is both the drop in column e and the drop in d slid one to the right
    assert shown.count("land e3 f3 e4 f4") == 1
    assert "land a1 b1 a2 b2" not in shown  # slide, fall, slide again: not one slide
    with pytest.raises(IllegalMoveError, match="cannot get there"):
        s.apply("land a1 b1 a2 b2")


@shows("above_bar")
def test_a_piece_above_the_bar_removes_it_first_so_its_rows_bring_no_white() -> None:
    """Four players, bar 6, rows 1-6 full but f6: the upright I can only stand on f6-f9,
    across the bar; it completes row 6 with the bar already gone."""
    rows = [
        "O1 O1 O2 O2 O3 O3", "O1 O1 O2 O2 O3 O3", "O4 O4 O5 O5 O6 O6", "O4 O4 O5 O5 O6 O6",
        "O7 O7 O8 O8 V9 V9", "O7 O7 O8 O8 V9 .",
    ]  # fmt: skip
    s = position(players=4, streets={0: rows}, bars={0: 6}, bar_whites={0: 2},
                 slots=("I2", "T1", "L1"))  # fmt: skip
    s = play(s, "take 1")
    assert "land f6 f7 f8 f9" in landing_texts(s)
    assert all(m.above_bar for m in s.landings())
    s = play(s, "land f6 f7 f8 f9")
    kinds = [e["type"] for e in s.history[-1]["events"]]
    assert kinds.index("bar_lost") < kinds.index("rows")
    assert events(s, "bar_lost") == [{"type": "bar_lost", "player": 0, "why": "above",
                                      "whites": 2}]  # fmt: skip
    assert events(s, "rows") == [{"type": "rows", "player": 0, "rows": [6], "bar": None,
                                  "whites": 0}]  # fmt: skip
    assert (s.bar[0], s.bar_whites[0], s.whites_lost) == (None, 0, 2)


@shows("above_bar")
def test_a_piece_may_not_end_above_the_bar_while_it_has_a_landing_below() -> None:
    s = play(position(bars={0: 2}, streets={0: ["I1 I1 I1 I1 . ."]}, slots=("O1", "I2", "T1")),
             "take 1")  # fmt: skip
    assert landing_texts(s) == ["land e1 f1 e2 f2"]
    with pytest.raises(IllegalMoveError, match="above your level bar"):
        s.apply("land a2 b2 a3 b3")


# --- visitors and pairs ----------------------------------------------------------------------

A_YELLOW_12 = ["I1 I1 I1 I1 O2 O2", "O3 O3 . . O2 O2", "O3 O3 . . . ."]
A_HOLDS_YELLOW = "yellow A, blue -, green -, red -"
B_HOLDS_YELLOW = "yellow B, blue -, green -, red -"


@shows("pair")
def test_the_pair_moves_only_to_a_zone_larger_than_the_holders_zone_now() -> None:
    """A holds yellow with a zone of 12 squares (say it took the pair at 8).  B's new zone
    of 12 would beat 8, but it ties A's zone as it is now: the pair stays.  16 takes it."""
    b_12 = ["I1 I1 I1 I1 . .", "O2 O2 . . . .", "O2 O2 . . . ."]
    tie = position(player=1, streets={0: A_YELLOW_12, 1: b_12},
                   visitors={0: "yellow@2", 1: "yellow@2"},
                   pairs=A_HOLDS_YELLOW, slots=("O1", "T1", "S1"))  # fmt: skip
    assert tie.pair_size["yellow"] == 12
    s = play(tie, "take 1", "land e1 f1 e2 f2")
    assert s.largest_zone(1, "yellow") == 12
    assert s.pairs["yellow"] == 0 and not events(s, "pair")
    b_16 = ["I1 I1 I1 I1 . .", "O2 O2 . . . .", "O2 O2 . . . .", "O3 O3 . . . .",
            "O3 O3 . . . ."]  # fmt: skip
    larger = position(player=1, streets={0: A_YELLOW_12, 1: b_16},
                      visitors={0: "yellow@2", 1: "yellow@2"},
                      pairs=A_HOLDS_YELLOW, slots=("O1", "T1", "S1"))  # fmt: skip
    s = play(larger, "take 1", "land e1 f1 e2 f2")
    assert s.pairs["yellow"] == 1
    assert events(s, "pair") == [{"type": "pair", "player": 1, "colour": "yellow", "from": 0,
                                  "size": 16}]  # fmt: skip


@shows("rows")
@pytest.mark.parametrize(("bar", "after"), [(8, 10), (13, 14)])
def test_two_rows_at_once_raise_the_bar_two_rows_and_bring_two_whites(bar: int, after: int) -> None:
    rows = ["I1 I1 I1 I1 . .", "I2 I2 I2 I2 . ."]
    s = position(players=3, streets={0: rows}, bars={0: bar}, slots=("O1", "T1", "I3"))
    s = play(s, "take 1", "land e1 f1 e2 f2")
    assert (s.bar[0], s.bar_whites[0]) == (after, 2)  # never past row 14; the whites still
    assert events(s, "rows") == [{"type": "rows", "player": 0, "rows": [1, 2], "bar": after,
                                  "whites": 2}]  # fmt: skip


@shows("run_out")
def test_when_the_whites_run_out_rows_bring_no_more_and_lost_ones_stay_lost() -> None:
    """19 whites left the game with a bar: they do not come back, so two rows bring one."""
    rows = ["I1 I1 I1 I1 . .", "I2 I2 I2 I2 . ."]
    s = position(players=3, streets={0: rows}, whites_lost=19, slots=("O1", "T1", "I3"))
    s = play(s, "take 1", "land e1 f1 e2 f2")
    assert (s.bar[0], s.bar_whites[0], s.supply["white"]) == (9, 1, 0)
    assert events(s, "rows")[0]["whites"] == 1


@shows("run_out")
def test_when_a_colours_visitors_run_out_a_new_zone_gets_none() -> None:
    """B's street holds all nine yellow visitors; A's new yellow zone gets no visitor."""
    b = ["O1 O1 O2 O2 O3 O3", "O1 O1 O2 O2 O3 O3", "O4 O4 O5 O5 . .", "O4 O4 O5 O5 . .",
         "I6 I6 I6 I6 . .", "I7 I7 I7 I7 . .", "I8 I8 I8 I8 . .", "I9 I9 I9 I9 . ."]  # fmt: skip
    nine = " ".join(f"yellow@{k}" for k in range(1, 10))
    s = position(streets={0: ["I1 I1 I1 I1 . ."], 1: b}, visitors={1: nine},
                 pairs=B_HOLDS_YELLOW, slots=("O1", "T1", "S1"))  # fmt: skip
    assert s.supply["yellow"] == 0
    s = play(s, "take 1", "land e1 f1 e2 f2")
    assert s.zones(0) and s.visitors[0] == []
    assert events(s, "no_visitor") == [{"type": "no_visitor", "player": 0, "colour": "yellow"}]
    assert not events(s, "visitor")


# --- the end of a turn, of a phase, of the game ------------------------------------------------


@shows("refill")
def test_the_player_who_just_played_fills_the_slots_lowest_first_with_a_card_of_choice() -> None:
    s = position(rotation=1, slots=("I1", "O1", "S1"), face_up=("T1", "J1", "Z1"))
    s = play(s, "take 1")
    s = play(s, landing_texts(s)[0], "take 3")
    s = play(s, landing_texts(s)[0], "end")
    assert (s.phase, s.player) == ("refill", 0)
    assert texts(s) == ["fill 1 T1", "fill 1 J1", "fill 1 Z1"]
    with pytest.raises(IllegalMoveError, match="lowest first"):
        s.apply("fill 3 J1")
    s = play(s, "fill 1 Z1", "fill 3 T1")  # A's choice, not the order they lie in
    assert [CARD_CODES[c] for c in s.slots if c is not None] == ["Z1", "O1", "T1"]
    assert (s.player, s.phase) == (1, "act")
    # T1 lies in slot 3 as the octagon stands (turned once): B, across the table, sees
    # the T with its stem to the right
    s = play(s, "take 3")
    assert [t for t in T_LOOKS if t in landing_texts(s)] == [T_RIGHT]


@shows("overlap")
def test_at_a_phase_end_a_bar_that_would_cover_a_piece_or_leave_the_street_is_lost() -> None:
    """Three players, bars on row 8, 8 and 1, one white on each: A's top piece reaches row
    6 (the bar drops onto it), B's row 7 (covered), C's bar would drop below the floor."""
    s = end_of_a_phase(
        players=3,
        streets={0: [". . . . . ."] * 2 + ["I1 . . . . ."] * 4,
                 1: [". . . . . ."] * 3 + ["I1 . . . . ."] * 4},
        bars={0: 8, 1: 8, 2: 1}, bar_whites={0: 1, 1: 1, 2: 1},
    )  # fmt: skip
    assert events(s, "bar_drop") == [{"type": "bar_drop", "player": 0, "bar": 6, "whites": 1}]
    assert events(s, "bar_lost") == [
        {"type": "bar_lost", "player": 1, "why": "overlap", "whites": 1},
        {"type": "bar_lost", "player": 2, "why": "overlap", "whites": 1},
    ]
    assert (s.bar, s.street_whites, s.whites_lost) == ([6, None, None], [1, 0, 0], 2)
    assert s.stage == 2


@shows("phase3")
def test_the_bars_drop_at_the_end_of_phase_3_too_before_the_final_scoring() -> None:
    s = end_of_a_phase(stage=3, bar_whites={0: 2, 1: 1},
                       streets={1: [". . . . . ."] * 3 + ["I1 . . . . ."] * 4})  # fmt: skip
    assert s.is_terminal()
    assert events(s, "bar_drop") == [{"type": "bar_drop", "player": 0, "bar": 6, "whites": 2}]
    assert events(s, "bar_lost") == [{"type": "bar_lost", "player": 1, "why": "overlap",
                                      "whites": 1}]  # fmt: skip
    kinds = [e["type"] for e in s.history[-1]["events"]]
    assert kinds.index("bar_drop") < kinds.index("final")
    assert events(s, "final")[0]["scores"] == s.score == [2, 0]


@shows("tie")
def test_a_tie_on_points_goes_to_more_pairs_then_is_shared() -> None:
    yellow_zone = ["I1 I1 I1 I1 O2 O2", ". . . . O2 O2"]
    s = end_of_a_phase(stage=3, bar_whites={0: 3}, streets={1: yellow_zone},
                       visitors={1: "yellow@2"}, pairs=B_HOLDS_YELLOW)  # fmt: skip
    final = events(s, "final")[0]
    assert final["scores"] == [3, 3] and final["winners"] == [1] == s.winners()
    s = end_of_a_phase(stage=3, bar_whites={0: 2, 1: 2})
    final = events(s, "final")[0]
    assert final["scores"] == [2, 2] and final["winners"] == [0, 1] == s.winners()


def test_every_ruling_of_play_is_shown_by_a_test():
    check_every_ruling_is_shown("arraial", globals())
