"""Día de Playa's first-game tutorial (:mod:`tablero.web.tutorialkit`): a competitive game
for two on a fixed deal, the first cards and four turns each: the market, the first
card's face, placing beside the beach and over it, a turned card, and every scoring
criterion as a placement's preview shows it; the texts are ``diadeplaya.tutorial.*``
(``messages/`` beside this module)."""

from __future__ import annotations

from ....tutorialkit import Click, click, confirm, move, play, read, script, watch

__all__ = ["TUTORIAL"]

#: The deal: your first card is 16 (16b: litter, a tourist, an umbrella), the partner's
#: 18; the market opens with 15a 7a 3a.
SEED = 10


def _spot(cell: str) -> Click:
    return click("spot", move=f"place {cell}")


TUTORIAL = script("diadeplaya", seed=SEED, mode="competitive", steps=(
    read("welcome"),
    play("side", move("side b")),
    play("first", move("rotate 0")),
    watch("partner_first", "side b", "rotate 0"),
    play("market", move("take 1")),
    play("spots", _spot("-1,-1")),
    play("cover", _spot("-1,-1"), confirm()),
    watch("partner_turn", "take 2", "rotate 180", "place 2,0"),
    play("take_far", move("take 3")),
    play("trio_spot", _spot("-1,1")),
    play("stall", _spot("-1,1"), confirm()),
    watch("partner_cover", "take 1", "rotate 90", "place 4,-2"),
    play("take_umbrella", move("take 3")),
    play("umbrella_spot", _spot("1,2")),
    play("umbrellas", _spot("1,2"), confirm()),
    watch("partner_litter", "take 2", "rotate 0", "place 2,-4"),
    play("take_sand", move("take 1")),
    play("turn", click("turn"), _spot("0,3")),
    play("sand", _spot("0,3"), confirm()),
    read("the_end"),
))  # fmt: skip
