"""The Arribada table: what a player sees and clicks during a game.

:func:`render_table` draws the view for its viewer; :func:`on_click` turns a click
into a new selection and, when a move is complete, a move from ``legal_moves()``.

Clicks (``data-act``):

==================  ======================================================
``pick-value``      a rack tile (``data-value``): choose the value to place
``cell``            a highlighted cell (``data-cell``): choose the target
``confirm-move``    commit the chosen place/claim/capture (after its preview)
``cancel-move``     forget the chosen target
``move``            a one-step move (``data-move``): draw, pick, pass, decline,
                    refresh, confirm, end
==================  ======================================================
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablero.arribada import (
    ArribadaState,
    Capture,
    Claim,
    Confirm,
    Decline,
    DrawBag,
    DrawDisplay,
    Pass,
    Pick,
    Place,
    Refresh,
)
from tablero.arribada.data import STRENGTH, WILD

from ... import widgets
from ...plugin import Seat, Selection, Translate, table_renderer
from ...svg import controls_shown, esc, raw_tag, tag
from ...widgets import narrow, seat_colours
from .log import describe
from .look import (
    BoardPicture,
    board_svg,
    mark_icon,
    seashell_icon,
    seat_letter,
    tile_icon,
    turtle_icon,
)
from .style import style_tag
from .words import SEAT_KEYS, seat_name, tile_words

ACTIONS = (Place, Claim, Capture)
#: the tiles whose printed strength differs from their value (the small corner number)
STRENGTH_HINTS = (1, 7, 8)
HINT_KEYS = widgets.FlowKeys("arribada.hint.confirm", "arribada.hint.cell", "arribada.hint.pick")
#: The hints of the decisions without a pick-then-target flow.
HINTS = {"draw": "arribada.hint.draw", "refresh": "arribada.hint.refresh"}
#: The strip of seats across the top.
STRIP = widgets.SeatStrip("arr", SEAT_KEYS)


def _not_an_end(entry: Mapping[str, Any]) -> bool:
    """An "end of turn" is left out of the news: the next player's turn says it."""
    return entry.get("move") != "end"


#: The status line, with the news of the others' moves (but their "end of turn").
STATUS = widgets.TurnStatus("arr", describe, _not_an_end)
#: How long (ms) a score waits before it counts: the tile lands, then the score ticks.
COUNT_DELAY = 250
LAYOUT_KEYS = widgets.LayoutKeys("app.layout.board", "app.layout.side", "app.layout.dock")


# --- small helpers shared with the other Arribada modules ------------------------------


def score_html(score: int, t: Translate, count: tuple[int, str] | None = None) -> str:
    """A score as seashells (50 each) plus the track position; negative plainly.
    ``count``: the score before the move that changed it, and that move's key
    (:func:`widgets.move_key`): its number counts from there (when the seashells did
    not change; the track's number from the old track's)."""
    label = t("arribada.score.points", count=score)
    if score < 0:
        inner = tag("span", score, **_count(count, score, whole=True))
    else:
        shells, track = divmod(score, 50)
        inner = ""
        if shells:
            inner += seashell_icon(20) + tag("span", f"×{shells}") + tag("span", "+")
        inner += tag("span", track, **_count(count, score, whole=not shells))
        if shells:
            inner += tag("span", f"({score})", class_="arr-score-total")
    return raw_tag("span", inner, class_="arr-score", title=label, aria_label=label)


def _count(count: tuple[int, str] | None, score: int, *, whole: bool) -> dict[str, str]:
    """The attributes that count a score's number up (or down) from its old value: the
    number is the whole score (``whole``: a negative score, or one under 50), else the
    track's, which counts only when the old score had as many seashells."""
    if count is None:
        return {}
    old, key = count
    if whole:
        return widgets.motion("count", key, dx=old, delay=COUNT_DELAY)
    if old >= 0 and old // 50 == score // 50:
        return widgets.motion("count", key, dx=old % 50, delay=COUNT_DELAY)
    return {}


def cell_of(view: ArribadaState, move: Any) -> int:
    return view.board.index(move.row, move.col)


def move_words(view: ArribadaState, move: Any, seats: Sequence[Seat], t: Translate) -> str:
    """A place/claim/capture in words, for the preview's heading and cell labels."""
    cell = cell_of(view, move)
    name = view.board.cell_name(cell)
    if isinstance(move, Place):
        return t("arribada.target.place", tile=tile_words(move.value, t), cell=name)
    v = view.values[cell]
    if isinstance(move, Claim):
        return t("arribada.target.claim", tile=tile_words(v, t), cell=name)
    owner = view.owners[cell]
    return t(
        "arribada.target.capture",
        tile=tile_words(v, t),
        cell=name,
        owner=seat_name(seats, owner, t),
    )


# --- the selection ---------------------------------------------------------------------


def _selection(
    view: ArribadaState, selection: Selection, by_text: dict[str, Any]
) -> tuple[int | None, Any | None]:
    """The selected rack value and chosen move, dropped when no longer possible."""
    value = selection.data.get("value")
    if view.decision not in ("action", "extra"):
        return None, None
    if not isinstance(value, int) or not narrow(by_text.values(), Place, value=value):
        value = None
    move = by_text.get(str(selection.data.get("move")))
    if not isinstance(move, ACTIONS):
        move = None
    return value, move


def _cell_moves(view: ArribadaState, legal: Sequence[Any], name: str) -> list[Any]:
    """The legal moves on the cell named ``name`` (none for a bad name)."""
    try:
        row, col = view.board.rc(view.board.parse_cell(name))
    except ValueError:
        return []
    return narrow(legal, row=row, col=col)


def _play(
    view: ArribadaState, selection: Selection, click: widgets.Click
) -> tuple[Selection, Any | None]:
    """The clicks of the table above on the viewer's turn: a rack tile, its target
    cell, Confirm and Cancel, a one-step move."""
    act, data, legal, by_text, _ = click  # no view setting to keep
    value, chosen = _selection(view, selection, by_text)
    if act == "pick-value":
        try:
            v = int(data.get("value", ""))
        except ValueError:
            return selection, None
        if not narrow(legal, Place, value=v):
            return selection, None
        if v == value:
            return Selection(), None
        return Selection({"value": v}), None
    if act == "cell":
        here = _cell_moves(view, legal, data.get("cell", ""))
        found: list[Any] = narrow(here, Place, value=value) if value is not None else []
        found = found or narrow(here, Claim) or narrow(here, Capture)
        move = found[0] if found else None
        if move is None:
            return selection, None
        keep = {"value": value} if value is not None else {}
        return Selection({**keep, "move": str(move)}), None
    if act == "confirm-move":
        if chosen is None:
            return selection, None
        return Selection(), chosen
    if act == "cancel-move":
        return Selection({"value": value} if value is not None else {}), None
    if act == "move":
        move = by_text.get(data.get("move", "").strip().lower())
        if move is None:
            return selection, None
        return Selection(), move
    return selection, None


#: What a click does (the zoom at any time, the rest on the viewer's turn).
on_click = widgets.click_handler(_play)


# --- the parts of the table ------------------------------------------------------------


def _seat_stats(view: ArribadaState, p: int, t: Translate) -> str:
    refresh = view.refresh[p]
    stats = (
        raw_tag(
            "span",
            turtle_icon(18) + esc(t("arribada.seat.shells_left", n=view.shells[p])),
            class_="arr-stat",
        )
        + raw_tag(
            "span",
            esc(t("arribada.seat.rack_count", n=len(view.racks[p]))),
            class_="arr-stat",
        )
        + raw_tag(
            "span",
            seashell_icon(18, spent=not refresh)
            + esc(t("arribada.seat.refresh_held" if refresh else "arribada.seat.refresh_spent")),
            class_="arr-stat",
        )
    )
    return raw_tag("div", stats, class_="arr-stats")


def _seat_cards(
    view: ArribadaState, seats: Sequence[Seat], t: Translate, counts: Mapping[int, tuple[int, str]]
) -> str:
    return STRIP(
        view,
        seats,
        t,
        line=lambda p: score_html(view.score[p], t, counts.get(p)),
        extra=lambda p: _seat_stats(view, p, t),
    )


# --- the moves in motion (widgets.motion) ----------------------------------------------


def _score_changes(entry: Mapping[str, Any], n: int) -> list[int]:
    """What an entry's events added to each of the ``n`` seats' scores."""
    out = [0] * n
    for e in entry.get("events") or ():
        kind, p = e.get("type"), e.get("player")
        if kind == "score" and isinstance(p, int) and 0 <= p < n:
            out[p] += int(e.get("sequence", 0)) + int(e.get("set", 0))
        elif kind == "stranded" and isinstance(p, int) and 0 <= p < n:
            out[p] += int(e.get("points", 0))
        elif kind == "majority":
            for q, pts in enumerate((e.get("points") or [])[:n]):
                out[q] += int(pts)
    return out


def score_counts(view: ArribadaState) -> dict[int, tuple[int, str]]:
    """Each seat whose score a recent move changed: its score before the latest such
    move, and that move's key (its number counts from there)."""
    n = view.num_players
    out: dict[int, tuple[int, str]] = {}
    for moves, entry in reversed(widgets.recent_entries(view.history, view.viewer)):
        for p, added in enumerate(_score_changes(entry, n)):
            if added and p not in out:
                out[p] = (view.score[p] - added, widgets.move_key(moves, f"score{p}"))
    return out


def _cell(view: ArribadaState, name: object) -> int | None:
    """The cell named ``name``, or ``None``."""
    try:
        return view.board.parse_cell(str(name))
    except ValueError:
        return None


def tile_motions(
    view: ArribadaState,
) -> tuple[dict[int, dict[str, str]], dict[int, dict[str, str]]]:
    """The recent moves' animations on the board: cell -> its tile's (placed or brought
    onto a nido: ``appear``; captured, turned face down: ``flip``), and cell -> its
    shell mark's (a claim: ``appear``); the latest move's where several touched a cell,
    on the tiles still there."""
    tiles: dict[int, dict[str, str]] = {}
    marks: dict[int, dict[str, str]] = {}
    for moves, entry in widgets.recent_entries(view.history, view.viewer):
        words = str(entry.get("move", "")).split()
        word = words[0] if words else ""
        name = words[-1] if word in ("place", "claim", "capture") else ""
        cell = _cell(view, name) if name else None
        if cell is not None:
            key = widgets.move_key(moves, view.board.cell_name(cell))
            if word == "claim":
                marks[cell] = widgets.motion("appear", key + ":shell")
            else:
                marks.pop(cell, None)
                tiles[cell] = widgets.motion("appear" if word == "place" else "flip", key)
        for e in entry.get("events") or ():
            spawn = _cell(view, e.get("cell")) if e.get("type") == "spawn" else None
            if spawn is not None:
                name = view.board.cell_name(spawn)
                tiles[spawn] = widgets.motion("appear", widgets.move_key(moves, name))
    here = {c for c, v in enumerate(view.values) if v}
    return (
        {c: m for c, m in tiles.items() if c in here},
        {c: m for c, m in marks.items() if c in here and view.owners[c] >= 0},
    )


def recent_cells(view: ArribadaState) -> list[int]:
    """The cells the others changed since the viewer's last move: their placements,
    claims and captures, and the nidos those filled."""
    cells: list[int] = []
    for entry in widgets.since_last_turn(view.history, view.viewer):
        words = str(entry.get("move", "")).split()
        names = [w for w in words[1:] if w[:1].isalpha() and w[1:].isdigit()]
        if words and words[0] in ("place", "claim", "capture"):
            names = names[-1:]
        else:
            names = []
        names += [str(e["cell"]) for e in entry.get("events") or () if e.get("type") == "spawn"]
        for name in names:
            try:
                cell = view.board.parse_cell(name)
            except ValueError:
                continue
            if cell not in cells:
                cells.append(cell)
    return cells


def _status(
    view: ArribadaState, seats: Sequence[Seat], t: Translate, value: int | None, chosen: Any | None
) -> str:
    p = view.current_player
    if p is None:
        text, hint = t("arribada.status.over"), ""
    elif p == view.viewer:
        decision = view.decision
        need = 5 - len(view.racks[p])
        picks = len(view.picks_rack) + len(view.picks_display)
        text = t(f"arribada.status.you.{decision}", count=picks if decision == "refresh" else need)
        hint = ""
        if decision in ("action", "extra"):
            picked = None if value is None else {"tile": tile_words(value, t)}
            hint = widgets.flow_hint(t, HINT_KEYS, chosen=chosen is not None, picked=picked)
        else:
            hint = widgets.words_for(t, HINTS, decision)
    else:
        text = t(f"arribada.status.other.{view.decision}", name=seat_name(seats, p, t))
        hint = ""
    badges = [t("arribada.status.final_round")] if view.final_round and p is not None else []
    return STATUS(view, seats, t, text, badges, hint)


def _targets(
    view: ArribadaState,
    legal: Sequence[Any],
    value: int | None,
    seats: Sequence[Seat],
    t: Translate,
) -> dict[int, tuple[str, str]]:
    out: dict[int, tuple[str, str]] = {}
    for m in legal:
        if isinstance(m, Place):
            if m.value == value:
                out[cell_of(view, m)] = ("place", move_words(view, m, seats, t))
        elif isinstance(m, (Claim, Capture)):
            kind = "claim" if isinstance(m, Claim) else "capture"
            out[cell_of(view, m)] = (kind, move_words(view, m, seats, t))
    return out


def _preview(
    view: ArribadaState, move: Any, seats: Sequence[Seat], colours: Sequence[int], t: Translate
) -> tuple[str, list[int]]:
    """The preview panel of a chosen move, and the nidos it would fill."""
    pv = view.preview(move)
    me = view.current_player
    cell = cell_of(view, move)
    name = view.board.cell_name(cell)
    strengths = pv["strengths"]
    best = max(strengths)
    rows = []
    for p, s in enumerate(strengths):
        cls = "is-best" if s == best and s > 0 else None
        rows.append(
            raw_tag(
                "tr",
                raw_tag("td", mark_icon(colours[p], seat_letter(p), 18))
                + tag("td", seat_name(seats, p, t))
                + tag("td", s, class_="arr-num"),
                class_=cls,
                data_strength_seat=p,
            )
        )
    table = raw_tag(
        "table",
        tag("caption", t("arribada.preview.strengths", cell=name)) + "".join(rows),
        class_="arr-strengths",
    )
    lines = []
    if isinstance(move, Capture):
        owner = view.owners[cell]
        lines.append(
            t(
                "arribada.preview.capture",
                attack=strengths[me],
                defence=pv["defence"],
                tile=STRENGTH[view.values[cell]],
                owner=seat_name(seats, owner, t),
            )
        )
        lines.append(t("arribada.preview.capture_no_score"))
    else:
        seq, st = pv["sequence"], pv["set"]
        if seq and st:
            lines.append(t("arribada.preview.points_both", total=seq + st, sequence=seq, set=st))
        elif seq:
            lines.append(t("arribada.preview.points_sequence", total=seq))
        elif st:
            lines.append(t("arribada.preview.points_set", total=st))
        else:
            lines.append(t("arribada.preview.no_points"))
        if pv["extra_action"]:
            lines.append(t("arribada.preview.extra_action"))
        if pv["spawns"]:
            lines.append(t("arribada.preview.spawns", cells=", ".join(pv["spawns"])))
        if view.variant != "beginner":
            v = move.value if isinstance(move, Place) else view.values[cell]
            lines.append(t("arribada.preview.defence", defence=STRENGTH[v] + strengths[me]))
    body = raw_tag(
        "div", table + "".join(tag("p", line) for line in lines), class_="arr-preview-body"
    )
    html = widgets.preview_panel("arr", tag("h2", move_words(view, move, seats, t)), body, move)
    spawns = [view.board.parse_cell(c) for c in pv["spawns"]]
    return html, spawns


def _button(label: str, move: str, primary: bool = False) -> str:
    return widgets.button("arr", label, "move", primary, move=move)


def _rack_button(
    inner: str, v: int, focus: bool, pressed: str | None = None, cls: str = "", **act: Any
) -> str:
    """A tile of the rack as a button (its ``act``: ``data-act`` and what it carries),
    pressed or not (``pressed``, when it can be), with the focus when ``focus``; ``cls``:
    more classes."""
    focused = "1" if focus else None
    return raw_tag("button", inner, type="button", class_="arr-rack-tile" + cls, **act,
                   data_rack_value=v, aria_pressed=pressed, data_focus=focused)  # fmt: skip


def drawn_from_the_bag(view: ArribadaState, me: int) -> int | None:
    """The value of the tile ``me`` drew from the bag in their turn in progress (the
    newest), or ``None``: the tile that turns face up on the rack as it comes (drawn
    hidden, it is seen when dealt: at once, or when another's link brings its key)."""
    if view.current_player != me:
        return None
    for entry in reversed(view.history):
        if entry.get("player") != me:
            return None
        for e in reversed(entry.get("events") or ()):
            if e.get("type") == "draw" and e.get("source") == "bag" and e.get("player") == me:
                value = e.get("value")
                return value if isinstance(value, int) else None
    return None


def _rack(
    view: ArribadaState,
    me: int,
    t: Translate,
    value: int | None,
    legal: list[Any],
    focus_rack: bool = False,
) -> str:
    rack = view.racks[me]
    decision = view.decision if me == view.current_player else ""
    picked_left = list(view.picks_rack) if decision == "refresh" else []
    newest = drawn_from_the_bag(view, me)
    tiles = []
    pressed_done = False
    for v in rack:
        icon = tile_icon(v, size=50)
        # the tile just drawn from the bag turns face up as it comes (once: a value the
        # rack holds twice marks one tile)
        cls = " is-newest" if v == newest else ""
        newest = None if cls else newest
        label = t("arribada.rack.tile", tile=tile_words(v, t))
        if view.variant != "beginner" and v in STRENGTH_HINTS:
            label += t("arribada.rack.strength", n=STRENGTH[v])
        # The button's name is its text (hidden, for a screen reader): the tile's drawing
        # is decoration (its small strength number is not part of the name it says).
        sr = tag("span", label, class_="shell-visually-hidden")
        if decision == "refresh" and v in picked_left:
            picked_left.remove(v)
            tiles.append(
                raw_tag(
                    "span",
                    icon,
                    class_="arr-rack-tile is-picked" + cls,
                    data_rack_value=v,
                    aria_label=t("arribada.rack.picked", tile=tile_words(v, t)),
                    role="img",
                )
            )
        elif decision == "refresh" and (pick := narrow(legal, Pick, source="rack", value=v)):
            first = not any("data-focus" in x for x in tiles)
            move = str(pick[0])
            tiles.append(
                _rack_button(icon + sr, v, first, None, cls, data_act="move", data_move=move)
            )
        elif decision in ("action", "extra") and narrow(legal, Place, value=v):
            pressed = v == value and not pressed_done
            pressed_done = pressed_done or pressed
            first = not any("data-focus" in x for x in tiles)
            focus = value is None and first and focus_rack
            aria = "true" if pressed else "false"
            tiles.append(
                _rack_button(icon + sr, v, focus, aria, cls, data_act="pick-value", data_value=v)
            )
        else:
            tiles.append(
                raw_tag(
                    "span",
                    icon,
                    class_="arr-rack-tile is-idle" + cls,
                    data_rack_value=v,
                    role="img",
                    aria_label=label,
                )
            )
    # a tile drawn for this rack and not dealt yet (its key comes with another's link)
    pending = widgets.face_down(
        view,
        me,
        tile_icon(WILD, size=50),
        "arr-rack-tile is-idle is-face-down",
        t("arribada.rack.face_down"),
    )
    tiles += [pending] if pending else []
    if not rack and not tiles:
        tiles.append(tag("span", t("arribada.rack.empty")))
    key = ""
    if view.variant != "beginner" and any(v in (1, 7, 8) for v in rack):
        key = tag("span", t("arribada.rack.strength_key"), class_="arr-key")
    return raw_tag("h2", esc(t("arribada.rack.title")) + key, class_="arr-rack-label") + raw_tag(
        "div",
        "".join(tiles),
        class_="arr-rack",
        data_rack_owner=me,
        data_rove="line",
        role="group",
        aria_label=t("arribada.rack.title"),
    )


def _controls(view: ArribadaState, legal: list[Any], t: Translate) -> str:
    decision = view.decision
    out = []
    if decision in ("action", "extra", "end") and narrow(legal, Refresh):
        out.append(_button(t("arribada.button.refresh"), "refresh"))
    if narrow(legal, Pass):
        out.append(_button(t("arribada.button.pass"), "pass", primary=True))
    if narrow(legal, Decline):
        out.append(_button(t("arribada.button.decline"), "decline"))
    if narrow(legal, DrawBag):
        out.append(_button(t("arribada.button.draw_bag"), "draw bag", primary=True))
    if decision == "end":
        out.append(_button(t("arribada.button.end_turn"), "end", primary=True))
    if decision == "refresh" and narrow(legal, Confirm):
        n = len(view.picks_rack) + len(view.picks_display)
        out.append(_button(t("arribada.button.confirm_refresh", n=n), "confirm", primary=True))
    if decision == "refresh":
        # Cancel the refresh: take back the seashell and the tiles set aside so far.
        steps = 1 + len(view.picks_rack) + len(view.picks_display)
        out.append(
            tag("button", t("arribada.button.cancel_refresh"), type="button",
                class_="arr-btn", data_act="app.undo", data_steps=steps, data_esc="1")
        )  # fmt: skip
    # The decision is a button (end the turn, pass): it takes the keyboard focus.
    acts = any(isinstance(m, ACTIONS) for m in legal)
    picks = any(isinstance(m, Pick) for m in legal)
    if (
        decision == "end"
        or (decision in ("action", "extra") and not acts)
        or (decision == "refresh" and not picks)
    ):
        out = _focus_primary(out)
    return widgets.controls("arr", out)


def _focus_primary(buttons: list[str]) -> list[str]:
    """The buttons, the keyboard focus on the first primary one (else the first: an
    extra action with nothing to place, claim or capture offers only "Skip")."""
    out = list(buttons)
    if not controls_shown():  # a replayed position: no focus on a disabled button
        return out
    marked = [i for i, b in enumerate(out) if "is-primary" in b] or list(range(len(out)))[:1]
    for i in marked[:1]:
        out[i] = out[i].replace("<button ", '<button data-focus="1" ', 1)
    return out


def _tile_labels(
    view: ArribadaState, seats: Sequence[Seat], t: Translate, recent: Sequence[int]
) -> dict[int, str]:
    """What each tile on the board says to a screen reader: "c4: your 6", "e5: Ben's
    wild", "d2: neutral 3", with "just played" on the others' new tiles."""
    out = {}
    for cell, v in enumerate(view.values):
        if v == 0:
            continue
        name = view.board.cell_name(cell)
        o = view.owners[cell]
        what = t("arribada.tile.wild") if v == WILD else str(v)
        if o < 0:
            label = t("arribada.cell.neutral", cell=name, value=what)
        elif o == view.viewer:
            label = t("arribada.cell.own", cell=name, value=what)
        else:
            label = t("arribada.cell.other", cell=name, value=what, name=seat_name(seats, o, t))
        if cell in recent:
            label += t("arribada.cell.recent")
        out[cell] = label
    return out


def _decision(view: ArribadaState, my_turn: bool, value: int | None, chosen: Any | None) -> str:
    """The pending decision's name (``data-decision``): when it changes, the keyboard
    focus moves to its first target (``data-focus``)."""
    if view.current_player is None:
        return "over"
    if not my_turn:
        return f"wait:{view.current_player}"
    stage = "confirm" if chosen is not None else "target" if value is not None else "pick"
    picks = len(view.picks_rack) + len(view.picks_display)
    return f"{view.decision}:{stage}:{picks}:{len(view.racks[view.current_player])}"


def _table(view: ArribadaState, seats: list[Seat], selection: Selection, t: Translate) -> str:
    """HTML of the table for ``view.viewer``, ``render_table``'s."""
    me = view.viewer
    my_turn = me is not None and me == view.current_player
    legal = view.legal_moves() if my_turn else []
    by_text = {str(m): m for m in legal}
    value, chosen = _selection(view, selection, by_text)
    colours = seat_colours(seats, view.num_players)
    recent = recent_cells(view)
    pic = BoardPicture(bag_count=view.bag_count, recent=recent)
    pic.labels = _tile_labels(view, seats, t, recent)
    pic.motion, pic.mark_motion = tile_motions(view)
    dock = ""
    actions = ""
    if my_turn and me is not None:
        pending = view.decision
        if pending in ("action", "extra"):
            pic.targets = _targets(view, legal, value, seats, t)
            if value is not None and chosen is None and pic.targets:
                pic.focus = min(pic.targets)
            elif value is None and chosen is None and not narrow(legal, Place) and pic.targets:
                pic.focus = min(pic.targets)  # nothing to place: claims and captures
        if chosen is not None:
            cell = cell_of(view, chosen)
            pic.chosen = cell
            if isinstance(chosen, Place):
                pic.chosen_tile = (chosen.value, colours[me], seat_letter(me))
            elif isinstance(chosen, Claim):
                pic.chosen_tile = (view.values[cell], colours[me], seat_letter(me))
            else:
                pic.chosen_tile = (WILD, colours[me], seat_letter(me))
            dock, pic.spawns = _preview(view, chosen, seats, colours, t)
            actions = widgets.confirm_cancel(
                "arr", t("arribada.button.confirm_move"), str(chosen), t("arribada.button.cancel")
            )
        if pending == "draw":
            pic.display_moves = {
                slot: str(m[0])
                for slot, v in enumerate(view.display)
                if (m := narrow(legal, DrawDisplay, value=v))
            }
            if narrow(legal, DrawBag):
                pic.bag_move = "draw bag"
        if pending == "refresh":
            pic.display_moves = {
                slot: str(pick[0])
                for slot, v in enumerate(view.display)
                if slot not in view.picks_display
                and (pick := narrow(legal, Pick, source="display", value=v))
            }
    if view.decision == "refresh":
        pic.display_picked = list(view.picks_display)
    svg = board_svg(
        view.board,
        view.values,
        view.owners,
        view.display,
        colours,
        pic,
        title=t("arribada.board.title"),
        display_label=t("arribada.board.display"),
        bag_label=t("arribada.bag.title"),
        rock_label=t("arribada.board.rock"),
    )
    top = _seat_cards(view, seats, t, score_counts(view)) + _status(view, seats, t, value, chosen)
    hand = ""
    if me is not None:
        focus_rack = my_turn and view.decision in ("action", "extra") and chosen is None
        hand = _rack(view, me, t, value, legal, focus_rack=focus_rack)
        if my_turn:
            actions += _controls(view, legal, t)
    body = widgets.table_layout(
        t, LAYOUT_KEYS, top=top, board=svg, dock=dock, hand=hand, actions=actions
    )
    decision = _decision(view, my_turn, value, chosen)
    return widgets.table_frame("arr", "arribada", view.decision, me, style_tag(), body, decision)


#: HTML of the table for ``view.viewer`` (see :class:`tablero.web.plugin.GameUI`),
#: read-only for a replayed position.
render_table = table_renderer(_table)
