"""The ``tablero`` command: parses the command line and runs one subcommand.

Each subcommand lives in its own module, which provides ``add_parser(subparsers)``
and ``run(args) -> int``.  :func:`main` returns the exit code instead of exiting, so
tests can call ``main([...])``: 0 ok, 1 an engine failure, 2 a usage or input error.
"""

from __future__ import annotations

import argparse
import sys

from . import show, simulate, tournament
from .common import CliError

COMMANDS = (simulate, show, tournament)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tablero",
        description="Tablero board games from the command line.",
        epilog="Run 'tablero COMMAND --help' for a command's options.  "
        "Exit codes: 0 ok, 1 engine failure, 2 usage or input error.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for module in COMMANDS:
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2, message already printed)
        return exc.code if isinstance(exc.code, int) else 2
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        code: int = args.run(args)  # the subcommand's run(args) -> int
        return code
    except CliError as exc:
        print(f"tablero {args.command}: error: {exc}", file=sys.stderr)
        return exc.exit_code


if __name__ == "__main__":
    sys.exit(main())
