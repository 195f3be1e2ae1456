"""``tablero show``: print a saved game or a position notation, and its legal moves.

The input (a file, or ``-`` for stdin) is either a saved game, as written by
``State.to_json()``, or a position in the game's notation, whose first word is the
game id (``arribada 2p standard ...``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tablero.core import State, from_json, from_text

from .common import CliError


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "show",
        help="print a saved game (JSON) or a position notation, with its legal moves",
        description="Print the position, whose turn it is, the scores and the legal moves of "
        "a saved game (JSON) or of a position notation (first word: the game id).",
    )
    p.add_argument("file", help="the file to read, or - for standard input")
    p.set_defaults(run=run)


def read_input(name: str) -> str:
    if name == "-":
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
    else:
        try:
            with open(name, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise CliError(f"cannot read {name}: {exc.strerror or exc}") from None
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise CliError(f"{_where(name)} is not UTF-8 text") from None
    return data


def load_state(text: str) -> State:
    """A saved game (JSON) or, when the text is not JSON, a position notation."""
    stripped = text.strip()
    if not stripped:
        raise CliError("the input is empty: expected a saved game (JSON) or a position notation")
    try:
        json.loads(stripped)
        is_json = True
    except ValueError:
        # Text that looks like JSON but does not parse is a broken save, not notation:
        # report the JSON error rather than "unknown game '{...'".
        is_json = stripped[0] in "{["
    try:
        if is_json:
            return from_json(stripped)
        return from_text(stripped.split(None, 1)[0], text)
    except ValueError as exc:  # CorruptDataError and the engines' other input errors
        raise CliError(str(exc)) from None


def describe(state: State) -> str:
    lines = [state.to_text().rstrip("\n"), ""]
    if state.viewer is not None:
        lines.append(f"view of player {state.viewer} (hidden information is masked)")
    chance = state.chance
    if chance is not None:
        seen = "everyone" if chance.seen_by is None else _seats(chance.seen_by)
        shown = "; ".join(f"{o} x{w}" for o, w in zip(chance.outcomes, chance.weights, strict=True))
        lines.append(
            f"chance step: {chance.kind}{' (deferrable)' if chance.deferrable else ''}, "
            f"seen by {seen}, {len(chance.outcomes)} outcomes: {shown or 'none listed'}"
        )
    if state.is_terminal():
        winners = state.winners()
        who = ", ".join(f"player {p}" for p in winners)
        lines.append(f"game over: {'winners' if len(winners) > 1 else 'winner'} {who}")
    else:
        lines.append(f"to move: player {state.current_player}")
    scores = state.scores()
    lines.append("scores: " + ", ".join(f"player {p} {s}" for p, s in enumerate(scores)))
    moves = [] if state.is_terminal() else [str(m) for m in state.legal_moves()]
    lines.append(f"legal moves ({len(moves)}): " + ("; ".join(moves) if moves else "none"))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    state = load_state(read_input(args.file))
    try:
        text = describe(state)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    print(text)
    return 0


def _seats(seats: frozenset[int]) -> str:
    return ", ".join(f"player {p}" for p in sorted(seats))


def _where(name: str) -> str:
    return "standard input" if name == "-" else name
