"""First-game tutorials: a short scripted game per game, played on the game's own table.

A game's UI package may hold a ``tutorial`` module (``tablero.web.games.<game>.tutorial``,
imported only when a tutorial is opened) exposing ``TUTORIAL``, a :class:`Tutorial`: how
the game is set up (a fixed deal) and its :class:`Step` values, in order.  A step is one
of three kinds:

* **read**: an explanation; the player goes on with "Next";
* **play** (``clicks``): the player makes a move by clicking; the clicks, in order, are the
  ones that make the move on the game's table (:meth:`GameUI.on_click`), and the next one
  is highlighted on the table (``data-tut="target"``); the move the clicks make is the one
  the step wants (another legal move is refused, with a word why: the script goes on
  from the move it expects);
* **watch** (``them``): the partner's moves (a turn), in the game's notation, played when
  the step begins; the table marks them as it marks any other player's, the text says why.

The texts are catalog keys of the game's tutorial namespace (``<game>.tutorial.*``, in
``games/<game>/tutorial/messages/``, loaded only when a tutorial is shown).  The
position at a step is the deal with the script's moves before it played (:func:`state_at`),
so the progress kept to resume a tutorial is a step number
(:meth:`~tablero.web.saves.SaveStore.tutorial_progress`).  :func:`check` plays a whole
tutorial through its game's UI as a player would; every game's tutorial is checked by
the test suite with it.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tablero.core import State

from .games import get_ui, ui_part
from .plugin import Seat, Selection, Translate
from .svg import esc

__all__ = [
    "Step",
    "Tutorial",
    "check",
    "expected_move",
    "get_tutorial",
    "has_tutorial",
    "highlight",
    "matches",
    "seats",
    "state_at",
]

#: The seat of the player learning (the partner is the other).
YOU = 0
_ID = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class Step:
    """One step of a tutorial (see the module's docstring for the three kinds)."""

    say: str  # catalog key of the step's text
    params: Mapping[str, Any] = field(default_factory=dict)
    #: play: the clicks that make the move, each the clicked element's ``data-*``
    #: attributes (``act`` for ``data-act``) as the game's ``on_click`` takes them
    clicks: tuple[Mapping[str, str], ...] = ()
    them: tuple[str, ...] = ()  # watch: the partner's moves, in the game's notation

    @property
    def kind(self) -> str:
        if self.clicks:
            return "play"
        return "watch" if self.them else "read"


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial: its fixed deal (``setup()``: the start position, two seats),
    the partner's name (a catalog key) and the steps."""

    game_id: str
    setup: Callable[[], State]
    partner: str  # catalog key of the partner's name
    steps: tuple[Step, ...]
    partner_colour: int = 1


def has_tutorial(game_id: str) -> bool:
    """Whether ``game_id``'s UI package has a tutorial, found without importing it (the
    start screen asks for every game; a tutorial is imported only when opened)."""
    if not _ID.fullmatch(game_id):
        return False
    try:
        return importlib.util.find_spec(f"tablero.web.games.{game_id}.tutorial") is not None
    except (ImportError, ValueError):
        return False


def get_tutorial(game_id: str) -> Tutorial | None:
    """The tutorial of ``game_id``'s UI package, or ``None`` when it has none."""
    module = ui_part(game_id, "tutorial")
    tutorial = getattr(module, "TUTORIAL", None) if module is not None else None
    return tutorial if isinstance(tutorial, Tutorial) else None


def seats(tutorial: Tutorial, t: Translate) -> list[Seat]:
    """The two seats: the player (a person) and the partner (played by the script:
    neither a person at the device nor a bot, so nobody is asked to pass the device
    and no bot is asked to move)."""
    return [
        Seat(t("app.tutorial.you"), 0),
        Seat(t(tutorial.partner), tutorial.partner_colour, kind="script"),
    ]


def state_at(tutorial: Tutorial, step: int) -> State:
    """The position the player sees at ``step``: every move of the steps before it
    played, and the partner's moves of ``step`` itself if it is a watch step."""
    state = tutorial.setup()
    for index, here in enumerate(tutorial.steps[: step + 1]):
        for text in here.them:
            state = state.apply(state.parse_move(text))
        if here.clicks and index < step:
            state = state.apply(expected_move(tutorial, state, here))
    return state


def expected_move(tutorial: Tutorial, state: State, step: Step) -> Any:
    """The move a play step's clicks make on the table at ``state`` (``ValueError`` if
    they make none: the script is wrong)."""
    ui = get_ui(tutorial.game_id)
    view = state.view(YOU)
    selection = Selection()
    move = None
    for click in step.clicks:
        if move is not None:
            raise ValueError(f"{step.say}: a move is made before the last click")
        selection, move = ui.on_click(view, selection, dict(click))
    if move is None:
        raise ValueError(f"{step.say}: the clicks make no move")
    return move


# --- the highlight ------------------------------------------------------------------------

_TAG = re.compile(r"<([a-zA-Z][\w:-]*)((?:\s+[^<>]*?)?)(/?)>")
_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')


def matches(attributes: str, click: Mapping[str, str]) -> bool:
    """Whether a tag's attribute text carries every ``data-*`` of ``click`` (its values
    escaped as the renderers escape them, :func:`~tablero.web.svg.esc`)."""
    found = dict(_ATTR.findall(attributes))
    return all(found.get(f"data-{name}") == esc(value) for name, value in click.items())


def highlight(table: str, targets: tuple[Mapping[str, str], ...]) -> tuple[str, bool]:
    """``table`` with the first element that matches one of ``targets`` (tried in
    order) marked ``data-tut="target"``, and whether one was found."""
    for click in targets:
        for found in _TAG.finditer(table):
            if "data-act=" in found.group(2) and matches(found.group(2), click):
                name, attrs, close = found.groups()
                tag = f'<{name}{attrs} data-tut="target"{close}>'
                return table[: found.start()] + tag + table[found.end() :], True
    return table, False


def target_clicks(step: Step, clicked: int) -> tuple[Mapping[str, str], ...]:
    """The clicks to highlight, best first: the next one of the step, then the first
    (the selection was cleared: start again)."""
    rest = step.clicks[clicked:] if clicked < len(step.clicks) else ()
    return (*rest[:1], *step.clicks[:1])


def clicked_after(step: Step, clicked: int, target: Mapping[str, str], cleared: bool) -> int:
    """How many of the step's clicks are done after the player clicked ``target``."""
    for index in range(len(step.clicks) - 1, -1, -1):
        click = step.clicks[index]
        if all(target.get(k) == str(v) for k, v in click.items()):
            return index + 1
    return 0 if cleared else clicked


# --- checking a script ------------------------------------------------------------------


def check(tutorial: Tutorial, t: Translate) -> list[str]:
    """Play ``tutorial`` through as a player would: at each play step every click's
    element must be on the table (highlighted) and the last click must make the move;
    every partner move must be legal; every text must be in the catalog.  The problems
    found, as sentences (none: the script is sound)."""
    problems = []
    ui = get_ui(tutorial.game_id)
    people = seats(tutorial, t)
    state = tutorial.setup()
    for index, step in enumerate(tutorial.steps):
        where = f"step {index + 1} ({step.say})"
        if t(step.say, **step.params) == step.say:
            problems.append(f"{where}: no text in the catalog")
        if state.is_terminal() and step.kind != "read":
            problems.append(f"{where}: the game is over")
            break
        if step.them:
            try:
                for text in step.them:
                    if state.current_player == YOU:
                        raise ValueError("it is the player's turn, not the partner's")
                    state = state.apply(state.parse_move(text))
            except ValueError as exc:
                problems.append(f"{where}: the partner's move {text!r}: {exc}")
                break
            continue
        if not step.clicks:
            continue
        if state.current_player != YOU:
            problems.append(f"{where}: it is not the player's turn")
            break
        view = state.view(YOU)
        selection = Selection()
        move = None
        for number, click in enumerate(step.clicks, 1):
            page = ui.render_table(view, people, selection, t)
            if not highlight(page, (click,))[1]:
                problems.append(f"{where}: click {number} {dict(click)} is not on the table")
            try:
                selection, move = ui.on_click(view, selection, dict(click))
            except ValueError as exc:
                problems.append(f"{where}: click {number}: {exc}")
                break
        if move is None:
            problems.append(f"{where}: the clicks make no move")
            break
        state = state.apply(move)
    return problems
