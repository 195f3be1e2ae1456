"""Día de Playa's challenge links and daily deal in Chromium, played by clicking.

* A solitaire game played to its end in one browser, shared as a challenge (the share
  panel's ``tc1.`` link); the link opened in a fresh browser context deals the same
  cards, shows nothing of the sender's result while the receiver plays, and shows it
  (name, score, beach, the sender's beach drawn) on the end screen.
* The daily deal with a fixed clock (Playwright's ``page.clock.set_fixed_time``): the same
  deal in two browser contexts on the same day, another deal the next day; its end screen
  names the day and offers to share the game as a challenge.
"""

from __future__ import annotations

import datetime
import json

import pytest
from conftest import wait_ready
from diadeplaya_ui import CONFIRM, END_CRITERIA, SPOT, TAKE, first_choices, start, status
from diadeplaya_ui import play_to_end as play_by_first_choices
from ui import click
from viewport_shots import DECISION, decision

pytestmark = pytest.mark.browser

SAVES = """() => Object.fromEntries(Object.keys(localStorage)
    .filter(k => k.startsWith('tablero.save.')).map(k => [k, localStorage.getItem(k)]))"""
CURRENT = "() => localStorage.getItem('tablero.current')"
CRITERIA = END_CRITERIA
MADRID = datetime.timezone(datetime.timedelta(hours=2))
DAY = datetime.datetime(2026, 7, 15, 12, 0, tzinfo=MADRID)


PHONE = {"width": 390, "height": 844}

#: Whether an element's text is cut (overflowing its box), and whether it is shown.
WHOLE = """el => ({
  cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
  shown: el.getBoundingClientRect().width > 0,
})"""


def fixed_clock_page(new_page, site_server, when: datetime.datetime, **context):
    """A page in a fresh context (Madrid's time zone) whose clock says ``when``."""
    page = new_page(viewport={"width": 1280, "height": 800}, timezone_id="Europe/Madrid",
                    **context)  # fmt: skip
    page.clock.set_fixed_time(when)
    page.goto(site_server.url)
    wait_ready(page)
    return page


def stored_game(page) -> dict:
    """The saved record of the game on screen (the one to reopen)."""
    current = page.evaluate(CURRENT)
    record: dict = json.loads(page.evaluate(SAVES)[f"tablero.save.{current}"])
    return record


def deal_shown(page) -> str:
    """What the table shows of the deal before anything is played: the first card's
    two faces (their buttons) and the face up in each slot of the market."""
    return page.evaluate(
        """s => [...document.querySelectorAll('#app .tb-table [data-move], #app .dp-slot')]
               .map(e => e.dataset.move !== undefined
                   ? e.dataset.move + '=' + (e.getAttribute('aria-label') ?? e.innerHTML)
                   : 'slot ' + e.dataset.slot + '=' + (e.dataset.face ?? 'empty'))
               .join('\\n')""",
        DECISION,
    )


def play_to_end(page) -> int:
    """Play the solitaire game on the table to its end by clicking as a player would:
    a face for the first card, its rotation, then each turn a card of the market and a
    place on the beach (its ghost, then Confirm).  Returns the clicks made."""
    clicks = 0
    for _ in range(200):
        if page.locator(".shell-end").count():
            return clicks
        d = decision(page)
        if d.startswith("side"):
            click(page, '#app [data-act="move"][data-move^="side"]')
        elif d.startswith("take"):
            click(page, '#app [data-act="move"][data-move^="take"]')
        elif page.locator('#app [data-act="move"][data-move^="rotate"]').count():
            click(page, '#app [data-act="move"][data-move^="rotate"]')
        elif page.locator('#app [data-act="confirm-move"]').count():
            click(page, '#app [data-act="confirm-move"]')
        else:
            click(page, '#app [data-act="spot"]')
        clicks += 1
    raise AssertionError(f"the game did not end; the decision is {decision(page)!r}")


def shown_result(page) -> str:
    return page.inner_text("#app .shell-end")


def test_a_challenge_link_deals_the_same_cards_in_a_fresh_browser_and_shows_the_target_only_at_the_end(  # noqa: E501
    new_page, site_server
):
    """The sender's game is the whole solitaire game to its beach (three criteria, the
    deal of seed 2026, the first choices each turn) and carries that game's checks: no
    pass screen, the points table and targets before it, the result, the beach and the
    breakdown the engine gives for the same clicks at its end.  Then the receiver's game
    in a fresh browser.  Two whole games and two boots: about 30 s on the 2-core machine."""
    # the sender: a solitaire game from the new-game form, named Ana, played to the end
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto(site_server.url)
    wait_ready(page)
    start(page, "solitaire", kinds=("human",), seed=2026, criteria=CRITERIA)
    assert page.locator(".shell-pass").count() == 0  # one player: no pass screen
    assert "14 cards to lay" in status(page)
    # the points table lists the three criteria chosen, and the targets
    rows = page.locator("#app .dp-points tbody tr").evaluate_all(
        "els => els.map(e => e.dataset.criterion)"
    )
    assert rows == list(CRITERIA)
    assert "Mar del Plata 51" in page.inner_text("#app .dp-points-panel")
    start_deal = deal_shown(page)
    assert start_deal
    sender_record = stored_game(page)
    assert sender_record["state"]["setup"]["players"] == 1
    laid = play_by_first_choices(page, first=True)
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
    log = page.inner_text(".shell-log-list")
    assert f"The beach scores {want.score[0]}: {reached} reached." in log
    # nothing left to click on the final table
    assert page.locator(f"{SPOT}, {TAKE}, {CONFIRM}").count() == 0
    assert page.locator("#app [data-target]").count() == 0  # no challenge of its own
    click(page, '#app [data-act="app.challenge-share"]')
    link = page.input_value(".shell-share input.shell-link")
    assert "#tc1." in link
    assert "Challenge a friend" in page.inner_text(".shell-share")
    sender_score = stored_game(page)["state"]["scores"][0]

    # the receiver: a fresh context (no saves), the link in the address bar
    other = new_page(viewport={"width": 1280, "height": 800})
    other.goto(link)
    wait_ready(other)
    assert other.evaluate("location.hash") == ""  # the link is consumed
    assert other.locator("#app .tb-table").count() == 1
    assert deal_shown(other) == start_deal  # the same first card and market
    record = stored_game(other)
    assert record["challenge"] == link.split("#", 1)[1]
    assert record["state"]["setup"] == sender_record["state"]["setup"]
    assert "Ana" in other.inner_text(".shell-toast")
    # while the receiver plays: nothing of the sender's result on the page
    for _ in range(6):
        html = other.inner_html("#app")
        assert "data-target" not in html and "The beach of Ana" not in html
        assert "shell-challenge" not in html
        click(
            other, '#app [data-act="move"], #app [data-act="spot"], #app [data-act="confirm-move"]'
        )
    # a reload in the middle: still hidden, the challenge kept
    other.reload()
    wait_ready(other)
    assert "data-target" not in other.inner_html("#app")
    play_to_end(other)
    target = other.locator("#app [data-target]")
    assert target.count() == 1
    text = target.inner_text()
    assert "Ana" in text and "The challenge" in text
    assert f"score: {sender_score})" in text
    assert target.locator("svg").count() >= 1  # the sender's beach, drawn
    assert "The beach of Ana" in text
    assert any(w in text for w in ("You beat Ana", "Ana beat you", "same score"))


def test_the_daily_deal_is_the_same_in_two_browsers_and_another_the_next_day(new_page, site_server):
    """Three browsers (a fixed clock needs a context of its own), the daily deal of one
    played to its end: about 20 s on the 2-core machine."""
    pages = [fixed_clock_page(new_page, site_server, DAY) for _ in range(2)]
    deals = []
    for page in pages:
        card = page.locator("#app .shell-daily")
        assert "15 July 2026" in card.inner_text()
        click(page, '#app [data-act="app.daily"]')
        deals.append((stored_game(page)["state"]["setup"], deal_shown(page)))
    assert deals[0] == deals[1]
    assert deals[0][0]["seed"] == "daily:2026-07-15"
    assert deals[0][0]["options"]["mode"] == "solitaire"
    # its table names the deal and its day, whole, beside the bar's buttons: on a laptop
    # (the first browser) and on a phone (the second, turned into one)
    pages[1].set_viewport_size(PHONE)
    for page in pages:
        label = page.locator(".shell-bar [data-daily]")
        assert label.inner_text().strip() == "Daily deal of 15 July 2026"
        assert label.is_visible() and label.evaluate(WHOLE) == {"cut": False, "shown": True}
        for control in (".shell-undo", "details.shell-menu > summary"):
            assert page.locator(f".shell-bar {control}").is_visible()

    nextday = fixed_clock_page(new_page, site_server, DAY + datetime.timedelta(days=1))
    assert "16 July 2026" in nextday.inner_text("#app .shell-daily")
    click(nextday, '#app [data-act="app.daily"]')
    setup = stored_game(nextday)["state"]["setup"]
    assert setup["seed"] == "daily:2026-07-16"
    assert deal_shown(nextday) != deals[0][1]

    # the first browser's daily deal to its end: the day and the beach reached named, and
    # a challenge to share
    page = pages[0]
    play_to_end(page)
    result = shown_result(page)
    assert "Daily deal of 15 July 2026" in result
    assert "You reached" in result
    click(page, '#app [data-act="app.challenge-share"]')
    assert "#tc1." in page.input_value(".shell-share input.shell-link")


# --- a challenge explained (the daily deal named on its table: the daily deal test) ----


#: The colours of an element, and of a box of the page's error style beside it.
COLOURS = """el => {
  const error = document.createElement('p');
  error.className = 'shell-error';
  error.textContent = 'x';
  el.parentElement.appendChild(error);
  const pick = (e) => { const s = getComputedStyle(e); return [s.color, s.backgroundColor]; };
  const out = {box: pick(el), error: pick(error)};
  error.remove();
  return out;
}"""


def test_a_challenges_explanation_is_not_styled_as_an_error(new_page, site_server, tmp_path):
    from diadeplaya_ui import best_choices
    from tablero.web.plugin import Seat
    from tablero.web.saves import SavedGame, export_json

    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto(site_server.url)
    wait_ready(page)
    # a finished solitaire game, imported through the menu: its end screen
    game = SavedGame(id="words001", name="Solitaire", game_id="diadeplaya",
                     seats=[Seat("Ana", 0)], state=best_choices(), created=0.0,
                     updated=0.0)  # fmt: skip
    path = tmp_path / "finished.json"
    path.write_text(export_json(game), encoding="utf-8")
    page.locator("details.shell-menu > summary").click()
    page.set_input_files('.shell-menu-items input[type="file"]', str(path))
    page.wait_for_selector('#app [data-act="app.challenge-share"]')
    click(page, '#app [data-act="app.challenge-share"]')
    box = page.locator(".shell-share .shell-info")
    assert "dealt the same cards" in box.inner_text()
    assert page.locator(".shell-share .shell-warning").count() == 0
    colours = box.evaluate(COLOURS)
    assert colours["box"][0] != colours["error"][0], colours  # not the error's red text
    assert colours["box"][1] != colours["error"][1], colours  # nor its red background
