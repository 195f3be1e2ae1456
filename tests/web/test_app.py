"""The app shell, in CPython: the controller (tablero.web.app), the screens
(tablero.web.views) and the message catalog (tablero.web.i18n).

The tests drive the controller as the page does: they render the model, find the
element a player would click (its ``data-act`` and ``data-*`` attributes) and
dispatch exactly what the DOM glue would pass.
"""

from __future__ import annotations

import ast
import base64
import html as stdlib_html
import itertools
import json
import pathlib
import re
import subprocess
import sys
import sysconfig
import zlib
from dataclasses import replace
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.catalog_files import folder_messages
from tablero.core import Rng, from_dict, from_text, game_ids, make
from tablero.web import svg
from tablero.web.app import App, Model, pass_to, undoable, viewer
from tablero.web.games import get_ui
from tablero.web.i18n import LANGUAGES, Catalog, pick_language
from tablero.web.i18n import translator as real_translator
from tablero.web.links import encode_link
from tablero.web.plugin import Seat
from tablero.web.saves import (
    CURRENT_KEY,
    SAVE_PREFIX,
    MemoryStorage,
    SavedGame,
    SaveStore,
    StorageFullError,
)
from tablero.web.views import render

ROOT = pathlib.Path(__file__).resolve().parents[2]
WEB = ROOT / "pyapp" / "web" / "src" / "tablero" / "web"
EVIL = '<i onclick="x()">&</i>'  # within the 24 characters kept of a name


# --- helpers: a page in a test --------------------------------------------------------


class _Clickables(HTMLParser):
    """Every element with ``data-act``: (tag, act, data, disabled)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, dict[str, str], bool]] = []

    def handle_starttag(self, tag, attrs):
        d = {k: (v if v is not None else "") for k, v in attrs}
        if "data-act" in d:
            data = {k[5:]: v for k, v in d.items() if k.startswith("data-") and k != "data-act"}
            # aria-disabled: shown as unavailable, a press says why (the Undo button)
            off = "disabled" in d or d.get("aria-disabled") == "true"
            self.found.append((tag, d["data-act"], data, off))


def clickables(html: str) -> list[tuple[str, str, dict[str, str], bool]]:
    parser = _Clickables()
    parser.feed(html)
    return parser.found


class Page:
    """The controller plus its model, clicked like the DOM glue does."""

    def __init__(self, app: App, model: Model) -> None:
        self.app = app
        self.model = model

    @property
    def html(self) -> str:
        return render(self.model, self.app)

    @property
    def state(self):
        return self.model.game.state

    def find(self, act: str, **match: str) -> list[dict[str, str]]:
        return [
            data
            for _, a, data, disabled in clickables(self.html)
            if a == act and not disabled and all(data.get(k) == v for k, v in match.items())
        ]

    def click(self, act: str, **match: str) -> Page:
        found = self.find(act, **match)
        assert found, f"nothing to click with data-act={act!r} {match}"
        self.model = self.app.dispatch(self.model, act, found[0])
        return self

    def send(self, act: str, **data: str) -> Page:
        """A form submit or a change event (the fields the page would read)."""
        self.model = self.app.dispatch(self.model, act, data)
        return self

    def to_the_result(self) -> Page:
        """Past the end sequence of a game that ended here ("Skip to the result"), to the
        end's summary; nothing if it is not shown."""
        if self.find("app.end-skip"):
            self.click("app.end-skip")
        return self

    def reveal_if_asked(self) -> Page:
        if pass_to(self.model) is not None:
            self.click("app.reveal")
        return self

    def play(self, text: str) -> Page:
        """Play a move through the plugin, as a player clicking its button would
        (``data-act="move" data-move=...`` is the plugin's generic move button)."""
        self.reveal_if_asked()
        self.model = self.app.dispatch(self.model, "move", {"move": text})
        return self


def make_app(storage=None, get_ui=get_ui, **kw) -> App:
    ids = itertools.count(1)
    store = SaveStore(
        storage or MemoryStorage(), random_bytes=lambda n: next(ids).to_bytes(n, "big")
    )
    clock = itertools.count(1_000_000, 1000)
    return App(
        store,
        get_ui,
        translator=real_translator,
        now=lambda: float(next(clock)),
        new_seed=lambda: 7,
        **kw,
    )


def start_game(app: App, names=("Ana", "Ben"), seed="1", variant="0") -> Page:
    page = Page(app, app.boot("en"))
    page.click("app.new", **({"game": "arribada"} if page.model.screen == "home" else {}))
    fields = {"players": str(len(names)), "seed": seed, "opt-variant": variant}
    for i, name in enumerate(names):
        fields[f"name-{i}"] = name
        fields[f"colour-{i}"] = str(i)
        fields[f"kind-{i}"] = "human"
    return page.send("app.start", **fields)


def open_saved(app: App, state, seats, name="Test") -> Page:
    game = SavedGame(app.store.new_id(), name, "arribada", seats, state, 1.0, 1.0)
    app.store.save(game)
    page = Page(app, app.boot("en"))
    return page.send("app.resume", id=game.id)


TWO = [Seat("Ana", 0), Seat("Ben", 1)]


def position(rack_a: str = "2 2 2 3 7", turn: str = "turn: A action"):
    """The seed-1 opening (A to play) with A's rack and the decision changed."""
    s = make("arribada", players=2, seed=1, first_player=0).to_text()
    s = s.replace("rack A: 2 2 2 3 7", f"rack A: {rack_a}").replace("turn: A action", turn)
    s = re.sub(r"bag: .*", "bag: rest", s)
    return from_text("arribada", s)


def racks_in(html: str) -> list[str]:
    return re.findall(r'data-rack-owner="(\d+)"', html)


# --- new game and the table -------------------------------------------------------------


def test_game_picker_lists_arribada_with_its_player_range():
    app = make_app()
    page = Page(app, app.boot("en"))
    assert page.model.screen == "home"
    assert page.find("app.new", game="arribada")
    assert "2–4 players" in page.html


def test_new_game_dialog_offers_seats_options_seed_and_bots():
    app = make_app()
    page = Page(app, app.boot("en")).click("app.new", game="arribada")
    html = page.html
    assert page.model.screen == "new"
    assert html.count('name="name-') == 2
    page.send("app.form", players="4", **{"name-0": "Zoë"})
    html = page.html
    assert html.count('name="name-') == 4 and 'value="Zoë"' in html
    assert 'name="opt-variant"' in html and 'name="seed"' in html
    for level in ("random", "easy", "medium", "hard"):
        assert re.search(rf'<option value="bot:{level}">A bot: {level}</option>', html)
    assert html.count('name="colour-0"') == 4  # four palette colours per seat


def test_new_game_starts_autosaves_and_shows_the_pass_screen_first():
    app = make_app()
    page = start_game(app)
    game = page.model.game
    assert page.model.screen == "game"
    assert [s.name for s in game.seats] == ["Ana", "Ben"]
    assert game.state.setup["seed"] == 1  # digits are a number seed, as in the CLI
    assert app.store.current() == game.id
    assert app.store.load(game.id).state == game.state
    first = game.seats[game.state.current_player].name
    html = page.html
    assert f"Pass the device to {first}" in html
    assert racks_in(html) == [] and "arr-rack" not in html and "arr-board" not in html


def test_same_colour_twice_is_refused_with_a_message():
    app = make_app()
    page = Page(app, app.boot("en")).click("app.new", game="arribada")
    page.send("app.start", players="2", **{"colour-0": "1", "colour-1": "1"})
    assert page.model.screen == "new"
    assert "Each player needs a different colour." in page.html


def test_empty_seed_draws_a_random_seed_and_text_seeds_stay_text():
    app = make_app()
    assert start_game(app, seed="").model.game.state.setup["seed"] == 7
    assert start_game(app, seed="beach day").model.game.state.setup["seed"] == "beach day"


def test_a_move_through_the_plugin_click_targets():
    app = make_app()
    page = start_game(app).reveal_if_asked()
    me = page.state.current_player
    assert racks_in(page.html) == [str(me)]
    value = page.find("pick-value")[0]["value"]
    page.click("pick-value", value=value)
    cell = page.find("cell")[0]["cell"]
    page.click("cell", cell=cell)
    assert page.find("confirm-move")
    page.click("confirm-move")
    assert len(page.state.history) == 1
    assert page.state.history[0]["move"] == f"place {value} {cell}"
    assert app.store.load(page.model.game.id).state == page.state  # autosaved
    assert page.html.count("<li value=") == 1  # the move log has one line


def test_an_illegal_move_shows_a_message_and_loses_nothing():
    class Stubborn:
        game_id = "arribada"

        def __getattr__(self, name):
            return getattr(get_ui("arribada"), name)

        def on_click(self, view, selection, target):
            return selection, "place 9 a1"

    app = make_app()
    page = start_game(app).reveal_if_asked()
    before = page.state
    app.get_ui = lambda game_id: Stubborn()
    page.send("anything")
    assert page.state == before
    assert "That move is not possible" in page.html
    assert app.store.load(page.model.game.id).state == before


def test_a_failing_plugin_keeps_the_game():
    class Broken:
        game_id = "arribada"

        def __getattr__(self, name):
            return getattr(get_ui("arribada"), name)

        def on_click(self, view, selection, target):
            raise RuntimeError("bug")

    app = make_app()
    page = start_game(app).reveal_if_asked()
    before = page.state
    app.get_ui = lambda game_id: Broken()
    page.send("cell", cell="a1")
    assert page.state == before and page.model.screen == "game"
    assert "your game is safe" in page.html


# --- hot seat privacy --------------------------------------------------------------------


def test_pass_screen_between_human_turns_hides_every_rack():
    app = make_app()
    page = open_saved(app, position(), TWO)
    assert page.state.current_player == 0
    assert "Pass the device to Ana" in page.html and racks_in(page.html) == []
    page.click("app.reveal")
    assert racks_in(page.html) == ["0"]
    page.play("place 3 a1").play("draw bag")  # A's turn may continue (end/refresh)
    if page.state.current_player == 0:
        page.play("end")
    assert page.state.current_player == 1
    html = page.html
    assert "Pass the device to Ben" in html
    assert racks_in(html) == [] and "data-rack-value" not in html and "arr-rack" not in html
    assert 'class="shell-log' not in html  # the log of the last turn is private too
    page.click("app.reveal")
    html = page.html
    assert racks_in(html) == ["1"]
    ben = page.state.racks[1]
    shown = [int(v) for v in re.findall(r'data-rack-value="(\d+)"', html)]
    assert sorted(shown) == sorted(ben)


def test_one_human_never_sees_a_pass_screen_and_always_their_own_view():
    app = make_app()
    seats = [Seat("Ana", 0), Seat("Robo", 1, "bot:easy")]
    page = open_saved(app, position(), seats)
    assert pass_to(page.model) is None
    assert racks_in(page.html) == ["0"]
    page.play("place 3 a1").play("draw bag")
    if page.state.current_player == 0:
        page.play("end")
    assert page.state.current_player == 1
    assert pass_to(page.model) is None and viewer(page.model) == 0
    assert racks_in(page.html) == ["0"]
    before = page.state
    page.send("move", move="place 4 a1")  # a click while the bot is to play does nothing
    assert page.state == before


def test_reopening_a_hot_seat_game_asks_for_the_player_first():
    app = make_app()
    start_game(app).reveal_if_asked()
    again = Page(app, app.boot("en"))
    assert again.model.screen == "game"
    assert racks_in(again.html) == [] and "Pass the device to" in again.html


# --- undo --------------------------------------------------------------------------------


def test_undo_after_a_placement_that_revealed_nothing():
    app = make_app()
    page = open_saved(app, position(), TWO).reveal_if_asked()
    before = page.state
    page.play("place 3 a1")  # a1 touches no nido: nothing spawns, nothing drawn yet
    assert page.state.current_player == 0 and len(page.model.undo) == 1
    assert page.find("app.undo")
    page.click("app.undo")
    assert page.state == before
    assert app.store.load(page.model.game.id).state == before
    assert not page.find("app.undo")  # nothing left to undo: the button is disabled


def test_no_undo_after_a_placement_that_spawned_a_nido_tile():
    app = make_app()
    page = open_saved(app, position(), TWO).reveal_if_asked()
    page.play("place 3 a2")  # a2 touches the empty nido a3: a tile spawns from the bag
    assert any(e["type"] == "spawn" for e in page.state.history[-1]["events"])
    assert page.model.undo == () and not page.find("app.undo")
    after = page.state
    page.send("app.undo")
    assert page.state == after
    assert "cannot be taken back" in page.html


def test_undo_of_a_display_draw_before_the_refill_but_not_after():
    app = make_app()
    page = open_saved(app, position("2 3 7", "turn: A draw"), TWO).reveal_if_asked()
    start = page.state
    page.play("draw 5")  # the rack is not full yet: the display is not refilled
    assert undoable(start, page.state) and len(page.model.undo) == 1
    page.play("draw 4")  # the rack is full: the display is refilled from the bag
    assert page.state.current_player == 0
    assert any(e["type"] == "refill" for e in page.state.history[-1]["events"])
    assert page.model.undo == ()


def test_undo_steps_back_within_the_turn_only():
    app = make_app()
    page = open_saved(app, position(), TWO).reveal_if_asked()
    first = page.state
    page.play("refresh")  # choosing the refresh reveals nothing yet
    page.play("pick display 5")
    assert len(page.model.undo) == 2
    page.click("app.undo").click("app.undo")
    assert page.state == first


def test_bag_draw_is_never_undoable():
    before = position("2 3 7", "turn: A draw")
    after = before.apply("draw bag")
    assert after.current_player == 0 and not undoable(before, after)


# --- saves -------------------------------------------------------------------------------


def test_reload_resumes_the_game_where_it_was():
    storage = MemoryStorage()
    page = start_game(make_app(storage)).reveal_if_asked()
    page.play(str(page.state.legal_moves()[0]))
    state = page.state
    again = Page(make_app(storage), make_app(storage).boot("en"))
    assert again.model.game.state == state
    assert again.model.screen == "game"


def test_saved_games_list_rename_and_delete():
    app = make_app()
    first = start_game(app, names=("Ana", "Ben")).model.game
    page = start_game(app, names=("Cy", "Di"))
    page.click("app.saves")
    html = page.html
    assert page.model.screen == "saves"
    assert "Arribada: Ana, Ben" in html and "Arribada: Cy, Di" in html
    page.click("app.rename", id=first.id)
    page.send("app.rename-save", id=first.id, name="Sunday game")
    assert app.store.load(first.id).name == "Sunday game"
    assert "Sunday game" in page.html
    page.click("app.delete", id=first.id)
    assert "Delete “Sunday game”?" in page.html
    page.click("app.delete-confirm", id=first.id)
    assert first.id not in [s.id for s in app.store.list()[0]]
    assert "Sunday game" not in page.html
    page.click("app.resume", id=page.model.saves[0].id)
    assert page.model.screen == "game"


def test_a_corrupt_entry_is_shown_and_kept():
    storage = MemoryStorage()
    app = make_app(storage)
    start_game(app)
    storage.set(SAVE_PREFIX + "broken", '{"format": 1, "kind": "tablero-save", "id": ')
    storage.set(SAVE_PREFIX + "future", json.dumps({"format": 99, "kind": "tablero-save"}))
    page = Page(app, app.boot("en")).click("app.saves")
    html = page.html
    assert "Saved entries that cannot be read: 2" in html
    assert "damaged" in html and "newer version" in html
    assert len(page.model.saves) == 1  # the good one is still listed
    assert storage.get(SAVE_PREFIX + "broken") is not None
    assert storage.get(SAVE_PREFIX + "future") is not None


def test_a_corrupt_current_game_shows_a_message_and_the_start_screen():
    storage = MemoryStorage()
    app = make_app(storage)
    game = start_game(app).model.game
    storage.set(SAVE_PREFIX + game.id, "{oops")
    page = Page(app, app.boot("en"))
    assert page.model.screen == "home"
    assert "could not be opened" in page.html
    assert storage.get(SAVE_PREFIX + game.id) == "{oops"


class FullStorage(MemoryStorage):
    full = False

    def set(self, key, value):
        if self.full:
            raise StorageFullError("full")
        super().set(key, value)


def test_full_storage_keeps_playing_in_memory_with_a_clear_message():
    storage = FullStorage()
    app = make_app(storage)
    page = open_saved(app, position(), TWO).reveal_if_asked()
    saved = page.state
    storage.full = True
    page.play("place 3 a1")
    assert len(page.state.history) == 1  # the move happened
    assert "storage is full" in page.html
    assert app.store.load(page.model.game.id).state == saved
    storage.full = False
    page.play("draw bag")
    assert "storage is full" not in page.html
    assert app.store.load(page.model.game.id).state == page.state


def test_export_and_import_as_a_new_game():
    app = make_app()
    page = start_game(app).reveal_if_asked()
    page.play(str(page.state.legal_moves()[0]))
    page.click("app.export")
    (effect,) = page.model.effects
    assert effect.kind == "download" and effect.data["filename"].endswith(".json")
    old_id = page.model.game.id
    page.send("app.import", text=effect.data["text"])
    assert page.model.game.id != old_id
    assert page.model.game.state == app.store.load(old_id).state
    assert len(app.store.list()[0]) == 2


def test_importing_a_bad_file_says_so_and_changes_nothing():
    app = make_app()
    page = start_game(app)
    keys = sorted(app.store.storage.keys())
    page.send("app.import", text="not json at all")
    assert "The file could not be imported" in page.html
    assert sorted(app.store.storage.keys()) == keys


# --- links -------------------------------------------------------------------------------


def test_opening_a_link_makes_a_new_save_and_clears_the_address():
    storage = MemoryStorage()
    app = make_app(storage)
    mine = start_game(app).model.game
    state = make("arribada", players=3, seed=5)
    state = state.apply(state.legal_moves()[3])
    seats = [Seat("Eve", 2), Seat("Fay", 0), Seat("Gus", 3)]
    before = dict(storage.data)
    page = Page(app, app.boot("en", "#" + encode_link(state, seats), "http://x/"))
    game = page.model.game
    assert page.model.screen == "game"
    assert game.id != mine.id and game.state == state and game.seats == seats
    assert app.store.load(game.id).state == state
    assert storage.get(SAVE_PREFIX + mine.id) == before[SAVE_PREFIX + mine.id]
    assert "clear_hash" in [e.kind for e in page.model.effects]
    assert len(app.store.list()[0]) == 2


def test_a_bad_link_shows_a_message_and_touches_no_save():
    storage = MemoryStorage()
    app = make_app(storage)
    start_game(app)
    before = dict(storage.data)
    state = make("arribada", players=2, seed=5)
    fragment = encode_link(state, TWO)
    tampered = fragment[:-6] + ("A" if fragment[-6] != "A" else "B") + fragment[-5:]
    for bad in (tampered, fragment[: len(fragment) // 2], "tb9.abc"):
        page = Page(app, app.boot("en", "#" + bad))
        assert page.model.screen == "home"
        assert "The game link could not be opened" in page.html
        assert storage.data == before
        assert page.find("app.game")  # the game to continue is still offered


def test_share_puts_the_link_in_the_address_and_warns_about_racks():
    app = make_app()
    page = start_game(app)
    page.model = page.app.boot("en", "", "http://127.0.0.1:8000/")
    assert not page.find("app.share")  # not behind the pass screen
    page.reveal_if_asked().click("app.share")
    (effect,) = page.model.effects
    assert effect.kind == "share"
    url = page.model.share_url
    assert url == "http://127.0.0.1:8000/#" + effect.data["fragment"]
    html = page.html
    assert f'value="{url}"' in html and "every player&#x27;s rack of tiles included" in html
    # Reloading with the shared link of the game on screen reopens it: no copy is made.
    count = len(app.store.list()[0])
    again = Page(app, app.boot("en", "#" + effect.data["fragment"]))
    assert again.model.game.id == page.model.game.id
    assert len(app.store.list()[0]) == count
    page.click("app.share-close")
    assert [e.kind for e in page.model.effects] == ["clear_hash"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_that_cannot_be_a_link_says_why_in_the_players_language(lang):
    """A position set up from notation has no seed to deal from: sharing it says so, in
    the page's language (the catalog's text, not the engine's English sentence)."""
    app = make_app()
    state = from_text("arribada", make("arribada", players=2, seed=1).to_text())
    page = open_saved(app, state, TWO)
    page.send("app.lang", value=lang)
    page.reveal_if_asked().click("app.share")
    assert page.model.share_url is None and not page.model.effects
    text = real_translator(lang)("app.problem.link.no_seed")
    assert stdlib_html.escape(text, quote=True) in page.html
    if lang != "en":
        assert "recorded seed" not in page.html


def edited_history(state):
    """``state`` with one move of its history replaced by another move legal at that
    point (a saved game edited outside Tablero): the position no longer replays."""
    data = state.to_dict()
    setup = state.setup
    again = make(state.game.id, players=setup["players"], seed=setup["seed"], **setup["options"])
    for i, entry in enumerate(data["history"]):
        others = [str(m) for m in again.legal_moves() if str(m) != entry["move"]]
        if others:
            data["history"][i] = dict(entry, move=others[0])
            return from_dict(data)
        again = again.apply(entry["move"])
    raise AssertionError("no move had an alternative")


#: Each catalog's advice to export a game that cannot be a link (``link.too_long``).
EXPORT_ADVICE = {
    "en": "Export it to a file",
    "ja": "ファイルに書き出してください",
    "es": "Expórtala a un archivo",
    "nl": "Exporteer het",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sharing_a_game_whose_history_does_not_replay_says_what_is_true(lang):
    """Share on a stored game whose history was edited (it loads: a stored game is not
    replayed) is refused with the catalog's ``app.problem.link.no_replay``, in the
    player's language.  That sentence must not send the player to a file: an exported
    file of this game is refused on import (``import.no_replay``)."""
    app = make_app()
    state = make("arribada", players=2, seed=5)
    rng = Rng(5)
    for _ in range(12):
        state = state.apply(state.legal_moves()[rng.randbelow(len(state.legal_moves()))])
    page = open_saved(app, edited_history(state), TWO)
    page.send("app.lang", value=lang)
    page.reveal_if_asked().click("app.share")
    assert page.model.share_url is None and not page.model.effects
    assert page.model.toast == ("app.problem.link.no_replay", {})
    t = real_translator(lang)
    text = t("app.problem.link.no_replay")
    assert stdlib_html.escape(text, quote=True) in page.html
    # What it says of a file holds: the exported file is refused, and nothing is added.
    (download,) = page.app.dispatch(page.model, "app.export").effects
    exported = download.data["text"]
    count = len(app.store.list()[0])
    page.send("app.import", text=exported)
    assert page.model.toast == (
        "app.error.import-failed",
        {"reason": ("app.problem.import.no_replay", {})},
    )
    assert len(app.store.list()[0]) == count
    # ... and the sentence offers what the player can do, not the export that the
    # catalog advises for a game too long for a link.
    advice = EXPORT_ADVICE[lang]
    assert advice in t("app.problem.link.too_long") and advice not in text
    english = real_translator("en")("app.problem.link.no_replay")
    assert "start a new game" in english and "keep playing it here" in english.lower()


# --- the end and the replay -----------------------------------------------------------------


def finished_game():
    state = make("arribada", players=2, seed=3)
    rng = Rng(3)
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply_unchecked(moves[rng.randbelow(len(moves))])
    return state


def test_end_screen_and_replay_steps_through_the_history():
    app = make_app()
    final = finished_game()
    page = open_saved(app, final, TWO)
    assert pass_to(page.model) is None
    html = page.html
    assert page.find("app.replay") and "app.undo" not in html
    page.click("app.replay")
    n = len(final.history)
    assert page.model.screen == "replay" and page.model.replay_step == n
    assert f"Move {n} of {n}" in page.html
    page.click("app.replay-step", step="0")
    assert page.model.replay_states[0] == make("arribada", players=2, seed=3)
    assert "Move 0 of" in page.html
    page.click("app.replay-step", delta="1")
    assert page.model.replay_step == 1
    page.send("app.replay-step", value=str(n + 50))
    assert page.model.replay_step == n
    page.click("app.replay-close")
    assert page.model.screen == "game"


@pytest.mark.parametrize("game_id", sorted(game_ids()))
def test_a_replays_table_offers_no_act_at_any_step(game_id):
    """The replay renders each game's table with ``read_only``: at no step does it offer
    a game's act, a button role, a Tab stop or an enabled button (the shell's ``app.*``
    it keeps, disabled), though the same positions on a live table do."""
    state = make(game_id, players=2, seed=3)
    rng = Rng(3)
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply_unchecked(moves[rng.randbelow(len(moves))])
    app = make_app()
    game = SavedGame(app.store.new_id(), "Test", game_id, TWO, state, 1.0, 1.0)
    app.store.save(game)
    page = Page(app, app.boot("en")).send("app.resume", id=game.id)
    page.click("app.replay")
    ui = get_ui(game_id)
    live_acts = 0
    for k in range(len(page.model.replay_states)):
        page.send("app.replay-step", value=str(k))
        assert page.model.replay_step == k
        html = page.html
        start = html.index('<div class="shell-table is-replay">')
        table = html[start : html.index('<div class="shell-actions">', start)]
        assert all(act.startswith("app.") and off for _, act, _, off in clickables(table))
        assert 'role="button"' not in table and "tabindex=" not in table
        assert "data-focus=" not in table
        assert all(b.startswith("<button disabled") for b in re.findall(r"<button\b[^>]*>", table))
        view = page.model.replay_states[k].view(page.model.replay_seat)
        live = ui.render_table(view, TWO, page.model.selection, real_translator("en"))
        live_acts += sum(not act.startswith("app.") for _, act, _, _ in clickables(live))
    assert live_acts  # the live table offers acts at the same positions


# --- escaping ----------------------------------------------------------------------------


def test_names_are_escaped_on_every_screen():
    app = make_app()
    page = start_game(app, names=(EVIL, "Ben"))
    screens = [page.html]  # pass screen or table
    page.reveal_if_asked()
    screens.append(page.html)
    page.click("app.saves")
    screens.append(page.html)
    page.click("app.rename", id=page.model.game.id)
    screens.append(page.html)
    page.click("app.home")
    screens.append(page.html)
    page.click("app.new", game="arribada")
    screens.append(page.html)
    for html in screens:
        assert "<i " not in html and 'onclick="x' not in html
    assert all("&lt;i onclick=&quot;x()&quot;&gt;&amp;&lt;/i&gt;" in h for h in screens[1:])


# --- languages ---------------------------------------------------------------------------


def test_shell_keys_are_prefixed_and_all_used_keys_exist():
    en = folder_messages(WEB / "messages", "en")
    assert all(k.startswith("app.") for k in en)
    used = set()
    modules = [
        "app.py",
        "model.py",
        "views.py",
        *(f"screens/{p.name}" for p in (WEB / "screens").glob("*.py")),
    ]
    for module in modules:
        tree = ast.parse((WEB / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if re.fullmatch(r"app\.[a-z0-9.-]+\.[a-z0-9.-]+", node.value):
                    used.add(node.value)
    missing = {k for k in used if k not in en}
    assert not missing


def test_language_choice_and_switching():
    assert pick_language(None, ["ja-JP"]) == "ja"
    assert pick_language(None, ["fr-FR", "es-419"]) == "es"
    assert pick_language(None, []) == "en"
    app = make_app()
    page = Page(app, app.boot("en"))
    page.send("app.lang", value="nl")
    assert page.model.lang == "nl"
    assert [(e.kind, e.data["lang"]) for e in page.model.effects] == [("lang", "nl")]
    assert "Kies een spel" in page.html
    page.send("app.lang", value="xx")
    assert page.model.lang == "nl"
    for lang in LANGUAGES:
        page.send("app.lang", value=lang)
        start = page.click("app.new", game="arribada")
        assert start.model.screen == "new"
        page.click("app.back")


def test_the_picker_and_saves_show_every_games_title_with_only_the_shells_catalog(
    monkeypatch, tmp_path
):
    """A game's title and blurb are in its own catalog, yet the home screen and the saves
    list show them before its bundle (and catalog) is on the page: the shell's compiled
    catalog carries them.  Here no game's catalog folder exists."""
    from tablero.web import i18n

    shell_only = i18n._namespace_folder

    def folder(namespace: str) -> pathlib.Path:
        return shell_only(namespace) if namespace == "app" else tmp_path / "absent"

    monkeypatch.setattr(i18n, "_namespace_folder", folder)
    monkeypatch.setattr(i18n, "_LOADED", {})
    monkeypatch.setattr(i18n, "_TRANSLATORS", {})
    app = make_app()
    ids = [entry.id for entry in app.games]
    assert set(ids) == {"arribada", "arboretum", "arraial", "diadeplaya"}
    for game_id in ids:
        state = make(game_id, players=2, seed=1)
        app.store.save(SavedGame(app.store.new_id(), "Test", game_id, TWO, state, 1.0, 1.0))
    for lang in LANGUAGES:
        page = Page(app, app.boot(lang))
        assert page.model.screen == "home"
        home = stdlib_html.unescape(page.html)
        saves = stdlib_html.unescape(page.click("app.saves").html)
        for game_id in ids:
            own = folder_messages(WEB / "games" / game_id / "messages", lang)
            english = folder_messages(WEB / "games" / game_id / "messages", "en")
            title = own[f"{game_id}.title"] or english[f"{game_id}.title"]
            blurb = own[f"{game_id}.blurb"] or english[f"{game_id}.blurb"]
            assert f"<h3>{title}</h3>" in home and f"<p>{blurb}</p>" in home, (lang, game_id)
            assert title in saves, (lang, game_id)
    assert {namespace for _, namespace in i18n._LOADED} == {"app"}


def test_catalog_fills_placeholders_and_falls_back():
    cat = Catalog.load("ja")
    assert cat.t("app.pass.title", name="Ana") == "Anaさんに端末を渡してください"
    assert cat.t("app.unknown.key") == "app.unknown.key"
    assert cat.t("app.pass.title") == "{name}さんに端末を渡してください"


def test_the_page_glue_is_the_only_module_touching_the_browser():
    for path in WEB.rglob("*.py"):
        if path.name == "main.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in ("js", "pyodide", "pyscript"), path


def test_current_key_is_what_the_glue_reopens():
    storage = MemoryStorage()
    page = start_game(make_app(storage))
    assert storage.get(CURRENT_KEY) == page.model.game.id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_renders_in_every_language(lang):
    app = make_app()
    page = start_game(app)
    page.send("app.lang", value=lang)
    page.reveal_if_asked()
    htmls = [page.html]
    for act, data in (
        ("app.saves", {}),
        ("app.rules", {}),
        ("app.back", {}),
        ("app.share", {}),
        ("app.home", {}),
        ("app.new", {"game": "arribada"}),
    ):
        page.send(act, **data)
        htmls.append(page.html)
    finished = open_saved(app, finished_game(), TWO)
    finished.send("app.lang", value=lang)
    htmls.append(finished.html)
    finished.click("app.replay")
    htmls.append(finished.html)
    for html in htmls:
        text = re.sub(r'data-act="app\.[^"]*"', "", html)
        assert not re.findall(r"\bapp\.[a-z]+\.[a-z.-]+", text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_games_rules_help_says_how_far_undo_goes(lang):
    """Undo's policy (issue 43: it stops at a reveal and never takes back another seat's
    move) is the same in every game, so the rules help of each says it after the game's
    own rules, in the player's language."""
    app = make_app()
    page = Page(app, app.boot("en"))
    page.send("app.lang", value=lang)
    t = real_translator(lang)
    for game in ("arribada", "arboretum", "arraial", "diadeplaya"):
        page.send("app.rules", game=game)
        html = page.html
        assert f'data-game="{game}"' in html
        note = re.search(r'<p data-app-rule="undo">([^<]*)</p>', html)
        assert note, f"{game}: no word on Undo in its rules help"
        assert note.group(1) == stdlib_html.escape(t("app.rules.undo"), quote=True)
        assert html.index("shell-rules-app") > html.index(f'data-game="{game}"')
        page.send("app.back")


# --- the localStorage adapter of the page glue (importable without a browser) ----------


class FakeLocalStorage:
    """``window.localStorage`` as Pyodide shows it: ``getItem`` of a missing key gives
    ``jsnull`` (an object, not None) and a full quota raises a JS exception."""

    class JsNull:
        pass

    class QuotaError(Exception):
        name = "QuotaExceededError"

    def __init__(self, quota: int) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, i: int) -> str:
        return list(self.items)[i]

    def getItem(self, key):  # noqa: N802 - the DOM's name
        return self.items.get(key, FakeLocalStorage.JsNull())

    def setItem(self, key, value):  # noqa: N802
        if sum(map(len, self.items.values())) + len(value) > self.quota:
            raise FakeLocalStorage.QuotaError("Setting the value exceeded the quota.")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


def test_browser_storage_adapter_turns_a_full_quota_into_storage_full():
    from tablero.web.main import BrowserStorage

    storage = BrowserStorage(FakeLocalStorage(quota=10))
    assert storage.get("missing") is None
    storage.set("a", "12345")
    assert storage.get("a") == "12345" and storage.keys() == ["a"]
    with pytest.raises(StorageFullError):
        storage.set("b", "123456")
    storage.remove("a")
    assert storage.keys() == []


def test_a_link_pasted_into_an_open_app_opens_as_a_new_save():
    app = make_app()
    page = start_game(app)
    mine = page.model.game.id
    state = make("arribada", players=2, seed=12)
    page.send("app.open-link", fragment=encode_link(state, TWO))
    assert page.model.game.id != mine and page.model.game.state == state
    assert len(app.store.list()[0]) == 2


def test_i18n_doctests():
    import doctest

    import tablero.web.i18n

    assert doctest.testmod(tablero.web.i18n).failed == 0


def test_link_and_save_problems_are_shown_in_the_players_language():
    from tablero.core import CorruptDataError
    from tablero.web.app import problem
    from tablero.web.i18n import Catalog

    err = CorruptDataError("This link is damaged.", code="link.damaged")
    es = Catalog.load("es")
    text = es.t("app.error.bad-link", reason=problem(err))
    assert "dañado" in text and "damaged" not in text
    # every code the codecs raise has a message in every language
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "pyapp" / "web" / "src" / "tablero" / "web"
    codes = set()
    for name in ("links.py", "saves.py"):
        codes |= set(re.findall(r'code="([a-z_.]+)"', (root / name).read_text()))
    codes |= {f"{w}.{k}" for w in ("save", "import") for k in ("damaged", "not_a_save", "newer")}
    codes |= {f"{w}.unknown_game" for w in ("save", "import")}
    assert codes
    for lang in ("en", "ja", "es", "nl"):
        own = folder_messages(root / "messages", lang)  # this language's, no fallback
        for code in codes:
            assert own.get(f"app.problem.{code}"), (lang, code)
    # a message without a code keeps its own sentence
    assert problem(ValueError("plain")) == "plain"


def test_view_settings_survive_moves_and_work_out_of_turn():
    """Arboretum's zoom is a view setting: kept after a move, changeable at any time."""
    app = make_app()
    state = make("arboretum", players=2, seed=3, first_player=0)
    game = SavedGame(
        app.store.new_id(),
        "Garden",
        "arboretum",
        [Seat("Ana", 0)] + [Seat("Bot", 1, "bot:medium")],
        state,
        1.0,
        1.0,
    )
    app.store.save(game)
    page = Page(app, app.boot("en")).send("app.resume", id=game.id)
    page.model = app.dispatch(page.model, "zoom", {"zoom": "in"})
    zoomed = dict(page.model.selection.data)
    assert "zoom" in zoomed
    page.play(str(page.model.game.state.legal_moves()[0]))  # a draw
    assert page.model.selection.data.get("zoom") == zoomed["zoom"]
    # after the human's turn, the bot is to move: zoom still works, moves do not
    s = page.model.game.state
    while s.current_player == 0:
        s = s.apply(s.legal_moves()[0])
    page.model = replace(page.model, game=replace(page.model.game, state=s))
    page.model = app.dispatch(page.model, "zoom", {"zoom": "out"})
    assert page.model.selection.data.get("zoom") != zoomed["zoom"]
    before = page.model.game.state
    page.model = app.dispatch(page.model, "move", {"move": str(s.legal_moves()[0])})
    assert page.model.game.state is before


# --- the engines a boot needs (read without any engine) ----------------------------------


def test_boot_games_names_the_link_game_else_the_saved_one_else_every_game():
    app = make_app()
    every = [entry.id for entry in app.games]
    # every registered game, in the registry's order (a game without a UI package among
    # them: boot.js unpacks only the engines the build shipped)
    assert every == ["arribada", "arboretum", "arraial", "diadeplaya"]
    assert app.boot_games("") == every  # the start screen lists them all
    arboretum = make("arboretum", players=2, seed=4)
    link = encode_link(arboretum, TWO)
    assert app.boot_games("#" + link) == ["arboretum"]
    assert app.boot(lang="en", fragment=link).game.game_id == "arboretum"
    # A damaged link opens the start screen: every game.
    assert app.boot_games(link[:-3] + "xyz") == every
    assert app.boot_games("tb1.") == every
    # The game to reopen: its kind read from the stored record.
    game = SavedGame(
        app.store.new_id(), "Test", "arribada", TWO, make("arribada", players=2, seed=3), 1.0, 1.0
    )
    app.store.save(game)
    app.store.set_current(game.id)
    assert app.boot_games("") == ["arribada"]
    assert app.boot_games(link) == ["arboretum"]  # a link wins over the game to reopen


def test_boot_games_ignores_damaged_or_unknown_saved_records():
    storage = MemoryStorage()
    app = make_app(storage)
    every = [entry.id for entry in app.games]
    app.store.set_current("abc")
    assert app.boot_games() == every  # no such entry
    storage.set(SaveStore.key("abc"), "{not json")
    assert app.boot_games() == every
    storage.set(SaveStore.key("abc"), json.dumps({"game": "chess"}))
    assert app.boot_games() == every  # not a game of the picker
    storage.set(SaveStore.key("abc"), json.dumps({"game": "arboretum"}))
    assert app.store.game_of("abc") == "arboretum"
    assert app.boot_games() == ["arboretum"]


# --- the start against hostile input (issue 22's first two defects, at the app's start) --


def framed(body_json: bytes, head: str = "tb1.") -> str:
    """A link whose payload is valid deflate behind a valid length and CRC32, around any
    bytes (as ``tests/web/test_link_decoding.py`` builds them)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(body_json) + packer.flush()
    length = len(body).to_bytes(2, "big")
    raw = length + zlib.crc32(body).to_bytes(4, "big") + length + body
    return head + base64.urlsafe_b64encode(raw).decode().rstrip("=")


DEEP = 1_000
#: Payloads nested 1,000 levels deep: bare, and inside a field of a link's own shape.
DEEP_PAYLOADS = {
    "bare": b"[" * DEEP + b"]" * DEEP,
    "in a seat": (
        '["arboretum",1,2,4,{},[],[["Ana",0,"human"],["Ben",1,' + "[" * DEEP + "]" * DEEP + "]]]"
    ).encode(),
}


def offers_every_game(page: Page, app: App) -> bool:
    return all(page.find("app.new", game=entry.id) for entry in app.available_games())


@pytest.mark.parametrize("kind", sorted(DEEP_PAYLOADS))
@pytest.mark.parametrize("head", ["tb1.", "tc1."])
def test_boot_with_a_deeply_nested_link_shows_the_error_and_names_every_game(head, kind):
    storage = MemoryStorage()
    app = make_app(storage)
    every = [entry.id for entry in app.games]
    kept = start_game(app).model.game  # a game to continue, stored before
    before = dict(storage.data)
    link = framed(DEEP_PAYLOADS[kind], head)
    assert app.boot_games("#" + link) == every  # the start screen's games
    model = app.boot("en", "#" + link)  # does not raise
    page = Page(app, model)
    assert model.screen == "home" and model.game is not None and model.game.id == kept.id
    t = real_translator("en")
    if head == "tb1.":
        reason = ("app.problem.link.damaged", {})
        assert model.notice == ("app.error.bad-link", {"reason": reason})
        sentence = t("app.error.bad-link", reason=t(reason[0]))
    else:
        reason = ("app.challenge.problem.damaged", {})
        assert model.notice == ("app.challenge.bad", {"reason": reason})
        sentence = t("app.challenge.bad", reason=t(reason[0]))
    assert stdlib_html.escape(sentence, quote=True) in page.html
    assert [e.kind for e in model.effects] == ["clear_hash"]
    assert page.find("app.game")  # the game to continue is still offered
    assert offers_every_game(page, app)
    assert storage.data == before  # nothing saved, nothing overwritten


@pytest.mark.parametrize("depth", [DEEP, 200_000])
def test_boot_with_a_deeply_nested_entry_to_reopen_shows_the_error_and_names_every_game(depth):
    storage = MemoryStorage()
    app = make_app(storage)
    every = [entry.id for entry in app.games]
    game = start_game(app).model.game
    assert app.store.current() == game.id
    text = '{"kind": "tablero-save", "format": 1, "game": "arribada", "state": '
    text += "[" * depth + "]" * depth + "}"
    storage.set(SAVE_PREFIX + game.id, text)
    assert app.boot_games() == every  # the entry names no game: the start screen's
    assert app.boot_games("") == every
    model = app.boot("en")  # does not raise
    page = Page(app, model)
    assert model.screen == "home" and model.game is None
    assert model.notice == ("app.error.resume-failed", {})
    sentence = real_translator("en")("app.error.resume-failed")
    assert stdlib_html.escape(sentence, quote=True) in page.html
    assert offers_every_game(page, app)
    assert storage.get(SAVE_PREFIX + game.id) == text  # kept as it was


class ThrowingStorage(MemoryStorage):
    """A storage whose every read fails (a browser's storage gone wrong)."""

    def get(self, key):
        raise RecursionError("maximum recursion depth exceeded")


def test_boot_games_never_raises_whatever_it_reads(monkeypatch):
    """``boot_games`` answers every game when a read fails in any way (boot.js would
    otherwise fall back to every engine with a warning, without an answer)."""
    import tablero.web.app as app_module

    app = make_app(ThrowingStorage())
    every = [entry.id for entry in app.games]
    assert app.boot_games() == every  # the storage throws
    assert app.boot("en").screen == "home"

    def broken(fragment):
        raise RecursionError("maximum recursion depth exceeded")

    app = make_app()
    monkeypatch.setattr(app_module, "link_game", broken)
    assert app.boot_games("#tb1.abc") == every
    monkeypatch.setattr(app_module, "challenge_game", broken)
    monkeypatch.setattr(app_module, "link_game", lambda fragment: None)
    assert app.boot_games("#tc1.abc") == every
    app.store.set_current("abc")
    monkeypatch.setattr(app.store, "game_of", broken)
    assert app.boot_games("") == every


def test_no_web_module_needs_another_games_engine():
    """Engines on demand: the page loads a game's engine and UI package only when that
    game is opened, so a game's UI package (``tablero/web/games/<game>/``) imports its own
    engine and package only, never another game's, and the shared modules no game's."""
    root = pathlib.Path(__file__).resolve().parents[2] / "pyapp" / "web" / "src" / "tablero"
    packages = {p.parent.name for p in (root / "web" / "games").glob("*/__init__.py")}
    games = {entry.id for entry in make_app().games} | packages
    assert {"arribada", "arboretum"} <= packages
    for path in sorted((root / "web").rglob("*.py")):
        inside = path.relative_to(root / "web").parts
        own = inside[1] if len(inside) > 2 and inside[0] == "games" else None
        package = ["tablero", "web", *inside[:-1]]  # what a relative import starts from
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                name = ".".join([*base, *([node.module] if node.module else [])])
                names = [name, *(f"{name}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                parts = name.split(".")
                engine = parts[1] if parts[0] == "tablero" and len(parts) > 1 else None
                in_games = parts[:3] == ["tablero", "web", "games"] and len(parts) > 3
                ui = parts[3] if in_games else None
                where = f"{path.relative_to(root)} imports {name}"
                assert engine not in games or engine == own, where
                assert ui not in games or ui == own, where


# From the start screen to a board opened from a link and revealed: what a first visit's
# start runs (printing the modules then imported).
APP_START = """
import sys
from tablero.web import main, views
from tablero.web.app import App
from tablero.web.games import get_ui
from tablero.web.i18n import translator
from tablero.web.saves import MemoryStorage, SaveStore
app = App(SaveStore(MemoryStorage()), get_ui, translator=translator)
views.render(app.boot('en', '', 'http://localhost/'), app)
from tablero.core import make
from tablero.web.links import encode_link
from tablero.web.plugin import Seat
seats = [Seat('Ana', 0, 'human'), Seat('Ben', 1, 'human')]
link = encode_link(make('arribada', players=2, seed=3), seats)
model = app.boot('en', '#' + link, 'http://localhost/')
model = app.dispatch(model, 'app.reveal', {})
assert 'data-act="pick-value"' in views.render(model, app)
import json
print(json.dumps({name: getattr(m, '__file__', None) for name, m in list(sys.modules.items())}))
"""


def modules_after_the_apps_start() -> dict[str, str | None]:
    out = subprocess.run(
        [sys.executable, "-c", APP_START], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_the_apps_start_imports_no_heavy_stdlib_module():
    """What a first visit's start imports, the page pays for in a cold Pyodide: html (its
    HTML5 entity table, 27 ms), importlib.resources (16 ms), secrets (hashlib, hmac) are
    not among them, from the start screen to a board opened from a link (hashlib is left
    out of the check: CPython 3.11's random imports it, Pyodide's does not)."""
    heavy = {"html", "html.entities", "importlib.resources", "secrets"}
    assert sorted(heavy & set(modules_after_the_apps_start())) == []


def test_the_apps_start_imports_nothing_the_page_gets_later():
    """The page's standard library leaves the modules of build.STDLIB_DEFER for a second
    zip, mounted after the board is interactive (docs/pwa.md, "The standard library"); the
    build fails if a module imports one at its top, and this checks the calls the start
    makes too."""
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    stdlib = pathlib.Path(sysconfig.get_paths()["stdlib"]).resolve()
    used = []
    for file in modules_after_the_apps_start().values():
        path = pathlib.Path(file).resolve() if file else None
        if path is not None and path.is_relative_to(stdlib):
            used.append(path.relative_to(stdlib).as_posix())
    assert "json/__init__.py" in used  # the check sees the standard library's files
    deferred = [f for f in used if any(re.match(p, f) for p in build.STDLIB_DEFER)]
    assert deferred == []


@given(st.text())
def test_escape_is_html_escape(text):
    assert svg.escape(text) == stdlib_html.escape(text)
    assert svg.esc(text) == stdlib_html.escape(text)


# --- the new-game form's options: derived from the core's OptionSpec ------------------


def _option_selects(html: str) -> dict[str, list[tuple[str, str, bool]]]:
    """Each ``opt-<name>`` select of the form: its options as (value, text, selected)."""
    out = {}
    for name, body in re.findall(r'<select name="opt-(\w+)"[^>]*>(.*?)</select>', html):
        out[name] = [
            (value, stdlib_html.unescape(text), bool(selected))
            for value, selected, text in re.findall(
                r'<option value="([^"]*)"( selected)?>(.*?)</option>', body
            )
        ]
    return out


def _option_sets(html: str) -> dict[str, list[tuple[str, str, bool]]]:
    """Each set option's checkboxes: (field name, label, checked)."""
    out = {}
    for name, body in re.findall(
        r'<fieldset class="shell-colours shell-option-set" data-option="(\w+)">(.*?)</fieldset>',
        html,
    ):
        out[name] = [
            (field, stdlib_html.unescape(text), bool(checked))
            for field, checked, text in re.findall(
                r'<input type="checkbox" name="([^"]+)" value="1"( checked)? '
                r'data-act="app.form"><span>(.*?)</span>',
                body,
            )
        ]
    return out


def _players_offered(html: str) -> list[int]:
    body = re.search(r'<select name="players"[^>]*>(.*?)</select>', html).group(1)
    return [int(v) for v in re.findall(r'<option value="(\d+)"', body)]


def test_new_game_form_shows_exactly_each_games_option_specs():
    from tablero.core import get_game

    app = make_app()
    games = app.available_games()
    assert {"arribada", "arboretum"} <= {entry.id for entry in games}
    for entry in games:
        game = get_game(entry.id)
        page = Page(app, app.boot("en")).click("app.new", game=entry.id)
        defaults = {s.name: s.default for s in game.options}
        for players in game.allowed_players(defaults):
            page.send("app.form", players=str(players))
            html = page.html
            selects, sets = _option_selects(html), _option_sets(html)
            assert set(selects) | set(sets) == {spec.name for spec in game.options}
            assert not set(selects) & set(sets)
            for spec in game.options:
                shown = sets[spec.name] if spec.kind == "set" else selects[spec.name]
                assert len(shown) == len(spec.allowed(players)), (entry.id, spec.name)
                picked = [k for k, (_, _, on) in enumerate(shown) if on]
                if spec.kind != "set":
                    assert picked == [list(spec.allowed(players)).index(spec.default)]
                for _, text, _ in shown:  # every choice has a label from the catalog
                    assert text and "option." not in text, (entry.id, spec.name, text)
            # the counts its options as chosen allow (Día de Playa's depend on the mode)
            assert _players_offered(html) == list(game.allowed_players(defaults))
        # each choice of a one-of option offers the counts it allows (Día de Playa's mode:
        # solitaire 1, cooperative 2 to 4, teams 4)
        for spec in game.options:
            if spec.kind != "one" or not spec.choices:
                continue
            for index, value in enumerate(spec.choices):
                page.send("app.form", **{f"opt-{spec.name}": str(index)})
                allowed = list(game.allowed_players(defaults | {spec.name: value}))
                assert _players_offered(page.html) == allowed, (entry.id, spec.name, value)
            page.send("app.form", **{f"opt-{spec.name}": str(spec.choices.index(spec.default))})


@pytest.mark.parametrize("game_id", ["arboretum", "arribada"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_player_offers_random_and_exactly_the_seats_then_starts_them(game_id, players):
    app = make_app()
    page = Page(app, app.boot("en")).click("app.new", game=game_id)
    names = {f"name-{i}": name for i, name in enumerate(["Ana", "", "Cy", "Dee"])}
    page.send("app.form", players=str(players), **names)
    shown = _option_selects(page.html)["first_player"]
    expected = ["Drawn at random", "Ana", "Player 2", "Cy", "Dee"][: players + 1]
    assert [text for _, text, _ in shown] == expected
    assert [value for value, _, _ in shown] == [str(k) for k in range(players + 1)]
    assert [on for _, _, on in shown] == [True] + [False] * players
    # start with the last seat first
    fields = {"players": str(players), "seed": "5", "opt-first_player": str(players), **names}
    for i in range(players):
        fields[f"colour-{i}"] = str(i)
        fields[f"kind-{i}"] = "human"
    page.send("app.start", **fields)
    assert page.model.screen == "game", page.model.form and page.model.form.error
    assert page.state.setup["options"]["first_player"] == players - 1
    assert page.state.current_player == players - 1


def test_a_stale_or_bad_first_player_falls_back_to_random():
    app = make_app()
    page = Page(app, app.boot("en")).click("app.new", game="arboretum")
    page.send("app.form", players="4")
    page.send("app.form", players="4", **{"opt-first_player": "4"})  # seat 4
    assert page.model.form.option("first_player") == 3
    # the select was drawn for four players: its fourth seat is beyond three
    page.send("app.form", players="3", **{"opt-first_player": "4"})
    assert page.model.form.players == 3 and page.model.form.option("first_player") is None
    assert [on for *_, on in _option_selects(page.html)["first_player"]] == [True] + [False] * 3
    for bad in ("9", "-1", "x", ""):
        page.send("app.form", **{"opt-first_player": bad})
        assert page.model.form.option("first_player") is None
    for count, nearest in (("9", 4), ("1", 2), ("3", 3)):  # the nearest count allowed
        page.send("app.form", players=count)
        assert page.model.form.players == nearest
    page.send("app.start", **{"opt-first_player": "3", "seed": "2"})
    assert page.model.screen == "game"
    assert page.state.current_player == 2 and page.state.num_players == 3


def test_arribadas_form_offers_the_variant_and_the_first_player():
    app = make_app()
    page = Page(app, app.boot("en")).click("app.new", game="arribada")
    selects = _option_selects(page.html)
    assert list(selects) == ["variant", "first_player"]  # the UI's hint: the variant first
    assert [text for _, text, _ in selects["variant"]] == ["Standard", "Beginner (no capture)"]
    page.send("app.form", **{"opt-variant": "1"})
    assert page.model.form.option("variant") == "beginner"
    page = start_game(make_app(), variant="1")
    assert page.state.setup["options"] == {"variant": "beginner", "first_player": None}


def _tiny_form(players=2, **options):
    from support.tiny_game import GAME
    from tablero.web.app import NewGameForm
    from tablero.web.screens.new import default_options

    given = {**dict(default_options(GAME)), **options}
    return NewGameForm(
        game_id=GAME.id,
        players=players,
        names=("Ana", "Ben", "", ""),
        colours=(0, 1, 2, 3),
        kinds=("human",) * 4,
        options=tuple(given.items()),
    )


def test_a_set_option_is_checkboxes_with_its_size_rule():
    from support.tiny_game import registered
    from tablero.web.screens.new import make_options, option_inputs, read_form, set_size_problem

    t = real_translator("en")
    with registered() as game:
        form = _tiny_form()
        fields = {f.name: f for f in option_inputs(game, form, t)}
        assert list(fields) == ["mode", "takes", "first_player"]  # the core's order
        takes = fields["takes"]
        assert takes.kind == "set" and takes.choices == ("1", "2", "3")
        assert takes.chosen == (0, 1) and takes.rule == "Tick at least 1." and not takes.broken
        assert fields["mode"].kind == "one" and fields["mode"].choices == ("duel", "solo")
        assert fields["first_player"].choices == ("Drawn at random", "Ana", "Ben")
        # ticked boxes are sent, unticked ones are not; the hidden field names the set
        form = read_form(form, {"opt-takes": "", "opt-takes-2": "1", "opt-takes-7": "1"})
        assert form.option("takes") == (3,)
        assert make_options(game, form) == {"mode": "duel", "takes": (3,), "first_player": None}
        assert read_form(form, {"players": "3"}).option("takes") == (3,)  # not in the data
        empty = read_form(form, {"opt-takes": ""})
        assert empty.option("takes") == ()
        (field,) = [f for f in option_inputs(game, empty, t) if f.name == "takes"]
        assert field.chosen == () and field.broken
        problem = set_size_problem(game, empty, t)
        assert problem is not None and problem[0] == "app.new.error.set-size"
        text = Catalog.load("en").t(problem[0], **problem[1])
        assert text == "Check the choices of “takes”: Tick at least 1."
        assert set_size_problem(game, form, t) is None
        # a value the core does not accept never reaches make: the default does
        odd = replace(form, options=(("mode", "duel"), ("takes", ()), ("first_player", 5)))
        assert make_options(game, odd) == {"mode": "duel", "takes": (1, 2), "first_player": None}


def test_a_mode_decides_the_player_counts_offered():
    from support.tiny_game import registered
    from tablero.web.screens.new import option_inputs, player_counts, read_form

    t = real_translator("en")
    with registered() as game:
        form = _tiny_form(players=3, first_player=2)
        assert player_counts(game, form) == (2, 3)
        solo = read_form(form, {"opt-mode": "1", "opt-first_player": "3"})
        assert solo.option("mode") == "solo"
        assert solo.players == 1 and player_counts(game, solo) == (1,)
        assert solo.option("first_player") is None  # seat 3 is gone at a table of one
        (seat,) = [f for f in option_inputs(game, solo, t) if f.name == "first_player"]
        assert seat.choices == ("Drawn at random", "Ana")
        duel = read_form(solo, {"opt-mode": "0", "players": "1"})
        assert duel.players == 2 and player_counts(game, duel) == (2, 3)
        assert read_form(duel, {"players": "3"}).players == 3


def test_a_registered_game_without_hints_gets_its_form_from_the_core(monkeypatch):
    """A game the app has never seen (Tiny Nim, with a UI that gives no hints): the
    dialog draws its core options, the mode's player counts, and starts the game."""
    from support.tiny_game import TINY_ID, registered
    from tablero.web.app import GameEntry

    class TinyUI:
        game_id = TINY_ID

        def options(self):
            return []

    def get_some_ui(game_id):
        return TinyUI() if game_id == TINY_ID else get_ui(game_id)

    with registered():
        app = make_app()
        monkeypatch.setattr(app, "get_ui", get_some_ui)
        monkeypatch.setattr(app, "games", (GameEntry.of(TINY_ID), *app.games))
        page = Page(app, app.boot("en")).click("app.new", game=TINY_ID)
        html = page.html
        assert _players_offered(html) == [2, 3]
        assert list(_option_selects(html)) == ["mode", "first_player"]
        assert _option_sets(html) == {
            "takes": [("opt-takes-0", "1", True), ("opt-takes-1", "2", True),
                      ("opt-takes-2", "3", False)],
        }  # fmt: skip
        assert 'name="opt-takes" value=""' in html and "Tick at least 1." in html
        page.send("app.form", **{"opt-mode": "1"})
        assert _players_offered(page.html) == [1] and page.html.count('name="name-') == 1
        page.send("app.form", **{"opt-mode": "0", "players": "1"})
        assert _players_offered(page.html) == [2, 3] and page.model.form.players == 2
        fields = {"seed": "3", "opt-takes": "", "colour-0": "0", "colour-1": "1"}
        page.send("app.start", **fields)  # no box ticked: refused, with the rule
        assert page.model.screen == "new"
        assert "Check the choices of “takes”: Tick at least 1." in page.html
        page.send("app.start", **fields, **{"opt-takes-1": "1", "opt-first_player": "2"})
        assert page.model.screen == "game"
        setup = page.model.game.state.setup
        assert setup["options"] == {"mode": "duel", "takes": [2], "first_player": 1}
        assert page.model.game.state.current_player == 1
