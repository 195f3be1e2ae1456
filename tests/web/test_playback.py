"""Playback and the end as a moment, through the controller as the page drives it: a
game that ends here told step by step on its final board (Next, Back, "Skip to the
result", the summary's "Watch the scoring"), the points added up as the steps go; the
menu's playback switch; a bot's move asked with the pace it is shown at, and "Show at
once".  The moves' animation markup is each game's (tests/games/<game>/test_ui.py); the
page's side of both is in tests/browser/test_motion.py."""

from __future__ import annotations

import dataclasses
import re

from tablero.core import Rng, make
from tablero.web.games import get_ui
from tablero.web.model import PLAYBACK_PACE_MS
from tablero.web.plugin import EndStep, Seat, no_end_steps

from web.test_app import Page, make_app

ANA_BEN = [Seat("Ana", 0), Seat("Ben", 1)]


def stepped_ui(steps):
    """The games' UIs, Arribada's with ``steps(state, seats, t)`` as its end sequence."""

    def get(game_id: str):
        ui = get_ui(game_id)
        return dataclasses.replace(ui, end_steps=steps) if game_id == "arribada" else ui

    return get


def three_steps(state, seats, t):
    """Two steps that score (3 to Ana, then 2 to Ben), then the winner; the captions and
    a board holding a player's name, as a game's would."""
    return [
        EndStep(f"{seats[0].name} scores 3", '<svg class="board" data-b="0"></svg>', (3, 0)),
        EndStep(f"{seats[1].name} scores 2", '<svg class="board" data-b="1"></svg>', (0, 2)),
        EndStep("The winner", '<svg class="board" data-b="2"></svg>'),
    ]


def before_the_end(seed: int = 3):
    """An Arribada game one move before its end, and that move."""
    state, rng = make("arribada", players=2, seed=seed), Rng(seed)
    while True:
        moves = state.legal_moves()
        for move in moves:
            if state.apply(move).is_terminal():
                return state, str(move)
        state = state.apply(moves[rng.randbelow(len(moves))])


def at_the_end(app, seats=ANA_BEN, kinds=("human", "human")) -> Page:
    """A saved game one move from its end, opened, and its last move played here."""
    from tablero.web.saves import SavedGame

    state, last = before_the_end()
    seats = [dataclasses.replace(s, kind=k) for s, k in zip(seats, kinds, strict=True)]
    game = SavedGame(app.store.new_id(), "End", "arribada", seats, state, 1.0, 1.0)
    app.store.save(game)
    page = Page(app, app.boot("en")).send("app.resume", id=game.id)
    return page.play(last)


def step_of(html: str) -> tuple[int, int] | None:
    found = re.search(r'data-decision="end-step" data-step="(\d+)" data-steps="(\d+)"', html)
    return (int(found[1]), int(found[2])) if found else None


def points_shown(html: str) -> list[int]:
    return [int(x) for x in re.findall(r'data-points="(-?\d+)"', html)]


def test_a_game_that_ends_here_is_told_step_by_step_then_summed_up():
    page = at_the_end(make_app(get_ui=stepped_ui(three_steps)))
    assert page.state.is_terminal()
    html = page.html
    assert step_of(html) == (0, 3)
    assert "shell-end" not in html.replace("shell-end-steps", "")  # no summary yet
    assert "Ana scores 3" in html and 'data-b="0"' in html and "Step 1 of 3" in html
    final = list(page.state.scores())
    # the points so far: the final scores less what the later steps add
    assert points_shown(html) == [final[0], final[1] - 2]
    page.click("app.end-step", step="1")
    html = page.html
    assert step_of(html) == (1, 3) and 'data-b="1"' in html and "Ben scores 2" in html
    assert points_shown(html) == final
    assert page.find("app.end-step", step="0")  # Back
    page.click("app.end-step", step="0")
    assert step_of(page.html) == (0, 3)
    page.click("app.end-step", step="1").click("app.end-step", step="2")
    html = page.html
    assert step_of(html) == (2, 3) and "The winner" in html
    assert not page.find("app.end-step", step="3")  # the last step: the result is next
    page.click("app.end-skip")
    html = page.html
    assert step_of(html) is None and 'class="shell-end"' in html
    # the summary offers the sequence again
    page.click("app.end-step", step="0")
    assert step_of(page.html) == (0, 3)
    page.click("app.end-skip")
    assert step_of(page.html) is None


def test_skip_leaves_the_sequence_at_any_step_and_a_step_out_of_range_is_the_last():
    page = at_the_end(make_app(get_ui=stepped_ui(three_steps)))
    page.click("app.end-skip")
    assert step_of(page.html) is None and 'class="shell-end"' in page.html
    page.send("app.end-step", step="99")
    assert step_of(page.html) == (2, 3)
    page.send("app.end-step", step="-3")
    assert step_of(page.html) == (0, 3)
    page.send("app.end-step", step="nope")
    assert step_of(page.html) == (0, 3)


def test_captions_and_names_are_text():
    seats = [Seat("<b>Ana</b>", 0), Seat("Ben", 1)]
    page = at_the_end(make_app(get_ui=stepped_ui(three_steps)), seats=seats)
    html = page.html
    assert "&lt;b&gt;Ana&lt;/b&gt; scores 3" in html and "<b>Ana</b>" not in html


def test_with_playback_off_the_end_opens_on_its_summary():
    app = make_app(get_ui=stepped_ui(three_steps))
    state, last = before_the_end()
    from tablero.web.saves import SavedGame

    game = SavedGame(app.store.new_id(), "End", "arribada", ANA_BEN, state, 1.0, 1.0)
    app.store.save(game)
    page = Page(app, app.boot("en")).send("app.resume", id=game.id)
    page.click("app.playback")
    assert page.model.playback is False
    assert [e.data for e in page.model.effects if e.kind == "playback"] == [{"on": "0"}]
    assert 'role="switch" aria-checked="false" data-act="app.playback"' in page.html
    page.play(last)
    html = page.html
    assert step_of(html) is None and 'class="shell-end"' in html
    assert page.find("app.end-step", step="0")  # still there to watch
    page.click("app.playback")
    assert page.model.playback is True
    assert 'aria-checked="true" data-act="app.playback"' in page.html


def test_a_finished_game_opened_later_shows_its_summary():
    from tablero.web.saves import SavedGame

    app = make_app(get_ui=stepped_ui(three_steps))
    state, last = before_the_end()
    game = SavedGame(app.store.new_id(), "Over", "arribada", ANA_BEN, state.apply(last), 1.0, 1.0)
    app.store.save(game)
    page = Page(app, app.boot("en")).send("app.resume", id=game.id)
    assert step_of(page.html) is None and 'class="shell-end"' in page.html


def test_a_game_without_steps_or_whose_steps_fail_ends_on_its_summary():
    # a game that has no end sequence: its summary offers none
    page = at_the_end(make_app(get_ui=stepped_ui(no_end_steps)))
    html = page.html
    assert step_of(html) is None and 'class="shell-end"' in html
    assert not page.find("app.end-step")

    def broken(state, seats, t):
        raise RuntimeError("a drawing failed")

    # one whose steps fail or come out empty: the summary, and asked again, it says so
    for steps in (broken, lambda state, seats, t: []):
        page = at_the_end(make_app(get_ui=stepped_ui(steps)))
        html = page.html
        assert step_of(html) is None and 'class="shell-end"' in html
        page.click("app.end-step", step="0")
        html = page.html
        assert step_of(html) is None and 'class="shell-end"' in html
        assert page.model.toast == ("app.endstep.none", {})
        assert "cannot be shown step by step" in html


def test_the_summary_offers_the_sequence_without_drawing_it():
    drawn = []

    def counted(state, seats, t):
        drawn.append(state)
        return three_steps(state, seats, t)

    app = make_app(get_ui=stepped_ui(counted))
    page = at_the_end(app)
    page.click("app.end-skip")
    assert drawn  # drawn once, for the sequence the game's end opened on
    state = page.state
    from tablero.web.saves import SavedGame

    game = SavedGame(app.store.new_id(), "Later", "arribada", ANA_BEN, state, 1.0, 1.0)
    app.store.save(game)
    drawn.clear()
    later = Page(app, app.boot("en")).send("app.resume", id=game.id)
    assert later.find("app.end-step", step="0") and not drawn  # offered, not drawn
    later.click("app.end-step", step="0")
    assert step_of(later.html) == (0, 3) and len(drawn) == 1  # drawn once, when asked


def test_another_games_sequence_is_not_shown():
    app = make_app(get_ui=stepped_ui(three_steps))
    page = at_the_end(app)
    assert step_of(page.html) == (0, 3)
    page.click("app.home")
    page.click("app.new", game="arribada")
    fields = {"players": "2", "seed": "1", "opt-variant": "0"}
    for i, name in enumerate(("Cy", "Di")):
        fields |= {f"name-{i}": name, f"colour-{i}": str(i), f"kind-{i}": "human"}
    page.send("app.start", **fields)
    assert not page.state.is_terminal() and step_of(page.html) is None


def bot_asks(page: Page) -> list[dict]:
    return [e.data for e in page.model.effects if e.kind == "think"]


def test_a_bots_move_is_asked_with_the_pace_it_is_shown_at():
    app = make_app()
    page = Page(app, app.boot("en")).click("app.new", game="arribada")
    fields = {"players": "2", "seed": "1", "opt-variant": "0", "first": "1"}
    fields |= {"name-0": "Ana", "colour-0": "0", "kind-0": "human"}
    fields |= {"name-1": "Bot", "colour-1": "1", "kind-1": "bot:random"}
    page.send("app.start", **fields)
    while not bot_asks(page):  # Ana plays until the bot is asked
        page.play(str(page.state.legal_moves()[0]))
    ask = bot_asks(page)[-1]
    assert ask["pace_ms"] == PLAYBACK_PACE_MS
    assert 'data-act="app.playback-skip"' in page.html  # "Show at once"
    page.click("app.playback-skip")
    assert page.model.hurry and [e for e in page.model.effects if e.kind == "hurry"]
    assert 'data-act="app.playback-skip"' not in page.html
    # the bot answers: its next question (if it moves again) comes at once
    bot = page.state.current_player
    answer(page, ask)
    if page.state.current_player == bot:
        assert bot_asks(page)[-1]["pace_ms"] == 0
    else:  # Ana's turn: the next bot's moves are played back again
        assert not page.model.hurry
    # playback off: a held answer is let go, and the bot is asked to be shown at once
    page.click("app.playback")
    assert [e for e in page.model.effects if e.kind == "hurry"]
    for _ in range(200):
        if page.state.is_terminal():
            break
        if page.model.thinking is not None:
            answer(page, {"id": page.model.thinking.id})
            if bot_asks(page):
                break
        else:
            page.play(str(page.state.legal_moves()[0]))
            if bot_asks(page):
                break
    if bot_asks(page):
        assert bot_asks(page)[-1]["pace_ms"] == 0


def answer(page: Page, ask: dict) -> None:
    """The bot's answer to ``ask``: its view's first legal move."""
    bot = page.state.current_player
    move = str(page.state.view(bot).legal_moves()[0])
    page.send("app.bot-move", id=str(ask["id"]), move=move)
