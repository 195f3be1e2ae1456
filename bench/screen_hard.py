#!/usr/bin/env python3
"""Screening runs for ``hard``: a variant of its search against ``medium``, reproducibly.

    uv run python bench/screen_hard.py NAME '{"SHARP_REPLY": false}' ITERATIONS GAMES SEED \
        [JOBS] [PLAYERS] [GAME]

``hard`` plays with an iteration budget (scaled by ``MctsBot.budget_share`` like the time
budget, so a small decision gets a share), not a clock, so a run gives the same games on
any machine and under any load, and two variants can be compared on the same deals.  The
JSON object overrides search settings (fields of ``tablero.core.SearchSettings``) over the
game's own settings (``{}``: the committed bot); GAME defaults to ``arribada``.  ``EVAL`` in the
environment (a JSON object) sets weights of the game's evaluation module for the run.
Seats rotate as in ``tablero tournament`` (game ``g`` is deal ``SEED + g // N``); each game
is appended to ``bench/out/screen-NAME.jsonl`` (games already there are skipped, so a run
resumes; ``START=k`` in the environment starts at game ``k``), and the summary gives the
win share and the mean margin (the variant's score minus the best other score), which is
a less noisy measure than wins.  Not part of the test suite; see docs/bots.md, ``hard``.
"""

from __future__ import annotations

import importlib
import json
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from tablero.bots import MctsBot, make_bot
from tablero.core import make

OUT = Path(__file__).parent / "out"


def variant(params: dict, iterations: int, seed: str) -> MctsBot:
    bot = MctsBot(seed, budget_ms=None, iterations=iterations)
    bot.overrides = dict(params)
    choose = bot.choose

    def scaled(view):
        bot.configure(view.game.id)
        share = bot.budget_share(len(view.legal_moves()))
        bot.iterations = max(8, int(iterations * share))
        return choose(view)

    bot.choose = scaled
    return bot


def play(args) -> dict:
    params, iterations, seed0, g, n, game = args
    seats = [(s - g) % n for s in range(n)]  # seats[s] = the entry in seat s; entry 0 = hard
    deal = seed0 + g // n
    state = make(game, players=n, seed=deal, first_player=0)
    bots = [
        variant(params, iterations, f"{seed0}:{g}:0")
        if seats[s] == 0
        else make_bot("medium", seed=f"{seed0}:{g}:{seats[s]}")
        for s in range(n)
    ]
    start = time.time()
    while not state.is_terminal():
        seat = state.current_player
        state = state.apply(bots[seat].choose(state.view(seat)))
    scores, winners = state.scores(), state.winners()
    me = seats.index(0)
    return {
        "g": g, "deal": deal, "seat": me,
        "margin": scores[me] - max(scores[s] for s in range(n) if s != me),
        "share": 1 / len(winners) if me in winners else 0.0,
        "sec": round(time.time() - start, 1),
    }  # fmt: skip


def patch_evaluation(game: str, names: dict) -> None:
    """Set module-level weights of the game's evaluation module (``EVAL`` in the
    environment, a JSON object: ``{"SET_UP_HORIZON": 3}``) before the games start; the
    worker processes are forked after it, so they play with the same weights."""
    module = importlib.import_module(f"tablero.{game}.evaluate")
    for key, value in names.items():
        if not hasattr(module, key):
            raise SystemExit(f"tablero.{game}.evaluate has no {key}")
        setattr(module, key, value)


def main(argv: list[str]) -> int:
    name, params, iterations, games, seed0 = argv[:5]
    jobs = int(argv[5]) if len(argv) > 5 else 1
    players = int(argv[6]) if len(argv) > 6 else 2
    game = argv[7] if len(argv) > 7 else "arribada"
    patch_evaluation(game, json.loads(os.environ.get("EVAL", "{}")))
    OUT.mkdir(exist_ok=True)
    path = OUT / f"screen-{name}.jsonl"
    done = {json.loads(line)["g"] for line in path.open()} if path.exists() else set()
    todo = [
        (json.loads(params), int(iterations), int(seed0), g, players, game)
        for g in range(int(os.environ.get("START", 0)), int(games))
        if g not in done
    ]
    with path.open("a") as out, Pool(jobs) as pool:
        for record in pool.imap_unordered(play, todo):
            out.write(json.dumps(record) + "\n")
            out.flush()
    records = [json.loads(line) for line in path.open()]
    margins = [r["margin"] for r in records]
    share = sum(r["share"] for r in records) / len(records)
    print(
        f"{name}: {len(records)} games, win share {share:.3f}, "
        f"mean margin {statistics.mean(margins):+.1f} (sd {statistics.pstdev(margins):.1f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
