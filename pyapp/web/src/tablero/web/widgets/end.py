"""The end screen's frame: its root element, the headline with the winners' marks and
by how much they won."""

from __future__ import annotations

from collections.abc import Sequence

from ..marks import mark_icon, seat_letter
from ..plugin import Translate
from ..svg import esc, raw_tag, tag

__all__ = ["end_frame", "margin_text", "winner_line"]


def winner_line(
    prefix: str, winners: Sequence[int], colours: Sequence[int], text: str, margin: str = ""
) -> str:
    """The end screen's headline: the winners' marks, then ``text`` and the ``margin``
    (:func:`margin_text`; both escaped)."""
    marks = "".join(mark_icon(colours[w], seat_letter(w), 28) for w in winners)
    extra = tag("span", margin, class_="tb-margin") if margin else ""
    return raw_tag("p", marks + esc(text) + extra, class_=f"{prefix}-winner")


def margin_text(
    scores: Sequence[int], winners: Sequence[int], names: Sequence[str], t: Translate
) -> str:
    """By how much the winners won: ``7 points ahead of Ben`` (the best of the others),
    or nothing when nobody else played or everyone shared the win.

    >>> margin_text([54, 47, 50], [0], ["Ana", "Ben", "Cy"], lambda k, **p: f"{p}")
    "{'points': 4, 'name': 'Cy'}"
    """
    others = [p for p in range(len(scores)) if p not in winners]
    if not winners or not others:
        return ""
    runner = max(others, key=lambda p: (scores[p], -p))
    gap = scores[winners[0]] - scores[runner]
    if gap <= 0:  # level on points, won on a tie-break
        return t("app.end.margin-tie", name=names[runner])
    return t("app.end.margin", points=gap, name=names[runner])


def end_frame(prefix: str, game: str, style: str, title: str, parts: Sequence[str]) -> str:
    """The end screen's root element (``data-game``): the game's ``style`` tag, the
    result first (the first of the HTML ``parts``: the :func:`winner_line`), then the
    ``title`` (escaped) as the heading of the rest of ``parts`` (the breakdown)."""
    head, rest = (parts[0], parts[1:]) if parts else ("", ())
    return raw_tag(
        "div",
        style + head + tag("h2", title) + "".join(rest),
        class_=f"{prefix}-end",
        data_game=game,
    )
