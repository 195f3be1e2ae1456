"""The readers refuse what their format does not allow, always with the documented
``CorruptDataError`` (or ``InvalidMoveError`` for a move text), over every registered
game: JSON nested too deeply (its depth counted on the text, before any parser sees it),
an ``rng`` that is not 16 lower-case hex digits, digits of another script in a position's
notation or in a move text, any value of a state replaced by another type.  (Found by
issue 22's review of the link and save decoders, with the link and save side in
tests/web/test_link_decoding.py and tests/web/test_save_integrity.py.)"""

from __future__ import annotations

import json
import unittest.mock

import pytest
from support.every_game import EVERY_GAME, GAMES, ONE_DIGITS, played, seats
from tablero.core import CorruptDataError, InvalidMoveError, State, from_dict, from_json
from tablero.core.jsonutil import MAX_JSON_DEPTH, json_depth, load_json
from tablero.web.saves import MemoryStorage, SavedGame, SaveStore, export_json, import_json

BAD_RNG = [
    "-1",
    "0x10",
    " 1f ",
    "1_0",
    "1" * 10_000,
    "-000000000000001",
    "0x00000000000010",
    " 00000000000001f",
    "0000000_00000010",
    "00000000000001F",  # 15 digits
    "000000000000001F",  # upper case: the format writes lower case
    "\u0661" * 16,  # Arabic-Indic digits
    "\uff11" * 16,  # full-width
    "\U0001d7cf" * 16,  # mathematical bold
    "",
]


def from_text_any(game_id: str, text: str) -> State:
    from tablero.core import from_text

    return from_text(game_id, text)


def _paths(value: object, skip: str = "history") -> list[tuple[object, object]]:
    out: list[tuple[object, object]] = []
    stack = [value]
    while stack:
        node = stack.pop()
        items = list(node.items()) if isinstance(node, dict) else list(enumerate(node))  # type: ignore[union-attr]
        for key, child in items:
            if key == skip:
                continue
            out.append((node, key))
            if isinstance(child, (dict, list)):
                stack.append(child)
    return out


def test_the_json_depth_is_counted_on_the_text_as_a_parser_meets_it() -> None:
    assert json_depth('["[[[[", {"a": "]]\\"[["}, [[1]]]') == 3
    assert json_depth('"\\\\" [[ "') == 2  # an escaped backslash ends no string
    assert json_depth("[" * 60) == 60
    with pytest.raises(CorruptDataError, match="nests 49 levels") as err:
        load_json("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))
    assert err.value.code == "json.too_deep"
    assert load_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None
    for bad in ("NaN", "[Infinity]", '{"a": -Infinity}'):
        with pytest.raises(CorruptDataError, match="not valid JSON"):
            load_json(bad)
    with pytest.raises(CorruptDataError, match="nests"):
        from_json('{"game": "arribada", "x": ' + "[" * 3000 + "]" * 3000 + "}")


@EVERY_GAME
def test_deep_nesting_inside_a_state_is_refused(game_id: str) -> None:
    data = played(game_id, 5).to_dict()
    deep: object = 0
    for _ in range(MAX_JSON_DEPTH + 5):
        deep = [deep]
    data["setup"]["options"]["extra"] = deep  # already decoded: no JSON text to measure
    with pytest.raises(CorruptDataError):
        from_dict(data)
    data["setup"]["options"].pop("extra")
    data["history"][0]["events"] = [{"type": "note", "deep": deep}]
    with pytest.raises(CorruptDataError, match="nests more than"):
        from_dict(data)
    data["history"][0]["events"] = [7]
    with pytest.raises(CorruptDataError, match="event must be an object"):
        from_dict(data)


@EVERY_GAME
@pytest.mark.parametrize("value", BAD_RNG, ids=lambda v: repr(v[:18]))
def test_the_rng_must_be_16_lower_case_hex_digits(game_id: str, value: str) -> None:
    state = played(game_id, 4)
    data = state.to_dict()
    data["rng"] = value
    with pytest.raises(CorruptDataError, match="rng"):
        from_dict(data)
    game = SavedGame("g1", "Game", game_id, seats(state.num_players), state, 1.0, 2.0)
    record = json.loads(export_json(game))
    record["state"]["rng"] = value
    with pytest.raises(CorruptDataError, match="rng") as err:
        import_json(json.dumps(record), SaveStore(MemoryStorage()), 3.0)
    assert err.value.code == "import.damaged"
    data["rng"] = state.to_dict()["rng"]
    assert from_dict(data) == state


@EVERY_GAME
@pytest.mark.parametrize("value", ["-1", "0x10", "1_0", "1" * 10_000, "\u0661", "\uff11f", "g"])
def test_the_rng_line_of_the_notation_is_hex_digits_only(game_id: str, value: str) -> None:
    text = played(game_id, 4).to_text()
    if "\nrng: " not in text:
        pytest.skip(f"{game_id}'s notation has no rng line")
    lines = [f"rng: {value}" if line.startswith("rng: ") else line for line in text.split("\n")]
    with pytest.raises(CorruptDataError, match="rng"):
        from_text_any(game_id, "\n".join(lines))


@EVERY_GAME
@pytest.mark.parametrize("one", ONE_DIGITS[:5], ids=lambda c: f"U+{ord(c):04X}")
def test_the_notation_of_every_game_takes_ascii_digits_only(game_id: str, one: str) -> None:
    """Another script's digits in any line of a position's notation are refused (Python's
    ``int`` and ``\\d`` read them, so each game's reader is guarded by the registry)."""
    text = played(game_id, 8).to_text()
    lines = text.split("\n")
    table = str.maketrans("0123456789", one * 10)
    for i, line in enumerate(lines):
        if any(ch.isdigit() for ch in line):
            changed = "\n".join([*lines[:i], line.translate(table), *lines[i + 1 :]])
            with pytest.raises(CorruptDataError):
                from_text_any(game_id, changed)
    assert from_text_any(game_id, text).to_text() == text


@EVERY_GAME
@pytest.mark.parametrize("one", ONE_DIGITS[:3], ids=lambda c: f"U+{ord(c):04X}")
def test_move_texts_take_ascii_digits_only(game_id: str, one: str) -> None:
    """A legal move's text with its digits written in another script is refused by the
    game's own move parser (a link's or a typed move's), as an illegal move."""
    table = str.maketrans("0123456789", one * 10)
    checked = 0
    for plies in range(0, 12, 3):
        state = played(game_id, plies)
        if state.is_terminal():
            continue
        for move in state.legal_moves():
            text = str(move)
            if any(ch.isdigit() for ch in text):
                checked += 1
                with pytest.raises(InvalidMoveError):
                    state.parse_move(text.translate(table))
    assert checked


@EVERY_GAME
def test_any_value_of_a_state_replaced_by_another_type_is_refused_as_corrupt(
    game_id: str,
) -> None:
    """Each value of a state's JSON (outside the history) replaced by a value of another
    type: ``from_dict`` gives a state or ``CorruptDataError``, never another exception.
    Each game's own reader says what is wrong: none of these reaches the registry's
    safety net (``state.unreadable``, kept for what no test foresaw)."""
    base = played(game_id, 6).to_dict()
    replacements: list[object] = [[], {}, [[]], "x", -1, None]
    caught = []
    for k in range(len(_paths(base))):
        for value in replacements:
            data = json.loads(json.dumps(base))
            node, key = _paths(data)[k]
            node[key] = value  # type: ignore[index]
            try:
                from_dict(data)
            except CorruptDataError as exc:
                if exc.code == "state.unreadable":
                    caught.append((key, value, repr(exc.__cause__)))
    assert caught == []


def test_a_reader_failing_otherwise_is_reported_as_damage() -> None:
    from tablero.core import get_game

    game = get_game(GAMES[0])
    with unittest.mock.patch.object(type(game), "from_dict", side_effect=TypeError("boom")):
        with pytest.raises(CorruptDataError, match="cannot be read") as err:
            from_dict(played(GAMES[0], 2).to_dict())
    assert err.value.code == "state.unreadable"
