"""The style builders the games' stylesheets share (tablero.web.gamestyle): the text they
write, and that every game's stylesheet holds it, scoped to the game."""

from __future__ import annotations

import importlib

import pytest
from tablero.web import gamestyle

GAMES = ["arboretum", "arraial", "arribada", "diadeplaya"]


def test_seat_colours_gives_each_seat_the_apps_colour_then_the_fallback() -> None:
    assert gamestyle.seat_colours(["#aaa", "#bbb", "#ccc"]) == (
        "& .arr-c0{--c:var(--seat-0,#aaa)}"
        "& .arr-c1{--c:var(--seat-1,#bbb)}"
        "& .arr-c2{--c:var(--seat-2,#ccc)}"
    )
    assert gamestyle.seat_colours([]) == ""


def test_chart_writes_the_games_colours_and_the_final_band_only_when_given() -> None:
    css = gamestyle.chart("zz", axis="#111", grid="#222", text="#333")
    chart = [
        "& .zz-chart{width:100%;max-width:640px;height:auto;display:block}",
        "& .zz-chart-line{fill:none;stroke:var(--c);stroke-width:2.5}",
        "& .zz-chart-axis{stroke:#111;stroke-width:1}",
        "& .zz-chart-grid{stroke:#222;stroke-width:1}",
        "& .zz-chart-text{font:11px system-ui,sans-serif;fill:#333}",
    ]
    assert css == "\n".join(chart) + "\n" + gamestyle.legend("zz")
    banded = gamestyle.chart("zz", axis="#111", grid="#222", text="#333", final="#444")
    assert banded.splitlines()[:6] == [*chart, "& .zz-chart-final{fill:#444}"]
    assert banded.endswith(gamestyle.legend("zz"))


def test_the_end_screens_headline_and_tables() -> None:
    assert gamestyle.end_headline("zz").splitlines() == [
        "&.zz-end h2{margin:.2rem 0}",
        "& .zz-winner{font-size:1.3rem;font-weight:800;display:flex;align-items:center;gap:.4rem;",
        " flex-wrap:wrap}",
    ]
    top = gamestyle.end_table("zz", "#abc").splitlines()
    assert top == [
        "&.zz-end table{border-collapse:collapse}",
        "&.zz-end th,&.zz-end td{padding:.25rem .5rem;border-bottom:1px solid #abc;"
        "text-align:left;",
        " vertical-align:top}",
        "&.zz-end td.zz-num,&.zz-end th.zz-num{text-align:right}",
    ]
    flat = gamestyle.end_table("zz", "#abc", top=False).splitlines()
    assert flat == [top[0], top[1][:-1] + "}", top[3]]


def test_legend_rules_text_and_ruling_are_the_prefixed_rules() -> None:
    assert gamestyle.legend("zz") == (
        "& .zz-legend{display:flex;flex-wrap:wrap;gap:.4rem 1rem;list-style:none;padding:0;"
        "margin:.3rem 0}\n& .zz-legend li{display:flex;align-items:center;gap:.3rem}\n"
    )
    assert gamestyle.legend("zz", gap=".1rem 2rem").startswith(
        "& .zz-legend{display:flex;flex-wrap:wrap;gap:.1rem 2rem;list-style:"
    )
    assert gamestyle.rules_text("zz").splitlines() == [
        "&.zz-rules{display:block}",
        "&.zz-rules h3{margin:.8rem 0 .2rem}",
        "&.zz-rules p,&.zz-rules li{line-height:1.45}",
    ]
    lines = gamestyle.ruling("zz", "#123456", "#fedcba").splitlines()
    assert lines[0] == (
        "& .zz-ruling{border-left:4px solid #123456;background:#fedcba;padding:.2rem .6rem;"
        "margin:.3rem 0}"
    )
    assert lines[1].startswith("& .zz-ruling-tag{") and lines[1].endswith("color:#fff;")
    assert lines[2] == " background:#123456;border-radius:1rem;padding:0 .5rem;margin-right:.4rem}"
    help_ = gamestyle.rules_help("zz", "#123456", "#fedcba", between="X\n")
    assert help_ == gamestyle.rules_text("zz") + "X\n" + gamestyle.ruling(
        "zz", "#123456", "#fedcba"
    )


def test_the_seat_head_the_gallery_and_the_scope() -> None:
    head = gamestyle.seat_head("zz", "#123").splitlines()
    assert head == [
        "& .zz-seat-head{display:flex;align-items:center;gap:.35rem;min-width:0}",
        "& .zz-seat-name{font-weight:700;overflow:hidden;text-overflow:ellipsis;"
        "white-space:nowrap;",
        " min-width:0}",
        "& .zz-seat-you{flex:none;white-space:nowrap;font-size:.85rem;color:#123}",
        "& .zz-turn-flag{margin-left:auto;flex:none;font-size:.8rem;font-weight:700;"
        "white-space:nowrap;",
        " background:var(--c);color:#fff;border-radius:1rem;padding:0 .45rem;"
        "text-shadow:0 0 2px #000}",
    ]
    kept = gamestyle.seat_head("zz", "#123", push_flag=False).splitlines()
    assert kept[4] == head[4].replace("margin-left:auto;", "") and kept[:4] == head[:4]
    assert gamestyle.gallery("zz", "pics", ".5rem").splitlines() == [
        "& .zz-pics{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}",
        "& .zz-pics li{display:flex;flex-direction:column;align-items:center;font-size:.85rem}",
    ]
    assert gamestyle.scope("zz") == '[data-game="zz"]'


def test_every_rule_of_the_builders_is_balanced_and_scoped_by_its_ampersand() -> None:
    css = (
        gamestyle.seat_colours(["#000"])
        + gamestyle.MARKS
        + gamestyle.end_headline("zz")
        + gamestyle.end_table("zz", "g")
        + gamestyle.chart("zz", axis="a", grid="b", text="c", final="d")
        + gamestyle.legend("zz")
        + gamestyle.rules_text("zz")
        + gamestyle.ruling("zz", "e", "f")
        + gamestyle.seat_head("zz", "h")
        + gamestyle.gallery("zz", "i", "j")
    )
    assert css.count("{") == css.count("}")
    scoped = gamestyle.scoped(css, '[data-game="zz"]')
    assert "&" not in scoped
    assert scoped.count('[data-game="zz"]') == css.count("&")
    assert gamestyle.style_tag("x{y:z}") == "<style>x{y:z}</style>"


@pytest.mark.parametrize("game", GAMES)
def test_every_games_stylesheet_holds_the_shared_rules_scoped_to_it(game: str) -> None:
    style = importlib.import_module(f"tablero.web.games.{game}.style")
    tag = style.style_tag()
    assert tag == gamestyle.style_tag(style.CSS)
    assert "&" not in style.CSS
    assert style.SCOPE == gamestyle.scope(game)
    assert gamestyle.scoped(gamestyle.MARKS, style.SCOPE) in style.CSS
    prefix = {"arboretum": "arb", "arraial": "arl", "arribada": "arr", "diadeplaya": "dp"}[game]
    assert gamestyle.scoped(gamestyle.rules_text(prefix), style.SCOPE) in style.CSS
    assert f"{style.SCOPE} .{prefix}-ruling{{border-left:4px solid " in style.CSS
    assert gamestyle.scoped(gamestyle.end_headline(prefix), style.SCOPE) in style.CSS or (
        game == "arboretum"  # its winners' line has a margin of its own
    )
