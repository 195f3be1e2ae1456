"""A game's rules (the plugin's help), reached from the picker and the menu."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..acts import act
from ..model import Effect, Model

if TYPE_CHECKING:
    from ..app import App

__all__: list[str] = []


@act("app.rules", screen="rules", view_only=True)
def rules(app: App, model: Model, data: dict[str, str]) -> Model:
    game_id = data.get("game")
    if not game_id and model.screen == "tutorial" and model.tutorial is not None:
        game_id = model.tutorial.game_id
    if not game_id and model.game is not None:
        game_id = model.game.game_id
    if game_id is None:
        entries = app.available_games()
        if not entries:
            return model
        game_id = entries[0].id
    back = model.screen if model.screen != "rules" else model.back
    return replace(
        model, screen="rules", rules_game=game_id, back=back,
        effects=(Effect("scroll_top"),),
    )  # fmt: skip
