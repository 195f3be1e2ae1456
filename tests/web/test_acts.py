"""The app's acts, registered once (tablero.web.acts): every act the views render has a
handler and every handler an act that is rendered or sent by the page; the page keeps no
list of its own; and what each act's metadata says of it holds."""

from __future__ import annotations

import ast
import importlib
import re

import pytest
from tablero.core import make
from tablero.web import app as app_module
from tablero.web import main
from tablero.web.acts import ACTS, SCREENS, same_game_acts
from tablero.web.links import encode_link
from tablero.web.plugin import Seat
from tablero.web.saves import MemoryStorage, SavedGame, export_json

from web.test_app import (
    TWO,
    WEB,
    Page,
    clickables,
    finished_game,
    make_app,
    open_saved,
    position,
    start_game,
)

#: An act's name: ``app.`` and one word (catalog keys have a second dot).
ACT_NAME = re.compile(r"app\.[a-z][a-z-]*")
DATA_ACT = re.compile(r'data-act="(app\.[^"]*)"')


def _strings(path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def rendered_acts() -> set[str]:
    """The ``app.*`` acts in the templates of the screens (views.py and screens/*.py, where
    each screen renders itself): ``button(label, "app.x", ...)`` and ``data-act="app.x"``
    in their HTML text."""
    found = set()
    for path in [WEB / "views.py", *sorted((WEB / "screens").glob("*.py"))]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(WEB).as_posix()
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "button"
            ):
                act = node.args[1]
                assert isinstance(act, ast.Constant), f"{where}:{node.lineno}: an act at runtime"
                found.add(act.value)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                found |= set(DATA_ACT.findall(node.value))
    return {act for act in found if act.startswith("app.")}


def page_sent_acts() -> set[str]:
    """The ``app.*`` act names written in the page's glue (main.py, botworker.py)."""
    out = set()
    for name in ("main.py", "botworker.py"):
        out |= {s for s in _strings(WEB / name) if ACT_NAME.fullmatch(s)}
    return out


def test_every_rendered_act_has_a_handler_and_every_handler_an_act():
    rendered = rendered_acts()
    assert {"app.home", "app.undo", "app.lang", "app.start", "app.import-file"} <= rendered
    by_player = {name for name, entry in ACTS.items() if entry.sent_by == "player"}
    assert rendered == by_player
    for name in rendered:
        entry = ACTS[name]
        assert entry.handler is not None or entry.then in ACTS, name


def test_the_acts_the_page_sends_are_registered_as_the_pages():
    sent = page_sent_acts()
    by_page = {name for name, entry in ACTS.items() if entry.sent_by == "page"}
    assert by_page == {
        "app.copied", "app.import", "app.open-link", "app.bot-move", "app.bot-error",
        "app.nav", "app.install-state", "app.storage-info",
        # a game with friends: this tab holds its lock or not; another tab changed it;
        # a link's reading goes on in its next time slice
        "app.remote-lock", "app.remote-reload", "app.remote-continue",
    }  # fmt: skip
    assert by_page <= sent
    assert sent <= set(ACTS), sorted(sent - set(ACTS))
    for name, entry in ACTS.items():
        if entry.handler is None:  # performed by the page: it then sends another act
            assert name in sent and entry.then in by_page, name


def test_main_keeps_no_list_of_acts():
    tree = ast.parse((WEB / "main.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Set, ast.List, ast.Tuple, ast.Dict)):
            elts = node.keys if isinstance(node, ast.Dict) else node.elts
            names = [
                e.value
                for e in elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
                and ACT_NAME.fullmatch(e.value)
            ]  # fmt: skip
            assert len(names) <= 1, f"main.py:{node.lineno} lists acts: {names}"
    # What waits for the other engines is the registry's, and the same as before it.
    assert main.SAME_GAME_ACTS is app_module.SAME_GAME_ACTS
    assert app_module.SAME_GAME_ACTS == same_game_acts()
    assert same_game_acts() == {
        "app.game", "app.dismiss", "app.lang", "app.reveal", "app.undo", "app.share",
        "app.copied", "app.share-close", "app.export", "app.replay", "app.replay-step",
        "app.replay-close", "app.bot-move", "app.bot-error", "app.bot-retry", "app.bot-here",
        # history, drawers and installing never open another game
        "app.nav", "app.drawer", "app.install", "app.install-help-close", "app.install-state",
        # the storage: its figures, asking to keep it, exporting an entry as it is
        "app.storage-info", "app.persist", "app.export-problem",
        # a tutorial's steps and leaving it (opening one needs its game's engine)
        "app.tutorial-next", "app.tutorial-leave",
        # a game with friends: its links shared again, its export, its lock, another tab
        "app.remote-share", "app.remote-export", "app.share-sheet", "app.remote-lock",
        "app.remote-reload", "app.remote-relock", "app.copy-part", "app.remote-file",
        # playback and the end told step by step: the game on screen only
        "app.playback", "app.playback-skip", "app.end-step", "app.end-skip",
    }  # fmt: skip


def test_each_handler_lives_in_its_screens_module():
    assert set(SCREENS) == {
        "frame", "home", "new", "table", "saves", "replay", "rules", "tutorial", "remote",
    }  # fmt: skip
    for name, entry in ACTS.items():
        assert entry.screen in SCREENS, name
        module = importlib.import_module(f"tablero.web.screens.{entry.screen}")
        if entry.handler is not None:
            assert entry.handler.__module__ == module.__name__, name


def test_a_plugin_act_is_not_an_app_act():
    """Acts not in the registry go to the game's plugin (its own names, no ``app.``)."""
    page = start_game(make_app()).reveal_if_asked()
    table = {act for _, act, _, _ in clickables(page.html) if not act.startswith("app.")}
    assert table and not table & set(ACTS)


# --- the metadata holds ------------------------------------------------------------------------


class CountingStorage(MemoryStorage):
    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def set(self, key: str, value: str) -> None:
        self.writes += 1
        super().set(key, value)

    def remove(self, key: str) -> None:
        self.writes += 1
        super().remove(key)


BOT_FIRST = make("arribada", players=2, seed=5, first_player=1)


def answer_with_an_error(page: Page) -> Page:
    th = page.model.thinking
    assert th is not None
    return page.send("app.bot-error", id=str(th.id), code="start", reason="no Worker")


def pages() -> list[tuple[str, Page, CountingStorage]]:
    """A page on each screen, each where its acts do the most: a hot-seat table with a
    move to undo, the pass screen, the share panel, a bot to move, a bot's game to
    continue from the start screen, the end, the replay, the saves (two games, one
    being deleted, one renamed), the new-game dialog, the rules, the start screen."""
    out = []
    bot_seats = [Seat("Ana", 0), Seat("Bo", 1, "bot:easy")]

    def new(name, build):
        storage = CountingStorage()
        app = make_app(storage)
        out.append((name, build(app), storage))

    def two_saves(app):
        start_game(app, names=("Ana", "Ben"))
        return start_game(app, names=("Cy", "Di")).click("app.saves")

    def to_continue(app):
        open_saved(app, BOT_FIRST, bot_seats)
        return Page(app, app.boot("en", "#tb1.damaged"))  # the game to continue, not shown

    new("home", lambda app: Page(app, app.boot("en")))
    new("table", lambda app: open_saved(app, position(), TWO).reveal_if_asked().play("place 3 a1"))
    new("pass", lambda app: start_game(app))
    new("shared", lambda app: start_game(app).reveal_if_asked().click("app.share"))
    new("bot", lambda app: open_saved(app, BOT_FIRST, bot_seats))
    new("bot-failed", lambda app: answer_with_an_error(open_saved(app, BOT_FIRST, bot_seats)))
    new("continue", to_continue)
    new("end", lambda app: open_saved(app, finished_game(), TWO))
    new("replay", lambda app: open_saved(app, finished_game(), TWO).click("app.replay"))
    new("saves", two_saves)
    new("deleting", lambda app: two_saves(app).click("app.delete"))
    new("renaming", lambda app: two_saves(app).click("app.rename"))
    new("new", lambda app: Page(app, app.boot("en")).click("app.new", game="arribada"))
    new("rules", lambda app: Page(app, app.boot("en")).click("app.rules", game="arribada"))
    return out


OTHER = make("arribada", players=2, seed=8)
DATA = {
    "app.lang": {"value": "es"},
    "app.replay-step": {"value": "1"},
    "app.form": {"players": "3"},
    "app.rename-save": {"name": "Sunday game"},
    "app.import": {"text": export_json(SavedGame("x", "Other", "arribada", TWO, OTHER, 1, 1))},
    "app.open-link": {"fragment": encode_link(OTHER, TWO)},
}


def _uses(page: Page, act: str) -> list[dict[str, str]]:
    """The data of each element sending ``act`` on this page (else none), with what the
    page itself would add (a form's fields, a bot's answer to the pending request)."""
    extra = DATA.get(act, {})
    th = page.model.thinking
    if th is not None and act in ("app.bot-move", "app.bot-error"):
        move = str(page.state.legal_moves()[0])
        extra = {"id": str(th.id), "move": move, "code": "failed", "reason": "x"}
    found = [data for _, a, data, _ in clickables(page.html) if a == act]
    return [{**data, **extra} for data in found] or [extra]


@pytest.mark.parametrize("act", sorted(n for n, e in ACTS.items() if e.view_only))
def test_a_view_only_act_changes_only_what_is_shown(act):
    for where, page, storage in pages():
        for data in _uses(page, act):
            before = page.model
            writes = storage.writes
            after = page.app.dispatch(before, act, data)
            assert after.toast != ("app.error.unexpected", {}), (where, act)
            assert storage.writes == writes, (where, act, "wrote to the storage")
            assert (after.game is None) == (before.game is None), (where, act)
            if before.game is not None:
                assert after.game is not None and after.game.state is before.game.state
            assert not [e for e in after.effects if e.kind == "think"], (where, act)


@pytest.mark.parametrize("act", sorted(same_game_acts()))
def test_a_same_game_act_never_opens_another_game(act):
    for where, page, _ in pages():
        for data in _uses(page, act):
            before = page.model
            after = page.app.dispatch(before, act, data)
            if before.game is None:
                assert after.game is None, (where, act)
            else:
                assert after.game is not None and after.game.id == before.game.id, (where, act)


def test_every_act_on_every_screen_is_registered():
    for where, page, _ in pages():
        acts = {act for _, act, _, _ in clickables(page.html) if act.startswith("app.")}
        assert acts <= set(ACTS), (where, sorted(acts - set(ACTS)))
