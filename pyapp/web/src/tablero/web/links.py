"""Share links: the URL fragment that carries a whole game.

A link holds the game's setup (players, seed, options) and the texts of the moves
played, plus the seats; opening it replays the moves with
:func:`tablero.core.replay`, which gives back exactly the same state: same position,
same history, same future draws (the PRNG state follows from the seed and the moves).

Format (version 1), described in ``docs/saves-and-links.md``::

    tb1.<base64url, no padding>

    bytes = L (2, big-endian) | CRC32 of body (4, big-endian) | L again (2) | body
    body  = raw DEFLATE (level 9) of the UTF-8 JSON array
            [game id, game format version, players, seed, options, [move texts],
             [[seat name, colour, kind], ...]]

``L`` is the body's length.  It is written twice, four bytes apart, so a single
damaged character (which changes at most two neighbouring bytes) is always told
apart from a link that was cut short.  The prefix ``tb<N>.`` never changes meaning:
a future format is ``tb2.`` and this version refuses it with "update the app".

Pure Python (stdlib only): runs in CPython tests and in Pyodide.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import unicodedata
import zlib
from typing import Any

from tablero.core import CorruptDataError, State, get_game, replay
from tablero.core.jsonutil import load_json

from .plugin import Seat

__all__ = [
    "link_game",
    "LINK_VERSION",
    "LINK_PREFIX",
    "MAX_NAME_LENGTH",
    "PALETTE_SIZE",
    "clean_name",
    "check_seat",
    "encode_link",
    "decode_link",
    "history_replays",
    "replayed_history",
    "fragment_text",
    "pack",
    "unpack",
]

#: The link format written by :func:`encode_link` (the ``1`` of ``tb1.``).
LINK_VERSION = 1
#: Every Tablero link starts with this text followed by its format version and ".".
LINK_PREFIX = "tb"
#: Seat names are cut to this many characters.
MAX_NAME_LENGTH = 40
#: Seat colours are indexes into a palette of this size.
PALETTE_SIZE = 4

# A decoded link may not inflate to more than this (a bound against "zip bombs").
_MAX_PAYLOAD = 1 << 20
# Nor may the fragment be absurdly long before anything is decoded.
_MAX_FRAGMENT = 200_000
_HEADER = 8

# The version is ASCII digits without a leading zero ("tb1.", never "tb01." nor any
# other script's digits, which ``\d`` and ``int`` would accept).
_VERSION_RE = r"([1-9][0-9]{0,5})\.(.*)"
_PREFIX_RES: dict[str, re.Pattern[str]] = {}
_B64_RE = re.compile(r"[A-Za-z0-9_-]*")
_KIND_RE = re.compile(r"human|bot:[a-z0-9_-]{1,20}")
_DROPPED_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}

# Player-facing messages (one sentence each).
MSG_NOT_A_LINK = "This is not a Tablero game link."
MSG_DAMAGED = (
    "This game link is damaged (some characters were changed), so it cannot be opened; "
    "ask for the link again."
)
MSG_TRUNCATED = (
    "This game link is incomplete (it was cut short when it was copied or sent); "
    "copy the whole link and try again."
)
MSG_NEWER = (
    "This game link was made by a newer version of Tablero; update the app (reload the "
    "page) to open it."
)
MSG_NO_REPLAY = (
    "this game cannot be shared as a link: its history does not replay to its position "
    "(the saved game was changed outside Tablero)"
)


def clean_name(name: str, limit: int = MAX_NAME_LENGTH) -> str:
    """A name made safe to keep: plain text without control characters, line
    separators or unpaired surrogates, trimmed, at most ``limit`` characters.
    (It is still untrusted text: renderers escape it.)"""
    kept = "".join(ch for ch in name if unicodedata.category(ch) not in _DROPPED_CATEGORIES)
    return kept.strip()[:limit].strip()


def check_seat(name: Any, colour: Any, kind: Any) -> Seat:
    """A :class:`Seat` from untrusted parts; ``ValueError`` naming what is wrong."""
    if not isinstance(name, str):
        raise ValueError("a seat name is not a text")
    if isinstance(colour, bool) or not isinstance(colour, int):
        raise ValueError("a seat colour is not a whole number")
    if not 0 <= colour < PALETTE_SIZE:
        raise ValueError(f"a seat colour is {colour}, outside 0..{PALETTE_SIZE - 1}")
    if not isinstance(kind, str) or not _KIND_RE.fullmatch(kind):
        raise ValueError("a seat is neither a human nor a bot")
    return Seat(clean_name(name), colour, kind)


# --- encoding -----------------------------------------------------------------------


class ShareError(ValueError):
    """A game that cannot become a link; ``code`` names the reason for the catalog
    (``app.problem.<code>``): ``link.no_seed``, ``link.view`` or ``link.too_long``."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


def _payload(state: State, seats: list[Seat]) -> list[Any]:
    setup = state.setup
    if not isinstance(setup, dict) or setup.get("seed") is None:
        raise ShareError(
            "this game cannot be shared as a link (it has no recorded seed)", "link.no_seed"
        )
    if state.viewer is not None:
        raise ShareError(
            "this game cannot be shared as a link (it is one player's view)", "link.view"
        )
    if len(seats) != state.num_players:
        raise ValueError(f"{state.num_players} seats are needed, not {len(seats)}")
    checked = [check_seat(s.name, s.colour, s.kind) for s in seats]
    moves = [str(entry["move"]) for entry in state.history]
    # A link is a replay of the game: it must give back this very game.
    if not history_replays(state):
        raise CorruptDataError(MSG_NO_REPLAY, code="link.no_replay")
    return [
        state.game.id,
        state.game.version,
        setup["players"],
        setup["seed"],
        setup.get("options", {}),
        moves,
        [[s.name, s.colour, s.kind] for s in checked],
    ]


def _without_events(data: dict[str, Any]) -> dict[str, Any]:
    history = [(entry.get("player"), entry.get("move")) for entry in data.get("history", [])]
    return {**data, "history": history}


def replayed_history(state: State) -> State | None:
    """``state`` as its own history gives it back, or ``None`` when it does not agree
    with its history: replaying its setup and the texts of its moves must give the same
    position after the same moves by the same players.

    The events recorded with each move are not compared: they describe what a move
    caused, and older code of the same game format described some of them differently;
    the state returned carries the events this version's engine records.  ``None`` also
    for a game without a seed (nothing to replay from) and for a view.
    """
    setup = state.setup
    if not isinstance(setup, dict) or setup.get("seed") is None or state.viewer is not None:
        return None
    moves = [str(entry["move"]) for entry in state.history]
    try:
        replayed = replay(state.game.id, setup, moves)
    except CorruptDataError:
        return None
    if _without_events(replayed.to_dict()) != _without_events(state.to_dict()):
        return None
    return replayed


def history_replays(state: State) -> bool:
    """Whether ``state`` agrees with its own history (:func:`replayed_history`).

    >>> from tablero.core import make
    >>> state = make("arribada", players=2, seed=5)
    >>> history_replays(state.apply(state.legal_moves()[0]))
    True
    """
    return replayed_history(state) is not None


def encode_link(state: State, seats: list[Seat]) -> str:
    """The URL fragment (without ``#``) that restores ``state`` and ``seats``.

    Raises :class:`ShareError` (a ``ValueError``) when the game has no recorded seed (a
    position read from notation), is a view or is too long for a link; and
    :class:`~tablero.core.CorruptDataError` (code ``link.no_replay``) when its history
    does not replay to its position (a saved game edited outside Tablero): the link
    would open another game.
    """
    return pack(_payload(state, seats), f"{LINK_PREFIX}{LINK_VERSION}.")


def pack(payload: list[Any], head: str) -> str:
    """``head`` (a kind of link and its format: ``"tb1."``) followed by ``payload`` as
    compact UTF-8 JSON, deflated and framed (length, CRC32, length again), in base64url
    without padding: the frame every kind of Tablero link shares (``docs/saves-and-
    links.md``).  :class:`ShareError` (``link.too_long``) when the deflated JSON passes
    64 KiB."""
    data = json.dumps(payload, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(data.encode("utf-8")) + packer.flush()
    if len(body) > 0xFFFF:
        raise ShareError("this game is too long to be shared as a link", "link.too_long")
    length = len(body).to_bytes(2, "big")
    raw = length + zlib.crc32(body).to_bytes(4, "big") + length + body
    return head + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


# --- decoding -----------------------------------------------------------------------


def decode_link(fragment: str) -> tuple[State, list[Seat]]:
    """The state and seats a link carries.

    ``fragment`` may start with ``#`` (or be a whole URL: what follows its first ``#``
    is read).  Raises :class:`~tablero.core.CorruptDataError` with a one-sentence
    message for the player, and never any other exception.
    """
    try:
        return _decode(fragment)
    except CorruptDataError:
        raise
    except Exception as exc:  # noqa: BLE001 - untrusted input must never crash the app
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged") from exc


def _unpack(fragment: Any) -> list[Any]:
    """The decoded JSON payload of a version-1 link (checks every layer)."""
    payload = unpack(fragment, LINK_PREFIX, LINK_VERSION)
    if not isinstance(payload, list) or len(payload) != 7:
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    return payload


def fragment_text(fragment: str) -> str:
    """The link in ``fragment``: what follows its first ``#`` (a whole URL, or a
    fragment with its ``#``), else all of it; trimmed.

    >>> fragment_text(" https://example.org/#tb1.abc "), fragment_text("tb1.abc")
    ('tb1.abc', 'tb1.abc')
    """
    text = fragment.strip()
    if "#" in text:
        text = text.split("#", 1)[1].strip()
    return text


def unpack(fragment: Any, prefix: str, version: int) -> Any:
    """The JSON payload of a link of the kind ``prefix`` (``"tb"``) written in a format
    up to ``version``, every layer of the shared frame checked (:func:`pack`): the
    prefix and its ASCII version, the size, the canonical base64url, both length
    copies, the CRC32 before inflating, the inflated size and the JSON's nesting before
    it is parsed.

    Raises :class:`~tablero.core.CorruptDataError` with the game link's message and code
    (``link.not_a_link``, ``link.damaged``, ``link.truncated``, ``link.newer``); another
    kind of link gives its own message for the same code.  The payload's shape is the
    caller's to check.
    """
    if not isinstance(fragment, str):
        raise CorruptDataError(MSG_NOT_A_LINK, code="link.not_a_link")
    text = fragment_text(fragment)
    if not text:
        raise CorruptDataError(MSG_NOT_A_LINK, code="link.not_a_link")
    if len(text) > _MAX_FRAGMENT:
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    pattern = _PREFIX_RES.get(prefix)
    if pattern is None:
        pattern = re.compile(re.escape(prefix) + _VERSION_RE, re.DOTALL | re.ASCII)
        _PREFIX_RES[prefix] = pattern
    match = pattern.fullmatch(text)
    if match is None:
        if f"{prefix}{version}.".startswith(text):
            raise CorruptDataError(MSG_TRUNCATED, code="link.truncated")
        raise CorruptDataError(MSG_NOT_A_LINK, code="link.not_a_link")
    if int(match.group(1)) > version:
        raise CorruptDataError(MSG_NEWER, code="link.newer")
    encoded = match.group(2)
    if not _B64_RE.fullmatch(encoded):
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    if len(encoded) % 4 == 1:
        raise CorruptDataError(MSG_TRUNCATED, code="link.truncated")
    try:
        raw = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    except (binascii.Error, ValueError) as exc:
        raise CorruptDataError(MSG_TRUNCATED, code="link.truncated") from exc
    if len(raw) < _HEADER:
        raise CorruptDataError(MSG_TRUNCATED, code="link.truncated")
    if raw[0:2] != raw[6:8]:
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    declared = int.from_bytes(raw[0:2], "big")
    body = raw[_HEADER:]
    if len(body) < declared:
        raise CorruptDataError(MSG_TRUNCATED, code="link.truncated")
    if len(body) > declared or zlib.crc32(body) != int.from_bytes(raw[2:6], "big"):
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    # Only the canonical spelling is accepted: a changed last character that only
    # touches the unused padding bits is damage too.
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != encoded:
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    try:
        unpacker = zlib.decompressobj(-15)
        data = unpacker.decompress(body, _MAX_PAYLOAD)
        if not unpacker.eof or unpacker.unconsumed_tail or unpacker.unused_data:
            raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
        # Size (above) and nesting are bounded before the JSON is parsed.
        payload = load_json(data.decode("utf-8"), max_chars=_MAX_PAYLOAD)
    except (zlib.error, UnicodeDecodeError, ValueError) as exc:
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged") from exc
    return payload


def link_game(fragment: Any) -> str | None:
    """The id of the game a share link is for, read without its engine (the moves are not
    replayed); ``None`` when ``fragment`` is not a readable link.

    >>> from tablero.core import make
    >>> from tablero.web.plugin import Seat
    >>> seats = [Seat("Ana", 0, "human"), Seat("Ben", 1, "human")]
    >>> link_game(encode_link(make("arribada", players=2, seed=3), seats))
    'arribada'
    >>> link_game("tb1.garbage") is None
    True
    """
    try:
        game_id = _unpack(fragment)[0]
    except Exception:  # noqa: BLE001 - any link it cannot read is simply not a game
        return None
    return game_id if isinstance(game_id, str) else None


def _decode(fragment: Any) -> tuple[State, list[Seat]]:
    game_id, game_version, players, seed, options, moves, seat_data = _unpack(fragment)
    if not isinstance(game_id, str):
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    if isinstance(game_version, bool) or not isinstance(game_version, int) or game_version < 1:
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    if not isinstance(moves, list) or not isinstance(seat_data, list):
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    if not isinstance(options, dict):
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    try:
        game = get_game(game_id)
    except ValueError as exc:
        shown = clean_name(game_id)
        raise CorruptDataError(
            f"This link is for a game this version of Tablero does not have ({shown!r}); "
            "update the app (reload the page) to open it.",
            code="link.unknown_game",
        ) from exc
    if game_version > game.version:
        raise CorruptDataError(
            f"This {game.title} link was made by a newer version of Tablero (game format "
            f"{game_version}; this app reads up to {game.version}); update the app "
            "(reload the page) to open it.",
            code="link.newer",
        )
    seats: list[Seat] = []
    for entry in seat_data:
        if not isinstance(entry, list) or len(entry) != 3:
            raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
        try:
            seats.append(check_seat(*entry))
        except ValueError as exc:
            raise CorruptDataError(MSG_DAMAGED, code="link.damaged") from exc
    setup = {"players": players, "seed": seed, "options": options}
    if seed is None:
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    try:
        state = replay(game_id, setup, moves)
    except CorruptDataError as exc:
        reason = str(exc).rstrip(".")
        raise CorruptDataError(
            f"This {game.title} link's game cannot be restored: {reason}.",
            code="link.replay",
        ) from exc
    if len(seats) != state.num_players:
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    # The format holds canonical move texts (``str(move)``): another spelling that the
    # notation happens to read (other case, other digits) was not written by Tablero.
    if [entry["move"] for entry in state.history] != moves:
        raise CorruptDataError(MSG_DAMAGED, code="link.damaged")
    return state, seats
