"""The contract's shared parts (tablero.web.plugin): a game's UI built from its package's
functions names its pass screen's and share panel's messages by the games' names, and
the first player's option hint."""

from __future__ import annotations

import doctest

import pytest
from support.ui_helpers import LANGS, catalog
from tablero.web import plugin
from tablero.web.games import get_ui
from tablero.web.plugin import GameParts, OptionField


def _nothing(*args: object, **kwargs: object) -> str:
    return ""


class TinyUI(GameParts):
    game_id = "tiny"


def test_module_doctests() -> None:
    assert doctest.testmod(plugin).failed == 0


def test_a_games_parts_name_its_messages_by_its_id() -> None:
    ui = TinyUI(_nothing, _nothing, _nothing, _nothing, _nothing)
    assert ui.game_id == "tiny"
    assert ui.reveal_key == "tiny.pass.reveal"
    assert ui.share_key == "tiny.share.warning"
    nameless = GameParts(_nothing, _nothing, _nothing, _nothing, _nothing)
    with pytest.raises(NotImplementedError):
        nameless.reveal_key  # noqa: B018 - a game's UI class must name its game


def test_the_first_players_hint() -> None:
    hint = OptionField.first_player("tiny")
    assert hint == OptionField("first_player", None, ((None, "tiny.option.first_random"),))


@pytest.mark.parametrize("game", ["arboretum", "arraial", "arribada", "diadeplaya"])
def test_every_games_pass_and_share_messages_are_in_its_catalog(game: str) -> None:
    ui = get_ui(game)
    asked = {ui.reveal_key, ui.share_key}
    asked |= {key for hint in ui.options() for _, key in hint.choice_keys}
    for lang in LANGS:
        texts = catalog(game, lang)
        assert not sorted(k for k in asked if k not in texts), (game, lang)
