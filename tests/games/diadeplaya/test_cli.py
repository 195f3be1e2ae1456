"""Día de Playa on the command line: ``simulate`` and ``tournament`` in every mode (the
options on the command line: ``--option mode=solitaire``, ``criteria=surfers,sand``), and
the bots in every mode, seats sharing a result compared by side."""

from __future__ import annotations

import json

import pytest
from tablero.bots import make_bot
from tablero.bots.evaluation import margin, sides_of
from tablero.cli.main import main
from tablero.core import make


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
