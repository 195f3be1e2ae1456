"""The start screen: the game picker (its buttons lead to the new-game dialog and the
rules), the daily deal and the game to continue."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..acts import act
from ..challenge import DAILY_GAME, daily_deal, day_text, local_day
from ..model import MAX_SAVE_NAME, Model, clean, leave_share
from ..plugin import Seat
from ..saves import SavedGame
from .frame import solo_name
from .table import ask_bot, open_game

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


@act("app.daily", screen="home")
def daily(app: App, model: Model, data: dict[str, str]) -> Model:
    """Start today's daily deal (the device's local date): Día de Playa alone, the same
    cards for everyone today (:func:`tablero.web.challenge.daily_seed`)."""
    app.get_ui(DAILY_GAME)  # not installed: ValueError, which the dispatch reports
    now = app.now()
    day = local_day(now)
    t = app.t(model.lang)
    game = SavedGame(
        id=app.store.new_id(),
        name=clean(
            t(
                "app.challenge.daily.name",
                game=t(app.entry(DAILY_GAME).title_key),
                day=day_text(day, t),
            ),
            MAX_SAVE_NAME,
        ),  # fmt: skip
        game_id=DAILY_GAME,
        seats=[Seat(solo_name(app, model.game, model.lang), 0)],
        state=daily_deal(day),
        created=now,
        updated=now,
    )
    return open_game(app, replace(model, effects=leave_share(model)), game, save_it=True)
