"""Saves and links written before the engines became a platform still read the same.

``tests/fixtures/compat/`` was written by ``make_fixtures.py`` with the code of the
commit before the core refactor: for each case a save file, a share link, the state's
JSON, its notation and player 0's view.  Later code must read each to the identical
state and write it back byte for byte, with every format version still 1 and no new
default in ``setup["options"]``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tablero.core import from_json, from_text, get_game
from tablero.web.links import decode_link, encode_link
from tablero.web.saves import MemoryStorage, SaveStore, export_json, import_json

HERE = Path(__file__).parent / "fixtures" / "compat"
STEMS = sorted(p.name[: -len(".save.json")] for p in HERE.glob("*.save.json"))


def read(stem: str, kind: str) -> str:
    return (HERE / f"{stem}.{kind}").read_text(encoding="utf-8")


def test_there_are_fixtures_of_each_game_mid_game_and_finished() -> None:
    assert len(STEMS) == 6
    for game in ("arribada", "arboretum"):
        states = [from_json(read(s, "state.json")) for s in STEMS if s.startswith(game)]
        assert any(s.is_terminal() for s in states) and any(not s.is_terminal() for s in states)


@pytest.mark.parametrize("stem", STEMS)
def test_a_save_file_loads_to_the_same_state_and_writes_back_byte_for_byte(stem: str) -> None:
    text = read(stem, "save.json")
    store = SaveStore(MemoryStorage())
    game = import_json(text, store, now=1.7e12 + 60000)
    assert game.state.to_json() + "\n" == read(stem, "state.json")
    game.id = json.loads(text)["id"]
    assert export_json(game) == text


@pytest.mark.parametrize("stem", STEMS)
def test_a_share_link_opens_the_same_state_and_encodes_back_byte_for_byte(stem: str) -> None:
    link = read(stem, "link.txt").strip()
    state, seats = decode_link(link)
    assert state.to_json() + "\n" == read(stem, "state.json")
    assert encode_link(state, seats) == link


@pytest.mark.parametrize("stem", STEMS)
def test_state_json_notation_and_view_round_trip_byte_for_byte(stem: str) -> None:
    text = read(stem, "state.json")
    state = from_json(text)
    assert state.to_json() + "\n" == text
    assert state.to_text() + "\n" == read(stem, "text.txt")
    game_id = json.loads(text)["game"]
    assert from_text(game_id, read(stem, "text.txt")).to_text() + "\n" == read(stem, "text.txt")
    view = state.view(0)
    assert view.to_json() + "\n" == read(stem, "view0.json")
    assert from_json(read(stem, "view0.json")).to_json() + "\n" == read(stem, "view0.json")


@pytest.mark.parametrize("stem", STEMS)
def test_formats_stay_at_version_1_and_options_gain_no_defaults(stem: str) -> None:
    data = json.loads(read(stem, "state.json"))
    assert data["version"] == 1 == get_game(data["game"]).version
    state = from_json(read(stem, "state.json"))
    assert state.setup["options"] == data["setup"]["options"]
    assert set(state.setup["options"]) == {o.name for o in get_game(data["game"]).options}
