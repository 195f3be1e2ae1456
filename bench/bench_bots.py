#!/usr/bin/env python3
"""Bot speed: ``hard``'s MCTS iterations per second, and ``medium``'s time per decision.

    uv run python bench/bench_bots.py [--game arribada] [--players 2 3 4]
                                      [--positions P] [--budget-ms B] [--json out.json]

For each player count, ``P`` positions are taken from random games (every phase of the
turn, start to end; decisions with a single legal move are skipped since no bot searches
them).  ``hard`` (``budget_ms=B``, default 1000) decides each one from the view of the
player to move; the figure is the total number of iterations over the total search time
(the root ranking, which is ``medium``'s work, included).  ``medium``'s mean time per
decision on the same positions is given for context.  CPython only: the Pyodide figure
comes with the web worker (see docs/performance.md).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time

from tablero.bots import make_bot
from tablero.core import Rng, State, make


def positions(game: str, players: int, count: int, seed: int = 1) -> list[State]:
    """``count`` positions with 2+ legal moves, spread over random games."""
    rng = Rng(seed)
    out: list[State] = []
    g = 0
    while len(out) < count:
        state = make(game, players=players, seed=seed * 1000 + g)
        g += 1
        keep = []
        while not state.is_terminal():
            legal = state.legal_moves()
            if len(legal) > 1:
                keep.append(state)
            state = state.apply_unchecked(legal[rng.randbelow(len(legal))])
        step = max(1, len(keep) // 6)
        out.extend(keep[rng.randbelow(step) :: step][:6])
    return out[:count]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="arribada")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--budget-ms", type=float, default=1000)
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    rows = []
    for n in args.players:
        states = positions(args.game, n, args.positions)
        iters = 0
        secs = 0.0
        full = []  # iterations/s of decisions that used the whole budget share
        for i, s in enumerate(states):
            bot = make_bot("hard", seed=i, budget_ms=args.budget_ms)
            bot.choose(s.view(s.current_player))
            iters += bot.stats.iterations
            secs += bot.stats.seconds
            if bot.stats.seconds > 0:
                full.append(bot.stats.iterations / bot.stats.seconds)
        medium = make_bot("medium", seed=0)
        t0 = time.perf_counter()
        for s in states:
            medium.choose(s.view(s.current_player))
        med_ms = 1000 * (time.perf_counter() - t0) / len(states)
        full.sort()
        row = {
            "players": n,
            "positions": len(states),
            "iterations_per_s": round(iters / secs, 1),
            "median_decision_iterations_per_s": round(full[len(full) // 2], 1),
            "hard_mean_s_per_decision": round(secs / len(states), 3),
            "medium_ms_per_decision": round(med_ms, 1),
        }
        rows.append(row)
        print(
            f"{n} players: hard {row['iterations_per_s']:,.0f} iterations/s "
            f"(median decision {row['median_decision_iterations_per_s']:,.0f}), "
            f"{row['hard_mean_s_per_decision']:.2f} s/decision; "
            f"medium {row['medium_ms_per_decision']:.0f} ms/decision",
            flush=True,
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    meta = {
        "date": datetime.date.today().isoformat(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average_1min": load,
        "budget_ms": args.budget_ms,
    }
    print(f"load average (1 min) at the end: {load}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"meta": meta, "rows": rows}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
