"""A game link is decoded strictly, over every registered game: a payload nested too
deeply is refused before it is parsed (its depth counted on the text), the prefix is
exactly ``tb<number>.`` in ASCII digits, and the moves are the canonical move texts.
(Found by issue 22's review of the link decoder.)"""

from __future__ import annotations

import base64
import json
import unittest.mock
import zlib

import pytest
from support.every_game import EVERY_GAME, GAMES, ONE_DIGITS, played, seats
from tablero.core import CorruptDataError
from tablero.web.links import MSG_DAMAGED, MSG_NOT_A_LINK, decode_link, encode_link, link_game


def frame(body_json: bytes, version: int = 1) -> str:
    """A correctly framed link (length, CRC32, deflate) around any payload bytes."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(body_json) + packer.flush()
    length = len(body).to_bytes(2, "big")
    raw = length + zlib.crc32(body).to_bytes(4, "big") + length + body
    return f"tb{version}." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_a_deeply_nested_link_payload_is_refused_before_parsing(depth: int) -> None:
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


@pytest.mark.parametrize("one", ONE_DIGITS, ids=lambda c: f"U+{ord(c):04X}")
def test_the_link_prefix_takes_only_ascii_digits(one: str) -> None:
    link = encode_link(played(GAMES[0], 3), seats(2))
    rest = link[len("tb1.") :]
    for text in (f"tb{one}.{rest}", f"tb{one}", f"tb{one}."):
        assert link_game(text) is None
        with pytest.raises(CorruptDataError) as err:
            decode_link(text)
        assert str(err.value) == MSG_NOT_A_LINK


@pytest.mark.parametrize("prefix", ["tb01.", "tb001.", "tb0.", "TB1.", "tb1 .", "tb+1.", "tb-1."])
def test_the_link_prefix_is_exactly_tb_number_dot(prefix: str) -> None:
    link = encode_link(played(GAMES[0], 3), seats(2))
    text = prefix + link[len("tb1.") :]
    assert link_game(text) is None
    with pytest.raises(CorruptDataError) as err:
        decode_link(text)
    assert str(err.value) == MSG_NOT_A_LINK
    assert decode_link(link)[0] == played(GAMES[0], 3)


@EVERY_GAME
def test_link_moves_must_be_canonical_texts(game_id: str) -> None:
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
