#!/usr/bin/env python3
"""Paired comparison of screening runs (``bench/screen_hard.py``) on the same games.

    python3 bench/compare_screens.py BASE NAME [NAME...]

Each NAME is a run's name (``bench/out/screen-NAME.jsonl``); for each, over the games
both it and BASE played (same seed, so the same deals and seats), the variant's win
share and mean margin against BASE's, and the mean of the per-game margin differences
with its standard error: a same-deal difference is far less noisy than either figure.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

OUT = Path(__file__).parent / "out"


def load(name: str) -> dict[int, dict]:
    with (OUT / f"screen-{name}.jsonl").open() as f:
        return {r["g"]: r for r in map(json.loads, f)}


def main(argv: list[str]) -> int:
    base = load(argv[0])
    for name in argv[1:]:
        runs = load(name)
        games = sorted(set(runs) & set(base))
        if len(games) < 2:
            print(f"{name}: {len(games)} games in common with {argv[0]}")
            continue
        diff = [runs[g]["margin"] - base[g]["margin"] for g in games]
        share = sum(runs[g]["share"] for g in games) / len(games)
        base_share = sum(base[g]["share"] for g in games) / len(games)
        margin = statistics.mean(runs[g]["margin"] for g in games)
        base_margin = statistics.mean(base[g]["margin"] for g in games)
        se = statistics.stdev(diff) / len(diff) ** 0.5
        print(
            f"{name}: {len(games)} games, win share {share:.3f} ({argv[0]}: {base_share:.3f}), "
            f"mean margin {margin:+.2f} ({base_margin:+.2f}), "
            f"difference {statistics.mean(diff):+.2f} a game (se {se:.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
