"""Arribada's first-game tutorial (:mod:`tablero.web.tutorialkit`): two turns each on a
fixed deal, placing a 2 and claiming with its extra action, drawing back, a capture, the
refresh seashell and a first sequence; the texts are ``arribada.tutorial.*``
(``messages/`` beside this module)."""

from __future__ import annotations

from ....tutorialkit import click, confirm, move, play, read, script, watch

__all__ = ["TUTORIAL"]

#: The deal: the player (A) holds 2 4 6 6 8; the beach's neutral tiles include a 2 at f7.
SEED = 7

TUTORIAL = script("arribada", seed=SEED, steps=(
    read("welcome"),
    play("place", click("pick-value", value="2"), click("cell", cell="f6"), confirm()),
    play("claim", click("cell", cell="f7"), confirm()),
    play("draw", move("draw 3")),
    play("end", move("end")),
    watch("partner_weak", "place 7 e7", "draw bag", "end"),
    play("capture", click("cell", cell="e7"), confirm()),
    play("refresh", move("refresh")),
    play("pick_rack", move("pick rack 8")),
    play("pick_display", move("pick display 7")),
    play("confirm_refresh", move("confirm")),
    watch("partner_strong", "place 1 b5", "draw bag", "end"),
    play("sequence", click("pick-value", value="3"), click("cell", cell="g7"), confirm()),
    play("draw_again", move("draw 2")),
    read("the_end"),
))  # fmt: skip
