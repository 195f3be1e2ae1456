"""The games' user interfaces: one package ``tablero.web.games.<game_id>`` per game
(its modules and its catalogs, ``messages/<lang>.json``), each exposing ``UI`` (see
:mod:`tablero.web.plugin`), imported only when needed.  The modules here beside them
are game-neutral (:mod:`.rules_help`)."""

from __future__ import annotations

import importlib
import re
from typing import Any

from tablero.web.plugin import GameUI

__all__ = ["get_ui"]

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
