"""What every game's table does with a click before its own moves: the clicked
element's ``data-*`` read without their prefix, a zoom button answered at any time (a
view setting, kept in the selection), and any other click taken only on the viewer's
turn; the game's own handler gets the rest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from tablero.core import State

from ..plugin import Selection
from .zoom import Zoom

__all__ = ["Click", "OnClick", "click_handler"]

S = TypeVar("S", bound=State)

#: A table's ``on_click`` (:meth:`tablero.web.plugin.GameUI.on_click`): the new selection
#: and the move to apply (``None`` while one is being built).
OnClick = Callable[[S, Selection, dict[str, str]], tuple[Selection, Any | None]]


class Click(NamedTuple):
    """A click on the viewer's turn, as the game's handler gets it: the element's
    ``data-act`` and all its ``data-*`` (``act`` among them), the legal moves and the
    same by their text, and what of the selection a move keeps (``keep``: the zoom's
    level, if zoomed)."""

    act: str | None
    data: dict[str, str]
    legal: list[Any]
    by_text: dict[str, Any]
    keep: dict[str, Any]


#: A game's handler of a :class:`Click` on the viewer's turn: the new selection and the
#: move to apply (``None`` while one is being built).
Play = Callable[[S, Selection, Click], tuple[Selection, Any | None]]


def click_handler(play: Play[S], zoom: Zoom | None = None) -> OnClick[S]:
    """The table's ``on_click`` around the game's ``play``, which is handed the
    :class:`Click` (the element's ``data-*``, ``act`` for ``data-act``, a ``data-`` prefix
    the page may send dropped; the legal moves) only on the viewer's turn; with a
    ``zoom``, its buttons (``data-act="zoom"``) change the selection at any time."""

    def on_click(
        view: S, selection: Selection, target: dict[str, str]
    ) -> tuple[Selection, Any | None]:
        data = {k.removeprefix("data-"): v for k, v in target.items()}
        if zoom is not None and data.get("act") == "zoom":
            zoomed = zoom.click(selection.data, data)
            return (selection if zoomed is None else Selection(zoomed)), None
        if view.viewer is None or view.viewer != view.current_player:
            return selection, None
        legal = view.legal_moves()
        keep = {} if zoom is None else zoom.kept(selection.data)
        click = Click(data.get("act"), data, legal, {str(m): m for m in legal}, keep)
        return play(view, selection, click)

    return on_click
