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
(:meth:`~tablero.web.saves.SaveStore.tutorial_progress`).

This module is the contract a game's ``tutorial`` package builds on (:class:`Tutorial`,
:class:`Step`; a game declares its script with the pieces of :mod:`tablero.web.tutorialkit`)
and what the shell does with a script without its game: the seats, the highlight of the
next click.  It imports no game: :mod:`tablero.web.tutorials` finds and
imports a game's tutorial, plays its script on the game's UI (:func:`~tablero.web.
tutorials.state_at`) and checks it (:func:`~tablero.web.tutorials.check`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tablero.core import State

from .plugin import Seat, Translate
from .svg import esc

__all__ = [
    "YOU",
    "Step",
    "Tutorial",
    "clicked_after",
    "highlight",
    "matches",
    "seats",
    "target_clicks",
]

#: The seat of the player learning (the partner is the other).
YOU = 0


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


def seats(tutorial: Tutorial, t: Translate) -> list[Seat]:
    """The two seats: the player (a person) and the partner (played by the script:
    neither a person at the device nor a bot, so nobody is asked to pass the device
    and no bot is asked to move)."""
    return [
        Seat(t("app.tutorial.you"), 0),
        Seat(t(tutorial.partner), tutorial.partner_colour, kind="script"),
    ]


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
