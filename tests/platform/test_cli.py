"""The ``tablero`` command line: ``main([...])`` with captured output."""

from __future__ import annotations

import io
import sys
import types
from dataclasses import dataclass

import pytest
from tablero.cli.common import CliError
from tablero.cli.main import main
from tablero.cli.show import load_state
from tablero.core import CorruptDataError, Game, IllegalMoveError, Rng, State, make, registry


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def without_timing(out: str) -> str:
    return "\n".join(line for line in out.splitlines() if not line.startswith("moves/s:"))


def random_state(players: int = 3, seed: int = 5, moves: int = 20) -> State:
    state = make("arribada", players=players, seed=seed)
    rng = Rng(1)
    for _ in range(moves):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


# --- the command itself -------------------------------------------------------------


def test_help_lists_the_commands(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "simulate" in out and "show" in out


def test_no_command_is_a_usage_error(capsys):
    code, _, err = run(capsys)
    assert code == 2
    assert "simulate" in err


def test_unknown_command_is_a_usage_error(capsys):
    code, _, err = run(capsys, "fly")
    assert code == 2
    assert "invalid choice" in err


# --- simulate -----------------------------------------------------------------------


SIM = ("simulate", "arribada", "--players", "3", "--games", "4", "--seed", "7")


def test_simulate_prints_every_section(capsys):
    code, out, err = run(capsys, *SIM, "--variant", "standard")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Arribada: 4 random games, 3 players, seeds 7..10")
    assert "variant=standard" in lines[0]
    assert any(line.startswith("moves per game: mean ") for line in lines)
    assert any(line.startswith("turns per game: mean ") for line in lines)
    assert any(line.startswith("moves/s: ") for line in lines)
    header = next(i for i, line in enumerate(lines) if line.startswith("seat"))
    assert "mean score" in lines[header] and "win share" in lines[header]
    seats = [lines[header + 1 + p].split() for p in range(3)]
    assert [row[0] for row in seats] == ["0", "1", "2"]
    shares = [float(row[-1].rstrip("%")) for row in seats]
    assert sum(shares) == pytest.approx(100, abs=0.2)


def test_simulate_counts_moves_and_turns(capsys):
    code, out, _ = run(capsys, "simulate", "arribada", "--games", "1", "--seed", "3")
    assert code == 0
    state = make("arribada", players=2, seed=3)
    rng = Rng(3).spawn()
    moves, players = 0, []
    while not state.is_terminal():
        players.append(state.current_player)
        legal = state.legal_moves()
        state = state.apply_unchecked(legal[rng.randbelow(len(legal))])
        moves += 1
    turns = 1 + sum(1 for a, b in zip(players, players[1:], strict=False) if a != b)
    assert f"moves per game: mean {moves:.1f}, min {moves}, max {moves}" in out
    assert f"turns per game: mean {turns:.1f}, min {turns}, max {turns}" in out
    scores = state.scores()
    assert f"{scores[0]:.2f}" in out and f"{scores[1]:.2f}" in out


def test_simulate_is_deterministic(capsys):
    _, first, _ = run(capsys, *SIM)
    _, second, _ = run(capsys, *SIM, "--checked")
    assert without_timing(first) == without_timing(second)
    assert first != without_timing(first)  # the timing line was there
    _, other, _ = run(capsys, *SIM[:-1], "8")
    assert without_timing(other) != without_timing(first)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("nope",), "unknown game 'nope'"),
        (("arribada", "--players", "5"), "2 to 4 players"),
        (("arribada", "--variant", "expert"), "not one of"),
        (("arribada", "--option", "colour=red"), "no option 'colour'"),
        (("arribada", "--option", "first_player"), "NAME=VALUE"),
    ],
)
def test_simulate_bad_arguments(capsys, args, message):
    code, out, err = run(capsys, "simulate", *args, "--games", "1")
    assert code == 2
    assert out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_simulate_reads_typed_options(capsys):
    code, out, _ = run(capsys, "simulate", "arribada", "--games", "2", "--option", "first_player=1")
    assert code == 0
    assert "options: first_player=1" in out


def test_simulate_rejects_zero_games(capsys):
    code, _, err = run(capsys, "simulate", "arribada", "--games", "0")
    assert code == 2
    assert "--games" in err


# --- show ---------------------------------------------------------------------------


def check_shown(out: str, state: State) -> None:
    assert out.startswith(state.to_text().rstrip("\n"))
    assert f"to move: player {state.current_player}" in out
    moves = [str(m) for m in state.legal_moves()]
    assert f"legal moves ({len(moves)}): " + "; ".join(moves) in out.splitlines()
    scores = ", ".join(f"player {p} {s}" for p, s in enumerate(state.scores()))
    assert f"scores: {scores}" in out


def test_show_json_file(capsys, tmp_path):
    state = random_state()
    path = tmp_path / "game.json"
    path.write_text(state.to_json())
    code, out, err = run(capsys, "show", str(path))
    assert (code, err) == (0, "")
    check_shown(out, state)


def test_show_notation_file(capsys, tmp_path):
    state = random_state(players=4, seed=11, moves=35)
    path = tmp_path / "game.txt"
    path.write_text(state.to_text())
    code, out, err = run(capsys, "show", str(path))
    assert (code, err) == (0, "")
    check_shown(out, state)


@pytest.mark.parametrize("kind", ["json", "text"])
def test_show_stdin(capsys, monkeypatch, kind):
    state = random_state(players=2, seed=2, moves=9)
    data = state.to_json() if kind == "json" else state.to_text()
    monkeypatch.setattr(sys, "stdin", io.StringIO(data))
    code, out, err = run(capsys, "show", "-")
    assert (code, err) == (0, "")
    check_shown(out, state)


def test_show_finished_game(capsys, tmp_path):
    state = make("arribada", players=2, seed=4)
    while not state.is_terminal():
        state = state.apply_unchecked(state.legal_moves()[0])
    path = tmp_path / "over.json"
    path.write_text(state.to_json())
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0
    assert "game over: winner" in out
    assert "legal moves (0): none" in out


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (lambda s: s.to_json()[:80], "not valid JSON"),
        (lambda s: s.to_json().replace('"players":3', '"players":9'), ""),
        (lambda s: '{"game": "chess", "version": 1}', "unknown game 'chess'"),
        (lambda s: "[1, 2]", "JSON object"),
        (lambda s: s.to_text().replace("rack A:", "rack A: 9"), "rack A"),
        (lambda s: "chess 2p\n", "unknown game 'chess'"),
        (lambda s: "   \n", "empty"),
    ],
    ids=[
        "truncated",
        "bad-players",
        "unknown-game",
        "not-object",
        "bad-rack",
        "unknown-id",
        "empty",
    ],
)
def test_show_corrupt_file(capsys, tmp_path, data, message):
    state = random_state()
    path = tmp_path / "corrupt"
    text = data(state)
    path.write_text(text)
    code, out, err = run(capsys, "show", str(path))
    assert code == 2
    assert out == ""
    assert err.startswith("tablero show: error: ") and err.endswith("\n")
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert message in err
    # the message is the engine's own exception text
    with pytest.raises(CliError) as info:
        load_state(text)
    assert err == f"tablero show: error: {info.value}\n"


def test_show_unreadable_input(capsys, tmp_path):
    code, _, err = run(capsys, "show", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err and len(err.splitlines()) == 1
    binary = tmp_path / "binary"
    binary.write_bytes(b"\xff\xfe\x00junk")
    code, _, err = run(capsys, "show", str(binary))
    assert code == 2 and "not UTF-8" in err


# --- game-agnostic: a toy game registered at test time ------------------------------


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"


class NimState(State):
    """Nim with one heap: take 1-3 stones; whoever takes the last stone scores 1."""

    def __init__(self, players: int, heap: int, player: int, history=()) -> None:
        self.n, self.heap, self.player, self.history_ = players, heap, player, tuple(history)

    num_players = property(lambda self: self.n)
    viewer = property(lambda self: None)
    history = property(lambda self: self.history_)

    @property
    def current_player(self):
        return None if self.heap == 0 else self.player

    def legal_moves(self):
        return [Take(k) for k in (1, 2, 3) if k <= self.heap]

    def parse_move(self, text):
        move = Take(int(text.split()[-1]))
        if self.illegal_reason(move):
            raise IllegalMoveError(self.illegal_reason(move))
        return move

    def illegal_reason(self, move):
        return None if move in self.legal_moves() else f"cannot {move}"

    def apply_unchecked(self, move):
        entry = {"player": self.player, "move": str(move), "events": []}
        return NimState(
            self.n, self.heap - move.n, (self.player + 1) % self.n, (*self.history_, entry)
        )

    def is_terminal(self):
        return self.heap == 0

    def scores(self):
        out = [0] * self.n
        if self.heap == 0:
            out[(self.player - 1) % self.n] = 1
        return out

    def view(self, player):
        return self

    def determinize(self, rng):
        return self

    def to_dict(self):
        return {"game": "nim-test", "version": 1, "players": self.n, "heap": self.heap,
                "player": self.player}  # fmt: skip

    def to_text(self):
        return f"nim-test {self.n}p\nheap: {self.heap}\nturn: {self.player}"


@dataclass(frozen=True)
class NimGame(Game):
    def new_state(self, players, seed, heap=10):
        return NimState(players, heap, Rng(seed).randbelow(players))

    def from_dict(self, data):
        return NimState(data["players"], data["heap"], data["player"])

    def from_text(self, text):
        try:
            head, heap, turn = text.strip().splitlines()
            return NimState(int(head.split()[1][:-1]), int(heap.split()[1]), int(turn.split()[1]))
        except (ValueError, IndexError):
            raise CorruptDataError("not a nim-test position") from None


@pytest.fixture
def nim(monkeypatch):
    from tablero.core import OptionSpec

    module = types.ModuleType("tablero_test_nim")
    module.GAME = NimGame("nim-test", "Nim", 2, 3, 1, (OptionSpec("heap", 10),))
    NimState.game = module.GAME
    monkeypatch.setitem(sys.modules, "tablero_test_nim", module)
    monkeypatch.setitem(registry._MODULES, "nim-test", "tablero_test_nim")
    monkeypatch.delitem(registry._LOADED, "nim-test", raising=False)
    return module.GAME


def test_simulate_any_registered_game(capsys, nim):
    argv = ("simulate", "nim-test", "--players", "3", "--games", "20", "--option", "heap=7")
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert out.startswith("Nim: 20 random games, 3 players, seeds 0..19, options: heap=7")
    # every move takes 1 to 3 of the 7 stones
    moves = next(line for line in out.splitlines() if line.startswith("moves per game"))
    low, high = (int(part.split()[1]) for part in moves.split(", ")[1:])
    assert 3 <= low <= high <= 7
    code, _, err = run(capsys, *argv[:-1], "heap=many")
    assert code == 2 and "option heap wants a whole number, not 'many'" in err


def test_show_any_registered_game(capsys, tmp_path, nim):
    state = make("nim-test", players=2, seed=0, heap=5).apply("take 2")
    for name, data in (("nim.json", state.to_json()), ("nim.txt", state.to_text())):
        path = tmp_path / name
        path.write_text(data)
        code, out, err = run(capsys, "show", str(path))
        assert (code, err) == (0, "")
        assert "heap: 3" in out
        assert "legal moves (3): take 1; take 2; take 3" in out


def test_show_describes_a_pending_chance_step():
    """A table without a dealer waits for its steps: ``describe`` names the step, who
    sees it and its outcomes with their weights, and lists no move."""
    from tablero.cli.show import describe

    table = make("arboretum", players=2, dealer=None, first_player=1)
    text = describe(table)
    assert "chance step: deal, seen by player 0, 48 outcomes: Ca1 x1; Ca2 x1;" in text
    assert "legal moves (0): none" in text and "to move: player 1" in text
    spawn = make("arribada", players=2, dealer=None, first_player=0)
    assert "chance step: spawn, seen by everyone, 8 outcomes: 1 x" in describe(spawn)
