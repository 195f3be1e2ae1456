"""Día de Playa in Chromium, played by clicking like a player: a whole solitaire game to
the beach it reaches, a whole 2-player competitive game against a bot to the final
scoring, a cooperative hot-seat game whose turns pass between three seats, a teams game
with the other beaches beside the player's, and a card placed with the keyboard (the
ghost moved by the arrow keys, turned with R, chosen and confirmed with Enter).

Every move is made on the page (``diadeplaya_ui``): a face for the first card and Lay it
here; then each turn a card of the market, a place on the beach (its handle, under which
the card's ghost is shown), the preview, Confirm.
"""

from __future__ import annotations

import re

import pytest
from diadeplaya_ui import (
    CONFIRM,
    END_CRITERIA,
    PREVIEW,
    SPOT,
    TAKE,
    beach_blocks,
    first_choices,
    play_to_end,
    play_turn,
    reveal,
    start,
    status,
    wait_turn_or_end,
)
from ui import open_app
from viewport_shots import decision, wait_decision

pytestmark = pytest.mark.browser

CRITERIA = END_CRITERIA


def log_text(page) -> str:
    return page.inner_text(".shell-log-list")


def test_a_solitaire_game_to_its_beach(new_page, site_server):
    page = open_app(new_page, site_server, viewport={"width": 1280, "height": 800})
    start(page, "solitaire", kinds=("human",), seed=2026, criteria=CRITERIA)
    assert page.locator(".shell-pass").count() == 0  # one player: no pass screen
    assert "14 cards to lay" in status(page)
    # the points table lists the three criteria chosen, and the targets
    rows = page.locator("#app .dp-points tbody tr").evaluate_all(
        "els => els.map(e => e.dataset.criterion)"
    )
    assert rows == list(CRITERIA)
    assert "Mar del Plata 51" in page.inner_text("#app .dp-points-panel")
    laid = play_to_end(page, first=True)
    assert laid == 14
    want = first_choices(2026, CRITERIA)  # the engine's result for the same clicks
    reached = want.beach_reached()
    assert reached  # these clicks reach a beach on this deal
    end = page.locator(".shell-end .dp-end")
    result = end.locator("[data-result]")
    assert result.get_attribute("data-result") == "won"
    assert result.get_attribute("data-beach-reached") == reached
    assert result.inner_text() == f"{reached} reached with {want.score[0]} points"  # 10 or more
    assert end.locator('.dp-ladder [aria-current="true"]').inner_text().startswith(reached)
    # the beach drawn with its scoring marked, the breakdown, the chart
    assert int(end.locator("[data-end-total='0']").inner_text()) == want.score[0]
    for c in CRITERIA:
        cell = end.locator(f"[data-end-points='0:{c}']").inner_text()
        assert int(cell) == want.points[0][c]
    marked = end.locator("[data-marks]").evaluate_all("els => els.map(e => e.dataset.marks)")
    assert marked and set(marked) <= set(CRITERIA)
    assert end.locator("polyline.dp-chart-line").count() == 1
    assert f"The beach scores {want.score[0]}: {reached} reached." in log_text(page)
    # nothing left to click on the final table
    assert page.locator(f"{SPOT}, {TAKE}, {CONFIRM}").count() == 0


def test_a_two_player_game_against_a_bot_to_the_final_scoring(new_page, site_server):
    page = open_app(new_page, site_server, viewport={"width": 1280, "height": 800})
    start(page, "competitive", kinds=("human", "bot:random"), seed=5)
    wait_decision(page, "side:")
    # Ben's beach is beside Ana's, smaller
    assert page.locator('#app .tb-side .dp-other[data-beach="1"] svg.is-small').count() == 1
    laid = play_to_end(page)
    assert laid == 9  # a 2-player game lays 18 cards: 9 each
    end = page.locator(".shell-end .dp-end")
    assert end.count() == 1
    totals = []
    for b in (0, 1):
        points = end.locator(f"[data-end-points^='{b}:']").all_inner_texts()
        assert len(points) == 7
        total = int(end.locator(f"[data-end-total='{b}']").inner_text())
        assert sum(int(x) for x in points) == total
        totals.append(total)
    assert end.locator("[data-end-beach]").count() == 2
    assert end.locator("polyline.dp-chart-line").count() == 2
    log = log_text(page)
    assert f"Final scores: Ana {totals[0]}, Ben {totals[1]}." in log
    winner = end.locator(".dp-winner").inner_text()
    if totals[0] != totals[1]:
        best = max(totals)
        points = f"{best} point" if abs(best) == 1 else f"{best} points"
        assert f"{'Ana' if totals[0] > totals[1] else 'Ben'} wins with {points}" in winner
    assert "Ben lays card " in log and "Ana lays card " in log
    assert page.locator(f"{SPOT}, {TAKE}, {CONFIRM}").count() == 0


def test_a_hard_bots_turn_in_the_worker_follows_its_plan(new_page, site_server):
    """Ben, ``bot:hard`` (the look-ahead at a table with a rival), plays his first turn
    in the worker: his take is searched (at least one deal), then his card is turned and
    laid (as the take's look-ahead planned it).  How long his decisions take is
    measured by bench/bench_bots_browser.py (the 2-second bound), not here."""
    page = open_app(new_page, site_server, viewport={"width": 1280, "height": 800})
    start(page, "competitive", kinds=("human", "bot:hard"), seed=5)
    wait_decision(page, "side:")
    play_turn(page)  # Ana's first card; then Ben's, the worker starting
    wait_turn_or_end(page)
    play_turn(page)  # Ana's take and card; then Ben's whole turn
    wait_turn_or_end(page)
    log = page.evaluate("[...window.tableroBots.log]")
    answers = [e for e in log if e["event"] == "answered"]
    takes = [e for e in answers if e["move"].startswith("take")]
    assert len(takes) == 1 and takes[0]["stats_iterations"] >= 1
    assert len(answers) > answers.index(takes[0]) + 1  # then the card turned and laid
    assert "Ben lays card " in log_text(page)


def test_a_cooperative_games_turns_pass_between_the_seats(new_page, site_server):
    page = open_app(new_page, site_server, viewport={"width": 1280, "height": 800})
    start(page, "cooperative", kinds=("human",), seed=7)
    passed = []
    blocks = 0
    for _ in range(8):
        if page.locator(".shell-pass").count():
            # the pass screen first: no beach until the player says they are there
            assert page.locator("#app .dp-beach").count() == 0
            passed.append(page.inner_text(".shell-pass h1"))
            if len(passed) == 4:
                break
            reveal(page)
        # the one shared beach, grown by the card the seat before laid
        assert page.inner_text("#app .dp-beach-panel h2").strip() == "The shared beach"
        now = beach_blocks(page)
        assert now > blocks or now == blocks == 0
        blocks = now
        assert page.locator("#app .dp-other").count() == 0
        play_turn(page)
        wait_turn_or_end(page)
    names = [re.search(r"(Ana|Ben|Cy)", p).group(1) for p in passed]  # type: ignore[union-attr]
    # Ana lays the first card and takes the first turn; then each seat in turn
    assert names == ["Ana", "Ben", "Cy", "Ana"]
    # Cy's pass screen said what Ben did
    said = page.inner_text(".shell-pass-news")
    assert "Ben lays card " in said


def test_a_teams_game_shows_the_other_beaches(new_page, site_server):
    page = open_app(new_page, site_server, viewport={"width": 1280, "height": 800})
    start(page, "teams", kinds=("human", "bot:random"), seed=11)
    wait_decision(page, "side:")
    seats = page.locator("#app .dp-seat .dp-stat").all_inner_texts()
    assert seats == ["Team A", "Team B", "Team A", "Team B"]
    play_turn(page)
    wait_decision(page, "take:")
    others = page.locator("#app .tb-side .dp-other")
    assert others.evaluate_all("els => els.map(e => e.dataset.beach)") == ["1", "2", "3"]
    for b in (1, 2, 3):
        panel = page.locator(f'#app .tb-side .dp-other[data-beach="{b}"]')
        assert panel.locator("svg.dp-beach.is-small").count() == 1
        assert beach_blocks(page, b) == 6  # each first card laid
        assert panel.locator("rect.tb-recent").count() == 1  # laid since Ana's turn
        # smaller than Ana's beach
        small = panel.locator("svg.dp-beach").bounding_box()
        big = page.locator("#app .tb-board svg.dp-beach").bounding_box()
        assert small and big and small["width"] < big["width"]
    assert "Ben's beach" in others.first.inner_text()


def test_a_card_placed_with_the_keyboard(new_page, site_server):
    """The ghost follows the arrow keys, R turns the card, Enter chooses and confirms."""
    page = open_app(new_page, site_server, viewport={"width": 1280, "height": 800})
    start(page, "solitaire", kinds=("human",), seed=3)
    play_turn(page)  # the first card, by clicks
    wait_decision(page, "take:")
    focus = "() => document.activeElement?.dataset.move ?? ''"
    assert page.evaluate(focus) == "take 1"  # the market's first card has the focus
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focus) == "take 2"
    page.keyboard.press("Enter")
    wait_decision(page, "rotate:")
    assert decision(page).split(":")[2] == "0"

    def only_ghost_shown(move: str) -> None:
        """Wait until the ghost of the place ``move`` is shown and every other one hidden
        (the ghosts fade in and out)."""
        page.wait_for_function(
            """m => [...document.querySelectorAll('#app .dp-ghost')].every(g =>
                 (+getComputedStyle(g).opacity > 0.5) === (g.previousElementSibling.dataset.move
                                                           === m))""",
            arg=move,
            timeout=3000,
        )

    page.mouse.move(0, 0)
    first = page.evaluate(focus)
    assert first.startswith("place ")
    only_ghost_shown(first)
    page.keyboard.press("ArrowRight")
    moved = page.evaluate(focus)
    if moved == first:  # no place to the right: the other way
        page.keyboard.press("ArrowLeft")
        moved = page.evaluate(focus)
    assert moved != first and moved.startswith("place ")
    only_ghost_shown(moved)
    # R turns the card: the places are those of the card turned a quarter
    hand = "#app .dp-hand-card"
    before = page.locator(SPOT).evaluate_all("els => els.map(e => e.dataset.move)")
    page.keyboard.press("r")
    page.wait_for_function(
        "() => document.querySelector('#app .dp-hand-card')?.dataset.rotation === '90'"
    )
    assert decision(page).split(":")[2] == "90"
    assert page.locator(hand).get_attribute("data-rotation") == "90"
    after = page.locator(SPOT).evaluate_all("els => els.map(e => e.dataset.move)")
    assert after != before
    target = page.evaluate(focus)
    assert target in after
    page.keyboard.press("ArrowDown")
    target = page.evaluate(focus)
    only_ghost_shown(target)
    # Enter chooses the place: the card is turned for good, the preview, the focus on Confirm
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#app .dp-preview')")
    assert page.locator(PREVIEW).get_attribute("data-preview") == target
    assert page.evaluate("() => document.activeElement.dataset.act") == "confirm-move"
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => /^take:/.test(document.querySelector('#app [data-decision]')?.dataset.decision)"
    )
    cell = target.removeprefix("place ")
    assert f"turned 90° at {cell}" in log_text(page)
    assert beach_blocks(page) > 6
