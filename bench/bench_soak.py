#!/usr/bin/env python3
"""Soak: many random games of every game through the path the app uses.

    uv run python bench/bench_soak.py [--games 1000] [--every 50] [--minutes 30]
                                      [--game arribada] [--tracemalloc] [--json out.json]

For each registered game (``tablero.core.game_ids()``; a game registered but not
installed is reported and left out), ``--games`` random games are played to their end
with random legal moves, each with a player count and options drawn from the game's own
configurations (``Game.setups()``).  What the app does with a game is done to each:

* every game, at its end: saved into a :class:`~tablero.web.saves.SaveStore` (one
  ``set``) and loaded back, exported to a file and imported from it (which replays the
  history), shared as a link and opened from it (which replays the moves); each must
  give back the identical state and seats;
* every ``--every``-th game: the same three round trips after EVERY move, and the
  game continues from the state read back (as the app continues from a reloaded save);
* memory: the process's resident size (RSS) after a full collection at the start,
  after every 100 games and at the end, so a leak shows as growth across batches; with
  ``--tracemalloc`` also the size ``tracemalloc`` traces (about 2.5 times slower).

The run stops at ``--minutes`` (default 30) even if not every game was played, and
says how many were.  Figures go into ``docs/performance.md`` ("Soak").
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import sys
import time
import tracemalloc
from typing import Any

from tablero.core import Rng, State, game_ids, get_game, make
from tablero.web.links import decode_link, encode_link
from tablero.web.plugin import Seat
from tablero.web.saves import MemoryStorage, SavedGame, SaveStore, export_json, import_json


def rss_kib() -> int:
    """The process's resident set size in KiB (0 where /proc is not available)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
    except OSError:
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE") // 1024


def memory() -> dict[str, int]:
    gc.collect()
    figures = {"rss_kib": rss_kib()}
    if tracemalloc.is_tracing():
        figures["traced_kib"] = tracemalloc.get_traced_memory()[0] // 1024
    return figures


def seats_for(players: int, rng: Rng) -> list[Seat]:
    kinds = ["human", "bot:easy", "bot:normal", "bot:hard"]
    return [Seat(f"Player {i + 1}", i, kinds[rng.randbelow(len(kinds))]) for i in range(players)]


def round_trip(store: SaveStore, game: SavedGame, now: float) -> State:
    """Save and load, export and import, share and open ``game``; each must give back
    the same state and seats.  The state read back from the store."""
    store.save(game)
    loaded = store.load(game.id)
    if loaded.state != game.state or loaded.seats != game.seats:
        raise AssertionError(f"save/load changed game {game.id}")
    imported = import_json(export_json(game), store, now)
    if imported.state != game.state or imported.seats != game.seats:
        raise AssertionError(f"export/import changed game {game.id}")
    store.delete(imported.id)
    state, seats = decode_link(encode_link(game.state, game.seats))
    if state != game.state or seats != game.seats:
        raise AssertionError(f"the link changed game {game.id}")
    return loaded.state


def play_one(game_id: str, index: int, setups: list[Any], store: SaveStore, every: int) -> int:
    """Play game ``index`` of ``game_id`` to its end; the number of moves played."""
    rng = Rng(index * 7919 + 13)
    setup = setups[rng.randbelow(len(setups))]
    players, options = setup
    state = make(game_id, players=players, seed=index, **options)
    seats = seats_for(players, rng)
    game = SavedGame(store.new_id(), f"Soak {game_id} {index}", game_id, seats, state, 0.0, 0.0)
    each_move = every > 0 and index % every == 0
    moves = 0
    while not state.is_terminal():
        legal = state.legal_moves()
        state = state.apply(legal[rng.randbelow(len(legal))])
        moves += 1
        if each_move:
            game.state = state
            state = round_trip(store, game, float(moves))
    game.state = state
    round_trip(store, game, float(moves))
    store.delete(game.id)
    return moves


def configurations(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """(players, options) pairs the game offers (``Game.setups()``); ``ValueError``
    when the game is not installed."""
    return [(players, dict(options)) for players, options in get_game(game_id).setups()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per game id")
    parser.add_argument("--every", type=int, default=50, help="every Nth game: each move")
    parser.add_argument("--minutes", type=float, default=30.0, help="stop after this long")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--tracemalloc", action="store_true", help="trace allocations too")
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args()

    if args.tracemalloc:
        tracemalloc.start()
    deadline = time.monotonic() + args.minutes * 60
    started = time.monotonic()
    store = SaveStore(MemoryStorage())
    report: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "games_per_id": args.games,
        "every": args.every,
        "start": memory(),
        "games": {},
    }
    print(f"start: {report['start']}", flush=True)
    for game_id in args.game or game_ids():
        try:
            setups = configurations(game_id)
        except ValueError as exc:
            print(f"{game_id}: left out ({exc})", flush=True)
            report["games"][game_id] = {"left_out": str(exc)}
            continue
        t0 = time.monotonic()
        played = moves = every_move_games = 0
        batches: list[dict[str, int]] = []
        for index in range(args.games):
            if time.monotonic() > deadline:
                break
            moves += play_one(game_id, index, setups, store, args.every)
            played += 1
            every_move_games += args.every > 0 and index % args.every == 0
            if played % 100 == 0:
                batches.append(memory())
                print(f"  {game_id}: {played} games, {moves} moves, {batches[-1]}", flush=True)
        seconds = time.monotonic() - t0
        entry = {
            "games": played,
            "moves": moves,
            "games_round_tripped_every_move": every_move_games,
            "seconds": round(seconds, 1),
            "memory_per_100_games": batches,
            "stored_entries_left": len(store.storage.keys()),
        }
        report["games"][game_id] = entry
        print(f"{game_id}: {json.dumps(entry)}", flush=True)
    report["end"] = memory()
    if tracemalloc.is_tracing():
        report["peak_traced_kib"] = tracemalloc.get_traced_memory()[1] // 1024
    report["seconds"] = round(time.monotonic() - started, 1)
    report["stopped_by_time_cap"] = time.monotonic() > deadline
    print(f"end: {report['end']}", flush=True)
    print(f"total {report['seconds']} s", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
    sys.exit(0)


if __name__ == "__main__":
    main()
