"""Arboretum's first-game tutorial (:mod:`tablero.web.tutorialkit`): four turns each on
a fixed deal for two: drawing from the deck and from a discard pile, the first card and
the ones planted beside it, discarding, a Cherry Blossom path growing to four cards (its
points as each play's preview shows them: per card, the 1, the double, the 8), a card
known to be in the partner's hand, the 8 cancelled by an opponent's 1 and the right to
score; the texts are ``arboretum.tutorial.*`` (``messages/`` beside this module)."""

from __future__ import annotations

from ....tutorial import Step
from ....tutorialkit import Click, click, confirm, move, play, read, script, watch

__all__ = ["TUTORIAL"]

#: The deal: the player (A) holds Ca5 BS1 CB1 CB2 CB8 Do1 Ma7 and the partner (B) Ca7
#: BS3 CB6 Do7 Ja5 Ma3 Ma8; the deck's draws, in order: CB4 Ja1, Do5 (B), Ja3, BS5 BS6
#: (B), BS8 Ma6, BS4 Ca4 (B), Ca8 Do8.
SEED = 2


def _plant(card: str, cell: str) -> tuple[Click, ...]:
    return click("pick-card", card=card), click("cell", cell=cell), confirm()


def _discard(card: str) -> tuple[Click, ...]:
    return click("pick-card", card=card), confirm()


def _turn(
    say: tuple[str, str, str, str], *, draws: tuple[str, str], plant: tuple[str, str], discard: str
) -> tuple[Step, ...]:
    """A turn of the player's, a step each: two draws, a card planted on a cell, a card
    discarded (the texts ``say``, in that order)."""
    return (
        play(say[0], move(draws[0])),
        play(say[1], move(draws[1])),
        play(say[2], *_plant(*plant)),
        play(say[3], *_discard(discard)),
    )


TUTORIAL = script("arboretum", seed=SEED, steps=(
    read("welcome"),
    *_turn(("draw_deck", "draw_second", "first_card", "discard"),
           draws=("draw deck", "draw deck"), plant=("CB4", "0,0"), discard="BS1"),
    watch("partner_takes", "draw A", "draw deck", "play Do5 0,0", "discard CB6"),
    *_turn(("draw_pile", "draw_again", "path", "keep"),
           draws=("draw B", "draw deck"), plant=("CB6", "1,0"), discard="Ma7"),
    watch("partner_hidden", "draw deck", "draw deck", "play BS6 1,0", "discard Ca7"),
    *_turn(("third_turn", "eight", "start_one", "keep_eight"),
           draws=("draw deck", "draw deck"), plant=("CB1", "-1,0"), discard="Ma6"),
    watch("partner_path", "draw deck", "draw deck", "play Do7 2,0", "discard Ca4"),
    *_turn(("fourth_turn", "last_draw", "double", "right"),
           draws=("draw deck", "draw deck"), plant=("CB8", "2,0"), discard="Ja3"),
    read("the_end"),
))  # fmt: skip
