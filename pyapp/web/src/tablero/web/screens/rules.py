"""A game's rules (the plugin's help), reached from the picker and the menu."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..acts import act
from ..model import Effect, Model
from ..plugin import Translate
from ..svg import esc
from ..tutorials import has_tutorial
from .shell import button

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


# --- rendering: the rules -------------------------------------------------------------


def rules_screen(model: Model, app: App, t: Translate) -> str:
    game_id = model.rules_game
    assert game_id is not None
    ui = app.get_ui(game_id)
    over = model.back == "game" and model.game is not None
    label = t("app.rules.close") if over else t("app.rules.back")
    back = button(label, "app.back", cls="shell-primary", esc="1")
    if has_tutorial(game_id) and model.back != "tutorial":
        back = button(t("app.tutorial.open"), "app.tutorial", game=game_id) + back
    title = t("app.rules.title", game=t(app.entry(game_id).title_key))
    # The close control stays in view (a sticky head) however long the help is.
    head = (
        '<div class="shell-rules-head">'
        f'<h1 id="shell-rules-h" class="shell-h1" tabindex="-1" data-focus>{esc(title)}</h1>'
        f"{back}</div>"
    )
    # What Tablero itself decides, the same in every game: how far Undo goes.
    app_rules = (
        '<section class="shell-rules-app" aria-labelledby="shell-rules-app-h">'
        f'<h2 id="shell-rules-app-h">{esc(t("app.rules.in_tablero"))}</h2>'
        f'<p data-app-rule="undo">{esc(t("app.rules.undo"))}</p></section>'
    )
    body = (
        f'<section class="shell-rules" data-decision="rules">{ui.rules_html(t)}{app_rules}'
        "</section>"
    )
    if over:
        return (
            '<div class="shell-overlay" role="dialog" aria-modal="true" '
            f'aria-labelledby="shell-rules-h">{head}{body}</div>'
        )
    return head + body
