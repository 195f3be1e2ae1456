"""What the others did since the viewer's last turn (tablero.web.widgets.news)."""

from __future__ import annotations

import doctest

from support.ui_helpers import keys_and_params
from tablero.web import widgets
from tablero.web.widgets import news

t = keys_and_params


def test_doctests() -> None:
    assert doctest.testmod(news).failed == 0


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
