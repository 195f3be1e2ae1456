"""The move log: one Arboretum history entry in words.

An entry is ``{"player", "move", "events"}`` (``docs/notation-arboretum.md``); every
event gives one sentence.  A deck draw another player made is masked in the viewer's
history (``card`` is ``None``) and is written "drew a card from the deck", never
guessed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from ... import widgets
from ...plugin import Seat, Translate
from .words import SEAT_KEYS, card_words, cell_words, seat_name, species_name


def _say(t: Translate, key: str, seats: Sequence[Seat], p: object, **params: Any) -> str:
    """``key`` about seat ``p``, in the second person when ``p`` is the viewer."""
    return widgets.said(t, key, seats, p, SEAT_KEYS.default, **params)


#: The log's messages.
LOG_KEYS = widgets.LogKeys(
    default=SEAT_KEYS.default,
    list_sep="arboretum.sep.list",
    sentence_sep="arboretum.sep.sentence",
    points_part="arboretum.log.points_part",
    final="arboretum.log.final",
    winner="arboretum.log.winner",
    shared="arboretum.log.shared",
    tiebreak="arboretum.log.tiebreak",
    tiebreak_shared="arboretum.log.tiebreak_shared",
    move="arboretum.log.move",
)


def names_list(seats: Sequence[Seat], players: Sequence[int], t: Translate) -> str:
    return widgets.names_list(seats, players, t, LOG_KEYS)


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


#: Who won, and how the species count broke a tie on points (if it did): ``(winners,
#: scores, present, seats, t)``.
winners_sentence = partial(
    widgets.winners_sentence, keys=LOG_KEYS, count_key="arboretum.log.species_count"
)


def _event_sentence(e: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str | None:
    kind = e.get("type")
    p = e.get("player")
    if kind == "draw":
        if e.get("source") == "pile":
            pile = e.get("pile")
            if pile == e.get("player"):
                return _say(
                    t, "arboretum.log.draw_own_pile", seats, p, card=card_words(e.get("card"), t)
                )
            if widgets.is_you(seats, pile):  # "took ... from your discard pile"
                return t("arboretum.log.draw_pile.from_you", name=seat_name(seats, p, t),
                         card=card_words(e.get("card"), t))  # fmt: skip
            return _say(
                t,
                "arboretum.log.draw_pile",
                seats,
                p,
                card=card_words(e.get("card"), t),
                owner=seat_name(seats, pile, t),
            )
        if e.get("card") is None:
            return _say(t, "arboretum.log.draw_deck_hidden", seats, p)
        return _say(t, "arboretum.log.draw_deck", seats, p, card=card_words(e.get("card"), t))
    if kind == "deck_empty":
        return _say(t, "arboretum.log.deck_empty", seats, p)
    if kind == "play":
        return _say(t, "arboretum.log.play", seats, p, card=card_words(e.get("card"), t),
                 cell=cell_words(e.get("cell"), t))  # fmt: skip
    if kind == "discard":
        return _say(t, "arboretum.log.discard", seats, p, card=card_words(e.get("card"), t))
    if kind == "game_end":
        return t("arboretum.log.game_end")
    if kind == "species":
        return _species_sentence(e, seats, t)
    if kind == "final":
        scores = e.get("scores") or []
        won = winners_sentence(
            e.get("winners") or [], scores, e.get("species_present") or [], seats, t
        )
        text = widgets.scores_text(scores, seats, t, LOG_KEYS)
        return widgets.final_sentence(text, won, t, LOG_KEYS)
    return None


def describe(entry: Mapping[str, Any], seats: Sequence[Seat], t: Translate) -> str:
    """One history entry in words, as plain text (the shell escapes it).

    Never reveals what the entry hides: a masked deck draw is "a card"."""
    return widgets.entry_sentences(entry, seats, t, LOG_KEYS, _event_sentence)
