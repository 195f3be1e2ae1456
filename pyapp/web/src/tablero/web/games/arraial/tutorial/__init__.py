"""Arraial's first-game tutorial (:mod:`tablero.web.tutorial`): two turns of yours and
one of the partner's, then a third of yours, on a fixed deal: turning the octagon,
taking a card, a straight drop and a slide under an overhang, refilling the octagon, a
first zone (a visitor and a pair) on the partner's street, a completed row raising the
level bar, and a larger red zone that takes the pair; the texts are
``arraial.tutorial.*`` (``messages/`` beside this module)."""

from __future__ import annotations

from tablero.core import State, make

from ....tutorial import Step, Tutorial

__all__ = ["TUTORIAL"]

#: The deal: the octagon holds Z2, J1 and T2 (a quarter turn lays the red Z flat and
#: the green J on its side); the face-up cards are V2, I1 and V1, and the deck gives Z1.
SEED = 4263


def _setup() -> State:
    return make("arraial", players=2, seed=SEED, first_player=0)


def _move(text: str) -> dict[str, str]:
    return {"act": "move", "move": text}


def _column(column: int) -> dict[str, str]:
    return {"act": "column", "column": str(column)}


def _landing(text: str) -> dict[str, str]:
    return {"act": "landing", "move": text}


def _confirm() -> dict[str, str]:
    return {"act": "confirm-move"}


K = "arraial.tutorial."

TUTORIAL = Tutorial(
    game_id="arraial",
    setup=_setup,
    partner=K + "partner",
    steps=(
        Step(K + "welcome"),
        Step(K + "rotate", clicks=(_move("rotate"),)),
        Step(K + "take_z", clicks=(_move("take 1"),)),
        Step(K + "drop_z", clicks=(_column(3), _confirm())),
        Step(K + "take_j", clicks=(_move("take 2"),)),
        Step(K + "slide_j", clicks=(_column(0), _landing("land b1 c1 d1 b2"), _confirm())),
        Step(K + "refill", clicks=(_move("fill 1 V2"),)),
        Step(K + "refill_more", clicks=(_move("fill 2 V1"),)),
        Step(K + "partner_zone", them=("take 1", "land a1 b1 a2", "take 2", "land c1 d1 d2",
                                       "end", "fill 1 I1", "fill 2 Z1")),
        Step(K + "take_i", clicks=(_move("take 1"),)),
        Step(K + "row", clicks=(_column(0), _confirm())),
        Step(K + "bar"),
        Step(K + "take_z2", clicks=(_move("take 2"),)),
        Step(K + "pair", clicks=(_column(2), _confirm())),
        Step(K + "end", clicks=(_move("end"),)),
        Step(K + "refill_yours", clicks=(_move("fill 1 L2"),)),
        Step(K + "refill_last", clicks=(_move("fill 2 S2"),)),
        Step(K + "the_end"),
    ),
)  # fmt: skip
