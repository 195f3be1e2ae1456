"""Saved games (tablero.web.saves): the localStorage codec, tested with a dict."""

from __future__ import annotations

import itertools
import json
import zlib

import pytest
from tablero.core import CorruptDataError, Rng, make
from tablero.web.plugin import Seat
from tablero.web.saves import (
    CURRENT_KEY,
    SAVE_FORMAT,
    SAVE_PREFIX,
    MemoryStorage,
    SavedGame,
    SaveStore,
    StorageFullError,
    export_json,
    import_json,
)


def play(state, moves: int, seed: int = 1):
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_moves()
        state = state.apply_unchecked(legal[rng.randbelow(len(legal))])
    return state


def seats_for(n: int) -> list[Seat]:
    return [Seat(f"Player {i + 1}", i, "human" if i == 0 else "bot:normal") for i in range(n)]


def game(gid: str, players: int = 2, moves: int = 10, updated: float = 1000.0, name="Game"):
    state = play(make("arribada", players=players, seed=zlib.crc32(gid.encode())), moves)
    return SavedGame(gid, name, "arribada", seats_for(players), state, 500.0, updated)


def counter_bytes():
    """A deterministic ``random_bytes`` for ids."""
    count = itertools.count()
    return lambda n: next(count).to_bytes(n, "big")


@pytest.fixture
def store() -> SaveStore:
    return SaveStore(MemoryStorage(), random_bytes=counter_bytes())


def same(a: SavedGame, b: SavedGame) -> bool:
    return (a.id, a.name, a.game_id, a.seats, a.created, a.updated) == (
        b.id,
        b.name,
        b.game_id,
        b.seats,
        b.created,
        b.updated,
    ) and a.state.to_json() == b.state.to_json()


# --- round trips --------------------------------------------------------------------


def test_save_load_round_trip(store):
    g = game("abc", players=3, moves=40)
    store.save(g)
    assert same(store.load("abc"), g)
    assert json.loads(store.storage.get(SAVE_PREFIX + "abc"))["format"] == SAVE_FORMAT


def test_finished_game_round_trip(store):
    g = game("done", players=4, moves=10_000)
    assert g.state.is_terminal()
    store.save(g)
    assert same(store.load("done"), g)
    (summary,), problems = store.list()
    assert problems == []
    assert summary.over and summary.current_player is None
    assert summary.winners == g.state.winners()
    assert summary.scores == g.state.scores()


def test_loaded_game_continues_with_the_same_draws(store):
    g = game("cont", players=2, moves=30)
    store.save(g)
    a, b = g.state, store.load("cont").state
    a, b = play(a, 10_000, seed=5), play(b, 10_000, seed=5)
    assert a.to_json() == b.to_json()


def test_list_is_sorted_by_update_time(store):
    for gid, t in [("a", 3000.0), ("b", 1000.0), ("c", 2000.0)]:
        store.save(game(gid, updated=t))
    summaries, problems = store.list()
    assert problems == []
    assert [s.id for s in summaries] == ["a", "c", "b"]
    s = summaries[0]
    g = store.load("a")
    assert (s.name, s.game_id, s.seats, s.updated, s.num_players) == (
        "Game",
        "arribada",
        g.seats,
        3000.0,
        2,
    )
    assert s.moves == len(g.state.history)
    assert s.current_player == g.state.current_player and not s.over


def test_save_replaces_the_same_id(store):
    store.save(game("x", moves=5, updated=1.0))
    later = game("x", moves=25, updated=2.0)
    store.save(later)
    assert same(store.load("x"), later)
    assert len(store.list()[0]) == 1


def test_rename(store):
    store.save(game("r", updated=77.0))
    store.rename("r", "Sunday <b>rematch</b>")
    loaded = store.load("r")
    assert loaded.name == "Sunday <b>rematch</b>"
    assert loaded.updated == 77.0


def test_delete_and_current(store):
    store.save(game("d1"))
    store.save(game("d2"))
    assert store.current() is None
    store.set_current("d1")
    assert store.current() == "d1"
    assert store.storage.get(CURRENT_KEY) == "d1"
    store.delete("d2")
    assert store.current() == "d1"
    store.delete("d1")
    assert store.current() is None
    assert store.list() == ([], [])
    with pytest.raises(CorruptDataError, match="no longer exists"):
        store.load("d1")
    store.set_current(None)
    assert store.current() is None


def test_current_ignores_garbage(store):
    store.storage.set(CURRENT_KEY, "<script>")
    assert store.current() is None
    with pytest.raises(ValueError):
        store.set_current("../etc")


def test_new_id_is_short_url_safe_and_unused():
    taken_first = SaveStore(MemoryStorage(), random_bytes=counter_bytes()).new_id()
    store = SaveStore(MemoryStorage(), random_bytes=counter_bytes())
    store.storage.set(SAVE_PREFIX + taken_first, "garbage")  # even a corrupt entry's id
    new = store.new_id()
    assert new != taken_first
    assert len(new) <= 12
    assert set(new) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    real = SaveStore(MemoryStorage())
    ids = {real.new_id() for _ in range(50)}
    assert len(ids) == 50


def test_save_refuses_bad_games(store):
    with pytest.raises(ValueError):
        store.save(game("bad id!"))
    g = game("v")
    with pytest.raises(ValueError):
        store.save(SavedGame("v", "n", "arribada", g.seats, g.state.view(0), 1.0, 1.0))
    with pytest.raises(ValueError):
        store.save(SavedGame("v", "n", "arribada", g.seats[:1], g.state, 1.0, 1.0))
    assert store.storage.keys() == []


# --- problems -----------------------------------------------------------------------


def good_record(gid: str = "zzz") -> dict:
    s = SaveStore(MemoryStorage())
    s.save(game(gid))
    return json.loads(s.storage.get(SAVE_PREFIX + gid))


def damaged_state() -> dict:
    rec = good_record("ds")
    rec["state"]["scores"] = "lots"
    return rec


def mutated(**changes) -> dict:
    rec = good_record()
    for key, value in changes.items():
        if value is None:
            rec.pop(key)
        else:
            rec[key] = value
    return rec


CORRUPT = {
    "garbage": ("not json at all {", "damaged"),
    "truncated": (json.dumps(good_record())[:-200], "damaged"),
    "future": (json.dumps(mutated(format=SAVE_FORMAT + 1)), "newer version"),
    "future_game": (
        json.dumps(mutated(state={**good_record()["state"], "version": 99})),
        "newer version",
    ),
    "wrong_game": (json.dumps(mutated(game="chess")), "does not have"),
    "mismatched_game": (
        json.dumps(mutated(state={**good_record()["state"], "game": "chess"})),
        "damaged",
    ),
    "damaged_state": (json.dumps(damaged_state()), "damaged"),
    "no_seats": (json.dumps(mutated(seats=None)), "damaged"),
    "bad_seat": (json.dumps(mutated(seats=[{"name": 1}, {}])), "damaged"),
    "no_marker": (json.dumps(mutated(kind=None)), "damaged"),
    "no_format": (json.dumps(mutated(format=None)), "damaged"),
    "json_list": ("[1, 2, 3]", "damaged"),
    "bool_time": (json.dumps(mutated(updated=True)), "damaged"),
}


@pytest.mark.parametrize("case", sorted(CORRUPT))
def test_corrupt_entries_are_reported_skipped_and_kept(store, case):
    text, words = CORRUPT[case]
    store.save(game("ok1", updated=1.0))
    store.save(game("ok2", updated=2.0))
    bad_key = SAVE_PREFIX + "bad"
    store.storage.set(bad_key, text)
    store.storage.set("other.app.key", "not ours")
    before = dict(store.storage.data)

    summaries, problems = store.list()
    assert [s.id for s in summaries] == ["ok2", "ok1"]
    assert [p.key for p in problems] == [bad_key]
    assert words in problems[0].message
    assert problems[0].message.endswith(".")
    with pytest.raises(CorruptDataError) as info:
        store.load("bad")
    assert str(info.value) == problems[0].message
    # Nothing was deleted or rewritten; new ids avoid the bad entry.
    assert store.storage.data == before
    assert store.new_id() != "bad"


def test_newer_record_is_never_overwritten(store):
    text = json.dumps(mutated(format=SAVE_FORMAT + 1))
    store.storage.set(SAVE_PREFIX + "n", text)
    with pytest.raises(CorruptDataError, match="newer version"):
        store.save(game("n"))
    assert store.storage.get(SAVE_PREFIX + "n") == text


def test_rename_of_a_corrupt_entry_changes_nothing(store):
    store.storage.set(SAVE_PREFIX + "bad", "{}")
    with pytest.raises(CorruptDataError):
        store.rename("bad", "new name")
    assert store.storage.get(SAVE_PREFIX + "bad") == "{}"


# --- quota --------------------------------------------------------------------------


def test_storage_full_keeps_everything():
    storage = MemoryStorage()
    store = SaveStore(storage, random_bytes=counter_bytes())
    store.save(game("keep", moves=20))
    store.save(game("grow", moves=5))
    store.set_current("grow")
    storage.quota_chars = storage.used_chars() + 100
    before = dict(storage.data)
    with pytest.raises(StorageFullError):
        store.save(game("grow", moves=200))
    with pytest.raises(StorageFullError):
        store.save(game("new", moves=1))
    assert storage.data == before
    assert store.load("grow").state == game("grow", moves=5).state
    assert store.current() == "grow"
    summaries, problems = store.list()
    assert {s.id for s in summaries} == {"keep", "grow"} and problems == []


def test_memory_storage_quota_counts_replacements():
    s = MemoryStorage(quota_chars=10)
    s.set("k", "123456789")
    s.set("k", "abcdefghi")  # same size: fits
    with pytest.raises(StorageFullError):
        s.set("k", "abcdefghij")
    assert s.get("k") == "abcdefghi"
    s.remove("k")
    s.remove("k")
    assert s.keys() == []


# --- files --------------------------------------------------------------------------


def test_export_import_round_trip(store):
    g = game("exp", players=4, moves=60, name="Beach night 🐢")
    text = export_json(g)
    data = json.loads(text)
    assert data["kind"] == "tablero-save" and data["format"] == SAVE_FORMAT
    imported = import_json(text, store, now=9999.0)
    assert imported.id != "exp"
    assert imported.updated == 9999.0 and imported.created == g.created
    assert imported.state.to_json() == g.state.to_json()
    assert (imported.name, imported.seats) == (g.name, g.seats)
    assert same(store.load(imported.id), imported)


def test_import_never_overwrites(store):
    original = game("same", moves=3, name="Mine")
    store.save(original)
    other = game("same", moves=30, name="Theirs")
    imported = import_json(export_json(other), store, now=5.0)
    assert imported.id != "same"
    assert same(store.load("same"), original)
    assert store.load(imported.id).name == "Theirs"
    again = import_json(export_json(other), store, now=6.0)
    assert len({"same", imported.id, again.id}) == 3


def test_import_accepts_bytes_and_bom(store):
    text = export_json(game("b"))
    assert import_json(text.encode("utf-8"), store, now=1.0).name == "Game"
    assert import_json("\ufeff" + text, store, now=1.0).name == "Game"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "not a Tablero saved game"),
        ("hello", "not a Tablero saved game"),
        ("[]", "not a Tablero saved game"),
        ('{"format": 1}', "not a Tablero saved game"),
        (json.dumps(good_record()["state"]), "not a Tablero saved game"),
        (b"\xff\xfe\x00", "not a Tablero saved game"),
        (json.dumps(mutated(format=7)), "newer version of Tablero (format 7"),
        (json.dumps(mutated(state={**good_record()["state"], "version": 9})), "newer version"),
        (json.dumps(damaged_state()), "file is damaged"),
        (json.dumps(mutated(state={})), "file is damaged"),
        (json.dumps(mutated(game="go")), "does not have"),
    ],
)
def test_import_refuses_bad_files(store, text, words):
    with pytest.raises(CorruptDataError) as info:
        import_json(text, store, now=1.0)
    assert words in str(info.value)
    assert str(info.value).startswith("This file")
    assert store.storage.keys() == []


def test_import_when_full_writes_nothing():
    store = SaveStore(MemoryStorage(quota_chars=50))
    with pytest.raises(StorageFullError):
        import_json(export_json(game("f")), store, now=1.0)
    assert store.storage.keys() == []


# --- untrusted text -----------------------------------------------------------------


def test_names_stay_plain_text(store):
    names = ['<img src=x onerror="alert(1)">', "\u05e9\u05dc\u05d5\u05dd", "🦀 & <b>"]
    seats = [Seat(n, i, "human") for i, n in enumerate(names)]
    state = make("arribada", players=3, seed=4)
    g = SavedGame("h", "</script><script>alert(1)</script>", "arribada", seats, state, 1.0, 2.0)
    store.save(g)
    loaded = store.load("h")
    assert loaded.name == g.name and [s.name for s in loaded.seats] == names
    (summary,), _ = store.list()
    assert summary.name == g.name
    imported = import_json(export_json(g), store, now=3.0)
    assert [s.name for s in imported.seats] == names


def test_names_are_cleaned(store):
    seats = [Seat("a\x00b\n", 0, "human"), Seat("x" * 100, 1, "human")]
    g = SavedGame(
        "c",
        "  name\x1b\u2028 " + "n" * 200,
        "arribada",
        seats,
        make("arribada", players=2, seed=4),
        1.0,
        2.0,
    )
    store.save(g)
    loaded = store.load("c")
    assert [s.name for s in loaded.seats] == ["ab", "x" * 40]
    assert loaded.name == ("name " + "n" * 200)[:80]
