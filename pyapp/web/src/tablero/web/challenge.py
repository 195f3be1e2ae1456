"""Challenge links and the daily deal: one deal for a single player, and a score to beat.

A challenge link carries a one-player deal (the game, its format version, the seed and
the options: Día de Playa's solitaire mode and its criteria) and the sender's finished
game on that deal (the texts of their moves, their name).  Opening it deals the same
cards to the receiver (a fresh game from the same setup) and keeps the sender's game,
replayed from its moves, as the target: their score, the beach they reached and the
beach itself, shown once the receiver's own game is over.

Format (version 1), described in ``docs/saves-and-links.md`` ("Challenge links")::

    tc1.<base64url, no padding>

    the frame of a share link (tablero.web.links.pack: length, CRC32, length, deflate)
    around the UTF-8 JSON array
        [game id, game format version, seed, options, [move texts], sender's name]

It is read exactly as strictly as a share link (:func:`tablero.web.links.unpack`: the
ASCII prefix, the checksum, the size and the nesting before parsing), and only a
finished game whose moves replay is a challenge.  The prefix ``tc<N>.`` never changes
meaning: a future format is ``tc2.``, which this version refuses with "update the app".

The daily deal is Día de Playa's solitaire deal of the day: its seed is a pure function
of the local date (:func:`daily_seed`), so every device deals the same cards on the same
day, offline.

Pure Python (stdlib only): runs in CPython tests and in Pyodide.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tablero.core import CorruptDataError, State, get_game, make, replay

from .links import (
    ShareError,
    clean_name,
    fragment_text,
    history_replays,
    pack,
    unpack,
)

__all__ = [
    "CHALLENGE_PREFIX",
    "CHALLENGE_VERSION",
    "DAILY_GAME",
    "DAILY_OPTIONS",
    "Challenge",
    "challenge_game",
    "challenge_problem",
    "daily_day",
    "daily_deal",
    "daily_seed",
    "decode_challenge",
    "encode_challenge",
    "is_challenge",
    "day_text",
    "local_day",
]

#: The challenge format written by :func:`encode_challenge` (the ``1`` of ``tc1.``).
CHALLENGE_VERSION = 1
#: Every challenge link starts with this text followed by its format version and ".".
CHALLENGE_PREFIX = "tc"
#: The game and the options of the daily deal (the rest are the game's defaults).
DAILY_GAME = "diadeplaya"
DAILY_OPTIONS: dict[str, Any] = {"mode": "solitaire"}

_DAILY_RE = re.compile(r"daily:([0-9]{4})-([0-9]{2})-([0-9]{2})", re.ASCII)

# Player-facing messages (one sentence each).
MSG_NOT_A_CHALLENGE = "This is not a Tablero challenge link."
MSG_DAMAGED = (
    "This challenge link is damaged (some characters were changed), so it cannot be "
    "opened; ask for the link again."
)
MSG_TRUNCATED = (
    "This challenge link is incomplete (it was cut short when it was copied or sent); "
    "copy the whole link and try again."
)
MSG_NEWER = (
    "This challenge link was made by a newer version of Tablero; update the app (reload "
    "the page) to open it."
)
MSG_UNFINISHED = (
    "This challenge link holds a game that is not over, so it has no score to beat; ask "
    "for the link again once the game is finished."
)


# --- the challenge ----------------------------------------------------------------------


@dataclass(frozen=True)
class Challenge:
    """A challenge as its link gives it: the link itself (kept with the receiver's saved
    game), the sender's name (untrusted text, cleaned: renderers escape it) and the
    sender's finished game, replayed from the link's moves."""

    link: str
    name: str
    target: State

    @property
    def score(self) -> int:
        """The sender's score."""
        return int(self.target.scores()[0])

    @property
    def beach(self) -> str | None:
        """The beach the sender reached (Día de Playa's solitaire challenge), ``None``
        below the first one or in a game without beaches."""
        reached: Callable[[], str | None] | None = getattr(self.target, "beach_reached", None)
        return reached() if callable(reached) else None

    def deal(self) -> State:
        """The receiver's game: the same deal, not yet played."""
        return replay(self.target.game.id, self.target.setup, [])

    def is_for(self, state: State) -> bool:
        """Whether ``state`` is played on this challenge's deal (same game and setup)."""
        return state.game.id == self.target.game.id and state.setup == self.target.setup


def is_challenge(fragment: str) -> bool:
    """Whether ``fragment`` (a URL, a fragment with or without ``#``) is meant as a
    challenge link (it may still be damaged): what the page reads it as.

    >>> is_challenge("https://example.org/#tc1.abc"), is_challenge("#tb1.abc")
    (True, False)
    """
    return fragment_text(fragment).startswith(CHALLENGE_PREFIX)


# --- encoding -----------------------------------------------------------------------------


def encode_challenge(state: State, name: str) -> str:
    """The URL fragment (without ``#``) of a challenge on ``state``'s deal, with
    ``state`` (a finished one-player game) as the score to beat and ``name`` as its
    player's.

    Raises :class:`~tablero.web.links.ShareError` (a ``ValueError``; its ``code`` names
    the reason for the catalog, ``app.challenge.problem.<code after "challenge.">``):
    ``challenge.no_seed`` (a position read from notation), ``challenge.view``,
    ``challenge.not_solo`` (more than one player), ``challenge.unfinished``,
    ``challenge.too_long``; and :class:`~tablero.core.CorruptDataError`
    (``challenge.no_replay``) when the game's history does not replay to its position.
    """
    setup = state.setup
    if state.viewer is not None:
        raise ShareError(
            "this game cannot be a challenge (it is one player's view)", "challenge.view"
        )
    if not isinstance(setup, dict) or setup.get("seed") is None:
        raise ShareError(
            "this game cannot be a challenge (it has no recorded seed)", "challenge.no_seed"
        )
    if state.num_players != 1:
        raise ShareError("only a game for one player can be a challenge", "challenge.not_solo")
    if not state.is_terminal():
        raise ShareError(
            "this game cannot be a challenge before it is over", "challenge.unfinished"
        )
    if not history_replays(state):
        raise CorruptDataError(
            "this game cannot be a challenge: its history does not replay to its position "
            "(the saved game was changed outside Tablero)",
            code="challenge.no_replay",
        )
    payload = [
        state.game.id,
        state.game.version,
        setup["seed"],
        setup.get("options", {}),
        [str(entry["move"]) for entry in state.history],
        clean_name(name),
    ]
    try:
        return pack(payload, f"{CHALLENGE_PREFIX}{CHALLENGE_VERSION}.")
    except ShareError as exc:
        raise ShareError(
            "this game is too long to be a challenge link", "challenge.too_long"
        ) from exc


# --- decoding -----------------------------------------------------------------------------


def decode_challenge(fragment: str) -> Challenge:
    """The challenge a link carries.

    ``fragment`` may start with ``#`` (or be a whole URL: what follows its first ``#``
    is read).  Raises :class:`~tablero.core.CorruptDataError` with a one-sentence
    message for the player and a code (``challenge.not_a_link``, ``challenge.damaged``,
    ``challenge.truncated``, ``challenge.newer``, ``challenge.unknown_game``,
    ``challenge.replay``, ``challenge.unfinished``), and never any other exception.
    """
    try:
        return _decode(fragment)
    except CorruptDataError:
        raise
    except Exception as exc:  # noqa: BLE001 - untrusted input must never crash the app
        raise _damaged() from exc


def _damaged() -> CorruptDataError:
    return CorruptDataError(MSG_DAMAGED, code="challenge.damaged")


def _frame_error(exc: CorruptDataError) -> CorruptDataError:
    """The challenge's own error for a problem of the shared frame (``link.*``)."""
    if exc.code == "link.not_a_link":
        return CorruptDataError(MSG_NOT_A_CHALLENGE, code="challenge.not_a_link")
    if exc.code == "link.truncated":
        return CorruptDataError(MSG_TRUNCATED, code="challenge.truncated")
    if exc.code == "link.newer":
        return CorruptDataError(MSG_NEWER, code="challenge.newer")
    return _damaged()


def _payload(fragment: Any) -> list[Any]:
    try:
        payload = unpack(fragment, CHALLENGE_PREFIX, CHALLENGE_VERSION)
    except CorruptDataError as exc:
        raise _frame_error(exc) from exc
    if not isinstance(payload, list) or len(payload) != 6:
        raise _damaged()
    return payload


def challenge_game(fragment: Any) -> str | None:
    """The id of the game a challenge link is for, read without its engine (the moves
    are not replayed); ``None`` when ``fragment`` is not a readable challenge link.

    >>> challenge_game("tc1.garbage") is None
    True
    """
    try:
        game_id = _payload(fragment)[0]
    except Exception:  # noqa: BLE001 - any link it cannot read is simply not a game
        return None
    return game_id if isinstance(game_id, str) else None


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _decode(fragment: Any) -> Challenge:
    game_id, game_version, seed, options, moves, name = _payload(fragment)
    if not isinstance(game_id, str) or not _is_whole(game_version) or game_version < 1:
        raise _damaged()
    if not (_is_whole(seed) or isinstance(seed, str)) or not isinstance(options, dict):
        raise _damaged()
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _damaged()
    if not isinstance(name, str):
        raise _damaged()
    try:
        game = get_game(game_id)
    except ValueError as exc:
        raise CorruptDataError(
            f"This challenge is for a game this version of Tablero does not have "
            f"({clean_name(game_id)!r}); update the app (reload the page) to open it.",
            code="challenge.unknown_game",
        ) from exc
    if game_version > game.version:
        raise CorruptDataError(
            f"This {game.title} challenge was made by a newer version of Tablero (game "
            f"format {game_version}; this app reads up to {game.version}); update the app "
            "(reload the page) to open it.",
            code="challenge.newer",
        )
    setup = {"players": 1, "seed": seed, "options": options}
    try:
        state = replay(game_id, setup, moves)
    except CorruptDataError as exc:
        reason = str(exc).rstrip(".")
        raise CorruptDataError(
            f"This {game.title} challenge cannot be restored: {reason}.",
            code="challenge.replay",
        ) from exc
    # Canonical move texts only (``str(move)``), as in a share link.
    if [entry["move"] for entry in state.history] != moves:
        raise _damaged()
    if not state.is_terminal():
        raise CorruptDataError(MSG_UNFINISHED, code="challenge.unfinished")
    return Challenge(fragment_text(fragment), clean_name(name), state)


def challenge_problem(exc: Exception) -> tuple[str, dict[str, Any]] | str:
    """The reason to show for a challenge's error: its catalog message
    (``app.challenge.problem.<code after "challenge.">``), else its own sentence.

    >>> challenge_problem(CorruptDataError("...", code="challenge.damaged"))
    ('app.challenge.problem.damaged', {})
    """
    code = getattr(exc, "code", None)
    if isinstance(code, str) and code.startswith("challenge."):
        return (f"app.challenge.problem.{code.removeprefix('challenge.')}", {})
    return str(exc)


# --- the daily deal -----------------------------------------------------------------------


def daily_seed(day: datetime.date) -> str:
    """The seed of the daily deal of ``day``: the same on every device, offline.

    >>> daily_seed(datetime.date(2026, 12, 2))
    'daily:2026-12-02'
    """
    return f"daily:{day.isoformat()}"


def daily_deal(day: datetime.date) -> State:
    """The daily deal of ``day``: a solitaire game of Día de Playa, not yet played."""
    return make(DAILY_GAME, players=1, seed=daily_seed(day), **DAILY_OPTIONS)


def daily_day(state: State) -> datetime.date | None:
    """The day whose daily deal ``state`` is played on, else ``None`` (another deal, or
    the same seed with other options).

    >>> day = datetime.date(2026, 12, 2)
    >>> daily_day(daily_deal(day)) == day
    True
    """
    setup = state.setup
    seed = setup.get("seed") if isinstance(setup, dict) else None
    match = _DAILY_RE.fullmatch(seed) if isinstance(seed, str) else None
    if match is None or state.game.id != DAILY_GAME:
        return None
    try:
        day = datetime.date(*(int(part) for part in match.groups()))
    except ValueError:
        return None
    return day if daily_deal(day).setup == setup else None


def local_day(ms: float) -> datetime.date:
    """The local date at ``ms`` milliseconds since the epoch (the device's time zone:
    in the browser, the one JavaScript's ``Date`` uses)."""
    return datetime.datetime.fromtimestamp(ms / 1000).date()


def day_text(day: datetime.date, t: Callable[..., str]) -> str:
    """``day`` in the player's words (``t``: the catalog's translate function), as the
    daily deal names it: "2 December 2026", "2026年12月2日"."""
    month = t(f"app.challenge.month.{day.month}")
    return t("app.challenge.date", d=day.day, y=str(day.year), month=month)
