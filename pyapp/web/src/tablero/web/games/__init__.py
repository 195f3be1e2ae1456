"""The games' user interfaces: one module ``tablero.web.games.<game_id>`` per game,
each exposing ``UI`` (see :mod:`tablero.web.plugin`), imported only when needed."""

from __future__ import annotations

import importlib
import re

from tablero.web.plugin import GameUI

__all__ = ["get_ui"]

_ID = re.compile(r"[a-z][a-z0-9_]*")


def get_ui(game_id: str) -> GameUI:
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
    ui: GameUI = module.UI
    return ui
