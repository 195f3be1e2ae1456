"""The games played with friends by link, as this browser keeps them (docs/remote-play.md,
"In the app").

A :class:`RemoteGame` is one device's side of a remote table
(:class:`tablero.web.remote.RemoteTable`, its secret included) with what the app shows of
it: since when the table has waited, the links this device made last (to send them again),
whether its players gave it up.  :class:`RemoteStore` keeps them in the same storage as
the saved games, each under ``tablero.remote.<id>``; its record holds the table's own JSON
(``RemoteTable.to_json``: the secret and every link, read again and checked on loading)
and a short summary the saves list reads without replaying the game.

The protocol's module is imported only when a remote game is opened (``hashlib`` and
``hmac`` are not on a plain visit's path): here only under ``TYPE_CHECKING`` and inside
the functions that need it.
"""

from __future__ import annotations

import base64
import json
import os
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tablero.core import CorruptDataError

from .plugin import Seat
from .saves import Storage

if TYPE_CHECKING:
    from .remote import RemoteTable

__all__ = [
    "DEALINGS",
    "LINK_JOINER",
    "PRIVATE_GAMES",
    "REMOTE_GAMES",
    "REMOTE_KIND",
    "REMOTE_PREFIX",
    "RemoteGame",
    "RemoteStore",
    "RemoteSummary",
    "create_table",
    "export_text",
    "join_table",
    "link_fields",
    "import_remote",
    "is_remote_link",
    "link_session",
    "read_part",
    "split_links",
    "to_parts",
    "status_of",
]

#: The storage keys of remote games: ``tablero.remote.<id>``.
REMOTE_PREFIX = "tablero.remote."
#: The remote game to reopen (the saved games' ``tablero.current`` is then unset).
CURRENT_REMOTE_KEY = "tablero.current-remote"
REMOTE_KIND = "tablero-remote"
REMOTE_FORMAT = 1
#: The games played with friends by link in the app: the fair-deck games (deals from
#: commitments) and the games with private hands (a masked deck: docs/remote-play.md).
REMOTE_GAMES = ("arraial", "diadeplaya", "arboretum", "arribada")
#: The games with private hands, and how their cards are dealt between devices.
PRIVATE_GAMES = ("arboretum", "arribada")
DEALINGS = ("correspondence", "strict")
#: Several links sent at once (a private table's set-up passes and keys) travel as one,
#: joined by this character (not in a link's alphabet), and are read in their order.
LINK_JOINER = "~"
#: A fragment longer than this (a private table's set-up, several kilobytes) is also
#: offered in parts, each short enough for any chat: ``tbp.<id>.<k>.<n>.<text>``, which
#: the receiving app keeps until it has them all, then joins and reads.
PART_PREFIX = "tbp."
MAX_PART = 1800
PARTS_KEY = "tablero.parts"
_PART_RE = re.compile(r"tbp\.([0-9a-f]{8})\.([1-9][0-9]?)\.([1-9][0-9]?)\.([A-Za-z0-9_.~-]+)")
#: The modes of Día de Playa played between devices (solitaire is played alone).
REMOTE_MODES = ("competitive", "teams", "cooperative")
_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,32}")
_LINK_PREFIX = "tb2."


def is_remote_link(fragment: str) -> bool:
    """Is ``fragment`` (an address's fragment, ``#`` or not) a link of a game between
    devices (``tb2.``, or a part of one: ``tbp.``)?  Read by its prefix only: its content
    is checked when read."""
    return fragment.lstrip("#").startswith((_LINK_PREFIX, PART_PREFIX))


def to_parts(fragment: str) -> list[str]:
    """``fragment`` cut into parts of at most :data:`MAX_PART` characters of text (none
    when it is short enough to send whole)."""
    if len(fragment) <= MAX_PART:
        return []
    ident = _part_id(fragment)
    chunks = [fragment[i : i + MAX_PART] for i in range(0, len(fragment), MAX_PART)]
    return [f"{PART_PREFIX}{ident}.{k}.{len(chunks)}.{c}" for k, c in enumerate(chunks, 1)]


def _part_id(fragment: str) -> str:
    """A long link's id in its parts: its CRC-32 (``zlib``, already on the page for the
    links' frames; ``hashlib`` stays off a plain visit's path), which the joined parts
    must match."""
    return f"{zlib.crc32(fragment.encode('ascii')):08x}"


def read_part(text: str) -> tuple[str, int, int, str]:
    """A part's (id, number, count, text); :class:`CorruptDataError` if it is not one."""
    found = _PART_RE.fullmatch(text.strip().lstrip("#"))
    if found is None or int(found[2]) > int(found[3]):
        raise CorruptDataError("This link is damaged: ask for it again.", code="remote.damaged")
    return found[1], int(found[2]), int(found[3]), found[4]


def split_links(fragment: str) -> list[str]:
    """The links a fragment carries (one, or several joined by :data:`LINK_JOINER`)."""
    return [part for part in fragment.strip().lstrip("#").split(LINK_JOINER) if part]


def link_fields(fragment: str) -> list[Any]:
    """A remote link's fields, its frame and shape checked (``remote_wire``);
    :class:`CorruptDataError` if it cannot be read.  Its MACs and its place in the game
    are checked by the table that reads it."""
    # The protocol's modules (hashlib, hmac, the deck's group) are imported when a remote
    # link or game is first read: not on a plain visit's path (docs/remote-play.md).
    from .remote_wire import _read

    parts = split_links(fragment)
    fields, _ = _read(parts[0] if parts else "")
    return fields


def link_session(fragment: str) -> tuple[str, str]:
    """The kind (``i`` invite, ``j`` join, ``s`` start, ``t`` turn) and the session id (hex)
    of a remote link; :class:`CorruptDataError` if it cannot be read."""
    fields = link_fields(fragment)
    kind, session = fields[0], fields[3]
    if not isinstance(session, str):
        raise CorruptDataError("This link is damaged: ask for it again.", code="remote.damaged")
    return kind, session


@dataclass(frozen=True)
class RemoteGame:
    """One remote game on this device.

    ``since``: when the table last changed (a link read or made): the waiting state says
    "since then".  ``sent``: the links this device made last, to send again.  ``abandoned``:
    the player marked the game given up (a friend who never answers); it stays listed and
    can be taken up again, since nothing of it is lost."""

    id: str
    table: RemoteTable
    created: float
    updated: float
    since: float
    sent: tuple[str, ...] = ()
    abandoned: bool = False

    @property
    def started(self) -> bool:
        return self.table.state is not None

    def names(self) -> list[str]:
        """Every seat's name as its player gave it ("" for a seat not taken yet)."""
        return [s.name if s is not None else "" for s in self.table.seats]

    def seats(self) -> list[Seat]:
        """The seats as the table shows them: this device's player is the one person at
        the device (``human``), the others play from their own devices (``remote``)."""
        return [
            Seat(name, i, "human" if i == self.table.seat else "remote")
            for i, name in enumerate(self.names())
        ]


@dataclass(frozen=True)
class RemoteSummary:
    """What the saves list shows of a remote game, read without replaying it."""

    id: str
    game_id: str
    names: list[str]
    seat: int
    status: str  # see status_of
    waiting: list[int]  # the seats whose link is awaited
    updated: float
    since: float
    scores: list[int]  # as this device's game counts them (none before the start)


def status_of(game: RemoteGame) -> str:
    """Where a remote game stands, for this device: ``lobby`` (seats still to take, or the
    start link awaited), ``your-turn``, ``waiting`` (for the others' links), ``over``,
    ``stopped`` (a check failed: docs/remote-play.md), ``abandoned``."""
    table = game.table
    if table.stopped:
        return "stopped"
    if game.abandoned:
        return "abandoned"
    if table.state is None:
        return "lobby"
    if table.state.is_terminal():
        return "over"
    return "waiting" if table.waiting_for else "your-turn"


def _record(game: RemoteGame) -> dict[str, Any]:
    table = game.table
    return {
        "format": REMOTE_FORMAT,
        "kind": REMOTE_KIND,
        "game": table.game_id,
        "session": table.session.hex(),
        "table": table.to_json(),
        "created": game.created,
        "updated": game.updated,
        "since": game.since,
        "sent": list(game.sent),
        "abandoned": game.abandoned,
        # read by the saves list without replaying the game
        "summary": {
            "names": game.names(),
            "seat": table.seat,
            "status": status_of(game),
            "waiting": list(table.waiting_for),
            "scores": list(table.state.scores()) if table.state is not None else [],
        },
    }


_DAMAGED = "This game with friends cannot be read here: its data is damaged."


def _table_class() -> type[RemoteTable]:
    """:class:`tablero.web.remote.RemoteTable`, imported when a remote game is first made
    or read (see :func:`link_fields`)."""
    from .remote import RemoteTable

    return RemoteTable


def create_table(game_id: str, **kwargs: Any) -> RemoteTable:
    """``RemoteTable.create(game_id, **kwargs)``: a new game, this device its creator."""
    return _table_class().create(game_id, **kwargs)


def join_table(link: str, **kwargs: Any) -> RemoteTable:
    """``RemoteTable.join(link, **kwargs)``: this device joins the invitation ``link``."""
    return _table_class().join(link, **kwargs)


def _parse(game_id: str, text: str | None) -> RemoteGame:
    RemoteTable = _table_class()  # noqa: N806 - the class
    if text is None:
        raise CorruptDataError("This game no longer exists on this device.", code="save.missing")
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("kind") != REMOTE_KIND:
            raise CorruptDataError(_DAMAGED, code="save.damaged")
        if data.get("format") != REMOTE_FORMAT:
            raise CorruptDataError(_DAMAGED, code="save.newer")
        sent = data.get("sent", [])
        if not isinstance(sent, list) or not all(isinstance(s, str) for s in sent):
            raise CorruptDataError(_DAMAGED, code="save.damaged")
        times: list[float] = []
        for key in ("created", "updated", "since"):
            value = data.get(key)
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise CorruptDataError(_DAMAGED, code="save.damaged")
            times.append(float(value))
        table = RemoteTable.from_json(data["table"])
        return RemoteGame(
            game_id, table, times[0], times[1], times[2],
            tuple(sent), bool(data.get("abandoned", False)),
        )  # fmt: skip
    except CorruptDataError:
        raise
    except Exception as exc:  # noqa: BLE001 - stored data is untrusted input too
        raise CorruptDataError(_DAMAGED, code="save.damaged") from exc


class RemoteStore:
    """The remote games kept in a :class:`~tablero.web.saves.Storage` (the saved games'
    own: one origin's ``localStorage`` in the browser)."""

    def __init__(self, storage: Storage, random_bytes: Callable[[int], bytes] = os.urandom) -> None:
        self.storage = storage
        self._random_bytes = random_bytes

    @staticmethod
    def key(game_id: str) -> str:
        return REMOTE_PREFIX + game_id

    def _keys(self) -> list[str]:
        return sorted(k for k in self.storage.keys() if k.startswith(REMOTE_PREFIX))

    def load(self, game_id: str) -> RemoteGame:
        """The remote game ``game_id``, its links read again and checked;
        :class:`CorruptDataError` if it cannot be read."""
        if not _ID_RE.fullmatch(game_id):
            raise CorruptDataError(_DAMAGED, code="save.missing")
        return _parse(game_id, self.storage.get(self.key(game_id)))

    def save(self, game: RemoteGame) -> None:
        """Write ``game`` (one ``set``: a full storage raises and changes nothing)."""
        self.storage.set(self.key(game.id), json.dumps(_record(game), separators=(",", ":")))

    def delete(self, game_id: str) -> None:
        self.storage.remove(self.key(game_id))
        if self.current() == game_id:
            self.set_current(None)

    def add_part(self, text: str) -> tuple[str | None, int, int]:
        """Keep the part ``text`` (:func:`read_part`) until its link's every part is here:
        then the joined link (checked against its id) and the parts are forgotten.
        Returns (the link or ``None``, parts here, parts in all)."""
        ident, k, n, chunk = read_part(text)
        try:
            kept = json.loads(self.storage.get(PARTS_KEY) or "{}")
        except ValueError:
            kept = {}
        if not isinstance(kept, dict):
            kept = {}
        entry = kept.get(ident)
        if not isinstance(entry, dict) or entry.get("n") != n:
            entry = {"n": n, "parts": {}}
        entry["parts"][str(k)] = chunk
        have = len(entry["parts"])
        if have < n:
            self.storage.set(PARTS_KEY, json.dumps({**kept, ident: entry}))
            return None, have, n
        joined = "".join(entry["parts"].get(str(i), "") for i in range(1, n + 1))
        kept.pop(ident, None)
        self.storage.set(PARTS_KEY, json.dumps(kept))
        if _part_id(joined) != ident:
            raise CorruptDataError("This link is damaged: ask for it again.", code="remote.damaged")
        return joined, n, n

    def current(self) -> str | None:
        """The id of the remote game to reopen, if any."""
        value = self.storage.get(CURRENT_REMOTE_KEY)
        return value if value is not None and _ID_RE.fullmatch(value) else None

    def set_current(self, game_id: str | None) -> None:
        if game_id is None:
            if self.storage.get(CURRENT_REMOTE_KEY) is not None:
                self.storage.remove(CURRENT_REMOTE_KEY)
        else:
            self.storage.set(CURRENT_REMOTE_KEY, game_id)

    def game_of(self, game_id: str) -> str | None:
        """The game (``"arraial"``...) of the remote game ``game_id``, read without its
        engine or the protocol; ``None`` if it cannot be read."""
        try:
            data = json.loads(self.storage.get(self.key(game_id)) or "")
        except Exception:  # noqa: BLE001 - an entry it cannot read names no game
            return None
        game = data.get("game") if isinstance(data, dict) else None
        return game if isinstance(game, str) else None

    def new_id(self) -> str:
        taken = set(self._keys())
        while True:
            candidate = base64.urlsafe_b64encode(self._random_bytes(6)).decode("ascii")
            if self.key(candidate) not in taken:
                return candidate

    def _records(self) -> list[tuple[str, dict[str, Any]]]:
        out = []
        for key in self._keys():
            try:
                data = json.loads(self.storage.get(key) or "")
            except ValueError:
                continue
            if isinstance(data, dict) and data.get("kind") == REMOTE_KIND:
                out.append((key[len(REMOTE_PREFIX) :], data))
        return out

    def find(self, session: str) -> str | None:
        """The id of the game of session ``session`` (hex) on this device, if any (a
        record is parsed only when its text names the session: a private game's record
        holds every link of the game)."""
        needle = json.dumps(session)
        for key in self._keys():
            text = self.storage.get(key) or ""
            if needle not in text:
                continue
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if isinstance(data, dict) and data.get("session") == session:
                return key[len(REMOTE_PREFIX) :]
        return None

    def list(self) -> list[RemoteSummary]:
        """Every remote game on this device, most recently changed first (entries it
        cannot read are left out here and left untouched)."""
        out = []
        for game_id, data in self._records():
            summary = data.get("summary")
            try:
                assert isinstance(summary, dict)
                names = [str(n) for n in summary["names"]]
                waiting = [int(s) for s in summary["waiting"]]
                out.append(
                    RemoteSummary(
                        game_id,
                        str(data["game"]),
                        names,
                        int(summary["seat"]),
                        str(summary["status"]),
                        waiting,
                        float(data["updated"]),
                        float(data["since"]),
                        [int(x) for x in summary.get("scores", [])],
                    )  # fmt: skip
                )
            except (AssertionError, KeyError, TypeError, ValueError):
                continue
        out.sort(key=lambda s: (-s.updated, s.id))
        return out


def export_text(game: RemoteGame) -> str:
    """The file an export downloads: the stored record (the secret included)."""
    return json.dumps(_record(game), separators=(",", ":"), ensure_ascii=False)


def import_remote(text: str, store: RemoteStore) -> str:
    """Keep the remote game of an exported file (checked whole as on loading): under its
    own id when this device has its session already (the file replaces it only when it
    has read more of the game), else a new one.  Its id; :class:`CorruptDataError` if the
    file cannot be read."""
    game = _parse("imported", text)
    found = store.find(game.table.session.hex())
    if found is not None:
        try:
            kept = store.load(found)
        except CorruptDataError:
            kept = None
        if kept is not None and len(kept.table.log) >= len(game.table.log):
            return found
    game = replace(game, id=found or store.new_id())
    store.save(game)
    return game.id
