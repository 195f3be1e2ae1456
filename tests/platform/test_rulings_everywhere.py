"""Every game's rulings, by name, in the four places they live.

A ruling (``tablero.core.Ruling``, listed in ``GAME.rulings``) is explained in
docs/rulings/<game>.md under an anchor of its name, shown in the in-app rules help as a
paragraph marked "Tablero ruling" (``data-ruling="ruling.<name>"``), and, when it is a
ruling of play, shown by a test of the game's rulings module (tests/support/rulings.py
checks that one there).  This module checks the first two for every game, and that every
game has a rulings test module that runs the third check.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import ui_helpers
from tablero.core import game_ids, get_game
from tablero.web.games import get_ui

ROOT = Path(__file__).resolve().parents[2]
ANCHOR = re.compile(r'<a id="([a-z][a-z0-9_]*)"></a>')
GAMES = game_ids()


def rulings_test_module(game: str) -> Path:
    return ROOT / "tests" / "games" / game / "test_rulings.py"


@pytest.mark.parametrize("game", GAMES)
def test_the_rulings_doc_explains_each_ruling_under_its_name(game):
    names = [r.name for r in get_game(game).rulings]
    doc = ROOT / "docs" / "rulings" / f"{game}.md"
    assert doc.is_file(), f"{doc} is missing"
    anchors = ANCHOR.findall(doc.read_text(encoding="utf-8"))
    assert anchors == names, "docs anchors and GAME.rulings differ (or their order does)"


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_help_shows_each_ruling_marked_in_order(game):
    names = [r.name for r in get_game(game).rulings]
    html = get_ui(game).rules_html(ui_helpers.strict_translator(game, "en"))
    root = ui_helpers.parse(html)
    shown = [
        el.get("data-ruling", "").removeprefix("ruling.")
        for el in root.iter()
        if el.get("data-ruling") is not None
    ]
    assert shown == names


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_module_that_shows_its_rulings_of_play(game):
    module = rulings_test_module(game)
    assert module.is_file(), f"{module} is missing"
    text = module.read_text(encoding="utf-8")
    assert f'check_every_ruling_is_shown("{game}", globals())' in text
    kinds = {r.kind for r in get_game(game).rulings}
    assert "play" in kinds
