"""The move log's sentences every game writes alike: a list of names, the final scores,
who won and how a tie was broken, and a history entry as its sentences.  Plain text (the
shell escapes it), in the game's own messages (:class:`LogKeys`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from ..i18n import join
from ..plugin import Seat, Translate
from .seats import said, seat_name

__all__ = [
    "LogKeys",
    "entry_sentences",
    "final_sentence",
    "names_list",
    "scores_text",
    "winners_sentence",
]


class LogKeys(NamedTuple):
    """A game's messages for its move log: a nameless seat (``default``), the separators
    of a list and of sentences, a player's points (``{name}``, ``{points}``), the final
    scores (``{scores}``), one winner and a shared win (``{count}``, the points; a shared
    win's ``{names}``), the tie-break for one and for shared winners (``{names}``,
    ``{counts}``), and a move no event tells (``{move}``).  Written out in each game (its
    tests find every key it asks for in its sources); a game leaves out the ones whose
    sentences it writes itself."""

    default: str
    list_sep: str
    sentence_sep: str
    points_part: str
    final: str
    winner: str = ""
    shared: str = ""
    tiebreak: str = ""
    tiebreak_shared: str = ""
    move: str = ""


def names_list(seats: Sequence[Seat], players: Iterable[int], t: Translate, keys: LogKeys) -> str:
    """The names of ``players``, joined by the language's list separator."""
    return t(keys.list_sep).join(seat_name(seats, p, t, keys.default) for p in players)


def scores_text(scores: Sequence[int], seats: Sequence[Seat], t: Translate, keys: LogKeys) -> str:
    """The final scores: ``Final scores: Ana 12, Ben 9``."""
    parts = t(keys.list_sep).join(
        t(keys.points_part, name=seat_name(seats, p, t, keys.default), points=x)
        for p, x in enumerate(scores)
    )
    return t(keys.final, scores=parts)


def final_sentence(text: str, won: str, t: Translate, keys: LogKeys) -> str:
    """The final event's words: the scores' ``text``, then who ``won`` (if anyone)."""
    return join(t, keys.sentence_sep, (x for x in (text, won) if x))


def winners_sentence(
    winners: Sequence[int],
    scores: Sequence[int],
    counts: Sequence[int],
    seats: Sequence[Seat],
    t: Translate,
    *,
    keys: LogKeys,
    count_key: str,
) -> str:
    """Who won, and how the tie-break's ``counts`` (one a seat; ``count_key`` says one's
    ``{name}`` and ``{count}``) broke a tie on points, if it did; nothing without winners
    or scores."""
    if not winners or not scores:
        return ""
    best = max(scores)
    tied = [p for p, x in enumerate(scores) if x == best]
    out = []
    if len(winners) == 1:
        out.append(said(t, keys.winner, seats, winners[0], keys.default, count=best))
    else:
        out.append(t(keys.shared, names=names_list(seats, winners, t, keys), count=best))
    if len(tied) > 1 and counts:
        parts = t(keys.list_sep).join(
            t(count_key, name=seat_name(seats, p, t, keys.default), count=counts[p]) for p in tied
        )
        key = keys.tiebreak if len(winners) == 1 else keys.tiebreak_shared
        out.append(t(key, names=names_list(seats, tied, t, keys), counts=parts))
    return join(t, keys.sentence_sep, out)


def entry_sentences(
    entry: Mapping[str, Any],
    seats: Sequence[Seat],
    t: Translate,
    keys: LogKeys,
    event_sentence: Callable[[Mapping[str, Any], Sequence[Seat], Translate], str | None],
    first: str | None = None,
) -> str:
    """A history entry in words: ``first`` (the move's own sentence, if any), then each
    event's (``event_sentence``; ``None`` or empty says nothing), or when none says
    anything the move itself (``keys.move``)."""
    sentences = [first] if first else []
    for e in entry.get("events") or ():
        s = event_sentence(e, seats, t)
        if s:
            sentences.append(s)
    if not sentences:
        sentences.append(
            said(t, keys.move, seats, entry.get("player"), keys.default,
                 move=str(entry.get("move", "")))
        )  # fmt: skip
    return join(t, keys.sentence_sep, sentences)
