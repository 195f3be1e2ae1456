"""The move log: one Arboretum history entry in words.

An entry is ``{"player", "move", "events"}`` (``docs/notation-arboretum.md``); every
event gives one sentence.  A deck draw another player made is masked in the viewer's
history (``card`` is ``None``) and is written "drew a card from the deck", never
guessed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ... import widgets
from ...gamelog import GameLog
from ...plugin import Seat, Translate
from .words import card_words, cell_words, seat_name, species_name

#: The log's messages; a tie on points is broken by the number of species present.
LOG = GameLog.of("arboretum", tiebreak="arboretum.log.species_count")


def names_list(seats: Sequence[Seat], players: Sequence[int], t: Translate) -> str:
    return LOG.names(seats, players, t)


def sums_words(e: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str:
    """``Ana 12, Ben 0 (an 8 counted 0)``: every player's hand sum of a species."""
    zeroed = set(e.get("zeroed_8") or ())
    parts = []
    for p, x in enumerate(e.get("sums") or ()):
        key = "arboretum.log.sum_zeroed" if p in zeroed else "arboretum.log.sum"
        parts.append(t(key, name=seat_name(seats, p, t), sum=x))
    return t("arboretum.sep.list").join(parts)


def _species_sentence(e: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str:
    right = list(e.get("right") or ())
    paths = e.get("paths") or []
    n = len(paths) or len(e.get("sums") or ())
    if len(right) == n and n and not any(e.get("sums") or ()):
        who = t("arboretum.log.right_nobody")
    else:
        who = names_list(seats, right, t)
    scored = t("arboretum.sep.list").join(
        t("arboretum.log.points_part", name=seat_name(seats, p, t), points=path.get("scored", 0))
        for p, path in enumerate(paths)
    )
    return t(
        "arboretum.log.species",
        species=species_name(e.get("species", ""), t),
        sums=sums_words(e, seats, t),
        right=who,
        points=scored,
    )


def _event_sentence(e: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str | None:
    kind = e.get("type")
    p = e.get("player")
    if kind == "draw":
        if e.get("source") == "pile":
            pile = e.get("pile")
            if pile == e.get("player"):
                return LOG.say(
                    t, "arboretum.log.draw_own_pile", seats, p, card=card_words(e.get("card"), t)
                )
            if widgets.is_you(seats, pile):  # "took ... from your discard pile"
                return t("arboretum.log.draw_pile.from_you", name=seat_name(seats, p, t),
                         card=card_words(e.get("card"), t))  # fmt: skip
            return LOG.say(
                t,
                "arboretum.log.draw_pile",
                seats,
                p,
                card=card_words(e.get("card"), t),
                owner=seat_name(seats, pile, t),
            )
        if e.get("card") is None:
            return LOG.say(t, "arboretum.log.draw_deck_hidden", seats, p)
        return LOG.say(t, "arboretum.log.draw_deck", seats, p, card=card_words(e.get("card"), t))
    if kind == "deck_empty":
        return LOG.say(t, "arboretum.log.deck_empty", seats, p)
    if kind == "play":
        return LOG.say(t, "arboretum.log.play", seats, p, card=card_words(e.get("card"), t),
                    cell=cell_words(e.get("cell"), t))  # fmt: skip
    if kind == "discard":
        return LOG.say(t, "arboretum.log.discard", seats, p, card=card_words(e.get("card"), t))
    if kind == "game_end":
        return t("arboretum.log.game_end")
    if kind == "species":
        return _species_sentence(e, seats, t)
    if kind == "final":
        scores = e.get("scores") or []
        won = LOG.winners(e.get("winners") or [], scores, e.get("species_present") or [], seats, t)
        return LOG.final(scores, won, seats, t)
    return None


def describe(entry: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str:
    """One history entry in words, as plain text (the shell escapes it).

    Never reveals what the entry hides: a masked deck draw is "a card"."""
    return LOG.describe(entry, seats, t, _event_sentence)
