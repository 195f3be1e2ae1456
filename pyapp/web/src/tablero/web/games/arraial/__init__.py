"""Arraial's user interface (the :class:`tablero.web.plugin.GameUI` contract).

The work is split by job:

=============  ====================================================
``look.py``    the street, pieces, visitors, the central board
``style.py``   the stylesheet (and the ghost that follows the pointer)
``table.py``   the table during play, and what clicks do
``log.py``     history entries in words
``end.py``     the points explained, the pairs, the final streets
``rules.py``   the rules help
``words.py``   names of seats, colours, cards and cells
``messages/``  the texts, one ``<lang>.json`` per language
=============  ====================================================
"""

from __future__ import annotations

from tablero.arraial import ArraialState

from ...plugin import GameParts, GameUI, OptionField
from . import end, log, rules, table

__all__ = ["UI", "ArraialUI"]


class ArraialUI(GameParts[ArraialState]):
    game_id = "arraial"

    def options(self) -> list[OptionField]:
        # The core's options (first_player) with the rule's keys.
        return [OptionField.first_player(self.game_id)]


UI: GameUI[ArraialState] = ArraialUI(
    table.render_table,
    table.on_click,
    log.describe,
    end.render_end,
    rules.rules_html,
    end_steps=end.end_steps,
)
