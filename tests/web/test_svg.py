"""The markup helpers (tablero.web.svg): their doctests, and a standalone icon's box."""

from __future__ import annotations

import doctest

from tablero.web import svg


def test_module_doctests() -> None:
    assert doctest.testmod(svg).failed == 0


def test_an_icon_is_as_high_as_its_drawing_makes_it() -> None:
    square = svg.icon("<g/>", 18, "c")
    assert square == (
        '<svg viewBox="0 0 24 24" width="18" height="18" class="c" aria-hidden="true" '
        'focusable="false"><g/></svg>'
    )
    assert svg.icon("<g/>", 18, "c", view=(48, 48)).startswith(
        '<svg viewBox="0 0 48 48" width="18" height="18" '
    )
    card = svg.icon("<g/>", 32, "c", view=(46, 62))
    assert 'viewBox="0 0 46 62" width="32" height="43.13"' in card
    with svg.read_only():  # an icon is never a control: read only changes nothing
        assert svg.icon("<g/>", 18, "c") == square
