#!/usr/bin/env python3
"""Día de Playa: where ``hard`` gains and loses against ``medium``, criterion by criterion.

    uv run python bench/screen_criteria.py NAME FIRST LAST [ITERATIONS] [SEED]

Plays games FIRST..LAST-1 of a screening run exactly as ``bench/screen_hard.py`` does
(``hard`` with an iteration budget, seats rotating, game ``g`` on deal ``SEED + g // 2``;
``EVAL`` in the environment sets evaluation weights as there), appends each game's final
points by criterion for both bots to ``bench/out/screen-NAME-criteria.jsonl`` and prints
the mean of each criterion for both.  Not part of the test suite.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import screen_hard  # noqa: E402
from tablero.bots import make_bot  # noqa: E402
from tablero.core import make  # noqa: E402

OUT = Path(__file__).parent / "out"


def main(argv: list[str]) -> int:
    name, first, last = argv[0], int(argv[1]), int(argv[2])
    iterations = int(argv[3]) if len(argv) > 3 else 60
    seed0 = int(argv[4]) if len(argv) > 4 else 2000
    screen_hard.patch_evaluation("diadeplaya", json.loads(os.environ.get("EVAL", "{}")))
    path = OUT / f"screen-{name}-criteria.jsonl"
    done = {json.loads(line)["g"] for line in path.open()} if path.exists() else set()
    with path.open("a") as out:
        for g in range(first, last):
            if g in done:
                continue
            seats = [(s - g) % 2 for s in range(2)]
            state = make("diadeplaya", players=2, seed=seed0 + g // 2, first_player=0)
            bots = [
                screen_hard.variant({}, iterations, f"{seed0}:{g}:0")
                if seats[s] == 0
                else make_bot("medium", seed=f"{seed0}:{g}:{seats[s]}")
                for s in range(2)
            ]
            while not state.is_terminal():
                seat = state.current_player
                state = state.apply(bots[seat].choose(state.view(seat)))
            me = seats.index(0)
            record = {"g": g, "hard": state.points[me], "medium": state.points[1 - me]}
            out.write(json.dumps(record) + "\n")
            out.flush()
    records = [json.loads(line) for line in path.open()]
    for criterion in records[0]["hard"]:
        hard = sum(r["hard"][criterion] for r in records) / len(records)
        medium = sum(r["medium"][criterion] for r in records) / len(records)
        print(f"{criterion:10s} hard {hard:6.2f}  medium {medium:6.2f}  ({hard - medium:+.2f})")
    print(f"{len(records)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
