"""The controller by screen: each module holds the act handlers of one screen, registered
with :func:`tablero.web.acts.act` (pure: the model and the act's data in, the next model,
with the effects the page is to perform, out).

``frame``: the menu bar, the notice and the share panel shown on every screen (back,
language, share, export, import, a pasted link); ``home``: the start screen; ``new``: the
new-game dialog; ``table``: the table, the pass-the-device screen, the bots' turns and the
end of a game (the table's final state); ``saves``: the saved games; ``replay``: stepping
through a finished game; ``rules``: a game's rules; ``tutorial``: a game's first-game
tutorial.

Importing this package registers every act (``tablero.web.app`` does).
"""

from . import frame, home, new, replay, rules, saves, table, tutorial

__all__ = ["frame", "home", "new", "replay", "rules", "saves", "table", "tutorial"]
