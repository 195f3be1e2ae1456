"""``tablero tournament``: the report, seat rotation, the JSONL file and --resume."""

from __future__ import annotations

import json

import pytest
import tablero.bots
from tablero.cli import tournament
from tablero.cli.main import main

BASE = ["tournament", "arribada", "--bots", "random,random", "--seed", "3", "--jobs", "1"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def lines(path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def test_a_tiny_tournament_prints_every_section(capsys, tmp_path):
    out_file = tmp_path / "t.jsonl"
    code, out, err = run(capsys, *BASE, "--games", "4", "--out", str(out_file))
    assert code == 0, err
    assert "Arribada tournament: random, random (2 players), 4 of 4 games" in out
    assert "95% Wilson interval" in out
    for column in ("win rate", "95% interval", "mean score", "ms/move", "p95 ms"):
        assert column in out
    assert "random#1" in out and "random#2" in out
    records = lines(out_file)
    assert sorted(r["game"] for r in records) == [0, 1, 2, 3]
    for r in records:
        assert sum(r["share"]) == pytest.approx(1.0)  # a shared win is split


def test_seats_rotate_over_each_deal(capsys, tmp_path):
    out_file = tmp_path / "t.jsonl"
    code, out, _ = run(
        capsys, "tournament", "arribada", "--players", "3", "--bots", "random,random,random",
        "--games", "3", "--jobs", "1", "--out", str(out_file),
    )  # fmt: skip
    assert code == 0
    records = {r["game"]: r for r in lines(out_file)}
    assert {r["deal"] for r in records.values()} == {0}  # one deal, played from each seat
    for entry in range(3):
        assert sorted(records[g]["seats"].index(entry) for g in range(3)) == [0, 1, 2]
    assert "random#1     1    1    1" in out


def test_resume_plays_only_the_missing_games(capsys, tmp_path):
    out_file = tmp_path / "t.jsonl"
    assert run(capsys, *BASE, "--games", "4", "--out", str(out_file))[0] == 0
    before = out_file.read_text()
    code, out, _ = run(capsys, *BASE, "--games", "6", "--out", str(out_file), "--resume")
    assert code == 0
    assert "resumed: 4 games read back, 2 played now" in out
    assert "6 of 6 games" in out
    assert out_file.read_text().startswith(before)  # finished games are not replayed
    assert sorted(r["game"] for r in lines(out_file)) == list(range(6))


def test_resume_replays_a_game_cut_off_mid_line(capsys, tmp_path):
    out_file = tmp_path / "t.jsonl"
    assert run(capsys, *BASE, "--games", "3", "--out", str(out_file))[0] == 0
    text = out_file.read_text().splitlines()
    out_file.write_text("\n".join(text[:2]) + "\n" + text[2][:40])
    code, out, err = run(capsys, *BASE, "--games", "3", "--out", str(out_file), "--resume")
    assert code == 0
    assert "incomplete" in err
    assert "resumed: 2 games read back, 1 played now" in out


def test_resume_refuses_another_tournaments_file(capsys, tmp_path):
    out_file = tmp_path / "t.jsonl"
    assert run(capsys, *BASE, "--games", "2", "--out", str(out_file))[0] == 0
    code, _, err = run(
        capsys, *BASE[:-4], "--seed", "4", "--jobs", "1", "--games", "2", "--out", str(out_file),
        "--resume",
    )  # fmt: skip
    assert code == 2
    assert "different tournament" in err
    code, _, err = run(capsys, *BASE, "--games", "2", "--out", str(out_file))
    assert code == 2 and "--resume" in err


def test_parallel_games_give_the_same_results(capsys, tmp_path):
    one, two = tmp_path / "1.jsonl", tmp_path / "2.jsonl"
    assert run(capsys, *BASE, "--games", "4", "--out", str(one))[0] == 0
    args = [a if a != "1" else "2" for a in BASE]  # --jobs 2
    assert run(capsys, *args, "--games", "4", "--out", str(two))[0] == 0

    def key(path):
        return sorted((r["game"], r["scores"], r["seats"], r["moves"]) for r in lines(path))

    assert key(one) == key(two)


def test_bots_only_ever_get_the_view_of_the_player_to_move(capsys, monkeypatch):
    seen = []
    real = tablero.bots.make_bot

    class Spy:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, view):
            seen.append(view.viewer == view.current_player)
            return self.bot.choose(view)

    monkeypatch.setattr(tablero.bots, "make_bot", lambda *a, **k: Spy(real(*a, **k)))
    assert run(capsys, *BASE, "--games", "2")[0] == 0
    assert seen and all(seen)


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--bots", "random"], "one per seat"),
        (["--bots", "random,wizard"], "unknown bot level"),
        (["--bots", "random,random", "--resume"], "--resume needs --out"),
        (["--bots", "random,random", "--players", "5"], "played by 2 to 4 players"),
    ],
)
def test_usage_errors(capsys, argv, message):
    code, _, err = run(capsys, "tournament", "arribada", "--games", "1", *argv)
    assert code == 2
    assert message in err


def test_wilson_and_percentile():
    lo, hi = tournament.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert tournament.wilson(0, 0) == (0.0, 1.0)
    assert tournament.percentile([1, 2, 3, 4, 5], 0.95) == pytest.approx(4.8)
