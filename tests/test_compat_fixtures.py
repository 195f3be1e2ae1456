"""Saves and links written by earlier code still read the same, in every later version.

``tests/fixtures/compat/`` holds fixture sets, each a folder with a ``manifest.json``
naming the commit whose code wrote it and the formats it holds (link version, save
record format, each game's format version), made by ``make_fixtures.py`` with that
commit's code: for each case a save file, a share link, the state's JSON, its
notation and player 0's view.

* ``.`` (the folder itself): the code before the core refactor (4ff0d71);
* ``first-arribada``: the first link and save code (a5c6df2), Arribada as it was then
  (its history entries describe some events differently, still format 1: a stored
  entry keeps them, an imported file gets this engine's, ``older_events`` in its
  manifest);
* ``first-arboretum``: Arboretum's first engine (757e09d);
* one set per later game, written when it landed.

Every set must read, in this version, to the identical state (a save file imported, a
stored entry loaded and saved over, a link opened, the state JSON, notation and view)
and write back byte for byte; and every format version there has been (link versions
``1..LINK_VERSION``, save formats ``1..SAVE_FORMAT``, each registered game's
``1..version``) must have a set.  A format that rises keeps its old sets and gets a new
one: the old ones then check the reading (or migration) of the old format.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tablero.core import from_json, from_text, game_ids, get_game
from tablero.web.links import LINK_VERSION, decode_link, encode_link
from tablero.web.saves import (
    SAVE_FORMAT,
    SAVE_PREFIX,
    MemoryStorage,
    SaveStore,
    export_json,
    import_json,
)

ROOT = Path(__file__).parent / "fixtures" / "compat"
SETS = sorted(p.parent for p in ROOT.glob("**/manifest.json"))


def manifest(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return data


CASES = [
    pytest.param(folder, stem, id=f"{folder.relative_to(ROOT)}/{stem}")
    for folder in SETS
    for stem in manifest(folder)["stems"]
]


def read(folder: Path, stem: str, kind: str) -> str:
    return (folder / f"{stem}.{kind}").read_text(encoding="utf-8")


def without_events(text: str) -> dict[str, Any]:
    """A state's data with each history entry reduced to its player and move (events
    are descriptions, which the first Arribada code wrote differently)."""
    data: dict[str, Any] = json.loads(text)
    data["history"] = [(e["player"], e["move"]) for e in data["history"]]
    return data


def test_every_format_version_so_far_has_fixtures() -> None:
    manifests = [manifest(folder) for folder in SETS]
    assert {m["link_version"] for m in manifests} >= set(range(1, LINK_VERSION + 1))
    assert {m["save_format"] for m in manifests} >= set(range(1, SAVE_FORMAT + 1))
    for game_id in game_ids():
        versions = {m["game_versions"].get(game_id) for m in manifests}
        wanted = set(range(1, get_game(game_id).version + 1))
        assert versions >= wanted, (
            f"{game_id}: no compatibility fixtures of format(s) {sorted(wanted - versions)}; "
            f"write them: python tests/fixtures/compat/make_fixtures.py "
            f"--out tests/fixtures/compat/{game_id}-v{get_game(game_id).version} --game {game_id}"
        )


def test_each_set_holds_mid_games_and_finished_games_of_its_games() -> None:
    for folder in SETS:
        m = manifest(folder)
        assert m["link_version"] <= LINK_VERSION and m["save_format"] <= SAVE_FORMAT
        for game_id, version in m["game_versions"].items():
            assert version <= get_game(game_id).version
            states = [
                from_json(read(folder, s, "state.json"))
                for s in m["stems"]
                if json.loads(read(folder, s, "state.json"))["game"] == game_id
            ]
            assert any(s.is_terminal() for s in states), (folder, game_id)
            assert any(not s.is_terminal() for s in states), (folder, game_id)


@pytest.mark.parametrize(("folder", "stem"), CASES)
def test_a_save_file_loads_to_the_same_state_and_writes_back_byte_for_byte(
    folder: Path, stem: str
) -> None:
    text = read(folder, stem, "save.json")
    store = SaveStore(MemoryStorage())
    game = import_json(text, store, now=1.7e12 + 60000)  # replays its history too
    state_text = read(folder, stem, "state.json")
    assert without_events(game.state.to_json()) == without_events(state_text)
    if manifest(folder).get("older_events"):
        # Migrated: the same position and moves, with this engine's events.
        assert game.state == decode_link(read(folder, stem, "link.txt").strip())[0]
        return
    assert game.state.to_json() + "\n" == state_text
    game.id = json.loads(text)["id"]
    assert export_json(game) == text


@pytest.mark.parametrize(("folder", "stem"), CASES)
def test_a_stored_entry_loads_and_is_saved_over_in_the_current_format(
    folder: Path, stem: str
) -> None:
    text = read(folder, stem, "save.json")
    store = SaveStore(MemoryStorage())
    record_id = json.loads(text)["id"]
    store.storage.set(SAVE_PREFIX + record_id, text)
    (summary,), problems = store.list()
    assert problems == [] and summary.id == record_id
    game = store.load(record_id)
    assert game.state.to_json() + "\n" == read(folder, stem, "state.json")
    store.save(game)  # an older entry that reads is replaced, in the current format
    assert json.loads(store.storage.get(SAVE_PREFIX + record_id) or "")["format"] == SAVE_FORMAT
    assert store.load(record_id).state == game.state


@pytest.mark.parametrize(("folder", "stem"), CASES)
def test_a_share_link_opens_the_same_game_and_encodes_back_byte_for_byte(
    folder: Path, stem: str
) -> None:
    link = read(folder, stem, "link.txt").strip()
    state, seats = decode_link(link)
    assert without_events(state.to_json()) == without_events(read(folder, stem, "state.json"))
    if folder == ROOT:
        assert state.to_json() + "\n" == read(folder, stem, "state.json")
    assert encode_link(state, seats) == link
    saved = import_json(read(folder, stem, "save.json"), SaveStore(MemoryStorage()), 1.0)
    assert encode_link(saved.state, saved.seats) == link
    stored = from_json(read(folder, stem, "state.json"))
    assert encode_link(stored, seats) == link


@pytest.mark.parametrize(("folder", "stem"), CASES)
def test_state_json_notation_and_view_round_trip_byte_for_byte(folder: Path, stem: str) -> None:
    text = read(folder, stem, "state.json")
    state = from_json(text)
    assert state.to_json() + "\n" == text
    assert state.to_text() + "\n" == read(folder, stem, "text.txt")
    game_id = json.loads(text)["game"]
    notation = read(folder, stem, "text.txt")
    assert from_text(game_id, notation).to_text() + "\n" == notation
    view = state.view(0)
    view_text = read(folder, stem, "view0.json")
    assert view.to_json() + "\n" == view_text
    assert from_json(view_text).to_json() + "\n" == view_text


@pytest.mark.parametrize(("folder", "stem"), CASES)
def test_options_gain_no_defaults(folder: Path, stem: str) -> None:
    data = json.loads(read(folder, stem, "state.json"))
    assert data["version"] == manifest(folder)["game_versions"][data["game"]]
    state = from_json(read(folder, stem, "state.json"))
    assert state.setup["options"] == data["setup"]["options"]
    assert set(state.setup["options"]) == {o.name for o in get_game(data["game"]).options}
