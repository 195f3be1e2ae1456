"""``tablero tournament``: bots play each other; win rates with 95% intervals.

Game ``g`` (``0 <= g < G``) is deal ``S + g // N`` (``N`` = players) with the bots
rotated by ``g % N`` seats: bot ``i`` of ``--bots`` sits in seat ``(i + g) % N``, and the
game's ``first_player`` option (when it has one) is seat 0.  So every bot plays every
seat of every deal once per ``N`` games and first-player advantage cancels.  Bot ``i`` of
game ``g`` is seeded ``"S:g:i"``.  A bot is only ever given ``state.view(current_player)``;
its move is then checked with ``state.apply`` (an illegal move stops the run).

Games run in ``--jobs`` processes.  With ``--out FILE`` every finished game is appended
to FILE as one JSON line, so a long run can go to the background; ``--resume`` reads FILE
first and plays only the games not in it (the settings must match the ones in FILE).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Iterable
from typing import Any, TextIO

import tablero.bots
from tablero.core import game_ids, get_game, make

from .common import CliError, one_line, parse_option, positive

FORMAT = "tablero-tournament-1"


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "tournament",
        help="play bots against each other and print win rates with 95%% intervals",
        description="Play G games between bots, rotating seats, and print each bot's win "
        "rate (ties count as a share) with a 95%% Wilson interval, mean score and time per "
        "move.  Levels: random, easy, medium, hard.",
    )
    p.add_argument("game", help=f"game id: {', '.join(game_ids())}")
    p.add_argument("--players", "-p", type=positive, default=2, help="number of players (2)")
    p.add_argument(
        "--bots", "-b", required=True, metavar="A,B[,C,D]",
        help="one bot level per seat, comma separated (e.g. medium,random)",
    )  # fmt: skip
    p.add_argument("--games", "-g", type=positive, default=100, help="games to play (100)")
    p.add_argument("--seed", "-s", type=int, default=0, help="seed of the first deal (0)")
    p.add_argument(
        "--budget-ms", type=float, default=None, metavar="B",
        help="search time per decision for searching bots (hard: 1000 by default)",
    )  # fmt: skip
    p.add_argument(
        "--iterations", type=positive, default=None, metavar="I",
        help="search iterations per decision for searching bots (deterministic)",
    )  # fmt: skip
    p.add_argument(
        "--jobs", "-j", type=positive, default=None,
        help="games played in parallel processes (default: the number of CPUs)",
    )  # fmt: skip
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a game option for every game (repeatable), e.g. mode=solitaire",
    )  # fmt: skip
    p.add_argument("--out", "-o", metavar="FILE", help="append each finished game to FILE (JSONL)")
    p.add_argument(
        "--resume", action="store_true",
        help="read --out FILE first and play only the games missing from it",
    )  # fmt: skip
    p.set_defaults(run=run)


# --- one game (runs in a worker process) ------------------------------------------------


def play_game(config: dict[str, Any], g: int) -> dict[str, Any]:
    """Play game ``g`` of the tournament described by ``config``; a JSON-pure record."""
    n = config["players"]
    levels = config["bots"]
    seats = [(s - g) % n for s in range(n)]  # seats[s] = the bot (entry) sitting in seat s
    deal = config["seed"] + g // n
    options = dict(config.get("options", {}))
    if config["first_player_option"]:
        options["first_player"] = 0
    state = make(config["game"], players=n, seed=deal, **options)
    bots = [
        tablero.bots.make_bot(
            levels[seats[s]],
            seed=f"{config['seed']}:{g}:{seats[s]}",
            budget_ms=config["budget_ms"],
            iterations=config["iterations"],
        )
        for s in range(n)
    ]
    times: list[list[float]] = [[] for _ in range(n)]  # by entry, ms per decision
    moves = 0
    start = time.perf_counter()
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None  # the game is not over: someone is to move
        view = state.view(seat)
        t0 = time.perf_counter()
        move = bots[seat].choose(view)
        times[seats[seat]].append(round(1000 * (time.perf_counter() - t0), 3))
        state = state.apply(move)  # checked: an illegal bot move raises
        moves += 1
    scores = state.scores()
    winners = state.winners()
    return {
        "format": FORMAT,
        "config": config,
        "game": g,
        "deal": deal,
        "seats": seats,
        "scores": [scores[seats.index(i)] for i in range(n)],  # by entry
        "share": [
            (1 / len(winners) if seats.index(i) in winners else 0.0) for i in range(n)
        ],  # by entry: a shared win is split
        "moves": moves,
        "seconds": round(time.perf_counter() - start, 3),
        "ms_per_move": times,
    }


def _play_game_star(item: tuple[dict[str, Any], int]) -> dict[str, Any]:
    config, g = item
    try:
        return play_game(config, g)
    except Exception as exc:  # report which game failed, in the parent
        return {"error": f"game {g}: {type(exc).__name__}: {one_line(exc)}", "game": g}


# --- the command ----------------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    n = args.players
    options = dict(parse_option(game, item) for item in args.option)
    try:
        make(args.game, players=n, seed=0, **options)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    levels = [b.strip() for b in args.bots.split(",")]
    if len(levels) != n:
        raise CliError(f"--bots names {len(levels)} bots for {n} players: give one per seat")
    for level in levels:
        if level not in tablero.bots.LEVELS:
            known = ", ".join(tablero.bots.LEVELS)
            raise CliError(f"unknown bot level {level!r}; levels: {known}")
    if args.resume and not args.out:
        raise CliError("--resume needs --out FILE (the file to resume from)")
    config = {
        "game": args.game,
        "players": n,
        "bots": levels,
        "seed": args.seed,
        "budget_ms": args.budget_ms,
        "iterations": args.iterations,
        "first_player_option": any(o.name == "first_player" for o in game.options),
    }
    if options:  # only when given, so files written before options existed still resume
        config["options"] = options

    records: dict[int, dict[str, Any]] = {}
    if args.out and os.path.exists(args.out) and os.path.getsize(args.out) > 0:
        if not args.resume:
            raise CliError(f"{args.out} already holds games: add --resume, or choose another file")
        records = _read_records(args.out, config)
    todo = [g for g in range(args.games) if g not in records]
    resumed = len(records)

    jobs = args.jobs or os.cpu_count() or 1
    out = None
    if args.out:
        out = open(args.out, "a", encoding="utf-8")  # noqa: SIM115 - closed below
        if out.tell() > 0 and not _ends_with_newline(args.out):
            out.write("\n")
    try:
        items = [(config, g) for g in todo]
        if jobs == 1 or len(todo) <= 1:
            results = map(_play_game_star, items)
            _collect(results, records, out)
        else:
            ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else None)
            with ctx.Pool(min(jobs, len(todo))) as pool:
                _collect(pool.imap_unordered(_play_game_star, items), records, out)
    finally:
        if out is not None:
            out.close()

    print(format_report(game.title, config, args.games, records, resumed))
    return 0


def _collect(
    results: Iterable[dict[str, Any]], records: dict[int, dict[str, Any]], out: TextIO | None
) -> None:
    for rec in results:
        if "error" in rec:
            raise CliError(f"a bot or the engine failed in {rec['error']}", exit_code=1)
        records[rec["game"]] = rec
        if out is not None:
            out.write(json.dumps(rec, separators=(",", ":")) + "\n")
            out.flush()


def _ends_with_newline(path: str) -> bool:
    with open(path, "rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) == b"\n"


def _read_records(path: str, config: dict[str, Any]) -> dict[int, dict[str, Any]]:
    records: dict[int, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            if i == last:  # a run killed while writing its last game: play that game again
                print(f"{path}: line {i + 1} is incomplete; its game is played again",
                      file=sys.stderr)  # fmt: skip
                continue
            raise CliError(
                f"{path}: line {i + 1} is not JSON; is this a tournament file?"
            ) from None
        if not isinstance(rec, dict) or rec.get("format") != FORMAT:
            raise CliError(f"{path}: line {i + 1} is not a tournament game record")
        if rec.get("config") != config:
            raise CliError(
                f"{path} holds a different tournament ({_describe(rec.get('config'))}); "
                f"resume it with the same settings or choose another file"
            )
        records[rec["game"]] = rec
    return records


def _describe(config: Any) -> str:
    if not isinstance(config, dict):
        return "unknown settings"
    keys = ("game", "players", "bots", "seed", "budget_ms", "iterations")
    return ", ".join(f"{k}={config.get(k)}" for k in keys)


# --- the report -------------------------------------------------------------------------


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``successes`` may be fractional).

    >>> lo, hi = wilson(95, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.888, 0.978)
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (0..1) by linear interpolation between order statistics."""
    if not values:
        return 0.0
    xs = sorted(values)
    pos = q * (len(xs) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def format_report(
    title: str,
    config: dict[str, Any],
    games: int,
    records: dict[int, dict[str, Any]],
    resumed: int,
) -> str:
    n = config["players"]
    levels = config["bots"]
    played = sorted(records)
    k = len(played)
    budget = []
    if config["budget_ms"] is not None:
        budget.append(f"budget {config['budget_ms']:g} ms")
    if config["iterations"] is not None:
        budget.append(f"{config['iterations']} iterations")
    lines = [
        f"{title} tournament: {', '.join(levels)} ({n} players), {k} of {games} games, "
        f"deals {config['seed']}..{config['seed'] + max(0, games - 1) // n}"
        + (f", {'; '.join(budget)}" if budget else "")
        + "".join(f", {k}={v}" for k, v in config.get("options", {}).items()),
    ]
    if resumed:
        lines.append(f"resumed: {resumed} games read back, {k - resumed} played now")
    seat_counts = [[0] * n for _ in range(n)]
    for g in played:
        for s, i in enumerate(records[g]["seats"]):
            seat_counts[i][s] += 1
    labels = _labels(levels)
    lines.append("")
    lines.append("win rate (a shared win counts as a share; 95% Wilson interval)")
    width = max(len(x) for x in labels)
    lines.append(
        f"{'bot':<{width}}  {'games':>5}  {'wins':>6}  {'win rate':>8}  {'95% interval':>15}  "
        f"{'mean score':>10}  {'ms/move':>8}  {'p95 ms':>8}"
    )
    for i, label in enumerate(labels):
        wins = sum(records[g]["share"][i] for g in played)
        scores = [records[g]["scores"][i] for g in played]
        times = [t for g in played for t in records[g]["ms_per_move"][i]]
        lo, hi = wilson(wins, k)
        rate = wins / k if k else 0.0
        mean_score = sum(scores) / k if k else 0.0
        mean_t = sum(times) / len(times) if times else 0.0
        lines.append(
            f"{label:<{width}}  {k:>5}  {wins:>6.1f}  {100 * rate:>7.1f}%  "
            f"{100 * lo:>6.1f}% - {100 * hi:>5.1f}%  {mean_score:>10.1f}  {mean_t:>8.1f}  "
            f"{percentile(times, 0.95):>8.1f}"
        )
    lines.append("")
    lines.append("seats (games each bot played in seat 0..N-1; seat 0 moves first)")
    for i, label in enumerate(labels):
        lines.append(f"{label:<{width}}  " + " ".join(f"{c:>4}" for c in seat_counts[i]))
    if k:
        mean_moves = sum(records[g]["moves"] for g in played) / k
        mean_secs = sum(records[g]["seconds"] for g in played) / k
        lines.append("")
        lines.append(
            f"moves per game: mean {mean_moves:.1f}; seconds per game: mean {mean_secs:.1f}"
        )
    return "\n".join(lines)


def _labels(levels: list[str]) -> list[str]:
    """``medium``, or ``medium#1``, ``medium#2`` when a level sits more than once."""
    seen: dict[str, int] = {}
    out = []
    for level in levels:
        seen[level] = seen.get(level, 0) + 1
        out.append(f"{level}#{seen[level]}" if levels.count(level) > 1 else level)
    return out
