"""Undo never goes back past a reveal, and a replay keeps its viewer (issue 43).

A move that shows its mover something hidden (a tile drawn from the bag, a card dealt
from a deck) is never taken back, in every game and mode, so a shared deal (the daily
deal, a challenge) cannot be peeked at: ``tablero.web.model.reveals_hidden`` decides it
from the protocol alone.  These tests play each game and compare its answer with what
the engine's events say was drawn or dealt, then press Undo as a player would.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest
from tablero.core import Rng, make
from tablero.web.model import reveals_hidden, undo_refusal, undoable, viewer
from tablero.web.plugin import Seat
from tablero.web.saves import SavedGame
from tablero.web.screens.table import play

from web.test_app import Page, make_app

# --- the rule, against the engines' events -----------------------------------------------


def drew_the_unknown(game: str, before: Any, entry: dict[str, Any]) -> bool:
    """What the engine's events say: did this move draw or deal something its mover
    could not know?  (A draw that was forced, such as the last card of a deck whose
    cards are listed in the view, or a refresh that drew nothing, reveals nothing.)"""
    for e in entry["events"]:
        kind = e["type"]
        if game == "arribada":
            if kind in ("spawn", "refill") or (kind == "draw" and e["source"] == "bag"):
                return True
            if kind == "refresh" and (e["rack_in"] or e["display_in"]):
                return True
        elif game == "arboretum":
            # the deck's draws; at the end the view shows every hand (with two players
            # the other hand was known already: the cards nobody had seen)
            if kind == "draw" and e["source"] == "deck":
                return True
            if kind == "game_end" and before.num_players > 2:
                return True
        elif game == "arraial":
            # the next cards of the deck face up (their order too), unless the deck
            # held just those cards, all alike
            if kind == "reshuffle":
                return True
            deck = before.to_dict()["deck"]
            if kind == "face_up" and not (len(e["cards"]) == len(deck) and len(set(deck)) <= 1):
                return True
        elif game == "diadeplaya" and kind == "deal":
            return True
    return False


GAMES = [
    ("arribada", 2, {}),
    ("arboretum", 2, {}),
    ("arraial", 3, {}),
    ("diadeplaya", 1, {"mode": "solitaire"}),
    ("diadeplaya", 2, {"mode": "competitive"}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=lambda x: str(x))
def test_a_move_reveals_something_exactly_when_it_draws_or_deals_the_unknown(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """A whole random game: at every move, ``reveals_hidden`` agrees with the events
    (1-3 s a game: each move is also played in 8 other worlds)."""
    state = make(game, players=players, seed=4, **options)
    rng = Rng(4)
    kept = revealed = 0
    while not state.is_terminal():
        moves = state.legal_moves()
        after = state.apply(moves[rng.randbelow(len(moves))])
        entry = after.history[-1]
        want = drew_the_unknown(game, state, entry)
        assert reveals_hidden(state, after) == want, (entry["move"], entry["events"])
        if after.current_player == state.current_player:
            assert undoable(state, after) == (not want), entry["move"]
            kept += not want
            revealed += want
        state = after
    assert kept > 0  # moves that leave the turn on: undoable
    if game != "arraial":  # Arraial deals at the end of a turn only
        assert revealed > 0  # and moves that reveal within the turn: not


def test_the_answer_is_the_same_each_time_it_is_asked() -> None:
    """Fixed seeds: asking again (after an undo, in another session) cannot change it."""
    state = make("diadeplaya", players=1, seed=9, mode="solitaire")
    while state.phase != "take":  # the first card's side and its place
        state = state.apply(state.legal_moves()[0])
    after = state.apply("take 1")
    assert [reveals_hidden(state, after) for _ in range(3)] == [True] * 3


# --- pressing Undo -----------------------------------------------------------------------


def open_game(app, game_id: str, state, seats) -> Page:
    game = SavedGame(app.store.new_id(), "Test", game_id, seats, state, 1.0, 1.0)
    app.store.save(game)
    return Page(app, app.boot("en")).send("app.resume", id=game.id)


def undo_button(html: str) -> str:
    (found,) = re.findall(r'<button[^>]*class="shell-btn shell-undo"[^>]*>', html)
    return found


def test_the_daily_deal_never_takes_back_a_card_the_deck_dealt() -> None:
    """Solitaire, the daily deal: take a card, the deck deals the next; Undo is refused
    and says why; a turn of the card after it is taken back, down to the deal only."""
    app = make_app()
    page = Page(app, app.boot("en")).click("app.daily")
    state = page.state
    while state.phase != "take":  # the first card's side
        page.play(str(state.legal_moves()[0]))
        state = page.state
    before = page.state
    page.play("take 1")
    taken = page.state
    assert any(e["type"] == "deal" for e in taken.history[-1]["events"])
    assert taken.current_player == before.current_player == 0
    assert page.model.undo == ()
    button = undo_button(page.html)
    assert 'aria-disabled="true"' in button
    assert "a reveal cannot be taken back" in button  # its title says why
    page.send("app.undo")
    assert page.state == taken
    assert page.model.toast == ("app.undo.revealed", {})
    assert "Undo stops here" in page.html
    # a move that reveals nothing is taken back, but not past the deal
    turn = next(m for m in page.state.legal_moves() if str(m).startswith("rotate"))
    page.play(str(turn))
    assert len(page.model.undo) == 1 and "aria-disabled" not in undo_button(page.html)
    page.click("app.undo")
    assert page.state == taken
    page.send("app.undo")
    assert page.state == taken and page.model.toast == ("app.undo.revealed", {})


def test_a_deck_draw_in_arboretum_is_final_and_a_pile_draw_is_not() -> None:
    app = make_app()
    state = make("arboretum", players=2, seed=5, first_player=0)
    rng = Rng(5)

    def first_draw_with_a_pile(s: Any) -> bool:
        return (
            s.phase == "draw"
            and s.current_player == 0
            and s.draws == 0
            and any(str(m) in ("draw A", "draw B") for m in s.legal_moves())
        )

    while not first_draw_with_a_pile(state):
        moves = state.legal_moves()
        state = state.apply(moves[rng.randbelow(len(moves))])
    pile = next(m for m in state.legal_moves() if str(m) in ("draw A", "draw B"))
    seats = [Seat("Ana", 0), Seat("Robo", 1, "bot:random")]
    page = open_game(app, "arboretum", state, seats)
    page.play(str(pile))  # a card in sight: taken back
    assert len(page.model.undo) == 1
    page.click("app.undo")
    assert page.state == state
    page.play("draw deck")  # a card nobody knew
    assert page.state.current_player == 0 and page.model.undo == ()
    page.send("app.undo")
    assert page.model.toast == ("app.undo.revealed", {})


def test_arraials_refill_from_its_deck_reveals_and_its_quiet_moves_do_not() -> None:
    state = make("arraial", players=2, seed=2, first_player=0)
    rng = Rng(2)
    fills = quiet = 0
    while not state.is_terminal() and (fills < 3 or quiet < 3):
        moves = state.legal_moves()
        after = state.apply(moves[rng.randbelow(len(moves))])
        events = {e["type"] for e in after.history[-1]["events"]}
        if "face_up" in events and len(state.to_dict()["deck"]) > 2:
            assert reveals_hidden(state, after)  # the deck's next cards, face up
            fills += 1
        elif not events & {"face_up", "reshuffle"} and after.current_player == 0:
            assert undoable(state, after) == (state.current_player == 0)
            quiet += 1
        state = after
    assert fills >= 3 and quiet >= 3


def test_the_reason_belongs_to_the_game_and_the_position_it_was_given_for() -> None:
    app = make_app()
    page = Page(app, app.boot("en")).click("app.daily")
    while page.state.phase != "take":
        page.play(str(page.state.legal_moves()[0]))
    page.play("take 1")
    assert undo_refusal(page.model) == "app.undo.revealed"
    # another game on the table: nothing of this one's reason
    other = make("arribada", players=2, seed=1, first_player=0)
    page = open_game(app, "arribada", other, [Seat("Ana", 0), Seat("Ben", 1)])
    page.reveal_if_asked()
    assert undo_refusal(page.model) == "app.undo.unavailable"


# --- the replay keeps its viewer -------------------------------------------------------------


def test_a_replay_against_a_bot_is_seen_by_the_person_at_every_step() -> None:
    """Arraial against a bot, played to its end (about 1 s), then replayed: every step is
    the person's view (their street at the bottom, "you" on their seat); the step
    controls are drawn icons with names."""
    app = make_app()
    state = make("arraial", players=2, seed=6, first_player=1)
    seats = [Seat("Robo", 0, "bot:random"), Seat("Ana", 1)]
    page = open_game(app, "arraial", state, seats)
    assert viewer(page.model) == 1
    rng = Rng(6)
    while not page.state.is_terminal():
        moves = page.state.legal_moves()
        page.model = play(app, page.model, moves[rng.randbelow(len(moves))])
    page.to_the_result().click("app.replay")
    assert page.model.replay_seat == 1
    last = len(page.model.replay_states) - 1
    for step in range(0, last + 1, max(1, last // 12)):
        page.send("app.replay-step", step=str(step))
        html = page.html
        you = re.findall(r'seat-name">([^<]*)</span><span class="[a-z]+-seat-you"', html)
        assert you == ["Ana"], (step, you)
    controls = html[html.index("shell-replay-controls") :]
    for which, label in (("first", "Start of the game"), ("last", "End of the game")):
        button = re.search(rf"<button[^>]*shell-replay-{which}[^>]*>(.*?)</button>", controls)
        assert button and f'aria-label="{label}"' in button.group(0)
        assert button.group(1).startswith("<svg") and "⏮" not in button.group(1)


# --- installing where the browser shows no prompt ----------------------------------------


def test_install_where_no_prompt_can_be_shown_says_so_and_holds_nothing() -> None:
    app = make_app()
    page = Page(app, app.boot("en"))
    page.send("app.install-state", state="available")
    page.click("app.install")
    assert [e.kind for e in page.model.effects] == ["install"]
    # the browser showed nothing after all (the offer spent, or refused)
    page.send("app.install-state", state="", outcome="unavailable")
    html = page.html
    assert page.model.notice == ("app.install.unavailable", {})
    assert "does not offer to install Tablero" in html
    assert " inert" not in html and not page.model.install_help
    assert 'data-act="app.install"' not in html  # nothing left to press
    page.click("app.dismiss")
    # an entry pressed after its offer went (a render behind): said, nothing opened
    page.send("app.install-state", state="available")
    page.model = replace(page.model, install="")
    page.send("app.install")
    assert page.model.notice == ("app.install.unavailable", {}) and not page.model.effects
    assert " inert" not in page.html
    # a dismissed prompt is no failure: nothing said
    page.click("app.dismiss").send("app.install-state", state="available")
    page.send("app.install-state", state="", outcome="dismissed")
    assert page.model.notice is None


def test_the_install_how_to_closes_on_a_tap_beside_it() -> None:
    app = make_app()
    page = Page(app, app.boot("en")).send("app.install-state", state="ios")
    page.click("app.install")
    html = page.html
    assert page.model.install_help and " inert" in html
    backdrop = html.index('class="shell-backdrop" data-act="app.install-help-close"')
    assert backdrop < html.index('class="shell-panel shell-install-help"')  # under it
    page.send("app.install-help-close")  # what a tap on the backdrop sends
    assert not page.model.install_help and " inert" not in page.html
