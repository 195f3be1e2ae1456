"""The games' first-game tutorials found, loaded and played on their games' UIs: whether
a game has one (:func:`has_tutorial`, without importing it), the script of a game
(:func:`get_tutorial`: its UI package's ``tutorial`` module, imported only when a
tutorial is opened), the position at a step (:func:`state_at`: the script's moves played,
a play step's clicks turned into its move by the game's own ``on_click``), and
:func:`check`, which plays a whole tutorial through its game's UI as a player would (every
game's tutorial is checked by the test suite with it).

What a script is, and what the shell does with one without its game, is
:mod:`tablero.web.tutorial`'s, the contract the games' ``tutorial`` packages import: the
imports point one way, from here to the games and to the contract, never back.
"""

from __future__ import annotations

import importlib.util
import re
from typing import Any

from tablero.core import State

from .games import get_ui, ui_part
from .plugin import Selection, Translate
from .tutorial import YOU, Step, Tutorial, highlight, seats

__all__ = ["check", "expected_move", "get_tutorial", "has_tutorial", "state_at"]

_ID = re.compile(r"[a-z][a-z0-9_]*")


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
