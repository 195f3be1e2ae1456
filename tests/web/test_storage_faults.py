"""The shell's side of storage faults and hostile names, in CPython (the controller and
the views over ``MemoryStorage``; the page's side is tests/browser/test_storage_faults.py
and test_hostile_text.py): docs/saves-and-links.md, "Storage faults" and "Hostile text".
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import replace

import pytest
from tablero.web.model import MAX_MARKS, shown_text
from tablero.web.saves import SAVE_PREFIX, MemoryStorage, StorageFullError

from web.test_app import make_app, start_game


class FailingStorage(MemoryStorage):
    """A storage whose writes throw (another error than a full quota) while ``failing``."""

    failing = False

    def set(self, key: str, value: str) -> None:
        if self.failing:
            raise OSError("the disk is on fire")
        super().set(key, value)


def place(page):
    """One move of whoever is to move (a person: both seats are people); it is saved."""
    page.reveal_if_asked()
    before = len(page.state.history)
    page.play(str(page.state.legal_moves()[0]))
    assert len(page.state.history) == before + 1
    return page


def notice(page) -> str | None:
    return page.model.notice[0] if page.model.notice else None


def record(app, game_id: str) -> dict:
    text = app.store.storage.get(SAVE_PREFIX + game_id)
    assert text is not None
    return json.loads(text)


def test_a_full_storage_keeps_the_record_and_offers_the_export():
    storage = MemoryStorage()
    app = make_app(storage)
    page = place(start_game(app))
    game_id = page.model.game.id
    before = dict(storage.data)
    storage.quota_chars = storage.used_chars()  # not one more character
    place(page)
    assert notice(page) == "app.error.storage-full" and page.model.storage_full
    assert storage.data == before
    html = page.html
    assert 'class="shell-btn shell-unsaved" data-act="app.export"' in html
    assert page.find("app.export")  # in the notice and the bar: the game in memory
    page.click("app.export")
    (effect,) = page.model.effects
    exported = json.loads(effect.data["text"])
    assert (
        len(exported["state"]["history"]) == 2 == len(record(app, game_id)["state"]["history"]) + 1
    )
    storage.quota_chars = None
    place(page)
    assert notice(page) is None and not page.model.storage_full
    assert len(record(app, game_id)["state"]["history"]) == 3


def test_a_failing_storage_says_why_and_recovers():
    storage = FailingStorage()
    app = make_app(storage)
    page = place(start_game(app))
    storage.failing = True
    place(page)
    assert notice(page) == "app.error.save-failed"
    assert "the disk is on fire" in page.html
    storage.failing = False
    place(page)
    assert notice(page) is None


def test_a_cleared_storage_gets_the_game_again_and_says_so():
    storage = MemoryStorage()
    app = make_app(storage)
    page = place(start_game(app))
    game_id = page.model.game.id
    storage.data.clear()
    place(page)
    assert notice(page) == "app.error.storage-cleared"
    assert app.store.current() == game_id
    assert len(record(app, game_id)["state"]["history"]) == 2
    place(page)  # the notice stays until dismissed, the saves go on
    assert notice(page) == "app.error.storage-cleared"


def test_a_refused_save_keeps_the_entry_and_saves_a_copy():
    storage = MemoryStorage()
    app = make_app(storage)
    page = place(start_game(app))
    key = SAVE_PREFIX + page.model.game.id
    newer = json.loads(storage.data[key])
    newer["format"] = 99
    storage.data[key] = json.dumps(newer)
    kept = storage.data[key]
    place(page)
    assert notice(page) == "app.error.save-refused"
    assert "newer version" in page.html
    assert storage.data[key] == kept
    page.click("app.save-copy")
    assert notice(page) is None and not page.model.storage_full
    copy = page.model.game.id
    assert SAVE_PREFIX + copy != key and app.store.current() == copy
    assert len(record(app, copy)["state"]["history"]) == 2
    assert storage.data[key] == kept
    # The saves screen lists the entry and exports it exactly as stored.
    page.click("app.saves")
    assert [p.key for p in page.model.problems] == [key]
    page.click("app.export-problem", key=key)
    (effect,) = page.model.effects
    assert effect.kind == "download" and effect.data["text"] == kept


def test_disabled_storage_is_said_on_every_table():
    app = make_app(MemoryStorage())
    page = start_game(app)
    page.model = replace(page.model, storage_off=True)  # as tablero.web.main starts it
    page = place(page)
    assert "shell-unsaved" in page.html
    assert "until the page is closed" not in page.html  # said on the saves screen
    page.click("app.saves")
    assert "until the page is closed" in page.html


@pytest.mark.parametrize(
    ("info", "shown"),
    [
        ({"saves": "45000", "used": "1234567", "quota": "9876543210", "persisted": "0",
          "can_persist": "1"}, ["about 45 KB", "1.2 MB used of 9.9 GB", "may clear"]),
        ({"saves": "10", "persisted": "1"}, ["about 10 B", "keeps this storage"]),
        ({"used": "<b>", "quota": "-1", "persisted": "yes"}, []),
    ],
)  # fmt: skip
def test_the_saves_screen_shows_what_the_page_learnt_of_its_storage(info, shown):
    page = start_game(make_app(MemoryStorage()))
    page.click("app.saves")
    assert [e.kind for e in page.model.effects][-1] == "storage_info"
    page.send("app.storage-info", **info)
    html = page.html
    for text in shown:
        assert text in html
    if not shown:
        assert "shell-storage" not in html and "&lt;b&gt;" not in html
    persist = page.find("app.persist")
    assert bool(persist) == (info.get("persisted") == "0")
    if persist:
        page.click("app.persist")
        assert [e.kind for e in page.model.effects] == ["persist"]


def test_the_first_save_of_a_game_asks_to_keep_the_storage():
    page = start_game(make_app(MemoryStorage()))
    assert "persist" in [e.kind for e in page.model.effects]
    place(page)
    assert "persist" not in [e.kind for e in page.model.effects]


def test_shown_text_keeps_names_from_turning_or_piling_over_their_neighbours():
    assert shown_text("Ana") == "Ana"
    assert shown_text("\u202eevil\u202c \u2066x\u2069") == "evil x"
    assert shown_text("\u05e9\u05dc\u05d5\u05dd") == "\u2068\u05e9\u05dc\u05d5\u05dd\u2069"
    assert shown_text("a\u200fb") == "\u2068a\u200fb\u2069"  # an RLM: isolated, kept
    zalgo = shown_text("Z" + "\u0301" * 30 + "a" + "\u0316" * 3)
    assert zalgo == "Z" + "\u0301" * MAX_MARKS + "a" + "\u0316" * 3
    assert shown_text("e\u0301\u200bz") == "e\u0301\u200bz"  # zero-width kept
    for c in shown_text("\u202b\u202d\u2067\u2068x"):
        assert unicodedata.bidirectional(c) not in ("RLE", "RLO", "LRE", "LRO", "PDF", "RLI")


def test_hostile_names_are_escaped_and_isolated_on_the_table():
    app = make_app(MemoryStorage())
    evil = '<img src=x onerror="alert(1)">'
    page = start_game(app, names=(evil, "\u202e\u05e9\u05dc\u05d5\u05dd"))
    html = page.reveal_if_asked().html
    assert "<img src=x" not in html and "&lt;img src=x" in html
    assert "\u202e" not in html
    assert "\u2068\u05e9\u05dc\u05d5\u05dd\u2069" in html


def test_storage_full_error_on_save_copy_keeps_the_game():
    storage = MemoryStorage()
    app = make_app(storage)
    page = place(start_game(app))
    key = SAVE_PREFIX + page.model.game.id
    newer = json.loads(storage.data[key])
    newer["format"] = 99
    storage.data[key] = json.dumps(newer)
    place(page)
    game = page.model.game
    storage.quota_chars = storage.used_chars()
    page.click("app.save-copy")
    assert notice(page) == "app.error.storage-full" and page.model.game == game
    with pytest.raises(StorageFullError):
        app.store.save_copy(game)
