"""Arboretum in Chromium, played by clicking like a player: a whole 2-player game to the
final scoring, a 3-player hot-seat game that keeps hands private, and a shared link.

Every move is made on the page: the deck or a pile top to draw, a hand card then a
highlighted cell (after its preview) to play, a hand card then the confirm button to
discard.  The plans always take the first thing offered, which is also the first legal
move of the engine (``legal_moves()[0]``: ``draw deck``, the lowest card on its first
cell, the lowest card), so a CPython replica of the game follows along and tells what
each player's hand must be.
"""

from __future__ import annotations

import pytest
from arboretum_ui import hand, new_game, play_turn, reveal
from conftest import wait_ready
from tablero.arboretum import CARD_NAMES
from tablero.core import make
from ui import click, open_app

pytestmark = pytest.mark.browser


def replica(players: int, seed: int):
    return make("arboretum", players=players, seed=seed, first_player=0)


def replay_turn(state):
    """The same turn in CPython: the first legal move at each of the 4 decisions."""
    for _ in range(4):
        state = state.apply(state.legal_moves()[0])
    return state


# --- the tests ------------------------------------------------------------------------------


def test_a_full_two_player_game_to_the_final_scoring(new_page, site_server):
    seed = 7
    state = replica(2, seed)
    page = open_app(new_page, site_server)
    new_game(page, seed=seed)
    turns = 0
    while not state.is_terminal():
        reveal(page)
        me = state.current_player
        assert hand(page) == [CARD_NAMES[c] for c in state.hands[me]]
        assert page.locator(".arb-seat.is-turn .arb-seat-name").inner_text() == ["Ana", "Ben"][me]
        deck = int(page.locator("[data-deck-count]").get_attribute("data-deck-count"))
        assert deck == state.deck_count
        play_turn(page)
        state = replay_turn(state)
        turns += 1
        assert turns < 40
    end = page.locator(".shell-end .arb-end")
    assert end.count() == 1
    # the breakdown: one row per species, rights, the totals, the winner
    assert end.locator("[data-species-row]").count() == 6
    totals = end.locator("[data-total]").evaluate_all("els => els.map(e => +e.textContent)")
    assert totals == state.scores()
    rights = end.locator('td[data-right="1"]').count()
    events = [e for e in state.history[-1]["events"] if e["type"] == "species"]
    assert rights == sum(len(e["right"]) for e in events)
    scored = sum(1 for e in events for p in e["paths"] if p["scored"])
    assert end.locator("g[data-path]").count() == scored
    names = ", ".join(["Ana", "Ben"][w] for w in state.winners())
    assert names.split(", ")[0] in end.locator(".arb-winner").inner_text()
    log = page.inner_text(".shell-log-list")
    assert "Final scores:" in log and "hand sums" in log
    # the table at the end has nothing left to click
    idle = '.arb-table [data-act="move"], .arb-table [data-act="pick-card"]'
    assert page.locator(idle).count() == 0


def test_a_three_player_hot_seat_game_keeps_hands_private(new_page, site_server):
    seed = 12
    state = replica(3, seed)
    page = open_app(new_page, site_server)
    new_game(page, players=3, seed=seed)
    for _ in range(4):
        me = state.current_player
        # the pass-the-device screen: whose turn it is, and no hand at all
        assert page.locator(".shell-pass").count() == 1
        assert ["Ana", "Ben", "Cy"][me] in page.inner_text(".shell-pass h1")
        html = page.inner_html("#app")
        assert "data-hand-card" not in html and "arb-hand" not in html
        click(page, '[data-act="app.reveal"]')
        if len(state.history) > 1:  # the others' deck draws are masked in the log
            assert "drew a card from the deck." in page.inner_text(".shell-log-list")
        # only this player's hand; the others' unknown cards nowhere on the page
        assert hand(page) == [CARD_NAMES[c] for c in state.hands[me]]
        assert page.locator("[data-hand-owner]").get_attribute("data-hand-owner") == str(me)
        html = page.inner_html("#app .shell-table")
        for q in range(3):
            if q != me:
                for c in state.hands[q]:
                    if c not in state.known[q]:
                        assert f'"{CARD_NAMES[c]}"' not in html
        counts = page.locator("[data-hand-count]").evaluate_all(
            "els => els.map(e => +e.dataset.handCount)"
        )
        assert counts == [len(h) for h in state.hands]
        play_turn(page)
        state = replay_turn(state)
    # a pile top can be taken by the next player: it becomes a known card for everyone
    me = state.current_player
    click(page, '[data-act="app.reveal"]')
    pile = f'[data-act="move"][data-move="draw {"ABC"[(me - 1) % 3]}"]'
    assert page.locator(pile).count() == 1
    top = page.locator(f"[data-pile='{(me - 1) % 3}']").get_attribute("data-pile-top")
    click(page, pile)
    assert top in hand(page)
    assert "took" in page.inner_text(".shell-log-list")


def test_a_shared_link_restores_the_arboretum_game(new_page, site_server):
    page = open_app(new_page, site_server, permissions=["clipboard-read", "clipboard-write"])
    new_game(page, seed=21)
    play_turn(page)
    reveal(page)
    click(page, '[data-act="move"][data-move="draw deck"]')  # Ben is mid-turn
    page.locator("details.shell-menu > summary").click()
    click(page, '.shell-menu-items [data-act="app.share"]')
    page.wait_for_function(
        "() => !document.querySelector('.shell-share-status').textContent.includes('…')"
    )
    link = page.locator(".shell-share input.shell-link").input_value()
    assert "#tb1." in link
    click(page, '[data-act="app.share-close"]')
    table = page.inner_html("#app .shell-table")
    top = page.inner_text(".tb-top")

    other = new_page()  # a fresh context: no saves, no service worker
    other.goto(link)
    wait_ready(other)
    click(other, '[data-act="app.reveal"]')
    assert other.inner_html("#app .shell-table") == table
    assert other.inner_text(".tb-top") == top
    assert "Draw your second card" in other.inner_text(".arb-status")
    assert other.locator('[data-garden="0"] [data-card-cell]').count() == 1
