"""The zoom of a view too large for its box (tablero.web.widgets.zoom): its steps and its
buttons."""

from __future__ import annotations

import doctest

from tablero.web import widgets
from tablero.web.widgets import zoom


def test_doctests() -> None:
    assert doctest.testmod(zoom).failed == 0


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


def test_a_click_on_the_zoom_keeps_the_rest_of_the_selection() -> None:
    zoom = widgets.Zoom((0.5, 1.0, 2.0), {"in": 2, "out": 0})
    assert zoom.kept({"zoom": 1, "card": 3}) == {"zoom": 1}
    assert zoom.kept({"zoom": 9, "card": 3}) == {}  # a bad level is no zoom
    assert zoom.click({"zoom": 1, "card": 3}, {"zoom": "out"}) == {"card": 3, "zoom": 0}
    assert zoom.click({"zoom": 1, "card": 3}, {"zoom": "fit"}) == {"card": 3}
    assert zoom.click({"card": 3}, {"zoom": "nowhere"}) is None
    # the page's measure of the fitted view counts only where the zoom asks for it
    assert zoom.click({}, {"zoom": "in", "fit": "0.7"}) == {"zoom": 2}
    measured = widgets.Zoom((0.5, 1.0, 2.0), {"in": 2, "out": 0}, fit_view=".view")
    assert measured.click({}, {"zoom": "in", "fit": "0.7"}) == {"zoom": 1}
