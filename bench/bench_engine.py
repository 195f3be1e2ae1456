#!/usr/bin/env python3
"""Engine speed: random playouts and legal_moves() calls per second, for 2, 3 and 4 players.

    uv run python bench/bench_engine.py [--game arribada] [--seconds T] [--repeats R]
                                        [--json out.json]

Every figure is also given as a ratio to a fixed pure-Python reference loop (integer
arithmetic, list operations and dict lookups; see :func:`reference_loop`) timed in the
same process right before and right after each engine sample.  Raw rates depend on the
machine and on its load; ``engine rate / reference rate`` mostly does not, so the ratios
are the figures to compare across machines and over time.

Method: each workload is fixed and deterministic (the same games, the same positions);
its size is calibrated once so that one sample takes about ``--seconds``.  Each
measurement is repeated ``--repeats`` times as [reference, engine] pairs closed by a last
reference sample; the engine rate reported is the median of its samples and the ratio
is the median of ``engine / mean(reference before, reference after)``.

Only the game protocol is used (``make``, ``legal_moves``, ``apply_unchecked``,
``is_terminal``), so ``--game`` works for any registered game.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable

from tablero.core import Rng, State, get_game, make

# --- the reference loop ---------------------------------------------------------------
# Do not change it: every published ratio is relative to exactly this workload.

_REF_TABLE = {i: (i * 37 + 11) % 101 for i in range(128)}
_REF_CHECK = 5165  # reference_loop(1)'s result: proves the workload is unchanged


def reference_loop(loops: int) -> int:
    """``loops`` repetitions of a fixed mix of int arithmetic, list and dict work."""
    table = _REF_TABLE
    total = 0
    for _ in range(loops):
        acc = 7
        cells = [0] * 64
        for i in range(200):
            acc = (acc * 1103515245 + 12345) & 0x7FFFFFFF
            k = acc & 127
            v = table[k]
            cells[i & 63] += v
            if v > 50:
                cells[(i * 7) & 63] -= 1
        picked = [c for c in cells if c & 1]
        picked.sort()
        seen: dict[int, int] = {}
        for c in picked:
            seen[c % 17] = seen.get(c % 17, 0) + c
        total += sum(seen.values()) + len(picked) + acc % 1000
    return total


# --- the engine workloads -------------------------------------------------------------


def playout(game_id: str, players: int, seed: int) -> int:
    """One random game from setup to the end; returns the number of moves."""
    state = make(game_id, players=players, seed=seed)
    rng = Rng(seed).spawn()
    moves = 0
    while not state.is_terminal():
        legal = state.legal_moves()
        state = state.apply_unchecked(legal[rng.randbelow(len(legal))])
        moves += 1
    return moves


def sample_positions(game_id: str, players: int, count: int = 1000) -> list[State]:
    """``count`` non-terminal positions drawn uniformly from 40 random games."""
    pool: list[State] = []
    for seed in range(10_000, 10_040):
        state = make(game_id, players=players, seed=seed)
        rng = Rng(seed).spawn()
        while not state.is_terminal():
            pool.append(state)
            legal = state.legal_moves()
            state = state.apply_unchecked(legal[rng.randbelow(len(legal))])
    pick = Rng(players)
    return [pool[pick.randbelow(len(pool))] for _ in range(count)]


def legal_moves_calls(positions: list[State], rounds: int) -> int:
    """Call ``legal_moves()`` on every position ``rounds`` times; returns the call count."""
    for _ in range(rounds):
        for state in positions:
            state.legal_moves()
    return rounds * len(positions)


# --- timing ---------------------------------------------------------------------------


def timed(fn: Callable[[int], object], n: int) -> float:
    gc.collect()
    start = time.perf_counter()
    fn(n)
    return time.perf_counter() - start


def calibrate(fn: Callable[[int], object], seconds: float) -> int:
    """The size ``n`` for which ``fn(n)`` takes about ``seconds``."""
    n = 1
    while True:
        elapsed = timed(fn, n)
        if elapsed >= min(0.2, seconds / 2):
            return max(1, round(n * seconds / elapsed))
        n *= 2 if elapsed > 0.02 else 8


def measure(
    work: Callable[[int], object],
    n: int,
    units: float,
    ref_n: int,
    repeats: int,
) -> dict[str, float]:
    """Median engine rate (``units`` per run of ``work(n)``) and median ratio to the reference."""
    refs = [ref_n / timed(reference_loop, ref_n)]
    rates: list[float] = []
    for _ in range(repeats):
        rates.append(units / timed(work, n))
        refs.append(ref_n / timed(reference_loop, ref_n))
    ratios = [r / ((a + b) / 2) for r, a, b in zip(rates, refs, refs[1:], strict=False)]
    return {
        "rate": statistics.median(rates),
        "ratio": statistics.median(ratios),
        "rate_min": min(rates),
        "rate_max": max(rates),
        "ratio_min": min(ratios),
        "ratio_max": max(ratios),
        "reference": statistics.median(refs),
    }


def run(game_id: str, player_counts: list[int], seconds: float, repeats: int) -> dict:
    if reference_loop(1) != _REF_CHECK:
        raise SystemExit("the reference loop was changed: ratios would not be comparable")
    ref_n = calibrate(reference_loop, seconds)
    rows = []
    for players in player_counts:
        row: dict = {"players": players}

        def playouts(n: int, players: int = players) -> int:
            return sum(playout(game_id, players, seed) for seed in range(n))

        n = calibrate(playouts, seconds)
        total_moves = playouts(n)  # also a warm-up
        row["playouts"] = {"games": n, **measure(playouts, n, n, ref_n, repeats)}
        row["moves_per_playout"] = total_moves / n

        positions = sample_positions(game_id, players)

        def calls(rounds: int, positions: list[State] = positions) -> int:
            return legal_moves_calls(positions, rounds)

        rounds = calibrate(calls, seconds)
        row["legal_moves"] = {
            "positions": len(positions),
            "rounds": rounds,
            **measure(calls, rounds, rounds * len(positions), ref_n, repeats),
        }
        row["legal_moves"]["mean_moves"] = statistics.fmean(len(s.legal_moves()) for s in positions)
        rows.append(row)
        print(
            f"  {players} players: {row['playouts']['rate']:.1f} playouts/s, "
            f"{row['legal_moves']['rate']:.0f} legal_moves()/s",
            file=sys.stderr,
            flush=True,
        )
    return {
        "game": game_id,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_average": _load(),
        "date": datetime.date.today().isoformat(),
        "seconds_per_sample": seconds,
        "repeats": repeats,
        "reference_loops": ref_n,
        "reference_loops_per_s": statistics.median(
            r[k]["reference"] for r in rows for k in ("playouts", "legal_moves")
        ),
        "rows": rows,
    }


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):  # not on every platform (e.g. Windows, Pyodide)
        return None


def markdown(result: dict) -> str:
    lines = [
        "| players | playouts/s | playouts ratio | moves/playout | "
        "legal_moves()/s | legal_moves() ratio | moves/position |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in result["rows"]:
        p, lm = row["playouts"], row["legal_moves"]
        lines.append(
            f"| {row['players']} | {p['rate']:,.1f} | {p['ratio']:.3g} | "
            f"{row['moves_per_playout']:.1f} | {lm['rate']:,.0f} | {lm['ratio']:.3g} | "
            f"{lm['mean_moves']:.1f} |"
        )
    lines.append("")
    lines.append(
        f"Reference loop: {result['reference_loops_per_s']:,.0f} loops/s (median); "
        f"ratio = engine rate / reference rate."
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="arribada", help="game id (arribada)")
    parser.add_argument(
        "--players", type=int, nargs="+", help="player counts (default: every count)"
    )
    parser.add_argument(
        "--seconds", type=float, default=0.5, metavar="T", help="length of one sample (0.5)"
    )
    parser.add_argument("--repeats", type=int, default=5, help="samples per measurement (5)")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    try:
        game = get_game(args.game)
    except ValueError as exc:
        parser.error(str(exc))
    counts = args.players or list(range(game.min_players, game.max_players + 1))

    print(f"{game.title} engine benchmark", file=sys.stderr)
    result = run(args.game, counts, args.seconds, args.repeats)
    print(f"{game.title} engine, {result['python']} on {result['platform']} "
          f"({result['cpus']} CPUs), {result['date']}")  # fmt: skip
    load = result["load_average"]
    print(f"{args.repeats} samples of ~{args.seconds:g} s each; medians."
          + (f" Load average at the end: {load[0]:.2f}." if load else ""))  # fmt: skip
    print()
    print(markdown(result))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
