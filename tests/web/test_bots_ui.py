"""Bots in the app shell (CPython): the pure controller asks the page for a bot's move
with the bot seat's view only, checks the reply against the true state, chains bot
turns, and never loses the game on a failure.  The page side (the web worker) is
played here by calling ``tablero.bots`` on exactly the request's view, as the worker
does; ``tests/browser/test_bots_play.py`` covers the real worker."""

from __future__ import annotations

import json
import re

from tablero.bots import make_bot
from tablero.core import from_json, make
from tablero.web.app import BOT_BUDGET_MS, Model, bot_seed, can_undo, pass_to, viewer
from tablero.web.plugin import Seat

from web.test_app import Page, make_app, open_saved, position, racks_in


def think_effects(model: Model) -> list[dict]:
    return [dict(e.data) for e in model.effects if e.kind == "think"]


def worker(request: dict) -> str:
    """What the bot worker computes for a request: only from the request's view."""
    view = from_json(request["view"])
    bot = make_bot(request["level"], seed=request["seed"], iterations=30)
    return str(bot.choose(view))


def answer(page: Page, move: str | None = None) -> Page:
    """Answer the pending request like the page does (``app.bot-move``)."""
    th = page.model.thinking
    assert th is not None
    asked = think_effects(page.model)
    # The request went out with an earlier render if the person clicked since.
    request = asked[-1] if asked else {
        "view": page.state.view(th.seat).to_json(), "level": th.level,
        "seed": bot_seed(th.save_id, th.seat),
    }  # fmt: skip
    text = worker(request) if move is None else move
    return page.send("app.bot-move", id=str(th.id), move=text)


def start_with_bot(app, level="hard", seed="9", kinds=("human", None)) -> Page:
    page = Page(app, app.boot("en")).click("app.new", game="arribada")
    fields = {"players": str(len(kinds)), "seed": seed, "opt-variant": "0"}
    for i, kind in enumerate(kinds):
        fields[f"name-{i}"] = ["Ana", "Ben", "Cy", "Di"][i]
        fields[f"colour-{i}"] = str(i)
        fields[f"kind-{i}"] = kind or f"bot:{level}"
    return page.send("app.start", **fields)


# --- the new-game dialog --------------------------------------------------------------


def test_dialog_offers_each_level_per_seat_and_mixes_people_and_bots():
    app = make_app()
    page = Page(app, app.boot("en")).click("app.new", game="arribada")
    page.send("app.form", players="3", **{"kind-1": "bot:hard", "kind-2": "bot:random"})
    html = page.html
    assert '<option value="bot:hard" selected>A bot: hard</option>' in html
    assert '<option value="bot:random" selected>A bot: random</option>' in html
    assert "at least one player must be a person" in html
    page.send("app.form", **{"kind-1": "bot:genius"})  # not a level: ignored
    assert page.model.form.kinds[1] == "bot:hard"
    page = start_with_bot(make_app(), kinds=("human", "bot:hard", "bot:easy"))
    assert [s.kind for s in page.model.game.seats] == ["human", "bot:hard", "bot:easy"]


def test_a_game_needs_one_person():
    app = make_app()
    page = start_with_bot(app, kinds=("bot:easy", "bot:hard"))
    assert page.model.screen == "new" and page.model.game is None
    assert "At least one player must be a person" in page.html


def test_rematch_keeps_the_bots():
    app = make_app()
    page = start_with_bot(app, level="medium")
    page.click("app.new")
    assert page.model.form.kinds[:2] == ("human", "bot:medium")


# --- asking a bot: the view of its seat only --------------------------------------------


def test_a_bot_turn_asks_the_page_with_the_bot_seats_view_only():
    app = make_app()
    seats = [Seat("Ana", 0), Seat("Ben", 1, "bot:hard")]
    page = open_saved(app, position(), seats)  # Ana (0) to move
    assert think_effects(page.model) == [] and page.model.thinking is None
    page.play("place 3 a1").play("draw bag")
    if page.state.current_player == 0:
        page.play("end")
    state = page.state
    assert state.current_player == 1
    (request,) = think_effects(page.model)
    assert request["view"] == state.view(1).to_json()
    assert request["view"] != state.to_json()
    data = json.loads(request["view"])
    assert data["viewer"] == 1
    # Ana's rack is not in what the bot is given (hidden: masked), Ben's own is.
    view = from_json(request["view"])
    assert view.racks[1] == state.racks[1]
    assert view.racks[0] != state.racks[0] or all(v == 0 for v in view.racks[0])
    assert request["level"] == "hard" and request["budget_ms"] == BOT_BUDGET_MS["hard"] == 1000
    assert request["seed"] == bot_seed(page.model.game.id, 1) and request["game"] == "arribada"
    # The page shows who thinks, at what level, with a bar over the budget.
    html = page.html
    assert 'class="shell-thinking"' in html and "Ben (bot, hard) is thinking" in html
    assert "animation-duration:1000ms" in html and 'role="progressbar"' in html
    assert racks_in(html) == ["0"]  # still Ana's own view
    assert not can_undo(page.model)


def _hidden_values(view_json: str, seat: int) -> list:
    return json.loads(view_json)["racks"][seat]


def test_the_request_never_carries_another_seats_rack():
    app = make_app()
    page = start_with_bot(app, kinds=("bot:medium", "human", "bot:easy"), seed="3")
    # Whatever seat starts, play until a bot is asked, several times.
    for _ in range(6):
        while page.model.thinking is None and not page.state.is_terminal():
            page.play(str(page.state.view(viewer(page.model)).legal_moves()[0]))
        if page.model.thinking is None:
            break
        request = think_effects(page.model)[-1]
        seat = request["seat"]
        state = page.state
        assert request["view"] == state.view(seat).to_json()
        view = from_json(request["view"])
        for other in range(state.num_players):
            if other != seat:
                assert view.racks[other] != state.racks[other] or state.racks[other] == []
        answer(page)


def test_replies_are_checked_against_the_true_state_and_applied_like_a_move():
    app = make_app()
    page = start_with_bot(app, level="medium", seed="9")  # Ana first
    while page.model.thinking is None:
        page.play(str(page.state.legal_moves()[0]))
    before = page.state
    request = think_effects(page.model)[-1]
    move = worker(request)
    answer(page, move)
    assert len(page.state.history) == len(before.history) + 1
    assert page.state == before.apply(move)
    assert app.store.load(page.model.game.id).state == page.state  # autosaved
    assert page.model.undo == ()  # a bot's move is not undone by the person
    # Bot turns chain: while Ben is to move, the next request is already out.
    while page.model.thinking is not None:
        assert page.state.current_player == 1
        answer(page)
    assert page.state.current_player == 0 and page.model.bot_problem is None


def test_an_illegal_reply_is_rejected_with_a_message_and_the_game_is_safe():
    app = make_app()
    page = start_with_bot(app, level="hard", seed="9")
    while page.model.thinking is None:
        page.play(str(page.state.legal_moves()[0]))
    before = page.state
    answer(page, "place 9 z99")
    assert page.state == before and page.model.thinking is None
    html = page.html
    assert "Ben chose a move the rules do not allow" in html and "place 9 z99" in html
    assert page.find("app.bot-retry") and page.find("app.bot-here")
    # Try again: a new request for the same position.
    page.click("app.bot-retry")
    assert page.model.thinking is not None and think_effects(page.model)
    answer(page)
    assert len(page.state.history) == len(before.history) + 1


def test_stale_and_mismatched_replies_are_ignored():
    app = make_app()
    page = start_with_bot(app, level="easy", seed="9")
    while page.model.thinking is None:
        page.play(str(page.state.legal_moves()[0]))
    th = page.model.thinking
    before = page.state
    page.send("app.bot-move", id=str(th.id + 5), move=str(before.legal_moves()[0]))
    assert page.state == before and page.model.thinking == th
    page.send("app.bot-error", id=str(th.id - 1), code="failed", reason="x")
    assert page.model.bot_problem is None


def test_a_worker_failure_says_so_and_offers_retry_and_a_quick_move_here():
    app = make_app()
    page = start_with_bot(app, level="hard", seed="9")
    while page.model.thinking is None:
        page.play(str(page.state.legal_moves()[0]))
    th = page.model.thinking
    before = page.state
    page.send("app.bot-error", id=str(th.id), code="start", reason="no Worker")
    assert page.model.thinking is None and page.state == before
    html = page.html
    assert "The bots could not be started (no Worker)" in html
    assert "Play a quick medium move here" in html  # hard would freeze the page
    page.click("app.bot-here")
    assert len(page.state.history) == len(before.history) + 1
    assert page.model.bot_problem is None


def test_timeout_message():
    app = make_app()
    page = start_with_bot(app, level="hard", seed="9")
    while page.model.thinking is None:
        page.play(str(page.state.legal_moves()[0]))
    page.send("app.bot-error", id=str(page.model.thinking.id), code="timeout")
    assert "Ben took too long to answer" in page.html


def test_reopening_a_game_on_a_bots_turn_asks_again():
    app = make_app()
    page = start_with_bot(app, level="medium", seed="9")
    while page.model.thinking is None:
        page.play(str(page.state.legal_moves()[0]))
    again = Page(app, app.boot("en"))  # a reload
    assert again.model.screen == "game" and again.model.thinking is not None
    (request,) = think_effects(again.model)
    assert request["view"] == again.state.view(1).to_json()
    answer(again)
    assert len(again.state.history) == len(page.state.history) + 1


def test_hot_seat_with_a_bot_never_shows_a_rack_nobody_asked_for():
    app = make_app()
    s = make("arribada", players=3, seed=4, first_player=1)
    seats = [Seat("Ana", 0), Seat("Bot", 1, "bot:easy"), Seat("Cy", 2)]
    page = open_saved(app, s, seats)
    # A bot is to move and nobody's pieces are on screen: the device goes to the next
    # person (Cy), not to whoever happens to be seat 0.
    assert pass_to(page.model) == 2
    assert racks_in(page.html) == [] and page.model.thinking is not None
    page.click("app.reveal")
    assert racks_in(page.html) == ["2"]
    while page.model.thinking is not None:
        answer(page)
    assert page.state.current_player == 2 and racks_in(page.html) == ["2"]


def test_no_rack_of_a_bot_is_ever_rendered():
    app = make_app()
    page = start_with_bot(app, level="random", seed="9")
    for _ in range(40):
        if page.state.is_terminal():
            break
        assert "1" not in racks_in(page.html)
        if page.model.thinking is not None:
            answer(page)
        else:
            page.play(str(page.state.legal_moves()[0]))


def test_catalogs_name_every_level_in_every_language():
    from support.catalog_files import messages as load_messages
    from tablero.web.i18n import LANGUAGES

    for lang in LANGUAGES:
        messages = load_messages(lang)
        for level in ("random", "easy", "medium", "hard"):
            assert messages[f"app.new.bot.{level}"] and messages[f"app.bot.level.{level}"]
        assert re.search(r"\{name\}", messages["app.bot.thinking"])
