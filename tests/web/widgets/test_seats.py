"""The seats (tablero.web.widgets.seats): names and their stand-ins, the person at the
device said in the second person, the seat strip."""

from __future__ import annotations

import pytest
from support.ui_helpers import EVIL, by_class, keys_and_params, parse
from tablero.core import make
from tablero.web.plugin import Seat
from tablero.web.widgets.seats import (
    SeatKeys,
    SeatStrip,
    is_you,
    said,
    seat_colours,
    seat_item,
    seat_name,
    seat_strip,
)

t = keys_and_params


def test_seat_name_and_colours() -> None:
    seats = [Seat("Ana", 2), Seat("  ", 0)]
    assert seat_name(seats, 0, t, "g.seat.default") == "Ana"
    assert seat_name(seats, 1, t, "g.seat.default") == "g.seat.default letter=B"
    assert seat_name(seats, 3, t, "g.seat.default") == "g.seat.default letter=D"
    assert seat_name(seats, None, t, "g.seat.default") == "g.seat.default letter=A"
    assert seat_colours(seats, 3) == [2, 0, 2]


def test_seat_item_escapes_and_marks_the_turn() -> None:
    html = seat_item("xx", 1, 3, EVIL, turn=True, you="<you>", line="<b>7</b>", extra="<i/>")
    assert EVIL not in html and "<you>" not in html
    li = parse(html)[0]
    assert li.tag == "li" and li.get("data-seat") == "1" and li.get("aria-current") == "true"
    assert li.get("class") == "xx-seat arr-c3 is-turn"
    assert by_class(li, "xx-seat-name")[0].text == EVIL
    assert by_class(li, "xx-seat-you")[0].text == "<you>"
    assert by_class(li, "xx-seat-line")[0].find("b").text == "7"
    assert li.find("i") is not None
    other = parse(seat_item("xx", 0, 0, "Bo", turn=False, you=None, line=""))[0]
    assert other.get("aria-current") is None and "is-turn" not in other.get("class", "")
    assert not by_class(other, "xx-seat-you")


@pytest.mark.parametrize(("name", "you"), [("You", "(you)"), ("あなた", "（あなた）")])
def test_a_seat_named_you_is_not_tagged_you_again(name, you) -> None:
    """The tutorial's player is named "You": no "You (you)"; anyone else keeps the tag."""
    li = parse(seat_item("xx", 0, 0, name, turn=True, you=you, line=""))[0]
    assert not by_class(li, "xx-seat-you")
    li = parse(seat_item("xx", 0, 0, "Youssef", turn=True, you=you, line=""))[0]
    assert by_class(li, "xx-seat-you")[0].text == you


def test_seat_strip_one_item_per_seat() -> None:
    view = make("arribada", players=3, seed=1).view(1)
    keys = SeatKeys("g.seat.default", "g.seat.you", "g.seat.to_play")
    html = seat_strip(
        "xx",
        view,
        [Seat(EVIL, 1)],
        t,
        keys,
        line=lambda p: f"<b>{p}</b>",
        after_flag=lambda p: f"<u>{p}</u>",
        extra=lambda p: f"<i>{p}</i>",
    )
    assert EVIL not in html
    ol = parse(html)[0]
    assert ol.tag == "ol" and ol.get("class") == "xx-seats"
    items = ol.findall("li")
    assert [li.get("data-seat") for li in items] == ["0", "1", "2"]
    assert [li.get("aria-current") for li in items].count("true") == 1
    turn = items[view.current_player]
    line = by_class(turn, "xx-seat-line")[0]
    assert [el.tag for el in line] == ["b", "span", "u"]  # the line, the flag, after it
    assert by_class(turn, "xx-turn-flag")[0].text == "g.seat.to_play"
    assert by_class(items[1], "xx-seat-you")[0].text == "g.seat.you"
    assert by_class(items[2], "xx-seat-name")[0].text == "g.seat.default letter=C"
    assert items[0].find("i").text == "0"


def test_a_games_seat_strip_writes_its_prefix_and_keys_once() -> None:
    view = make("arribada", players=3, seed=1).view(1)
    keys = SeatKeys("g.seat.default", "g.seat.you", "g.seat.to_play")
    strip = SeatStrip("xx", keys)
    seats = [Seat("Ana", 0)]
    lines = {"line": lambda p: f"<b>{p}</b>", "extra": lambda p: f"<i>{p}</i>"}
    assert strip(view, seats, t, **lines) == seat_strip("xx", view, seats, t, keys, **lines)
    assert strip.score("9 & up", 9) == '<span class="xx-score" data-score="9">9 &amp; up</span>'
    line = strip.scores([4, 7, 0], lambda x: f"{x} pts")
    assert [line(p) for p in (1, 2)] == [
        '<span class="xx-score" data-score="7">7 pts</span>',
        '<span class="xx-score" data-score="0">0 pts</span>',
    ]


def test_said_names_the_seat_or_says_you() -> None:
    seats = [Seat("Ana", 0), Seat("Bo", 1, you=True), Seat("", 2)]
    assert not is_you(seats, 0) and is_you(seats, 1)
    assert not is_you(seats, "1") and not is_you(seats, 5)  # only a seat's index
    assert said(t, "g.takes", seats, 0, "g.seat", n=2) == "g.takes n=2 name=Ana"
    assert said(t, "g.takes", seats, 1, "g.seat", n=2) == "g.takes.you n=2"
    assert said(t, "g.takes", seats, 2, "g.seat") == "g.takes name=g.seat letter=C"
    assert said(t, "g.takes", seats, None, "g.seat") == "g.takes name=g.seat letter=A"
