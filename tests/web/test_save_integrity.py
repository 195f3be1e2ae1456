"""Saved games are read strictly and never lost, over every registered game: a stored
entry nested too deeply is reported as damaged and never overwritten, nor is a record
whose game state comes from a newer Tablero; an imported file (or a shared game) whose
history does not replay to its position is refused; an imported file's events are the
engine's own.  (Found by issue 22's review of the save decoder, and by the browser
fuzzing of imported files.)"""

from __future__ import annotations

import json

import pytest
from support.every_game import EVERY_GAME, played, seats
from tablero.core import CorruptDataError, State, from_dict, make
from tablero.web.links import decode_link, encode_link
from tablero.web.saves import (
    SAVE_PREFIX,
    MemoryStorage,
    SaveConflictError,
    SavedGame,
    SaveStore,
    export_json,
    import_json,
)


def saved(game_id: str, moves: int, gid: str = "g1") -> SavedGame:
    state = played(game_id, moves)
    return SavedGame(gid, "Game", game_id, seats(state.num_players), state, 1.0, 2.0)


def edited_history(state: State) -> dict:
    """``state``'s data with one history entry's move replaced by another move legal at
    that point: the position and the history no longer agree."""
    data = state.to_dict()
    replay_state = make(state.game.id, **_make_args(state))
    for i, entry in enumerate(data["history"]):
        others = [str(m) for m in replay_state.legal_moves() if str(m) != entry["move"]]
        if others:
            data["history"][i] = dict(entry, move=others[0])
            return data
        replay_state = replay_state.apply(entry["move"])
    raise AssertionError("no move had an alternative")


def _make_args(state: State) -> dict:
    setup = state.setup
    return {"players": setup["players"], "seed": setup["seed"], **setup["options"]}


@EVERY_GAME
@pytest.mark.parametrize("depth", [1_000, 200_000])
def test_a_deeply_nested_stored_entry_is_reported_and_never_overwritten(
    game_id: str, depth: int
) -> None:
    store = SaveStore(MemoryStorage())
    key = SAVE_PREFIX + "g1"
    text = '{"kind": "tablero-save", "game": "' + game_id + '", "x": ' + "[" * depth + "]" * depth
    text += "}"
    store.storage.set(key, text)
    assert store.game_of("g1") is None
    with pytest.raises(CorruptDataError, match="nests too deeply") as err:
        store.load("g1")
    assert err.value.code == "save.damaged"
    summaries, problems = store.list()
    assert summaries == [] and [p.key for p in problems] == [key]
    with pytest.raises(SaveConflictError) as conflict:
        store.save(saved(game_id, 4))
    assert conflict.value.code == "save.conflict"
    assert conflict.value.reason.code == "save.damaged"
    assert store.storage.get(key) == text  # untouched
    copy = store.save_copy(saved(game_id, 4))
    assert copy.id != "g1" and store.load(copy.id).state == copy.state
    assert store.storage.get(key) == text
    with pytest.raises(CorruptDataError, match="not a Tablero saved game"):
        import_json(text, store, now=5.0)


@EVERY_GAME
def test_a_record_with_a_newer_game_state_is_never_overwritten(game_id: str) -> None:
    store = SaveStore(MemoryStorage())
    mine = saved(game_id, 6)
    record = json.loads(export_json(mine))
    record["state"]["version"] += 1  # written by a newer engine, same record format
    text = json.dumps(record)
    store.storage.set(SAVE_PREFIX + mine.id, text)
    with pytest.raises(CorruptDataError, match="newer version") as err:
        store.load(mine.id)
    assert err.value.code == "save.newer"
    with pytest.raises(SaveConflictError, match="not saved") as conflict:
        store.save(mine)
    assert conflict.value.reason.code == "save.newer"
    assert store.storage.get(SAVE_PREFIX + mine.id) == text
    with pytest.raises(CorruptDataError, match="newer version"):
        store.rename(mine.id, "renamed")  # cannot load it, so cannot rename it either
    assert store.storage.get(SAVE_PREFIX + mine.id) == text
    # The player keeps the game in memory: a copy under a new id, or a file.
    copy = store.save_copy(mine)
    assert store.load(copy.id).state == mine.state
    assert import_json(export_json(mine), store, 9.0).state == mine.state
    assert store.storage.get(SAVE_PREFIX + mine.id) == text


@EVERY_GAME
def test_a_readable_entry_is_replaced_and_the_own_entry_needs_no_second_reading(
    game_id: str,
) -> None:
    store = SaveStore(MemoryStorage())
    first = saved(game_id, 3)
    store.save(first)
    later = saved(game_id, 9)
    other_tab = SaveStore(store.storage)
    other_tab.save(later)  # a readable entry written elsewhere: replaced as before
    assert store.load(first.id).state == later.state
    store.save(first)
    assert store.load(first.id).state == first.state


@EVERY_GAME
def test_an_edited_history_is_refused_on_import_and_on_share(game_id: str) -> None:
    state = played(game_id, 12)
    data = edited_history(state)
    edited = from_dict(data)  # a stored game still loads without replaying
    game = SavedGame("g1", "Game", game_id, seats(state.num_players), edited, 1.0, 2.0)
    store = SaveStore(MemoryStorage())
    store.save(game)
    assert store.load("g1").state == edited
    with pytest.raises(CorruptDataError, match="does not replay") as err:
        import_json(export_json(game), store, 3.0)
    assert err.value.code == "import.no_replay"
    assert [k for k in store.storage.keys() if k.startswith(SAVE_PREFIX)] == [SAVE_PREFIX + "g1"]
    with pytest.raises(CorruptDataError, match="does not replay") as err:
        encode_link(edited, seats(state.num_players))
    assert err.value.code == "link.no_replay"
    # The untouched game imports and shares, and its link opens the very same game.
    good = SavedGame("g2", "Game", game_id, seats(state.num_players), state, 1.0, 2.0)
    assert import_json(export_json(good), store, 3.0).state == state
    assert decode_link(encode_link(state, good.seats))[0] == state


@EVERY_GAME
def test_a_dropped_or_extra_history_entry_is_refused_on_import(game_id: str) -> None:
    state = played(game_id, 12)
    store = SaveStore(MemoryStorage())
    for change in ("drop", "repeat"):
        data = state.to_dict()
        if change == "drop":
            data["history"].pop()
        else:
            data["history"].append(dict(data["history"][-1]))
        record = json.loads(export_json(SavedGame("g", "G", game_id, seats(2), state, 1.0, 2.0)))
        record["state"] = data
        with pytest.raises(CorruptDataError) as err:
            import_json(json.dumps(record), store, 3.0)
        assert err.value.code in {"import.no_replay", "import.damaged"}
    assert store.storage.keys() == []


@EVERY_GAME
def test_events_of_an_imported_file_are_the_engines_own(game_id: str) -> None:
    """A file's history events are descriptions, not compared by the replay check: an
    imported game carries the events its replay records (a damaged event made every
    player's view, so the table, fail)."""
    state = played(game_id, 12)
    game = SavedGame("g1", "Game", game_id, seats(state.num_players), state, 1.0, 2.0)
    record = json.loads(export_json(game))
    entry = next(e for e in record["state"]["history"] if e["events"])
    entry["events"][0] = {"type": entry["events"][0]["type"]}  # its keys removed
    imported = import_json(json.dumps(record), SaveStore(MemoryStorage()), 3.0)
    assert imported.state == state
    for player in range(state.num_players):
        imported.state.view(player)
    entry["events"][0] = 7
    with pytest.raises(CorruptDataError, match="event must be an object") as err:
        import_json(json.dumps(record), SaveStore(MemoryStorage()), 3.0)
    assert err.value.code == "import.damaged"
