"""The move log: one Arraial history entry in words.

An entry is ``{"player", "move", "events"}`` (``docs/notation-arraial.md``).  The move
gives the main sentence when no event says it better (``take``, ``back``, ``end``); every
event adds its own: a piece placed, rows completed and the bar rising, a visitor, a pair
changing hands, a bar lost, the end of a turn, the octagon refilled, and at a phase end
the bars dropping (white visitors joining the street, or lost), the reshuffle and the
next phase's first player; at the end, the final scores and the tie-break.  Nothing is
hidden in Arraial but the deck's order, which no entry says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import widgets
from ...gamelog import GameLog, move_words
from ...plugin import Seat, Translate
from .words import card_words, colour_name, seat_name

#: The log's messages; a tie on points is broken by the number of pairs held.
LOG = GameLog.of("arraial", tiebreak="arraial.log.pairs_count")


def pairs_held(pairs: Mapping[str, Any], n: int) -> list[int]:
    """How many pairs each of ``n`` seats holds, from a ``colour -> seat`` mapping."""
    return [sum(1 for q in pairs.values() if q == p) for p in range(n)]


#: The moves their events tell (rotate / place / fill / turn_end events), and those said
#: in a word of their own.
_TOLD = ("rotate", "land", "fill", "end")
_SAID = {"back": "arraial.log.back"}


def _move_sentence(entry: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str | None:
    """The sentence for the move itself, or ``None`` when its events tell it."""
    p = entry.get("player")
    words = move_words(entry)
    head = words[0] if words else ""
    if head == "take" and len(words) == 2:
        return LOG.say(t, "arraial.log.take", seats, p, slot=words[1])
    return LOG.move_sentence(entry, seats, t, told=_TOLD, said=_SAID)


def _event_sentence(e: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str | None:
    kind = e.get("type")
    p = e.get("player")
    if kind == "rotate":
        return LOG.say(t, "arraial.log.rotate", seats, p)
    if kind == "place":
        return LOG.say(t, "arraial.log.place", seats, p, card=card_words(e.get("card"), t),
                    cells=" ".join(e.get("cells") or ()))  # fmt: skip
    if kind == "rows":
        rows = ", ".join(str(r) for r in e.get("rows") or ())
        n = len(e.get("rows") or ())
        if e.get("bar") is None:
            return LOG.say(t, "arraial.log.rows_no_bar", seats, p, rows=rows, count=n)
        whites = t("arraial.log.new_whites", count=e.get("whites", 0))
        return LOG.say(
            t, "arraial.log.rows", seats, p, rows=rows, count=n, bar=e.get("bar"), whites=whites
        )
    if kind == "visitor":
        return LOG.say(
            t, "arraial.log.visitor", seats, p, colour=colour_name(str(e.get("colour")), t)
        )
    if kind == "no_visitor":
        return t("arraial.log.no_visitor", colour=colour_name(str(e.get("colour")), t))
    if kind == "pair":
        colour = colour_name(str(e.get("colour")), t)
        if e.get("from") is None:
            return LOG.say(
                t, "arraial.log.pair_first", seats, p, colour=colour, count=e.get("size", 0)
            )
        if widgets.is_you(seats, e.get("from")):  # "takes the red pair from you"
            return t("arraial.log.pair_taken.from_you", name=seat_name(seats, p, t),
                     colour=colour, count=e.get("size", 0))  # fmt: skip
        return LOG.say(t, "arraial.log.pair_taken", seats, p, colour=colour, count=e.get("size", 0),
                    owner=seat_name(seats, e.get("from"), t))  # fmt: skip
    if kind == "bar_lost":
        key = (
            "arraial.log.bar_lost_above"
            if e.get("why") == "above"
            else "arraial.log.bar_lost_overlap"
        )
        return LOG.say(t, key, seats, p, count=e.get("whites", 0))
    if kind == "turn_end":
        return LOG.say(t, "arraial.log.turn_end", seats, p, count=e.get("placed", 0))
    if kind == "fill":
        return LOG.say(t, "arraial.log.fill", seats, p, card=card_words(e.get("card"), t),
                    slot=int(e.get("slot", 0)) + 1)  # fmt: skip
    if kind == "face_up":
        cards = t("arraial.sep.list").join(card_words(c, t) for c in e.get("cards") or ())
        return t("arraial.log.face_up", cards=cards)
    if kind == "phase_end":
        why = "idle" if e.get("why") == "idle" else "octagon"
        return t(f"arraial.log.phase_end.{why}", stage=e.get("stage"))
    if kind == "bar_drop":
        whites = e.get("whites", 0)
        key = "arraial.log.bar_drop_whites" if whites else "arraial.log.bar_drop"
        return LOG.say(t, key, seats, p, bar=e.get("bar"), count=whites)
    if kind == "reshuffle":
        return t("arraial.log.reshuffle", count=e.get("cards", 0))
    if kind == "phase_start":
        return LOG.say(t, "arraial.log.phase_start", seats, p, stage=e.get("stage"))
    if kind == "final":
        scores = list(e.get("scores") or [])
        pairs = pairs_held(e.get("pairs") or {}, len(scores))
        won = LOG.winners(e.get("winners") or [], scores, pairs, seats, t)
        return LOG.final(scores, won, seats, t)
    return None


def describe(entry: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str:
    """One history entry in words, as plain text (the shell escapes it)."""
    first = _move_sentence(entry, seats, t)
    return LOG.describe(entry, seats, t, _event_sentence, first)
