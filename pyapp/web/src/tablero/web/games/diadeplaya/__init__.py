"""Día de Playa's user interface (the :class:`tablero.web.plugin.GameUI` contract).

The work is split by job:

=============  ====================================================
``look.py``    blocks, card faces, beaches (and ``beach_picture``)
``style.py``   the stylesheet (and the ghost that follows the pointer)
``table.py``   the table during play, and what clicks do
``log.py``     history entries in words
``end.py``     the result, the scoring marked on each beach, the chart; step by step
``rules.py``   the rules help
``words.py``   names of seats, teams, cards and criteria
``messages/``  the texts, one ``<lang>.json`` per language
=============  ====================================================
"""

from __future__ import annotations

from tablero.diadeplaya import DiaDePlayaState

from ...plugin import GameParts, GameUI, OptionField
from . import end, log, rules, table

__all__ = ["UI", "DiaDePlayaUI"]


class DiaDePlayaUI(GameParts[DiaDePlayaState]):
    game_id = "diadeplaya"
    sticky_keys = table.STICKY  # the zoom, and the place chosen across the rotate move
    view_acts = ("zoom",)  # the zoom can be changed at any time

    def options(self) -> list[OptionField]:
        # The core's options (mode, criteria, first_player) with the rule's keys.
        return [
            OptionField("mode"),
            OptionField("criteria"),
            OptionField.first_player(self.game_id),
        ]


UI: GameUI[DiaDePlayaState] = DiaDePlayaUI(
    table.render_table,
    table.on_click,
    log.describe,
    end.render_end,
    rules.rules_html,
    end_steps=end.end_steps,
)
