"""Issue 33, defect 1: a JSON number too large for a float (``1e999``) was read as
infinity.  A save holding one loaded; its export then wrote ``Infinity``, which no JSON
reader takes back, so the exported file could not be imported.  Every reader of outside
JSON now refuses such a number with its documented error: one regression test a reader
(the core's ``load_json`` and ``from_json``, share links, challenge links, imported
files, stored entries), and the writers never write a non-finite number.
"""

from __future__ import annotations

import json
import math
import re

import pytest
from tablero.core import CorruptDataError, Rng, State, from_json, game_ids, get_game, make
from tablero.core.jsonutil import load_json
from tablero.web.challenge import decode_challenge, encode_challenge
from tablero.web.links import MSG_DAMAGED, decode_link, encode_link
from tablero.web.plugin import Seat
from tablero.web.saves import (
    SAVE_PREFIX,
    MemoryStorage,
    SaveConflictError,
    SavedGame,
    SaveStore,
    export_json,
    import_json,
)

from web.test_fuzz_links_saves import frame, payload_of  # the links' framing, written once

OVERFLOWING = ["1e999", "-1e999", "1E400", "-2.5e+309", "1.0e99999"]
EVERY_GAME = pytest.mark.parametrize("game_id", game_ids())
NUMBER = re.compile(r"(?<=[:,\[])-?\d+(?=[,\]}])")


def played_game(game_id: str, moves: int, players: int = 2) -> State:
    """A game of ``players`` (its first set-up for them) after ``moves`` random moves."""
    options = next(o for n, o in get_game(game_id).setups() if n == players)
    state = make(game_id, players=players, seed=7, **options)
    rng = Rng(7)
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_moves()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


def seats_for(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}", i, "human") for i in range(n)]


def unpacked(link: str) -> str:
    """The JSON text inside a link."""
    return json.dumps(payload_of(link), separators=(",", ":"), ensure_ascii=False)


def framed(data: bytes, prefix: str = "tb") -> str:
    return frame(data, prefix=prefix)


@pytest.mark.parametrize("number", OVERFLOWING)
def test_load_json_refuses_a_number_that_overflows_a_float(number: str) -> None:
    with pytest.raises(CorruptDataError) as caught:
        load_json(f'{{"a": [1, {number}]}}')
    assert caught.value.code == "json.invalid"
    assert "too large" in str(caught.value)


def test_load_json_still_reads_the_largest_finite_numbers_and_big_integers() -> None:
    assert load_json("[1.7976931348623157e308, -1e308, 5e-324]") == [
        1.7976931348623157e308,
        -1e308,
        5e-324,
    ]
    assert load_json("[" + "9" * 400 + "]") == [int("9" * 400)]  # exact: never a float
    assert load_json("[1e-999]") == [0.0]  # underflow is an ordinary zero, writable back


@EVERY_GAME
@pytest.mark.parametrize("number", OVERFLOWING[:2])
def test_state_json_with_an_overflowing_number_is_refused(game_id: str, number: str) -> None:
    state = played_game(game_id, moves=4)
    data = state.to_dict()
    data["version"] = "@@"
    text = json.dumps(data).replace('"@@"', number)
    with pytest.raises(CorruptDataError, match="not valid JSON"):
        from_json(text)


def _replace_first_number(text: str, number: str) -> str:
    """``text`` (a JSON array) with its first element replaced by ``number``."""
    data = json.loads(text)
    data[0] = "@@"
    return json.dumps(data, ensure_ascii=False).replace('"@@"', number, 1)


@EVERY_GAME
def test_a_link_with_an_overflowing_number_is_damaged(game_id: str) -> None:
    state = played_game(game_id, moves=4)
    link = encode_link(state, seats_for(state.num_players))
    text = unpacked(link)
    assert decode_link(framed(text.encode("utf-8")))[0] == state  # the frame is right
    spots = list(NUMBER.finditer(text))
    assert spots
    for k, number in enumerate(OVERFLOWING):
        # numbers spread over the payload in turn are the one that overflows
        spot = spots[k * len(spots) // len(OVERFLOWING)]
        hostile = text[: spot.start()] + number + text[spot.end() :]
        with pytest.raises(CorruptDataError) as caught:
            decode_link(framed(hostile.encode("utf-8")))
        assert caught.value.code == "link.damaged"
        assert str(caught.value) == MSG_DAMAGED


def test_a_challenge_link_with_an_overflowing_number_is_damaged() -> None:
    solo = [g for g in game_ids() if any(n == 1 for n, _ in get_game(g).setups())]
    assert solo
    for game_id in solo:
        state = played_game(game_id, moves=10_000, players=1)
        link = encode_challenge(state, "Ana")
        text = unpacked(link)
        hostile = framed(_replace_first_number(text, "1e999").encode(), prefix="tc")
        with pytest.raises(CorruptDataError) as caught:
            decode_challenge(hostile)
        assert caught.value.code == "challenge.damaged"


def _record_with(game_id: str, key: str, number: str) -> str:
    state = played_game(game_id, moves=6)
    game = SavedGame("g1", "Game", game_id, seats_for(state.num_players), state, 1.0, 2.0)
    record = json.loads(export_json(game))
    record[key] = "@@"
    return json.dumps(record, ensure_ascii=False).replace('"@@"', number)


@EVERY_GAME
@pytest.mark.parametrize("key", ["created", "updated"])
def test_an_imported_file_with_an_overflowing_time_is_refused(game_id: str, key: str) -> None:
    store = SaveStore(MemoryStorage())
    with pytest.raises(CorruptDataError) as caught:
        import_json(_record_with(game_id, key, "1e999"), store, now=3.0)
    assert caught.value.code.startswith("import.")
    assert store.storage.keys() == []  # nothing written


@EVERY_GAME
def test_a_stored_entry_with_an_overflowing_number_is_damaged_and_kept(game_id: str) -> None:
    """The reported case: such an entry used to load, and its export could not be
    imported.  Now it is listed as damaged, never overwritten, and nothing is exported."""
    store = SaveStore(MemoryStorage())
    text = _record_with(game_id, "updated", "-1e999")
    store.storage.set(SAVE_PREFIX + "g1", text)
    summaries, problems = store.list()
    assert not summaries and len(problems) == 1
    with pytest.raises(CorruptDataError) as caught:
        store.load("g1")
    assert caught.value.code == "save.damaged"
    state = played_game(game_id, moves=2)
    good = SavedGame("g1", "Game", game_id, seats_for(state.num_players), state, 1.0, 2.0)
    with pytest.raises(SaveConflictError):
        store.save(good)
    assert store.storage.get(SAVE_PREFIX + "g1") == text


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_a_game_with_a_non_finite_time_is_never_saved_or_exported(value: float) -> None:
    game_id = game_ids()[0]
    state = played_game(game_id, moves=2)
    game = SavedGame("g1", "Game", game_id, seats_for(state.num_players), state, 1.0, value)
    with pytest.raises(ValueError, match="finite"):
        export_json(game)
    store = SaveStore(MemoryStorage())
    with pytest.raises(ValueError, match="finite"):
        store.save(game)
    assert store.storage.keys() == []
