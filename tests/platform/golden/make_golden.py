"""Write the golden replays ``tests/platform/golden/<game>/<name>.json``.

Each file is ``{"game", "setup", "moves", "final"}``: a game played with seeded random
moves (:class:`tablero.core.Rng`, never :mod:`random`), its ``setup`` record, its move
texts and the final ``to_json()`` text.  ``test_golden.py`` replays every file, in
CPython and in Pyodide, and compares the JSON byte for byte: the engines' behaviour must
not change (a deliberate change of format or rules regenerates them, in its own commit).

Arribada and Arboretum were generated with the engines as they were before the refactor
onto the core's framework (the worktree of that commit), Tiny Nim (a test-only game that
exists only with the new core) with the current tree::

    PYTHONPATH=/work/baseline/pyapp/core/src:/work/baseline/pyapp/arribada/src:\\
    /work/baseline/pyapp/arboretum/src \\
    python tests/platform/golden/make_golden.py arribada arboretum
    python tests/platform/golden/make_golden.py tiny_nim

Existing files are kept unless ``--force`` is given.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # tests/, for support.tiny_game

import tablero.core  # noqa: E402
from tablero.core import Rng, make  # noqa: E402

# name -> (game, players, seed, options, moves to play: None for the whole game)
GOLDEN: dict[str, tuple[str, int, int | str, dict[str, Any], int | None]] = {
    "arribada/2p-standard-end": ("arribada", 2, 11, {}, None),
    "arribada/3p-beginner-end": (
        "arribada",
        3,
        "golden",
        {"variant": "beginner", "first_player": 1},
        None,
    ),
    "arribada/4p-mid": ("arribada", 4, 13, {"first_player": 3}, 60),
    "arribada/2p-first0-mid": ("arribada", 2, 14, {"first_player": 0, "variant": "standard"}, 25),
    "arboretum/2p-end": ("arboretum", 2, 21, {}, None),
    "arboretum/3p-first2-end": ("arboretum", 3, "arbor", {"first_player": 2}, None),
    "arboretum/4p-mid": ("arboretum", 4, 23, {}, 70),
    "diadeplaya/2p-end": ("diadeplaya", 2, 41, {}, None),
    "diadeplaya/4p-teams-end": (
        "diadeplaya",
        4,
        "playa",
        {"mode": "teams", "first_player": 2},
        None,
    ),
    "diadeplaya/3p-cooperative-mid": ("diadeplaya", 3, 43, {"mode": "cooperative"}, 20),
    "diadeplaya/1p-solitaire-end": (
        "diadeplaya",
        1,
        44,
        {"mode": "solitaire", "criteria": ["surfers", "tourists", "trios", "sand"]},
        None,
    ),
    "arraial/2p-end": ("arraial", 2, 41, {}, None),
    "arraial/3p-first1-end": ("arraial", 3, "arraial", {"first_player": 1}, None),
    "arraial/4p-mid": ("arraial", 4, 43, {}, 120),
    "tiny_nim/1p-solo-end": ("tiny_nim", 1, 31, {"mode": "solo", "takes": [1, 3]}, None),
    "tiny_nim/2p-end": ("tiny_nim", 2, 32, {}, None),
    "tiny_nim/3p-takes23-mid": ("tiny_nim", 3, "tiny", {"takes": [3, 2], "first_player": 1}, 4),
}
MAX_MOVES = 100_000


def play(name: str) -> dict[str, Any]:
    game, players, seed, options, stop = GOLDEN[name]
    state = make(game, players=players, seed=seed, **options)
    rng = Rng(f"golden|{name}")
    moves: list[str] = []
    while not state.is_terminal() and len(moves) < (MAX_MOVES if stop is None else stop):
        legal = state.legal_moves()
        move = legal[rng.randbelow(len(legal))]
        moves.append(str(move))
        state = state.apply(move)
    if stop is None and not state.is_terminal():
        raise SystemExit(f"{name}: not over after {MAX_MOVES} moves")
    if stop is not None and state.is_terminal():
        raise SystemExit(f"{name}: over before {stop} moves (a mid-game file must not be)")
    return {"game": game, "setup": state.setup, "moves": moves, "final": state.to_json(),
            "over": state.is_terminal()}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="the games to write (arribada, arboretum...)")
    parser.add_argument("--force", action="store_true", help="overwrite existing files")
    args = parser.parse_args(argv)
    print(f"tablero.core from {Path(tablero.core.__file__).parent}", file=sys.stderr)
    if "tiny_nim" in args.games:
        from tablero.core import register

        register("tiny_nim", "support.tiny_game")
    for name in GOLDEN:
        game = GOLDEN[name][0]
        if game not in args.games:
            continue
        path = HERE / f"{name}.json"
        if path.exists() and not args.force:
            print(f"kept {path.relative_to(HERE)} (--force overwrites)", file=sys.stderr)
            continue
        record = play(name)
        done = "finished" if record.pop("over") else "mid-game"
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(HERE)}: {len(record['moves'])} moves, {done}",
              file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
