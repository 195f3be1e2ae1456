"""The wire of a remote table (:mod:`.remote`): its links' framing and checks, the hash
chains and MACs, the messages' texts, the constants every part of the protocol shares
(``docs/remote-play.md``).  Pure Python (standard library); runs in Pyodide.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from functools import lru_cache
from typing import Any

from tablero.core import CorruptDataError

from .links import fragment_text, pack, unpack
from .maskdeck import Keys

#: The link kind and format: ``tb2.`` (today's share links are ``tb1.``).
REMOTE_PREFIX = "tb"
REMOTE_VERSION = 2
#: The protocol's version and the dealing's (how a key becomes an outcome); a table with
#: private hands deals from a masked deck (dealing 2: :mod:`.privatedeck`).
PROTOCOL_VERSION = 1
DEALING_VERSION = 1
PRIVATE_DEALING = 2
#: Values in a chain: one is revealed a message, so a player can send this many.
CHAIN_LENGTH = 400
_BYTES = 16

MSG_DAMAGED = "This link is damaged: ask for it again."
MSG_FOREIGN = "This link belongs to another game."
MSG_FORGED = "This link was changed after it was sent: ask its sender for it again."
MSG_NEWER = "This link was made by a newer Tablero: update Tablero to open it."
MSG_NOT_REMOTE = "This is a shared game, not a move of a game between devices."
MSG_TAKEN = "Every seat of this game is taken."
MSG_OLDER = "This link was made by an older Tablero: its sender should update Tablero."
MSG_FALSE_CARD = "This link plays a card its player was not dealt: ask for it again."


def _secret(entropy: bytes) -> bytes:
    if len(entropy) < _BYTES:
        raise ValueError("entropy: at least 16 random bytes")
    return _h(b"tablero-secret", entropy)


def _h(*parts: bytes) -> bytes:
    """SHA-256 of the parts (each prefixed by its length), cut to 16 bytes."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return digest.digest()[:_BYTES]


@lru_cache(maxsize=16)
def _chain(secret: bytes) -> tuple[bytes, ...]:
    """The hash chain of ``secret``: ``c[0]`` (the commitment) .. ``c[CHAIN_LENGTH]``
    (kept: a device makes it again for every message it sends)."""
    values = [_h(b"tablero-chain", secret)]
    for _ in range(CHAIN_LENGTH):
        values.append(_h(values[-1]))
    values.reverse()
    return tuple(values)


def _mac(key: bytes, content: bytes) -> bytes:
    return hmac.new(key, content, hashlib.sha256).digest()[:_BYTES]


def _hex(value: bytes) -> str:
    return value.hex()


def _unhex(value: Any, what: str) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * _BYTES:
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    try:
        return bytes.fromhex(value)
    except ValueError as exc:
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged") from exc


def _content(fields: list[Any]) -> bytes:
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=True).encode("ascii")


_KEYS: dict[bytes, Keys] = {}


def _keys_of(secret: bytes) -> Keys:
    """A device's deck keys (kept: its DH key costs a scalar multiplication)."""
    if secret not in _KEYS:
        _KEYS[secret] = Keys.from_secret(secret)
    return _KEYS[secret]


def _key_hex(k: int) -> str:
    return k.to_bytes(32, "little").hex()


def _check_rules(version: Any, mine: int) -> None:
    """Every device of a game plays the same rules: a message of other rules is refused
    (newer ones: update Tablero; older ones: the sender should)."""
    if type(version) is not int:
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    if version > mine:
        raise CorruptDataError(MSG_NEWER, code="remote.newer")
    if version < mine:
        raise CorruptDataError(MSG_OLDER, code="remote.older")


def _link(fields: list[Any], mac: bytes) -> str:
    return pack([*fields, _hex(mac)], f"{REMOTE_PREFIX}{REMOTE_VERSION}.")


_SHAPES = {"i": 12, "j": 11, "s": 9, "t": 11}


def _read(link: str) -> tuple[list[Any], bytes]:
    """A link's fields and MAC, its frame and shape checked."""
    try:
        payload = unpack(link, REMOTE_PREFIX, REMOTE_VERSION)
    except CorruptDataError as exc:
        if exc.code == "link.newer":
            raise CorruptDataError(MSG_NEWER, code="remote.newer") from exc
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged") from exc
    if not fragment_text(link).startswith(f"{REMOTE_PREFIX}{REMOTE_VERSION}."):
        raise CorruptDataError(MSG_NOT_REMOTE, code="remote.not_remote")  # a share link
    if not isinstance(payload, list) or len(payload) < 3 or not isinstance(payload[0], str):
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    versions = payload[1:3]
    if not all(type(v) is int for v in versions):
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    if versions[0] > PROTOCOL_VERSION or versions[1] > PRIVATE_DEALING:
        raise CorruptDataError(MSG_NEWER, code="remote.newer")
    if versions[0] != PROTOCOL_VERSION or versions[1] not in (DEALING_VERSION, PRIVATE_DEALING):
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    if payload[0] not in _SHAPES:
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    extra = 1 if versions[1] == PRIVATE_DEALING and payload[0] in "it" else 0
    if len(payload) != _SHAPES[payload[0]] + extra:
        raise CorruptDataError(MSG_DAMAGED, code="remote.damaged")
    return payload[:-1], _unhex(payload[-1], "mac")
