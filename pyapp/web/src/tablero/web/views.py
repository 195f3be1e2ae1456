"""The app as HTML text, a pure function of the :class:`~tablero.web.app.Model`: which
screen the model shows, put in the frame every screen shares.

Each screen renders itself in its module of :mod:`tablero.web.screens`, beside its acts
(``home_screen`` in :mod:`~tablero.web.screens.home`, ``game_screen`` in
:mod:`~tablero.web.screens.table`...); the frame (the bar, the notice, the share panel...)
and the markup the screens share are :mod:`tablero.web.screens.shell`'s.  The imports
point one way: this module imports the screens, no screen imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import Model
from .screens.home import home_screen
from .screens.new import new_screen
from .screens.remote import remote_screen
from .screens.replay import replay_screen
from .screens.rules import rules_screen
from .screens.saves import saves_screen
from .screens.shell import page
from .screens.table import game_screen
from .screens.tutorial import tutorial_screen
from .svg import esc

if TYPE_CHECKING:
    from .app import App

__all__ = ["render", "esc"]


def render(model: Model, app: App) -> str:
    """The whole app for ``model``."""
    t = app.t(model.lang)
    screen = model.screen
    over = ""
    if screen == "game" and model.game is not None:
        body = game_screen(model, app, t)
    elif screen == "new" and model.form is not None:
        body = new_screen(model, app, t)
    elif screen == "saves":
        body = saves_screen(model, app, t)
    elif screen == "remote":
        body = remote_screen(model, app, t)
    elif screen == "tutorial" and model.tutorial is not None:
        screen = "game"
        body = tutorial_screen(model, app, t)
    elif screen == "rules" and model.rules_game:
        if model.back == "game" and model.game is not None:
            # The rules open over the table, which stays underneath (inert).
            screen = "game"
            body = game_screen(model, app, t)
            over = rules_screen(model, app, t)
        elif model.back == "tutorial" and model.tutorial is not None:
            screen = "game"
            body = tutorial_screen(model, app, t)
            over = rules_screen(model, app, t)
        else:
            body = rules_screen(model, app, t)
    elif screen == "replay" and model.game is not None and model.replay_states:
        body = replay_screen(model, app, t)
    else:
        screen = "home"
        body = home_screen(model, app, t)
    return page(model, app, t, screen, body, over)
