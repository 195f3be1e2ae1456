"""The palette (docs/accessibility.md, "Colour"): the four seat colours stay apart under
simulated colour-vision deficiencies, every copy of them is the same, and the theme's
text and control colours meet WCAG 2.x AA contrast.

Colour maths by ColorAide (a dev dependency): sRGB to CIELAB (D65), CIEDE2000, and the
Machado et al. (2009) simulation at severity 1.0 in linear sRGB (out-of-gamut results
clipped).  Both are checked here against the published numbers: ΔE00 against pairs of
Sharma, Wu and Dalal (2005), the simulation against Machado's matrices.  Contrast is the
WCAG relative-luminance ratio, written out below.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from coloraide import Color
from tablero.web import marks
from tablero.web.games.arboretum import look as arboretum_look
from tablero.web.games.arboretum import style as arboretum_style
from tablero.web.games.arribada import look as arribada_look
from tablero.web.games.arribada import style as arribada_style

ROOT = Path(__file__).resolve().parents[2]
APP_CSS = ROOT / "static" / "app.css"

#: The least CIEDE2000 difference between any two seats, in every condition.
MIN_DELTA_E = 10.0
#: The simulated conditions (ColorAide's filter names), after normal vision.
DEFICIENCIES = ("protan", "deutan", "tritan")
CONDITIONS = ("normal", *DEFICIENCIES)

# --- app.css ---------------------------------------------------------------------------

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_DECL = re.compile(r"(--[\w-]+)\s*:\s*([^;]+);")
_HEX = re.compile(r"#[0-9A-Fa-f]{6}")


def custom_properties(scope: str = ":root") -> dict[str, str]:
    """The colour custom properties (``#rrggbb``) in force in ``scope``: ``:root``'s,
    overridden by those of any rule whose selector list names ``scope``."""
    css = _COMMENT.sub("", APP_CSS.read_text(encoding="utf-8"))
    found: dict[str, dict[str, str]] = {}
    for selectors, body in _RULE.findall(css):
        for selector in (s.strip() for s in selectors.split(",")):
            for name, value in _DECL.findall(body):
                if _HEX.fullmatch(value.strip()):
                    found.setdefault(selector, {})[name] = value.strip().upper()
    props = dict(found.get(":root", {}))
    if scope != ":root":
        props.update(found.get(scope, {}))
    return props


def seat_colours() -> list[str]:
    """``--seat-0``, ``--seat-1``, ... as app.css defines them."""
    props = custom_properties()
    colours = []
    while f"--seat-{len(colours)}" in props:
        colours.append(props[f"--seat-{len(colours)}"])
    return colours


# --- colour differences ----------------------------------------------------------------


def seen(colour: str, condition: str) -> Color:
    """``colour`` as seen in ``condition`` (full severity), clipped to sRGB."""
    c = Color(colour)
    if condition == "normal":
        return c
    return c.filter(condition, 1.0, method="machado", space="srgb-linear").clip()


def delta_e(a: Color, b: Color) -> float:
    return float(a.delta_e(b, method="2000", space="lab-d65"))


def closest_pair(colours: Sequence[str], condition: str) -> tuple[float, int, int]:
    """The least CIEDE2000 difference among ``colours`` in ``condition``, and its pair."""
    looks = [seen(c, condition) for c in colours]
    return min(
        (delta_e(looks[i], looks[j]), i, j) for i, j in itertools.combinations(range(len(looks)), 2)
    )


# Sharma, Wu and Dalal (2005), table 1: pairs of CIELAB colours and their ΔE00 (pairs 1,
# 2, 7, 13, 15, 17-20, 25 and 34 of the 34; 13 and 15 straddle the hue discontinuity).
SHARMA_PAIRS = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]

# Machado, Oliveira and Fernandes (2009): the simulation matrices at severity 1.0, on
# linear RGB.
MACHADO = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA_PAIRS)
def test_ciede2000_matches_sharma(
    lab1: tuple[float, float, float], lab2: tuple[float, float, float], expected: float
) -> None:
    d = delta_e(Color("lab-d65", list(lab1)), Color("lab-d65", list(lab2)))
    assert d == pytest.approx(expected, abs=5e-5)


@pytest.mark.parametrize("condition", DEFICIENCIES)
def test_simulation_is_machados_matrix(condition: str) -> None:
    for colour in seat_colours():
        rgb = Color(colour).convert("srgb-linear")[:3]
        want = [
            min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
            for row in MACHADO[condition]
        ]
        got = seen(colour, condition).convert("srgb-linear")[:3]
        assert got == pytest.approx(want, abs=1e-9), colour


# --- the seats -------------------------------------------------------------------------


def test_app_css_has_four_seats() -> None:
    assert len(seat_colours()) == 4


@pytest.mark.parametrize("condition", CONDITIONS)
def test_seats_stay_apart(condition: str) -> None:
    colours = seat_colours()
    d, i, j = closest_pair(colours, condition)
    assert d >= MIN_DELTA_E, (
        f"{condition}: seats {i} ({colours[i]}) and {j} ({colours[j]}) are only "
        f"{d:.2f} apart (CIEDE2000), below {MIN_DELTA_E}"
    )


@pytest.mark.parametrize(
    ("pair", "condition"),
    [
        (("#2CA02C", "#D62728"), "deutan"),  # a common chart green and red
        (("#9467BD", "#1F77B4"), "protan"),  # a common chart purple and blue
        (("#56B4E9", "#44AA99"), "tritan"),  # sky blue and teal
    ],
)
def test_the_measure_catches_confusable_pairs(pair: tuple[str, str], condition: str) -> None:
    """The check can fail: pairs far apart in normal vision that a deficiency merges."""
    assert closest_pair(pair, "normal")[0] >= 2 * MIN_DELTA_E
    assert closest_pair(pair, condition)[0] < MIN_DELTA_E


def test_every_copy_of_the_seat_colours_is_the_same() -> None:
    css = [c.upper() for c in seat_colours()]
    assert [c.upper() for c in marks.SEAT_COLOURS] == css
    assert marks.FALLBACK_COLOURS == marks.SEAT_COLOURS
    assert arribada_look.FALLBACK_COLOURS == marks.SEAT_COLOURS
    assert arboretum_look.FALLBACK_COLOURS == marks.SEAT_COLOURS
    for style in (arribada_style.CSS, arboretum_style.CSS):
        for i, colour in enumerate(marks.SEAT_COLOURS):
            assert f"--c:var(--seat-{i},{colour})" in style


# --- contrast (WCAG 2.x) ---------------------------------------------------------------


def luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of ``#rrggbb``."""
    channels = [int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


TEXT = 4.5  # normal-size text (1.4.3)
NON_TEXT = 3.0  # controls' boundaries, focus indicators, graphics (1.4.11)

#: (foreground, background, minimum, the selector the colours are read in, where).  A
#: colour is a custom property of app.css or a literal ``#rrggbb``.
PAIRS = [
    ("--ink", "--paper", TEXT, ":root", "text on cards and dialogs"),
    ("--ink", "--sand-light", TEXT, ":root", "text on the page"),
    ("--ink", "--sand", TEXT, ":root", "text on the sand"),
    ("--ink", "--danger-bg", TEXT, ":root", "an error's text"),
    ("--ink", "#FFFFFF", TEXT, ":root", "text in a field"),
    ("--ink-soft", "--paper", TEXT, ":root", "quiet text on cards"),
    ("--ink-soft", "--sand-light", TEXT, ":root", "quiet text on the page"),
    ("--ink-soft", "--sand", TEXT, ":root", "quiet text on the sand"),
    ("--ink-soft", "#F3F0EA", TEXT, ":root", "the boot trace"),
    ("#FFFFFF", "--sea", TEXT, ":root", "buttons, the app bar"),
    ("#FFFFFF", "--sea-dark", TEXT, ":root", "a pressed button"),
    ("#FFFFFF", "--ink", TEXT, ":root", "the update prompt, toasts"),
    ("#FFFFFF", "--danger", TEXT, ":root", "a danger button, the failed stage's mark"),
    ("--sea-dark", "--paper", TEXT, ":root", "a quiet button on a card"),
    ("--sea-dark", "--sand-light", TEXT, ":root", "a quiet button on the page"),
    ("--sea-dark", "--foam", TEXT, ":root", "a badge"),
    ("--danger", "--danger-bg", TEXT, ":root", "an error's heading"),
    ("--danger", "--paper", TEXT, ":root", "a failed boot stage"),
    ("--focus", "--paper", NON_TEXT, ":root", "focus ring on a card"),
    ("--focus", "--sand-light", NON_TEXT, ":root", "focus ring on the page"),
    ("--focus", "--sand", NON_TEXT, ":root", "focus ring on the sand"),
    ("--focus", "--danger-bg", NON_TEXT, ":root", "focus ring in an error box"),
    ("--focus", "#FFFFFF", NON_TEXT, ":root", "focus ring on white"),
    ("--focus", "--sea", NON_TEXT, ".shell-bar", "focus ring in the app bar"),
    ("--focus", "--ink", NON_TEXT, ".update-prompt", "focus ring in the update prompt"),
    ("--sea-dark", "--paper", NON_TEXT, ":root", "a button's edge on a card"),
    ("--sea-dark", "--sand-light", NON_TEXT, ":root", "a button's edge on the page"),
    ("--sea", "--sand-dark", NON_TEXT, ":root", "the boot progress bar in its track"),
    ("--sea", "--paper", NON_TEXT, ":root", "a bot's thinking bar"),
    ("--ink-soft", "--paper", NON_TEXT, ":root", "a boot stage's ring"),
    ("--danger", "--paper", NON_TEXT, ":root", "an error box's edge"),
    ("#FFFFFF", "--seat-2", NON_TEXT, ":root", "a done stage's tick (also in words)"),
]


def _resolve(colour: str, props: dict[str, str]) -> str:
    return colour if colour.startswith("#") else props[colour]


@pytest.mark.parametrize(
    ("fg", "bg", "minimum", "scope", "where"), PAIRS, ids=[p[4] for p in PAIRS]
)
def test_contrast(fg: str, bg: str, minimum: float, scope: str, where: str) -> None:
    props = custom_properties(scope)
    a, b = _resolve(fg, props), _resolve(bg, props)
    ratio = contrast(a, b)
    assert ratio >= minimum, f"{where}: {fg} {a} on {bg} {b} is {ratio:.2f}:1 < {minimum}:1"


def test_contrast_formula() -> None:
    """The formula gives WCAG's known values, and the check can fail: the root's blue
    focus ring on the app bar's sea (the reason for the bar's own ``--focus``)."""
    assert contrast("#FFFFFF", "#000000") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    root = custom_properties()
    assert contrast(root["--focus"], root["--sea"]) < NON_TEXT
