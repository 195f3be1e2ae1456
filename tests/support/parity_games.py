"""Seeded random games whose states are compared between CPython and Pyodide.

The same file runs in both: pytest imports it, and ``tests/support/pyodide_run.mjs`` writes it
into Pyodide's filesystem and calls :func:`main`.  Moves are chosen with
:class:`tablero.core.Rng` (never :mod:`random`, whose results may differ between Python
versions), so both interpreters play exactly the same moves as long as the engine agrees.

    python tests/support/parity_games.py                       # the PARITY_GAMES below
    python tests/support/parity_games.py '[{"game": "arboretum", "seed": 3, "players": 4}]'
    echo '[...]' | python tests/support/parity_games.py -

A spec may also carry ``"json_at": STEP``; its result then carries that step's JSON.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator

from tablero.core import Rng, make

MAX_STEPS = 100_000  # far beyond any real game: a game that never ends is a bug

# Arribada: seeds 1..20, players cycling 2, 3, 4, the beginner variant for every 5th game.
# Arboretum: seeds 1..9, players cycling 2, 3, 4.  A spec without "game" is Arribada.
PARITY_GAMES = [
    {
        "game": "arribada",
        "seed": seed,
        "players": 2 + (seed - 1) % 3,
        "variant": "beginner" if seed % 5 == 0 else "standard",
    }
    for seed in range(1, 21)
] + [{"game": "arboretum", "seed": seed, "players": 2 + (seed - 1) % 3} for seed in range(1, 10)]
# Día de Playa: one game of each mode and player count.
PARITY_GAMES += [
    {"game": "diadeplaya", "seed": 50 + i, "players": players, "mode": mode}
    for i, (mode, players) in enumerate(
        [("competitive", 2), ("competitive", 3), ("teams", 4), ("cooperative", 2),
         ("cooperative", 4), ("solitaire", 1)]
    )
]  # fmt: skip
# Arraial: seeds 61..66, players cycling 2, 3, 4.
PARITY_GAMES += [
    {"game": "arraial", "seed": 60 + i, "players": 2 + (i - 1) % 3} for i in range(1, 7)
]


def game_of(spec: dict) -> str:
    return spec.get("game", "arribada")


def play_states(spec: dict) -> Iterator[str]:
    """The JSON of every state of one game, the initial state included."""
    seed = spec["seed"]
    options = {k: spec[k] for k in ("variant", "mode") if k in spec}
    state = make(game_of(spec), players=spec["players"], seed=seed, **options)
    rng = Rng(seed * 1000 + 17)
    yield state.to_json()
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return
        moves = state.legal_moves()
        if not moves:
            raise AssertionError(f"game {spec}: not over, yet no legal move")
        state = state.apply(moves[rng.randbelow(len(moves))])
        yield state.to_json()
    raise AssertionError(f"game {spec}: not over after {MAX_STEPS} moves")


def play_hashes(spec: dict) -> list[str]:
    """The sha256 hex digest of ``state.to_json()`` at every step of one game."""
    return [hashlib.sha256(text.encode("utf-8")).hexdigest() for text in play_states(spec)]


def play_json_at(spec: dict, step: int) -> str:
    """The full JSON of one game's state at ``step`` (0 is the initial state)."""
    for i, text in enumerate(play_states(spec)):
        if i == step:
            return text
    raise IndexError(f"game {spec} ends before step {step}")


def run_specs(specs: list[dict]) -> dict:
    """The hashes (and any asked-for JSON) of each game in ``specs``, with the interpreter."""
    games = []
    for spec in specs:
        result = {**spec, "hashes": play_hashes(spec)}
        if "json_at" in spec:
            result["json"] = play_json_at(spec, spec["json_at"])
        games.append(result)
    return {"python": sys.version, "platform": sys.platform, "games": games}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        specs = PARITY_GAMES
    else:
        specs = json.loads(sys.stdin.read() if args[0] == "-" else args[0])
    print(json.dumps(run_specs(specs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
