"""The contract between the app shell and each game's user interface.

A game's UI is a module ``tablero.web.games.<game_id>`` exposing ``UI``, an object
with the methods of :class:`GameUI`.  Everything is pure: it takes the viewer's
``view`` (never the full state: what is hidden stays hidden) and returns HTML/SVG
text or a move; the shell applies moves to the true state, saves, re-renders.

Clicks: every clickable element a plugin renders carries ``data-act="<action>"``
plus any ``data-*`` arguments; the shell passes the clicked element's ``data-*``
attributes (a ``dict[str, str]``) to :meth:`GameUI.on_click`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tablero.core import State

#: ``t(key, **params) -> str``: the message catalog's translate function.
Translate = Callable[..., str]


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a player's name (untrusted text), colour and kind."""

    name: str
    colour: int  # index into the palette (0-3)
    kind: str = "human"  # "human" or "bot:<level>"


@dataclass(frozen=True)
class OptionField:
    """One game option in the new-game dialog (rendered by the shell)."""

    name: str  # the keyword for tablero.core.make
    label_key: str  # catalog key of the label
    choices: tuple[tuple[Any, str], ...]  # (value, catalog key of its label)
    default: Any


@dataclass(frozen=True)
class Selection:
    """What the player on screen has picked so far (UI-only, never saved)."""

    data: dict[str, Any] = field(default_factory=dict)

    def with_(self, **changes: Any) -> Selection:
        return Selection({**self.data, **changes})


class GameUI(Protocol):
    """A game's user interface.  Two optional attributes:

    ``sticky_keys``: selection keys that are view settings (a zoom level) and survive
    a move; every other key is cleared when a move is played.
    ``view_acts``: ``data-act`` values that only change the view, accepted at any time
    (another player's turn, the end of the game), not only on the viewer's turn.
    """

    game_id: str

    def options(self) -> list[OptionField]:
        """The game's options for the new-game dialog."""
        ...

    def render_table(
        self, view: State, seats: list[Seat], selection: Selection, t: Translate
    ) -> str:
        """HTML of the table for ``view.viewer``: board (SVG), the viewer's private
        pieces along the bottom, public supplies, scores/turn/pending decision at the
        top, highlighted legal targets and the preview of a chosen move (from
        ``view.preview``).  All untrusted text (seat names) escaped."""
        ...

    def on_click(
        self, view: State, selection: Selection, target: dict[str, str]
    ) -> tuple[Selection, Any | None]:
        """The new selection, and a move to apply (or ``None``) after a click on an
        element with ``data-act``."""
        ...

    def describe(self, entry: Mapping[str, Any], seats: list[Seat], t: Translate) -> str:
        """One history entry in words, as plain text (the shell escapes it)."""
        ...

    def render_end(self, state: State, seats: list[Seat], t: Translate) -> str:
        """HTML of the end of the game: scoring breakdown and score chart."""
        ...

    def rules_html(self, t: Translate) -> str:
        """HTML of the rules help, in the project's own words, rulings marked."""
        ...
