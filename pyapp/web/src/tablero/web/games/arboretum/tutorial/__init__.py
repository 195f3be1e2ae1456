"""Arboretum's first-game tutorial (:mod:`tablero.web.tutorialkit`): four turns each on
a fixed deal for two: drawing from the deck and from a discard pile, the first card and
the ones planted beside it, discarding, a Cherry Blossom path growing to four cards (its
points as each play's preview shows them: per card, the 1, the double, the 8), a card
known to be in the partner's hand, the 8 cancelled by an opponent's 1 and the right to
score; the texts are ``arboretum.tutorial.*`` (``messages/`` beside this module)."""

from __future__ import annotations

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


TUTORIAL = script("arboretum", seed=SEED, steps=(
    read("welcome"),
    play("draw_deck", move("draw deck")),
    play("draw_second", move("draw deck")),
    play("first_card", *_plant("CB4", "0,0")),
    play("discard", *_discard("BS1")),
    watch("partner_takes", "draw A", "draw deck", "play Do5 0,0", "discard CB6"),
    play("draw_pile", move("draw B")),
    play("draw_again", move("draw deck")),
    play("path", *_plant("CB6", "1,0")),
    play("keep", *_discard("Ma7")),
    watch("partner_hidden", "draw deck", "draw deck", "play BS6 1,0", "discard Ca7"),
    play("third_turn", move("draw deck")),
    play("eight", move("draw deck")),
    play("start_one", *_plant("CB1", "-1,0")),
    play("keep_eight", *_discard("Ma6")),
    watch("partner_path", "draw deck", "draw deck", "play Do7 2,0", "discard Ca4"),
    play("fourth_turn", move("draw deck")),
    play("last_draw", move("draw deck")),
    play("double", *_plant("CB8", "2,0")),
    play("right", *_discard("Ja3")),
    read("the_end"),
))  # fmt: skip
