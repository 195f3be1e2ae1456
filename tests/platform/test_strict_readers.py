"""The five defects issue 22 found in the link and save decoders, one regression test
(or a small group) each, over every registered game.

1. A link whose payload is valid deflate behind a valid checksum but holds JSON nested
   1,000 levels deep made ``link_game`` raise ``RecursionError``.
2. A stored entry holding deeply nested JSON made ``SaveStore.game_of`` and ``save()``
   raise ``RecursionError``.
3. A record of the current format whose game state is from a newer game format was
   refused by ``load()`` and then overwritten by ``save()``.
4. Values the formats do not allow were accepted: an ``rng`` of ``-1``, ``0x10``,
   ``" 1f "``, ``1_0`` or 10,000 digits; the link prefixes ``tb01.`` and ``tb`` with
   another script's digit one.
5. A save whose history was edited was accepted although it no longer replays to its
   position; its share link then opened another game, or none.
"""

from __future__ import annotations

import base64
import json
import unittest.mock
import zlib

import pytest
from tablero.core import (
    CorruptDataError,
    InvalidMoveError,
    Rng,
    State,
    from_dict,
    from_json,
    game_ids,
    make,
)
from tablero.core.jsonutil import MAX_JSON_DEPTH, json_depth, load_json
from tablero.web.links import MSG_DAMAGED, MSG_NOT_A_LINK, decode_link, encode_link, link_game
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

GAMES = game_ids()


def installed(game_id: str) -> bool:
    try:
        make(game_id, players=2, seed=1)
    except ValueError:
        return False
    return True


def game_param(game_id: str) -> object:
    """``game_id`` as a parameter; a registered game that is not installed yet is an
    explicit, visible skip (never a silent one)."""
    marks = () if installed(game_id) else (pytest.mark.skip(reason=f"{game_id} not installed"),)
    return pytest.param(game_id, marks=marks, id=game_id)


EVERY_GAME = pytest.mark.parametrize("game_id", [game_param(g) for g in GAMES])


def played(game_id: str, moves: int, seed: int = 3) -> State:
    game_setups = [s for s in from_game_setups(game_id) if s[0] == 2] or from_game_setups(game_id)
    players, options = game_setups[0]
    state = make(game_id, players=players, seed=seed, **options)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_moves()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


def from_game_setups(game_id: str) -> list[tuple[int, dict]]:
    from tablero.core import get_game

    return list(get_game(game_id).setups())


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}", i, "human" if i == 0 else "bot:normal") for i in range(n)]


def frame(body_json: bytes, version: int = 1) -> str:
    """A correctly framed link (length, CRC32, deflate) around any payload bytes."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(body_json) + packer.flush()
    length = len(body).to_bytes(2, "big")
    raw = length + zlib.crc32(body).to_bytes(4, "big") + length + body
    return f"tb{version}." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def saved(game_id: str, moves: int, gid: str = "g1") -> SavedGame:
    state = played(game_id, moves)
    return SavedGame(gid, "Game", game_id, seats(state.num_players), state, 1.0, 2.0)


# --- 1. deep nesting inside a valid link ---------------------------------------------


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_1_deeply_nested_link_payload_is_refused_before_parsing(depth: int) -> None:
    link = frame(b"[" * depth + b"]" * depth)
    calls: list[str] = []
    real = json.loads

    def spy(text: str | bytes, **kwargs: object) -> object:
        calls.append(text if isinstance(text, str) else text.decode())
        return real(text, **kwargs)

    with unittest.mock.patch("json.loads", spy):
        assert link_game(link) is None
        with pytest.raises(CorruptDataError) as err:
            decode_link(link)
    assert str(err.value) == MSG_DAMAGED and err.value.code == "link.damaged"
    assert calls == []  # the depth was measured on the text: the parser never saw it
    # A payload of a legitimate shape with its depth hidden inside a field.
    deep = "[" * 5000 + "]" * 5000
    nested = f'["arribada",1,2,1,{{}},[],[["a",0,"human"],["b",1,{deep}]]]'
    assert link_game(frame(nested.encode())) is None
    with pytest.raises(CorruptDataError, match="damaged"):
        decode_link(frame(nested.encode()))


def test_1_the_depth_is_counted_on_the_text_as_a_parser_meets_it() -> None:
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
def test_1_deep_nesting_inside_a_state_is_refused(game_id: str) -> None:
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


# --- 2. deep nesting in a stored entry -------------------------------------------------


@EVERY_GAME
@pytest.mark.parametrize("depth", [1_000, 200_000])
def test_2_deeply_nested_stored_entry(game_id: str, depth: int) -> None:
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


# --- 3. a record whose game state is newer is never overwritten ------------------------


@EVERY_GAME
def test_3_a_record_with_a_newer_game_state_is_never_overwritten(game_id: str) -> None:
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
def test_3_a_readable_entry_is_replaced_and_the_own_entry_needs_no_second_reading(
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


# --- 4. strict field formats ----------------------------------------------------------

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


@EVERY_GAME
@pytest.mark.parametrize("value", BAD_RNG, ids=lambda v: repr(v[:18]))
def test_4_rng_must_be_16_lower_case_hex_digits(game_id: str, value: str) -> None:
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
def test_4_rng_line_of_the_notation_is_hex_digits_only(game_id: str, value: str) -> None:
    text = played(game_id, 4).to_text()
    if "\nrng: " not in text:
        pytest.skip(f"{game_id}'s notation has no rng line")
    lines = [f"rng: {value}" if line.startswith("rng: ") else line for line in text.split("\n")]
    with pytest.raises(CorruptDataError, match="rng"):
        from_text_any(game_id, "\n".join(lines))


def from_text_any(game_id: str, text: str) -> State:
    from tablero.core import from_text

    return from_text(game_id, text)


ONE_DIGITS = [
    "\u0661",  # Arabic-Indic
    "\u06f1",  # Extended Arabic-Indic
    "\u0967",  # Devanagari
    "\uff11",  # full-width
    "\U0001d7cf",  # mathematical bold
    "\U0001d7d9",  # mathematical double-struck
    "\u00b9",  # superscript (isdigit() is True)
    "\u2460",  # circled (isdigit() is True)
]


@pytest.mark.parametrize("one", ONE_DIGITS, ids=lambda c: f"U+{ord(c):04X}")
def test_4_link_prefix_takes_only_ascii_digits(one: str) -> None:
    link = encode_link(played(GAMES[0], 3), seats(2))
    rest = link[len("tb1.") :]
    for text in (f"tb{one}.{rest}", f"tb{one}", f"tb{one}."):
        assert link_game(text) is None
        with pytest.raises(CorruptDataError) as err:
            decode_link(text)
        assert str(err.value) == MSG_NOT_A_LINK


@pytest.mark.parametrize("prefix", ["tb01.", "tb001.", "tb0.", "TB1.", "tb1 .", "tb+1.", "tb-1."])
def test_4_link_prefix_is_exactly_tb_number_dot(prefix: str) -> None:
    link = encode_link(played(GAMES[0], 3), seats(2))
    text = prefix + link[len("tb1.") :]
    assert link_game(text) is None
    with pytest.raises(CorruptDataError) as err:
        decode_link(text)
    assert str(err.value) == MSG_NOT_A_LINK
    assert decode_link(link)[0] == played(GAMES[0], 3)


@EVERY_GAME
def test_4_link_moves_must_be_canonical_texts(game_id: str) -> None:
    state = played(game_id, 6)
    link = encode_link(state, seats(state.num_players))
    text = link.split(".", 1)[1]
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    payload = json.loads(zlib.decompress(raw[8:], -15))
    payload[5] = [m.upper() for m in payload[5]]  # the notation reads any case
    if payload[5] == [m for m in json.loads(zlib.decompress(raw[8:], -15))[5]]:
        pytest.skip("no letters in these move texts")
    with pytest.raises(CorruptDataError, match="damaged"):
        decode_link(frame(json.dumps(payload).encode()))


# --- 5. a history that does not replay to its position --------------------------------


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
def test_5_an_edited_history_is_refused_on_import_and_on_share(game_id: str) -> None:
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
def test_5_a_dropped_or_extra_history_entry_is_refused_on_import(game_id: str) -> None:
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


# --- found by the browser fuzzing: events of an imported file ----------------------------


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


# --- every reader ends in the documented error --------------------------------------------


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


@EVERY_GAME
@pytest.mark.parametrize("one", ONE_DIGITS[:5], ids=lambda c: f"U+{ord(c):04X}")
def test_4_the_notation_of_every_game_takes_ascii_digits_only(game_id: str, one: str) -> None:
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
def test_4_move_texts_take_ascii_digits_only(game_id: str, one: str) -> None:
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
