"""Día de Playa's evaluation hooks for the bots: the best placements, the next player's
take as ``hard``'s reply at the cutoff, the greedy placement of its playouts, and the
search settings (docs/journal/bots-results-2026-11-29-to-12-06.md,
"Results (Día de Playa)"); the bots and the command line (``simulate``, ``tournament``)
in every mode, seats that share a result compared by side."""

from __future__ import annotations

import functools
import json

import pytest
from tablero.bots import make_bot
from tablero.bots.evaluation import margin, sides_of, strategy_for
from tablero.bots.lookahead import LookaheadBot
from tablero.bots.mcts import MctsBot
from tablero.cli.main import main
from tablero.core import Rng, SearchSettings, make
from tablero.diadeplaya import scoring
from tablero.diadeplaya.beach import lay, legal_spots
from tablero.diadeplaya.evaluate import (
    STRATEGY,
    best_placements,
    evaluate,
    playout_move,
    search_evaluate,
    sharp_replies,
)
from tablero.diadeplaya.moves import Place
from tablero.diadeplaya.shapes import ROTATIONS

MODES = [("competitive", 2), ("competitive", 3), ("teams", 4), ("cooperative", 2),
         ("solitaire", 1)]  # fmt: skip


@functools.cache
def positions(mode: str, players: int, seed: int) -> tuple:
    """Every position of a random game."""
    state = make("diadeplaya", players=players, seed=seed, mode=mode)
    rng = Rng(f"evaluate|{mode}|{players}|{seed}")
    states = [state]
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.randbelow(len(moves))])
        states.append(state)
    return tuple(states)


def brute_front(grid, face, rotations, criteria) -> list[tuple[int, int]]:
    found = set()
    for r in rotations:
        for x, y in legal_spots(grid, face, r) if grid else [(0, 0)]:
            after = lay(grid, face, r, x, y)
            points = sum(scoring.beach_points(after, criteria).values())
            largest = scoring.largest_umbrella(after) if "umbrellas" in criteria else 0
            found.add((points, largest))
    return sorted(
        (p, k)
        for p, k in found
        if not any(q >= p and m >= k and (q, m) != (p, k) for q, m in found)
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_best_placements_are_the_front_over_every_rotation(seed):
    checked = 0
    for s in positions("competitive", 2, seed)[::3]:
        if s.holding is None:
            continue
        grid = s.grids[s.beach_of(s.player)]
        for rotations in (ROTATIONS, (90,), (ROTATIONS[0], ROTATIONS[2])):
            got = best_placements(grid, s.holding, rotations, s.criteria)
            assert got == brute_front(grid, s.holding, rotations, s.criteria)
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("mode,players", MODES)
def test_sharp_replies_are_the_takes_of_the_player_about_to_take(mode, players):
    seen = 0
    for s in positions(mode, players, 3):
        if s.is_terminal():
            assert sharp_replies(s) == []
        elif s.phase == "take":
            assert sharp_replies(s) == s.legal_moves()
            seen += 1
        else:
            assert sharp_replies(s) == []
    assert seen > 0


@pytest.mark.parametrize("mode,players", MODES)
def test_the_playout_placement_scores_what_the_evaluation_counted(mode, players):
    """Laying the card where ``playout_move`` says gives the holder the points the
    evaluation promised for the card in hand; outside the placement it says nothing."""
    placed = 0
    for s in positions(mode, players, 4):
        move = None if s.is_terminal() else playout_move(s)
        if s.is_terminal() or s.phase != "place":
            assert move is None
            continue
        assert isinstance(move, Place) and move in s.legal_moves()
        p = s.player
        after = s.apply(move)
        assert float(after.scores()[p] if after.is_terminal() else after.score[p]) == evaluate(s)[p]
        placed += 1
    assert placed > 5


def test_the_hooks_and_settings_are_looked_up_by_game_id():
    assert strategy_for("diadeplaya") is STRATEGY
    s = next(s for s in positions("competitive", 2, 5)[6:] if s.phase == "place")
    assert STRATEGY.playout_move(s) == playout_move(s) is not None
    assert STRATEGY.sharp_replies(s) == sharp_replies(s)
    arribada = make("arribada", players=2, seed=1, first_player=0)
    assert strategy_for("arribada").playout_move(arribada) is None  # the default
    assert STRATEGY.search == SearchSettings(full_budget_moves=1, reply_forced=True, lookahead=True)
    assert strategy_for("arribada").search == SearchSettings()
    assert strategy_for("no-such-game").search == SearchSettings()


def test_hard_forces_the_next_players_take_at_the_cutoff():
    """At a cutoff where the next player takes, ``hard`` scores the position after the
    take best for them, even when leaving the market as it is would look better."""
    from tablero.bots.evaluation import margin

    state = next(s for s in positions("competitive", 2, 5)[6:] if s.phase == "take")
    hard = make_bot("hard", seed=1, iterations=4)
    hard.choose(state.view(state.current_player))
    assert isinstance(hard, MctsBot) and hard.settings.reply_forced
    assert hard.replies == STRATEGY.sharp_replies
    mover = state.current_player
    assert hard.evaluate == STRATEGY.search_evaluate  # hard's own evaluation scores the cutoff
    options = [search_evaluate(state.apply_unchecked(m)) for m in state.legal_moves()]
    got = hard._cutoff_values(state)
    assert got in options
    assert margin(got, mover) == pytest.approx(max(margin(v, mover) for v in options))


def test_hard_plays_a_legal_move_in_every_decision_within_its_iterations():
    for s in positions("competitive", 2, 6)[:-1:4]:
        hard = make_bot("hard", seed="t", iterations=30)
        move = hard.choose(s.view(s.current_player))
        assert move in s.legal_moves()
        assert hard.stats.iterations <= 30


# --- hard's own evaluation: set-ups ---------------------------------------------------------


def _grid(rows: list[str]) -> dict[int, int]:
    """A beach from rows of block tokens (``..``: empty), top-left at ``0,0``."""
    from tablero.diadeplaya.data import BLOCK_OF_TOKEN

    grid = {}
    for y, row in enumerate(rows):
        for x, token in enumerate(row.split()):
            if token != "..":
                grid[scoring.GRID.cell(x, y)] = BLOCK_OF_TOKEN[token]
    return grid


ALL = scoring.CRITERIA


def test_a_stall_with_figures_around_and_its_other_sides_open_is_a_set_up():
    from tablero.diadeplaya.evaluate import SET_UP_STALL, set_ups

    stalls = ("stalls",)  # the figures around are diagonal pairs too (trios' set-ups)
    three = _grid([".. Sv ..", "LG Fe ..", ".. Sv .."])
    assert set_ups(three, stalls) == SET_UP_STALL[3]
    two = _grid([".. Sv ..", "LG Fe ..", ".. .. .."])
    assert set_ups(two, stalls) == SET_UP_STALL[2]
    blocked = _grid([".. Sv ..", "LG Fe ss", ".. Sv .."])  # sand on its fourth side
    assert set_ups(blocked, stalls) == 0.0
    served = _grid([".. Sv ..", "LG Fe LG", ".. Sv .."])  # scored already, not a set-up
    assert scoring.stalls(served) == 6 and set_ups(served, stalls) == 0.0
    assert set_ups(three, ("sand",)) == 0.0
    assert set_ups(three, ALL) == pytest.approx(SET_UP_STALL[3] + 2 * 0.4)  # 2 open pairs


def test_three_sand_blocks_of_a_square_and_an_open_pair_of_figures_are_set_ups():
    from tablero.diadeplaya.evaluate import SET_UP_PAIR, SET_UP_SAND, set_ups

    assert set_ups(_grid(["ss ss", "ss .."]), ALL) == SET_UP_SAND
    assert set_ups(_grid(["ss ss", "ss xx"]), ALL) == 0.0  # the fourth cell is taken
    assert set_ups(_grid(["ss ss", "ss .."]), ("surfers",)) == 0.0
    assert set_ups(_grid(["Sv ..", ".. LG"]), ALL) == SET_UP_PAIR
    assert set_ups(_grid(["Sv ..", ".. Tv"]), ALL) == 0.0  # a tourist is no figure


def test_hards_evaluation_adds_each_sides_set_ups_and_medium_does_not_see_them():
    from tablero.bots.evaluation import evaluator_for
    from tablero.diadeplaya.evaluate import NEXT_TAKE, next_take, search_evaluate, set_ups

    s0 = positions("competitive", 2, 7)[20]
    assert STRATEGY.search_evaluate(s0) == search_evaluate(s0)
    assert evaluator_for("diadeplaya")(s0) == evaluate(s0)  # medium's, unchanged
    from tablero.arribada.evaluate import evaluate as arribada_evaluate

    arribada = make("arribada", players=2, seed=1, first_player=0)
    arribada_strategy = strategy_for("arribada")  # no search_evaluate there: evaluate's
    assert arribada_strategy.search_evaluate(arribada) == arribada_evaluate(arribada)
    for mode, players in (("competitive", 2), ("teams", 4), ("cooperative", 2)):
        for s in positions(mode, players, 7)[10::9]:
            extra = [set_ups(g, s.criteria) for g in s.grids]
            taker, gain = next_take(s)  # the next take's own test is below
            if taker is not None:
                extra[s.beach_of(taker)] += NEXT_TAKE * gain
            got = search_evaluate(s)
            base = evaluate(s)
            for seat in range(players):
                if s.is_terminal():
                    want = 0.0
                elif mode == "teams":
                    want = extra[seat % 2] + extra[seat % 2 + 2]
                elif mode == "cooperative":
                    want = extra[0]
                else:
                    want = extra[seat]
                assert got[seat] == pytest.approx(base[seat] + want)


# --- hard's look-ahead: the next take, the turn's plan ----------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_the_next_take_is_the_best_card_of_the_market_at_its_best_placement(players):
    """Where a player is about to take, ``next_take`` gives them what the best of the
    market's cards would add to their score at its best spot: every take, rotation and
    spot played by the engine."""
    from tablero.diadeplaya.evaluate import next_take
    from tablero.diadeplaya.moves import Rotate

    checked = 0
    for s in positions("competitive", players, 8)[players * 2 + 6 :: 5]:
        if s.is_terminal() or s.phase != "take":
            continue
        taker, gain = next_take(s)
        assert taker == s.player
        best = None
        for take in s.legal_moves():
            held = s.apply(take)
            for degrees in ROTATIONS:
                turned = held.apply(Rotate(degrees))
                for spot in turned.legal_moves():
                    after = turned.apply(spot)
                    got = after.score[taker] - s.score[taker]
                    best = got if best is None else max(best, got)
        assert gain == best
        checked += 1
    assert checked >= 2


def test_the_next_take_belongs_to_the_seat_after_the_holder_and_never_to_a_shared_beach():
    from tablero.diadeplaya.evaluate import next_take

    for mode, players in (("competitive", 2), ("competitive", 3), ("teams", 4)):
        held = [s for s in positions(mode, players, 9) if not s.is_terminal() and s.holding]
        held = [s for s in held if s.phase == "place" and any(s.market)]
        assert held
        for s in held[:6]:
            taker, _ = next_take(s)
            assert taker == (s.player + 1) % players
    for mode, players in (("cooperative", 3), ("solitaire", 1)):
        for s in positions(mode, players, 9):
            assert next_take(s) == (None, 0.0)


def test_hards_evaluation_counts_the_next_take_for_its_taker():
    from tablero.diadeplaya.evaluate import NEXT_TAKE, next_take, set_ups

    assert NEXT_TAKE > 0
    for s in positions("competitive", 2, 10)[8:-1:3]:
        taker, gain = next_take(s)
        want = [evaluate(s)[p] + set_ups(s.grids[p], s.criteria) for p in range(2)]
        if taker is not None:
            want[taker] += NEXT_TAKE * gain
        assert search_evaluate(s) == pytest.approx(want)


@pytest.mark.parametrize("mode,players", [("competitive", 2), ("teams", 4)])
def test_the_turn_plan_lays_the_card_where_hards_evaluation_likes_it_best(mode, players):
    from tablero.bots.evaluation import margin
    from tablero.diadeplaya.evaluate import sides, turn_plan

    checked = 0
    for s in positions(mode, players, 11)[players * 2 :: 7]:
        if s.is_terminal() or s.phase not in ("rotate", "place"):
            assert s.is_terminal() or turn_plan(s) == []
            continue
        plan = turn_plan(s)
        after = s
        for move in plan:
            assert move in after.legal_moves()
            after = after.apply(move)
        assert after.is_terminal() or after.phase == "take" and after.player != s.player
        p, seats = s.player, sides(s)

        def value(state, p=p, seats=seats):
            v = state.scores() if state.is_terminal() else search_evaluate(state)
            return margin([float(x) for x in v], p, seats)

        turned = [s.apply(m) for m in s.legal_moves()] if s.phase == "rotate" else [s]
        best = max(value(t.apply(spot)) for t in turned for spot in t.legal_moves())
        assert value(after) == pytest.approx(best)
        checked += 1
    assert checked >= 2


def test_the_look_ahead_scores_each_take_after_the_turn_and_mediums_reply():
    """One deal by hand: the take, the turn's plan, the next player's best take for
    them on ``evaluate`` (as ``medium`` picks), then ``search_evaluate``'s margin."""
    from tablero.bots.evaluation import margin
    from tablero.bots.lookahead import lookahead_values
    from tablero.diadeplaya.evaluate import turn_plan

    s = next(s for s in positions("competitive", 2, 12)[8:] if s.phase == "take")
    view = s.view(s.player)
    moves = view.legal_moves()
    values, done = lookahead_values(
        view, moves, s.player, Rng("look"), evaluate=evaluate, search_evaluate=search_evaluate,
        turn_plan=turn_plan, sides=None, deadline=None, samples=1,
    )  # fmt: skip
    assert done == 1
    full = view.determinize(Rng("look").spawn())
    for move, value in zip(moves, values, strict=True):
        state = full.apply(move)
        for step in turn_plan(state):
            state = state.apply(step)
        opponent = state.player
        replies = [state.apply(m) for m in state.legal_moves()]
        state = max(replies, key=lambda r: margin(evaluate(r), opponent))
        assert value == pytest.approx(margin(search_evaluate(state), s.player))


def test_hard_looks_ahead_at_a_table_with_rivals_and_searches_a_tree_alone():
    from tablero.diadeplaya.evaluate import turn_plan

    duel = positions("competitive", 2, 13)
    take = next(s for s in duel[6:] if s.phase == "take")
    hard = make_bot("hard", seed=2, iterations=30)
    assert hard.choose(take.view(take.player)) in take.legal_moves()
    assert isinstance(hard, MctsBot) and hard.settings.lookahead
    assert isinstance(hard.lookahead, LookaheadBot)
    assert 1 <= hard.stats.iterations <= hard.settings.lookahead_samples  # deals, not iterations
    placing = next(s for s in duel[6:] if s.phase == "place")
    assert hard.choose(placing.view(placing.player)) == turn_plan(placing)[0]
    alone = next(s for s in positions("solitaire", 1, 13)[4:] if s.phase == "take")
    hard.choose(alone.view(0))
    assert hard.stats.iterations > hard.settings.lookahead_samples  # the tree's iterations


def test_a_look_ahead_keeps_its_time_budget_with_at_least_one_deal():
    take = next(s for s in positions("competitive", 2, 14)[6:] if s.phase == "take")
    hard = make_bot("hard", seed=3, budget_ms=1)
    assert hard.choose(take.view(take.player)) in take.legal_moves()
    assert hard.stats.iterations == 1


# --- every mode on the command line, and the bots' sides (seats sharing a result) ------


@pytest.mark.parametrize(
    "players,options",
    [(2, []), (3, ["mode=competitive"]), (4, ["mode=teams"]), (2, ["mode=cooperative"]),
     (4, ["mode=cooperative", "criteria=surfers,sand"]), (1, ["mode=solitaire"])],
)  # fmt: skip
def test_simulate_every_mode(capsys, players, options):
    argv = ["simulate", "diadeplaya", "-p", str(players), "-g", "2"]
    argv += [x for o in options for x in ("--option", o)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"{players} players" in out and "moves per game" in out


@pytest.mark.parametrize(
    "players,bots,mode",
    [(2, "random,random", "competitive"), (4, "random,random,random,random", "teams"),
     (3, "random,random,random", "cooperative"), (1, "random", "solitaire")],
)  # fmt: skip
def test_a_tournament_in_every_mode(capsys, tmp_path, players, bots, mode):
    out_file = tmp_path / "t.jsonl"
    argv = ["tournament", "diadeplaya", "-p", str(players), "--bots", bots, "-g", str(players),
            "--jobs", "1", "--option", f"mode={mode}", "--out", str(out_file)]  # fmt: skip
    assert main(argv) == 0
    report = capsys.readouterr().out
    assert f"mode={mode}" in report
    records = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert len(records) == players
    assert all(r["config"]["options"] == {"mode": mode} for r in records)
    # resuming with other options is refused
    assert main([*argv[:-2], "--out", str(out_file), "--resume", "--option", "criteria=sand"]) == 2
    assert "different tournament" in capsys.readouterr().err


def test_a_tournament_refuses_a_mode_for_the_wrong_table(capsys):
    argv = ["tournament", "diadeplaya", "-p", "2", "--bots", "random,random", "--option",
            "mode=solitaire"]  # fmt: skip
    assert main(argv) == 2
    assert "played by 1 players, not 2" in capsys.readouterr().err


def test_bots_compare_seats_by_side():
    teams = make("diadeplaya", players=4, seed=1, mode="teams")
    assert sides_of(teams) == (0, 1, 0, 1)
    assert margin([10, 4, 10, 4], 0, sides_of(teams)) == 6  # not 0 against the teammate
    coop = make("diadeplaya", players=3, seed=1, mode="cooperative")
    assert margin([7, 7, 7], 1, sides_of(coop)) == 7  # no rival: the shared score itself
    solo = make("diadeplaya", players=1, seed=1, mode="solitaire")
    assert margin([5], 0, sides_of(solo)) == 5 and margin([5], 0) == 5


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_each_level_plays_a_solitaire_decision_and_a_cooperative_one(level):
    for state in (
        make("diadeplaya", players=1, seed=4, mode="solitaire"),
        make("diadeplaya", players=2, seed=4, mode="cooperative"),
    ):
        for _ in range(3):  # the first card's side and rotation, the first take
            bot = make_bot(level, seed=1, iterations=5)
            move = bot.choose(state.view(state.current_player))
            state = state.apply(move)
        assert state.phase == "rotate" and state.holding is not None
