"""The start screen: the game picker (its buttons lead to the new-game dialog and the
rules) and the game to continue."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..acts import act
from ..model import Model, leave_share
from .table import ask_bot

if TYPE_CHECKING:
    from ..app import App

__all__: list[str] = []


@act("app.home", screen="home", view_only=True)
def home(app: App, model: Model, data: dict[str, str]) -> Model:
    return replace(
        model, screen="home", share_url=None, renaming=None, deleting=None,
        effects=leave_share(model),
    )  # fmt: skip


@act("app.game", screen="home", same_game=True)
def to_game(app: App, model: Model, data: dict[str, str]) -> Model:
    """Continue the game in memory (back to its table; a bot to move is asked)."""
    if model.game is None:
        return replace(model, screen="home")
    return ask_bot(app, replace(model, screen="game"))
