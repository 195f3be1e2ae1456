"""The app by screen: each module holds one screen's act handlers, registered with
:func:`tablero.web.acts.act` (pure: the model and the act's data in, the next model, with
the effects the page is to perform, out), and its rendering (``<name>_screen(model, app,
t)``: the screen as HTML text, a pure function of the model; ``game_screen`` in
``table``).  :mod:`tablero.web.views` picks the screen the model shows; ``shell`` renders
the frame around it (the bar, the notice, the share panel...) and the markup the screens
share.  Nothing here imports :mod:`tablero.web.views`.

``frame``: the acts of the menu bar, the notice and the share panel shown on every
screen (back, language, share, export, import, a pasted link), which ``shell`` renders;
``home``: the start screen; ``new``: the new-game dialog; ``table``: the table, the
pass-the-device screen, the bots' turns and the end of a game (the table's final state);
``saves``: the saved games; ``replay``: stepping through a finished game; ``rules``: a
game's rules; ``tutorial``: a game's first-game tutorial; ``remote``: play with friends
by link (the new game's form, the invitation answered, the lobby, the waiting table).

Importing this package registers every act (``tablero.web.app`` does).
"""

from . import frame, home, new, remote, replay, rules, saves, table, tutorial

__all__ = ["frame", "home", "new", "remote", "replay", "rules", "saves", "table", "tutorial"]
