"""The app's hot paths run once, headless, before the memory snapshot is taken.

``build.py`` calls :func:`warm_up` under Node after importing the page's modules and
before ``makeMemorySnapshot()`` (docs/pwa.md, "The snapshot"). A restored page then starts
with what the first table and the first clicks would otherwise fill in on every visit:
the interpreter's specialised bytecode for the render and dispatch code, the engines'
cached geometry and tables, the ``re`` and ``string.Formatter`` caches, the catalogs.

Pure Python, no page: a hot-seat game of every game the picker offers, a few random
moves in, opened as after a reload (the pass screen), revealed, then a few of the
table's own actions clicked, each followed by a render. Nothing is kept: the games live
in a throw-away :class:`MemoryStorage` and no module state but the caches is touched.
"""

from __future__ import annotations

import re

from tablero.core import Rng, make

from .app import App, Model
from .games import get_ui
from .i18n import LANGUAGES, load_every_catalog, translator
from .plugin import Seat
from .saves import MemoryStorage, SavedGame, SaveStore
from .views import render

_ACT = re.compile(r'<[^>]*\bdata-act="([^"]+)"[^>]*>')
_DATA = re.compile(r'\bdata-([a-z0-9-]+)="([^"]*)"')


def _table_acts(html: str) -> list[tuple[str, dict[str, str]]]:
    """The game's own actions on screen (not the app's menus), in page order."""
    out = []
    for tag in _ACT.finditer(html):
        act = tag.group(1)
        if act.startswith("app."):
            continue
        data = {k: v for k, v in _DATA.findall(tag.group(0)) if k != "act"}
        out.append((act, data))
    return out


def _walk(app: App, model: Model, clicks: int) -> int:
    """Click ``clicks`` of the table's actions, each time the first one of a kind not
    clicked yet (a rack tile, then a cell, then the confirm button...)."""
    renders = 0
    clicked: set[str] = set()
    for _ in range(clicks):
        html = render(model, app)
        renders += 1
        acts = _table_acts(html)
        if not acts:
            break
        act, data = next(((a, d) for a, d in acts if a not in clicked), acts[0])
        model = app.dispatch(model, act, data)
        clicked.add(act)
    render(model, app)
    return renders + 1


def warm_up(positions: tuple[int, ...] = (0, 3, 20), clicks: int = 4, seed: int = 1) -> int:
    """Open a hot-seat game of every game of the picker at a few positions (after that
    many random moves), reveal it and click through it; returns the number of renders."""
    load_every_catalog()  # the tutorials' too: a restored page has no files at first
    renders = 0
    turn = 0
    picker = App(SaveStore(MemoryStorage()), get_ui, translator=translator).available_games()
    for entry in picker:
        for moves in positions:
            state = make(entry.id, players=2, seed=seed)
            rng = Rng(seed)
            for _ in range(moves):
                if state.is_terminal():
                    break
                legal = state.legal_moves()
                state = state.apply_unchecked(legal[rng.randbelow(len(legal))])
            store = SaveStore(MemoryStorage())
            seats = [Seat("A", 0, "human"), Seat("B", 1, "human")]
            store.save(SavedGame("warm-up", "warm-up", entry.id, seats, state, 0.0, 0.0))
            store.set_current("warm-up")
            app = App(store, get_ui, translator=translator)
            lang = LANGUAGES[turn % len(LANGUAGES)]
            turn += 1
            model = app.boot(lang, "", "http://localhost/")
            render(model, app)
            model = app.dispatch(model, "app.reveal", {})
            renders += 1 + _walk(app, model, clicks)
    return renders
