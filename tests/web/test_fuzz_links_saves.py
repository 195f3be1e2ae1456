"""Fuzzing the decoders of untrusted data: share links, stored saves, imported files,
state JSON and the position notation of every registered game.

Each case hands one hostile input to one decoder and must end in the documented error
(:class:`~tablero.core.CorruptDataError`, with a message for the player) or in a valid,
playable game; never in another exception, never in a hang (each case runs under a
timer) and within bounded memory (the cases most likely to blow up, bombs, deep
nesting and huge texts, plus a sample of the others, run under ``tracemalloc``).
A stored entry that cannot be read is never overwritten by a save.

The families, for every game of ``tablero.core.game_ids()`` (a registered game that is
not installed fails the count test, it is not skipped):

* links: single-character changes, cuts and insertions of valid links; JSON payloads
  mutated (values replaced, removed, duplicated, wrapped, texts and numbers changed)
  and framed again with a correct length and CRC32; the payload's text mutated and
  framed again; deep nesting; deflate bombs; random text and wrong prefixes;
* saves: records mutated the same ways, each imported as a file and stored as an entry
  (listed, loaded, its game read, then saved over); deep nesting, huge and random texts;
* states: state JSON mutated (``from_json``) and the notation mutated (``from_text``);
* challenge links (``tc1.``, games with a one-player mode): the same families as links,
  and saved records whose challenge field is mutated (each imported and stored);
* overflowing numbers (``*.overflow``): a number of a valid link's payload, record,
  state or challenge replaced by one no float holds (``1e999``, ``-1E400``...), which
  Python's JSON reader would take as infinity; every such case must be refused (an
  infinity loaded once could never be exported again).

At least 10,000 cases run per test run (``FUZZ_CASES``, split over the games; the seed
is ``FUZZ_SEED``); the counts and the time are printed (``pytest -s``).
"""

from __future__ import annotations

import base64
import json
import math
import os
import random
import re
import signal
import time
import traceback
import tracemalloc
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from tablero.core import (
    CorruptDataError,
    Rng,
    State,
    from_json,
    from_text,
    game_ids,
    get_game,
    make,
)
from tablero.core.jsonutil import load_json
from tablero.web.challenge import challenge_game, decode_challenge, encode_challenge
from tablero.web.links import decode_link, encode_link, link_game
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

TOTAL_CASES = int(os.environ.get("FUZZ_CASES", "10400"))
SEED = int(os.environ.get("FUZZ_SEED", "22"))
CASE_SECONDS = 10.0  # a case running longer is a hang
MEMORY_BOUND = 48 << 20  # bytes a single case may allocate at its peak

NAMES = [
    "Ana",
    "Bruno <b>",
    "カナ",
    "\u202eevil",
    "x" * 40,
    "Zoë\u0301",
    "a\u200db",
    "<img onerror=1>",
]
KINDS = ["human", "bot:easy", "bot:normal", "bot:hard"]
UNICODE_ONES = ["\u0661", "\u06f1", "\u0967", "\uff11", "\U0001d7cf", "\u00b9", "\u2460"]


# --- building blocks ------------------------------------------------------------------


def frame(body_json: bytes, version: str = "1", prefix: str = "tb") -> str:
    """A link with a correct length and CRC32 around any payload bytes."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = (packer.compress(body_json) + packer.flush())[:0xFFFF]
    return frame_body(body, version, prefix)


def frame_body(body: bytes, version: str = "1", prefix: str = "tb") -> str:
    length = len(body).to_bytes(2, "big")
    raw = length + zlib.crc32(body).to_bytes(4, "big") + length + body
    return f"{prefix}{version}." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def payload_of(link: str) -> list[Any]:
    text = link.split(".", 1)[1]
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    payload: list[Any] = json.loads(zlib.decompress(raw[8:], -15))
    return payload


def random_scalar(rng: random.Random) -> Any:
    return rng.choice(
        [
            -1,
            0,
            1,
            2,
            5,
            2**63,
            2**64,
            -(2**64),
            10**30,
            1.5,
            -0.0,
            1e308,
            True,
            False,
            None,
            "",
            "0",
            "x",
            "tb1.",
            "-1",
            "0x10",
            " 1f ",
            "1_0",
            "0000000000000010",
            rng.choice(UNICODE_ONES) * rng.randint(1, 16),
            "\ud800",
            "\u202e<script>alert(1)</script>",
            "é" * rng.randint(1, 300),
            [],
            {},
            [None],
            {"": None},
        ]
    )


def mutate_text(text: str, rng: random.Random) -> str:
    if not text:
        return rng.choice(["", " ", "\x00", "1"])
    i = rng.randrange(len(text))
    op = rng.randrange(6)
    if op == 0:
        return text[:i] + text[i + 1 :]
    if op == 1:
        return text[:i] + rng.choice("09azAZ_-.:\\\"'[]{} \u0661\uff11é\x00\u202e") + text[i + 1 :]
    if op == 2:
        return text[:i] + rng.choice(["", " ", "  ", text[i:] * 2]) + text[i:]
    if op == 3:
        return text.upper() if rng.random() < 0.5 else text.lower()
    if op == 4:
        return text[:i]
    return text + text[i:]


def paths(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in a JSON value (iterative: no recursion)."""
    out: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in list(items):
            out.append((node, key))
            if isinstance(child, (dict, list)) and child:
                stack.append(child)
    return out


def mutate_json(value: Any, rng: random.Random, ops: int = 1) -> Any:
    """``value`` (a JSON list or object, copied) with ``ops`` random changes."""
    value = json.loads(json.dumps(value))
    for _ in range(ops):
        where = paths(value)
        if not where:
            return random_scalar(rng)
        node, key = rng.choice(where)
        old = node[key]
        op = rng.randrange(8)
        if op == 0:
            node[key] = random_scalar(rng)
        elif op == 1:
            if isinstance(node, dict):
                del node[key]
            else:
                node.pop(key)
        elif op == 2 and isinstance(node, list):
            node.insert(key, json.loads(json.dumps(old)))
        elif op == 3:
            node[key] = [old]
        elif op == 4 and isinstance(old, str):
            node[key] = mutate_text(old, rng)
        elif op == 5 and isinstance(old, int) and not isinstance(old, bool):
            node[key] = old + rng.choice([-2, -1, 1, 2, 10**6])
        elif op == 6 and isinstance(node, dict):
            node[mutate_text(str(key), rng)] = node.pop(key)
        elif op == 7 and isinstance(old, list) and len(old) > 1:
            rng.shuffle(old)
        else:
            node[key] = random_scalar(rng)
    return value


OVERFLOWING = ["1e999", "-1e999", "1E400", "-2.5e+309", "9" * 20 + "e300", "1.0e99999"]
_NUMBER = re.compile(r"(?<=[:,\[])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?=[,\]}])")


def overflow(text: str, rng: random.Random) -> str:
    """JSON ``text`` with one of its numbers (a random one) replaced by an overflowing
    one; ``text`` with one appended to its first array or object when it has none."""
    spots = list(_NUMBER.finditer(text))
    big = rng.choice(OVERFLOWING)
    if not spots:
        i = text.find("[") + 1 or text.find("{") + 1
        return text[:i] + (big + "," if text[i - 1 : i] == "[" else f'"x":{big},') + text[i:]
    spot = rng.choice(spots)
    return text[: spot.start()] + big + text[spot.end() :]


def nest(depth: int, rng: random.Random) -> str:
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}"), ("[[", "]]")])
    return opener * depth + "0" + closer * depth


def random_text(rng: random.Random) -> str:
    alphabet = rng.choice(
        [
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_",
            "tb1.#=%/+ ",
            '{}[]",:0123456789.eE-truefalsn ',
            "".join(chr(c) for c in range(0x20, 0x3000, 37)),
        ]
    )
    size = rng.choice([0, 1, 5, 50, 500, 5000])
    return "".join(rng.choice(alphabet) for _ in range(size))


_BOMBS: dict[int, bytes] = {}


def bomb_body(megabytes: int, filler: bytes) -> bytes:
    """Raw deflate of ``megabytes`` MiB of ``filler``: fits a link's 64 KiB body."""
    key = megabytes * 1000 + filler[0]
    if key not in _BOMBS:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
        chunk = filler * ((1 << 20) // len(filler))
        body = b"".join(packer.compress(chunk) for _ in range(megabytes)) + packer.flush()
        _BOMBS[key] = body[:0xFFFF]
    return _BOMBS[key]


# --- the games the cases start from ---------------------------------------------------


@dataclass
class Sample:
    """Valid data of one game: states, links and saved records to mutate."""

    game_id: str
    states: list[State] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    records: list[str] = field(default_factory=list)
    seats: list[list[Seat]] = field(default_factory=list)
    #: challenge links (finished one-player games) and saved records holding one
    challenges: list[str] = field(default_factory=list)
    challenge_records: list[str] = field(default_factory=list)


def sample_of(game_id: str) -> Sample:
    game = get_game(game_id)
    sample = Sample(game_id)
    for k, (players, options) in enumerate(game.setups()[:4]):
        state = make(game_id, players=players, seed=100 + k, **options)
        rng = Rng(k)
        stop = [0, 6, 30, 10_000][k % 4]
        for _ in range(stop):
            if state.is_terminal():
                break
            legal = state.legal_moves()
            state = state.apply(legal[rng.randbelow(len(legal))])
        seats = [
            Seat(NAMES[(k + i) % len(NAMES)], i % 4, KINDS[(k + i) % len(KINDS)])
            for i in range(players)
        ]
        sample.states.append(state)
        sample.seats.append(seats)
        sample.links.append(encode_link(state, seats))
        saved = SavedGame(f"base{k}", f"Game {k}", game_id, seats, state, 1.7e12, 1.7e12 + k)
        sample.records.append(export_json(saved))
    solo = [options for players, options in game.setups() if players == 1]
    for k, options in enumerate(solo[:1] * 2):
        state = make(game_id, players=1, seed=200 + k, **options)
        rng = Rng(k)
        while not state.is_terminal():
            legal = state.legal_moves()
            state = state.apply(legal[rng.randbelow(len(legal))])
        link = encode_challenge(state, NAMES[k % len(NAMES)])
        sample.challenges.append(link)
        challenge = decode_challenge(link)
        saved = SavedGame(
            f"solo{k}", f"Challenge {k}", game_id, [Seat(NAMES[k + 1], 0)],
            challenge.deal(), 1.7e12, 1.7e12, challenge,
        )  # fmt: skip
        sample.challenge_records.append(export_json(saved))
    return sample


# --- the decoders, and what each may end in ---------------------------------------------


def playable(state: State) -> None:
    """A decoded state is a game one can go on playing (and save again)."""
    assert from_json(state.to_json()) == state
    if not state.is_terminal():
        legal = state.legal_moves()
        assert legal, "a game that is not over offers moves"
        state.apply(legal[0])


def open_link(text: str) -> str:
    """``decode_link`` ends in ``CorruptDataError`` or a playable game that links back
    to itself; ``link_game`` never raises."""
    game = link_game(text)
    assert game is None or isinstance(game, str)
    try:
        state, seats = decode_link(text)
    except CorruptDataError as exc:
        assert str(exc) and exc.code and exc.code.startswith("link.")
        return exc.code
    assert game == state.game.id
    playable(state)
    assert decode_link(encode_link(state, seats)) == (state, seats)
    return "opened"


def open_challenge(text: str) -> str:
    """``decode_challenge`` ends in ``CorruptDataError`` or a finished one-player game
    whose deal is a fresh, playable game and which makes the same challenge again;
    ``challenge_game`` never raises."""
    game = challenge_game(text)
    assert game is None or isinstance(game, str)
    try:
        challenge = decode_challenge(text)
    except CorruptDataError as exc:
        assert str(exc) and exc.code and exc.code.startswith("challenge.")
        return exc.code
    target = challenge.target
    assert game == target.game.id and target.is_terminal() and target.num_players == 1
    deal = challenge.deal()
    assert challenge.is_for(deal) and not deal.history
    playable(deal)
    again = decode_challenge(encode_challenge(target, challenge.name))
    assert again.target == target and again.name == challenge.name
    return "opened"


def open_file(text: str | bytes) -> str:
    """``import_json`` ends in ``CorruptDataError`` or a playable game written under a
    new id beside the stored one, which stays as it was."""
    store = SaveStore(MemoryStorage())
    store.storage.set(SAVE_PREFIX + "kept", "sentinel")
    try:
        game = import_json(text, store, now=1.0)  # type: ignore[arg-type]
    except CorruptDataError as exc:
        assert str(exc) and exc.code and exc.code.startswith("import.")
        assert store.storage.keys() == [SAVE_PREFIX + "kept"]
        return exc.code
    assert store.storage.get(SAVE_PREFIX + "kept") == "sentinel"
    playable(game.state)
    assert store.load(game.id).state == game.state
    exported_again(game)
    return "imported"


def exported_again(game: SavedGame) -> None:
    """What was read can be exported, and the exported file imported back."""
    again = import_json(export_json(game), SaveStore(MemoryStorage()), now=2.0)
    assert again.state == game.state


def open_entry(text: str, good: SavedGame) -> str:
    """A stored entry: ``list``, ``load`` and ``game_of`` end in a problem, an error or
    the game; then ``save`` of another game under its id replaces it only if it could
    be read (else ``SaveConflictError`` and the entry is unchanged)."""
    store = SaveStore(MemoryStorage())
    key = SAVE_PREFIX + good.id
    store.storage.set(key, text)
    summaries, problems = store.list()
    assert len(summaries) + len(problems) == 1
    name = store.game_of(good.id)
    assert name is None or isinstance(name, str)
    try:
        loaded = store.load(good.id)
    except CorruptDataError as exc:
        assert exc.code and exc.code.startswith("save.") and problems
        with pytest.raises(SaveConflictError):
            store.save(good)
        assert store.storage.get(key) == text  # never overwritten
        return exc.code
    assert summaries and summaries[0].id == good.id
    playable(loaded.state)
    load_json(export_json(loaded))  # what loads can be exported as JSON (no Infinity)
    store.save(good)  # a readable entry may be replaced
    assert store.load(good.id).state == good.state
    return "loaded"


def gap(exc: CorruptDataError) -> str:
    """``refused``, or where a game's own reader failed with another exception that the
    registry's safety net turned into ``CorruptDataError`` (``state.unreadable``): the
    player still gets the documented error, and the run names the spot to tighten."""
    if exc.code != "state.unreadable" or exc.__cause__ is None:
        return "refused"
    where = traceback.extract_tb(exc.__cause__.__traceback__)[-1]
    return f"safety net: {exc.__cause__!r} at {where.filename.split('/src/')[-1]}:{where.lineno}"


def open_state_json(text: str) -> str:
    try:
        state = from_json(text)
    except CorruptDataError as exc:
        return gap(exc)
    if state.viewer is None:
        playable(state)
    return "read"


def open_notation(game_id: str, text: str) -> str:
    try:
        state = from_text(game_id, text)
    except CorruptDataError as exc:
        return gap(exc)
    assert from_text(game_id, state.to_text()).to_text() == state.to_text()
    if state.viewer is None and not state.is_terminal():
        assert state.legal_moves()
    return "read"


# --- the cases --------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    family: str
    run: Callable[[], str]
    traced: bool = False  # measure its memory with tracemalloc


def link_cases(sample: Sample, rng: random.Random) -> Iterator[Case]:
    link = rng.choice(sample.links)
    payload = payload_of(link)
    yield Case("link.chars", lambda: open_link(mutate_text(link, rng)))
    mutated = mutate_json(payload, rng, rng.choice([1, 1, 2, 3]))
    text = json.dumps(mutated, ensure_ascii=rng.random() < 0.5)
    yield Case("link.payload", lambda: open_link(frame(text.encode("utf-8", "surrogatepass"))))
    raw_text = mutate_text(json.dumps(payload, ensure_ascii=False), rng)
    yield Case(
        "link.payload_text", lambda: open_link(frame(raw_text.encode("utf-8", "surrogatepass")))
    )
    if rng.random() < 0.2:
        big = overflow(json.dumps(payload, ensure_ascii=False), rng).encode(
            "utf-8", "surrogatepass"
        )
        yield Case("link.overflow", lambda: refused(open_link(frame(big))))
    if rng.random() < 0.1:
        depth = rng.choice([49, 100, 1000, 20_000])
        deep = json.dumps(payload)[:-1] + "," + nest(depth, rng) + "]"
        yield Case("link.deep", lambda: open_link(frame(deep.encode())), traced=True)
    if rng.random() < 0.03:
        body = bomb_body(rng.choice([2, 40]), rng.choice([b" ", b"[", b'"a",']))
        yield Case("link.bomb", lambda: open_link(frame_body(body)), traced=True)
    if rng.random() < 0.2:
        junk = random_text(rng)
        prefix = rng.choice(["", "tb1.", "tb01.", "tb2.", "#tb1.", "https://x/#tb1."])
        prefix += rng.choice(["", "tb" + rng.choice(UNICODE_ONES) + "."])
        yield Case("link.random", lambda: open_link(prefix + junk))


def save_cases(sample: Sample, rng: random.Random) -> Iterator[Case]:
    k = rng.randrange(len(sample.records))
    record_text = sample.records[k]
    record = json.loads(record_text)
    state = sample.states[k]
    good = SavedGame("base", "Good", sample.game_id, sample.seats[k], state, 1.0, 2.0)
    mutated = json.dumps(mutate_json(record, rng, rng.choice([1, 1, 2])), ensure_ascii=False)
    yield Case("file.record", lambda: open_file(mutated))
    other = json.dumps(mutate_json(record, rng, rng.choice([1, 2])), ensure_ascii=False)
    yield Case("entry.record", lambda: open_entry(other, good))
    chars = mutate_text(record_text, rng)
    yield Case("file.chars", lambda: open_file(chars))
    yield Case("entry.chars", lambda: open_entry(mutate_text(record_text, rng), good))
    if rng.random() < 0.2:
        big = overflow(record_text, rng)
        yield Case("file.overflow", lambda: refused(open_file(big)))
        yield Case("entry.overflow", lambda: refused(open_entry(big, good)))
    if rng.random() < 0.1:
        depth = rng.choice([49, 1000, 20_000])
        deep = record_text.rstrip()[:-1] + ',"x":' + nest(depth, rng) + "}"
        yield Case("file.deep", lambda: open_file(deep), traced=True)
        yield Case("entry.deep", lambda: open_entry(deep, good), traced=True)
    if rng.random() < 0.01:
        huge = '{"kind":"tablero-save","x":"' + "a" * 2_100_000 + '"}'
        yield Case("file.huge", lambda: open_file(huge), traced=True)
        yield Case("entry.huge", lambda: open_entry(huge, good), traced=True)
    if rng.random() < 0.1:
        junk = random_text(rng)
        as_bytes = rng.random() < 0.5
        data: str | bytes = junk.encode("utf-16") if as_bytes else junk
        yield Case("file.random", lambda: open_file(data))
        yield Case("entry.random", lambda: open_entry(junk, good))


def state_cases(sample: Sample, rng: random.Random) -> Iterator[Case]:
    state = rng.choice(sample.states)
    data = state.to_dict() if rng.random() < 0.8 else state.view(0).to_dict()
    text = json.dumps(mutate_json(data, rng, rng.choice([1, 2])))
    yield Case("state.json", lambda: open_state_json(text))
    if rng.random() < 0.2:
        big = overflow(json.dumps(data), rng)
        yield Case("state.overflow", lambda: refused(open_state_json(big)))
    notation = state.to_text()
    lines = notation.split("\n")
    i = rng.randrange(len(lines))
    lines[i] = mutate_text(lines[i], rng)
    if rng.random() < 0.3:
        rng.shuffle(lines)
    changed = "\n".join(lines)
    yield Case("state.notation", lambda: open_notation(sample.game_id, changed))


def challenge_cases(sample: Sample, rng: random.Random) -> Iterator[Case]:
    """Challenge links, as links are fuzzed, and records whose challenge is mutated."""
    if not sample.challenges:
        return
    link = rng.choice(sample.challenges)
    payload = payload_of(link)
    yield Case("challenge.chars", lambda: open_challenge(mutate_text(link, rng)))
    mutated = mutate_json(payload, rng, rng.choice([1, 1, 2, 3]))
    text = json.dumps(mutated, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    yield Case("challenge.payload", lambda: open_challenge(frame(text, prefix="tc")))
    raw_text = mutate_text(json.dumps(payload, ensure_ascii=False), rng)
    raw = raw_text.encode("utf-8", "surrogatepass")
    yield Case("challenge.payload_text", lambda: open_challenge(frame(raw, prefix="tc")))
    if rng.random() < 0.2:
        big = overflow(json.dumps(payload, ensure_ascii=False), rng).encode(
            "utf-8", "surrogatepass"
        )
        yield Case("challenge.overflow", lambda: refused(open_challenge(frame(big, prefix="tc"))))
    if rng.random() < 0.1:
        depth = rng.choice([49, 1000, 20_000])
        deep = (json.dumps(payload)[:-1] + "," + nest(depth, rng) + "]").encode()
        yield Case("challenge.deep", lambda: open_challenge(frame(deep, prefix="tc")), traced=True)
    if rng.random() < 0.03:
        body = bomb_body(rng.choice([2, 40]), rng.choice([b" ", b"[", b'"a",']))
        yield Case(
            "challenge.bomb", lambda: open_challenge(frame_body(body, prefix="tc")), traced=True
        )
    if rng.random() < 0.2:
        junk = random_text(rng)
        prefix = rng.choice(["", "tc1.", "tc01.", "tc2.", "#tc1.", "https://x/#tc1.", "tb1."])
        prefix += rng.choice(["", "tc" + rng.choice(UNICODE_ONES) + "."])
        yield Case("challenge.random", lambda: open_challenge(prefix + junk))
    record = json.loads(rng.choice(sample.challenge_records))
    if rng.random() < 0.5:
        record["challenge"] = mutate_text(record["challenge"], rng)
    else:
        changed = mutate_json({"c": record["challenge"]}, rng)
        if isinstance(changed, dict) and "c" in changed:
            record["challenge"] = changed["c"]
        else:
            del record["challenge"]  # a record without one (as before challenges)
    text_record = json.dumps(record, ensure_ascii=False)
    yield Case("challenge.file", lambda: open_file(text_record))
    good = SavedGame(
        "base", "Good", sample.game_id, [Seat("Ana", 0)],
        decode_challenge(link).deal(), 1.0, 2.0,
    )  # fmt: skip
    yield Case("challenge.entry", lambda: open_entry(text_record, good))


def refused(outcome: str) -> str:
    """An outcome that must be a refusal (an overflowing number opens nothing)."""
    assert outcome not in ("opened", "imported", "loaded", "read"), outcome
    return outcome


class Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hang(f"a case ran longer than {CASE_SECONDS} s")


def run_case(case: Case) -> tuple[str, float, int]:
    """The case's outcome, its time and (if traced) its peak memory."""
    signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
    if case.traced:
        tracemalloc.start()
    t0 = time.perf_counter()
    try:
        outcome = case.run()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        seconds = time.perf_counter() - t0
        peak = 0
        if case.traced:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    return outcome, seconds, peak


def test_every_registered_game_is_fuzzed() -> None:
    """No game is skipped: each registered game is installed and gives samples."""
    for game_id in game_ids():
        assert sample_of(game_id).links, game_id


def test_fuzz_links_saves_and_states() -> None:
    games = game_ids()
    per_game = math.ceil(TOTAL_CASES / len(games))
    previous = signal.signal(signal.SIGALRM, _alarm)
    counts: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    slowest = (0.0, "")
    peak_memory = (0, "")
    failures: list[str] = []
    started = time.process_time()
    cpu_per_game: dict[str, float] = {}
    try:
        for g, game_id in enumerate(games):
            game_started = time.process_time()
            sample = sample_of(game_id)
            rng = random.Random(SEED * 1000 + g)
            done = 0
            while done < per_game:
                for make_cases in (link_cases, save_cases, state_cases, challenge_cases):
                    for case in make_cases(sample, rng):
                        try:
                            outcome, seconds, peak = run_case(case)
                        except Exception as exc:  # noqa: BLE001 - collected and reported
                            where = traceback.extract_tb(exc.__traceback__)[-1]
                            failures.append(
                                f"{game_id} {case.family}: {exc!r} at "
                                f"{where.filename.split('/src/')[-1]}:{where.lineno}"
                            )
                            outcome, seconds, peak = "FAILED", 0.0, 0
                        done += 1
                        counts[f"{game_id} {case.family}"] += 1
                        outcomes[f"{case.family} -> {outcome}"] += 1
                        slowest = max(slowest, (seconds, f"{game_id} {case.family}"))
                        peak_memory = max(peak_memory, (peak, f"{game_id} {case.family}"))
            cpu_per_game[game_id] = time.process_time() - game_started
    finally:
        signal.signal(signal.SIGALRM, previous)
    cpu = time.process_time() - started
    total = sum(counts.values())
    print(f"\nfuzz: {total} cases over {len(games)} games in {cpu:.1f} s CPU (seed {SEED})")
    print("  CPU per game: " + ", ".join(f"{g} {t:.1f} s" for g, t in cpu_per_game.items()))
    for key, n in sorted(counts.items()):
        print(f"  {key}: {n}")
    for key, n in sorted(outcomes.items()):
        print(f"  {key}: {n}")
    print(f"  slowest case: {slowest[0] * 1000:.0f} ms ({slowest[1]})")
    print(f"  largest traced peak: {peak_memory[0] / 2**20:.1f} MiB ({peak_memory[1]})")
    assert not failures, f"{len(failures)} cases failed, first: {failures[:5]}"
    assert total >= TOTAL_CASES >= 10_000 or "FUZZ_CASES" in os.environ
    assert peak_memory[0] < MEMORY_BOUND
    assert any(k.endswith("-> opened") for k in outcomes)  # mutations that stay valid occur
    assert any(k.startswith("link.bomb") for k in outcomes)
    assert any(k.startswith("file.deep") for k in outcomes)
    assert any(k.startswith("challenge.chars") for k in outcomes)
    assert any(k.startswith("challenge.payload -> opened") for k in outcomes)
    for family in ("link", "file", "entry", "state", "challenge"):
        assert any(k.startswith(f"{family}.overflow") for k in outcomes), family
