"""The challenges and the daily deal on the shell's screens, as HTML text: the daily deal's
card on the start screen, and on the end of a one-player game its result (the day of a
daily deal, the beach reached) and the challenge's target (only there: once the game is
over).  The buttons (``app.daily``, ``app.challenge-share``) are the screens' own
(:mod:`tablero.web.screens`, where every act the shell renders is written).

Every untrusted text (the sender's name) is escaped (:func:`tablero.web.svg.esc`) after
:func:`tablero.web.model.shown_text`; the sender's beach is drawn by the game's own
picture (Día de Playa's ``look.beach_picture``), which escapes its texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablero.core import State

from .challenge import DAILY_GAME, Challenge, daily_day, day_text, is_challenge, local_day
from .games import ui_part
from .model import Model, shown_text
from .names import sender_name
from .plugin import Translate
from .svg import esc

if TYPE_CHECKING:
    from .app import App

__all__ = ["can_challenge", "daily_card", "daily_label", "end_panel", "share_words"]


def _beach(state: State) -> str | None:
    reached = getattr(state, "beach_reached", None)
    value = reached() if callable(reached) else None
    return value if isinstance(value, str) else None


def daily_card(app: App, t: Translate, play: str) -> str:
    """The start screen's card of today's daily deal, with its ``play`` button (when its
    game is installed)."""
    if not any(entry.id == DAILY_GAME for entry in app.available_games()):
        return ""
    day = day_text(local_day(app.now()), t)
    return (
        '<section class="shell-card shell-daily" aria-labelledby="shell-daily-h">'
        f'<h2 id="shell-daily-h">{esc(t("app.challenge.daily.title"))}</h2>'
        f"<p>{esc(t('app.challenge.daily.blurb', day=day))}</p>"
        f'<div class="shell-actions">{play}</div></section>'
    )


def share_words(url: str, t: Translate) -> tuple[str, str] | None:
    """The share panel's title and warning for a challenge link, else ``None`` (a game's
    link keeps the panel's own)."""
    if not is_challenge(url):
        return None
    return t("app.challenge.share-title"), t("app.challenge.share-warning")


def _reached(state: State, t: Translate) -> str:
    score = state.scores()[0]
    beach = _beach(state)
    if beach is None:
        return t("app.challenge.reached-none", score=score)
    return t("app.challenge.reached", beach=beach, score=score)


def _picture(challenge: Challenge, name: str, t: Translate) -> str:
    """The sender's beach as the game draws it, if the game has such a picture."""
    look = ui_part(challenge.target.game.id, "look")
    draw: Any = getattr(look, "beach_picture", None)
    if not callable(draw):
        return ""
    try:
        svg = str(draw(challenge.target, 0, t, small=True))
    except Exception:  # noqa: BLE001 - a missing picture must never hide the result
        return ""
    caption = esc(t("app.challenge.picture", name=name))
    return (
        f'<figure class="shell-challenge-beach" style="max-width:24rem;margin:0">{svg}'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def _target(challenge: Challenge, state: State, app: App, t: Translate, lang: str) -> str:
    """The challenge's target: the sender's score, beach and picture, and how the
    player's own score compares."""
    name = shown_text(sender_name(app, challenge, lang))
    beach = challenge.beach
    if beach is None:
        line = t("app.challenge.target-none", name=name, score=challenge.score)
    else:
        line = t("app.challenge.target", name=name, score=challenge.score,
                 beach=beach)  # fmt: skip
    gap = int(state.scores()[0]) - challenge.score
    if gap > 0:
        verdict = t("app.challenge.beat", name=name, points=gap)
    elif gap < 0:
        verdict = t("app.challenge.behind", name=name, points=-gap)
    else:
        verdict = t("app.challenge.level", name=name)
    return (
        '<div class="shell-challenge-target" data-target>'
        f"<h3>{esc(t('app.challenge.target-title'))}</h3>"
        f'<p class="shell-challenge-line">{esc(line)}</p>'
        f'<p class="shell-challenge-verdict"><strong>{esc(verdict)}</strong></p>'
        f"{_picture(challenge, name, t)}</div>"
    )


def daily_label(model: Model, t: Translate) -> str:
    """The name of the daily deal on screen ("Daily deal of 15 July 2026"), shown in
    the bar over its table; empty for any other game."""
    game = model.game
    day = daily_day(game.state) if game is not None else None
    return t("app.challenge.daily.result", day=day_text(day, t)) if day is not None else ""


def can_challenge(model: Model) -> bool:
    """Whether the game on screen is a finished one-player game dealt from a seed: one
    to offer "share as a challenge" for."""
    game = model.game
    if game is None or not game.state.is_terminal() or game.state.num_players != 1:
        return False
    setup = game.state.setup
    return isinstance(setup, dict) and setup.get("seed") is not None


def end_panel(model: Model, app: App, t: Translate) -> str:
    """On the end of a one-player game: the day of a daily deal and the beach reached,
    and the challenge's target (only here: the game is over)."""
    game = model.game
    if game is None or not game.state.is_terminal() or game.state.num_players != 1:
        return ""
    state = game.state
    day = daily_day(state)
    parts = []
    if day is not None:
        title = t("app.challenge.daily.result", day=day_text(day, t))
        parts.append(f'<h2 class="shell-h2">{esc(title)}</h2>')
    if day is not None or game.challenge is not None:
        parts.append(f'<p class="shell-challenge-reached">{esc(_reached(state, t))}</p>')
    if game.challenge is not None:
        parts.append(_target(game.challenge, state, app, t, model.lang))
    if not parts:
        return ""
    return (
        f'<section class="shell-card shell-challenge" aria-label="{esc(t("app.challenge.label"))}">'
        + "".join(parts)
        + "</section>"
    )
