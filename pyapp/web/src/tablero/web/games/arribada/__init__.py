"""Arribada's user interface (the :class:`tablero.web.plugin.GameUI` contract).

The work is split by job:

=============  ===============================================
``look.py``    tiles, seat marks, icons, the board as SVG
``style.py``   the stylesheet
``table.py``   the table during play, and what clicks do
``log.py``     history entries in words
``end.py``     final scoring, the final board, the score chart
``rules.py``   the rules help
``messages/``  the texts, one ``<lang>.json`` per language
=============  ===============================================
"""

from __future__ import annotations

from tablero.arribada import ArribadaState

from ...plugin import GameParts, GameUI, OptionField
from . import end, log, rules, table

__all__ = ["UI", "ArribadaUI"]


class ArribadaUI(GameParts[ArribadaState]):
    game_id = "arribada"

    def options(self) -> list[OptionField]:
        # The core's options (variant, first_player): the variant first, its choices
        # under the keys they have always had; first_player with the shell's keys.
        return [
            OptionField(
                "variant",
                label_key="arribada.option.variant",
                choice_keys=(
                    ("standard", "arribada.option.standard"),
                    ("beginner", "arribada.option.beginner"),
                ),
            )
        ]


UI: GameUI[ArribadaState] = ArribadaUI(
    table.render_table,
    table.on_click,
    log.describe,
    end.render_end,
    rules.rules_html,
    end_steps=end.end_steps,
)
