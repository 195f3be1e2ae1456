"""Arraial's rules, one class per section of the rulebook, each rule played through moves
on positions written in the notation (``support.arraial_positions.position``).

The final scoring is in test_scoring.py; the readings the rulebook leaves open are
shown in test_rulings.py."""

from __future__ import annotations

import pytest
from support.arraial_positions import play, position, texts
from support.playouts import play_out
from tablero.arraial import ArraialState, cells, drops, slides
from tablero.arraial.data import BAR_START, MAX_BACKS, WHITE_VISITORS
from tablero.arraial.street import parse_cell
from tablero.core import IllegalMoveError, InvalidMoveError, Rng, from_json, make


def at(*names: str) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((parse_cell(n) for n in names), key=lambda c: (c[1], c[0])))


def landing_texts(state: ArraialState) -> list[str]:
    return [str(m) for m in state.landings()]


OVERHANG = ["   .  .  .  . O2 O2", "  .  .  .  . O2 O2", " .  . I1 I1 I1 I1"]


def _random_until(pred, seed: int, players: int = 2):  # type: ignore[no-untyped-def]
    s = make("arraial", players=players, seed=seed)
    rng = Rng(seed)
    while not s.is_terminal():
        if pred(s):
            return s
        moves = s.legal_moves()
        s = s.apply(moves[rng.randbelow(len(moves))])
    return None


def _last_idle_turn() -> ArraialState:
    """A random game's turn that would end a round in which nobody placed a piece."""
    for seed in range(1, 80):
        s = _random_until(lambda x: x.phase == "act" and x.idle == x.n - 1 and x.placed == 0
                          and "end" in texts(x) and x.needed() > 0, seed)  # fmt: skip
        if s is not None:
            return s
    raise AssertionError("no idle round in these games")


def _tower(height: int) -> list[str]:
    """Rows 1..``height`` filled with Os, three a row pair (9 Os fill 6 rows)."""
    rows = []
    for y in range(height):
        k = 1 + 3 * (y // 2)
        rows.append(" ".join(f"O{k + i // 2}" for i in range(6)))
    return rows


class TestSetup:
    """The street boards, the level bars by the player count, the octagon's three cards,
    three face up and the deck, the first player."""

    @pytest.mark.parametrize(("players", "cards"), [(2, 16), (3, 24), (4, 24)])
    def test_a_new_game_deals_the_octagon_three_face_up_and_the_deck(
        self, players: int, cards: int
    ) -> None:
        s = make("arraial", players=players, seed=players, first_player=players - 1)
        assert None not in s.slots and len(s.face_up) == 3
        assert s.deck_count == cards - 3 - 3 and s.discards == []
        assert s.bar == [BAR_START[players]] * players
        assert all(not any(any(row) for row in street) for street in s.streets)
        assert (s.stage, s.player, s.phase, s.ap, s.placed) == (1, players - 1, "act", 3, 0)
        assert s.score == [0] * players and set(s.pairs.values()) == {None}


class TestHowToPlay:
    """A turn of 3 action points: rotate the octagon (optional), place pieces (at least one)."""

    def test_rotating_turns_the_octagon_clockwise_and_what_the_player_must_place(self) -> None:
        s = position(slots=("T1", "O1", "I1"))
        s = play(s, "rotate")
        assert (s.rotation, s.ap) == (1, 2)
        s = play(s, "take 1")
        assert "land b1 a2 b2 b3" in landing_texts(s)  # now ┤
        assert "land b1 a2 b2 c2" not in landing_texts(s)

    def test_three_action_points_rotations_leave_room_for_the_placement(self) -> None:
        s = play(position(), "rotate", "rotate")
        assert s.ap == 1 and "rotate" not in texts(s)  # the last point must place
        with pytest.raises(IllegalMoveError, match="need 1 placement"):
            s.apply("rotate")
        s = play(s, "take 1")
        s = play(s, str(s.landings()[0]))
        assert s.phase == "refill" and s.ap == 0  # the turn ended by itself

    def test_phase_3_needs_two_placements_so_at_most_one_rotation(self) -> None:
        s = position(stage=3)
        s = play(s, "rotate")
        assert "rotate" not in texts(s) and "end" not in texts(s)
        s = play(s, "take 2", "land a1 b1 a2 b2")
        assert "end" not in texts(s)
        with pytest.raises(IllegalMoveError, match="place 1 more"):
            s.apply("end")
        s = play(s, "take 1", "land c1 c2 c3 c4")  # the I card, turned upright by the rotation
        assert s.phase == "refill" and s.placed == 2

    def test_no_fit_the_turn_may_end_without_a_placement(self) -> None:
        """A random game reaches a turn where no octagon card fits in any orientation the
        action points can reach: ``end`` is legal with nothing placed."""
        s = None
        for seed in range(1, 40):
            s = _random_until(lambda x: x.phase == "act" and x.placed == 0 and x.ap == 3
                              and "end" in texts(x), seed)  # fmt: skip
            if s is not None:
                break
        assert s is not None
        assert all(not s.all_landings(i, (s.rotation + k) % 4) for i in range(3) for k in range(3))
        assert texts(s) == ["rotate", "end"]  # nothing to take; rotating is allowed, pointless
        after = play(s, "end")
        assert after.history[-1]["events"][0] == {
            "type": "turn_end",
            "player": s.player,
            "placed": 0,
        }
        if after.stage == s.stage and not after.is_terminal():
            assert after.idle == s.idle + 1 and after.player == (s.player + 1) % s.n

    def test_back_puts_the_card_back_a_few_times_a_turn(self) -> None:
        s = position()
        for _ in range(MAX_BACKS):
            s = play(s, "take 1", "back")
        assert (s.ap, s.placed, s.phase) == (3, 0, "act")
        s = play(s, "take 1")
        assert "back" not in texts(s)
        with pytest.raises(IllegalMoveError, match="put back"):
            s.apply("back")


class TestEndOfTheTurn:
    """The turn ends after its placements; the octagon's empty slots are filled from the
    face-up cards."""

    def test_phase_1_turn_one_placement_then_end_is_allowed(self) -> None:
        s = position()
        assert "end" not in texts(s)
        with pytest.raises(IllegalMoveError, match="place 1 more"):
            s.apply("end")
        s = play(s, "take 2", "land a1 b1 a2 b2")
        assert texts(s) == ["rotate", "take 1", "take 3", "end"]
        s = play(s, "end")
        assert s.phase == "refill" and s.player == 0
        s = play(s, "fill 2 J1")
        assert (s.player, s.phase, s.ap, s.placed) == (1, "act", 3, 0)
        assert s.slots[1] is not None and len(s.face_up) == 3 and s.deck_count == 16 - 3 - 3 - 1


class TestPlacingColourPieces:
    """The piece as the card shows it, dropped from the top, slid sideways, never turned,
    below the bar."""

    def test_a_piece_dropped_on_an_empty_street_rests_on_the_floor(self) -> None:
        s = play(position(slots=("I1", "O1", "T1")), "take 1")
        assert landing_texts(s) == ["land a1 b1 c1 d1", "land b1 c1 d1 e1", "land c1 d1 e1 f1"]
        s = play(s, "land b1 c1 d1 e1")
        assert s.streets[0][0] == (0, 1, 1, 1, 1, 0)
        assert s.pieces[0][0].shape == "I" and s.pieces[0][0].colour == "yellow"
        assert (s.ap, s.placed, s.phase) == (2, 1, "act")

    def test_a_piece_rests_on_the_pieces_below_it(self) -> None:
        s = position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("O1", "I2", "T1"))
        street = s.streets[0]
        assert drops(street, cells("O", 0)) == {
            0: at("a2", "b2", "a3", "b3"),
            1: at("b2", "c2", "b3", "c3"),
            2: at("c2", "d2", "c3", "d3"),
            3: at("d2", "e2", "d3", "e3"),
            4: at("e1", "f1", "e2", "f2"),
        }
        s = play(s, "take 1", "land d2 e2 d3 e3")
        assert s.streets[0][1][3:5] == (2, 2) and s.streets[0][0][4] == 0  # e1 stays empty under it
        with pytest.raises(IllegalMoveError, match="cannot get there"):
            play(position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("O1", "I2", "T1")),
                 "take 1", "land a3 b3 a4 b4")  # fmt: skip

    def test_a_slide_tucks_the_piece_into_a_gap_under_an_overhang(self) -> None:
        s = play(position(streets={0: OVERHANG}, slots=("O1", "I2", "T1")), "take 1")
        straight = drops(s.streets[0], cells("O", 0))
        assert straight[2] == at("c4", "d4", "c5", "d5")  # dropped in column c it rests on the I
        land = next(m for m in s.landings() if m.cells == at("c1", "d1", "c2", "d2"))
        assert (land.column, land.slide) == (0, 2)  # dropped in column a, slid 2 to the right
        assert str(land) == "land c1 d1 c2 d2"
        assert (0, 2, at("c1", "d1", "c2", "d2")) in slides(s.streets[0], cells("O", 0), 0)
        s = play(s, "land c1 d1 c2 d2")
        assert s.streets[0][0][2:4] == (3, 3) and s.streets[0][1][2:4] == (3, 3)

    def test_a_slide_never_passes_through_a_cell_where_the_piece_does_not_fit(self) -> None:
        blocked = ["V3 V3 .  . O2 O2", "V3  .  .  . O2 O2", " .  . I1 I1 I1 I1"]
        s = play(position(streets={0: blocked}, slots=("O1", "I2", "T1")), "take 1")
        assert "land c1 d1 c2 d2" not in landing_texts(s)
        with pytest.raises(IllegalMoveError, match="cannot get there"):
            s.apply("land c1 d1 c2 d2")
        # the O dropped in column a rests on the V; sliding right, c3 (the I) stops it at once
        assert drops(s.streets[0], cells("O", 0))[0] == at("a3", "b3", "a4", "b4")
        assert slides(s.streets[0], cells("O", 0), 0) == []

    def test_the_piece_is_never_turned(self) -> None:
        s = play(position(slots=("T1", "O1", "I1")), "take 1")  # seat A sees the T as ┬
        assert "land b1 a2 b2 c2" in landing_texts(s)
        for turned in ("land a1 b1 c1 b2", "land b1 a2 b2 b3", "land a1 a2 b2 a3"):
            with pytest.raises(IllegalMoveError, match="never turned"):
                s.apply(turned)

    def test_overlapping_and_out_of_street_landings_are_refused(self) -> None:
        s = play(position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("I2", "O1", "I3"),
                          players=3), "take 2")  # fmt: skip
        with pytest.raises(IllegalMoveError, match="overlap"):
            s.apply("land a1 b1 a2 b2")
        for text in ("land e1 f1 g1 h1", "land f14 f15 e14 e15", "land a0 b0 a1 b1"):
            with pytest.raises(InvalidMoveError):
                s.apply(text)

    @pytest.mark.parametrize(
        ("players", "expected"),
        [
            (2, {0: (0, 2), 1: (1, 3), 2: (2, 0), 3: (3, 1)}),
            (3, {0: (0, 3, 2), 1: (1, 0, 3), 2: (2, 1, 0), 3: (3, 2, 1)}),
            (4, {0: (0, 3, 2, 1), 1: (1, 0, 3, 2), 2: (2, 1, 0, 3), 3: (3, 2, 1, 0)}),
        ],
    )
    def test_each_seat_sees_the_card_turned_for_its_side(
        self, players: int, expected: dict[int, tuple[int, ...]]
    ) -> None:
        """A T card (┬ at rotation 0 from side 0) as each seat sees it at each rotation."""
        looks = {
            0: at("b1", "a2", "b2", "c2"),
            1: at("b1", "a2", "b2", "b3"),
            2: at("a1", "b1", "c1", "b2"),
            3: at("a1", "a2", "b2", "a3"),
        }  # ┬ ┤ ┴ ├ fmt: skip
        for rotation in range(4):
            s = position(players=players, rotation=rotation, slots=("T1", "O1", "I1"))
            for seat in range(players):
                shape, turns = s.seen(0, seat)
                assert (shape, turns) == ("T", expected[rotation][seat])
                assert s.seen_cells(0, seat) == cells("T", turns) == looks[turns]

    def test_a_piece_above_the_bar_only_when_nothing_lands_below_and_the_bar_is_lost(self) -> None:
        full = _tower(6)  # 9 Os fill rows 1-6
        s = position(players=4, streets={0: full}, bars={0: 6}, bar_whites={0: 2},
                     slots=("I1", "T1", "L1"))  # fmt: skip
        s = play(s, "take 1")
        assert all(m.above_bar for m in s.landings())
        before = s.supply["white"]
        s = play(s, "land a7 b7 c7 d7")
        assert s.bar[0] is None and s.bar_whites[0] == 0 and s.whites_lost == 2
        assert s.supply["white"] == before  # lost whites leave the game, not back to the supply
        lost = [e for e in s.history[-1]["events"] if e["type"] == "bar_lost"]
        assert lost == [{"type": "bar_lost", "player": 0, "why": "above", "whites": 2}]

    def test_the_bar_above_cannot_be_chosen_while_a_landing_below_exists(self) -> None:
        s = play(position(bars={0: 2}, slots=("I2", "O1", "T1")), "take 1")  # I2: vertical
        assert s.landings() and all(m.above_bar for m in s.landings())  # 4 tall > 2 rows
        street = {0: ["I1 I1 I1 I1 . ."]}
        s2 = play(position(bars={0: 2}, streets=street, slots=("O1", "I2", "T1")), "take 1")
        assert landing_texts(s2) == ["land e1 f1 e2 f2"]
        assert any(cs == at("a2", "b2", "a3", "b3") for _, _, cs in s2.all_landings(0))
        with pytest.raises(IllegalMoveError, match="above your level bar"):
            s2.apply("land a2 b2 a3 b3")


class TestVisitors:
    """Visitors for a new zone, the pair for the largest zone, whites for completed rows."""

    def test_a_new_zone_gets_a_visitor_and_the_first_pair(self) -> None:
        s = position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("O1", "T1", "S1"),
                     face_up=("J1", "Z1", "L1"))  # fmt: skip
        assert s.pairs["yellow"] is None and s.zones(0) == []
        s = play(s, "take 1", "land e1 f1 e2 f2")
        assert s.visitors[0] == [("yellow", 2)]
        assert s.pairs["yellow"] == 0 and s.pair_size["yellow"] == 8
        assert s.score[0] == 1 + 2
        assert s.zones(0) == [("yellow", frozenset(at("a1", "b1", "c1", "d1", "e1", "f1",
                                                      "e2", "f2")), True)]  # fmt: skip

    def test_extending_a_zone_with_a_visitor_gives_none(self) -> None:
        s = position(streets={0: ["I1 I1 I1 I1 O2 O2", ". . . . O2 O2"]}, visitors={0: "yellow@2"},
                     pairs="yellow A, blue -, green -, red -", slots=("I2", "T1", "S1"),
                     players=3)  # fmt: skip
        s = play(s, "take 1")
        s = play(s, "land f3 f4 f5 f6")
        assert s.visitors[0] == [("yellow", 2)] and s.score[0] == 3

    def test_joining_two_zones_that_have_visitors_gives_none(self) -> None:
        rows = ["O1 O1 . . O3 O3", "O1 O1 . . O3 O3", "O2 O2 . . O4 O4", "O2 O2 . . O4 O4"]
        s = position(
            streets={0: rows},
            visitors={0: "yellow@2 yellow@4"},
            pairs="yellow A, blue -, green -, red -",
            slots=("O1", "T1", "S1"),
        )
        assert sorted(len(cs) for _, cs, visited in s.zones(0) if visited) == [8, 8]
        s = play(s, "take 1", "land c1 d1 c2 d2")
        assert s.visitors[0] == [("yellow", 2), ("yellow", 4)]
        assert [len(cs) for _, cs, _ in s.zones(0)] == [20]
        assert [
            e["type"] for e in s.history[-1]["events"] if e["type"] in ("visitor", "pair")
        ] == []

    def test_diagonal_contact_is_not_adjacency(self) -> None:
        rows = ["O1 O1 T2 T2 T2 .", "O1 O1 . T2 . ."]
        s = play(position(streets={0: rows}, slots=("O1", "I1", "S1")), "take 1")
        s = play(s, "land c3 d3 c4 d4")  # on the blue T; the O's corner c3 touches b2's corner
        assert s.visitors[0] == [] and s.pairs["yellow"] is None
        assert s.zones(0) == []

    def test_the_first_zone_takes_the_pair_a_tie_keeps_it_a_larger_zone_takes_it(self) -> None:
        a_street = ["I1 I1 I1 I1 O2 O2", ". . . . O2 O2"]
        tie = position(
            streets={0: a_street, 1: ["I1 I1 I1 I1 . ."]}, visitors={0: "yellow@2"},
            pairs="yellow A, blue -, green -, red -", player=1, slots=("O1", "T1", "S1"),
        )  # fmt: skip
        assert tie.pair_size["yellow"] == 8
        s = play(tie, "take 1", "land e1 f1 e2 f2")  # B's zone: 8 squares, a tie
        assert s.visitors[1] == [("yellow", 2)] and s.pairs["yellow"] == 0
        assert "pair" not in [e["type"] for e in s.history[-1]["events"]]
        larger = position(
            streets={0: a_street, 1: ["I1 I1 I1 I1 . .", "O2 O2 . . . .", "O2 O2 . . . ."]},
            visitors={0: "yellow@2", 1: "yellow@2"}, pairs="yellow A, blue -, green -, red -",
            player=1, slots=("O1", "T1", "S1"),
        )  # fmt: skip
        s = play(larger, "take 1", "land e1 f1 e2 f2")  # 12 squares against A's 8
        assert s.largest_zone(1, "yellow") == 12 and s.pairs["yellow"] == 1
        assert s.pair_size["yellow"] == 12 and s.score == [1, 3]
        pair = [e for e in s.history[-1]["events"] if e["type"] == "pair"]
        assert pair == [{"type": "pair", "player": 1, "colour": "yellow", "from": 0, "size": 12}]

    def test_a_completed_row_raises_the_bar_and_puts_a_white_visitor_on_it(self) -> None:
        s = position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("L1", "T1", "I2"))
        s = play(s, "take 1", "land e1 f1 e2 e3")
        assert s.bar[0] == 9 and s.bar_whites[0] == 1
        assert s.supply["white"] == WHITE_VISITORS - 1
        assert s.score[0] == 0  # a white on the bar counts only once it joins the street
        events = [e for e in s.history[-1]["events"] if e["type"] == "rows"]
        assert events == [{"type": "rows", "player": 0, "rows": [1], "bar": 9, "whites": 1}]

    def test_two_rows_at_once_raise_the_bar_two_rows(self) -> None:
        rows = ["I1 I1 I1 I1 . .", "I2 I2 I2 I2 . ."]
        s = play(position(streets={0: rows}, slots=("O1", "T1", "I3"), players=3), "take 1",
                 "land e1 f1 e2 f2")  # fmt: skip
        assert s.bar[0] == 7 + 2 and s.bar_whites[0] == 2

    def test_the_bar_stops_at_the_top_but_the_white_visitor_still_comes(self) -> None:
        s = position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("L1", "T1", "I2"), bars={0: 14})
        s = play(s, "take 1", "land e1 f1 e2 e3")
        assert s.bar[0] == 14 and s.bar_whites[0] == 1

    def test_no_white_visitors_once_the_bar_is_gone(self) -> None:
        s = position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("L1", "T1", "I2"), bars={0: None})
        s = play(s, "take 1", "land e1 f1 e2 e3")
        assert [e["rows"] for e in s.history[-1]["events"] if e["type"] == "rows"] == [[1]]
        assert s.bar[0] is None and s.bar_whites[0] == 0
        assert s.supply["white"] == WHITE_VISITORS


class TestEndOfPhases1And2:
    """When the octagon cannot be filled: reshuffle, refill, drop the bars two rows, next player."""

    def test_phase_end_without_and_with_an_overlap(self) -> None:
        discards = ["I1", "I2", "L1", "L2", "J1", "J2", "S2", "Z1", "Z2", "V1", "V2", "T2", "O2"]
        s = position(
            slots=(None, "O1", "T1"), face_up=("S1",), deck=[], discards=discards, ap=2, placed=1,
            streets={0: ["I1 I1 I1 I1 . ."], 1: [". . . . . .", "I1 I1 I1 I1 . ."]},
            bars={0: 8, 1: 3}, bar_whites={0: 2, 1: 1},
        )  # fmt: skip
        s = play(s, "take 3")
        s = play(s, str(s.landings()[0]))
        # 1 AP left: end the turn; S1 fills slot 1, slot 2 stays empty: the phase ends
        s = play(s, "end", "fill 1 S1")
        events = s.history[-1]["events"]
        kinds = [e["type"] for e in events]
        assert "phase_end" in kinds and "reshuffle" in kinds
        drop = [e for e in events if e["type"] == "bar_drop"]
        assert drop == [{"type": "bar_drop", "player": 0, "bar": 6, "whites": 2}]
        lost = [e for e in events if e["type"] == "bar_lost"]
        assert lost == [{"type": "bar_lost", "player": 1, "why": "overlap", "whites": 1}]
        assert s.bar == [6, None] and s.street_whites == [2, 0] and s.whites_lost == 1
        assert s.score[0] == 2  # the whites that joined the street count
        # the next phase: discards reshuffled, octagon refilled, the next player starts
        assert s.stage == 2 and s.player == 1 and s.phase == "act" and s.ap == 3
        start = [e for e in events if e["type"] == "phase_start"]
        assert start and start[0]["player"] == 1 and start[0]["stage"] == 2
        assert None not in s.slots and len(s.face_up) == 3 and s.discards == []
        assert s.deck_count == 16 - 3 - 3

    def test_a_round_where_nobody_places_ends_the_phase(self) -> None:
        after = play(_last_idle_turn(), "end")
        ends = [e for e in after.history[-1]["events"] if e["type"] == "phase_end"]
        assert ends and ends[0]["why"] == "idle"

    def test_the_idle_round_ruling_is_the_datas(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """``data.IDLE_ROUND_ENDS_PHASE`` decides it: switched off (the rulebook's silence),
        the same round leaves the phase running, and the count of idle turns stops at the
        player count, so the position still saves and loads."""
        import tablero.arraial.state as state_module

        s = _last_idle_turn()
        monkeypatch.setattr(state_module, "IDLE_ROUND_ENDS_PHASE", False)
        after = play(s, "end")
        while after.phase == "refill":
            after = play(after, texts(after)[0])
        assert (after.stage, after.idle, after.phase) == (s.stage, s.n, "act")
        assert not [e for h in after.history[len(s.history) :] for e in h["events"]
                    if e["type"] == "phase_end"]  # fmt: skip
        if "end" in texts(after):
            later = play(after, "end")
            assert later.idle == s.n or later.stage > s.stage  # a full octagon still ends it
        assert from_json(after.to_json()) == after


class TestEndOfTheGame:
    """The game ends with the end of phase 3."""

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_the_game_ends_when_phase_3_ends(self, players: int) -> None:
        s = play_out(make("arraial", players=players, seed=11), seed=players)
        starts = [e["stage"] for h in s.history for e in h["events"] if e["type"] == "phase_start"]
        assert starts == [2, 3] and s.stage == 3
        assert s.is_terminal() and s.phase == "over" and s.legal_moves() == []
        assert s.history[-1]["events"][-1]["type"] == "final"
