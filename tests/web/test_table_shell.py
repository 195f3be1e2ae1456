"""The shell around the table (issue "the table as players expect it"), driven through
the controller as the page drives it: the others' moves said and marked, the pass
screen's news, history entries (``app.nav``), drawers, the install entry, the undo
reasons and the refresh's cancel, turns in the saves list, default names in the
language on screen."""

from __future__ import annotations

import re

from tablero.core import make
from tablero.web.plugin import Seat
from tablero.web.saves import turns_begun

from web.test_app import TWO, Page, make_app, open_saved, position, start_game


def test_the_others_moves_are_said_in_the_status_and_marked_on_the_board():
    app = make_app()
    page = start_game(app)  # two people: the pass screen between turns
    page.reveal_if_asked()
    first = page.state.current_player
    rack = page.state.racks[first]
    value = rack[0]
    page.click("pick-value", value=str(value))
    cell = page.find("cell")[0]["cell"]
    page.click("cell", cell=cell)
    page.click("confirm-move")
    # nothing of the mover's own move is news to the mover
    assert "tb-news" not in page.html.split('class="shell-log')[0]
    while page.state.current_player == first:
        moves = page.find("move") or page.find("app.reveal")
        page.play(page.find("move")[0]["move"]) if page.find("move") else page.click("app.reveal")
        assert moves
    # the pass screen says what happened since the next player's last turn
    html = page.html
    assert "shell-pass-news" in html
    news = re.findall(r"<li>([^<]*)</li>", html.split('class="shell-pass-list"')[1])
    assert any(f"on {cell}" in line for line in news), news
    page.click("app.reveal")
    html = page.html
    status = html.split('class="arr-status tb-status"')[1].split("</p>")[0]
    assert "tb-news" in status and f"on {cell}" in status
    assert f'data-recent-cell="{cell}"' in html
    # the viewer acts: the marks and the news are gone
    rack = page.state.racks[page.state.current_player]
    page.click("pick-value", value=str(rack[0]))
    other = page.find("cell")[0]["cell"]
    page.click("cell", cell=other).click("confirm-move")
    html = page.html
    assert 'data-recent-cell="' not in html.split('class="shell-log')[0]


def test_nav_shows_the_screen_of_a_history_entry_if_it_can():
    app = make_app()
    page = start_game(app, names=("Ana", "Ben"))
    assert page.model.screen == "game"
    page.send("app.nav", screen="home")
    assert page.model.screen == "home" and page.model.game is not None
    page.send("app.nav", screen="game")
    assert page.model.screen == "game"
    page.send("app.nav", screen="end")  # the finished table's entry: the game shown
    assert page.model.screen == "game"
    page.send("app.nav", screen="replay")  # no replay built: the start screen
    assert page.model.screen == "home"
    page.send("app.nav", screen="saves")
    assert page.model.screen == "saves" and len(page.model.saves) == 1
    page.send("app.nav", screen="rules")  # no rules shown yet
    assert page.model.screen == "home"
    page.send("app.nav", screen="<script>")
    assert page.model.screen == "home"


def test_rules_open_over_the_table_with_their_close_control_first():
    app = make_app()
    page = start_game(app).reveal_if_asked()
    page.click("app.rules")
    html = page.html
    assert page.model.screen == "rules"
    overlay = html.split('<div class="shell-overlay" role="dialog" aria-modal="true"')[1]
    head = overlay.split('class="shell-rules"')[0]
    assert 'data-act="app.back"' in head and 'data-esc="1"' in head
    assert '<header class="shell-bar" inert>' in html  # the table underneath, inert
    assert '<div class="shell-screen shell-screen-game" inert>' in html
    assert 'class="shell-table"' in html
    page.click("app.back")
    assert page.model.screen == "game"


def test_drawer_opens_closes_and_toggles():
    app = make_app()
    page = start_game(app).reveal_if_asked()
    page.click("app.drawer", drawer="log")
    assert page.model.drawer == "log" and 'class="shell-log is-open"' in page.html
    assert 'data-drawer="log"' in page.html
    page.send("app.drawer", drawer="log")  # the same button again closes it
    assert page.model.drawer is None
    page.send("app.drawer", drawer="side")
    assert 'class="shell-screen shell-screen-game" data-drawer="side"' in page.html
    page.send("app.drawer", drawer="")
    assert page.model.drawer is None
    page.send("app.drawer", drawer="nonsense")
    assert page.model.drawer is None


def test_install_entry_follows_what_the_page_learnt():
    app = make_app()
    page = Page(app, app.boot("en"))
    assert 'data-act="app.install"' not in page.html
    page.send("app.install-state", state="available")
    page.click("app.install")
    assert [e.kind for e in page.model.effects] == ["install"]
    page.send("app.install-state", state="installed")
    assert 'data-act="app.install"' not in page.html
    assert page.model.toast == ("app.install.done", {})
    page.send("app.install-state", state="ios")
    page.click("app.install")  # no prompt on iOS: the how-to of the Share menu
    html = page.html
    assert page.model.install_help and 'class="shell-panel shell-install-help"' in html
    assert "Add to Home Screen" in html
    page.click("app.install-help-close")
    assert not page.model.install_help
    page.send("app.install-state", state="<b>")
    assert page.model.install == "ios"


def test_an_unavailable_undo_says_why():
    app = make_app()
    page = start_game(app).reveal_if_asked()
    html = page.html
    assert re.search(r'data-act="app.undo" aria-disabled="true"', html)
    page.send("app.undo")
    assert page.model.toast == ("app.undo.unavailable", {})
    assert "cannot be taken back" in page.html


def test_cancel_of_the_refresh_takes_back_the_seashell_and_the_tiles_set_aside():
    app = make_app()
    page = open_saved(app, position(), TWO)
    before = page.state
    page.play("refresh")
    page.play(page.find("move", move="pick rack 2")[0]["move"])
    assert page.state.phase == "refresh"
    cancel = [d for d in page.find("app.undo") if "steps" in d]  # not the bar's Undo
    assert cancel and cancel[0]["steps"] == "2" and cancel[0]["esc"] == "1"
    page.click("app.undo", steps="2")
    assert page.state == before and page.state.phase == "action"


def test_the_saves_list_counts_turns_not_decisions():
    assert turns_begun([]) == 0
    state = make("arribada", players=2, seed=3)
    while len(state.history) < 30:
        state = state.apply(state.legal_moves()[0])
    players = [entry["player"] for entry in state.history]
    runs = 1 + sum(1 for a, b in zip(players, players[1:], strict=False) if a != b)
    assert turns_begun(state.history) == runs < len(state.history)
    app = make_app()
    open_saved(app, state, TWO)
    page = Page(app, app.boot("en")).click("app.saves")
    assert f"turns: {runs}" in page.html and "moves:" not in page.html


def test_default_names_are_shown_in_the_language_on_screen():
    app = make_app()
    seats = [Seat("プレイヤー1", 0), Seat("Ben", 1)]
    page = open_saved(app, make("arribada", players=2, seed=1), seats)
    page.send("app.lang", value="es")
    page.reveal_if_asked()
    html = page.html
    assert "プレイヤー1" not in html and "Jugador 1" in html and "Ben" in html
    assert page.model.game.seats[0].name == "プレイヤー1"  # the save keeps its names
    # the new-game form's untouched default names follow the language, typed ones stay
    page.click("app.new")
    page.send("app.form", **{"name-1": "Zoë"})
    page.send("app.lang", value="nl")
    names = page.model.form.names
    assert names[1] == "Zoë" and all("Speler" in n for i, n in enumerate(names) if i != 1)


def test_an_extra_action_with_nothing_to_do_puts_the_focus_on_skip():
    """The keyboard's next decision is always marked: here only "Skip" is left."""
    from tablero.web.games.arribada.table import _focus_primary

    skip = '<button type="button" class="arr-btn" data-act="move" data-move="decline">S</button>'
    assert 'data-focus="1"' in _focus_primary([skip])[0]
    primary = skip.replace('class="arr-btn"', 'class="arr-btn is-primary"')
    marked = _focus_primary([skip, primary])
    assert 'data-focus="1"' not in marked[0] and 'data-focus="1"' in marked[1]
    assert _focus_primary([]) == []
