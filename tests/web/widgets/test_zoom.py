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
