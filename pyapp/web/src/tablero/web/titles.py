"""A saved game's title as the screens show it.

The app names a game it saves ("Arribada: Ana, Ben", "Día de Playa: daily deal of 6
December 2026", "Arboretum (link): ..."); a player may rename it.  The save keeps the
title as text (the saves format is unchanged, old saves read as before), so a title the
app made is recognised by making it again in every language from the game's own parts
(its game, its seats' names, the daily deal's day, the challenge's sender) and shown in
the language on screen; any other title (renamed by the player) is shown as typed.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .challenge import Challenge, day_text
from .i18n import LANGUAGES
from .model import MAX_SAVE_NAME, clean
from .names import default_name_in, sender_name
from .plugin import Seat

if TYPE_CHECKING:
    from .app import App

__all__ = ["shown_title"]


def _makers(
    app: App, game_id: str, day: datetime.date | None, challenge: Challenge | None
) -> list[tuple[str, Callable[[Callable[..., str], str, str], str]]]:
    """The titles the app gives a game of ``game_id``: (key, maker(t, lang, names))."""
    entry = next((e for e in app.games if e.id == game_id), None)
    if entry is None:
        return []
    key = entry.title_key
    makers: list[tuple[str, Callable[[Callable[..., str], str, str], str]]] = [
        ("app.save.default-name", lambda t, lang, names: t("app.save.default-name",
                                                            game=t(key), names=names)),
        ("app.save.link-name", lambda t, lang, names: t("app.save.link-name",
                                                         game=t(key), names=names)),
    ]  # fmt: skip
    if day is not None:
        makers.append(
            ("app.challenge.daily.name", lambda t, lang, names: t("app.challenge.daily.name",
                                                                   game=t(key),
                                                                   day=day_text(day, t)))
        )  # fmt: skip
    if challenge is not None:
        makers.append(
            ("app.challenge.save-name", lambda t, lang, names: t("app.challenge.save-name",
                                                                  game=t(key),
                                                                  name=sender_name(app, challenge,
                                                                                   lang)))
        )  # fmt: skip
    return makers


def shown_title(
    app: App,
    name: str,
    game_id: str,
    seats: Sequence[Seat],
    lang: str,
    *,
    day: datetime.date | None = None,
    challenge: Challenge | None = None,
) -> str:
    """``name`` in ``lang`` if it is a title the app made for this game in some
    language (made again here in ``lang``, its seats' default names in ``lang`` too),
    else ``name`` as it is (a title the player typed)."""
    as_saved = ", ".join(s.name for s in seats)
    shown = ", ".join(default_name_in(app, s.name, i, lang) for i, s in enumerate(seats))
    for _key, make in _makers(app, game_id, day, challenge):
        for other in LANGUAGES:
            if name == clean(make(app.t(other), other, as_saved), MAX_SAVE_NAME):
                return clean(make(app.t(lang), lang, shown), MAX_SAVE_NAME)
    return name
