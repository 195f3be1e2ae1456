"""Arboretum's user interface (the :class:`tablero.web.plugin.GameUI` contract).

The work is split by job:

=============  ==============================================
``look.py``    species colours and symbols, cards, the garden
``style.py``   the stylesheet
``table.py``   the table during play, and what clicks do
``log.py``     history entries in words
``end.py``     rights to score, paths, totals, the tie-break; the end step by step
``rules.py``   the rules help
``messages/``  the texts, one ``<lang>.json`` per language
=============  ==============================================
"""

from __future__ import annotations

from tablero.arboretum import ArboretumState

from ...plugin import GameParts, GameUI, OptionField
from . import end, log, rules, table

__all__ = ["UI", "ArboretumUI"]


class ArboretumUI(GameParts[ArboretumState]):
    game_id = "arboretum"
    sticky_keys = ("zoom",)  # the garden's zoom survives moves
    view_acts = ("zoom",)  # and can be changed at any time

    def options(self) -> list[OptionField]:
        # The core's options (first_player) with the rule's keys; only "random" keeps
        # the key it has always had.
        return [OptionField.first_player(self.game_id)]


UI: GameUI[ArboretumState] = ArboretumUI(
    table.render_table,
    table.on_click,
    log.describe,
    end.render_end,
    rules.rules_html,
    end_steps=end.end_steps,
)
