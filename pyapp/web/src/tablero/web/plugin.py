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
from typing import Any, Generic, Protocol, TypeVar

from tablero.core import State

from .svg import read_only as svg_read_only

#: ``t(key, **params) -> str``: the message catalog's translate function.
Translate = Callable[..., str]

#: The state type of one game (``ArribadaState``...): what its UI's methods take.
S = TypeVar("S", bound=State)
S_contra = TypeVar("S_contra", bound=State, contravariant=True)


@dataclass(frozen=True)
class Seat:
    """A seat at the table: a player's name (untrusted text), colour and kind.

    ``you``: the seat of the one person at the device, as the shell shows it (never
    saved): the log speaks to that player ("You take the red pair", not "Ana takes").
    """

    name: str
    colour: int  # index into the palette (0-3)
    kind: str = "human"  # "human" or "bot:<level>"
    you: bool = False


@dataclass(frozen=True)
class OptionField:
    """How the new-game dialog presents one of the game's options: hints only.

    The options themselves, their kinds, choices and defaults are the core's
    (``tablero.core.get_game(id).options``, each an :class:`~tablero.core.OptionSpec`);
    the dialog derives its fields from them (:func:`tablero.web.screens.new.option_inputs`).
    A hint only names catalog keys where the rule's keys do not fit: by default the label
    is ``<game>.option.<name>`` and a choice's ``<game>.option.<name>.<value>`` (``random``
    for a seat option's ``None``), then the shell's ``app.option.*`` keys.  A hint for an
    option the core does not declare, or for a value it does not offer, is ignored.
    """

    name: str  # the OptionSpec's name (the keyword for tablero.core.make)
    label_key: str | None = None  # catalog key of the label, instead of the rule's
    choice_keys: tuple[tuple[Any, str], ...] = ()  # (value, catalog key of its label)

    @classmethod
    def first_player(cls, game: str) -> OptionField:
        """The core's ``first_player`` with its "drawn at random" under the game's
        ``<game>.option.first_random`` (the key the games have always had for it).

        >>> OptionField.first_player("g").choice_keys
        ((None, 'g.option.first_random'),)
        """
        return cls("first_player", choice_keys=((None, f"{game}.option.first_random"),))


@dataclass(frozen=True)
class Selection:
    """What the player on screen has picked so far (UI-only, never saved)."""

    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EndStep:
    """One step of a game's end sequence, shown on its final board before the summary:
    what scores and why (``caption``, plain text: the shell escapes it) and the final
    board with that step drawn where it happens (``board``, HTML: the game's board, read
    only, with the step's marks; untrusted text in it escaped by the game).  ``points``:
    what the step adds to each seat's score (``()`` when it adds nothing, such as the
    last step, who won), which the shell adds up beside the board as the steps go.

    A game gives its steps with its UI's ``end_steps(state, seats, t)``
    (:meth:`GameUI.end_steps`): the scoring in
    the rulebook's order, one step a thing that scores (a quadrant, a species, a zone, a
    criterion), then the winner; ``[]`` when it has none."""

    caption: str
    board: str
    points: tuple[int, ...] = ()


class GameUI(Protocol[S_contra]):
    """A game's user interface, typed over its game's state class ``S_contra``: a game's
    UI is a ``GameUI[ArribadaState]``; the shell, which holds every game's, a
    ``GameUI[Any]`` (it only ever hands a UI the states of its own game).  Two optional
    attributes:

    ``sticky_keys``: selection keys that are view settings (a zoom level) and survive
    a move and its undo; every other key is cleared when a move is played or undone.
    ``view_acts``: ``data-act`` values that only change the view, accepted at any time
    (another player's turn, the end of the game), not only on the viewer's turn.
    ``reveal_key``: the catalog key of the pass screen's button in the game's words
    ("I am {name}: show my cards"); by default the shell's ``app.pass.reveal``.
    ``share_key``: the catalog key of the share panel's warning, what a link gives away
    in the game's words (the hands of cards, the deck's order); by default the shell's
    ``app.share.warning``.
    """

    game_id: str

    def options(self) -> list[OptionField]:
        """Presentation hints for the core's options in the new-game dialog (label keys;
        the hinted options come first, in this order): never options of its own."""
        ...

    def render_table(
        self,
        view: S_contra,
        seats: list[Seat],
        selection: Selection,
        t: Translate,
        *,
        read_only: bool = False,
    ) -> str:
        """HTML of the table for ``view.viewer``: board (SVG), the viewer's private
        pieces along the bottom, public supplies, scores/turn/pending decision at the
        top, highlighted legal targets and the preview of a chosen move (from
        ``view.preview``).  All untrusted text (seat names) escaped.  ``read_only`` (a
        replayed position): nothing offered as a game control, the table written within
        :func:`tablero.web.svg.read_only` (no game ``data-act``, no button role, out of
        the Tab order, its buttons disabled)."""
        ...

    def on_click(
        self, view: S_contra, selection: Selection, target: dict[str, str]
    ) -> tuple[Selection, Any | None]:
        """The new selection, and a move to apply (or ``None``) after a click on an
        element with ``data-act``."""
        ...

    def describe(self, entry: Mapping[str, Any], seats: list[Seat], t: Translate) -> str:
        """One history entry in words, as plain text (the shell escapes it)."""
        ...

    def render_end(self, state: S_contra, seats: list[Seat], t: Translate) -> str:
        """HTML of the end of the game: scoring breakdown and score chart."""
        ...

    def end_steps(self, state: S_contra, seats: list[Seat], t: Translate) -> list[EndStep]:
        """The end of the game as a sequence on its final board, step by step
        (:class:`EndStep`), shown before :meth:`render_end`'s
        summary; ``[]`` for none."""
        ...

    def rules_html(self, t: Translate) -> str:
        """HTML of the rules help, in the project's own words, rulings marked."""
        ...


class RenderTable(Protocol[S_contra]):
    """A game's ``table.render_table`` (see :meth:`GameUI.render_table`)."""

    def __call__(
        self,
        view: S_contra,
        seats: list[Seat],
        selection: Selection,
        t: Translate,
        /,
        *,
        read_only: bool = False,
    ) -> str: ...


def table_renderer(
    table: Callable[[S, list[Seat], Selection, Translate], str],
) -> RenderTable[S]:
    """A game's ``render_table`` from its table's drawing ``table``: with ``read_only`` (a
    replayed position) the drawing is written within :func:`tablero.web.svg.read_only`, so
    the markup helpers offer nothing as a control; every game's table honours the flag
    this way, through the helpers it draws with."""

    def render_table(
        view: S,
        seats: list[Seat],
        selection: Selection,
        t: Translate,
        /,
        *,
        read_only: bool = False,
    ) -> str:
        with svg_read_only(read_only):
            return table(view, seats, selection, t)

    return render_table


def no_end_steps(state: Any, seats: list[Seat], t: Translate) -> list[EndStep]:
    """The end sequence of a game that has none (:attr:`GameParts.end_steps`' default):
    its end opens on its summary, which offers no sequence either."""
    return []


def has_end_steps(ui: object) -> bool:
    """Whether a game's UI tells its end step by step (it gives ``end_steps``), known
    without drawing them."""
    return getattr(ui, "end_steps", no_end_steps) is not no_end_steps


@dataclass(frozen=True)
class GameParts(Generic[S]):
    """The :class:`GameUI` methods but ``options`` as the functions of a game's package
    (``table.render_table``, ``table.on_click``, ``log.describe``, ``end.render_end``,
    ``rules.rules_html``): a game's ``UI`` class derives from it and adds ``game_id``,
    ``options`` and its optional attributes; ``end_steps`` (``end.end_steps``) is
    optional (none: no end sequence).  The pass screen's button and the share
    panel's warning are in the game's words, by the names every game gives them
    (``<game>.pass.reveal``, ``<game>.share.warning``)."""

    render_table: RenderTable[S]
    on_click: Callable[[S, Selection, dict[str, str]], tuple[Selection, Any | None]]
    describe: Callable[[Mapping[str, Any], list[Seat], Translate], str]
    render_end: Callable[[S, list[Seat], Translate], str]
    rules_html: Callable[[Translate], str]
    end_steps: Callable[[S, list[Seat], Translate], list[EndStep]] = no_end_steps

    @property
    def game_id(self) -> str:
        """The game's id: a game's ``UI`` class names it."""
        raise NotImplementedError

    @property
    def reveal_key(self) -> str:
        """The pass screen's button ("I am {name}: show my cards")."""
        return f"{self.game_id}.pass.reveal"

    @property
    def share_key(self) -> str:
        """The share panel's warning: what a link gives away."""
        return f"{self.game_id}.share.warning"
