"""Seat marks shared by every game's look: each seat's colour, with a shape and a letter
so that colour never carries information alone.  Pure functions to SVG text; no engine.
"""

from __future__ import annotations

from .svg import icon, num, tag

#: The seat colours, ``--seat-0`` .. ``--seat-3`` in static/app.css (a test holds the two
#: equal): orange, sky blue, bluish green and blue of the Okabe-Ito palette, every two at
#: least 10 apart (CIEDE2000) in normal vision and under simulated protanopia,
#: deuteranopia and tritanopia (docs/accessibility.md).  A seat's white letter is drawn
#: with a dark stroke, so it reads on the light colours too.
SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#0072B2")
#: The seat colours written into the games' stylesheets as the fallback of
#: ``var(--seat-<n>, ...)``: the same colours.
FALLBACK_COLOURS = SEAT_COLOURS
#: Each palette colour also has a shape, so colour never carries information alone.
SHAPES = ("circle", "square", "diamond", "triangle")
#: Seat letters, as in the position notation (seat 0 is A).
LETTERS = "ABCD"


#: Each seat's line pattern in charts (with its colour and its mark: never colour alone).
DASHES = ("", "8 4", "2 4", "10 4 2 4")


def seat_letter(seat: int) -> str:
    return LETTERS[seat]


def colour_class(colour: int) -> str:
    """CSS class giving ``fill``/``stroke`` helpers for palette colour ``colour``."""
    return f"arr-c{colour % len(FALLBACK_COLOURS)}"


def points(*xy: tuple[float, float]) -> str:
    return " ".join(f"{num(a)},{num(b)}" for a, b in xy)


# --- seat marks and icons --------------------------------------------------------------


def seat_mark(x: float, y: float, r: float, colour: int, letter: str) -> str:
    """A turtle-shell mark: the colour's shape, filled with the colour, with the
    seat's letter on it (centre ``x, y``, radius ``r``)."""
    shape = SHAPES[colour % len(SHAPES)]
    cls = f"arr-mark {colour_class(colour)}"
    if shape == "circle":
        body = tag("circle", cx=num(x), cy=num(y), r=num(r), class_=cls)
    elif shape == "square":
        s = r * 0.9
        body = tag(
            "rect",
            x=num(x - s),
            y=num(y - s),
            width=num(2 * s),
            height=num(2 * s),
            rx=num(r * 0.25),
            class_=cls,
        )
    elif shape == "diamond":
        s = r * 1.15
        pts = points((x, y - s), (x + s, y), (x, y + s), (x - s, y))
        body = tag("polygon", points=pts, class_=cls)
    else:
        s = r * 1.25
        pts = points((x, y - s), (x + s * 0.95, y + s * 0.6), (x - s * 0.95, y + s * 0.6))
        body = tag("polygon", points=pts, class_=cls)
        y += r * 0.2
    text = tag(
        "text",
        letter,
        x=num(x),
        y=num(y + r * 0.36),
        class_="arr-mark-letter",
        font_size=num(r * 1.05),
    )
    return body + text


def mark_icon(colour: int, letter: str, size: int = 22) -> str:
    """A seat mark as a small standalone SVG (for HTML: names, tables, legends)."""
    inner = seat_mark(12, 12, 9, colour, letter)
    return icon(inner, size, "arr-icon")
