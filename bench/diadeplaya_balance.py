"""Día de Playa's deck balance: which criterion the points come from, between bots.

Plays G games (deal ``S + g``) with one bot level in every seat and adds up, over every
beach at the end, the absolute points of each criterion (litter's are negative, so its
share is of the absolute total).  The issue's bar: no criterion above 30%.

    python bench/diadeplaya_balance.py --games 500 --players 2 --level medium
    python bench/diadeplaya_balance.py --games 100 --players 1 --mode solitaire
"""

from __future__ import annotations

import argparse
import sys
import time

from tablero.bots import make_bot
from tablero.core import make
from tablero.diadeplaya.data import CRITERIA


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--mode", default="competitive")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=0, help="print the table every N games too")
    args = parser.parse_args(argv)
    sums = dict.fromkeys(CRITERIA, 0)
    signed = dict.fromkeys(CRITERIA, 0)
    finals: list[int] = []
    start = time.perf_counter()
    for g in range(args.games):
        state = make(
            "diadeplaya", players=args.players, seed=args.seed + g, mode=args.mode, first_player=0
        )
        bots = [make_bot(args.level, seed=f"{args.seed}:{g}:{p}") for p in range(args.players)]
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            state = state.apply(bots[p].choose(state.view(p)))
        for points in state.points:  # type: ignore[attr-defined]
            for name, x in points.items():
                sums[name] += abs(x)
                signed[name] += x
        finals.extend(sum(points.values()) for points in state.points)  # type: ignore[attr-defined]
        if args.every and (g + 1) % args.every == 0 and g + 1 < args.games:
            report(args, g + 1, sums, signed, finals, start)
    report(args, args.games, sums, signed, finals, start)
    return 0


def report(
    args: argparse.Namespace,
    games: int,
    sums: dict[str, int],
    signed: dict[str, int],
    finals: list[int],
    start: float,
) -> None:
    total = sum(sums.values()) or 1
    beaches = len(finals)
    print(
        f"{games} games, {args.players} {args.level} bots, mode {args.mode}, "
        f"{time.perf_counter() - start:.0f} s; mean beach {sum(finals) / beaches:.1f} points"
    )
    print("| criterion | points per beach | share of all points (absolute) |")
    print("|---|---:|---:|")
    for name in CRITERIA:
        print(f"| {name} | {signed[name] / beaches:.1f} | {100 * sums[name] / total:.1f}% |")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
