"""Saves and links written by earlier code still read the same, in every later version.

``tests/platform/fixtures/compat/`` holds fixture sets, each a folder with a ``manifest.json``
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
* one set per later game, written when it landed;
* ``challenge-v1``: challenge links (``tc1.``, Día de Playa's solitaire deals: a seeded
  deal with some criteria, a daily deal, a default deal) and the receivers' games saved
  with the optional ``challenge`` field, mid-game and finished (``make_fixtures.py
  --challenges``); its manifest adds ``challenge_version`` and ``challenges``.

Every set must read, in this version, to the identical state (a save file imported, a
stored entry loaded and saved over, a link opened, the state JSON, notation and view)
and write back byte for byte; and every format version there has been (link versions
``1..LINK_VERSION``, save formats ``1..SAVE_FORMAT``, challenge links
``1..CHALLENGE_VERSION``, each registered game's ``1..version``) must have a set.  A
format that rises keeps its old sets and gets a new one: the old ones then check the
reading (or migration) of the old format.  Challenge sets also read their links to the
same sender's game and encode it back byte for byte, and keep the challenge of their
saves through an import, a load and a save.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tablero.core import from_json, from_text, game_ids, get_game, replay
from tablero.web.challenge import (
    CHALLENGE_VERSION,
    challenge_game,
    decode_challenge,
    encode_challenge,
)
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

#: The cases that also hold a challenge link (``.challenge.txt``, ``.target.json``) and
#: whose save record carries it.
CHALLENGE_CASES = [
    pytest.param(folder, stem, id=f"{folder.relative_to(ROOT)}/{stem}")
    for folder in SETS
    for stem in manifest(folder).get("challenges", [])
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
    challenge_versions = {m.get("challenge_version") for m in manifests if m.get("challenges")}
    missing = set(range(1, CHALLENGE_VERSION + 1)) - challenge_versions
    assert not missing, (
        f"no compatibility fixtures of challenge link format(s) {sorted(missing)}; write "
        f"them: python tests/platform/fixtures/compat/make_fixtures.py --challenges --out "
        f"tests/platform/fixtures/compat/challenge-v{CHALLENGE_VERSION} --game diadeplaya"
    )
    for game_id in game_ids():
        versions = {m["game_versions"].get(game_id) for m in manifests}
        wanted = set(range(1, get_game(game_id).version + 1))
        assert versions >= wanted, (
            f"{game_id}: no compatibility fixtures of format(s) {sorted(wanted - versions)}; "
            f"write them: python tests/platform/fixtures/compat/make_fixtures.py --out "
            f"tests/platform/fixtures/compat/{game_id}-v{get_game(game_id).version} "
            f"--game {game_id}"
        )


def test_each_set_holds_mid_games_and_finished_games_of_its_games() -> None:
    for folder in SETS:
        m = manifest(folder)
        assert m["link_version"] <= LINK_VERSION and m["save_format"] <= SAVE_FORMAT
        assert m.get("challenge_version", 0) <= CHALLENGE_VERSION
        assert set(m.get("challenges", [])) <= set(m["stems"])
        assert not m.get("challenges") or "challenge_version" in m, folder
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


def stored_entry(text: str) -> tuple[SaveStore, str]:
    """A store holding ``text`` as its one entry, listed without a problem, and its id."""
    store = SaveStore(MemoryStorage())
    record_id = json.loads(text)["id"]
    store.storage.set(SAVE_PREFIX + record_id, text)
    (summary,), problems = store.list()
    assert problems == [] and summary.id == record_id
    return store, record_id


@pytest.mark.parametrize(("folder", "stem"), CASES)
def test_a_stored_entry_loads_and_is_saved_over_in_the_current_format(
    folder: Path, stem: str
) -> None:
    text = read(folder, stem, "save.json")
    store, record_id = stored_entry(text)
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


# --- challenge links, and saves that hold one --------------------------------------------


@pytest.mark.parametrize(("folder", "stem"), CHALLENGE_CASES)
def test_a_challenge_link_opens_the_same_deal_and_target_and_encodes_back_byte_for_byte(
    folder: Path, stem: str
) -> None:
    link = read(folder, stem, "challenge.txt").strip()
    assert link.startswith(f"tc{manifest(folder)['challenge_version']}.")
    challenge = decode_challenge(link)
    assert challenge.link == link and decode_challenge("#" + link).target == challenge.target
    target_text = read(folder, stem, "target.json")
    assert challenge.target.to_json() + "\n" == target_text
    assert challenge.target == from_json(target_text) and challenge.target.is_terminal()
    assert encode_challenge(challenge.target, challenge.name) == link
    # The receiver's game (the saved one) is on the same deal, dealt the same way.
    state = from_json(read(folder, stem, "state.json"))
    assert challenge_game(link) == state.game.id
    assert challenge.is_for(state)
    assert challenge.deal() == replay(state.game.id, state.setup, [])
    assert challenge.deal().setup == challenge.target.setup


@pytest.mark.parametrize(("folder", "stem"), CHALLENGE_CASES)
def test_a_save_with_a_challenge_keeps_it_as_a_file_and_as_a_stored_entry(
    folder: Path, stem: str
) -> None:
    text = read(folder, stem, "save.json")
    link = read(folder, stem, "challenge.txt").strip()
    target = read(folder, stem, "target.json")
    assert json.loads(text)["challenge"] == link
    # As a file: imported with its challenge, written back byte for byte.
    game = import_json(text, SaveStore(MemoryStorage()), now=1.7e12 + 60000)
    assert game.challenge is not None and game.challenge.link == link
    assert game.challenge.target.to_json() + "\n" == target
    game.id = json.loads(text)["id"]
    assert export_json(game) == text
    # As a stored entry: listed, loaded with its challenge, saved over keeping it.
    store, record_id = stored_entry(text)
    loaded = store.load(record_id)
    assert loaded.challenge is not None and loaded.challenge.link == link
    assert loaded.challenge.target.to_json() + "\n" == target
    store.save(loaded)
    assert json.loads(store.storage.get(SAVE_PREFIX + record_id) or "")["challenge"] == link
    again = store.load(record_id)
    assert again.challenge is not None and again.challenge.target == loaded.challenge.target
