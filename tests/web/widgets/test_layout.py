"""The table's layout (tablero.web.widgets.layout): its landmarks and drawer."""

from __future__ import annotations

from support.ui_helpers import keys_and_params, parse
from tablero.web import widgets

t = keys_and_params


def test_table_layout_keeps_the_board_next_to_the_players_pieces() -> None:
    keys = widgets.LayoutKeys("k.board", "k.side", "k.dock")
    html = widgets.table_layout(
        t, keys, top="<p>top</p>", board="<svg/>", side="<p>side</p>", dock="<p>dock</p>",
        hand="<p>hand</p>", actions="<button>ok</button>",
    )  # fmt: skip
    root = parse(html)
    assert [el.tag for el in root] == ["header", "div", "section"]
    header, middle, dock = root
    assert middle.get("class") == "tb-middle has-side"
    board, side = middle
    assert board.get("class") == "tb-board" and board.get("aria-label") == "k.board"
    assert side.tag == "aside" and side.get("id") == "tb-side"
    # the side's drawer: opened from the top strip, closed from inside (Escape too)
    assert header.find("button").get("data-drawer") == "side"
    close = side.find("button")
    assert close.get("data-drawer") == "" and close.get("data-esc") == "1"
    assert dock.get("class") == "tb-dock" and dock.get("aria-label") == "k.dock"
    decision, row = dock
    assert decision.get("class") == "tb-decision"
    assert [el.get("class") for el in row] == ["tb-hand", "tb-actions"]
    plain = parse(widgets.table_layout(t, keys, top="", board="<svg/>"))
    assert [el.tag for el in plain] == ["header", "div"]
    assert plain[1].get("class") == "tb-middle" and not plain[0].findall("button")


def test_board_svg_fits_its_frame_down_to_its_least_size() -> None:
    html = widgets.board_svg(
        "<rect/>", 300, 200.5, cls="zz-board", title="A & B", min_w=96, min_h=64
    )
    assert html == (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200.5" class="zz-board" '
        'role="group" aria-label="A &amp; B" style="min-width:96px;min-height:64px" '
        'data-rove="grid"><rect/></svg>'
    )
