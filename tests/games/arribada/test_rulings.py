"""Tablero's rulings for Arribada (``tablero.arribada.data.RULINGS``, explained in
docs/rulings/arribada.md), shown by behaviour: each test that shows a ruling carries
``@shows("<name>")``, and the last test checks that every ruling of play has one.

Positions are built (``support.arribada_positions``) from a few named cells on an
otherwise empty board (nidos and the roca grande are filled in from the board's
layout), or from a "crowded" 4-player board whose playa is covered with wilds, to reach
a nearly empty or an empty bag.
"""

from __future__ import annotations

import pytest
from support.arribada_positions import BOARD_FOR, COLS, build, crowded, events, pos
from support.rulings import check_every_ruling_is_shown, shows
from tablero.arribada import get_board
from tablero.core import IllegalMoveError, Rng, from_text, make

A, B, C, D = 0, 1, 2, 3
SUPPLY = {1: 15, 2: 15, 3: 15, 4: 15, 5: 15, 6: 15, 7: 10, 8: 10}


def moves(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def total_tiles(state) -> int:
    d = state.to_dict()
    return (
        len(d["tiles"])
        + sum(len(r) for r in d["racks"])
        + sum(1 for v in d["display"] if v is not None)
        + d["bag_count"]
        + sum(len(r) for r in d["removed"])
    )


def finish_turn(state):
    if state.phase == "extra":
        state = state.apply("decline")
    while state.phase == "draw":
        state = state.apply(state.legal_moves()[0])
    if state.phase == "end":
        state = state.apply("end")
    return state


def simulate_draws(rng_state: int, bag: list[int], k: int) -> list[int]:
    """``k`` tiles drawn one by one, uniformly, from bag counts (the engine's PRNG)."""
    rng = Rng.from_state(rng_state)
    bag = list(bag)
    out = []
    for _ in range(k):
        x = rng.randbelow(sum(bag))
        for i, count in enumerate(bag):
            if x < count:
                bag[i] -= 1
                out.append(i + 1)
                break
            x -= count
    return out


# --- components and setup ------------------------------------------------------------

PREFILLED = {
    2: {"c2", "g3", "f7", "b6"},
    3: {"c2", "i3", "h9", "b8"},
    4: {"c2", "i3", "h9", "b8", "b4", "g2", "i7", "d9"},
}
NIDOS = {
    "blue": {"c2", "a3", "f1", "g3", "f7", "h6", "b6", "c8"},
    "green": {"c2", "b4", "e3", "i3", "g2", "h5", "h9", "i7", "f8", "b8", "d9", "c6"},
}
ROCKS = {"blue": {"d4", "e4", "d5", "e5"}, "green": {"e5", "f5", "e6", "f6"}}


@shows("boards", "components")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, "beach"])
def test_setup(players, seed):
    s = make("arribada", players=players, seed=seed)
    d = s.to_dict()
    board = get_board(BOARD_FOR[players])
    assert board.size == (8 if players == 2 else 10)
    name = lambda i: f"{COLS[i % board.size]}{i // board.size + 1}"  # noqa: E731
    assert {name(i) for i in board.nidos} == NIDOS[board.name]
    assert {name(i) for i, k in enumerate(board.kinds) if k == "rock"} == ROCKS[board.name]
    # pre-filled nidos: one neutral tile each, nothing else on the board
    assert {t[0] for t in d["tiles"]} == PREFILLED[players]
    assert all(t[2] is None and 1 <= t[1] <= 8 for t in d["tiles"])
    assert [len(r) for r in d["racks"]] == [5] * players
    assert len(d["display"]) == 5 and None not in d["display"]
    assert d["shells"] == [{2: 26, 3: 24, 4: 20}[players]] * players
    assert d["refresh"] == [True] * players
    assert s.scores() == [0] * players
    # the 110 tiles, value by value
    counts = dict.fromkeys(range(1, 9), 0)
    for v in [t[1] for t in d["tiles"]] + d["display"] + [v for r in d["racks"] for v in r]:
        counts[v] += 1
    for v in range(1, 9):
        counts[v] += d["bag"][v - 1]
    assert counts == SUPPLY
    assert d["bag_count"] == 110 - len(PREFILLED[players]) - 5 - 5 * players
    assert s.phase == "action" and s.current_player == s.first


@shows("first")
def test_setup_first_player_is_respected():
    for first in range(3):
        s = make("arribada", players=3, seed=5, first_player=first)
        assert s.current_player == first
        assert f"first: {'ABC'[first]}" in s.to_text()


# --- claim ---------------------------------------------------------------------------


@shows("claim")
def test_claim_needs_strictly_more_than_every_other_player():
    s = pos(3, {"e3": "5", "e2": "5A", "f3": "5B"})
    with pytest.raises(IllegalMoveError, match="claim"):
        s.apply("claim e3")  # 5 against 5
    s = pos(3, {"e3": "5", "e2": "6A", "f3": "5B"})
    assert "claim e3" in moves(s)
    assert s.apply("claim e3").to_text().count("5A") == 1  # the neutral 5 is A's now
    s = pos(3, {"e3": "5", "e2": "6A", "f3": "5B", "d3": "3C", "e4": "4C"})
    with pytest.raises(IllegalMoveError):
        s.apply("claim e3")  # 6 beats Blue's 5 but not Pink's 7


@shows("claim")
@pytest.mark.parametrize("token", ["7A", "8A", "*A"])
def test_claim_needs_strength_above_zero(token):
    s = pos(3, {"e3": "5", "e2": token})
    assert s.strengths(s.board.parse_cell("e3")) == [0, 0, 0]
    assert "claim e3" not in moves(s)
    with pytest.raises(IllegalMoveError, match="more than 0"):
        s.apply("claim e3")


@shows("capture")
def test_capture_makes_a_wild_and_returns_the_shell():
    s = pos(3, {"d7": "3B", "d6": "6A"}, extra="turn: A action\nfirst: A\nrefresh: A=no\n")
    s1 = s.apply("capture d7")
    assert s1.shells[B] == s.shells[B] + 1 and s1.shells[A] == s.shells[A] - 1
    (cap,) = events(s1, "capture")
    assert cap["value"] == 3 and cap["from"] == B
    assert events(s1, "score") == [] and events(s1, "extra_action") == []
    assert s1.strengths(s1.board.parse_cell("d6")) == [0, 0, 0]  # the wild counts 0


@shows("capture")
def test_wild_cannot_be_captured():
    s = pos(3, {"d7": "*B", "d6": "1A", "c7": "6A"}, extra="turn: A action\nfirst: A\n")
    assert not any(m.startswith("capture") for m in moves(s))
    with pytest.raises(IllegalMoveError, match="wild"):
        s.apply("capture d7")


# --- extra action --------------------------------------------------------------------


@shows("extra")
def test_extra_action_is_optional():
    s = pos(3, {}, racks=["2 3 4 5 6"] * 3)
    s1 = s.apply("place 2 a10")
    assert events(s1, "extra_action") == [{"type": "extra_action", "player": A}]
    assert s1.phase == "extra"
    assert "decline" in moves(s1)
    assert any(m.startswith("place") for m in moves(s1))
    s2 = s1.apply("decline")
    assert s2.phase == "draw" and s2.current_player == A
    assert len(s2.racks[A]) == 4


@shows("draw")
def test_extra_action_once_per_turn_and_no_refill_before_it():
    s = pos(3, {}, racks=["2 2 4 5 6", "1 3 4 5 6", "1 3 4 5 6"], display="8 7 3 4 5")
    bag0 = s.bag_count
    s1 = s.apply("place 2 a10")
    assert s1.racks[A] == [2, 4, 5, 6]  # not refilled before the second action
    assert s1.display == [8, 7, 3, 4, 5] and s1.bag_count == bag0
    s2 = s1.apply("place 2 j10")  # a second 2: no third action
    assert events(s2, "extra_action") == []
    assert s2.phase == "draw" and s2.racks[A] == [4, 5, 6]
    assert "refresh" not in moves(s2)
    # drawing back: the display's space stays empty until the rack is full again
    s3 = s2.apply("draw 8")
    assert s3.phase == "draw"
    assert s3.display[0] == 0 and "display: - 7 3 4 5" in s3.to_text()
    assert s3.bag_count == bag0
    s4 = s3.apply("draw bag")
    assert len(s4.racks[A]) == 5
    (refill,) = events(s4, "refill")
    assert refill["slot"] == 0 and s4.display[0] == refill["value"]
    assert s4.bag_count == bag0 - 2


@shows("extra")
def test_extra_action_may_claim_the_tile_the_first_action_spawned():
    s = pos(3, {}, racks=["2 3 4 5 6"] * 3)
    s1 = s.apply("place 2 c3")  # next to the empty nido c2
    (spawn,) = events(s1, "spawn")
    assert spawn["cell"] == "c2"
    assert "claim c2" in moves(s1)
    s2 = s1.apply("claim c2")
    assert f"{spawn['value']}A" in s2.to_text().splitlines()[3].split()


@shows("extra")
def test_extra_action_may_capture():
    s = pos(3, {"d7": "3B", "d6": "6A"}, racks=["2 3 4 5 6"] * 3)
    s1 = s.apply("place 2 a10")
    assert "capture d7" in moves(s1)
    s2 = s1.apply("capture d7")
    assert s2.phase == "draw"


@shows("capture")
def test_capturing_a_two_gives_no_extra_action():
    s = pos(3, {"d7": "2B", "d6": "6A"}, extra="turn: A action\nfirst: A\nrefresh: A=no\n")
    s1 = s.apply("capture d7")
    assert events(s1, "extra_action") == []
    assert s1.current_player == B and s1.phase == "action"


# --- refresh -------------------------------------------------------------------------


@shows("refresh")
def test_refresh_at_start_of_turn_then_act():
    s = pos(2, {}, racks=["1 1 2 3 4", "5 5 6 6 7"], display="1 2 3 4 5",
            extra="turn: A action\nfirst: A\nrng: 123abc\n")  # fmt: skip
    assert "refresh" in moves(s)
    s1 = s.apply("refresh")
    assert s1.phase == "refresh"
    s2 = s1.apply("pick rack 1").apply("pick display 5")
    s3 = s2.apply("confirm")
    assert s3.phase == "action" and s3.current_player == A
    assert s3.refresh == [False, True]
    assert "refresh: A=no B=yes" in s3.to_text()
    assert total_tiles(s3) == 110
    assert any(m.startswith("place") for m in moves(s3))
    assert "refresh" not in moves(s3)


@shows("refresh")
def test_refresh_at_end_of_turn_after_drawing():
    s = pos(2, {}, extra="turn: A action\nfirst: A\nrng: 99\n")
    s1 = s.apply("place 3 a1")
    assert s1.phase == "draw" and "refresh" not in moves(s1)
    with pytest.raises(IllegalMoveError):
        s1.apply("refresh")  # not before drawing back
    s2 = s1.apply("draw bag")
    assert s2.phase == "end" and set(moves(s2)) == {"refresh", "end"}
    s3 = s2.apply("refresh").apply("pick rack 1").apply("confirm")
    assert s3.current_player == B and s3.phase == "action"
    assert s3.refresh == [False, True]
    assert total_tiles(s3) == 110


@shows("refresh")
def test_refresh_not_between_actions():
    s = pos(3, {}, racks=["2 3 4 5 6"] * 3)
    s1 = s.apply("place 2 a10")
    assert s1.phase == "extra" and "refresh" not in moves(s1)
    with pytest.raises(IllegalMoveError, match="extra"):
        s1.apply("refresh")


@shows("refresh")
def test_refresh_once_per_game():
    s = pos(2, {}, extra="turn: A action\nfirst: A\nrefresh: A=no\n")
    assert "refresh" not in moves(s)
    with pytest.raises(IllegalMoveError, match="already"):
        s.apply("refresh")
    # after drawing back, the turn ends at once: there is no 'end' decision
    s1 = s.apply("place 3 a1").apply("draw bag")
    assert s1.current_player == B and s1.phase == "action"


@shows("refresh")
def test_refresh_replaces_rack_first_then_display_in_display_order():
    rng = 0x5EED5EED
    s = pos(2, {}, racks=["1 2 3 4 5", "1 2 3 4 5"], display="1 2 3 4 5",
            extra=f"turn: A action\nfirst: A\nrng: {rng:x}\n")  # fmt: skip
    bag0 = list(s.bag)
    s1 = s.apply("refresh")
    for pick in ("pick display 4", "pick rack 5", "pick display 2", "pick rack 1"):
        s1 = s1.apply(pick)
    s2 = s1.apply("confirm")
    drawn = simulate_draws(rng, bag0, 4)
    (ev,) = events(s2, "refresh")
    assert ev["rack_out"] == [1, 5] and ev["display_out"] == [2, 4]
    assert ev["rack_in"] == sorted(drawn[:2])
    assert ev["display_slots"] == [1, 3] and ev["display_in"] == drawn[2:]
    assert s2.display == [1, drawn[2], 3, drawn[3], 5]
    assert s2.racks[A] == sorted([2, 3, 4, *drawn[:2]])
    # the set-aside tiles went back to the bag after the draws
    expected = list(bag0)
    for v in drawn:
        expected[v - 1] -= 1
    for v in (1, 5, 2, 4):
        expected[v - 1] += 1
    assert s2.bag == expected
    assert total_tiles(s2) == 110


@shows("refresh")
def test_refresh_set_aside_tiles_are_not_drawn_again_and_picks_limited_to_bag():
    text = crowded(
        {"c3": "."},
        empty={"c3", "a1", "b1"},
        racks=["1 1 3 4 5", "1 2 3 4 5", "1 2 3 4 5", "1 2 3 4 5"],
        display="2 3 4 5 6",
        bag="8x3",
    )
    s = from_text("arribada", text)
    assert s.bag_count == 3 and total_tiles(s) == 110
    s1 = s.apply("refresh").apply("pick rack 1").apply("pick rack 1").apply("pick display 2")
    assert moves(s1) == ["confirm"]  # as many picks as the bag holds
    with pytest.raises(IllegalMoveError, match="bag holds 3"):
        s1.apply("pick rack 3")
    s2 = s1.apply("confirm")
    assert s2.racks[A] == [3, 4, 5, 8, 8]
    assert s2.display == [8, 3, 4, 5, 6]
    assert s2.bag == [2, 1, 0, 0, 0, 0, 0, 0]
    assert total_tiles(s2) == 110


@shows("refresh")
def test_refresh_may_pick_nothing_from_the_rack():
    s = pos(2, {}, extra="turn: A action\nfirst: A\nrng: 7\n")
    s1 = s.apply("refresh").apply("pick display 3").apply("confirm")
    (ev,) = events(s1, "refresh")
    assert ev["rack_out"] == [] and ev["display_slots"] == [2]
    assert s1.racks[A] == s.racks[A]


# --- the empty bag -------------------------------------------------------------------

EMPTY_BAG_RACKS = ["1 2 3 4 5", "1 2 3 4 5", "1 2 3 4 5", "1 2 3 4 5"]


@shows("spawn", "draw", "refresh")
def test_empty_bag_no_spawn_display_draw_only_no_refill_no_refresh():
    text = crowded({"c2": "o"}, empty={"c3", "a1", "b1", "a10"}, racks=EMPTY_BAG_RACKS,
                   display="3 7 3 7 8", bag="-")  # fmt: skip
    s = from_text("arribada", text)
    assert s.bag_count == 0 and total_tiles(s) == 110
    assert "refresh" not in moves(s)
    with pytest.raises(IllegalMoveError, match="empty"):
        s.apply("refresh")
    s1 = s.apply("place 5 c3")  # next to the empty nido c2
    assert events(s1, "spawn") == []
    assert s1.to_text().splitlines()[3].split()[3] == "o"  # c2 is still an empty nido
    assert s1.phase == "draw"
    assert moves(s1) == ["draw 3", "draw 7", "draw 8"]
    with pytest.raises(IllegalMoveError, match="empty"):
        s1.apply("draw bag")
    s2 = s1.apply("draw 7")
    assert events(s2, "refill") == []
    assert s2.display == [3, 0, 3, 7, 8]
    # Green still holds her refresh seashell, but with an empty bag the turn just ends
    assert s2.current_player == B and s2.phase == "action"
    assert total_tiles(s2) == 110


@shows("draw")
def test_empty_bag_and_empty_display_end_the_turn_without_drawing():
    text = crowded({}, empty={"a1", "b1"}, racks=EMPTY_BAG_RACKS, display="- - - - -", bag="-")
    s = from_text("arribada", text)
    s1 = s.apply("place 5 a1")
    assert s1.racks[A] == [1, 2, 3, 4]
    assert s1.current_player == B and s1.phase == "action"


# --- passing -------------------------------------------------------------------------


@shows("pass")
def test_pass_only_without_any_action():
    s = pos(3, {})
    assert "pass" not in moves(s)
    with pytest.raises(IllegalMoveError, match="pass"):
        s.apply("pass")


@shows("pass")
def test_pass_without_shells_and_refresh_first():
    s = pos(3, {"a1": "3A", "b1": "3A", "c1": "3A"},
            extra="turn: A action\nfirst: A\nshells: A=0\n")  # fmt: skip
    assert moves(s) == ["refresh", "pass"]
    s1 = s.apply("refresh").apply("pick rack 1").apply("confirm")
    assert moves(s1) == ["pass"]
    s2 = s1.apply("pass")
    assert events(s2, "pass") == [{"type": "pass", "player": A}]
    assert s2.current_player == B and not s2.is_terminal()


@shows("pass")
def test_an_action_resets_the_passes():
    s = pos(3, {}, extra="turn: B action\nfirst: A\npasses: 1\nrefresh: A=no B=no C=no\n")
    s1 = finish_turn(s.apply("place 3 a10"))
    assert "passes: 0" in s1.to_text()


@shows("pass")
def test_all_players_passing_in_one_round_ends_the_game_at_once():
    # A is the first player: after B and C passed, A's pass ends the game at once
    # (it does not wait for the round to finish); final scoring runs as usual.
    cells = {"a1": "3A", "b1": "3A", "c1": "3A", "j10": "5B", "h1": "2C"}
    s = pos(3, cells, extra="turn: B action\nfirst: A\nshells: A=0 B=0 C=0\n"
                            "refresh: A=no B=no C=no\nscore: A=5 B=5 C=5\n")  # fmt: skip
    s = s.apply("pass")
    assert "passes: 1" in s.to_text() and s.current_player == C
    s = s.apply("pass")
    assert s.current_player == A and not s.is_terminal()
    s = s.apply("pass")
    assert s.is_terminal()
    assert events(s, "game_end") == [{"type": "game_end", "reason": "passes"}]
    stranded = {(e["player"], e["cell"], e["points"]) for e in events(s, "stranded")}
    assert stranded == {(B, "j10", -5), (C, "h1", -2)}
    nw = next(e for e in events(s, "majority") if e["quadrant"] == "nw")
    assert nw["counts"] == [3, 0, 0] and nw["points"] == [20, 0, 0]
    assert s.scores() == [25, 0, 3]


# --- end of the game: the round is finished -----------------------------------------


def _last_shell_position(first: str, turn: str) -> str:
    cells = {"a1": "3A", "b1": "3A", "c1": "3A", "a10": "4B", "b10": "4B", "c10": "4B",
             "h1": "5C", "i1": "5C", "j1": "5C"}  # fmt: skip
    return build(3, cells, racks=["3 4 5 6 6"] * 3,
                 extra=f"turn: {turn} action\nfirst: {first}\nshells: C=1\n"
                       "refresh: A=no B=no C=no\n")  # fmt: skip


@shows("end")
def test_game_ends_after_the_last_player_of_the_round():
    # B is first, so A is the last player of each round; C puts down the last shell
    s = from_text("arribada", _last_shell_position("B", "C"))
    s = s.apply("place 5 g1")
    assert events(s, "last_shell") == [{"type": "last_shell", "player": C}]
    assert "final round: yes" in s.to_text()
    s = finish_turn(s)
    assert s.current_player == A and not s.is_terminal()
    s = s.apply("place 6 a2")
    assert s.is_terminal()
    assert events(s, "game_end") == [{"type": "game_end", "reason": "shells"}]
    assert len(s.racks[A]) == 4  # no drawing back on the game's last turn
    turns = [h["player"] for h in s.history if h["move"].startswith(("place", "pass"))]
    assert turns == [C, A]  # B, who began the round, does not play again


@shows("end")
def test_game_ends_at_once_when_the_last_player_places_the_last_shell():
    s = from_text("arribada", _last_shell_position("A", "C"))
    s = s.apply("place 5 g1")
    assert s.is_terminal()
    assert len(s.racks[C]) == 4


@shows("end")
def test_getting_a_shell_back_does_not_cancel_the_end():
    cells = {"a1": "3A", "b1": "3A", "c1": "3A", "d7": "3A", "d6": "6B",
             "h1": "5C", "i1": "5C", "j1": "5C"}  # fmt: skip
    s = pos(3, cells, racks=["3 4 5 6 6"] * 3,
            extra="turn: A action\nfirst: A\nshells: A=1\nrefresh: A=no B=no C=no\n")  # fmt: skip
    s = finish_turn(s.apply("place 3 d1"))  # A's last shell
    assert s.shells[A] == 0 and "final round: yes" in s.to_text()
    s = finish_turn(s.apply("capture d7"))  # Blue takes A's 3: A has a shell again
    assert s.shells[A] == 1
    assert "final round: yes" in s.to_text()
    assert s.current_player == C
    s = s.apply("place 5 g1")
    assert s.is_terminal()


# --- scores and majorities -----------------------------------------------------------


@shows("negative")
def test_score_can_go_negative():
    cells = {"a1": "2A", "h1": "8A", "a10": "4B", "b10": "4B", "c10": "4B"}
    s = pos(3, cells, extra="turn: C action\nfirst: A\nfinal round: yes\nshells: C=0\n"
                            "score: A=3\n")  # fmt: skip
    s1 = s.apply("pass")
    assert s1.is_terminal()
    assert s1.scores()[A] == -7  # 3 - 2 - 8, and no quadrant majority without tiles
    assert "score: A=-7" in s1.to_text()


def _two_player_quadrant(a_tiles: int, b_tiles: int) -> str:
    a_nw = ["d1", "c1", "b1", "a1", "a2"][:a_tiles]
    b_nw = ["a4", "b4", "c4", "b3", "c3"][:b_tiles]
    cells = {c: "3A" for c in ["e1", "e2", "e3", *a_nw]}
    cells.update({c: "5B" for c in ["a5", "b5", "c5", *b_nw]})
    return build(2, cells, racks=["1 2 4 6 7"] * 2,
                 extra="shells: B=0\nturn: B action\nfirst: A\nfinal round: yes\n")  # fmt: skip


@shows("majority2")
@pytest.mark.parametrize(
    ("tiles", "share"),
    [(0, None), (1, 2), (2, 2), (3, 4), (4, 5), (5, 5)],
)
def test_two_player_majority_tie(tiles, share):
    s = from_text("arribada", _two_player_quadrant(tiles, tiles)).apply("pass")
    assert events(s, "stranded") == []
    nw = next(e for e in events(s, "majority") if e["quadrant"] == "nw")
    assert nw["counts"] == [tiles, tiles]
    assert nw["points"] == ([0, 0] if share is None else [share, share])


@shows("majority34")
@pytest.mark.parametrize(
    ("counts", "points"),
    [
        ((3, 3, 3, 0), [15, 15, 15, 0]),  # (20 + 16 + 10) / 3 rounded down
        ((4, 2, 2, 1), [20, 13, 13, 8]),  # (16 + 10) / 2, then 4th place
        ((1, 1, 1, 1), [13, 13, 13, 13]),  # 54 / 4 rounded down
        ((2, 0, 0, 0), [20, 0, 0, 0]),
    ],
)
def test_four_player_majority_ties(counts, points):
    # each player's tiles: a column of one value (A 1s, B 2s, C 3s, D 4s) in the NW
    # quadrant, continued by three tiles in SW so that each column is one set
    # (b4, c2 and c6 are nidos: tiles there were claimed)
    cells = {}
    for p, k in enumerate(counts):
        token = f"{p + 1}{'ABCD'[p]}"
        col = "abcd"[p]
        if k:
            for r in [5, 4, 3, 2, 1][:k] + [6, 7, 8]:
                cells[f"{col}{r}"] = token
    s = pos(4, cells, racks=["2 3 4 5 6"] * 4,
            extra="turn: D action\nfirst: A\nfinal round: yes\nshells: D=0\n")  # fmt: skip
    s1 = s.apply("pass")
    assert events(s1, "stranded") == []
    nw = next(e for e in events(s1, "majority") if e["quadrant"] == "nw")
    assert nw["counts"] == list(counts)
    assert nw["points"] == points


@shows("majority34")
def test_majorities_count_wilds_but_never_neutral_tiles():
    # NW: Green has a wild in a set (3-wild-3); Blue has one more tile counting the
    # neutral tiles around; neutral tiles are nobody's
    cells = {"a1": "3A", "b1": "*A", "c1": "3A", "a3": "5B", "a4": "5B", "a5": "5B",
             "c2": "6", "e3": "6", "b4": "6"}  # fmt: skip
    s = pos(3, cells, extra="turn: C action\nfirst: A\nfinal round: yes\nshells: C=0\n")
    s1 = s.apply("pass")
    assert events(s1, "stranded") == []
    nw = next(e for e in events(s1, "majority") if e["quadrant"] == "nw")
    assert nw["counts"] == [3, 3, 0]
    assert nw["points"] == [18, 18, 0]


# --- scoring during play: what a group is -------------------------------------------


@shows("sequence", "set")
@pytest.mark.parametrize(
    ("cells", "move", "expected"),
    [
        # a 1 in a sequence scores 1, not 10
        ({"b1": "2A", "c1": "3A"}, "place 1 a1", (1, 0)),
        # a sequence may turn
        ({"a1": "3A", "a2": "4A"}, "place 5 b2", (5, 0)),
        # wilds take values 1-8 only: no 0 before a 1, no 9 after an 8
        ({"a1": "*A", "c1": "2A"}, "place 1 b1", None),
        ({"a1": "7A", "c1": "*A"}, "place 8 b1", None),
        ({"a1": "*A", "c1": "3A"}, "place 2 b1", (2, 0)),
        # a wild is a different number in each group: 1-2-3 and 3-3-3 at once
        ({"a1": "*A", "b1": "*A"}, "place 3 c1", (3, 3)),
        # 4-5-4 is neither
        ({"a1": "4A", "b1": "5A"}, "place 4 c1", None),
        # other players' tiles never join a group
        ({"a1": "3B", "b1": "3B"}, "place 3 c1", None),
        # a set is the connected tiles of the value, however they bend
        ({"a1": "6A", "a2": "6A", "b2": "6A", "b3": "6A"}, "place 6 c3", (0, 5)),
    ],
)
def test_what_scores(cells, move, expected):
    value = move.split()[1]
    s = pos(3, cells, racks=[f"{value} 1 2 3 5", "1 2 3 4 5", "1 2 3 4 5"])
    s1 = s.apply(move)
    got = [(e["sequence"], e["set"]) for e in events(s1, "score")]
    assert got == ([] if expected is None else [expected])


@shows("first")
def test_first_player_is_random_by_seed_and_reproducible():
    firsts = {make("arribada", players=4, seed=seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    for seed in (3, "beach"):
        assert make("arribada", players=4, seed=seed) == make("arribada", players=4, seed=seed)


@shows("first")
def test_turns_go_in_seat_order():
    s = pos(3, {}, extra="turn: B action\nfirst: B\nrefresh: A=no B=no C=no\n")
    order = []
    for target in ("a10", "j10", "a1"):
        order.append(s.current_player)
        s = finish_turn(s.apply(f"place {s.racks[s.current_player][-1]} {target}"))
    assert order == [B, C, A] and s.current_player == B


@shows("end")
def test_extra_action_on_the_games_last_turn():
    # C is the last player of the final round: the 2 still gives the second action,
    # and the game ends after it, without drawing back
    s = pos(3, {}, racks=["1 3 4 5 6", "1 3 4 5 6", "2 3 4 5 6"],
            extra="turn: C action\nfirst: A\nfinal round: yes\n")  # fmt: skip
    s1 = s.apply("place 2 a10")
    assert s1.phase == "extra" and not s1.is_terminal()
    s2 = s1.apply("place 3 j10")
    assert s2.is_terminal()
    assert s2.racks[C] == [4, 5, 6]


@shows("sequence")
def test_three_tile_sequences_read_either_way_with_wilds_taking_any_value():
    """Every triple of cell codes (0 empty, 1-8, 9 wild) against the definition: the
    values can be read as n, n+1, n+2 from one end, a wild standing for any value."""
    from itertools import product

    from tablero.arribada.data import WILD
    from tablero.arribada.scoring import is_sequence3

    def choices(code: int) -> set[int]:  # an empty cell (0) is no tile: no reading
        return set(range(1, 9)) if code == WILD else {code} - {0}

    for a, b, c in product(range(WILD + 1), repeat=3):
        readings = product(choices(a), choices(b), choices(c))
        expected = any(y - x == 1 and z - y == 1 or x - y == 1 and y - z == 1
                       for x, y, z in readings)  # fmt: skip
        assert is_sequence3(a, b, c) == expected, (a, b, c)


# --- stranded tiles, the winners, what each player sees ------------------------------


@shows("stranded")
def test_stranded_tiles_are_every_tile_in_no_group_all_removed_at_the_end():
    # Green: 2-5-7 in a row is connected but neither a sequence nor a set; the 8 touches
    # the sequence 3-4-5 without joining it; a lone wild; a wild standing for a 6 in the
    # set 6-6-wild is not stranded.  Blue's 4-4-4 stays.
    cells = {"a1": "2A", "b1": "5A", "c1": "7A", "a3": "3A", "b3": "4A", "c3": "5A",
             "d3": "8A", "h1": "*A", "i1": "6A", "j1": "6A", "j10": "*A",
             "a10": "4B", "b10": "4B", "c10": "4B"}  # fmt: skip
    s = pos(3, cells, extra="turn: C action\nfirst: A\nfinal round: yes\nshells: C=0\n")
    s1 = s.apply("pass")
    assert s1.is_terminal()
    stranded = {(e["player"], e["cell"], e["points"]) for e in events(s1, "stranded")}
    assert stranded == {(A, "a1", -2), (A, "b1", -5), (A, "c1", -7), (A, "d3", -8),
                        (A, "j10", 0)}  # fmt: skip
    assert "removed A: 2 5 7 8 *" in s1.to_text()
    # majorities count the board after the removal: Green keeps 3 tiles in NW and NE
    majorities = {e["quadrant"]: e["counts"] for e in events(s1, "majority")}
    assert majorities == {"nw": [3, 0, 0], "ne": [3, 0, 0], "sw": [0, 3, 0], "se": [0, 0, 0]}
    assert s1.scores() == [-22 + 40, 20, 0]


@shows("tie")
def test_equal_totals_share_the_victory():
    cells = {"a1": "3A", "b1": "3A", "c1": "3A", "a10": "4B", "b10": "4B", "c10": "4B"}
    end = "turn: C action\nfirst: A\nfinal round: yes\nshells: C=0\n"
    s = pos(3, cells, extra=end + "score: A=5 B=5 C=24\n").apply("pass")
    assert s.is_terminal() and s.scores() == [25, 25, 24]
    assert s.winners() == [A, B]
    s = pos(3, cells, extra=end + "score: A=5 B=6 C=24\n").apply("pass")
    assert s.winners() == [B]


@shows("hidden")
def test_a_player_sees_their_own_rack_the_size_of_the_others_and_no_bag_order():
    s = pos(3, {"a1": "3A"}, racks=["1 3 4 6 8", "2 2 5 7 7", "1 1 6 6 8"],
            extra="turn: A action\nfirst: A\nrng: 2a\n")  # fmt: skip
    s = s.apply("place 3 b1").apply("draw bag")
    (drawn,) = events(s, "draw")
    blue = s.view(B)
    assert blue.racks == [[0] * 5, [2, 2, 5, 7, 7], [0] * 5]
    assert "rack A: ? ? ? ? ?" in blue.to_text()
    (seen,) = events(blue, "draw")
    assert seen["source"] == "bag" and seen["value"] is None
    # the board, the display and the scores are the same for everyone
    assert blue.values == s.values and blue.owners == s.owners
    assert blue.display == s.display and blue.scores() == s.scores()
    # Green sees the tile she drew, but nobody sees the bag: only its count, and the
    # values not in their own sight; the PRNG that orders the draws is not in any view
    green = s.view(A)
    assert events(green, "draw") == [drawn] and green.racks[A] == s.racks[A]
    for view in (green, blue):
        assert view.bag is None and view.bag_count == s.bag_count and view.rng == 0
    assert sum(blue.unseen) == s.bag_count + 10 and sum(green.unseen) == s.bag_count + 10


def test_every_ruling_of_play_is_shown_by_a_test():
    check_every_ruling_is_shown("arribada", globals())
