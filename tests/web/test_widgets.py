"""The game-neutral table widgets (tablero.web.widgets) and the move builder."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import pytest
from support.ui_helpers import EVIL, acts, parse
from tablero.arboretum import Discard, DrawDeck, DrawPile, Play
from tablero.arribada import Claim, Pass, Pick, Place
from tablero.core import make
from tablero.web import widgets
from tablero.web.plugin import Seat
from tablero.web.widgets import (
    FlowKeys,
    SeatKeys,
    button,
    confirm_cancel,
    controls,
    end_frame,
    flow_hint,
    narrow,
    seat_colours,
    seat_item,
    seat_name,
    seat_strip,
    status_line,
    table_frame,
    targets,
    winner_line,
)


def t(key: str, **params: object) -> str:
    """A translator that shows the key and its parameters."""
    return key + "".join(f" {k}={v}" for k, v in sorted(params.items()))


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if el.get("class") == cls]


def test_doctests() -> None:
    assert doctest.testmod(widgets).failed == 0


# --- the move builder ------------------------------------------------------------------


def test_narrow_by_type_and_fields() -> None:
    moves = [Place(3, 0, 1), Place(3, 2, 2), Place(4, 0, 1), Claim(0, 1), Pass()]
    assert narrow(moves, Place, value=3) == [Place(3, 0, 1), Place(3, 2, 2)]
    assert narrow(moves, Place) == moves[:3]
    assert narrow(moves, Claim) == [Claim(0, 1)]
    assert narrow(moves, Pass) == [Pass()]
    assert narrow(moves, Place, value=9) == []
    # no type: any move with the fields; a move without a field never matches
    assert narrow(moves, row=0, col=1) == [Place(3, 0, 1), Place(4, 0, 1), Claim(0, 1)]
    assert narrow(moves, source="rack") == []
    assert narrow([Pick("rack", 3), Pick("display", 3)], Pick, source="display") == [
        Pick("display", 3)
    ]


def test_narrow_over_legal_moves() -> None:
    state = make("arboretum", players=2, seed=3)
    legal = state.legal_moves()
    assert narrow(legal, DrawDeck) == [m for m in legal if isinstance(m, DrawDeck)]
    assert narrow(legal, Play) == []
    assert narrow(legal, DrawPile, seat=0) == [m for m in legal if str(m) == "draw A"]


def test_targets_keys_moves_by_fields() -> None:
    plays = [Play(5, 0, 0), Play(5, 1, -1), Play(6, 0, 0)]
    assert targets(plays, field="x,y") == {"0,0": Play(6, 0, 0), "1,-1": Play(5, 1, -1)}
    assert targets(narrow(plays, Play, card=5), field="x, y") == {
        "0,0": Play(5, 0, 0),
        "1,-1": Play(5, 1, -1),
    }
    assert targets([Discard(5), Play(5, 2, 3)], field="x,y") == {"2,3": Play(5, 2, 3)}
    assert targets([Discard(5), Discard(7)], field="card") == {"5": Discard(5), "7": Discard(7)}
    assert targets([], field="x,y") == {}


def test_narrow_works_on_any_dataclass() -> None:
    @dataclass(frozen=True)
    class Put:
        value: int

    assert narrow([Put(1), Put(2), 3], Put, value=2) == [Put(2)]


# --- seats -----------------------------------------------------------------------------


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


# --- status, buttons, frames -----------------------------------------------------------


def test_status_line() -> None:
    p = parse(status_line("xx", EVIL, ["<b1>", "b2"], "<hint>"))[0]
    assert p.tag == "p" and p.get("role") == "status" and p.get("aria-live") == "polite"
    assert by_class(p, "tb-now")[0].text == EVIL
    assert [el.text for el in by_class(p, "xx-badge")] == ["<b1>", "b2"]
    assert by_class(p, "xx-hint")[0].text == "<hint>"
    assert not by_class(p, "tb-news")
    bare = parse(status_line("xx", "hi"))[0]
    assert [el.text for el in bare] == ["hi"]
    # what the others did comes first, escaped
    told = parse(status_line("xx", "Your turn", news=EVIL))[0]
    assert [el.get("class") for el in told] == ["tb-news", "tb-now"]
    assert told[0].text == EVIL


def test_since_last_turn_and_news() -> None:
    h = [{"player": 0, "move": "a"}, {"player": 1, "move": "b"}, {"player": 2, "move": "c"}]
    assert widgets.since_last_turn(h, 0) == h[1:]
    assert widgets.since_last_turn(h, 2) == []
    assert widgets.since_last_turn(h, 3) == h  # not acted yet: everything
    assert widgets.since_last_turn(h, None) == []
    said = widgets.news_text(h[1:], lambda e: f"<{e['move']}>", t)
    assert said == "app.news moves=<b> <c>"
    assert widgets.news_text([], lambda e: "x", t) == ""

    def broken(entry):
        raise KeyError("no words")

    assert widgets.news_text(h[:1], broken, t) == "app.news moves=a"  # never fails


def test_table_layout_keeps_the_board_next_to_the_players_pieces() -> None:
    keys = widgets.LayoutKeys("k.board", "k.side", "k.dock")
    html = widgets.table_layout(
        t, keys, top="<p>top</p>", board="<svg/>", side="<p>side</p>", dock="<p>dock</p>",
        hand="<p>hand</p>", actions="<button>ok</button>",
    )  # fmt: skip
    root = parse(html)
    assert [el.tag for el in root] == ["header", "div", "section"]
    header, middle, dock = root
    assert middle.get("class") == "tb-middle has-side"
    board, side = middle
    assert board.get("class") == "tb-board" and board.get("aria-label") == "k.board"
    assert side.tag == "aside" and side.get("id") == "tb-side"
    # the side's drawer: opened from the top strip, closed from inside (Escape too)
    assert header.find("button").get("data-drawer") == "side"
    close = side.find("button")
    assert close.get("data-drawer") == "" and close.get("data-esc") == "1"
    assert dock.get("class") == "tb-dock" and dock.get("aria-label") == "k.dock"
    decision, row = dock
    assert decision.get("class") == "tb-decision"
    assert [el.get("class") for el in row] == ["tb-hand", "tb-actions"]
    plain = parse(widgets.table_layout(t, keys, top="", board="<svg/>"))
    assert [el.tag for el in plain] == ["header", "div"]
    assert plain[1].get("class") == "tb-middle" and not plain[0].findall("button")


def test_flow_hint() -> None:
    keys = FlowKeys("k.confirm", "k.target", "k.pick")
    assert flow_hint(t, keys, chosen=True, picked={"card": "x"}) == "k.confirm"
    assert flow_hint(t, keys, chosen=False, picked={"card": "x"}) == "k.target card=x"
    assert flow_hint(t, keys, chosen=False, picked=None) == "k.pick"


def test_buttons_and_controls() -> None:
    b = parse(button("xx", "<Go>", "move", True, move="draw bag", seat=2))[0]
    assert b.tag == "button" and b.get("type") == "button" and b.text == "<Go>"
    assert b.get("class") == "xx-btn is-primary"
    assert (b.get("data-act"), b.get("data-move"), b.get("data-seat")) == ("move", "draw bag", "2")
    assert parse(button("xx", "a", "cancel-move"))[0].get("class") == "xx-btn"
    row = parse(controls("xx", [button("xx", "a", "x"), button("xx", "b", "y")]))[0]
    assert row.get("class") == "xx-controls" and len(row) == 2
    pair = parse(confirm_cancel("xx", "OK", 'play "Ca5" 0,1', "<no>"))[0]
    (ok,) = acts(pair, "confirm-move")
    (no,) = acts(pair, "cancel-move")
    assert ok.get("data-move") == 'play "Ca5" 0,1' and "is-primary" in ok.get("class", "")
    assert no.text == "<no>" and no.get("data-move") is None
    # the keyboard: the focus goes to Confirm, Escape presses Cancel
    assert (ok.get("data-focus"), no.get("data-esc")) == ("1", "1")
    assert ok.get("data-esc") is None and no.get("data-focus") is None


def test_table_and_end_frames() -> None:
    root = parse(table_frame("xx", "game", "play", 0, "<style>a{}</style>", "<p/>"))[0]
    assert root.get("class") == "xx-table tb-table" and root.get("data-game") == "game"
    assert (root.get("data-phase"), root.get("data-viewer")) == ("play", "0")
    assert root.find("span") is None
    named = parse(table_frame("xx", "game", "play", 0, "", "", decision="play:pick"))[0]
    assert named.get("data-decision") is None  # the root keeps its attributes
    mark = named[0]
    assert (mark.tag, mark.get("data-decision"), mark.get("hidden")) == (
        "span",
        "play:pick",
        "hidden",
    )
    assert [el.tag for el in root] == ["style", "p"]
    nobody = parse(table_frame("xx", "game", "over", None, "", ""))[0]
    assert nobody.get("data-viewer") is None
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


def test_score_chart_draws_every_seat_with_the_prefix_and_escapes_names() -> None:
    labels = widgets.ChartLabels("Scores", "Final scoring", "Turn", "Points")
    svg = widgets.score_chart(
        [[0, 0], [3, 1], [5, 9], [4, 12]], 2, [0, 1], ["<b>Ana</b>", "Ben"], labels, "zz"
    )
    assert svg.count('class="zz-chart-line') == 4  # a line per seat, in the chart and legend
    assert "zz-chart-final" in svg and "Final scoring" in svg
    assert "<b>Ana" not in svg and "&lt;b&gt;Ana&lt;/b&gt;" in svg
    assert "arr-chart" not in svg and "arr-legend" not in svg
    no_final = widgets.score_chart([[0], [2]], None, [3], ["Cy"], labels, "zz")
    assert "zz-chart-final" not in no_final


def test_zoom_controls_disable_the_ends_and_show_the_scale() -> None:
    zoom = widgets.Zoom((0.5, 1.0, 2.0), {"in": 2, "out": 0})
    keys = widgets.ZoomKeys("fit", "fit to the box", "out", "in", "zoom")

    def t(key: str, **_: object) -> str:
        return key

    fit = zoom.controls("zz", None, t, keys)
    assert 'class="zz-zoom"' in fit and ">fit<" in fit and "disabled" not in fit
    smallest = zoom.controls("zz", 0, t, keys)
    assert ">50%<" in smallest and smallest.count("disabled") == 1
    assert zoom.controls("zz", 2, t, keys).count("disabled") == 1
    assert zoom.level({"zoom": 5}) is None and zoom.level({"zoom": 1}) == 1
