"""The score chart of an end screen: every player's score after each step, as an SVG
line chart told apart by colour, dash pattern and marker shape (never by hue alone)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from ..marks import DASHES, colour_class, mark_icon, seat_letter, seat_mark
from ..svg import num, raw_tag, tag

__all__ = ["ChartLabels", "score_chart"]


def _nice_step(span: float) -> int:
    raw = max(span / 5, 1)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return int(m * mag)
    return int(10 * mag)


class ChartLabels(NamedTuple):
    """The texts of a score chart (already translated)."""

    title: str
    final: str  # over the final-scoring steps
    x: str
    y: str


def score_chart(
    series: list[list[int]],
    final_start: int | None,
    colours: Sequence[int],
    names: Sequence[str],
    labels: ChartLabels,
    prefix: str,
) -> str:
    """An SVG line chart of every player's score after each step (``series``), the
    final-scoring steps from ``final_start`` on a shaded band: one polyline per player,
    in the seat's colour, with its own dash pattern and marker shape, labelled axes and
    a legend; classes ``<prefix>-chart*`` and ``<prefix>-legend``."""
    w, h = 640, 300
    grid, text, axis = f"{prefix}-chart-grid", f"{prefix}-chart-text", f"{prefix}-chart-axis"
    left, right, top, bottom = 52, 16, 14, 44
    n = len(colours)
    last = max(len(series) - 1, 1)
    values = [v for row in series for v in row] or [0]
    lo = min(0, min(values))
    hi = max(10, max(values))
    step = _nice_step(hi - lo)
    lo = step * math.floor(lo / step)
    hi = step * math.ceil(hi / step)

    # the turns take most of the width; the final-scoring steps share the rest
    plot = w - left - right
    turns_w = plot * (0.86 if final_start is not None else 1.0)
    split = final_start if final_start is not None else last

    def x(i: int) -> float:
        if i <= split:
            return left + turns_w * i / max(split, 1)
        return left + turns_w + (plot - turns_w) * (i - split) / max(last - split, 1)

    def y(v: float) -> float:
        return top + (h - top - bottom) * (hi - v) / (hi - lo)

    parts = [tag("title", labels.title)]
    if final_start is not None:
        parts.append(
            tag(
                "rect",
                x=num(x(final_start)),
                y=top,
                width=num(x(last) - x(final_start)),
                height=h - top - bottom,
                class_=f"{prefix}-chart-final",
            )
        )
        parts.append(
            tag(
                "text",
                labels.final,
                x=num(x(last) - 3),
                y=top + 11,
                class_=text,
                text_anchor="end",
            )
        )
    v = lo
    while v <= hi:
        parts.append(
            tag(
                "line",
                x1=left,
                x2=w - right,
                y1=num(y(v)),
                y2=num(y(v)),
                class_=grid,
            )
        )
        parts.append(
            tag(
                "text",
                v,
                x=left - 6,
                y=num(y(v) + 4),
                class_=text,
                text_anchor="end",
            )
        )
        v += step
    turns = final_start if final_start is not None else last
    xstep = _nice_step(turns) if turns > 5 else 1
    for i in range(0, turns + 1, xstep):
        parts.append(
            tag(
                "text",
                i,
                x=num(x(i)),
                y=h - bottom + 16,
                class_=text,
                text_anchor="middle",
            )
        )
    parts.append(tag("line", x1=left, x2=left, y1=top, y2=h - bottom, class_=axis))
    parts.append(tag("line", x1=left, x2=w - right, y1=num(y(0)), y2=num(y(0)), class_=axis))
    parts.append(
        tag(
            "text",
            labels.x,
            x=num((left + w - right) / 2),
            y=h - 6,
            class_=text,
            text_anchor="middle",
        )
    )
    parts.append(
        tag(
            "text",
            labels.y,
            x=0,
            y=0,
            class_=text,
            text_anchor="middle",
            transform=f"translate(13 {num((top + h - bottom) / 2)}) rotate(-90)",
        )
    )
    every = max(1, len(series) // 8)
    for p in range(n):
        pts = " ".join(f"{num(x(i))},{num(y(row[p]))}" for i, row in enumerate(series))
        parts.append(
            tag(
                "polyline",
                points=pts,
                class_=f"{prefix}-chart-line {colour_class(colours[p])}",
                stroke_dasharray=DASHES[p % len(DASHES)] or None,
                data_seat=p,
            )
        )
        marks = sorted(set(range(p % every, len(series), every)) | {len(series) - 1})
        parts.append(
            raw_tag(
                "g",
                "".join(seat_mark(x(i), y(series[i][p]), 5, colours[p], "") for i in marks),
                class_=f"{prefix}-chart-marks",
            )
        )
    svg = raw_tag(
        "svg",
        "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {w} {h}",
        class_=f"{prefix}-chart",
        role="img",
        aria_label=labels.title,
    )
    legend = "".join(
        raw_tag(
            "li",
            mark_icon(colours[p], seat_letter(p), 18)
            + raw_tag(
                "svg",
                tag(
                    "line",
                    x1=2,
                    x2=38,
                    y1=6,
                    y2=6,
                    class_=f"{prefix}-chart-line {colour_class(colours[p])}",
                    stroke_dasharray=DASHES[p % len(DASHES)] or None,
                ),
                viewBox="0 0 40 12",
                width=40,
                height=12,
                aria_hidden="true",
            )
            + tag("span", names[p]),
        )
        for p in range(n)
    )
    return svg + raw_tag("ul", legend, class_=f"{prefix}-legend")
