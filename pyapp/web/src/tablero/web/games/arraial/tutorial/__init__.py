"""Arraial's first-game tutorial (:mod:`tablero.web.tutorialkit`): two turns of yours and
one of the partner's, then a third of yours, on a fixed deal: turning the octagon,
taking a card, a straight drop and a slide under an overhang, refilling the octagon, a
first zone (a visitor and a pair) on the partner's street, a completed row raising the
level bar, and a larger red zone that takes the pair; the texts are
``arraial.tutorial.*`` (``messages/`` beside this module)."""

from __future__ import annotations

from ....tutorialkit import Click, click, confirm, move, play, read, script, watch

__all__ = ["TUTORIAL"]

#: The deal: the octagon holds Z2, J1 and T2 (a quarter turn lays the red Z flat and
#: the green J on its side); the face-up cards are V2, I1 and V1, and the deck gives Z1.
SEED = 4263


def _column(column: int) -> Click:
    return click("column", column=str(column))


TUTORIAL = script("arraial", seed=SEED, steps=(
    read("welcome"),
    play("rotate", move("rotate")),
    play("take_z", move("take 1")),
    play("drop_z", _column(3), confirm()),
    play("take_j", move("take 2")),
    play("slide_j", _column(0), click("landing", move="land b1 c1 d1 b2"), confirm()),
    play("refill", move("fill 1 V2")),
    play("refill_more", move("fill 2 V1")),
    watch("partner_zone", "take 1", "land a1 b1 a2", "take 2", "land c1 d1 d2",
          "end", "fill 1 I1", "fill 2 Z1"),
    play("take_i", move("take 1")),
    play("row", _column(0), confirm()),
    read("bar"),
    play("take_z2", move("take 2")),
    play("pair", _column(2), confirm()),
    play("end", move("end")),
    play("refill_yours", move("fill 1 L2")),
    play("refill_last", move("fill 2 S2")),
    read("the_end"),
))  # fmt: skip
