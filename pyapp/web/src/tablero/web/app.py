"""The app shell's controller: a pure state machine over :class:`Model` values.

``App.dispatch(model, act, data)`` takes the current model, the ``data-act`` of
what the player clicked (or submitted, or changed) and its ``data-*`` attributes
(or the form's fields), and returns the next model.  It never touches the DOM:
what only the page can do (download a file, copy a link, clear the URL fragment,
remember the language, run a bot) is asked for through :attr:`Model.effects`, which
``tablero.web.main`` performs.  The saved games go through an injected
:class:`~tablero.web.saves.SaveStore`, so tests run it over ``MemoryStorage``.

The controller by screen: the ``app.*`` acts are handled in
:mod:`tablero.web.screens` (one module per screen), each registered once in
:data:`tablero.web.acts.ACTS` with its metadata (its screen, whether it keeps the
game on screen, whether it only changes the view); ``dispatch`` looks an act up
there, and any other act is the game plugin's (a click on the table).  The model's
values and the shell's rules are in :mod:`tablero.web.model`, re-exported here.

Screens (``Model.screen``): ``home`` (game picker, continue, import), ``new`` (the
new-game dialog), ``game`` (the table, or the pass-the-device screen, and the end of
the game), ``saves``, ``rules``, ``replay`` (stepping through a finished game).
Bots: see :mod:`tablero.web.screens.table`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from tablero.core import CorruptDataError, get_game

from . import screens
from .acts import ACTS, same_game_acts
from .challenge import challenge_game
from .links import link_game
from .model import (
    BOT_BUDGET_MS,
    BOT_LEVELS,
    GAMES,
    KINDS,
    MAIN_THREAD_LEVELS,
    MAX_NAME,
    MAX_SAVE_NAME,
    MAX_SEED,
    Effect,
    GameEntry,
    Model,
    NewGameForm,
    Thinking,
    bot_level,
    bot_seed,
    can_undo,
    humans,
    parse_seed,
    pass_to,
    picker_games,
    problem,
    reveals_hidden,
    undoable,
    viewer,
)
from .plugin import GameUI
from .remotegames import RemoteStore
from .saves import SaveStore

__all__ = [
    "ACTS",
    "GAMES",
    "MAX_NAME",
    "MAX_SAVE_NAME",
    "MAX_SEED",
    "BOT_BUDGET_MS",
    "BOT_LEVELS",
    "KINDS",
    "MAIN_THREAD_LEVELS",
    "SAME_GAME_ACTS",
    "App",
    "Effect",
    "GameEntry",
    "Model",
    "NewGameForm",
    "Thinking",
    "bot_level",
    "bot_seed",
    "can_undo",
    "humans",
    "pass_to",
    "parse_seed",
    "picker_games",
    "problem",
    "reveals_hidden",
    "undoable",
    "viewer",
]

#: The acts that only touch the game on screen (or nothing), from the registry: the
#: page never holds them back while other games' engines are still to come.
SAME_GAME_ACTS: frozenset[str] = same_game_acts()


def _now_ms() -> float:
    return time.time() * 1000


def _random_seed() -> int:
    # 48 random bits from os.urandom, which Pyodide provides from the browser's crypto
    # (as secrets.randbits would; the secrets module is not imported for it: it imports
    # hashlib and hmac, a few ms of a first visit).
    return int.from_bytes(os.urandom(6), "big")


class App:
    """The controller.  Holds only its collaborators; the state is the :class:`Model`.

    ``store``: the saved games; ``get_ui``: a game id's UI plugin; ``translator``:
    ``lang -> t`` (for the names the controller writes into saves); ``now``: the clock
    (milliseconds since the epoch, as saves keep it); ``new_seed``: a fresh random seed;
    ``entropy``: ``n -> n`` random bytes (a remote game's secret); ``read_slice``: the
    seconds a link of a game with friends is read in before the page paints and goes on
    (:mod:`.timeslice`; ``None``, the default, reads it whole).  The games with friends
    by link are kept beside the saved games, in the store's storage (:attr:`remote`, a
    :class:`~tablero.web.remotegames.RemoteStore`).
    """

    def __init__(
        self,
        store: SaveStore,
        get_ui: Callable[[str], GameUI[Any]],
        *,
        translator: Callable[[str], Callable[..., str]],
        now: Callable[[], float] = _now_ms,
        new_seed: Callable[[], int | str] = _random_seed,
        games: tuple[GameEntry, ...] = GAMES,
        entropy: Callable[[int], bytes] = os.urandom,
        read_slice: float | None = None,
    ) -> None:
        self.store = store
        self.remote = RemoteStore(store.storage)
        self.entropy = entropy
        self.get_ui = get_ui
        self.translator = translator
        self.now = now
        self.new_seed = new_seed
        self.games = games
        self.read_slice = read_slice

    # --- entry points -------------------------------------------------------------

    def available_games(self) -> list[GameEntry]:
        """The games of the table whose engine and UI are installed."""
        out = []
        for entry in self.games:
            try:
                get_game(entry.id)
                self.get_ui(entry.id)
            except Exception:  # noqa: BLE001 - a missing game is simply not offered
                continue
            out.append(entry)
        return out

    def boot(self, lang: str, fragment: str = "", base_url: str = "") -> Model:
        """The first model: open a shared link if the URL holds one, else reopen the
        game that was on screen, else the start screen."""
        model = Model(lang=lang, base_url=base_url)
        try:
            fragment = fragment.lstrip("#")
            if fragment:
                opened = screens.frame.open_link(self, model, fragment)
                if opened.game is not None:
                    return opened
                # A bad link: the start screen, still offering the game to continue.
                return self._with_current(opened)
            current = self.store.current()
            if current:
                try:
                    game = self.store.load(current)
                except (CorruptDataError, KeyError, ValueError):
                    return replace(model, notice=("app.error.resume-failed", {}))
                return screens.table.open_game(self, model, game)
            remote = self.remote.current()
            if remote:
                return screens.remote.reopen(self, model, remote)
        except Exception:  # noqa: BLE001 - never fail to show the start screen
            return replace(model, notice=("app.error.unexpected", {}))
        return model

    def boot_games(self, fragment: str = "") -> list[str]:
        """The games whose engines :meth:`boot` needs for the first screen, read without
        any engine: a link's game (a share link's or a challenge's), else the game to
        reopen, else every game of the picker (the start screen lists them).  The page
        loads these engines before it starts and the others after the board is
        interactive (docs/pwa.md, "Booting").

        Never raises: a link or a stored entry it cannot read (hostile, damaged, nested
        too deeply) or a storage that throws names no game, as :meth:`boot` then shows
        the start screen, so the answer is every game; boot.js never falls back to its
        own "every engine" for lack of an answer."""
        known = [entry.id for entry in self.games]
        try:
            wanted = self._boot_game(fragment)
        except Exception:  # noqa: BLE001 - an input it cannot read names no game
            wanted = None
        if wanted in known:
            return [wanted]
        return known

    def _boot_game(self, fragment: str) -> str | None:
        """The one game :meth:`boot_games` reads from the link or the game to reopen."""
        fragment = fragment.lstrip("#")
        if fragment:
            return link_game(fragment) or challenge_game(fragment)
        current = self.store.current()
        if current:
            return self.store.game_of(current)
        remote = self.remote.current()
        return self.remote.game_of(remote) if remote else None

    def _with_current(self, model: Model) -> Model:
        """``model`` holding the game to reopen (not shown), if it can be read."""
        current = self.store.current()
        if not current:
            return model
        try:
            game = self.store.load(current)
        except Exception:  # noqa: BLE001 - then there is simply nothing to continue
            return model
        return replace(model, game=game)

    def dispatch(self, model: Model, act: str, data: Mapping[str, str] | None = None) -> Model:
        """The model after the player's action ``act`` with its ``data``: the handler
        registered for ``act`` (:data:`~tablero.web.acts.ACTS`), else the game plugin's
        click.

        Never raises: an unexpected failure keeps the model (the game is never lost)
        and shows a one-sentence message.
        """
        data = dict(data or {})
        base = replace(model, toast=None, effects=())
        try:
            entry = ACTS.get(act)
            if entry is not None and entry.handler is not None:
                return entry.handler(self, base, data)
            if base.screen == "tutorial":
                return screens.tutorial.click(self, base, act, data)
            return screens.table.plugin_click(self, base, act, data)
        except Exception:  # noqa: BLE001 - errors never lose the game
            return replace(base, toast=("app.error.unexpected", {}))

    # --- what the screens' handlers use ---------------------------------------------

    def t(self, lang: str) -> Callable[..., str]:
        return self.translator(lang)

    def entry(self, game_id: str) -> GameEntry:
        """The picker's entry of ``game_id`` (its catalog keys)."""
        for entry in self.games:
            if entry.id == game_id:
                return entry
        return GameEntry.of(game_id)

    def bots(self) -> Callable[..., Any] | None:
        """``tablero.bots.make_bot`` if the bots are on the page (the worker has its own;
        the page unpacks them only to play a bot's move here), else ``None``."""
        try:
            from tablero.bots import make_bot
        except ImportError:
            return None
        return make_bot
