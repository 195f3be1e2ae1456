"""The players' names as the screens show them and the app gives them: a seat's default
name ("Player 2") in the language on screen, the one player of a game started without the
new-game form (the daily deal, a challenge), a challenge's sender.

Below the screens: the screens (:mod:`tablero.web.screens`), the saves' titles
(:mod:`tablero.web.titles`) and the challenges' views (:mod:`tablero.web.challenge_views`)
use them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import LANGUAGES

if TYPE_CHECKING:
    from .app import App
    from .challenge import Challenge
    from .saves import SavedGame

__all__ = ["default_name_in", "is_default_name", "sender_name", "solo_name"]


def default_name_in(app: App, name: str, seat: int, lang: str) -> str:
    """``name`` in ``lang`` if it is some language's default name for ``seat``."""
    defaults = {app.t(other)("app.new.default-name", n=seat + 1) for other in LANGUAGES}
    return app.t(lang)("app.new.default-name", n=seat + 1) if name in defaults else name


def is_default_name(app: App, name: str) -> bool:
    """Whether ``name`` is a default name ("Player 2", "プレイヤー2") of any seat, in any
    language: nobody typed it."""
    return any(
        name == app.t(lang)("app.new.default-name", n=seat + 1)
        for lang in LANGUAGES
        for seat in range(4)
    )


def solo_name(app: App, game: SavedGame | None, lang: str) -> str:
    """The name of the one player of a game started without the new-game form (the daily
    deal, a challenge): the first person's typed name in ``game`` (the game in memory, or
    the game to reopen), else the default name."""
    for seat in game.seats if game is not None else ():
        if seat.kind == "human" and seat.name and not is_default_name(app, seat.name):
            return seat.name
    return app.t(lang)("app.new.default-name", n=1)


def sender_name(app: App, challenge: Challenge, lang: str) -> str:
    """A challenge's sender as named to its receiver: their name, unless it is empty or a
    default name (their "Player 1" is not the receiver's), then "your challenger"."""
    name = challenge.name
    if not name or is_default_name(app, name):
        return app.t(lang)("app.challenge.someone")
    return name
