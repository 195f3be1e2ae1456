"""Saved games in the browser's localStorage, through an injected key-value store.

Each saved game is one record under ``tablero.save.<id>``, written with a single
``set`` (so a full storage never leaves a half-written save); ``tablero.current`` holds
the id of the game to reopen.  The record (format 1, ``docs/saves-and-links.md``)::

    {"format": 1, "kind": "tablero-save", "id": ..., "name": ..., "game": "arribada",
     "seats": [{"name": ..., "colour": 0, "kind": "human"}, ...],
     "created": <ms>, "updated": <ms>, "state": <state.to_dict()>}

plus, for a game played on a challenge's deal, ``"challenge": "tc1...."`` (its link:
:mod:`tablero.web.challenge`), an optional field of format 1.

A record that cannot be read (damaged, from a newer version, for a game that is not
installed) is reported as a :class:`SaveProblem` and left exactly as it is: it is never
deleted or overwritten by this module.  Exported files use the same record.

Pure Python: tested in CPython with :class:`MemoryStorage`; the browser shell wraps
``window.localStorage`` in an object with the :class:`Storage` methods (turning its
``QuotaExceededError`` into :class:`StorageFullError`).
"""

from __future__ import annotations

import base64
import datetime
import json
import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from dataclasses import replace as _replace
from typing import Any, Protocol

from tablero.core import CorruptDataError, State, from_dict, get_game
from tablero.core.jsonutil import load_json

from .challenge import Challenge, daily_day, decode_challenge
from .games import ui_part
from .links import check_seat, clean_name, replayed_history
from .plugin import Seat

__all__ = [
    "SAVE_FORMAT",
    "SAVE_KIND",
    "SAVE_PREFIX",
    "CURRENT_KEY",
    "StorageFullError",
    "SaveConflictError",
    "Storage",
    "MemoryStorage",
    "SavedGame",
    "SaveSummary",
    "SaveProblem",
    "SaveStore",
    "export_json",
    "import_json",
]

#: The record format written by this version.
SAVE_FORMAT = 1
#: The marker that tells a Tablero save from any other JSON.
SAVE_KIND = "tablero-save"
#: localStorage key of a saved game: this prefix plus its id.
SAVE_PREFIX = "tablero.save."
#: localStorage key holding the id of the game to reopen.
CURRENT_KEY = "tablero.current"
#: How far the player got in each game's tutorial (JSON: ``{game id: steps done}``).
TUTORIAL_KEY = "tablero.tutorial"
#: Game names are cut to this many characters.
MAX_GAME_NAME = 80
#: A record (a stored entry or an imported file) is at most this many characters; a
#: complete game takes a few tens of thousands.
MAX_RECORD_CHARS = 2_000_000

_ID_RE = re.compile(r"[A-Za-z0-9_-]{1,32}")


class StorageFullError(Exception):
    """The browser's storage quota is exceeded: nothing was written."""


class SaveConflictError(CorruptDataError):
    """:meth:`SaveStore.save` refused to write: the entry under that id is one this app
    cannot read (saved by a newer version in another tab, damaged, or for a game this
    version does not have), and such an entry is never overwritten.  Nothing was
    written; the game is still in memory (:meth:`SaveStore.save_copy` writes it under a
    new id, :func:`export_json` gives its file).  ``code`` is ``"save.conflict"``;
    ``reason`` is the stored entry's own problem (a :class:`CorruptDataError`)."""

    def __init__(self, key: str, reason: CorruptDataError) -> None:
        super().__init__(
            "This game was not saved: the browser holds another version of it that this "
            "version of Tablero cannot read (saved by a newer version, or damaged), and "
            "that is kept untouched; save this game as a copy or export it to a file.",
            code="save.conflict",
        )
        self.key = key
        self.reason = reason


class Storage(Protocol):
    """The subset of ``localStorage`` the saves use."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None:
        """Store ``value``; raise :class:`StorageFullError` (writing nothing) when the
        quota is exceeded."""
        ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryStorage:
    """A :class:`Storage` in a dict, for tests and as the fallback when the browser
    offers no localStorage.  ``quota_chars`` bounds the total length of keys plus
    values (as localStorage bounds its size); ``None`` means no limit."""

    def __init__(self, quota_chars: int | None = None) -> None:
        self.quota_chars = quota_chars
        self.data: dict[str, str] = {}

    def used_chars(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota_chars is not None:
            old = self.data.get(key)
            used = self.used_chars() - (0 if old is None else len(key) + len(old))
            if used + len(key) + len(value) > self.quota_chars:
                raise StorageFullError("the browser's storage for saved games is full")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


@dataclass
class SavedGame:
    """A saved game: the full state plus what the app shows about it."""

    id: str
    name: str
    game_id: str
    seats: list[Seat]
    state: State
    created: float  # ms since the epoch, given by the caller
    updated: float  # ms since the epoch, given by the caller
    #: the challenge this game is played against (its deal, and the score to beat
    #: shown once the game is over), if any
    challenge: Challenge | None = None


@dataclass(frozen=True)
class SaveSummary:
    """What the list of saved games shows (no text to translate: indexes and numbers)."""

    id: str
    name: str
    game_id: str
    seats: list[Seat]
    created: float
    updated: float
    over: bool
    current_player: int | None  # whose turn it is (None once the game is over)
    num_players: int
    moves: int  # moves (decisions) played so far
    turns: int = 0  # turns begun so far: runs of moves by one player (what players count)
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)  # empty while the game goes on
    #: what the title the app gave it was made of (tablero.web.titles): the daily
    #: deal's day, the challenge played against
    day: datetime.date | None = None
    challenge: Challenge | None = None


@dataclass(frozen=True)
class SaveProblem:
    """A stored entry that cannot be read; it is left untouched."""

    key: str
    message: str
    code: str | None = None  # the error's code, for the app's message catalog


# --- the record -------------------------------------------------------------------


def _record(game: SavedGame) -> dict[str, Any]:
    record = {
        "format": SAVE_FORMAT,
        "kind": SAVE_KIND,
        "id": game.id,
        "name": game.name,
        "game": game.game_id,
        "seats": [{"name": s.name, "colour": s.colour, "kind": s.kind} for s in game.seats],
        "created": game.created,
        "updated": game.updated,
        "state": game.state.to_dict(),
    }
    if game.challenge is not None:
        record["challenge"] = game.challenge.link
    return record


def _dump(game: SavedGame) -> str:
    # allow_nan=False: a record is never written with ``Infinity`` or ``NaN``, which no
    # JSON reader (ours included) takes back.
    return json.dumps(_record(game), separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _check_game(game: SavedGame) -> SavedGame:
    """The game with its name and seats cleaned; ``ValueError`` if it cannot be saved."""
    if not isinstance(game.id, str) or not _ID_RE.fullmatch(game.id):
        raise ValueError(f"a saved game id must be 1-32 letters, digits, - or _, not {game.id!r}")
    if game.state.viewer is not None:
        raise ValueError("a saved game must hold the full state, not one player's view")
    if game.state.game.id != game.game_id:
        raise ValueError(f"the state is a {game.state.game.id} game, not {game.game_id}")
    if len(game.seats) != game.state.num_players:
        raise ValueError(f"{game.state.num_players} seats are needed, not {len(game.seats)}")
    for what, value in (("created", game.created), ("updated", game.updated)):
        if not _is_number(value):
            raise ValueError(f"a saved game's {what} time must be a finite number, not {value!r}")
    seats = [check_seat(s.name, s.colour, s.kind) for s in game.seats]
    if game.challenge is not None and not game.challenge.is_for(game.state):
        raise ValueError("the challenge is for another deal than the game's")
    return _replace(game, name=clean_name(game.name, MAX_GAME_NAME), seats=seats)


def _is_number(value: Any) -> bool:
    """A JSON number that JSON can write back: not a bool, not infinite, not NaN."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


class _Where:
    """Wording of the messages for a stored entry or an imported file."""

    def __init__(self, what: str, code: str) -> None:
        self.what = what  # "saved game" or "file"
        self.code = code  # the error code prefix: "save" or "import"

    def damaged(self, detail: str) -> CorruptDataError:
        return CorruptDataError(
            f"This {self.what} is damaged and cannot be opened ({detail}).",
            code=f"{self.code}.damaged",
        )

    def no_replay(self) -> CorruptDataError:
        return CorruptDataError(
            f"This {self.what} cannot be opened: its game does not replay to the position "
            "it holds (it was changed outside Tablero).",
            code=f"{self.code}.no_replay",
        )

    def not_a_save(self) -> CorruptDataError:
        return CorruptDataError(
            f"This {self.what} is not a Tablero saved game.", code=f"{self.code}.not_a_save"
        )

    def newer(self, fmt: int) -> CorruptDataError:
        return CorruptDataError(
            f"This {self.what} was saved by a newer version of Tablero (format {fmt}; this "
            f"app reads up to {SAVE_FORMAT}); update the app (reload the page) to open it.",
            code=f"{self.code}.newer",
        )


_ENTRY = _Where("saved game", "save")
_FILE = _Where("file", "import")


def _parse(text: Any, where: _Where, *, strict_kind: bool) -> SavedGame:
    """A :class:`SavedGame` from record text; :class:`CorruptDataError` otherwise."""
    try:
        return _parse_record(text, where, strict_kind=strict_kind)
    except CorruptDataError:
        raise
    except Exception as exc:  # noqa: BLE001 - stored data is untrusted
        raise where.damaged("its data cannot be read") from exc


def _parse_record(text: Any, where: _Where, *, strict_kind: bool) -> SavedGame:
    if not isinstance(text, str):
        raise where.damaged("it is not text")
    try:
        # Size and nesting are bounded before the JSON is parsed.
        data = load_json(text, max_chars=MAX_RECORD_CHARS)
    except CorruptDataError as exc:
        if strict_kind:
            raise where.not_a_save() from exc
        if exc.code == "json.too_large":
            raise where.damaged("it is too large to be a saved game") from exc
        if exc.code == "json.too_deep":
            raise where.damaged("it nests too deeply to be a saved game") from exc
        raise where.damaged("it is not valid JSON") from exc
    if not isinstance(data, dict):
        if strict_kind:
            raise where.not_a_save()
        raise where.damaged("it is not a JSON object")
    if data.get("kind") != SAVE_KIND:
        if strict_kind:
            raise where.not_a_save()
        raise where.damaged("its 'kind' marker is missing")
    fmt = data.get("format")
    if isinstance(fmt, bool) or not isinstance(fmt, int):
        raise where.damaged("its format number is missing")
    if fmt > SAVE_FORMAT:
        raise where.newer(fmt)
    if fmt < 1:
        raise where.damaged(f"its format number {fmt} is impossible")
    for key, kinds in (
        ("id", str),
        ("name", str),
        ("game", str),
        ("seats", list),
        ("state", dict),
    ):
        if not isinstance(data.get(key), kinds):
            raise where.damaged(f"{key!r} is missing or has the wrong type")
    for key in ("created", "updated"):
        if not _is_number(data.get(key)):
            raise where.damaged(f"{key!r} is missing or has the wrong type")
    game_id = data["game"]
    try:
        game = get_game(game_id)
    except ValueError as exc:
        raise CorruptDataError(
            f"This {where.what} is for a game this version of Tablero does not have "
            f"({clean_name(game_id)!r}); update the app (reload the page) to open it.",
            code=f"{where.code}.unknown_game",
        ) from exc
    if data["state"].get("game") != game_id:
        raise where.damaged(f"its game data is not the {game.title} game it names")
    version = data["state"].get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > game.version:
        raise CorruptDataError(
            f"This {where.what} was saved by a newer version of Tablero ({game.title} format "
            f"{version}; this app reads up to {game.version}); update the app (reload the "
            "page) to open it.",
            code=f"{where.code}.newer",
        )
    try:
        state = from_dict(data["state"])
    except CorruptDataError as exc:
        reason = str(exc).rstrip(".")
        raise where.damaged(f"its {game.title} game data is not valid: {reason}") from exc
    if state.viewer is not None:
        raise where.damaged("it holds only one player's view of the game")
    seats: list[Seat] = []
    for entry in data["seats"]:
        if not isinstance(entry, dict):
            raise where.damaged("a seat is not a record")
        try:
            seats.append(check_seat(entry.get("name"), entry.get("colour"), entry.get("kind")))
        except ValueError as exc:
            raise where.damaged(str(exc)) from exc
    if len(seats) != state.num_players:
        raise where.damaged(f"it has {len(seats)} seats for {state.num_players} players")
    return SavedGame(
        id=data["id"],
        name=clean_name(data["name"], MAX_GAME_NAME),
        game_id=game_id,
        seats=seats,
        state=state,
        created=data["created"],
        updated=data["updated"],
        challenge=_challenge(data, state, where),
    )


def _challenge(data: dict[str, Any], state: State, where: _Where) -> Challenge | None:
    """The record's optional challenge (its link, read as strictly as any link), which
    must be on the deal of the record's game."""
    if "challenge" not in data:
        return None
    link = data["challenge"]
    if not isinstance(link, str):
        raise where.damaged("'challenge' is missing or has the wrong type")
    try:
        challenge = decode_challenge(link)
    except CorruptDataError as exc:
        if exc.code == "challenge.newer":
            raise CorruptDataError(
                f"This {where.what} was saved by a newer version of Tablero (its challenge "
                "is in a newer format); update the app (reload the page) to open it.",
                code=f"{where.code}.newer",
            ) from exc
        raise where.damaged(f"its challenge is not valid: {str(exc).rstrip('.')}") from exc
    if not challenge.is_for(state):
        raise where.damaged("its challenge is for another deal than its game")
    return challenge


def _summary(game: SavedGame) -> SaveSummary:
    state = game.state
    over = state.is_terminal()
    return SaveSummary(
        id=game.id,
        name=game.name,
        game_id=game.game_id,
        seats=list(game.seats),
        created=game.created,
        updated=game.updated,
        over=over,
        current_player=None if over else state.current_player,
        num_players=state.num_players,
        moves=len(state.history),
        turns=turns_begun(state.history, turn_starts(game.game_id)),
        scores=list(state.scores()),
        winners=list(state.winners()) if over else [],
        day=daily_day(state),
        challenge=game.challenge,
    )


def turn_starts(game_id: str) -> frozenset[str]:
    """The move kinds that begin a turn of ``game_id`` (its log module's
    ``TURN_STARTS``), where the seats alone do not tell the turns apart: a one-player
    game is one run of moves by one player."""
    return frozenset(getattr(ui_part(game_id, "log"), "TURN_STARTS", ()))


def turns_begun(history: Any, starts: frozenset[str] = frozenset()) -> int:
    """How many turns the history holds: each run of entries by one player is a turn
    (an Arribada turn is an action, draws and its end; an Arboretum turn two draws, a
    play and a discard), and so is each entry whose move kind (its first word) is one
    of ``starts`` (Día de Playa's solitaire: a card taken begins a turn).

    >>> turns_begun([{"player": 0}, {"player": 0}, {"player": 1}, {"player": 0}])
    3
    >>> solo = [{"player": 0, "move": m} for m in ("take 1", "place 0,1", "take 2")]
    >>> turns_begun(solo), turns_begun(solo, frozenset({"take"}))
    (1, 2)
    """
    turns = 0
    last = None
    for entry in history:
        player = entry.get("player")
        kind = str(entry.get("move", "")).split(" ", 1)[0]
        if player is not None and (player != last or kind in starts):
            turns += 1
        last = player
    return turns


def _replayed(game: SavedGame, where: _Where) -> SavedGame:
    """``game`` as its own history gives it back (:func:`replayed_history`: the same
    position after the same moves, with the events this engine records), when it has a
    seed to replay from; :class:`CorruptDataError` (``<where>.no_replay``) if it does not
    agree with its history.

    Files from outside are checked (and links before they are made); a stored game is
    never replayed to be loaded (its state is read as it is)."""
    state = game.state
    if not isinstance(state.setup, dict) or state.setup.get("seed") is None:
        return game  # a position set up from notation: there is nothing to replay
    replayed = replayed_history(state)
    if replayed is None:
        raise where.no_replay()
    return _replace(game, state=replayed)


# --- the store --------------------------------------------------------------------


class SaveStore:
    """The saved games kept in a :class:`Storage`."""

    def __init__(self, storage: Storage, random_bytes: Callable[[int], bytes] = os.urandom) -> None:
        self.storage = storage
        self._random_bytes = random_bytes
        # key -> the text this store last wrote or loaded there (known to be readable,
        # so saving over it again needs no second reading).
        self._known: dict[str, str] = {}

    @staticmethod
    def key(game_id: str) -> str:
        return SAVE_PREFIX + game_id

    def _ids(self) -> list[str]:
        return [k[len(SAVE_PREFIX) :] for k in self.storage.keys() if k.startswith(SAVE_PREFIX)]

    def list(self) -> tuple[list[SaveSummary], list[SaveProblem]]:
        """Every readable save (most recently updated first) and every entry that
        cannot be read (left untouched)."""
        summaries: list[SaveSummary] = []
        problems: list[SaveProblem] = []
        for key in sorted(k for k in self.storage.keys() if k.startswith(SAVE_PREFIX)):
            try:
                game = self._read(key, self.storage.get(key))
                summaries.append(_summary(game))
            except CorruptDataError as exc:
                problems.append(SaveProblem(key, str(exc), exc.code))
            except Exception:  # noqa: BLE001 - one bad entry must not hide the others
                err = _ENTRY.damaged("its data cannot be read")
                problems.append(SaveProblem(key, str(err), err.code))
        summaries.sort(key=lambda s: (-s.updated, s.id))
        return summaries, problems

    def _read(self, key: str, text: str | None) -> SavedGame:
        if text is None:
            raise CorruptDataError(
                "This saved game no longer exists (it may have been deleted in another tab).",
                code="save.missing",
            )
        game = _parse(text, _ENTRY, strict_kind=False)
        game.id = key[len(SAVE_PREFIX) :]  # the key is authoritative
        return game

    def load(self, game_id: str) -> SavedGame:
        """The saved game ``game_id``; :class:`CorruptDataError` if it cannot be read."""
        key = self.key(game_id)
        text = self.storage.get(key)
        game = self._read(key, text)
        if text is not None:
            self._known[key] = text
        return game

    def game_of(self, game_id: str) -> str | None:
        """The game (``"arribada"``...) of the saved game ``game_id``, read without its
        engine; ``None`` if there is no such entry or it cannot be read."""
        try:
            text = self.storage.get(self.key(game_id))
            record = load_json(text, max_chars=MAX_RECORD_CHARS) if text is not None else None
        except Exception:  # noqa: BLE001 - an entry it cannot read names no game
            return None
        game = record.get("game") if isinstance(record, dict) else None
        return game if isinstance(game, str) else None

    def save(self, game: SavedGame) -> None:
        """Write ``game`` (one ``set``: on :class:`StorageFullError` nothing changed).

        Raises :class:`SaveConflictError`, writing nothing, when the entry under that id
        cannot be read by this app (a newer version's, a damaged one): it is kept.
        """
        game = _check_game(game)
        key = self.key(game.id)
        self._check_replaceable(key)
        text = _dump(game)
        self.storage.set(key, text)
        self._known[key] = text

    def save_copy(self, game: SavedGame) -> SavedGame:
        """Write ``game`` under a new id (when :meth:`save` refused its own) and return
        it with that id."""
        copy = _replace(_check_game(game), id=self.new_id())
        self.save(copy)
        return copy

    def _check_replaceable(self, key: str) -> None:
        """:class:`SaveConflictError` unless the entry at ``key`` is absent, is what this
        store last wrote or loaded there, or can be read by this app."""
        stored = self.storage.get(key)
        if stored is None or stored == self._known.get(key):
            return
        try:
            self._read(key, stored)
        except CorruptDataError as exc:
            raise SaveConflictError(key, exc) from exc

    def rename(self, game_id: str, name: str) -> None:
        """Give a saved game a new name (its ``updated`` time is kept)."""
        game = self.load(game_id)
        game.name = name
        self.save(game)

    def delete(self, game_id: str) -> None:
        """Remove a saved game (and forget it as the game to reopen)."""
        self.storage.remove(self.key(game_id))
        self._known.pop(self.key(game_id), None)
        if self.current() == game_id:
            self.set_current(None)

    def new_id(self) -> str:
        """A short URL-safe id that no stored entry uses."""
        taken = set(self._ids())
        while True:
            candidate = base64.urlsafe_b64encode(self._random_bytes(6)).decode("ascii")
            if candidate not in taken:
                return candidate

    def current(self) -> str | None:
        """The id of the game to reopen, if any."""
        value = self.storage.get(CURRENT_KEY)
        if value is None or not _ID_RE.fullmatch(value):
            return None
        return value

    def set_current(self, game_id: str | None) -> None:
        if game_id is None:
            self.storage.remove(CURRENT_KEY)
        else:
            if not _ID_RE.fullmatch(game_id):
                raise ValueError(f"not a saved game id: {game_id!r}")
            self.storage.set(CURRENT_KEY, game_id)

    def tutorial_progress(self) -> dict[str, int]:
        """How far the player got in each game's tutorial: ``{game id: steps done}``
        (a missing, damaged or foreign entry reads as none begun)."""
        try:
            data = json.loads(self.storage.get(TUTORIAL_KEY) or "{}")
        except (ValueError, TypeError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {
            str(game): step
            for game, step in data.items()
            if isinstance(step, int) and not isinstance(step, bool) and 0 <= step < 1000
        }

    def set_tutorial_progress(self, game_id: str, step: int) -> None:
        """Remember that ``step`` steps of ``game_id``'s tutorial are done (may raise
        :class:`StorageFullError`: the tutorial goes on, only resuming it is lost)."""
        progress = self.tutorial_progress()
        progress[game_id] = step
        self.storage.set(TUTORIAL_KEY, json.dumps(progress, sort_keys=True))


# --- files --------------------------------------------------------------------------


def export_json(game: SavedGame) -> str:
    """The text of a file the player downloads (the saved-game record, readable by
    :func:`import_json` on any device)."""
    return _dump(_check_game(game)) + "\n"


def import_json(text: str, store: SaveStore, now: float) -> SavedGame:
    """Read an exported file and add it to ``store`` under a NEW id (it never replaces
    an existing save); ``updated`` becomes ``now``.

    Raises :class:`CorruptDataError` for a file that is not JSON, not a Tablero save,
    from a newer version, holding an invalid game or a game whose history does not
    replay to the position it holds (code ``import.no_replay``: a file edited outside
    Tablero), and :class:`StorageFullError` when there is no room (nothing is written
    then).
    """
    if isinstance(text, bytes):
        if len(text) > 4 * MAX_RECORD_CHARS:
            raise _FILE.not_a_save()
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _FILE.not_a_save() from exc
    elif isinstance(text, str) and text.startswith("\ufeff"):
        text = text[1:]
    game = _parse(text, _FILE, strict_kind=True)
    try:
        game = _replayed(game, _FILE)
    except CorruptDataError:
        raise
    except Exception as exc:  # noqa: BLE001 - a file is untrusted
        raise _FILE.no_replay() from exc
    game.id = store.new_id()
    game.updated = now
    store.save(game)
    return game
