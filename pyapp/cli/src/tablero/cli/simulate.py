"""``tablero simulate``: play random games and summarise them.

Game ``i`` (``0 <= i < G``) is set up with seed ``S + i``; its moves are chosen
uniformly among ``legal_moves()`` by ``Rng(S + i).spawn()``, so the same arguments
always give the same games and the same report (except the moves/s line).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

from tablero.core import Rng, State, game_ids, get_game, make

from .common import CliError, one_line, parse_option, positive


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "simulate",
        help="play random games and print score, length and winner statistics",
        description="Play G random games (uniformly random legal moves) with seeds S..S+G-1 "
        "and print the mean final score, game length and winner share of each seat.",
    )
    p.add_argument("game", help=f"game id: {', '.join(game_ids())}")
    p.add_argument("--players", "-p", type=int, help="number of players (default: the minimum)")
    p.add_argument("--games", "-g", type=positive, default=100, help="games to play (100)")
    p.add_argument("--seed", "-s", type=int, default=0, help="seed of the first game (0)")
    p.add_argument("--variant", help="the game's 'variant' option")
    p.add_argument(
        "--option", "-o", action="append", default=[], metavar="NAME=VALUE",
        help="any other game option (repeatable)",
    )  # fmt: skip
    p.add_argument(
        "--checked", action="store_true",
        help="play with the checked apply() instead of apply_unchecked() (slower)",
    )  # fmt: skip
    p.add_argument(
        "--max-moves", type=positive, default=100_000, metavar="N",
        help="give up on a game longer than N moves (an engine bug; default 100000)",
    )  # fmt: skip
    p.set_defaults(run=run)


@dataclass
class GameResult:
    scores: list[int]
    winners: list[int]
    moves: int
    turns: int


def play_random(
    state: State, rng: Rng, checked: bool = False, max_moves: int = 100_000
) -> tuple[State, int, int]:
    """Play ``state`` to its end with uniformly random moves; returns ``(final, moves, turns)``.

    A turn is a maximal run of consecutive moves by the same player.
    """
    moves = turns = 0
    last_player = None
    while not state.is_terminal():
        legal = state.legal_moves()
        if not legal:
            raise CliError(
                f"the game is not over but player {state.current_player} has no legal move "
                f"(after {moves} moves)",
                exit_code=1,
            )
        if moves >= max_moves:
            raise CliError(f"a game lasted more than {max_moves} moves", exit_code=1)
        player = state.current_player
        if player != last_player:
            turns += 1
            last_player = player
        move = legal[rng.randbelow(len(legal))]
        state = state.apply(move) if checked else state.apply_unchecked(move)
        moves += 1
    return state, moves, turns


def run(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    players = game.min_players if args.players is None else args.players
    options: dict[str, Any] = {}
    if args.variant is not None:
        options.update([parse_option(game, f"variant={args.variant}")])
    for item in args.option:
        options.update([parse_option(game, item)])

    results: list[GameResult] = []
    total_moves = 0
    elapsed = 0.0
    for seed in range(args.seed, args.seed + args.games):
        try:
            state = make(args.game, players=players, seed=seed, **options)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        rng = Rng(seed).spawn()
        start = time.perf_counter()
        try:
            final, moves, turns = play_random(state, rng, args.checked, args.max_moves)
        except CliError as exc:
            raise CliError(f"seed {seed}: {exc}", exc.exit_code) from None
        except Exception as exc:  # an engine bug: say which game, keep it to one line
            raise CliError(
                f"seed {seed}: the engine failed: {type(exc).__name__}: {one_line(exc)}",
                exit_code=1,
            ) from exc
        elapsed += time.perf_counter() - start
        total_moves += moves
        results.append(GameResult(final.scores(), final.winners(), moves, turns))

    print(format_report(game.title, args, players, options, results, total_moves, elapsed))
    return 0


def format_report(
    title: str,
    args: argparse.Namespace,
    players: int,
    options: dict[str, Any],
    results: list[GameResult],
    total_moves: int,
    elapsed: float,
) -> str:
    n = len(results)
    opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    last = args.seed + n - 1
    lines = [f"{title}: {n} random games, {players} players, seeds {args.seed}..{last}, "
             f"options: {opts}"]  # fmt: skip

    def spread(values: list[int]) -> str:
        return f"mean {sum(values) / n:.1f}, min {min(values)}, max {max(values)}"

    lines.append(f"moves per game: {spread([r.moves for r in results])}")
    lines.append(f"turns per game: {spread([r.turns for r in results])}")

    wins = [0.0] * players
    for r in results:
        for p in r.winners:
            wins[p] += 1 / len(r.winners)
    lines.append("")
    lines.append("seat  mean score  min score  max score  win share")
    for p in range(players):
        scores = [r.scores[p] for r in results]
        lines.append(
            f"{p:>4}  {sum(scores) / n:>10.2f}  {min(scores):>9}  {max(scores):>9}  "
            f"{100 * wins[p] / n:>8.1f}%"
        )
    ties = sum(1 for r in results if len(r.winners) > 1)
    tied = "1 game" if ties == 1 else f"{ties} games"
    lines.append(f"(a shared win is split between the tied seats; {tied} tied)")
    lines.append("")
    rate = total_moves / elapsed if elapsed > 0 else float("inf")
    lines.append(f"moves/s: {rate:,.0f} ({total_moves} moves in {elapsed:.3f} s)")
    return "\n".join(lines)
