"""The first-game tutorials (the contract tablero.web.tutorial, the loader
tablero.web.tutorials), played through the controller as the page does: each step's
highlighted element clicked, "Next" pressed, in every language."""

from __future__ import annotations

import re

import pytest
from tablero.core import game_ids
from tablero.web.i18n import LANGUAGES, translator
from tablero.web.saves import MemoryStorage
from tablero.web.tutorial import Step, Tutorial, highlight
from tablero.web.tutorials import check, get_tutorial, has_tutorial, state_at

from web.test_app import Page, clickables, make_app

GAMES = [game for game in game_ids() if has_tutorial(game)]


def test_the_games_with_a_tutorial():
    assert GAMES == ["arribada", "arboretum", "arraial", "diadeplaya"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_script_plays_through_its_game_ui(game, lang):
    """Every click of every play step is on the table and makes the step's move, every
    partner move is legal, every text is in the catalog: check() finds no problem."""
    tutorial = get_tutorial(game)
    assert tutorial is not None
    assert check(tutorial, translator(lang)) == []
    kinds = {step.kind for step in tutorial.steps}
    assert kinds == {"read", "play", "watch"}
    assert tutorial.steps[-1].kind == "read"
    assert not state_at(tutorial, len(tutorial.steps) - 1).is_terminal()


def targets(html: str) -> list[tuple[str, dict[str, str]]]:
    """The highlighted elements of a page: (act, data)."""
    return [(act, data) for _, act, data, _ in clickables(html) if data.get("tut") == "target"]


def play_tutorial(page: Page, stop_at: int | None = None) -> Page:
    """Click through the tutorial on screen: the highlighted element at a play step,
    "Next" otherwise; up to step ``stop_at`` (1-based) or to its last step."""
    tutorial = get_tutorial(page.model.tutorial.game_id)
    for _ in range(200):
        run = page.model.tutorial
        assert page.model.screen == "tutorial"
        if stop_at is not None and run.step + 1 == stop_at:
            return page
        if run.step == len(tutorial.steps) - 1:
            return page
        html = page.html
        assert f'data-step="{run.step + 1}"' in html
        found = targets(html)
        if tutorial.steps[run.step].clicks:
            assert len(found) == 1, f"step {run.step + 1}: {found}"
            act, data = found[0]
            page.model = page.app.dispatch(page.model, act, data)
            assert page.model.toast is None, page.model.toast
        else:
            assert not found
            page.click("app.tutorial-next")
    raise AssertionError("the tutorial never ends")


@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_is_played_from_the_start_screen_to_its_end(game):
    app = make_app()
    page = Page(app, app.boot("en"))
    page.click("app.tutorial", game=game)
    assert page.model.screen == "tutorial"
    assert page.model.game is None  # a tutorial is never a saved game
    play_tutorial(page)
    html = page.html
    tutorial = get_tutorial(game)
    assert f'data-step="{len(tutorial.steps)}"' in html
    assert page.find("app.new", game=game)  # "Start a real game"
    assert app.store.list()[0] == []  # nothing was saved as a game
    page.click("app.tutorial-leave")
    assert page.model.screen == "home"
    # finished: the next time begins at the first step
    page.click("app.tutorial", game=game)
    assert page.model.tutorial.step == 0


@pytest.mark.parametrize("lang", ["en", "es", "ja", "nl"])
def test_a_tutorials_words_for_a_keyboard_are_marked_for_touch_devices_to_hide(lang):
    """Día de Playa's tutorial names the R key beside the Turn button: those words are in
    a ``tb-keys`` span, which a touch-only device does not show (app-shell.css; issue 43:
    a phone has no R key), in every language, and no ``[[`` marker reaches the page."""
    app = make_app()
    page = Page(app, app.boot("en"))
    page.send("app.lang", value=lang)
    page.click("app.tutorial", game="diadeplaya")
    marked: dict[str, list[str]] = {}  # step -> its words for a keyboard
    for _ in range(60):
        html = page.html
        assert "[[" not in html and "]]" not in html
        text = re.search(r'<p class="shell-tutorial-text">(.*?)</p>', html, re.S)
        assert text
        step = re.search(r'data-step="(\d+)"', html)
        assert step
        words = re.findall(r'<span class="tb-keys">([^<]*)</span>', text.group(1))
        if words:
            marked[step.group(1)] = words
        if 'data-act="app.tutorial-next"' not in html and not targets(html):
            break
        found = targets(html)
        if found:
            act, data = found[0]
            page.model = page.app.dispatch(page.model, act, data)
        else:
            page.click("app.tutorial-next")
    assert len(marked) == 2, marked  # the first card's turn, then a card turned upright
    assert all(len(words) == 1 and "R" in words[0] for words in marked.values()), marked


def test_a_tutorial_is_left_and_resumed_where_it_was():
    storage = MemoryStorage()
    app = make_app(storage)
    page = Page(app, app.boot("en"))
    page.click("app.tutorial", game="arribada")
    play_tutorial(page, stop_at=7)
    position = page.model.tutorial.game.state.to_json()
    page.click("app.tutorial-leave")
    assert page.model.screen == "home"
    assert page.find("app.tutorial", game="arribada")
    assert "Resume the tutorial" in page.html
    # a new visit (a reload): same storage, a new app
    app = make_app(storage)
    page = Page(app, app.boot("en"))
    page.click("app.tutorial", game="arribada")
    assert page.model.tutorial.step == 6
    assert page.model.tutorial.game.state.to_json() == position
    # and from the start again, when asked
    page.model = app.dispatch(page.model, "app.tutorial", {"game": "arribada", "from": "start"})
    assert page.model.tutorial.step == 0


def test_the_rules_help_opens_the_tutorial_and_the_tutorial_its_rules():
    app = make_app()
    page = Page(app, app.boot("en"))
    page.click("app.rules", game="arribada")
    page.click("app.tutorial", game="arribada")
    assert page.model.screen == "tutorial"
    page.click("app.rules")
    assert page.model.screen == "rules" and page.model.rules_game == "arribada"
    assert 'class="shell-tutorial"' in page.html  # the rules open over the tutorial
    page.click("app.back")
    assert page.model.screen == "tutorial"


def test_another_legal_move_is_refused_with_a_reason_and_loses_nothing():
    app = make_app()
    page = Page(app, app.boot("en"))
    page.click("app.tutorial", game="arribada")
    page.click("app.tutorial-next")  # to "place": pick 2, f6, confirm
    before = page.model.tutorial
    page.click("pick-value", value="4")
    page.click("cell", cell="a1")
    page.click("confirm-move")
    assert page.model.toast == ("app.tutorial.not-this", {})
    assert page.model.tutorial.step == before.step
    assert page.model.tutorial.game.state.to_json() == before.game.state.to_json()
    # the highlight starts again from the first click
    assert [(act, data["value"]) for act, data in targets(page.html)] == [("pick-value", "2")]


def test_the_highlight_follows_the_clicks_made():
    app = make_app()
    page = Page(app, app.boot("en"))
    page.click("app.tutorial", game="arribada")
    page.click("app.tutorial-next")
    assert [act for act, _ in targets(page.html)] == ["pick-value"]
    page.click("pick-value", value="2")
    assert [(act, data["cell"]) for act, data in targets(page.html)] == [("cell", "f6")]
    page.click("cell", cell="f6")
    assert [act for act, _ in targets(page.html)] == ["confirm-move"]
    # "Next" does not skip a move to make
    page.click("app.tutorial-leave")
    page.click("app.tutorial", game="arribada")
    page.model = app.dispatch(page.model, "app.tutorial-next", {})
    assert page.model.toast == ("app.tutorial.play-first", {})


def test_highlight_marks_the_first_matching_element_only():
    table = (
        '<svg><rect data-act="cell" data-cell="a1"/>'
        '<g data-act="cell" data-cell="b&amp;2">x</g></svg>'
    )
    marked, found = highlight(table, ({"act": "cell", "cell": "b&2"},))
    assert found and marked.count('data-tut="target"') == 1
    assert '<g data-act="cell" data-cell="b&amp;2" data-tut="target">' in marked
    marked, found = highlight(table, ({"act": "cell", "cell": "c3"}, {"act": "cell", "cell": "a1"}))
    assert found and '<rect data-act="cell" data-cell="a1" data-tut="target"/>' in marked
    assert highlight(table, ({"act": "cell", "cell": "zz"},)) == (table, False)


def test_check_reports_a_broken_script():
    """check() can fail: a click that is not on the table, a partner move that is not
    legal, a text missing from the catalog."""
    good = get_tutorial("arribada")
    broken = Tutorial(
        game_id="arribada",
        setup=good.setup,
        partner=good.partner,
        steps=(
            Step("arribada.tutorial.no-such-text"),
            Step(good.steps[1].say, clicks=({"act": "pick-value", "value": "5"},)),
        ),
    )
    problems = check(broken, translator("en"))
    assert any("no text" in p for p in problems)
    assert any("not on the table" in p for p in problems)
    them = Step(good.steps[0].say, them=("place 1 a1",))
    wrong_turn = Tutorial("arribada", good.setup, good.partner, (them,))
    assert any("partner" in p for p in check(wrong_turn, translator("en")))


def test_progress_survives_a_damaged_entry():
    storage = MemoryStorage()
    storage.set("tablero.tutorial", "{not json")
    app = make_app(storage)
    assert app.store.tutorial_progress() == {}
    storage.set("tablero.tutorial", '{"arribada": "3", "arraial": 2, "x": true}')
    assert app.store.tutorial_progress() == {"arraial": 2}
    page = Page(app, app.boot("en"))
    page.click("app.tutorial", game="arribada")
    assert page.model.tutorial.step == 0
