"""The table in motion and the end as a moment, in the page, played like a player.

* Each game's moves animate once (static/boot/motion.js over the markup of
  tablero.web.widgets.motion): a game opened with the others' last moves on it plays
  them (each game's kinds: Arribada's tiles appear and turn face down, Arboretum's cards
  drop into the gardens, Arraial's piece falls into the street, Día de Playa's cards are
  laid), each animation starts and ends, a later render of the same table plays nothing
  again, a click during an animation finishes it and acts; under reduced motion nothing
  starts (every change shown at once).
* A bot's turn is played back move by move: three bots in a row, each move shown no
  sooner than the pace after the one before (tablero.web.model.PLAYBACK_PACE_MS), the
  table rendered between them; "Show at once" shows the rest as they come.
* Each game's end told step by step on its final board (the summary's "Watch the
  scoring", Next to the last step, "See the result"; "Skip to the result" from the
  first), its caption and points changing at each step, axe clean on a step.

The suite's browsers keep playback off (conftest.PLAYBACK_OFF); these tests turn it on in
the menu, as a player does.  Cost: four imports with motion, one three-bot round (about
3 s of waiting, little CPU), four end sequences (about 20 steps): about 12 s in all.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from axe import assert_clean
from conftest import wait_ready
from screens import import_finished_game, import_game_file
from ui import click

pytestmark = pytest.mark.browser

GAMES = ("arribada", "arboretum", "arraial", "diadeplaya")
#: What each game's table animates for the moves since the viewer's last turn.
KINDS = {
    "arribada": {"appear"},
    "arboretum": {"drop"},
    "arraial": {"drop"},
    "diadeplaya": {"appear"},
}
#: How many moves into each game its file is (9 unless said): Día de Playa's first
#: player's last turn then took the market's last card, so the two others slid along.
MOVES = {"diadeplaya": 16}
MOTION = (
    "() => ({...window.tableroMotion, animating: document.documentElement.dataset.animating || ''})"
)


#: Each market card that slid along: [the place it came from as motion.js measured it,
#: its old slot's place against its own now].
MARKET_SLIDES = """() => Array.from(document.querySelectorAll('.dp-market [data-anim-origin]'))
  .map((el) => {
    const from = document.querySelector(el.dataset.animOrigin).getBoundingClientRect();
    const to = el.parentElement.getBoundingClientRect();
    return [el.dataset.animMeasured || null,
            `${Math.round(from.left - to.left)},${Math.round(from.top - to.top)}`];
  })"""


def playback_on(page) -> None:
    """The menu's playback switch turned on (the suite's browsers start with it off)."""
    page.locator("details.shell-menu > summary").click()
    switch = '.shell-menu-items [data-act="app.playback"]'
    assert page.get_attribute(switch, "aria-checked") == "false"
    click(page, switch)
    assert page.get_attribute(switch, "aria-checked") == "true"
    assert page.evaluate("localStorage.getItem('tablero.playback')") == "1"
    page.locator("details.shell-menu > summary").click()


def mid_game_file(folder: Path, game_id: str, moves: int, seats=None, **options) -> Path:
    """A saved game of two people after ``moves`` random moves (seed 5), the second
    player's turn next if it can be: the first player's moves are the news."""
    from tablero.core import Rng, make
    from tablero.web.plugin import Seat
    from tablero.web.saves import SavedGame, export_json

    state, rng = make(game_id, players=len(seats or [0, 1]), seed=5, **options), Rng(5)
    for _ in range(moves):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randbelow(len(legal))])
    seats = seats or [Seat("Ana", 0), Seat("Ben", 1)]
    game = SavedGame(id=f"mid{game_id[:5]}", name="Mid", game_id=game_id, seats=seats,
                     state=state, created=0.0, updated=0.0)  # fmt: skip
    path = folder / f"mid-{game_id}.json"
    path.write_text(export_json(game), encoding="utf-8")
    return path


def test_each_games_moves_animate_once_and_a_press_finishes_them(new_page, site_server):
    page = new_page(viewport={"width": 1100, "height": 900}, reduced_motion="no-preference")
    page.goto(site_server.url)
    wait_ready(page)
    with tempfile.TemporaryDirectory() as tmp:
        for game in GAMES:
            before = page.evaluate(MOTION)
            import_game_file(page, mid_game_file(Path(tmp), game, MOVES.get(game, 9)))
            now = page.evaluate(MOTION)
            started = now["started"] - before["started"]
            kinds = {e["kind"] for e in now["log"][-started:]} if started else set()
            assert started > 0 and KINDS[game] <= kinds, (game, started, kinds)
            if game == "diadeplaya":
                # the market's cards slid along from their old slots, as laid out here
                slid = page.evaluate(MARKET_SLIDES)
                assert slid and all(measured == now for measured, now in slid), slid
            # each animation ends (and says so)
            page.wait_for_function(
                "s => window.tableroMotion.finished >= s"
                " && !document.documentElement.dataset.animating",
                arg=now["started"],
            )
            # a render of the same table (the moves drawer) plays nothing again
            click(page, '.shell-bar [data-act="app.drawer"][data-drawer="log"]')
            again = page.evaluate(MOTION)
            assert again["started"] == now["started"], game
            click(page, '.shell-bar [data-act="app.drawer"][data-drawer="log"]')
        # a click during an animation finishes it and acts: the last game's moves again
        # in a fresh table (its save reopened from the start screen), held halfway
        import_game_file(page, mid_game_file(Path(tmp), "arraial", 9))
    # (held at their first playing frame: the animations start in the frame after the
    # render's)
    page.evaluate(
        """() => new Promise((done) => {
          const held = () => {
            const playing = document.documentElement.dataset.animating === '1';
            if (!playing) return requestAnimationFrame(held);
            document.getAnimations().forEach((a) => a.pause());
            done();
          };
          held();
        })"""
    )
    held = page.evaluate(MOTION)
    assert held["animating"] == "1", "the moves of a table opened anew did not animate"
    assert_clean(page, "Arraial's table, its moves halfway through their animations")
    click(page, '.shell-bar [data-act="app.drawer"][data-drawer="log"]')
    done = page.evaluate(MOTION)
    assert done["animating"] == "" and done["finished"] >= held["started"]
    assert page.locator(".shell-screen[data-drawer='log']").count() == 1  # and it acted


def test_under_reduced_motion_nothing_animates(new_page, site_server):
    page = new_page(viewport={"width": 1100, "height": 900})  # the suite's: reduce
    page.goto(site_server.url)
    wait_ready(page)
    before = page.evaluate(MOTION)  # (what earlier tests in this tab animated)
    with tempfile.TemporaryDirectory() as tmp:
        import_game_file(page, mid_game_file(Path(tmp), "arribada", 9))
    motion = page.evaluate(MOTION)
    assert motion["started"] == before["started"] and motion["animating"] == ""
    assert motion["instant"] > before["instant"]  # the moves were there, shown at once
    assert page.evaluate("document.getAnimations().length") == 0


def test_a_bots_turn_is_played_back_move_by_move(new_page, site_server):
    from tablero.web.model import PLAYBACK_PACE_MS
    from tablero.web.plugin import Seat

    page = new_page(viewport={"width": 1100, "height": 900})
    page.goto(site_server.url)
    wait_ready(page)
    playback_on(page)
    seats = [Seat("Ana", 0)] + [Seat(f"Bot {i}", i, "bot:random") for i in (1, 2, 3)]
    with tempfile.TemporaryDirectory() as tmp:
        # Arraial, four players, the first bot to move: three bot moves in a row
        path = mid_game_file(Path(tmp), "arraial", 0, seats=seats, first_player=1)
        import_game_file(page, path)
    page.wait_for_function(
        "() => (window.tableroBots?.log || []).filter((e) => e.event === 'applied').length >= 3",
        timeout=30_000,
    )
    log = page.evaluate("() => window.tableroBots.log")
    applied = [e["at"] for e in log if e["event"] == "applied"][:3]
    answered = [e["ms"] for e in log if e["event"] == "answered"][:3]
    gaps = [b - a for a, b in zip(applied, applied[1:], strict=False)]
    # each bot's move shown no sooner than the pace after the one before, though the
    # random bot answers in a few milliseconds (the first answer waits for the worker)
    assert all(ms < PLAYBACK_PACE_MS / 2 for ms in answered[1:]), answered
    assert all(gap >= PLAYBACK_PACE_MS * 0.9 for gap in gaps), gaps
    # "Show at once": the same round opened again (another save), skipped as soon as
    # the first bot is thinking: the moves held for the pace come at once
    with tempfile.TemporaryDirectory() as tmp:
        path = mid_game_file(Path(tmp), "arraial", 0, seats=seats, first_player=1)
        path.write_text(path.read_text().replace('"midarrai"', '"midarra2"'))
        import_game_file(page, path)
    skip = '.shell-thinking [data-act="app.playback-skip"]'
    assert page.locator(skip).count() == 1
    pressed = page.evaluate("() => performance.now()")
    click(page, skip)
    assert page.locator(skip).count() == 0  # at once until Ana's turn
    page.wait_for_function(
        "t => window.tableroBots.log.filter((e) => e.event === 'applied' && e.at > t).length >= 2",
        arg=pressed,
    )
    after = [e["at"] for e in page.evaluate("() => window.tableroBots.log")
             if e["event"] == "applied" and e["at"] > pressed]  # fmt: skip
    assert all(b - a < PLAYBACK_PACE_MS / 2 for a, b in zip(after, after[1:], strict=False)), after


def step_of(page) -> tuple[int, int] | None:
    found = page.evaluate(
        "() => { const s = document.querySelector('[data-decision=\"end-step\"]');"
        " return s ? [Number(s.dataset.step), Number(s.dataset.steps)] : null; }"
    )
    return tuple(found) if found else None


@pytest.mark.parametrize("game", GAMES)
def test_each_games_end_is_told_step_by_step(new_page, site_server, game):
    page = new_page(viewport={"width": 1100, "height": 900})
    page.goto(site_server.url)
    wait_ready(page)
    import_finished_game(page, game)
    assert step_of(page) is None and page.locator(".shell-end").count() == 1  # the summary
    click(page, '.shell-end [data-act="app.end-step"][data-step="0"]')
    first = step_of(page)
    assert first is not None and first[0] == 0 and first[1] >= 2, first
    captions, lit = [], []
    for i in range(first[1]):
        assert step_of(page) == (i, first[1])
        captions.append(page.inner_text(".shell-step-caption"))
        assert page.locator(".shell-step-board [data-game]").count() >= 1
        lit.append(page.locator(".shell-step-board .tb-step-on").count())
        if i == 1:
            assert_clean(page, f"{game}'s end sequence, step 2")
        if i < first[1] - 1:
            click(page, '.shell-end-steps [data-act="app.end-step"].shell-primary')
    assert len(set(captions)) == len(captions), captions  # each step says its own thing
    # what scores is lit where it happens (a step may light nothing: a species nobody
    # holds in Arboretum)
    assert lit[0] > 0 and sum(1 for n in lit[:-1] if n) >= (len(lit) - 1) / 2, lit
    click(page, '.shell-end-steps [data-act="app.end-skip"]')  # "See the result"
    assert step_of(page) is None and page.locator(".shell-end").count() == 1
    # watched again and skipped from its first step
    click(page, '.shell-end [data-act="app.end-step"][data-step="0"]')
    assert step_of(page) == (0, first[1])
    click(page, '.shell-end-steps [data-act="app.end-skip"]')
    assert step_of(page) is None and page.locator(".shell-end [data-act='app.replay']").count() == 1
