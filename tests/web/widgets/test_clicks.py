"""A click's handling before the game's own (tablero.web.widgets.clicks): the clicked
element's data without the prefix, the zoom at any time, the rest on the viewer's turn
only."""

from __future__ import annotations

from typing import Any

from tablero.core import make
from tablero.web import widgets
from tablero.web.plugin import Selection

ZOOM = widgets.Zoom((0.5, 1.0, 2.0), {"in": 2, "out": 0})


def play(view: Any, selection: Selection, click: widgets.Click) -> tuple[Selection, Any]:
    """A game's handler that says what it was handed."""
    assert click.act == click.data.get("act")
    assert click.legal == view.legal_moves()
    assert click.by_text == {str(m): m for m in click.legal}
    seen = {**selection.data, "seen": click.data, "kept": click.keep}
    return Selection(seen), f"move {click.act}"


def test_the_viewers_turn_reaches_the_game_with_the_data_unprefixed() -> None:
    view = make("arribada", players=2, seed=1, first_player=0).view(0)
    assert view.current_player == 0
    on_click = widgets.click_handler(play)
    selection, move = on_click(view, Selection({"k": 1}), {"data-act": "cell", "cell": "f6"})
    assert selection.data == {"k": 1, "seen": {"act": "cell", "cell": "f6"}, "kept": {}}
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


def test_a_move_keeps_the_zoom_it_was_made_at() -> None:
    view = make("arribada", players=2, seed=1, first_player=0).view(0)
    zoomed = widgets.click_handler(play, zoom=ZOOM)
    selection, _ = zoomed(view, Selection({"zoom": 1}), {"act": "cell", "cell": "f6"})
    assert selection.data["kept"] == {"zoom": 1}
    selection, _ = zoomed(view, Selection({"zoom": 7}), {"act": "cell", "cell": "f6"})
    assert selection.data["kept"] == {}  # not a level: no zoom to keep
    selection, _ = widgets.click_handler(play)(view, Selection({"zoom": 1}), {"act": "cell"})
    assert selection.data["kept"] == {}  # a table without a zoom keeps nothing
