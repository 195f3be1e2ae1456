"""Replaying the golden games: the same file runs in CPython (``test_golden.py``) and
inside real Pyodide (``pyodide_replay.mjs`` writes it into Pyodide's filesystem with the
engines' sources and ``support/tiny_game.py``, then calls :func:`main`).

A golden file is ``{"game", "setup", "moves", "final"}``: a game's ``setup`` record, its
move texts and the ``to_json()`` text of the state they lead to, written by
``make_golden.py`` with the engines as they were before the refactor onto the core's
framework.  The engines must replay each game to exactly that text.

    python tests/platform/golden/golden_replay.py GOLDEN.json...    # prints {"results": [...]}
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tablero.core import make, replay

TINY_ID = "tiny_nim"


def register_tiny() -> None:
    """Tiny Nim in the registry (a test-only game: ``support.tiny_game``, with ``tests/``
    on ``sys.path``)."""
    from tablero.core import game_ids, register

    if TINY_ID not in game_ids():
        register(TINY_ID, "support.tiny_game")


def replay_final(record: dict[str, Any]) -> str:
    """The ``to_json()`` text that ``tablero.core.replay`` gives for a golden record."""
    return replay(record["game"], record["setup"], record["moves"]).to_json()


def replay_step_by_step(record: dict[str, Any]) -> str:
    """The final JSON, replaying one move at a time and checking that each move is one
    of ``legal_moves()`` (by its text) before applying it."""
    setup = record["setup"]
    state = make(record["game"], players=setup["players"], seed=setup["seed"], **setup["options"])
    for i, text in enumerate(record["moves"], 1):
        legal = [str(m) for m in state.legal_moves()]
        if text not in legal:
            raise AssertionError(f"move {i} ({text!r}) is not among the {len(legal)} legal moves")
        move = state.parse_move(text)
        if str(move) != text:
            raise AssertionError(f"move {i}: {text!r} reads back as {str(move)!r}")
        state = state.apply(move)
    return state.to_json()


def first_difference(expected: str, actual: str) -> str:
    """Where two state JSON texts first differ: the top-level key, and the texts there."""
    if expected == actual:
        return "identical"
    try:
        a, b = json.loads(expected), json.loads(actual)
    except ValueError:
        a = b = None
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if a.get(key) != b.get(key):
                ea, eb = json.dumps(a.get(key))[:300], json.dumps(b.get(key))[:300]
                return f"first differing key {key!r}:\n  golden:   {ea}\n  replayed: {eb}"
        return "the same data with the keys in another order"
    i = next((i for i, (x, y) in enumerate(zip(expected, actual, strict=False)) if x != y), None)
    i = min(len(expected), len(actual)) if i is None else i
    return f"at character {i}: golden {expected[i : i + 80]!r}, replayed {actual[i : i + 80]!r}"


def main(argv: list[str] | None = None) -> int:
    """Replay each golden file named in ``argv``; print one JSON document."""
    paths = sys.argv[1:] if argv is None else argv
    register_tiny()
    results = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
        try:
            results.append({"path": path, "final": replay_final(record)})
        except Exception as exc:  # noqa: BLE001 - reported, and the test fails on it
            results.append({"path": path, "error": f"{type(exc).__name__}: {exc}"})
    print(json.dumps({"python": sys.version, "platform": sys.platform, "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
