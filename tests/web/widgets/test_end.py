"""The end screen's frame, headline and margin (tablero.web.widgets.end)."""

from __future__ import annotations

import doctest

import pytest
from support.ui_helpers import EVIL, keys_and_params, parse
from tablero.web import widgets
from tablero.web.widgets import end
from tablero.web.widgets.end import end_frame, winner_line

t = keys_and_params


def test_doctests() -> None:
    assert doctest.testmod(end).failed == 0


def test_end_frame_puts_the_result_first() -> None:
    end = parse(end_frame("xx", "game", "<style/>", "<Title>", ["<p>1</p>", "<p>2</p>"]))[0]
    assert end.get("class") == "xx-end" and end.get("data-game") == "game"
    # the result (the first part) leads, then the title over the breakdown
    assert [el.tag for el in end] == ["style", "p", "h2", "p"]
    assert end[1].text == "1"
    assert end.find("h2").text == "<Title>"


def test_margin_text() -> None:
    names = ["Ana", "Ben", "Cy"]
    assert widgets.margin_text([54, 47, 50], [0], names, t) == "app.end.margin name=Cy points=4"
    assert widgets.margin_text([9, 9, 3], [1], names, t) == "app.end.margin-tie name=Ana"
    assert widgets.margin_text([5, 5, 5], [0, 1, 2], names, t) == ""  # all shared it
    assert widgets.margin_text([5], [0], names[:1], t) == ""  # alone at the table
    line = parse(winner_line("xx", [0], [0], "Ana wins", "by 4"))[0]
    assert line.find("span").text == "by 4" and line.find("span").get("class") == "tb-margin"


@pytest.mark.parametrize("winners", [[], [1], [0, 2]])
def test_winner_line(winners: list[int]) -> None:
    p = parse(winner_line("xx", winners, [3, 1, 2], EVIL))[0]
    assert p.get("class") == "xx-winner"
    assert EVIL not in winner_line("xx", winners, [3, 1, 2], EVIL)
    assert len(p.findall("{http://www.w3.org/2000/svg}svg") + p.findall("svg")) == len(winners)
    assert "".join(p.itertext()).endswith(EVIL)
