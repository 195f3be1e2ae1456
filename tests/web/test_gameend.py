"""A game's end screen declared over the shared pieces (tablero.web.gameend): the frame,
the word that the game is not over, the result's line and tie-break, a seat's mark and
name, the score tables and the chart; and that every game's end screen names messages its
catalog has."""

from __future__ import annotations

import doctest
import importlib

import pytest
from support.ui_helpers import catalog, keys_and_params, parse
from tablero.core import make
from tablero.web import gameend
from tablero.web.gameend import Ending, EndKeys, EndScreen
from tablero.web.plugin import Seat

SEATS = [Seat("Ana", 0), Seat("<b>Ben</b>", 1), Seat("", 3)]


def t(key: str, **params: object) -> str:
    return ", " if key == "g.sep.list" else keys_and_params(key, **params)


SCREEN = EndScreen("g", "g", lambda: "<style>s</style>", "g.seat.default")


def ending(screen: EndScreen = SCREEN, n: int = 3) -> Ending:
    return Ending(screen, t, SEATS, n, [0, 1, 3][:n], ["Ana", "<b>Ben</b>", "C"][:n])


def test_module_doctests() -> None:
    assert doctest.testmod(gameend).failed == 0


def test_the_games_names_of_the_end_screens_messages() -> None:
    assert vars(EndKeys.of("g")) == {
        "title": "g.end.title",
        "not_over": "g.end.not_over",
        "winner": "g.end.winner",
        "shared": "g.end.shared",
        "chart_title": "g.end.chart_title",
        "chart_x": "g.end.chart_x",
        "chart_y": "g.end.chart_y",
        "chart_final": "",
    }
    assert EndScreen("g", "g", str, "d", final_band=True).keys.chart_final == "g.end.chart_final"


def test_a_game_not_over_says_so_in_the_frame() -> None:
    state = make("arraial", players=2, seed=1)
    html = SCREEN.render(state, SEATS[:2], t, lambda s, e: ["never"])
    (root,) = list(parse(html))
    assert root.tag == "div" and root.get("class") == "g-end" and root.get("data-game") == "g"
    assert html == (
        '<div class="g-end" data-game="g"><style>s</style><p>g.end.not_over</p>'
        "<h2>g.end.title</h2></div>"
    )


def test_a_finished_game_shows_its_body_result_first() -> None:
    state = make("arraial", players=2, seed=1)
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
    seen: list[Ending] = []

    def body(s: object, end: Ending) -> list[str]:
        seen.append(end)
        return ["<p>result</p>", "<p>rest</p>"]

    html = SCREEN.render(state, SEATS[:1], t, body)
    assert html.endswith("<style>s</style><p>result</p><h2>g.end.title</h2><p>rest</p></div>")
    (end,) = seen
    assert end.n == 2 and end.names == ["Ana", "g.seat.default letter=B"]
    assert end.colours == [0, 1]  # a seat beyond the seats takes its index


def test_the_headline_names_one_winner_or_all_who_shared() -> None:
    end = ending()
    assert end.headline([1], 9) == "g.end.winner count=9 name=<b>Ben</b>"
    assert end.headline([0, 2], 9) == "g.end.shared count=9 names=Ana, C"
    own = ending(EndScreen("g", "g", str, "d", list_sep="g.sep.list"))
    assert own.headline([0, 2], 9) == "g.end.shared count=9 names=Ana, C"


def test_the_winner_line_escapes_and_says_the_margin_unless_told_not_to() -> None:
    end = ending()
    line = end.winner_line([0], [9, 5, 7], "<won>")
    assert line.startswith('<p class="g-winner"><svg')
    assert "&lt;won&gt;" in line
    assert '<span class="tb-margin">app.end.margin name=C points=2</span>' in line
    assert "tb-margin" not in end.winner_line([0], [9, 5, 7], "x", margin=False)


def test_the_tiebreak_only_when_the_best_score_was_tied() -> None:
    end = ending()
    asked: list[int] = []

    def sentence() -> str:
        asked.append(1)
        return "<by pairs>"

    assert end.tiebreak([9, 5, 7], sentence) == []
    assert not asked  # not even written
    assert end.tiebreak([9, 9, 7], sentence) == [
        '<p class="g-tiebreak" data-tiebreak="1">&lt;by pairs&gt;</p>'
    ]


def test_a_seat_is_its_mark_and_its_escaped_name() -> None:
    seat = ending().seat(1)
    assert seat.startswith("<svg") and seat.endswith("&lt;b&gt;Ben&lt;/b&gt;")
    assert 'width="18"' in seat and 'width="24"' in ending().seat(1, 24)


def test_a_table_in_its_scrolling_wrapper() -> None:
    end = ending()
    assert end.table("scores", "<th>h</th>", ["<tr>1</tr>", "<tr>2</tr>"]) == (
        '<div class="g-table-wrap"><table class="g-scores"><thead><tr><th>h</th></tr>'
        "</thead><tbody><tr>1</tr><tr>2</tr></tbody></table></div>"
    )
    full = end.table("sum", "<th>h</th>", [], "<tr>f</tr>", caption="A & B")
    assert full == (
        '<div class="g-table-wrap"><table class="g-sum"><caption>A &amp; B</caption>'
        "<thead><tr><th>h</th></tr></thead><tbody></tbody><tfoot><tr>f</tr></tfoot>"
        "</table></div>"
    )


def test_the_chart_of_the_scores_falls_back_on_the_totals() -> None:
    end = ending(n=2)
    head, svg = end.chart([[0, 0], [3, 1], [5, 2]], [5, 2])
    assert head == "<h3>g.end.chart_title</h3>"
    assert svg.count("<polyline") == 2
    # a series that does not end at the totals (no history): just the totals
    _, plain = end.chart([[0, 0], [3, 1]], [5, 2], final_start=1)
    assert plain == end.chart([[0, 0], [5, 2]], [5, 2])[1]
    _, one = end.chart([[0, 0], [5, 2]], [5, 2], one_line="Beach")
    assert one.count("<polyline") == 1 and "Beach" in one


@pytest.mark.parametrize("game", ["arboretum", "arraial", "arribada", "diadeplaya"])
def test_every_games_end_screen_asks_for_messages_its_catalog_has(game: str) -> None:
    """Its heading, not over, the winner and a shared win in every game; the chart's in
    those with a chart (not Arboretum's), its final band in Arribada's only."""
    screen = importlib.import_module(f"tablero.web.games.{game}.end").END
    assert screen.game == game
    keys = screen.keys
    asked = {keys.title, keys.not_over, keys.winner, keys.shared, screen.seat_default}
    if game != "arboretum":
        asked |= {keys.chart_title, keys.chart_x, keys.chart_y}
    asked |= {k for k in (keys.chart_final, screen.list_sep) if k}
    assert bool(keys.chart_final) == (game == "arribada")
    for lang in ("en", "ja", "es", "nl"):
        texts = catalog(game, lang)
        assert not sorted(k for k in asked if k not in texts), (game, lang)
