"""Arboretum's user interface (the :class:`tablero.web.plugin.GameUI` contract).

The work is split by job:

=========================  ================================================
``arboretum_look.py``      species colours and symbols, cards, the garden
``arboretum_style.py``     the stylesheet
``arboretum_table.py``     the table during play, and what clicks do
``arboretum_log.py``       history entries in words
``arboretum_end.py``       rights to score, paths, totals, the tie-break
``arboretum_rules.py``     the rules help
=========================  ================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablero.core import State

from ..plugin import OptionField, Seat, Selection, Translate
from . import arboretum_end, arboretum_log, arboretum_rules, arboretum_table

__all__ = ["UI", "ArboretumUI"]


class ArboretumUI:
    game_id = "arboretum"
    sticky_keys = ("zoom",)  # the garden's zoom survives moves
    view_acts = ("zoom",)  # and can be changed at any time

    def options(self) -> list[OptionField]:
        return [
            OptionField(
                name="first_player",
                label_key="arboretum.option.first_player",
                choices=(
                    (None, "arboretum.option.first_random"),
                    (0, "arboretum.option.first_a"),
                    (1, "arboretum.option.first_b"),
                    (2, "arboretum.option.first_c"),
                    (3, "arboretum.option.first_d"),
                ),
                default=None,
            )
        ]

    def render_table(
        self, view: State, seats: list[Seat], selection: Selection, t: Translate
    ) -> str:
        return arboretum_table.render_table(view, seats, selection, t)

    def on_click(
        self, view: State, selection: Selection, target: dict[str, str]
    ) -> tuple[Selection, Any | None]:
        return arboretum_table.on_click(view, selection, target)

    def describe(self, entry: Mapping[str, Any], seats: list[Seat], t: Translate) -> str:
        return arboretum_log.describe(entry, seats, t)

    def render_end(self, state: State, seats: list[Seat], t: Translate) -> str:
        return arboretum_end.render_end(state, seats, t)

    def rules_html(self, t: Translate) -> str:
        return arboretum_rules.rules_html(t)


UI = ArboretumUI()
