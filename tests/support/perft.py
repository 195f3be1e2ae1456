"""Legal-move counts that pin a game's move generator (each game's ``test_perft.py``).

A game's fixture, ``tests/games/<game>/fixtures/perft.json``, records for each of the
game's configurations (``Game.setups()``: each player count, each option's choices):

* ``walks``: a seeded random game played to its end, and the number of legal moves at
  each of its positions (the move played at each step drawn from them by
  ``Rng(seed)``);
* ``positions``: a few positions along such a game (``after`` random moves) and their
  perft (the number of move sequences of ``depth`` moves from there, as in chess).

The counts change only when the rules, the order of the decisions or the seeded draws
do; then look at why, and write the fixture again::

    python3 -m uv run --frozen python tests/support/perft.py <game>

(it keeps the fixture's configurations and seeds when it exists, and otherwise takes
every configuration of ``Game.setups()``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tablero.core import Rng, State, get_game, make

__all__ = ["fixture_path", "load", "perft", "played", "walk"]

GAMES = Path(__file__).resolve().parents[1] / "games"

#: The perft depth of a new fixture's positions (a turn of several decisions wants more).
DEPTHS = {"arraial": 5, "diadeplaya": 4}


def fixture_path(game_id: str) -> Path:
    return GAMES / game_id / "fixtures" / "perft.json"


def load(game_id: str) -> dict[str, Any]:
    """The fixture of ``game_id``: ``{"game", "walks": [...], "positions": [...]}``."""
    data: dict[str, Any] = json.loads(fixture_path(game_id).read_text(encoding="utf-8"))
    return data


def perft(state: State, depth: int) -> int:
    """The number of move sequences of ``depth`` moves from ``state`` (a finished game
    counts as one sequence)."""
    if depth == 0 or state.is_terminal():
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.apply_unchecked(m), depth - 1) for m in moves)


def walk(game_id: str, players: int, seed: int, options: dict[str, Any]) -> list[int]:
    """The number of legal moves at each position of a seeded random game, to its end."""
    state = make(game_id, players=players, seed=seed, **options)
    rng = Rng(seed)
    counts = []
    while not state.is_terminal():
        moves = state.legal_moves()
        counts.append(len(moves))
        state = state.apply_unchecked(moves[rng.randbelow(len(moves))])
    return counts


def played(game_id: str, players: int, seed: int, options: dict[str, Any], after: int) -> State:
    """The position after ``after`` moves of the same seeded random game as :func:`walk`."""
    state = make(game_id, players=players, seed=seed, **options)
    rng = Rng(seed)
    for _ in range(after):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state = state.apply_unchecked(moves[rng.randbelow(len(moves))])
    return state


def _configurations(game_id: str) -> list[dict[str, Any]]:
    return [
        {"players": players, "seed": 1 + i, "options": options}
        for i, (players, options) in enumerate(get_game(game_id).setups())
    ]


def regenerate(game_id: str) -> dict[str, Any]:
    """The fixture of ``game_id`` computed again (from its recorded configurations and
    positions when it exists), written to :func:`fixture_path`."""
    path = fixture_path(game_id)
    old = load(game_id) if path.exists() else None
    if old is None:
        configs = _configurations(game_id)
        depth = DEPTHS.get(game_id, 3)
        walks = [dict(c) for c in configs]
        positions = [
            {**c, "after": after, "depth": depth} for c in configs[:3] for after in (0, 9, 30)
        ]
    else:
        walks = [{k: w[k] for k in ("players", "seed", "options")} for w in old["walks"]]
        positions = [
            {k: p[k] for k in ("players", "seed", "options", "after", "depth")}
            for p in old["positions"]
        ]
    for w in walks:
        w["counts"] = walk(game_id, w["players"], w["seed"], w["options"])
    for p in positions:
        state = played(game_id, p["players"], p["seed"], p["options"], p["after"])
        p["perft"] = perft(state, p["depth"])
    data = {"game": game_id, "walks": walks, "positions": positions}
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["{", f'  "game": {json.dumps(game_id)},', '  "walks": [']
    lines += [f"    {json.dumps(w)}," for w in walks]
    lines[-1] = lines[-1].rstrip(",")
    lines += ["  ],", '  "positions": [']
    lines += [f"    {json.dumps(p)}," for p in positions]
    lines[-1] = lines[-1].rstrip(",")
    lines += ["  ]", "}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return data


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: python tests/support/perft.py GAME...")
    for name in sys.argv[1:]:
        regenerate(name)
        print(f"wrote {fixture_path(name)}")


def fixture_tests(game_id: str) -> tuple[Any, Any, Any]:
    """The three tests of a game's recorded counts (its ``fixtures/perft.json``), for its
    test_perft.py to name: the fixture plays every configuration of the game; the legal-move
    counts along each recorded seeded game; perft at each recorded position."""
    import pytest

    record = load(game_id)

    def label(entry: dict[str, Any]) -> str:
        options = ",".join(f"{k}={v}" for k, v in entry["options"].items())
        after = f"-after{entry['after']}" if "after" in entry else ""
        return f"{entry['players']}p-{options or 'default'}-seed{entry['seed']}{after}"

    def test_the_fixture_plays_every_configuration_of_the_game() -> None:
        recorded = [(w["players"], w["options"]) for w in record["walks"]]
        for players, options in get_game(game_id).setups():
            assert (players, json.loads(json.dumps(options))) in recorded, (players, options)

    @pytest.mark.parametrize("entry", record["walks"], ids=label)
    def test_legal_move_counts_along_a_seeded_random_game(entry: dict[str, Any]) -> None:
        counts = walk(game_id, entry["players"], entry["seed"], entry["options"])
        want = entry["counts"]
        pairs = enumerate(zip(counts, want, strict=False))
        step = next((i for i, (a, b) in pairs if a != b), None)
        assert counts == want, f"first difference at move {step}, or another length"

    @pytest.mark.parametrize("entry", record["positions"], ids=label)
    def test_perft_of_positions_along_a_seeded_random_game(entry: dict[str, Any]) -> None:
        state = played(game_id, entry["players"], entry["seed"], entry["options"], entry["after"])
        assert perft(state, entry["depth"]) == entry["perft"]

    return (
        test_the_fixture_plays_every_configuration_of_the_game,
        test_legal_move_counts_along_a_seeded_random_game,
        test_perft_of_positions_along_a_seeded_random_game,
    )
