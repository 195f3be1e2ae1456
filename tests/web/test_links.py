"""Share links (tablero.web.links): round trips, size, tampering, untrusted names."""

from __future__ import annotations

import base64
import json
import statistics
import zlib

import pytest
from tablero.core import CorruptDataError, Rng, from_text, make
from tablero.web.links import (
    LINK_VERSION,
    MAX_NAME_LENGTH,
    MSG_DAMAGED,
    MSG_NEWER,
    MSG_NOT_A_LINK,
    MSG_TRUNCATED,
    ShareError,
    decode_link,
    encode_link,
)
from tablero.web.plugin import Seat


def seats_for(n: int) -> list[Seat]:
    kinds = ["human", "bot:easy", "bot:normal", "bot:hard"]
    return [Seat(f"Player {i + 1}", i, kinds[i]) for i in range(n)]


def random_game(players: int, seed: int, stop: int | None = None):
    """A game played with random legal moves, to the end or for ``stop`` moves."""
    state = make("arribada", players=players, seed=seed)
    rng = Rng(seed * 7919 + players)
    while not state.is_terminal() and (stop is None or len(state.history) < stop):
        moves = state.legal_moves()
        state = state.apply_unchecked(moves[rng.randbelow(len(moves))])
    return state


def raw_payload(link: str) -> list:
    """The JSON payload of a version-1 link (for crafting test links)."""
    text = link.split(".", 1)[1]
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return json.loads(zlib.decompress(raw[8:], -15))


def craft(payload: list, version: int = LINK_VERSION) -> str:
    """A correctly framed link around any payload (what a forger could make)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(json.dumps(payload).encode()) + packer.flush()
    length = len(body).to_bytes(2, "big")
    raw = length + zlib.crc32(body).to_bytes(4, "big") + length + body
    return f"tb{version}." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


# --- round trips --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("stop", [0, 1, 7, 40, None])
def test_round_trip(players, stop):
    state = random_game(players, seed=100 + players, stop=stop)
    seats = seats_for(players)
    link = encode_link(state, seats)
    restored, restored_seats = decode_link(link)
    assert restored.to_json() == state.to_json()
    assert restored_seats == seats
    if stop is None:
        assert restored.is_terminal()


def test_hash_and_whole_url_are_accepted():
    state = random_game(2, seed=5, stop=12)
    link = encode_link(state, seats_for(2))
    assert decode_link("#" + link)[0] == state
    assert decode_link(f"https://example.org/tablero/#{link}\n")[0] == state


def test_link_uses_url_safe_characters_only():
    link = encode_link(random_game(4, seed=3), seats_for(4))
    assert link.startswith(f"tb{LINK_VERSION}.")
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    assert set(link) <= allowed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_future_draws(players):
    state = random_game(players, seed=40 + players, stop=30)
    restored, _ = decode_link(encode_link(state, seats_for(players)))
    rng = Rng(99)
    a, b = state, restored
    while not a.is_terminal():
        moves = a.legal_moves()
        assert [str(m) for m in moves] == [str(m) for m in b.legal_moves()]
        move = moves[rng.randbelow(len(moves))]
        a, b = a.apply(move), b.apply(str(move))
        assert a.to_json() == b.to_json()
    assert b.is_terminal()


def test_text_seed_and_options_round_trip():
    state = make(
        "arribada", players=3, seed="a seed typed by someone", variant="beginner", first_player=2
    )
    state = state.apply(state.legal_moves()[3])
    restored, _ = decode_link(encode_link(state, seats_for(3)))
    assert restored == state
    assert restored.setup == state.setup


def test_game_without_seed_cannot_be_shared():
    state = from_text("arribada", make("arribada", players=2, seed=1).to_text())
    with pytest.raises(ValueError, match="cannot be shared as a link"):
        encode_link(state, seats_for(2))
    view = make("arribada", players=2, seed=1).view(0)
    with pytest.raises(ValueError, match="cannot be shared as a link"):
        encode_link(view, seats_for(2))


def test_seat_count_must_match():
    with pytest.raises(ValueError):
        encode_link(make("arribada", players=3, seed=1), seats_for(2))


# --- size ---------------------------------------------------------------------------


def link_sizes(players: int, games: int = 20) -> list[int]:
    sizes = []
    for seed in range(games):
        state = random_game(players, seed=seed)
        assert state.is_terminal()
        sizes.append(len(encode_link(state, seats_for(players))))
    return sizes


@pytest.mark.parametrize("players", [2, 3, 4])
def test_complete_game_link_is_short(players):
    sizes = link_sizes(players)
    print(
        f"\n{players} players, {len(sizes)} complete random games: link length "
        f"max {max(sizes)}, mean {statistics.mean(sizes):.0f}"
    )
    assert max(sizes) < 2000


def test_long_names_do_not_blow_the_budget():
    state = random_game(4, seed=11)
    seats = [Seat("🦀" * 60, i, "human") for i in range(4)]
    link = encode_link(state, seats)
    assert len(link) < 2000
    assert [s.name for s in decode_link(link)[1]] == ["🦀" * MAX_NAME_LENGTH] * 4


# --- tampering ----------------------------------------------------------------------

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def expect(link: str, message: str) -> None:
    with pytest.raises(CorruptDataError) as info:
        decode_link(link)
    assert str(info.value) == message


@pytest.fixture(scope="module")
def link() -> str:
    return encode_link(random_game(4, seed=8, stop=120), seats_for(4))


def test_every_single_character_change_is_damage(link):
    body_start = link.index(".") + 1
    for pos in range(body_start, len(link)):
        for replacement in {ALPHABET[(ALPHABET.index(link[pos]) + k) % 64] for k in (1, 17, 63)}:
            tampered = link[:pos] + replacement + link[pos + 1 :]
            expect(tampered, MSG_DAMAGED)


@pytest.mark.parametrize("bad", ["!", "=", " ", "é", "+", "/", "%"])
def test_foreign_characters_are_damage(link, bad):
    middle = len(link) // 2
    expect(link[:middle] + bad + link[middle + 1 :], MSG_DAMAGED)


def test_every_truncation_is_reported_as_truncated(link):
    for length in range(1, len(link)):
        expect(link[:length], MSG_TRUNCATED)


def test_extra_characters_are_damage(link):
    expect(link + "AAAA", MSG_DAMAGED)


@pytest.mark.parametrize("version", [2, 3, 17, 999999])
def test_future_version_asks_for_an_update(link, version):
    expect(f"tb{version}." + link.split(".", 1)[1], MSG_NEWER)
    expect(f"tb{version}.whatever-a-future-format-holds", MSG_NEWER)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "#",
        "   ",
        "hello",
        "tx1.AAAA",
        "TB1.AAAA",
        "tb.AAAA",
        "tb0.AAAA",
        "tb1AAAA",
        "https://example.org/#/play",
        '{"game": "arribada"}',
        "tb-1.AAAA",
    ],
)
def test_not_a_link(text):
    expect(text, MSG_NOT_A_LINK)


@pytest.mark.parametrize("value", [None, 42, b"tb1.AAAA", ["tb1."]])
def test_non_text_is_not_a_link(value):
    expect(value, MSG_NOT_A_LINK)


def test_unknown_game(link):
    payload = raw_payload(link)
    payload[0] = "chess<script>"
    with pytest.raises(CorruptDataError, match="does not have .*chess<script>.*update the app"):
        decode_link(craft(payload))


def test_newer_game_format(link):
    payload = raw_payload(link)
    payload[1] = 2
    with pytest.raises(CorruptDataError, match="newer version of Tablero.*game format 2"):
        decode_link(craft(payload))


def test_moves_that_do_not_replay(link):
    payload = raw_payload(link)
    payload[5][3] = "place 9 z99"
    with pytest.raises(CorruptDataError, match=r"cannot be restored: move 4 \('place 9 z99'\)"):
        decode_link(craft(payload))
    payload[5][3] = 17
    with pytest.raises(CorruptDataError, match="move 4 is not a text"):
        decode_link(craft(payload))


@pytest.mark.parametrize(
    "change",
    [
        lambda p: p.pop(),
        lambda p: p.append(1),
        lambda p: p.__setitem__(0, 5),
        lambda p: p.__setitem__(1, "1"),
        lambda p: p.__setitem__(1, True),
        lambda p: p.__setitem__(3, None),
        lambda p: p.__setitem__(4, []),
        lambda p: p.__setitem__(5, "place 1 a1"),
        lambda p: p.__setitem__(6, {}),
        lambda p: p[6].pop(),
        lambda p: p[6].__setitem__(0, ["x", 9, "human"]),
        lambda p: p[6].__setitem__(0, ["x", 0, "admin"]),
        lambda p: p[6].__setitem__(0, ["x", True, "human"]),
        lambda p: p[6].__setitem__(0, [None, 0, "human"]),
        lambda p: p[6].__setitem__(0, "x"),
    ],
)
def test_forged_payloads_are_refused(link, change):
    payload = raw_payload(link)
    change(payload)
    with pytest.raises(CorruptDataError):
        decode_link(craft(payload))


@pytest.mark.parametrize(
    "setup",
    [(1, 1, {}), (4, 1, {"variant": "chess"}), (4, 1, {"x": 1}), (4, [1], {}), ("4", 1, {})],
)
def test_forged_setups_are_refused(link, setup):
    payload = raw_payload(link)
    payload[2], payload[3], payload[4] = setup
    with pytest.raises(CorruptDataError, match="cannot be restored"):
        decode_link(craft(payload))


def test_payloads_that_are_not_json_or_too_big():
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    for data in (b"not json", b"[" * 10 + b"]" * 10, b" " * (2 << 20), b"\xff\xfe"):
        body = packer.compress(data) + packer.flush()
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        length = len(body).to_bytes(2, "big")
        raw = length + zlib.crc32(body).to_bytes(4, "big") + length + body
        expect("tb1." + base64.urlsafe_b64encode(raw).decode().rstrip("="), MSG_DAMAGED)


# --- untrusted names ----------------------------------------------------------------


def test_names_round_trip_as_plain_text():
    names = [
        '<img src=x onerror="alert(1)">',
        'O\'Brien & "Sons" </script>',
        "🐢🌊 Tortuga 👩‍👩‍👧",
        "\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627",  # Hebrew, Arabic (RTL)
    ]
    seats = [Seat(n, i, "human") for i, n in enumerate(names)]
    state = random_game(4, seed=21, stop=25)
    _, restored = decode_link(encode_link(state, seats))
    assert [s.name for s in restored] == names
    assert all(type(s.name) is str for s in restored)


def test_names_are_cleaned_and_limited():
    seats = [
        Seat("a\x00b\x1b[31mc\nd\u2028e", 0, "human"),
        Seat("x" * 500, 1, "human"),
        Seat("  spaced  ", 2, "bot:easy"),
        Seat("", 3, "human"),
    ]
    _, restored = decode_link(encode_link(random_game(4, seed=2, stop=3), seats))
    assert [s.name for s in restored] == ["ab[31mcde", "x" * MAX_NAME_LENGTH, "spaced", ""]


def test_forged_names_are_cleaned(link):
    payload = raw_payload(link)
    payload[6][0][0] = "\ud800evil\x07" + "y" * 100
    _, seats = decode_link(craft(payload))
    assert seats[0].name == "evil" + "y" * (MAX_NAME_LENGTH - 4)


def test_every_link_error_has_a_code_for_the_catalog():
    """The app shows link errors in the player's language, keyed by ``code``."""
    from tablero.core import CorruptDataError as _CDE

    state = make("arribada", players=2, seed=4)
    link = encode_link(state, [Seat("A", 0), Seat("B", 1)])
    codes = set()
    for bad in (
        "",
        "nonsense",
        link[:-5],
        link[:10] + ("A" if link[10] != "A" else "B") + link[11:],
        "tb9." + link[4:],
    ):
        with pytest.raises(_CDE) as info:
            decode_link(bad)
        assert info.value.code and info.value.code.startswith("link."), bad
        codes.add(info.value.code)
    assert {"link.not_a_link", "link.truncated", "link.damaged", "link.newer"} <= codes


@pytest.mark.parametrize("game_id", ["arboretum", "arribada"])
def test_a_table_without_a_dealer_is_not_a_link(game_id):
    """A table whose chance steps are dealt from outside has no seed: no link is made of
    it, and it says why."""
    table = make(game_id, players=2, dealer=None, first_player=0)
    with pytest.raises(ShareError, match="no recorded seed") as caught:
        encode_link(table, seats_for(2))
    assert caught.value.code == "link.no_seed"
