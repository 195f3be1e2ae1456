"""What the others did since the viewer's last turn, in words: the news of the status
line and of the pass screen."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..plugin import Translate

__all__ = ["news_text", "since_last_turn"]


def since_last_turn(
    history: Sequence[Mapping[str, Any]], seat: int | None
) -> list[Mapping[str, Any]]:
    """The entries of ``history`` after ``seat``'s last one: what the others did since
    that player last acted (everything, if they have not acted yet; nothing for
    ``None``).  Pass the history of ``seat``'s own view, so hidden things stay hidden.

    >>> h = [{"player": 0}, {"player": 1}, {"player": 1}, {"player": 0}, {"player": 1}]
    >>> since_last_turn(h, 0)
    [{'player': 1}]
    >>> since_last_turn(h, 1), len(since_last_turn(h[:3], 0))
    ([], 2)
    """
    if seat is None:
        return []
    out: list[Mapping[str, Any]] = []
    for entry in reversed(history):
        if entry.get("player") == seat:
            break
        out.append(entry)
    return out[::-1]


def news_text(
    entries: Sequence[Mapping[str, Any]],
    describe: Callable[[Mapping[str, Any]], str],
    t: Translate,
) -> str:
    """The others' moves of :func:`since_last_turn` in words, one sentence: the
    descriptions joined (plain text, escape before use); empty when nothing happened."""
    said = []
    for entry in entries:
        try:
            text = describe(entry)
        except Exception:  # noqa: BLE001 - a description must never hide the table
            text = str(entry.get("move", ""))
        if text:
            said.append(text)
    return t("app.news", moves=" ".join(said)) if said else ""
