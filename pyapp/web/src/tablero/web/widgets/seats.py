"""The seats: a seat's name (or the game's stand-in), whether it is the person at the
device and the messages said of it, the seats' colours, and the strip of seats across
the top of every table, the one to play marked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from tablero.core import State

from ..marks import colour_class, mark_icon, seat_letter
from ..plugin import Seat, Translate
from ..svg import raw_tag, tag

__all__ = [
    "SeatKeys",
    "SeatStrip",
    "is_you",
    "said",
    "seat_colours",
    "seat_item",
    "seat_name",
    "seat_strip",
]


def seat_name(seats: Sequence[Seat], p: int | None, t: Translate, default_key: str) -> str:
    """Seat ``p``'s name (plain text, escape before use), or the game's stand-in: the
    message ``default_key`` with the seat's ``letter``."""
    if p is not None and 0 <= p < len(seats) and seats[p].name.strip():
        return seats[p].name
    return t(default_key, letter=seat_letter(p or 0))


def is_you(seats: Sequence[Seat], p: object) -> bool:
    """Whether seat ``p`` is the one person at the device (:attr:`Seat.you`)."""
    return isinstance(p, int) and 0 <= p < len(seats) and seats[p].you


def said(
    t: Translate, key: str, seats: Sequence[Seat], p: object, default_key: str, **params: Any
) -> str:
    """The message ``key`` whose subject is seat ``p``: its second-person form
    ``<key>.you`` ("You take", "Your turn ends": no name) when ``p`` is the person at the
    device, else ``key`` with the seat's ``name`` ("Ana takes")."""
    if is_you(seats, p):
        return t(f"{key}.you", **params)
    seat = p if isinstance(p, int) else None
    return t(key, name=seat_name(seats, seat, t, default_key), **params)


def seat_colours(seats: Sequence[Seat], n: int) -> list[int]:
    """The colour of each of ``n`` seats (a seat beyond ``seats`` takes its index)."""
    return [seats[p].colour if p < len(seats) else p for p in range(n)]


def seat_item(
    prefix: str,
    p: int,
    colour: int,
    name: str,
    *,
    turn: bool,
    you: str | None,
    line: str,
    extra: str = "",
) -> str:
    """One seat of the strip: its mark, its ``name`` (escaped), ``you`` (the viewer's
    tag, escaped) when it is the viewer's (unless the name already says it: a tutorial's
    "You" is not followed by "(you)"), then the HTML ``line`` (score...) and ``extra``;
    marked ``is-turn`` and ``aria-current`` when it is to play."""
    head = mark_icon(colour, seat_letter(p)) + tag("span", name, class_=f"{prefix}-seat-name")
    if you is not None and you.strip(" ()（）").casefold() != name.strip().casefold():
        head += tag("span", you, class_=f"{prefix}-seat-you")
    cls = f"{prefix}-seat {colour_class(colour)}" + (" is-turn" if turn else "")
    return raw_tag(
        "li",
        raw_tag("div", head, class_=f"{prefix}-seat-head")
        + raw_tag("div", line, class_=f"{prefix}-seat-line")
        + extra,
        class_=cls,
        data_seat=p,
        aria_current="true" if turn else None,
    )


class SeatKeys(NamedTuple):
    """A game's messages for its seat strip: a nameless seat (``letter``), the viewer's
    tag, the flag of the seat to play."""

    default: str
    you: str
    to_play: str


def _nothing(p: int) -> str:
    return ""


def seat_strip(
    prefix: str,
    view: State,
    seats: Sequence[Seat],
    t: Translate,
    keys: SeatKeys,
    *,
    line: Callable[[int], str],
    after_flag: Callable[[int], str] = _nothing,
    extra: Callable[[int], str] = _nothing,
) -> str:
    """The seats of ``view`` as an ordered list of :func:`seat_item`: each seat's
    ``line(p)`` (HTML), the flag when it is to play, ``after_flag(p)``, then
    ``extra(p)`` below the line."""
    colours = seat_colours(seats, view.num_players)
    items = []
    for p in range(view.num_players):
        turn = p == view.current_player
        flag = tag("span", t(keys.to_play), class_=f"{prefix}-turn-flag") if turn else ""
        items.append(
            seat_item(
                prefix,
                p,
                colours[p],
                seat_name(seats, p, t, keys.default),
                turn=turn,
                you=t(keys.you) if p == view.viewer else None,
                line=line(p) + flag + after_flag(p),
                extra=extra(p),
            )
        )
    return raw_tag("ol", "".join(items), class_=f"{prefix}-seats")


class SeatStrip(NamedTuple):
    """A game's strip of seats (:func:`seat_strip`): its classes' ``prefix`` and its
    messages (``keys``), written once; called with a view, its seats and the lines."""

    prefix: str
    keys: SeatKeys

    def __call__(
        self,
        view: State,
        seats: Sequence[Seat],
        t: Translate,
        *,
        line: Callable[[int], str],
        after_flag: Callable[[int], str] = _nothing,
        extra: Callable[[int], str] = _nothing,
    ) -> str:
        return seat_strip(
            self.prefix, view, seats, t, self.keys, line=line, after_flag=after_flag, extra=extra
        )

    def score(self, text: str, points: int) -> str:
        """A seat's score in words (``text``, escaped), its ``points`` on ``data-score``."""
        return tag("span", text, class_=f"{self.prefix}-score", data_score=points)

    def scores(self, points: Sequence[int], text: Callable[[int], str]) -> Callable[[int], str]:
        """Each seat's line: its :meth:`score` of ``points``, said by ``text(points)``."""
        return lambda p: self.score(text(points[p]), points[p])
