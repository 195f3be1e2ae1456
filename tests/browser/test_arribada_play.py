"""Arribada in Chromium, played by clicking like a player: place, claim, the extra action
after a 2, a capture (standard) and no capture (beginner).

Games start from the new-game dialog with a fixed seed.  Seed 9 deals the first player
(Ana) ``1 1 2 6 8`` and Ben ``3 4 5 7 8``, with neutral tiles on the nidos c2 (a 2), g3,
b6 and f7; the plans below were found by playing the same moves with the engine in
CPython, and :func:`_check_plan` replays them there first so that a changed deal fails
with a clear message rather than a missing element.
"""

from __future__ import annotations

import pytest
from tablero.core import make
from ui import click, new_game, open_app, place, reveal

pytestmark = pytest.mark.browser

SEED = 9


def status(page) -> str:
    return page.inner_text(".arr-status")


def finish_turn(page) -> None:
    """Draw back from the bag, end the turn, and hand the device to the next player."""
    for _ in range(8):
        if page.locator('[data-act="app.reveal"]').count():
            reveal(page)
            return
        for move in ("draw bag", "end"):
            selector = f'button[data-act="move"][data-move="{move}"]'
            if page.locator(selector).count():
                click(page, selector)
                break
        else:
            raise AssertionError(f"no draw or end button: {status(page)}")
    raise AssertionError("the turn did not end")


def tile(page, cell: str):
    return page.locator(f'[data-tile-cell="{cell}"]')


def _finish(state):
    while state.phase in ("draw", "end"):
        state = state.apply("draw bag" if state.phase == "draw" else "end")
    return state


def _check_plan(variant: str, *turns: str) -> object:
    """Replay the planned turns in CPython (each place followed by drawing back)."""
    s = make("arribada", players=2, seed=SEED, variant=variant)
    assert s.current_player == 0 and s.racks[0] == [1, 1, 2, 6, 8], s.to_text()
    for move in turns:
        s = _finish(s.apply(move))
    return s


# --- the tests ------------------------------------------------------------------------------


def test_place_a_tile_by_clicking(new_page, site_server):
    page = open_app(new_page, site_server)
    new_game(page)
    assert "Ana" in page.inner_text(".arr-seat.is-turn")
    rack = page.locator(".arr-rack [data-rack-value]")
    assert sorted(rack.evaluate_all("els => els.map(e => e.dataset.rackValue)")) == list("11268")
    # nothing is clickable on the board before a tile is picked (no claim, no capture yet)
    assert page.locator('[data-act="cell"]').count() == 0
    click(page, '[data-act="pick-value"][data-value="6"]')
    assert page.locator('[data-act="cell"]').count() == 52  # every empty playa cell
    click(page, '[data-act="cell"][data-cell="d2"]')
    preview = page.locator(".arr-preview")
    assert "Strength around d2" in preview.inner_text()
    click(page, '[data-act="confirm-move"]')
    assert tile(page, "d2").get_attribute("data-tile-value") == "6"
    assert tile(page, "d2").get_attribute("data-tile-owner") == "0"
    assert "Ana placed a 6 on d2." in page.inner_text(".shell-log-list")
    assert "Draw back" in status(page)


def test_claim_a_neutral_tile(new_page, site_server):
    _check_plan("standard", "place 1 c1", "place 3 h8")  # then Ana may claim c2
    page = open_app(new_page, site_server)
    new_game(page)
    place(page, 1, "c1")
    finish_turn(page)
    assert "Ben" in page.inner_text(".arr-seat.is-turn")
    place(page, 3, "h8")
    finish_turn(page)
    # Ana's 1 (strength 10) beside the neutral 2 on the nido c2: it is highlighted
    target = page.locator('[data-act="cell"][data-cell="c2"]')
    assert target.get_attribute("data-kind") == "claim"
    click(page, '[data-act="cell"][data-cell="c2"]')
    assert "Claim a 2 on c2" in page.inner_text(".arr-preview")
    click(page, '[data-act="confirm-move"]')
    assert tile(page, "c2").get_attribute("data-tile-owner") == "0"
    assert "Ana claimed a 2 on c2." in page.inner_text(".shell-log-list") or (
        "Ana claimed the neutral tile on c2." in page.inner_text(".shell-log-list")
    )
    # a claimed 2 gives the extra action too; skip it
    assert "Extra action" in status(page)
    click(page, 'button[data-act="move"][data-move="decline"]')
    assert "end your turn" in status(page)  # a claim takes nothing from the rack


def test_extra_action_after_placing_a_2(new_page, site_server):
    page = open_app(new_page, site_server)
    new_game(page)
    place(page, 2, "a1")
    assert "Extra action" in status(page)
    assert page.locator('button[data-act="move"][data-move="decline"]').count() == 1
    assert page.locator(".arr-rack [data-rack-value]").count() == 4  # not refilled yet
    place(page, 6, "a8")
    assert tile(page, "a8").get_attribute("data-tile-owner") == "0"
    assert "(2 to go)" in status(page)  # both actions are drawn back together
    finish_turn(page)
    assert "Ben" in page.inner_text(".arr-seat.is-turn")


def _capture_setup(page) -> None:
    place(page, 1, "h1")
    finish_turn(page)
    place(page, 3, "h2")  # Ben's 3 beside Ana's 1
    finish_turn(page)


def test_capture_in_the_standard_game(new_page, site_server):
    s = _check_plan("standard", "place 1 h1", "place 3 h2")
    assert "capture h2" in [str(m) for m in s.legal_moves()]
    page = open_app(new_page, site_server)
    new_game(page, "standard")
    _capture_setup(page)
    target = page.locator('[data-act="cell"][data-cell="h2"]')
    assert target.get_attribute("data-kind") == "capture"
    click(page, '[data-act="cell"][data-cell="h2"]')
    preview = page.inner_text(".arr-preview")
    assert "Your strength 10 beats 3" in preview
    click(page, '[data-act="confirm-move"]')
    assert tile(page, "h2").get_attribute("data-tile-value") == "wild"
    assert tile(page, "h2").get_attribute("data-tile-owner") == "0"
    assert "Ana captured a 3 from Ben on h2" in page.inner_text(".shell-log-list")


def test_no_capture_in_the_beginner_game(new_page, site_server):
    s = _check_plan("beginner", "place 1 h1", "place 3 h2")
    assert not [m for m in s.legal_moves() if str(m).startswith("capture")]
    page = open_app(new_page, site_server)
    new_game(page, "beginner")
    _capture_setup(page)
    assert page.locator('[data-act="cell"][data-cell="h2"]').count() == 0
    assert page.locator('[data-kind="capture"]').count() == 0
    click(page, '[data-act="pick-value"][data-value="1"]')
    assert page.locator('[data-act="cell"][data-cell="h2"]').count() == 0  # occupied
    assert tile(page, "h2").get_attribute("data-tile-owner") == "1"


def test_a_render_replaces_only_what_changed(new_page, site_server):
    """Picking a rack tile redraws the rack and the board's highlights, not the rest: the
    seats panel stays the same element (so the browser lays out only what changed); a
    form control is always new, as with a full redraw."""
    page = open_app(new_page, site_server)
    new_game(page)
    page.evaluate(
        """() => {
            for (const sel of ['.arr-seats', '.arr-rack-tile']) {
                document.querySelector(sel).tbKept = sel;
            }
            document.querySelector('.shell-bar select').tbKept = 'select';
        }"""
    )
    value = page.locator('[data-act="pick-value"]').first.get_attribute("data-value")
    click(page, f'[data-act="pick-value"][data-value="{value}"]')
    kept = page.evaluate(
        """() => ['.arr-seats', '.arr-rack-tile', '.shell-bar select'].map(
            sel => document.querySelector(sel).tbKept ?? null)"""
    )
    assert kept[0] == ".arr-seats"  # unchanged: the same element
    assert kept[1] is None  # the rack changed (a tile is pressed): redrawn
    assert kept[2] is None  # a form control: always new
    assert page.locator('[data-act="pick-value"][aria-pressed="true"]').count() == 1
    # the game plays on through the patched page
    cell = page.locator('[data-act="cell"]').first.get_attribute("data-cell")
    click(page, f'[data-act="cell"][data-cell="{cell}"]')
    assert page.locator(f'.arr-preview[data-preview="place {value} {cell}"]').count() == 1
    click(page, '[data-act="confirm-move"]')
    assert page.locator(f'[data-act="cell"][data-cell="{cell}"]').count() == 0
