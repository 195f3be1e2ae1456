"""The pieces a game's tutorial is declared with: a script is its game, its fixed deal
and its steps, each step a text and what the player does (:mod:`tablero.web.tutorial`).

A game's ``tutorial`` package writes only what is its own::

    TUTORIAL = script("arraial", seed=4263, steps=(
        read("welcome"),
        play("rotate", move("rotate")),
        play("drop_z", click("column", column="3"), confirm()),
        watch("partner_zone", "take 1", "land a1 b1 a2"),
    ))

:func:`script` writes the rest once for every game: the deal (two seats, the player
first), the partner's name and the texts' namespace (``<game>.tutorial.<name>``).  The
clicks are the clicked elements' ``data-*`` attributes as the game's ``on_click`` takes
them: :func:`click` any of them, :func:`move` a button carrying a move's text,
:func:`confirm` the pick-then-target flow's Confirm.  Like the contract, this module
imports no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from tablero.core import make

from .tutorial import YOU, Step, Tutorial

__all__ = ["Click", "click", "confirm", "move", "play", "read", "script", "watch"]

#: One click of a play step: the clicked element's ``data-*`` attributes.
Click = Mapping[str, str]


def click(act: str, **data: str) -> Click:
    """A click on the element with ``data-act=act`` and the other ``data-*`` of ``data``.

    >>> click("cell", cell="f6")
    {'act': 'cell', 'cell': 'f6'}
    """
    return {"act": act, **data}


def move(text: str) -> Click:
    """A click on a button that makes the move written ``text`` (``data-act="move"``)."""
    return click("move", move=text)


def confirm() -> Click:
    """A click on Confirm, after a piece and its target were picked."""
    return click("confirm-move")


def read(name: str) -> Step:
    """A read step: the text ``name`` (in the tutorial's namespace), then "Next"."""
    return Step(name)


def play(name: str, *clicks: Click) -> Step:
    """A play step: the text ``name``, and the clicks that make the move it asks for."""
    return Step(name, clicks=clicks)


def watch(name: str, *moves: str) -> Step:
    """A watch step: the text ``name``, and the partner's ``moves`` (a turn, in the
    game's notation) played when the step begins."""
    return Step(name, them=moves)


def script(game_id: str, *, seed: int, steps: tuple[Step, ...], **options: Any) -> Tutorial:
    """The tutorial of ``game_id``: a game for two dealt with ``seed`` (and the game's
    ``options``), the player (:data:`~tablero.web.tutorial.YOU`) first; the partner named
    ``<game>.tutorial.partner``; each step's text ``name`` the key
    ``<game>.tutorial.<name>``.

    >>> tut = script("arribada", seed=7, steps=(read("welcome"),))
    >>> tut.partner, tut.steps[0].say, tut.setup().current_player
    ('arribada.tutorial.partner', 'arribada.tutorial.welcome', 0)
    """
    keys = f"{game_id}.tutorial."
    return Tutorial(
        game_id=game_id,
        setup=partial(make, game_id, players=2, seed=seed, **options, first_player=YOU),
        partner=keys + "partner",
        steps=tuple(replace(step, say=keys + step.say) for step in steps),
    )
