"""The pieces a game's tutorial is declared with (:mod:`tablero.web.tutorialkit`): the
clicks, the three kinds of step, and the script around them."""

from __future__ import annotations

import doctest

import pytest
from tablero.core import make
from tablero.web import tutorialkit
from tablero.web.i18n import translator
from tablero.web.tutorial import YOU, Step
from tablero.web.tutorialkit import click, confirm, move, play, read, script, watch
from tablero.web.tutorials import check, state_at


def test_module_doctests() -> None:
    assert doctest.testmod(tutorialkit).failed == 0


def test_clicks_are_the_clicked_elements_data() -> None:
    assert click("cell", cell="f6") == {"act": "cell", "cell": "f6"}
    assert click("turn") == {"act": "turn"}
    assert move("draw 3") == {"act": "move", "move": "draw 3"}
    assert confirm() == {"act": "confirm-move"}


def test_each_step_is_of_its_kind() -> None:
    assert read("welcome") == Step("welcome")
    assert read("welcome").kind == "read"
    step = play("place", click("cell", cell="f6"), confirm())
    assert step.kind == "play"
    assert step.clicks == ({"act": "cell", "cell": "f6"}, {"act": "confirm-move"})
    step = watch("partner", "place 7 e7", "end")
    assert step.kind == "watch" and step.them == ("place 7 e7", "end")


def test_a_script_names_its_texts_in_the_games_tutorial_namespace() -> None:
    tut = script("arribada", seed=7, steps=(read("welcome"), watch("partner_weak", "end")))
    assert tut.game_id == "arribada"
    assert tut.partner == "arribada.tutorial.partner"
    assert [s.say for s in tut.steps] == [
        "arribada.tutorial.welcome",
        "arribada.tutorial.partner_weak",
    ]
    assert tut.steps[1].them == ("end",)


@pytest.mark.parametrize("seed", [7, 8])
def test_a_scripts_deal_is_two_seats_the_player_first(seed: int) -> None:
    tut = script("arboretum", seed=seed, steps=(read("welcome"),))
    state = tut.setup()
    assert state.num_players == 2 and state.current_player == YOU
    expected = make("arboretum", players=2, seed=seed, first_player=0)
    assert state.to_json() == expected.to_json()
    assert tut.setup().to_json() == state.to_json()  # the same deal every time


def test_a_scripts_options_reach_the_deal() -> None:
    tut = script("diadeplaya", seed=10, mode="cooperative", steps=(read("welcome"),))
    assert (
        tut.setup().to_json()
        == make("diadeplaya", players=2, seed=10, mode="cooperative", first_player=0).to_json()
    )


def test_a_script_declared_with_the_kit_plays_through_its_game() -> None:
    """A short script of Arribada's real deal, declared with the kit, is played by the
    shell's checker: its clicks make their moves, its partner moves are legal."""
    tut = script("arribada", seed=7, steps=(
        read("welcome"),
        play("place", click("pick-value", value="2"), click("cell", cell="f6"), confirm()),
        play("claim", click("cell", cell="f7"), confirm()),
        play("draw", move("draw 3")),
        play("end", move("end")),
        watch("partner_weak", "place 7 e7", "draw bag", "end"),
        read("the_end"),
    ))  # fmt: skip
    assert check(tut, translator("en")) == []
    assert state_at(tut, 5).current_player == YOU
