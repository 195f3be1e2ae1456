"""The app's acts (``data-act="app.*"``), each registered once with what the page and the
tests need to know of it.

A screen module (:mod:`tablero.web.screens`) registers its handlers with :func:`act`::

    @act("app.undo", screen="table", same_game=True)
    def undo(app: App, model: Model, data: dict[str, str]) -> Model: ...

and ``App.dispatch`` looks the act up in :data:`ACTS` (an act not found there is the
game plugin's).  What is recorded with each act:

``screen``
    the screen module that handles it (``frame``: the menu bar, the notice and the share
    panel shown on every screen).
``same_game``
    it touches only the game on screen (or nothing): it never opens another game, so the
    page runs it while the other games' engines are still to come (docs/pwa.md,
    "Booting"); every other ``app.*`` act waits for them.
``view_only``
    it changes only what is shown: never the game, the saved games or a bot's turn
    (tested: no save written, no move played, no bot asked).
``sent_by``
    ``"player"``: a ``data-act`` the views render; ``"page"``: sent by the page itself
    (``tablero.web.main``: a copied link, a file's text, a pasted link, a bot's answer).

An act the page performs without the controller (it needs the DOM) is registered with
:func:`page_performs` and has no handler.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeVar

if TYPE_CHECKING:
    from .app import App
    from .model import Model

__all__ = ["ACTS", "SCREENS", "Act", "Handler", "act", "page_performs", "same_game_acts"]

#: An act's handler: pure, the model and the act's data in, the next model out.
Handler = Callable[["App", "Model", dict[str, str]], "Model"]
H = TypeVar("H", bound=Handler)

#: The screens whose modules handle acts (``tablero/web/screens/<screen>.py``).
SCREENS = ("frame", "home", "new", "table", "saves", "replay", "rules", "tutorial", "remote")


@dataclass(frozen=True)
class Act:
    """One registered act (see the module's docstring for its fields)."""

    name: str
    screen: str
    handler: Handler | None
    same_game: bool = False
    view_only: bool = False
    sent_by: Literal["player", "page"] = "player"
    then: str | None = None  # page_performs: the act the page sends once it is done


_registry: dict[str, Act] = {}
#: Every registered act by name, in the order the screen modules register them.
ACTS: Mapping[str, Act] = _registry


def _add(entry: Act) -> None:
    if not entry.name.startswith("app."):
        raise ValueError(f"an app act is named app.*: {entry.name!r}")
    if entry.screen not in SCREENS:
        raise ValueError(f"{entry.name}: unknown screen {entry.screen!r}")
    if entry.name in _registry:
        raise ValueError(f"{entry.name} is registered twice")
    _registry[entry.name] = entry


def act(
    name: str,
    *,
    screen: str,
    same_game: bool = False,
    view_only: bool = False,
    sent_by: Literal["player", "page"] = "player",
) -> Callable[[H], H]:
    """Register the decorated function as the handler of ``name``."""

    def register(handler: H) -> H:
        _add(Act(name, screen, handler, same_game, view_only, sent_by))
        return handler

    return register


def page_performs(name: str, *, screen: str, then: str) -> None:
    """Register an act the page performs itself, without the controller (reading the
    file chosen in a file input), and then answers with ``then``."""
    _add(Act(name, screen, None, then=then))


def same_game_acts() -> frozenset[str]:
    """The acts never held back while other games' engines are still to come."""
    return frozenset(name for name, entry in _registry.items() if entry.same_game)
