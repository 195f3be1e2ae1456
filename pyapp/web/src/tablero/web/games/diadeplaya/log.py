"""The move log: one Día de Playa history entry in words.

An entry is ``{"player", "move", "events"}`` (``docs/notation-diadeplaya.md``).  The
events tell the turn: the first card's face, a card taken (the others flipping), a card
dealt to the market, a card laid (where, turned how, how many blocks it covers and what
it changed), and at the end each beach's points and the result (the beach reached, in
cooperative and solitaire play).  Nothing is hidden but the deck's order and faces,
which no entry says before a card is dealt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import widgets
from ...gamelog import GameLog, move_words
from ...i18n import join
from ...plugin import Seat, Translate
from .words import card_words, criterion_name, seat_name

#: The log's messages.
LOG = GameLog.of("diadeplaya")

#: The moves that begin a turn: the first card's face, then a card taken from the market
#: (what the saves list counts as turns, in solitaire play too).
TURN_STARTS = ("side", "take")


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else str(x)


def result_sentence(final: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str:
    """The final event in words: the scores and who won, or the beach reached."""
    scores = list(final.get("scores") or [])
    if "beach_reached" in final:
        points = scores[0] if scores else 0
        reached = final.get("beach_reached")
        if reached:
            return t("diadeplaya.log.reached", points=points, beach=str(reached))
        return t("diadeplaya.log.not_reached", points=points)
    winners = list(final.get("winners") or [])
    if len(winners) == 1:
        won = LOG.say(t, "diadeplaya.log.winner", seats, winners[0])
    elif winners:
        won = t("diadeplaya.log.shared", names=LOG.names(seats, winners, t))
    else:
        won = ""
    return LOG.final(scores, won, seats, t)


def _event_sentence(
    e: Mapping[str, Any], seats: Sequence[Seat], t: Translate, shared: bool
) -> str | None:
    kind = e.get("type")
    p = e.get("player")
    if kind == "side":
        return LOG.say(t, "diadeplaya.log.side", seats, p, card=card_words(e.get("face"), t))
    if kind == "take":
        flipped = t("diadeplaya.sep.list").join(card_words(f, t) for f in e.get("flipped") or ())
        key = "diadeplaya.log.take_flip" if flipped else "diadeplaya.log.take"
        return LOG.say(t, key, seats, p, card=card_words(e.get("face"), t), slot=e.get("slot", 0),
                    flipped=flipped)  # fmt: skip
    if kind == "deal":
        return t("diadeplaya.log.deal", card=card_words(e.get("face"), t), count=e.get("left", 0))
    if kind == "lay":
        covered = len(e.get("covered") or ())
        change = list(e.get("change") or [])
        delta = change[p] if isinstance(p, int) and 0 <= p < len(change) else 0
        delta = int(delta)
        sign = "+" if delta > 0 else "-" if delta < 0 else ""
        change_words = t("diadeplaya.log.change", sign=sign, count=abs(delta))
        return LOG.say(
            t,
            "diadeplaya.log.lay",
            seats,
            p,
            card=card_words(e.get("face"), t),
            degrees=e.get("rotation", 0),
            cell=str(e.get("cell", "")),
            count=covered,
            change=change_words,
        )
    if kind == "beach":
        points = e.get("points") or {}
        parts = t("diadeplaya.sep.list").join(
            f"{criterion_name(c, t)} {_signed(int(x)) if x else 0}" for c, x in points.items()
        )
        beach = int(e.get("beach", 0))
        owner = (
            t("diadeplaya.beach.shared")
            if shared and len(seats) > 1
            else t("diadeplaya.board.yours")
            if shared or widgets.is_you(seats, beach)
            else t("diadeplaya.beach.of", name=seat_name(seats, beach, t))
        )
        return t("diadeplaya.log.beach", beach=owner, count=e.get("total", 0), parts=parts)
    if kind == "final":
        return result_sentence(e, seats, t)
    return None  # rotate: told by the lay


def describe(entry: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str:
    """One history entry in words, as plain text (the shell escapes it)."""
    sentences = []
    events = entry.get("events") or ()
    shared = any(e.get("type") == "final" and "beach_reached" in e for e in events)
    for e in events:
        s = _event_sentence(e, seats, t, shared)
        if s:
            sentences.append(s)
    if not sentences:
        words = move_words(entry)
        if len(words) == 2 and words[0] == "rotate":
            p = entry.get("player")
            sentences.append(LOG.say(t, "diadeplaya.log.rotate", seats, p, degrees=words[1]))
        else:
            sentences.append(LOG.the_move(entry, seats, t))
    return join(t, "diadeplaya.sep.sentence", sentences)
