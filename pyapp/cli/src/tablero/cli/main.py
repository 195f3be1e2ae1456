"""The ``tablero`` command (subcommands are added in their own modules)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("tablero: no command yet", file=sys.stderr)
    return 2
