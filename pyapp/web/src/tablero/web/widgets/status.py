"""The table's frame and what it says: the live status line and the hints of the
pick-then-target flow, the buttons (``data-act``, ``data-move``) and the confirm/cancel
pair that ends the flow, and the table's root element carrying ``data-game``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from tablero.core import State

from ..plugin import Seat, Translate
from ..svg import raw_tag, tag
from .news import news_text, since_last_turn

__all__ = [
    "FlowKeys",
    "TurnStatus",
    "button",
    "confirm_cancel",
    "controls",
    "flow_hint",
    "words_for",
    "preview_panel",
    "status_line",
    "table_frame",
]


class FlowKeys(NamedTuple):
    """A game's hints along the pick-then-target flow: confirm the chosen move, choose
    a target for the picked piece (with its words as parameters), pick a piece."""

    confirm: str
    target: str
    pick: str


def flow_hint(
    t: Translate, keys: FlowKeys, *, chosen: bool, picked: Mapping[str, str] | None
) -> str:
    """The hint of the pick-then-target flow: confirm once a move is ``chosen``, choose
    a target once a piece is ``picked`` (its message's parameters), else pick one."""
    if chosen:
        return t(keys.confirm)
    if picked is not None:
        return t(keys.target, **picked)
    return t(keys.pick)


def words_for(t: Translate, keys: Mapping[str, str], decision: object) -> str:
    """The words a game has for ``decision`` (its catalog key in ``keys``), or none.

    >>> words_for(str.upper, {"draw": "g.hint.draw"}, "draw"), words_for(str.upper, {}, "x")
    ('G.HINT.DRAW', '')
    """
    key = keys.get(str(decision))
    return t(key) if key else ""


def status_line(
    prefix: str,
    text: str,
    badges: Iterable[str] = (),
    hint: str = "",
    news: str = "",
    focus: bool = False,
    keys: str = "",
) -> str:
    """The live status line: what the others just did (``news``, from
    :func:`news_text`), then ``text``, its ``badges``, the ``hint`` and the hint's
    keyboard words (``keys``: "the arrow keys ...", hidden on a touch-only device by
    the class ``tb-keys``), all escaped.
    A screen reader reads it whenever it changes (``role=status``).  With ``focus`` (the
    others' turn: no decision of the viewer's) it holds the keyboard focus, named by
    ``text``."""
    # the parts are separated by spaces: a screen reader reads the text as one line
    parts = [tag("span", news, class_="tb-news")] if news else []
    parts.append(tag("span", text, class_="tb-now"))
    parts.extend(tag("span", b, class_=f"{prefix}-badge") for b in badges)
    if hint:
        parts.append(tag("span", hint, class_=f"{prefix}-hint"))
    if keys:
        parts.append(tag("span", keys, class_=f"{prefix}-hint tb-keys"))
    return raw_tag(
        "p", " ".join(parts), class_=f"{prefix}-status tb-status", role="status",
        aria_live="polite", tabindex="-1" if focus else None,
        data_focus="1" if focus else None, aria_label=text if focus else None,
    )  # fmt: skip


def _every(entry: Mapping[str, Any]) -> bool:
    return True


class TurnStatus(NamedTuple):
    """A game's status line on its table (:func:`status_line`): its classes' ``prefix``,
    its history entries in words (``describe``, the log's) for the news of what the others
    did since the viewer last moved, and which entries the news ``tells`` (all unless
    said); the focus held on the others' turn."""

    prefix: str
    describe: Callable[[Mapping[str, Any], Sequence[Seat], Translate], str]
    tells: Callable[[Mapping[str, Any]], bool] = _every

    def news(self, view: State, seats: Sequence[Seat], t: Translate) -> str:
        """What the others did since the viewer's last move, in words."""
        entries = [e for e in since_last_turn(view.history, view.viewer) if self.tells(e)]
        return news_text(entries, lambda e: self.describe(e, seats, t), t)

    def __call__(
        self,
        view: State,
        seats: Sequence[Seat],
        t: Translate,
        text: str,
        badges: Iterable[str] = (),
        hint: str = "",
        keys: str = "",
    ) -> str:
        """The status line of ``view``: the news, ``text``, ``badges``, ``hint`` and
        ``keys``; holding the focus while another player is to move."""
        p = view.current_player
        focus = p is not None and p != view.viewer  # the others' turn: no decision here
        news = self.news(view, seats, t)
        return status_line(self.prefix, text, badges, hint, news=news, focus=focus, keys=keys)


def button(prefix: str, label: str, act: str, primary: bool = False, **data: Any) -> str:
    """A button with ``data-act="<act>"`` and a ``data-<key>`` per keyword (``move=``:
    ``data-move``); the label is escaped."""
    return tag(
        "button",
        label,
        type="button",
        class_=f"{prefix}-btn" + (" is-primary" if primary else ""),
        data_act=act,
        **{f"data_{k}": v for k, v in data.items()},
    )


def controls(prefix: str, buttons: Iterable[str]) -> str:
    """A row of buttons."""
    return raw_tag("div", "".join(buttons), class_=f"{prefix}-controls")


def confirm_cancel(prefix: str, confirm: str, move: str, cancel: str) -> str:
    """The end of the pick-then-target flow: confirm the chosen ``move`` (its text, as
    ``data-move``; ``data-act="confirm-move"``; the keyboard's focus goes there) or
    cancel it (``cancel-move``; Escape presses it)."""
    return controls(
        prefix,
        [
            button(prefix, confirm, "confirm-move", True, move=move, focus="1"),
            button(prefix, cancel, "cancel-move", esc="1"),
        ],
    )


def face_down(view: State, seat: int, item: str, cls: str, words: str) -> str:
    """A card or tile drawn for ``seat`` and not dealt yet, in its hand or on its rack:
    ``item`` (the back's drawing) in a ``<span>`` of class ``cls`` labelled ``words``
    (why it is face down), while ``view``'s chance step of kind ``deal`` or ``draw``
    waits and is for ``seat`` to see (a game with friends: the key comes with another's
    link); "" otherwise (a game on one device deals at once)."""
    chance = view.chance
    if chance is None or chance.kind not in ("deal", "draw") or seat not in (chance.seen_by or ()):
        return ""
    return raw_tag(
        "span", item, class_=cls, data_face_down="1", role="img", aria_label=words, title=words
    )


def preview_panel(prefix: str, head: str, body: str, move: object) -> str:
    """The panel previewing the chosen ``move`` (its text on ``data-preview``): the
    ``head`` (the ``<h2>``) and the ``body`` (HTML), read out when it changes."""
    return raw_tag(
        "section",
        head + body,
        class_=f"{prefix}-panel {prefix}-preview",
        aria_live="polite",
        data_preview=str(move),
    )


def table_frame(
    prefix: str,
    game: str,
    phase: str,
    viewer: int | None,
    style: str,
    body: str,
    decision: str | None = None,
) -> str:
    """The table's root element: ``data-game`` (its stylesheet's scope), the phase and
    the viewer, holding the game's ``style`` tag and ``body``.  ``decision`` names the
    pending decision (``data-decision``): when it changes after a render, the page moves
    the keyboard focus to the element marked ``data-focus`` (its first target)."""
    # The decision is named on an element of its own: the table's root keeps its
    # attributes, so a render patches inside it (static/boot.js, tableroPatch).
    mark = tag("span", "", hidden="hidden", data_decision=decision) if decision else ""
    return raw_tag(
        "div",
        mark + style + body,
        class_=f"{prefix}-table tb-table",
        data_game=game,
        data_phase=phase,
        data_viewer=viewer,
    )
