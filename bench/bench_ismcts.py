#!/usr/bin/env python3
"""Our ``hard`` bot against OpenSpiel's information-set MCTS, at equal time (issue 41).

    UV_PROJECT_ENVIRONMENT=/tmp/ismcts-venv python3 -m uv sync --frozen --group ismcts
    UV_PROJECT_ENVIRONMENT=/tmp/ismcts-venv python3 -m uv run --frozen --group ismcts \\
        python bench/bench_ismcts.py [--game arboretum] [--option mode=competitive]
            [--games 10] [--budget-ms 1000] [--simulations auto|N] [--uct-c 2]
            [--evaluator score|playout|evaluate|random] [--scale 10]
            [--final-policy max_value|max_visit_count] [--max-world-samples -1]
            [--against hard|medium] [--seed 41000] [--name NAME]

OpenSpiel (``open-spiel``, pinned in the ``ismcts`` dependency group of
``pyproject.toml``) is never installed by ``uv sync`` nor by CI: the first command syncs
it into an environment of its own, outside the shared ``.venv``; the second runs this
script there.

**The match.**  Game ``g`` is deal ``seed + g // 2`` (``make(game, players=2,
seed=..., first_player=0)``, a seeded table: our engine is the referee), with our bot
in seat ``g % 2`` and ISMCTS in the other, so each deal is played from both seats.
Each side is given only ``state.view(player)`` of the player to move, and its move goes
through the checked ``state.apply``.  Our bot is ``make_bot(level, seed="S:g:ours",
budget_ms=B)``.  ISMCTS is ``open_spiel.python.algorithms.ismcts.ISMCTSBot``,
unmodified, on the pyspiel wrapper of ``bench/ismcts_game.py``, deciding from
``root_state(view)``: a pyspiel state that holds the view and nothing else, whose
resamples are ``view.determinize(rng)``.  The hidden parts of the true state are not in
any object ISMCTS is given (the view replaced them by public facts), so it cannot see
them; every world it searches is dealt from its own view.

**Equal time.**  ISMCTS takes a number of simulations, not a clock.  With
``--simulations auto`` (the default) the count is matched to ``hard``'s (``budget_ms=B``)
mean time per decision, in two steps:

1. *calibration*, once per run: ``hard`` and then ISMCTS (three counts) are timed on
   positions from ``medium``-against-``medium`` games of the same game (decisions with
   two moves or more, spread over the games).  ISMCTS's time grows faster than its
   simulations (each visit of a node weighs all its children), so the count comes from
   a power law ``t = a n^b`` fitted to the trials;
2. *in play*, before each game: the count that would have given ISMCTS ``hard``'s mean
   time per decision over the games played so far (both sides timed in the same games,
   so under the same load; ``a`` refitted to ISMCTS's times there, ``b`` kept; at most
   a factor of 2 from the last game's count).  Positions of real games cost ISMCTS
   more than the calibration's, and timings on a shared machine wander by 50% from one
   pass to the next: the first step alone left ISMCTS 70% slower than ``hard``.

Each game records its count; the means per decision are of the decisions with two
moves or more (neither side searches a single move).  Against ``medium``, which takes
no time, ISMCTS is held to the calibration's ``hard`` time.  ``--simulations N`` fixes
the count instead.

**ISMCTS's settings.**  UCT with ``--uct-c`` (default 2, for returns in ``[-1, 1]``),
a new world per simulation (``--max-world-samples -1``), the root move of the best mean
value (``--final-policy max_value``; ``max_visit_count``, OpenSpiel's default, takes the
most visited one), and a leaf evaluator (``--evaluator``).  OpenSpiel's ISMCTS tries
every move of a node once before it visits any again, so with fewer simulations than
moves (an Arboretum play is among 100-300 cards and cells; a few hundred simulations
at 300 ms) the most visited moves are merely the ones tried, drawn at random: there
``max_value`` won 7 of 10 Arboretum games against ``hard`` at 300 ms where
``max_visit_count`` won none of the same 10 deals (``bench/out/ismcts-notes.md``).
The evaluators:

* ``score`` (default): the game's own scoring of the leaf position as it stands (its
  ``final_scores()``, the final scoring of the current hands and boards, where the game
  has one, as Arboretum and Arraial do; else its running ``scores()``), as
  ``tanh(margin / scale)`` for each seat: no playout at all.  OpenSpiel's stock random
  rollouts play near-randomly in Arboretum (issue 41), where the score of the
  position already says who holds each species' right and who has the longer paths;
* ``playout``: one random playout to the end on our engine (each move uniform among the
  wrapper's moves, each chance step drawn by its weights), scored by the final margin,
  ``tanh(margin / scale)``: a cheap playout judged by the game's final scoring;
* ``evaluate``: the game's evaluation function (``tablero.<game>.evaluate``, the one
  ``medium`` and ``hard`` use), ``tanh(margin / scale)``: the strongest leaf, but not
  independent of our bots;
* ``random``: OpenSpiel's stock ``RandomRolloutEvaluator`` (one rollout, +1/-1/0).

The terminal returns are +1 / -1 / 0 (a win, a loss, a shared win), the leaves in
``[-1, 1]`` on the same scale (see ``ismcts_game.py``).

**Results.**  Every game is appended as one JSON line to ``bench/out/ismcts-NAME.jsonl``
(default NAME: ``GAME-OURS-BUDGETms-EVALUATOR-FINALPOLICY``) with the run's settings;
games already in the file are skipped, so a run resumes (a file of other settings is
refused).  The summary gives our bot's win share (a shared win counts a half) with its
95% Wilson interval, ISMCTS's share, and each side's mean time per decision.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from ismcts_game import TableroGame, TableroState, load, root_state
from open_spiel.python.algorithms import (  # type: ignore[import-not-found,unused-ignore]
    ismcts,
    mcts,
)
from tablero.bots import make_bot
from tablero.bots.evaluation import considered_moves, strategy_for
from tablero.cli.common import parse_option
from tablero.cli.tournament import wilson
from tablero.core import Rng, State, get_game, make

OUT = Path(__file__).resolve().parent / "out"
FORMAT = "tablero-ismcts-1"
#: The settings a resumed run must share with its file.
SETTINGS = (
    "game",
    "options",
    "ours",
    "budget_ms",
    "uct_c",
    "evaluator",
    "scale",
    "seed",
    "simulations",
    "max_world_samples",
    "final_policy",
)


# --- leaf evaluators ----------------------------------------------------------------------


class _Leaf:
    """OpenSpiel's evaluator contract (``evaluate``, ``prior``) for a leaf value in
    ``[-1, 1]``: ``tanh(margin / scale)`` for seat 0, its opposite for seat 1."""

    def __init__(self, scale: float) -> None:
        self.scale = scale

    def _value(self, margin: float) -> np.ndarray:
        v = math.tanh(margin / self.scale)
        return np.array([v, -v])

    def prior(self, state: TableroState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


class ScoreEvaluator(_Leaf):
    """The game's own scoring of the position as it stands: ``final_scores()`` where the
    game has it (the final scoring of the current hands and boards), else ``scores()``."""

    def evaluate(self, state: TableroState) -> np.ndarray:
        s = state.engine
        final = getattr(s, "final_scores", None)
        scores = final() if final is not None and not s.is_terminal() else s.scores()
        return self._value(scores[0] - scores[1])


class PlayoutEvaluator(_Leaf):
    """One random playout to the end on the engine, scored by the final margin."""

    def __init__(self, scale: float, game: TableroGame, rng: Rng) -> None:
        super().__init__(scale)
        self.strategy = game.strategy
        self.rng = rng

    def evaluate(self, state: TableroState) -> np.ndarray:
        s = state.engine
        rng = self.rng
        while True:
            chance = s.chance
            moves = considered_moves(self.strategy, s) if not s.is_terminal() else []
            if chance is not None and not moves:
                k = rng.randbelow(sum(chance.weights))
                i = 0
                while k >= chance.weights[i]:
                    k -= chance.weights[i]
                    i += 1
                s = s.deal(chance.outcomes[i])
            elif moves:
                s = s.apply_unchecked(moves[rng.randbelow(len(moves))])
            else:
                break
        scores = s.scores()
        return self._value(scores[0] - scores[1])


class StrategyEvaluator(_Leaf):
    """The game's evaluation function (``tablero.<game>.evaluate``)."""

    def __init__(self, scale: float, game: TableroGame) -> None:
        super().__init__(scale)
        self.strategy = game.strategy

    def evaluate(self, state: TableroState) -> np.ndarray:
        values = self.strategy.evaluate(state.engine)
        return self._value(values[0] - values[1])


def make_evaluator(kind: str, scale: float, game: TableroGame, seed: int) -> Any:
    if kind == "score":
        return ScoreEvaluator(scale)
    if kind == "playout":
        return PlayoutEvaluator(scale, game, Rng(f"{seed}:playout"))
    if kind == "evaluate":
        return StrategyEvaluator(scale, game)
    if kind == "random":
        return mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed % 2**32))
    raise ValueError(f"unknown evaluator {kind!r}")


# --- the ISMCTS side ----------------------------------------------------------------------


class IsmctsPlayer:
    """ISMCTS deciding from a view: a fresh ``root_state`` per decision, its resamples
    dealt with this player's ``Rng``."""

    def __init__(self, game: TableroGame, settings: dict[str, Any], seed: int | str) -> None:
        self.game = game
        self.rng = Rng(f"{seed}:worlds")
        np_seed = Rng(f"{seed}:numpy").randbelow(2**32)
        self.bot = ismcts.ISMCTSBot(
            game=game,
            evaluator=make_evaluator(
                settings["evaluator"], settings["scale"], game, Rng(f"{seed}:leaf").next64()
            ),
            uct_c=settings["uct_c"],
            max_simulations=settings["simulations"],
            max_world_samples=settings["max_world_samples"],
            random_state=np.random.RandomState(np_seed),
            final_policy_type=ismcts.ISMCTSFinalPolicyType[settings["final_policy"].upper()],
            allow_inconsistent_action_sets=False,
            child_selection_policy=ismcts.ChildSelectionPolicy.UCT,
        )

    def choose(self, view: State) -> Any:
        root = root_state(self.game, view, self.rng)
        return root.move(int(self.bot.step(root)))


# --- calibration --------------------------------------------------------------------------


def positions(game: str, options: dict[str, Any], count: int, seed: int) -> list[State]:
    """``count`` decisions with two moves or more, spread over ``medium``-against-
    ``medium`` games (the positions ``hard`` and ISMCTS are timed on)."""
    strategy = strategy_for(game)
    out: list[State] = []
    g = 0
    while len(out) < count:
        state = make(game, players=2, seed=f"{seed}:calibration:{g}", **options)
        bot = make_bot("medium", seed=g)
        keep = []
        while not state.is_terminal():
            view = state.view(state.current_player)  # type: ignore[arg-type]
            if len(considered_moves(strategy, view)) > 1:
                keep.append(state)
            state = state.apply(bot.choose(view))
        step = max(1, len(keep) // count)
        out.extend(keep[g % step :: step])
        g += 1
    step = len(out) / count
    return [out[int(i * step)] for i in range(count)]


def calibrate(
    game: TableroGame, settings: dict[str, Any], count: int, trial: int
) -> dict[str, Any]:
    """The simulations that give ISMCTS ``hard``'s mean time per decision on positions
    of ``medium``'s games, and the exponent of ISMCTS's time in its simulations."""
    states = positions(game.game_id, game.options, count, settings["seed"])
    hard = make_bot("hard", seed="calibration", budget_ms=settings["budget_ms"])
    warm = IsmctsPlayer(game, {**settings, "simulations": 10}, "warm-up")
    for s in states[:2]:  # (the first calls of each side are slower)
        hard.choose(s.view(s.current_player))  # type: ignore[arg-type]
        warm.choose(s.view(s.current_player))  # type: ignore[arg-type]
    t0 = time.perf_counter()
    for s in states:
        hard.choose(s.view(s.current_player))  # type: ignore[arg-type]
    hard_mean = (time.perf_counter() - t0) / len(states)

    def ismcts_mean(sims: int) -> float:
        player = IsmctsPlayer(game, {**settings, "simulations": sims}, "calibration")
        t0 = time.perf_counter()
        for s in states:
            player.choose(s.view(s.current_player))  # type: ignore[arg-type]
        return (time.perf_counter() - t0) / len(states)

    # ISMCTS's time grows faster than its simulations (each visit of a node weighs all
    # its children): t = a * n^b, b from two trials, then the count for hard's time.
    n1, t1 = trial, ismcts_mean(trial)
    n2 = max(1, round(n1 * hard_mean / t1))
    if n2 == n1:
        n2 = n1 + max(1, n1 // 2)
    t2 = ismcts_mean(n2)
    b = min(1.5, max(0.8, math.log(t2 / t1) / math.log(n2 / n1)))
    sims = max(1, round(n2 * (hard_mean / t2) ** (1 / b)))
    t3 = ismcts_mean(sims)
    out = {
        "positions": len(states),
        "hard_mean_s": round(hard_mean, 4),
        "trials": [[n1, round(t1, 4)], [n2, round(t2, 4)], [sims, round(t3, 4)]],
        "exponent": round(b, 3),
        "simulations": sims,
    }
    print(
        f"calibration on {len(states)} positions: hard {hard_mean:.3f} s a decision; "
        f"ISMCTS {n1} simulations {t1:.3f} s, {n2} {t2:.3f} s, {sims} {t3:.3f} s: "
        f"{sims} simulations",
        flush=True,
    )
    return out


def next_simulations(settings: dict[str, Any], records: list[dict[str, Any]]) -> int:
    """ISMCTS's simulations for the next game (see "Equal time" above)."""
    if settings["simulations"] != "auto":
        return int(settings["simulations"])
    calibration = settings["calibration"]
    if not records:
        return int(calibration["simulations"])
    b = calibration["exponent"]
    if settings["ours"] == "hard":
        ours = sum(r["searched"][0] for r in records)
        target = sum(r["seconds"][0] for r in records) / max(1, ours)
    else:
        target = calibration["hard_mean_s"]
    weighted = sum(r["searched"][1] * r["simulations"] ** b for r in records)
    a = sum(r["seconds"][1] for r in records) / max(1e-9, weighted)
    last = records[-1]["simulations"]
    sims = (target / a) ** (1 / b) if a > 0 and target > 0 else last
    return max(1, round(min(2 * last, max(last / 2, sims))))


# --- one game -----------------------------------------------------------------------------


def play(game: TableroGame, settings: dict[str, Any], g: int, sims: int) -> dict[str, Any]:
    """Game ``g``, ISMCTS with ``sims`` simulations: a JSON-pure record."""
    seed = settings["seed"]
    ours_seat = g % 2
    options = dict(game.options)
    if any(o.name == "first_player" for o in get_game(game.game_id).options):
        options["first_player"] = 0
    state = make(game.game_id, players=2, seed=seed + g // 2, **options)
    ours = make_bot(settings["ours"], seed=f"{seed}:{g}:ours", budget_ms=settings["budget_ms"])
    theirs = IsmctsPlayer(game, {**settings, "simulations": sims}, f"{seed}:{g}:ismcts")
    strategy = game.strategy
    # per side (0: ours, 1: ISMCTS): searched decisions and their seconds, all decisions
    searched = [0, 0]
    seconds = [0.0, 0.0]
    longest = [0.0, 0.0]
    decisions = [0, 0]
    t_game = time.perf_counter()
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        side = 0 if seat == ours_seat else 1
        t0 = time.perf_counter()
        move = ours.choose(view) if side == 0 else theirs.choose(view)
        dt = time.perf_counter() - t0
        decisions[side] += 1
        if len(considered_moves(strategy, view)) > 1:
            searched[side] += 1
            seconds[side] += dt
            longest[side] = max(longest[side], dt)
        state = state.apply(move)
    scores = state.scores()
    winners = state.winners()
    result = 1.0 if winners == [ours_seat] else 0.0 if ours_seat not in winners else 0.5
    return {
        "format": FORMAT,
        "g": g,
        "deal": seed + g // 2,
        "ours_seat": ours_seat,
        "scores": scores,
        "winners": winners,
        "ours_result": result,
        "simulations": sims,
        "margin": scores[ours_seat] - scores[1 - ours_seat],
        "decisions": decisions,
        "searched": searched,
        "seconds": [round(x, 3) for x in seconds],
        "longest_s": [round(x, 3) for x in longest],
        "game_s": round(time.perf_counter() - t_game, 1),
        "settings": settings,
        "date": datetime.date.today().isoformat(),
        "load_average_1min": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }


# --- the run ------------------------------------------------------------------------------


def read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def summary(records: list[dict[str, Any]]) -> str:
    n = len(records)
    if not n:
        return "no games yet"
    s = records[0]["settings"]
    wins = sum(r["ours_result"] for r in records)
    lo, hi = wilson(wins, n)
    ilo, ihi = wilson(n - wins, n)
    mean = [
        sum(r["seconds"][i] for r in records) / max(1, sum(r["searched"][i] for r in records))
        for i in (0, 1)
    ]
    margins = [r["margin"] for r in records]
    seat0 = [r["ours_result"] for r in records if r["ours_seat"] == 0]
    counts = [r["simulations"] for r in records]
    sims = (
        f"{counts[0]}"
        if len(set(counts)) == 1
        else f"{s['simulations']}: {min(counts)}-{max(counts)}, last {counts[-1]}"
    )
    lines = [
        f"{s['game']} {s['options']}".rstrip()
        + f", {n} games: {s['ours']} (budget {s['budget_ms']:g} ms) "
        f"against ISMCTS ({sims} simulations, uct_c {s['uct_c']:g}, "
        f"evaluator {s['evaluator']}"
        + (f", scale {s['scale']:g}" if s["evaluator"] != "random" else "")
        + f", {s.get('final_policy', 'max_visit_count')})",
        f"  {s['ours']}: {100 * wins / n:.1f}% (95% interval {100 * lo:.1f}% - {100 * hi:.1f}%)"
        f", mean margin {sum(margins) / n:+.1f}; from seat A {sum(seat0):g} of {len(seat0)}",
        f"  ISMCTS: {100 * (n - wins) / n:.1f}% ({100 * ilo:.1f}% - {100 * ihi:.1f}%)",
        f"  mean time per decision (decisions with 2+ moves): {s['ours']} {mean[0]:.3f} s, "
        f"ISMCTS {mean[1]:.3f} s",
    ]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="arboretum")
    ap.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a game option (repeatable), e.g. mode=competitive",
    )  # fmt: skip
    ap.add_argument("--games", type=int, default=10, help="games in the run (10)")
    ap.add_argument("--budget-ms", type=float, default=1000, help="hard's budget (1000)")
    ap.add_argument(
        "--simulations", default="auto",
        help="ISMCTS's simulations per decision, or auto: matched to hard's time (auto)",
    )  # fmt: skip
    ap.add_argument("--uct-c", type=float, default=2.0, help="ISMCTS's UCT constant (2)")
    ap.add_argument(
        "--evaluator", choices=("score", "playout", "evaluate", "random"), default="score",
        help="ISMCTS's leaf evaluator (score)",
    )  # fmt: skip
    ap.add_argument(
        "--scale", type=float, default=10.0,
        help="points of margin for tanh(margin / scale) at a leaf (10)",
    )  # fmt: skip
    ap.add_argument(
        "--final-policy", choices=("max_value", "max_visit_count"), default="max_value",
        help="ISMCTS's choice at the root: the best mean (max_value) or the most visited move",
    )  # fmt: skip
    ap.add_argument(
        "--max-world-samples", type=int, default=-1,
        help="ISMCTS's worlds per decision (-1: a new one each simulation)",
    )  # fmt: skip
    ap.add_argument("--against", choices=("hard", "medium"), default="hard",
                    help="our bot (hard; medium as a sanity check)")  # fmt: skip
    ap.add_argument("--seed", type=int, default=41000, help="the first deal (41000)")
    ap.add_argument("--name", help="output: bench/out/ismcts-NAME.jsonl")
    ap.add_argument("--calibration-positions", type=int, default=16)
    ap.add_argument("--calibration-trial", type=int, default=100)
    args = ap.parse_args()

    options = dict(parse_option(get_game(args.game), o) for o in args.option)
    game = load(args.game, options)
    name = args.name or "-".join(
        (args.game, args.against, f"{args.budget_ms:g}ms", args.evaluator, args.final_policy)
    )
    path = OUT / f"ismcts-{name}.jsonl"
    settings: dict[str, Any] = {
        "game": args.game,
        "options": ";".join(args.option),
        "ours": args.against,
        "budget_ms": args.budget_ms,
        "uct_c": args.uct_c,
        "evaluator": args.evaluator,
        "scale": args.scale,
        "seed": args.seed,
        "max_world_samples": args.max_world_samples,
        "final_policy": args.final_policy,
        "simulations": "auto" if args.simulations == "auto" else int(args.simulations),
    }
    done = read(path)
    if done:
        old = done[0]["settings"]
        diff = [k for k in SETTINGS if old.get(k) != settings[k]]
        if diff:
            print(f"{path} holds games of other settings ({', '.join(diff)}): "
                  f"give another --name", file=sys.stderr)  # fmt: skip
            return 2
        settings["calibration"] = old.get("calibration")
        print(f"resuming {path}: {len(done)} games there", flush=True)
    elif args.simulations == "auto":
        settings["calibration"] = calibrate(
            game, settings, args.calibration_positions, args.calibration_trial
        )
    else:
        settings["calibration"] = None
    settings["python"] = sys.version.split()[0]
    settings["platform"] = platform.platform()

    played = {r["g"] for r in done}
    OUT.mkdir(exist_ok=True)
    for g in range(args.games):
        if g in played:
            continue
        sims = next_simulations(settings, sorted(done, key=lambda r: r["g"]))
        record = play(game, settings, g, sims)
        with path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")
        done.append(record)
        side = {1.0: settings["ours"], 0.0: "ISMCTS"}.get(record["ours_result"], "both (shared)")
        print(
            f"game {g}: {settings['ours']} in seat {'AB'[record['ours_seat']]}, ISMCTS "
            f"{sims} simulations, scores {record['scores']}, won by {side}; "
            f"{record['game_s']:.0f} s",
            flush=True,
        )
    print(summary(sorted(done, key=lambda r: r["g"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
