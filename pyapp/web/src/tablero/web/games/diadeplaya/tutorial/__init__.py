"""Día de Playa's first-game tutorial (:mod:`tablero.web.tutorial`): a competitive game
for two on a fixed deal, the first cards and four turns each: the market, the first
card's face, placing beside the beach and over it, a turned card, and every scoring
criterion as a placement's preview shows it; the texts are ``diadeplaya.tutorial.*``
(``messages/`` beside this module)."""

from __future__ import annotations

from tablero.core import State, make

from ....tutorial import Step, Tutorial

__all__ = ["TUTORIAL"]

#: The deal: your first card is 16 (16b: litter, a tourist, an umbrella), the partner's
#: 18; the market opens with 15a 7a 3a.
SEED = 10


def _setup() -> State:
    return make("diadeplaya", players=2, seed=SEED, mode="competitive", first_player=0)


def _move(text: str) -> dict[str, str]:
    return {"act": "move", "move": text}


def _spot(cell: str) -> dict[str, str]:
    return {"act": "spot", "move": f"place {cell}"}


def _turn() -> dict[str, str]:
    return {"act": "turn"}


def _confirm() -> dict[str, str]:
    return {"act": "confirm-move"}


K = "diadeplaya.tutorial."

TUTORIAL = Tutorial(
    game_id="diadeplaya",
    setup=_setup,
    partner=K + "partner",
    steps=(
        Step(K + "welcome"),
        Step(K + "side", clicks=(_move("side b"),)),
        Step(K + "first", clicks=(_move("rotate 0"),)),
        Step(K + "partner_first", them=("side b", "rotate 0")),
        Step(K + "market", clicks=(_move("take 1"),)),
        Step(K + "spots", clicks=(_spot("-1,-1"),)),
        Step(K + "cover", clicks=(_spot("-1,-1"), _confirm())),
        Step(K + "partner_turn", them=("take 2", "rotate 180", "place 2,0")),
        Step(K + "take_far", clicks=(_move("take 3"),)),
        Step(K + "trio_spot", clicks=(_spot("-1,1"),)),
        Step(K + "stall", clicks=(_spot("-1,1"), _confirm())),
        Step(K + "partner_cover", them=("take 1", "rotate 90", "place 4,-2")),
        Step(K + "take_umbrella", clicks=(_move("take 3"),)),
        Step(K + "umbrella_spot", clicks=(_spot("1,2"),)),
        Step(K + "umbrellas", clicks=(_spot("1,2"), _confirm())),
        Step(K + "partner_litter", them=("take 2", "rotate 0", "place 2,-4")),
        Step(K + "take_sand", clicks=(_move("take 1"),)),
        Step(K + "turn", clicks=(_turn(), _spot("0,3"))),
        Step(K + "sand", clicks=(_spot("0,3"), _confirm())),
        Step(K + "the_end"),
    ),
)  # fmt: skip
