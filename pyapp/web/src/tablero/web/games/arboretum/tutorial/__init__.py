"""Arboretum's first-game tutorial (:mod:`tablero.web.tutorial`): four turns each on a
fixed deal for two: drawing from the deck and from a discard pile, the first card and
the ones planted beside it, discarding, a Cherry Blossom path growing to four cards (its
points as each play's preview shows them: per card, the 1, the double, the 8), a card
known to be in the partner's hand, the 8 cancelled by an opponent's 1 and the right to
score; the texts are ``arboretum.tutorial.*`` (``messages/`` beside this module)."""

from __future__ import annotations

from tablero.core import State, make

from ....tutorial import Step, Tutorial

__all__ = ["TUTORIAL"]

#: The deal: the player (A) holds Ca5 BS1 CB1 CB2 CB8 Do1 Ma7 and the partner (B) Ca7
#: BS3 CB6 Do7 Ja5 Ma3 Ma8; the deck's draws, in order: CB4 Ja1, Do5 (B), Ja3, BS5 BS6
#: (B), BS8 Ma6, BS4 Ca4 (B), Ca8 Do8.
SEED = 2


def _setup() -> State:
    return make("arboretum", players=2, seed=SEED, first_player=0)


def _move(text: str) -> dict[str, str]:
    return {"act": "move", "move": text}


def _plant(card: str, cell: str) -> tuple[dict[str, str], ...]:
    return ({"act": "pick-card", "card": card}, {"act": "cell", "cell": cell}, _confirm())


def _discard(card: str) -> tuple[dict[str, str], ...]:
    return ({"act": "pick-card", "card": card}, _confirm())


def _confirm() -> dict[str, str]:
    return {"act": "confirm-move"}


K = "arboretum.tutorial."

TUTORIAL = Tutorial(
    game_id="arboretum",
    setup=_setup,
    partner=K + "partner",
    steps=(
        Step(K + "welcome"),
        Step(K + "draw_deck", clicks=(_move("draw deck"),)),
        Step(K + "draw_second", clicks=(_move("draw deck"),)),
        Step(K + "first_card", clicks=_plant("CB4", "0,0")),
        Step(K + "discard", clicks=_discard("BS1")),
        Step(K + "partner_takes", them=("draw A", "draw deck", "play Do5 0,0", "discard CB6")),
        Step(K + "draw_pile", clicks=(_move("draw B"),)),
        Step(K + "draw_again", clicks=(_move("draw deck"),)),
        Step(K + "path", clicks=_plant("CB6", "1,0")),
        Step(K + "keep", clicks=_discard("Ma7")),
        Step(K + "partner_hidden", them=("draw deck", "draw deck", "play BS6 1,0", "discard Ca7")),
        Step(K + "third_turn", clicks=(_move("draw deck"),)),
        Step(K + "eight", clicks=(_move("draw deck"),)),
        Step(K + "start_one", clicks=_plant("CB1", "-1,0")),
        Step(K + "keep_eight", clicks=_discard("Ma6")),
        Step(K + "partner_path", them=("draw deck", "draw deck", "play Do7 2,0", "discard Ca4")),
        Step(K + "fourth_turn", clicks=(_move("draw deck"),)),
        Step(K + "last_draw", clicks=(_move("draw deck"),)),
        Step(K + "double", clicks=_plant("CB8", "2,0")),
        Step(K + "right", clicks=_discard("Ja3")),
        Step(K + "the_end"),
    ),
)  # fmt: skip
