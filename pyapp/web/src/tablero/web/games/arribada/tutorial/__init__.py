"""Arribada's first-game tutorial (:mod:`tablero.web.tutorial`): two turns each on a
fixed deal, placing a 2 and claiming with its extra action, drawing back, a capture, the
refresh seashell and a first sequence; the texts are ``arribada.tutorial.*``
(``messages/`` beside this module)."""

from __future__ import annotations

from tablero.core import State, make

from ....tutorial import Step, Tutorial

__all__ = ["TUTORIAL"]

#: The deal: the player (A) holds 2 4 6 6 8; the beach's neutral tiles include a 2 at f7.
SEED = 7


def _setup() -> State:
    return make("arribada", players=2, seed=SEED, first_player=0)


def _confirm() -> dict[str, str]:
    return {"act": "confirm-move"}


def _move(text: str) -> dict[str, str]:
    return {"act": "move", "move": text}


K = "arribada.tutorial."

TUTORIAL = Tutorial(
    game_id="arribada",
    setup=_setup,
    partner=K + "partner",
    steps=(
        Step(K + "welcome"),
        Step(K + "place", clicks=({"act": "pick-value", "value": "2"},
                                  {"act": "cell", "cell": "f6"}, _confirm())),
        Step(K + "claim", clicks=({"act": "cell", "cell": "f7"}, _confirm())),
        Step(K + "draw", clicks=(_move("draw 3"),)),
        Step(K + "end", clicks=(_move("end"),)),
        Step(K + "partner_weak", them=("place 7 e7", "draw bag", "end")),
        Step(K + "capture", clicks=({"act": "cell", "cell": "e7"}, _confirm())),
        Step(K + "refresh", clicks=(_move("refresh"),)),
        Step(K + "pick_rack", clicks=(_move("pick rack 8"),)),
        Step(K + "pick_display", clicks=(_move("pick display 7"),)),
        Step(K + "confirm_refresh", clicks=(_move("confirm"),)),
        Step(K + "partner_strong", them=("place 1 b5", "draw bag", "end")),
        Step(K + "sequence", clicks=({"act": "pick-value", "value": "3"},
                                     {"act": "cell", "cell": "g7"}, _confirm())),
        Step(K + "draw_again", clicks=(_move("draw 2"),)),
        Step(K + "the_end"),
    ),
)  # fmt: skip
