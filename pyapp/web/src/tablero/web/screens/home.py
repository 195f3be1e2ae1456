"""The start screen: the game picker (its buttons lead to the new-game dialog and the
rules), the daily deal and the game to continue."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tablero.core import get_game

from .. import challenge_views
from ..acts import act
from ..challenge import DAILY_GAME, daily_deal, day_text, local_day
from ..model import MAX_SAVE_NAME, GameEntry, Model, clean, leave_share, shown_text
from ..names import solo_name
from ..plugin import Seat, Translate
from ..remotegames import REMOTE_GAMES
from ..saves import SavedGame
from ..svg import esc
from ..tutorials import has_tutorial
from .shell import button, import_control, players_line, save_title, shown_seats
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


# --- rendering: the start screen ------------------------------------------------------


def home_screen(model: Model, app: App, t: Translate) -> str:
    parts = [f'<h1 class="shell-h1">{esc(t("app.home.title"))}</h1>']
    if model.game is not None:
        game = model.game
        lang = model.lang
        parts.append(
            '<section class="shell-card shell-continue">'
            f"<h2>{esc(t('app.home.continue'))}</h2>"
            f'<p class="shell-save-name">{esc(shown_text(save_title(app, game, lang)))}</p>'
            f'<p class="shell-meta">{esc(players_line(shown_seats(game.seats, app, lang)))}</p>'
            '<div class="shell-actions">'
            + button(t("app.home.continue-button"), "app.game", cls="shell-primary")
            + "</div>"
            "</section>"
        )
    parts.append(f'<h2 class="shell-h2">{esc(t("app.home.pick"))}</h2><ul class="shell-games">')
    entries = app.available_games()
    try:
        progress = app.store.tutorial_progress()
    except Exception:  # noqa: BLE001 - a storage that throws: no tutorial begun
        progress = {}
    for entry in entries:
        parts.append(_game_card(entry, t, progress))
    parts.append("</ul>")
    if not entries:
        parts.append(f"<p>{esc(t('app.error.no-games'))}</p>")
    play = button(t("app.challenge.daily.play"), "app.daily", cls="shell-primary")
    parts.append(challenge_views.daily_card(app, t, play))
    if any(entry.id in REMOTE_GAMES for entry in entries):
        parts.append(
            '<section class="shell-card shell-friends">'
            f"<h2>{esc(t('app.remote.home-title'))}</h2>"
            f"<p>{esc(t('app.remote.home-blurb'))}</p>"
            '<div class="shell-actions">'
            + button(t("app.remote.home-button"), "app.remote-new", cls="shell-primary")
            + "</div></section>"
        )
    parts.append(
        '<div class="shell-actions">'
        + button(t("app.menu.saves"), "app.saves")
        + import_control(t)
        + "</div>"
    )
    return "".join(parts)


def _game_card(entry: GameEntry, t: Translate, progress: dict[str, int]) -> str:
    game = get_game(entry.id)
    players = t("app.home.players", min=game.min_players, max=game.max_players)
    learn = ""
    if has_tutorial(entry.id):
        key = "app.tutorial.resume" if progress.get(entry.id, 0) > 0 else "app.tutorial.open"
        learn = button(t(key), "app.tutorial", game=entry.id)
    return (
        f'<li class="shell-card shell-game" data-game="{esc(entry.id)}">'
        f"<h3>{esc(t(entry.title_key))}</h3>"
        f"<p>{esc(t(entry.blurb_key))}</p>"
        f'<p class="shell-meta">{esc(players)}</p>'
        '<div class="shell-actions">'
        + button(t("app.home.new-game"), "app.new", cls="shell-primary", game=entry.id)
        + button(t("app.menu.rules"), "app.rules", game=entry.id)
        + learn
        + "</div></li>"
    )
