"""A click's handling before the game's own (tablero.web.widgets.clicks): the clicked
element's data without the prefix, the zoom at any time, the rest on the viewer's turn
only."""

from __future__ import annotations

from typing import Any

from tablero.core import make
from tablero.web import widgets
from tablero.web.plugin import Selection

ZOOM = widgets.Zoom((0.5, 1.0, 2.0), {"in": 2, "out": 0})


def play(view: Any, selection: Selection, data: dict[str, str]) -> tuple[Selection, Any]:
    """A game's handler that says what it was handed."""
    return Selection({**selection.data, "seen": data}), f"move {data.get('act')}"


def test_the_viewers_turn_reaches_the_game_with_the_data_unprefixed() -> None:
    view = make("arribada", players=2, seed=1, first_player=0).view(0)
    assert view.current_player == 0
    on_click = widgets.click_handler(play)
    selection, move = on_click(view, Selection({"k": 1}), {"data-act": "cell", "cell": "f6"})
    assert selection.data == {"k": 1, "seen": {"act": "cell", "cell": "f6"}}
    assert move == "move cell"


def test_another_players_turn_changes_nothing() -> None:
    state = make("arribada", players=2, seed=1, first_player=0)
    on_click = widgets.click_handler(play, zoom=ZOOM)
    before = Selection({"k": 1})
    assert on_click(state.view(1), before, {"act": "cell", "cell": "f6"}) == (before, None)


def test_the_zoom_is_answered_at_any_time_and_only_with_a_zoom() -> None:
    state = make("arribada", players=2, seed=1, first_player=0)
    on_click = widgets.click_handler(play, zoom=ZOOM)
    other = state.view(1)  # not the viewer's turn
    selection, move = on_click(other, Selection({"k": 1}), {"act": "zoom", "zoom": "in"})
    assert selection.data == {"k": 1, "zoom": 2} and move is None
    same = Selection({"zoom": 1})
    assert on_click(other, same, {"act": "zoom", "zoom": "sideways"}) == (same, None)
    # without a zoom, a zoom button is the game's like any other click
    plain = widgets.click_handler(play)
    assert plain(state.view(0), Selection(), {"act": "zoom", "zoom": "in"})[1] == "move zoom"
