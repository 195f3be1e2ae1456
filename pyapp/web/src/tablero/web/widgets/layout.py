"""The table's layout, the same for every game: the top strip, the board beside the side
panels, the dock along the bottom (docs/architecture.md, "The table")."""

from __future__ import annotations

from typing import NamedTuple

from ..plugin import Translate
from ..svg import raw_tag, tag

__all__ = ["LayoutKeys", "board_svg", "table_layout"]


class LayoutKeys(NamedTuple):
    """Catalog keys of the table layout's landmarks: the board's frame, the side panel
    (and its drawer's open and close buttons on a narrow screen), the player's dock."""

    board: str
    side: str
    dock: str


def table_layout(
    t: Translate,
    keys: LayoutKeys,
    *,
    top: str,
    board: str,
    side: str = "",
    dock: str = "",
    hand: str = "",
    actions: str = "",
) -> str:
    """The body of every game's table, one screen per turn (docs/architecture.md, "The
    table"): ``top`` (seats and status) across the top; the ``board`` in a frame that
    takes the space left and scales or pans its content; the ``side`` panels (supplies,
    the other players) beside it, or in a drawer on a narrow screen (its button is in
    the top strip); along the bottom the dock: the pending decision's panel ``dock``
    (a preview, the piles to draw from), the player's pieces ``hand`` and the decision's
    ``actions``.  Nothing is ever put between the board and the player's pieces.  The
    layout's classes (``tb-*``) are the shell's (``static/app-shell.css``)."""
    toggle = ""
    side_html = ""
    if side:
        toggle = tag(
            "button", t(keys.side), type="button", class_="tb-btn tb-side-open",
            data_act="app.drawer", data_drawer="side", aria_controls="tb-side",
        )  # fmt: skip
        close = tag(
            "button", t("app.drawer.close"), type="button", class_="tb-btn tb-drawer-close",
            data_act="app.drawer", data_drawer="", data_esc="1",
        )  # fmt: skip
        side_html = raw_tag(
            "aside", close + side, class_="tb-side", id="tb-side", aria_label=t(keys.side)
        )
    middle = raw_tag(
        "div",
        raw_tag("div", board, class_="tb-board", role="region", aria_label=t(keys.board))
        + side_html,
        class_="tb-middle" + (" has-side" if side else ""),
    )
    bottom = ""
    if dock or hand or actions:
        bottom = raw_tag(
            "section",
            (raw_tag("div", dock, class_="tb-decision") if dock else "")
            + raw_tag(
                "div",
                (raw_tag("div", hand, class_="tb-hand") if hand else "")
                + (raw_tag("div", actions, class_="tb-actions") if actions else ""),
                class_="tb-dock-row",
            ),
            class_="tb-dock",
            aria_label=t(keys.dock),
        )
    return raw_tag("header", top + toggle, class_="tb-top") + middle + bottom


def board_svg(
    inner: str, w: float, h: float, *, cls: str, title: str, min_w: int, min_h: int
) -> str:
    """A board as the ``<svg>`` the board's frame scales to fit (its ``viewBox``, ``w`` by
    ``h``), never below ``min_w`` by ``min_h`` px (the frame then pans), named ``title``:
    a group the arrow keys move in as a grid (``data-rove``)."""
    return raw_tag(
        "svg",
        inner,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {w} {h}",
        class_=cls,
        role="group",
        aria_label=title,
        style=f"min-width:{min_w}px;min-height:{min_h}px",
        data_rove="grid",
    )
