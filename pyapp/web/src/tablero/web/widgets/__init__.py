"""Game-neutral pieces of a game's table, as pure functions returning HTML text, one
module per widget.

Every game's table has the same frame: a strip of seats with the one to play marked, a
status line with its badges and hint, buttons (``data-act``, ``data-move``), the
confirm/cancel pair of the pick-then-target flow, and a root element carrying
``data-game``.  Each function takes the game's class ``prefix`` (``arr``, ``arb``) so the
markup stays inside the game's own stylesheet; untrusted text (seat names) is escaped
where it is written, with :func:`tablero.web.svg.esc`.

The modules: :mod:`.moves` (the move builder), :mod:`.clicks` (a click's handling before the game's
own), :mod:`.seats` (names and the seat strip),
:mod:`.status` (the status line, hints, buttons, the table's root), :mod:`.layout` (the
table's layout), :mod:`.log` (the move log's shared sentences), :mod:`.news` (what the
others did), :mod:`.end` (the end screen's
frame), :mod:`.chart` (the score chart), :mod:`.zoom` (a zoomable view), :mod:`.motion` (a move's
animation on the page).  A widget module
may use another; none imports the screens or the views.  Every public name is re-exported
here, so a game's UI writes ``widgets.seat_strip(...)``.
"""

from __future__ import annotations

from .chart import ChartLabels, score_chart
from .clicks import Click, OnClick, click_handler
from .end import end_frame, margin_text, winner_line
from .layout import LayoutKeys, board_svg, table_layout
from .log import LogKeys, entry_sentences, final_sentence, names_list, scores_text, winners_sentence
from .motion import MOTION_KINDS, MotionKind, motion, move_key, recent_entries
from .moves import narrow, targets
from .news import news_text, since_last_turn
from .seats import SeatKeys, SeatStrip, is_you, said, seat_colours, seat_item, seat_name, seat_strip
from .status import (
    FlowKeys,
    TurnStatus,
    button,
    confirm_cancel,
    controls,
    face_down,
    flow_hint,
    preview_panel,
    status_line,
    table_frame,
    words_for,
)
from .zoom import ZOOM_SAME, Zoom, ZoomKeys

__all__ = [
    "MOTION_KINDS",
    "MotionKind",
    "motion",
    "move_key",
    "recent_entries",
    "ChartLabels",
    "Zoom",
    "ZoomKeys",
    "ZOOM_SAME",
    "Click",
    "OnClick",
    "board_svg",
    "button",
    "click_handler",
    "confirm_cancel",
    "controls",
    "end_frame",
    "face_down",
    "FlowKeys",
    "SeatKeys",
    "SeatStrip",
    "TurnStatus",
    "flow_hint",
    "narrow",
    "preview_panel",
    "seat_colours",
    "seat_item",
    "is_you",
    "said",
    "seat_name",
    "score_chart",
    "seat_strip",
    "status_line",
    "LayoutKeys",
    "LogKeys",
    "entry_sentences",
    "final_sentence",
    "names_list",
    "scores_text",
    "winners_sentence",
    "margin_text",
    "news_text",
    "since_last_turn",
    "table_frame",
    "table_layout",
    "targets",
    "winner_line",
    "words_for",
]
