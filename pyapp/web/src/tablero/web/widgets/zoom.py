"""The zoom of a view too large for its box (a growing grid): its levels, the step of
its buttons, and the buttons."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..plugin import Translate
from ..svg import raw_tag, tag

__all__ = ["ZOOM_SAME", "Zoom", "ZoomKeys"]


#: Two zoom scales closer than this factor count as the same size (a step from fit).
ZOOM_SAME = 1.05


def _positive(text: str | None) -> float | None:
    """A positive finite number written in ``text`` (a page's measure), else ``None``."""
    try:
        x = float(text) if text else math.nan
    except ValueError:
        return None
    return x if math.isfinite(x) and x > 0 else None


class ZoomKeys(NamedTuple):
    """Catalog keys of the zoom controls: the fit button's text and label, out, in, and
    the group's label."""

    fit: str
    fit_label: str
    zoom_out: str
    zoom_in: str
    group: str


class Zoom(NamedTuple):
    """The zoom of a view too large for its box (a growing grid): ``levels`` are scales
    (1 = the drawing's own size), no level means fit to the container; the view's
    wrapper scrolls (pans) when zoomed in.  The level lives in the selection under
    ``key`` (a view setting that survives moves).

    From fitting the box, "in" and "out" go to ``from_fit``'s levels; with ``fit_view``
    (a CSS selector of the fitted drawing: an element with a ``viewBox``) the page
    measures the scale it is fitted at when they are clicked (``data-fit``, the buttons
    carry ``data-fit-of``), and they go to the level next to it, one step either way.

    >>> z = Zoom((0.5, 1.0, 2.0), {"in": 2, "out": 0})
    >>> z.step(None, "in"), z.step(2, "in"), z.step(1, "fit"), z.step(1, "sideways")
    ((True, 2), (True, 2), (True, None), (False, 1))
    >>> z.step(None, "in", "0.7"), z.step(None, "out", "0.7"), z.step(None, "out", "1.0")
    ((True, 1), (True, 0), (True, 0))
    >>> z.step(None, "in", "2.0"), z.step(None, "in", "nan"), z.step(None, "out", "0.4")
    ((True, 2), (True, 2), (True, 0))
    """

    levels: tuple[float, ...]
    from_fit: Mapping[str, int]  # the level "in" and "out" go to from fitting the box
    key: str = "zoom"
    fit_view: str | None = None  # the fitted drawing's selector, measured by the page

    def level(self, data: Mapping[str, Any]) -> int | None:
        """The level a selection's data holds (``None``: fit), ignoring a bad value."""
        z = data.get(self.key)
        return z if isinstance(z, int) and 0 <= z < len(self.levels) else None

    def next_to(self, scale: float, how: str) -> int:
        """The level one step ``in`` (larger) or ``out`` (smaller) from ``scale``: a
        level within :data:`ZOOM_SAME` of it counts as the same size, so a step always
        shows a change (as far as the levels go)."""
        if how == "in":
            bigger = [i for i, z in enumerate(self.levels) if z > scale * ZOOM_SAME]
            return bigger[0] if bigger else len(self.levels) - 1
        smaller = [i for i, z in enumerate(self.levels) if z * ZOOM_SAME < scale]
        return smaller[-1] if smaller else 0

    def step(
        self, current: int | None, how: str | None, fit: str | None = None
    ) -> tuple[bool, int | None]:
        """``(handled, level)`` after a zoom button (``data-zoom``: in, out, fit);
        ``fit``: the scale the page measured the fitted view at (``data-fit``), if any."""
        if how == "fit":
            return True, None
        if how in ("in", "out"):
            if current is None:
                scale = _positive(fit)
                if scale is None:
                    return True, self.from_fit[how]
                return True, self.next_to(scale, how)
            move = 1 if how == "in" else -1
            return True, max(0, min(len(self.levels) - 1, current + move))
        return False, current

    def kept(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """What of a selection's ``data`` a move keeps: the level, if zoomed."""
        z = self.level(data)
        return {} if z is None else {self.key: z}

    def click(self, data: Mapping[str, Any], clicked: Mapping[str, str]) -> dict[str, Any] | None:
        """A selection's ``data`` after a click on a zoom button (``clicked``: its
        ``data-*``, ``zoom`` and, where the page measures the fitted view, ``fit``), the
        rest of it kept; ``None`` when the click changes nothing.

        >>> z = Zoom((0.5, 1.0, 2.0), {"in": 2, "out": 0})
        >>> z.click({"card": 3}, {"zoom": "in"}), z.click({"zoom": 2}, {"zoom": "fit"})
        ({'card': 3, 'zoom': 2}, {})
        >>> z.click({"zoom": 1}, {"zoom": "sideways"}) is None
        True
        """
        fit = clicked.get("fit") if self.fit_view else None  # measured only where asked
        handled, z = self.step(self.level(data), clicked.get("zoom"), fit)
        if not handled:
            return None
        rest = {k: v for k, v in data.items() if k != self.key}
        return {**rest, **({} if z is None else {self.key: z})}

    def controls(self, prefix: str, current: int | None, t: Translate, keys: ZoomKeys) -> str:
        """The out / fit (showing the scale) / in buttons (``data-act="zoom"``)."""
        label = t(keys.fit) if current is None else f"{round(self.levels[current] * 100)}%"
        btn = f"{prefix}-btn is-small"
        fit_of = self.fit_view if current is None else None  # measured from fit only
        return raw_tag(
            "div",
            tag("button", "\u2212", type="button", class_=btn, data_act="zoom",
                data_zoom="out", aria_label=t(keys.zoom_out), title=t(keys.zoom_out),
                disabled=current == 0, data_fit_of=fit_of)
            + tag("button", label, type="button", class_=btn, data_act="zoom",
                  data_zoom="fit", title=t(keys.fit_label),
                  # the name holds the text shown (the scale when zoomed)
                  aria_label=t(keys.fit_label) if current is None
                  else f"{label}: {t(keys.fit_label)}",
                  data_zoom_level=label)
            + tag("button", "+", type="button", class_=btn, data_act="zoom",
                  data_zoom="in", aria_label=t(keys.zoom_in), title=t(keys.zoom_in),
                  disabled=current == len(self.levels) - 1, data_fit_of=fit_of),
            class_=f"{prefix}-zoom",
            role="group",
            aria_label=t(keys.group),
        )  # fmt: skip
