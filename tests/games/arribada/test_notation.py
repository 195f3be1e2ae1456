"""Arribada's notation (docs/notation-arribada.md) and its JSON: a position read and
written back, move texts, and bad input is loud: each mistake raises
``CorruptDataError`` (notation, JSON or a version that cannot be read) or
``InvalidMoveError`` (a move text that is not a move), with a message that names the
problem."""

from __future__ import annotations

import json

import pytest
from support.arribada_positions import (
    BOARD_3P,
    FIELDS,
    GOOD,
    state,
    with_cell,
)  # fmt: skip
from tablero.core import CorruptDataError, InvalidMoveError, from_json, from_text, make


def test_the_good_position_reads():
    s = state()
    assert s.bag_count == 110 - 20


def test_a_position_writes_back_what_it_read():
    s = state()
    text = s.to_text()
    assert state(text) == s and state(text).to_text() == text
    for line in BOARD_3P.splitlines()[1:] + FIELDS.splitlines()[:4]:
        assert line.strip() in text, line
    # the moves it offers read back from their texts
    assert [s.parse_move(str(m)) for m in s.legal_moves()] == s.legal_moves()


# --- malformed notation --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (with_cell(GOOD, "c4", "5X"), ["5X", "c4", "cell token"]),
        (with_cell(GOOD, "c4", "9A"), ["9A", "cell token"]),
        (with_cell(GOOD, "c4", "*"), ["cell token"]),
        (with_cell(GOOD, "e5", "3A"), ["e5", "roca grande"]),
        (with_cell(GOOD, "c4", "o"), ["c4", "playa", "nido"]),
        (with_cell(GOOD, "c2", "."), ["c2", "nido"]),
        (with_cell(GOOD, "c4", "5"), ["neutral", "nido"]),  # a neutral tile on playa
        (
            GOOD.replace(" 4  .  o  .  .  .  .  .  .  .  .", ".  o  .  .  .  .  .  .  ."),
            ["needs 10 cells", "not 9"],
        ),
        (GOOD.replace("10  .  .  .  .  .  .  .  .  .  .\n", ""), ["10 rows", "found 9"]),
        (GOOD + "colour: green\n", ["unknown field", "colour"]),
        (GOOD.replace("rack B: 1 2 3 4 5\n", ""), ["rack b"]),
        (GOOD + "rack A: 1 2\n", ["rack a", "twice"]),
        (GOOD.replace("rack A: 1 2 3 4 5", "rack A: 1 2 3 4 5 6"), ["rack", "6 tiles"]),
        (GOOD.replace("rack A: 1 2 3 4 5", "rack A: 1 2 3 4 9"), ["9", "1-8"]),
        (GOOD.replace("display: 1 2 3 4 5", "display: 1 2 3 4"), ["display", "5 spaces"]),
        (GOOD.replace("display: 1 2 3 4 5\n", ""), ["display"]),
        (GOOD.replace("turn: A action", "turn: A dance"), ["unknown decision", "dance"]),
        (GOOD.replace("turn: A action", "turn: D action"), ["'D'", "not a player"]),
        (GOOD.replace("turn: A action\n", ""), ["turn"]),
        (GOOD.replace("arribada 3p standard", "arribada 5p standard"), ["first line"]),
        (GOOD.replace("arribada 3p standard", "arribada 3p expert"), ["variant", "expert"]),
        (GOOD + "shells: A=30\n", ["shells", "30"]),
        (GOOD + "rng: xyz\n", ["rng", "hexadecimal"]),
        (GOOD + "passes: 3\n", ["passes"]),
        (GOOD + "final round: maybe\n", ["yes or no"]),
        (GOOD.replace("bag: rest", "bag: 3 hidden"), ["hidden", "view"]),
        ("", ["empty"]),
    ],
)
def test_malformed_notation(text, words):
    with pytest.raises(CorruptDataError) as info:
        state(text)
    msg = str(info.value)
    for word in words:
        assert word.lower() in msg.lower(), (word, msg)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (with_cell(GOOD, "c4", "5X"), 6),  # the board's row 4
        (GOOD.replace("rack A: 1 2 3 4 5", "rack A: 1 2 3 4 9"), 13),
        (GOOD.replace("turn: A action", "turn: D action"), 18),
        (GOOD + "colour: green\n", 20),
    ],
)
def test_a_bad_line_is_named_with_its_number(text, line):
    with pytest.raises(CorruptDataError, match=f"^line {line}: "):
        state(text)


def test_too_many_tiles_of_a_value():
    # fifteen 1s on the racks are all of them: one more on the board is too many
    racks = FIELDS.replace("rack A: 1 2 3 4 5", "rack A: 1 1 1 1 1")
    racks = racks.replace("rack B: 1 2 3 4 5", "rack B: 1 1 1 1 1")
    racks = racks.replace("rack C: 1 2 3 4 5", "rack C: 1 1 1 1 1")
    text = "arribada 3p standard\n" + BOARD_3P + racks
    text = text.replace("display: 1 2 3 4 5", "display: 2 2 3 4 5")
    state(text)  # exactly 15 1s
    with pytest.raises(CorruptDataError, match="more tiles are placed than the box holds"):
        state(with_cell(text, "a1", "1A"))
    # with the bag written out, the count is named
    explicit = text.replace("bag: rest", "bag: 2x13 3x14 4x14 5x14 6x15 7x10 8x10")
    assert state(explicit).bag_count == 90
    state(explicit)
    with pytest.raises(CorruptDataError, match="16 tiles of value 1"):
        state(with_cell(explicit, "a1", "1A").replace("2x13", "2x12"))


def test_tiles_must_add_up_to_110():
    explicit = GOOD.replace("bag: rest", "bag: 1x11 2x11 3x11 4x11 5x11 6x14 7x10 8x10")
    with pytest.raises(CorruptDataError, match="109 tiles.*110"):
        state(explicit)
    state(explicit.replace("6x14", "6x15"))


def test_not_text():
    with pytest.raises(CorruptDataError, match="text"):
        from_text("arribada", 42)  # type: ignore[arg-type]


# --- JSON ----------------------------------------------------------------------------


def test_json_of_a_future_version():
    data = make("arribada", players=3, seed=1).to_dict()
    data["version"] = 99
    with pytest.raises(CorruptDataError) as info:
        from_json(json.dumps(data))
    msg = str(info.value)
    assert "newer" in msg and "update" in msg and "99" in msg


def test_json_round_trip_then_tampered():
    s = make("arribada", players=2, seed=3)
    assert from_json(s.to_json()) == s
    data = s.to_dict()
    data["tiles"].append(["d4", 3, 0])
    with pytest.raises(CorruptDataError, match="roca grande"):
        from_json(json.dumps(data))
    data = s.to_dict()
    del data["display"]
    with pytest.raises(CorruptDataError, match="display"):
        from_json(json.dumps(data))
    data = s.to_dict()
    data["shells"] = ["many", 26]
    with pytest.raises(CorruptDataError, match="shells"):
        from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["not json at all", "{", "", "[1, 2"])
def test_not_json(text):
    with pytest.raises(CorruptDataError, match="JSON"):
        from_json(text)


def test_json_that_is_not_an_object():
    with pytest.raises(CorruptDataError, match="object"):
        from_json("[1, 2, 3]")
    with pytest.raises(CorruptDataError, match="which game"):
        from_json('{"version": 1}')


# --- unparsable moves ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("place 9 c4", ["1 to 8", "9"]),
        ("place 0 c4", ["1 to 8"]),
        ("place 3 z9", ["z9", "cell name"]),
        ("place 3 a11", ["a11", "off the 10x10 board"]),
        ("place 3 c", ["cell name"]),
        ("place 3", ["place <value> <cell>"]),
        ("fly", ["unknown move", "fly"]),
        ("claim", ["claim <cell>"]),
        ("capture c4 d4", ["capture <cell>"]),
        ("draw", ["draw bag"]),
        ("draw 9", ["1 to 8"]),
        ("pick hand 3", ["rack", "display"]),
        ("end now", ["end"]),
        ("", ["empty move"]),
        ("   ", ["empty move"]),
    ],
)
def test_unparsable_move(text, words):
    s = state()
    with pytest.raises(InvalidMoveError) as info:
        s.apply(text)
    for word in words:
        assert word in str(info.value), (word, str(info.value))
    with pytest.raises(InvalidMoveError):
        s.parse_move(text)


def test_move_that_is_not_text():
    with pytest.raises(InvalidMoveError):
        state().parse_move(42)  # type: ignore[arg-type]
