"""The status line, the flow's hints, the buttons and the table's root element
(tablero.web.widgets.status)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from support.ui_helpers import EVIL, acts, by_class, keys_and_params, parse
from tablero.core import make
from tablero.web import widgets
from tablero.web.plugin import Seat
from tablero.web.widgets.status import (
    FlowKeys,
    TurnStatus,
    button,
    confirm_cancel,
    controls,
    flow_hint,
    preview_panel,
    status_line,
    table_frame,
    words_for,
)

t = keys_and_params


def test_status_line() -> None:
    p = parse(status_line("xx", EVIL, ["<b1>", "b2"], "<hint>"))[0]
    assert p.tag == "p" and p.get("role") == "status" and p.get("aria-live") == "polite"
    assert by_class(p, "tb-now")[0].text == EVIL
    assert [el.text for el in by_class(p, "xx-badge")] == ["<b1>", "b2"]
    assert by_class(p, "xx-hint")[0].text == "<hint>"
    assert not by_class(p, "tb-news")
    bare = parse(status_line("xx", "hi"))[0]
    assert [el.text for el in bare] == ["hi"]
    # what the others did comes first, escaped
    told = parse(status_line("xx", "Your turn", news=EVIL))[0]
    assert [el.get("class") for el in told] == ["tb-news", "tb-now"]
    assert told[0].text == EVIL


def test_flow_hint() -> None:
    keys = FlowKeys("k.confirm", "k.target", "k.pick")
    assert flow_hint(t, keys, chosen=True, picked={"card": "x"}) == "k.confirm"
    assert flow_hint(t, keys, chosen=False, picked={"card": "x"}) == "k.target card=x"
    assert flow_hint(t, keys, chosen=False, picked=None) == "k.pick"


def test_buttons_and_controls() -> None:
    b = parse(button("xx", "<Go>", "move", True, move="draw bag", seat=2))[0]
    assert b.tag == "button" and b.get("type") == "button" and b.text == "<Go>"
    assert b.get("class") == "xx-btn is-primary"
    assert (b.get("data-act"), b.get("data-move"), b.get("data-seat")) == ("move", "draw bag", "2")
    assert parse(button("xx", "a", "cancel-move"))[0].get("class") == "xx-btn"
    row = parse(controls("xx", [button("xx", "a", "x"), button("xx", "b", "y")]))[0]
    assert row.get("class") == "xx-controls" and len(row) == 2
    pair = parse(confirm_cancel("xx", "OK", 'play "Ca5" 0,1', "<no>"))[0]
    (ok,) = acts(pair, "confirm-move")
    (no,) = acts(pair, "cancel-move")
    assert ok.get("data-move") == 'play "Ca5" 0,1' and "is-primary" in ok.get("class", "")
    assert no.text == "<no>" and no.get("data-move") is None
    # the keyboard: the focus goes to Confirm, Escape presses Cancel
    assert (ok.get("data-focus"), no.get("data-esc")) == ("1", "1")
    assert ok.get("data-esc") is None and no.get("data-focus") is None


def test_table_frame() -> None:
    root = parse(table_frame("xx", "game", "play", 0, "<style>a{}</style>", "<p/>"))[0]
    assert root.get("class") == "xx-table tb-table" and root.get("data-game") == "game"
    assert (root.get("data-phase"), root.get("data-viewer")) == ("play", "0")
    assert root.find("span") is None
    named = parse(table_frame("xx", "game", "play", 0, "", "", decision="play:pick"))[0]
    assert named.get("data-decision") is None  # the root keeps its attributes
    mark = named[0]
    assert (mark.tag, mark.get("data-decision"), mark.get("hidden")) == (
        "span",
        "play:pick",
        "hidden",
    )
    assert [el.tag for el in root] == ["style", "p"]
    nobody = parse(table_frame("xx", "game", "over", None, "", ""))[0]
    assert nobody.get("data-viewer") is None


def test_preview_panel() -> None:
    html = preview_panel("zz", "<h2>Place 4 at c5</h2>", "<p>+4</p>", "place 4 c5")
    assert html == (
        '<section class="zz-panel zz-preview" aria-live="polite" data-preview="place 4 c5">'
        "<h2>Place 4 at c5</h2><p>+4</p></section>"
    )
    assert 'data-preview="a &amp; b"' in preview_panel("zz", "", "", "a & b")


def test_a_games_turn_status_tells_the_news_and_holds_the_focus_on_the_others_turn() -> None:
    state = make("arribada", players=2, seed=1, first_player=0)
    state = state.apply(state.legal_moves()[0])  # Ana moves
    while state.current_player == 0:
        state = state.apply(state.legal_moves()[0])
    seats = [Seat("Ana", 0), Seat("Ben", 1)]
    told: list[str] = []

    def describe(entry: Mapping[str, Any], seats: object, t: object) -> str:
        told.append(str(entry["move"]))
        return f"<{entry['move']}>"

    status = TurnStatus("zz", describe)
    mine = status(state.view(1), seats, t, "Your turn", ["b"], "h", "k")
    assert told and "&lt;" in mine and "data-focus" not in mine  # Ben's own turn
    assert mine == status_line(
        "zz", "Your turn", ["b"], "h", news=status.news(state.view(1), seats, t), keys="k"
    )
    theirs = status(state.view(0), seats, t, "Ben's turn")
    assert 'data-focus="1"' in theirs and "tb-news" not in theirs  # Ana moved last: no news
    quiet = TurnStatus("zz", describe, lambda e: False)
    assert quiet.news(state.view(1), seats, t) == ""


def test_words_for_a_decision_or_none() -> None:
    keys = {"draw": "g.hint.draw", "refresh": "g.hint.refresh"}
    assert words_for(t, keys, "refresh") == "g.hint.refresh"
    assert words_for(t, keys, "action") == ""
    assert words_for(t, keys, None) == ""


def test_face_down_shows_a_draw_waiting_for_its_seat_only():
    """A deal or draw not dealt yet (a table without a dealer: a game with friends) is
    drawn face down for the seat that will see it, with why; nothing for the others,
    nor once it is dealt, nor where the next step is public."""
    table = make("arboretum", players=2, dealer=None, first_player=0)
    chance = table.chance
    assert chance is not None and chance.kind == "deal"
    seat = next(iter(chance.seen_by))
    html = widgets.face_down(table, seat, "<svg></svg>", "x-card", "Drawn <face down>")
    assert html.startswith("<span") and 'data-face-down="1"' in html and 'class="x-card"' in html
    assert 'aria-label="Drawn &lt;face down&gt;"' in html and "<svg></svg>" in html
    assert widgets.face_down(table, 1 - seat, "<svg></svg>", "x-card", "w") == ""
    dealt = table.deal(chance.outcomes[0])
    while dealt.chance is not None:  # the whole set-up dealt: the first turn has none
        dealt = dealt.deal(dealt.chance.outcomes[0])
    assert widgets.face_down(dealt, 0, "<svg></svg>", "x-card", "w") == ""
    bag = make("arribada", players=2, dealer=None)
    assert bag.chance is not None and bag.chance.seen_by is None  # a public step first
    assert widgets.face_down(bag, 0, "<svg></svg>", "x-card", "w") == ""
