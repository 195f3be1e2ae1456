"""The games' user interfaces: one package ``tablero.web.games.<game_id>`` per game
(its modules and its catalogs, ``messages/<lang>.json``), each exposing ``UI`` (see
:mod:`tablero.web.plugin`), imported only when needed.  The modules here beside them
are game-neutral (:mod:`.rules_help`)."""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

from tablero.web.plugin import GameUI

__all__ = ["get_ui", "ui_part"]

_ID = re.compile(r"[a-z][a-z0-9_]*")


def get_ui(game_id: str) -> GameUI[Any]:
    """The UI plugin of ``game_id``; ``ValueError`` if there is none.

    >>> get_ui("arribada").game_id
    'arribada'
    """
    if not isinstance(game_id, str) or not _ID.fullmatch(game_id):
        raise ValueError(f"{game_id!r} is not a game id")
    try:
        module = importlib.import_module(f"tablero.web.games.{game_id}")
    except ModuleNotFoundError as e:
        if e.name != f"tablero.web.games.{game_id}":
            raise
        raise ValueError(f"there is no user interface for the game {game_id!r}") from None
    ui: GameUI[Any] = module.UI
    return ui


def ui_part(game_id: str, part: str) -> ModuleType | None:
    """The module ``part`` of ``game_id``'s UI package (``look``...), imported on first
    use; ``None`` when the game's package (or that module) is not installed.  The shell
    uses it for a game's picture it shows outside the game's own screens (a challenge's
    target beach).

    >>> ui_part("arribada", "look").__name__
    'tablero.web.games.arribada.look'
    >>> ui_part("arribada", "no_such_part") is None
    True
    """
    if not _ID.fullmatch(game_id) or not _ID.fullmatch(part):
        return None
    name = f"tablero.web.games.{game_id}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is None or not name.startswith(e.name):
            raise
        return None
