"""Helpers shared by the subcommands (game-agnostic: only the core protocol is used)."""

from __future__ import annotations

import argparse
from typing import Any

from tablero.core import Game


class CliError(Exception):
    """A problem to report on one line of stderr (no traceback); carries the exit code."""

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(one_line(message))
        self.exit_code = exit_code


def one_line(message: object) -> str:
    """``message`` as a single line (multi-line exception texts are joined)."""
    return " ".join(str(message).split()) or "unknown error"


def parse_option(game: Game, item: str) -> tuple[str, Any]:
    """``"k=v"`` as ``(k, value)``, the value typed after the game's :class:`OptionSpec`.

    With declared choices the text must name one of them (``str(choice)``, or ``none``
    for ``None``); otherwise it is read as the type of the option's default.  Unknown
    option names are left for :func:`tablero.core.make` to refuse with its own message.
    """
    name, sep, text = item.partition("=")
    name = name.strip()
    if not sep or not name:
        raise CliError(f"--option wants NAME=VALUE, not {item!r}")
    text = text.strip()
    spec = next((o for o in game.options if o.name == name), None)
    if spec is None:
        return name, text
    if spec.kind == "set":  # comma-separated choices: criteria=surfers,sand
        items = [t.strip() for t in text.split(",") if t.strip()]
        values = []
        for item_text in items:
            match = [c for c in spec.choices or () if _choice_text(c) == item_text.lower()]
            if not match:
                allowed = ", ".join(_choice_text(c) for c in spec.choices or ())
                raise CliError(f"option {name}: {item_text!r} is not one of: {allowed}")
            values.append(match[0])
        return name, values
    if spec.choices is not None:
        for choice in spec.choices:
            if _choice_text(choice) == text.lower() or str(choice) == text:
                return name, choice
        allowed = ", ".join(_choice_text(c) for c in spec.choices)
        raise CliError(f"option {name}={text!r} is not one of: {allowed}")
    default = spec.default
    try:
        if isinstance(default, bool):
            if text.lower() in ("1", "true", "yes", "on"):
                return name, True
            if text.lower() in ("0", "false", "no", "off"):
                return name, False
            raise ValueError(text)
        if isinstance(default, int):
            return name, int(text)
        if isinstance(default, float):
            return name, float(text)
    except ValueError:
        kind = {bool: "true or false", int: "a whole number", float: "a number"}[type(default)]
        raise CliError(f"option {name} wants {kind}, not {text!r}") from None
    return name, text


def _choice_text(choice: Any) -> str:
    return "none" if choice is None else str(choice).lower()


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
