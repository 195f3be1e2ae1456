"""Arribada's user interface (the :class:`tablero.web.plugin.GameUI` contract).

The work is split by job:

========================  ===============================================
``arribada_look.py``      tiles, seat marks, icons, the board as SVG
``arribada_style.py``     the stylesheet
``arribada_table.py``     the table during play, and what clicks do
``arribada_log.py``       history entries in words
``arribada_end.py``       final scoring, the final board, the score chart
``arribada_rules.py``     the rules help
========================  ===============================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablero.core import State

from ..plugin import OptionField, Seat, Selection, Translate
from . import arribada_end, arribada_log, arribada_rules, arribada_table

__all__ = ["UI", "ArribadaUI"]


class ArribadaUI:
    game_id = "arribada"

    def options(self) -> list[OptionField]:
        return [
            OptionField(
                name="variant",
                label_key="arribada.option.variant",
                choices=(
                    ("standard", "arribada.option.standard"),
                    ("beginner", "arribada.option.beginner"),
                ),
                default="standard",
            )
        ]

    def render_table(
        self, view: State, seats: list[Seat], selection: Selection, t: Translate
    ) -> str:
        return arribada_table.render_table(view, seats, selection, t)

    def on_click(
        self, view: State, selection: Selection, target: dict[str, str]
    ) -> tuple[Selection, Any | None]:
        return arribada_table.on_click(view, selection, target)

    def describe(self, entry: Mapping[str, Any], seats: list[Seat], t: Translate) -> str:
        return arribada_log.describe(entry, seats, t)

    def render_end(self, state: State, seats: list[Seat], t: Translate) -> str:
        return arribada_end.render_end(state, seats, t)

    def rules_html(self, t: Translate) -> str:
        return arribada_rules.rules_html(t)


UI = ArribadaUI()
