"""A game's move log declared over the shared sentences of :mod:`tablero.web.widgets.log`.

Every game's log says a history entry as sentences in its own catalog, and the games
name their messages alike: ``<game>.seat.default`` a nameless seat, ``<game>.sep.list``
and ``<game>.sep.sentence`` the separators, ``<game>.log.<name>`` every sentence (the
final scores ``final`` with each player's ``points_part``, who won ``winner`` and
``shared``, how a tie was broken ``tiebreak`` and ``tiebreak_shared``, a move no event
tells ``move``).  :meth:`GameLog.of` writes those names once, so a game's log declares
only what is its own::

    LOG = GameLog.of("arraial", tiebreak="arraial.log.pairs_count")

and writes its events' sentences with :meth:`GameLog.say` (the viewer spoken to in the
second person), the final scores with :meth:`GameLog.final` and who won with
:meth:`GameLog.winners`; :meth:`GameLog.describe` puts an entry's sentences together.
Plain text (the shell escapes it).  Imports no game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .plugin import Seat, Translate
from .widgets import log as shared
from .widgets.seats import said

__all__ = ["EventSentence", "GameLog", "move_words"]

#: One event of an entry in words (``None``: the event says nothing).
EventSentence = Callable[[Mapping[str, Any], Sequence[Seat], Translate], "str | None"]


def move_words(entry: Mapping[str, Any]) -> list[str]:
    """The words of an entry's move (``"take 2"`` -> ``["take", "2"]``; none: ``[]``).

    >>> move_words({"move": " land  b1 c1 "}), move_words({})
    (['land', 'b1', 'c1'], [])
    """
    return str(entry.get("move", "")).split()


@dataclass(frozen=True)
class GameLog:
    """A game's move log: its messages (:class:`~tablero.web.widgets.log.LogKeys`) and,
    when a tie on points is broken by a count (species, pairs), that count's message
    ``tiebreak_count`` (``{name}``, ``{count}``)."""

    keys: shared.LogKeys
    tiebreak_count: str = ""

    @classmethod
    def of(cls, game: str, *, tiebreak: str = "", sentence_sep: str = "") -> GameLog:
        """The log of ``game`` by the games' names for its messages; with ``tiebreak``
        (the count's message), the tie-break's sentences too; ``sentence_sep``: the
        separator of sentences where a game names it otherwise.

        >>> log = GameLog.of("g", tiebreak="g.log.count")
        >>> log.keys.final, log.keys.sentence_sep, log.keys.tiebreak, log.tiebreak_count
        ('g.log.final', 'g.sep.sentence', 'g.log.tiebreak', 'g.log.count')
        >>> GameLog.of("g").keys.tiebreak
        ''
        """
        log = f"{game}.log."
        return cls(
            shared.LogKeys(
                default=f"{game}.seat.default",
                list_sep=f"{game}.sep.list",
                sentence_sep=sentence_sep or f"{game}.sep.sentence",
                points_part=log + "points_part",
                final=log + "final",
                winner=log + "winner",
                shared=log + "shared",
                tiebreak=log + "tiebreak" if tiebreak else "",
                tiebreak_shared=log + "tiebreak_shared" if tiebreak else "",
                move=log + "move",
            ),
            tiebreak,
        )

    def say(self, t: Translate, key: str, seats: Sequence[Seat], p: object, **params: Any) -> str:
        """``key`` about seat ``p``, in the second person when ``p`` is the viewer."""
        return said(t, key, seats, p, self.keys.default, **params)

    def names(self, seats: Sequence[Seat], players: Iterable[int], t: Translate) -> str:
        """The names of ``players``, joined by the language's list separator."""
        return shared.names_list(seats, players, t, self.keys)

    def winners(
        self,
        winners: Sequence[int],
        scores: Sequence[int],
        counts: Sequence[int],
        seats: Sequence[Seat],
        t: Translate,
    ) -> str:
        """Who won, and how the tie-break's ``counts`` (one a seat) broke a tie on
        points, if it did (:func:`~tablero.web.widgets.log.winners_sentence`)."""
        return shared.winners_sentence(
            winners, scores, counts, seats, t, keys=self.keys, count_key=self.tiebreak_count
        )

    def final(self, scores: Sequence[int], won: str, seats: Sequence[Seat], t: Translate) -> str:
        """The final event in words: the final scores, then who ``won`` (if anyone)."""
        text = shared.scores_text(scores, seats, t, self.keys)
        return shared.final_sentence(text, won, t, self.keys)

    def the_move(self, entry: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str:
        """The move of ``entry`` as it is written, said of its player (a move that no
        sentence of the game tells)."""
        words = " ".join(move_words(entry))
        return self.say(t, self.keys.move, seats, entry.get("player"), move=words)

    def move_sentence(
        self,
        entry: Mapping[str, Any],
        seats: Sequence[Seat],
        t: Translate,
        *,
        told: Collection[str],
        said: Mapping[str, str] | None = None,
    ) -> str | None:
        """The sentence of a move by its kind (the move's first word): the message
        ``said[kind]`` of its player, nothing when the kind is one of ``told`` (its events
        say it), else :meth:`the_move`."""
        words = move_words(entry)
        kind = words[0] if words else ""
        if said and kind in said:
            return self.say(t, said[kind], seats, entry.get("player"))
        if kind and kind in told:
            return None
        return self.the_move(entry, seats, t)

    def describe(
        self,
        entry: Mapping[str, Any],
        seats: Sequence[Seat],
        t: Translate,
        event_sentence: EventSentence,
        first: str | None = None,
    ) -> str:
        """``entry`` in words: ``first`` (the move's own sentence, if any), then each
        event's, or when none says anything :meth:`the_move`."""
        return shared.entry_sentences(entry, seats, t, self.keys, event_sentence, first)
