"""The move log: one Arribada history entry in words.

An entry is ``{"player", "move", "events"}`` (``docs/notation-arribada.md``).  The
move gives the main sentence when no event says it better; every event adds its
own sentence.  Values a view masks (another player's bag draw, rack picks) are
``None`` or ``?`` and are written as "a tile", never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import widgets
from ...gamelog import GameLog, move_words
from ...i18n import join
from ...plugin import Seat, Translate
from .words import seat_name, tile_words

#: The log's messages (its sentences are joined by ``arribada.log.sep``).
LOG = GameLog.of("arribada", sentence_sep="arribada.log.sep")


def _value(text: str) -> int | None:
    return int(text) if text.isdigit() else None


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _values(values: Sequence[Any], t: Translate) -> str:
    return ", ".join(
        "?" if v is None else t("arribada.tile.wild") if v == 9 else str(v) for v in values
    )


#: The moves their events tell (capture / pass / draw / refresh event), and those said in
#: a word of their own.
_TOLD = ("capture", "pass", "draw", "confirm")
_SAID = {
    "decline": "arribada.log.decline",
    "refresh": "arribada.log.refresh",
    "end": "arribada.log.end",
}


def _move_sentence(entry: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str | None:
    """The sentence for the move itself, or ``None`` when its events tell it."""
    p = entry.get("player")
    words = move_words(entry)
    events = entry.get("events") or []
    head = words[0] if words else ""
    if head == "place" and len(words) == 3:
        return LOG.say(
            t, "arribada.log.place", seats, p, tile=tile_words(_value(words[1]), t), cell=words[2]
        )
    if head == "claim" and len(words) == 2:
        scored = [e for e in events if e.get("type") in ("claim", "score")]
        if scored:
            return LOG.say(
                t,
                "arribada.log.claim_value",
                seats,
                p,
                tile=tile_words(scored[0].get("value"), t),
                cell=words[1],
            )
        return LOG.say(t, "arribada.log.claim", seats, p, cell=words[1])
    if head == "pick" and len(words) == 3:
        key = "arribada.log.pick_rack" if words[1] == "rack" else "arribada.log.pick_display"
        return LOG.say(t, key, seats, p, tile=tile_words(_value(words[2]), t))
    return LOG.move_sentence(entry, seats, t, told=_TOLD, said=_SAID)


def _event_sentence(e: dict[str, Any], seats: Sequence[Seat], t: Translate) -> str | None:
    kind = e.get("type")
    p = e.get("player")
    if kind == "spawn":
        return t("arribada.log.spawn", tile=tile_words(e.get("value"), t), cell=e.get("cell"))
    if kind == "score":
        seq, st = e.get("sequence", 0), e.get("set", 0)
        key = (
            "arribada.log.score_both"
            if seq and st
            else "arribada.log.score_sequence"
            if seq
            else "arribada.log.score_set"
        )
        return LOG.say(t, key, seats, p, total=seq + st, sequence=seq, set=st)
    if kind == "capture":
        if widgets.is_you(seats, e.get("from")):  # "captured a 4 of yours"
            return t("arribada.log.capture.from_you", name=seat_name(seats, p, t),
                     tile=tile_words(e.get("value"), t), cell=e.get("cell"))  # fmt: skip
        return LOG.say(
            t,
            "arribada.log.capture",
            seats,
            p,
            owner=seat_name(seats, e.get("from"), t),
            tile=tile_words(e.get("value"), t),
            cell=e.get("cell"),
        )
    if kind == "extra_action":
        return LOG.say(t, "arribada.log.extra_action", seats, p)
    if kind == "last_shell":
        return LOG.say(t, "arribada.log.last_shell", seats, p)
    if kind == "pass":
        return LOG.say(t, "arribada.log.pass", seats, p)
    if kind == "draw":
        if e.get("source") == "display":
            return LOG.say(
                t, "arribada.log.draw_display", seats, p, tile=tile_words(e.get("value"), t)
            )
        if e.get("value") is None:
            return LOG.say(t, "arribada.log.draw_bag_hidden", seats, p)
        return LOG.say(t, "arribada.log.draw_bag", seats, p, tile=tile_words(e.get("value"), t))
    if kind == "refresh":
        rack_out, display_out = e.get("rack_out") or [], e.get("display_out") or []
        parts = [
            LOG.say(
                t,
                "arribada.log.refresh_done",
                seats,
                p,
                rack=len(rack_out),
                display=len(display_out),
            )
        ]
        if rack_out and all(v is not None for v in rack_out):
            parts.append(
                t(
                    "arribada.log.refresh_rack",
                    out=_values(rack_out, t),
                    into=_values(e.get("rack_in") or [], t),
                )
            )
        if display_out:
            parts.append(
                t(
                    "arribada.log.refresh_display",
                    out=_values(display_out, t),
                    into=_values(e.get("display_in") or [], t),
                )
            )
        return join(t, "arribada.log.sep", parts)
    if kind == "game_end":
        reason = "passes" if e.get("reason") == "passes" else "shells"
        return t(f"arribada.log.game_end.{reason}")
    if kind == "stranded":
        v = e.get("value")
        key = "arribada.log.stranded_wild" if v in (9, "wild") else "arribada.log.stranded"
        return LOG.say(
            t, key, seats, p, value=v, cell=e.get("cell"), points=_signed(e.get("points", 0))
        )
    if kind == "majority":
        counts = e.get("counts") or []
        points = e.get("points") or []
        parts = [
            t(
                "arribada.log.majority_part",
                name=seat_name(seats, p, t),
                count=c,
                points=_signed(points[p] if p < len(points) else 0),
            )
            for p, c in enumerate(counts)
        ]
        quadrant = t(f"arribada.quadrant.{e.get('quadrant')}")
        return t("arribada.log.majority", quadrant=quadrant, parts=", ".join(parts))
    if kind == "refill":
        return None  # gathered into one sentence by describe()
    return None


def describe(entry: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str:
    """One history entry in words, as plain text (the shell escapes it).

    Never reveals what the entry hides: a masked bag draw is "a tile".
    """
    sentences = []
    main = _move_sentence(entry, seats, t)
    if main:
        sentences.append(main)
    refills = []
    for e in entry.get("events") or []:
        if e.get("type") == "refill":
            refills.append(e.get("value"))
            continue
        s = _event_sentence(e, seats, t)
        if s:
            sentences.append(s)
    if refills:
        sentences.append(t("arribada.log.refill", values=_values(refills, t)))
    return join(t, "arribada.log.sep", sentences)
