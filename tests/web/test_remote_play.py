"""Play with friends by link, through the app's controller: two devices (two apps, each
with its own storage) play whole games passing only the links their share panels show;
a link opened twice, out of order, pasted, on a device that does not have the game; the
waiting state, "abandoned", the saves list, the export and its import, a reload.

The browser flow (two browser profiles, the share sheet, the QR code, the lock) is
tests/browser/test_remote_play.py's."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from tablero.core import get_game
from tablero.web.remotegames import is_remote_link, link_session
from tablero.web.saves import MemoryStorage
from tablero.web.screens import table as table_screen

from web.test_app import Page, make_app


def device(seed: int, storage: MemoryStorage | None = None):
    rng = random.Random(seed)
    return make_app(storage or MemoryStorage(), entropy=lambda n: rng.randbytes(n))


def shared(page: Page) -> str:
    """The link the share panel shows (its fragment), the panel closed."""
    url = page.model.share_url
    assert url is not None and "#" in url, "no share panel"
    assert page.find("app.share-close")
    fragment = url.split("#", 1)[1]
    assert is_remote_link(fragment)
    page.click("app.share-close")
    return fragment


def open_link(page: Page, fragment: str) -> Page:
    return page.send("app.open-link", fragment=fragment)


def seat_up(game_id: str = "arraial", mode: str = "competitive", seed: int = 1, players: int = 2):
    """Ana creates a game at seat 1, Ben (and Cleo) join at seats 2 (and 3): all started.
    The devices' pages, creator first."""
    a_app = device(seed)
    a = Page(a_app, a_app.boot("en"))
    a.click("app.remote-new")
    assert a.model.screen == "remote"
    a.send("app.remote-form", game=game_id, mode=mode)
    a.send("app.remote-create", game=game_id, mode=mode, players=str(players), seat="1", name="Ana")
    invite = shared(a)
    assert link_session(invite)[0] == "i"
    assert "Seat 2" in a.html and "(free)" in a.html

    joiners = []
    for k, name in enumerate(["Ben", "Cleo", "Dan"][: players - 1]):
        j_app = device(seed + 100 + k)
        j = Page(j_app, j_app.boot("en", "#" + invite))
        assert j.model.screen == "remote" and j.model.remote_invite == invite
        assert "Ana invites you" in j.html
        j.send("app.remote-join", name=name, seat=str(k + 2))
        join = shared(j)
        assert link_session(join)[0] == "j"
        assert "Waiting for Ana" in j.html
        joiners.append(j)
        open_link(a, join)
    start = shared(a)  # every seat taken: the start link goes out
    assert link_session(start)[0] == "s"
    for j in joiners:
        open_link(j, start)
    pages = [a, *joiners]
    assert all(p.model.screen == "game" for p in pages)
    return pages


def to_move(pages: list[Page]) -> Page:
    movers = [
        p for p in pages if p.model.remote is not None and not p.model.remote.table.waiting_for
    ]
    assert len(movers) == 1, [p.model.remote.table.waiting_for for p in pages]
    return movers[0]


def play_move(page: Page, text: str) -> None:
    """A move of the seat at this device, through the table's play path (what a click
    on the plugin's move control leads to: ``screens.table.play``)."""
    state = page.model.game.state
    page.model = table_screen.play(page.app, page.model, state.parse_move(text))


def play_turn(page: Page, rng: random.Random) -> list[str]:
    """The device to move plays its whole turn (random legal moves) until the share
    panel opens on the turn's link; the links it showed."""
    links: list[str] = []
    for _ in range(80):
        state = page.model.game.state
        if state.is_terminal() or page.model.share_url is not None:
            break
        moves = state.legal_moves()
        assert moves, "the player to move has no move"
        before = len(page.model.remote.table.played)
        play_move(page, str(rng.choice(moves)))
        assert page.model.toast is None, page.model.toast
        assert len(page.model.remote.table.played) == before + 1
    if page.model.share_url is not None:
        links.append(shared(page))
    return links


def play_out(pages: list[Page], seed: int = 3) -> int:
    rng = random.Random(seed)
    links = 0
    for _ in range(600):
        if all(p.model.game.state.is_terminal() for p in pages):
            break
        mover = to_move(pages)
        assert "Your turn" in mover.html
        assert all("Waiting for" in p.html for p in pages if p is not mover)
        for link in play_turn(mover, rng):
            for p in pages:
                if p is not mover:
                    open_link(p, link)
            links += 1
    return links


@pytest.mark.parametrize(("game_id", "mode"), [("arraial", ""), ("diadeplaya", "competitive")])
def test_two_devices_play_a_whole_game_by_links_to_the_same_scores(game_id, mode):
    a, b = seat_up(game_id, mode or "competitive")
    links = play_out([a, b])
    assert links > 5
    sa, sb = a.model.game.state, b.model.game.state
    assert sa.is_terminal() and sb.is_terminal()
    assert sa.scores() == sb.scores()
    for page in (a, b):  # the end told step by step on both devices, then the summary
        assert 'data-decision="end-step" data-step="0"' in page.html
        page.to_the_result()
        assert "Every draw was checked as it happened" in page.html
        assert page.find("app.replay")


def test_a_link_opened_twice_changes_nothing():
    a, b = seat_up()
    mover = to_move([a, b])
    other = b if mover is a else a
    first = play_turn(mover, random.Random(5))
    open_link(other, first[0])
    before = other.model.remote.table.log
    open_link(other, first[0])
    assert other.model.remote.table.log == before
    assert other.model.toast == ("app.remote.read-before", {})
    # its own link, opened on the device that made it (a reload with it in the address)
    open_link(mover, first[0])
    assert mover.model.toast is None and mover.model.notice is None


def test_a_later_link_is_held_until_the_earlier_one_comes():
    pages = seat_up(players=3, seed=7)
    rng = random.Random(9)
    first_mover = to_move(pages)
    first = play_turn(first_mover, rng)[0]
    next_seat = first_mover.model.game.state.current_player
    nxt = next(p for p in pages if p.model.remote.table.seat == next_seat)
    late = next(p for p in pages if p is not nxt and p is not first_mover)
    open_link(nxt, first)
    second = play_turn(nxt, rng)[0]
    # the last device opens the second link before the first
    log = late.model.remote.table.log
    open_link(late, second)
    name = first_mover.model.remote.names()[first_mover.model.remote.table.seat]
    assert late.model.notice == ("app.remote.held", {"name": name})
    assert "earlier link first" in late.html and name in late.html
    assert late.model.remote.table.log == log  # held, not read
    open_link(late, first)
    assert late.model.remote.table.held == ()
    assert second in late.model.remote.table.log  # read once the first came
    # and the game goes on for all three
    open_link(first_mover, second)
    assert to_move(pages) is not None


def test_a_link_for_a_game_not_on_this_device_says_so():
    a, b = seat_up()
    stranger = device(42)
    page = Page(stranger, stranger.boot("en"))
    mover = to_move([a, b])
    link = play_turn(mover, random.Random(1))[0]
    open_link(page, link)
    assert page.model.notice == ("app.remote.unknown", {})
    assert "not on this device" in page.html


def test_a_damaged_link_changes_nothing_and_says_why():
    a, b = seat_up()
    mover = to_move([a, b])
    other = b if mover is a else a
    link = play_turn(mover, random.Random(2))[0]
    before = other.model.remote.table.log
    broken = link[:-12] + ("A" if link[-12] != "A" else "B") + link[-11:]
    open_link(other, broken)
    assert other.model.notice is not None and other.model.notice[0] == "app.remote.bad-link"
    assert other.model.remote.table.log == before
    open_link(other, link)
    assert other.model.remote.table.log != before


def test_a_pasted_link_is_read_like_an_opened_one():
    a, b = seat_up()
    mover = to_move([a, b])
    other = b if mover is a else a
    link = play_turn(mover, random.Random(4))[0]
    assert other.find("app.remote-paste") == [] or True
    assert 'data-act="app.remote-paste"' in other.html
    other.send("app.remote-paste", link="https://example.org/tablero/#" + link)
    assert not other.model.remote.table.waiting_for  # its turn now
    assert "Your turn" in other.html


def test_a_reload_reopens_the_remote_game_from_storage():
    a, b = seat_up()
    storage = b.app.store.storage
    again = make_app(storage)
    page = Page(again, again.boot("en"))
    assert page.model.remote is not None and page.model.remote.id == b.model.remote.id
    assert page.model.game.state == b.model.game.state
    assert page.model.screen == "game"


def test_the_saves_list_says_whose_turn_it_is():
    a, b = seat_up()
    mover = to_move([a, b])
    other = b if mover is a else a
    mover.click("app.saves") if mover.find("app.saves") else mover.send("app.saves")
    other.send("app.saves")
    assert "Your turn" in mover.html
    name = "Ana" if other is b else "Ben"
    assert f"Waiting for {name}" in other.html
    other.click("app.remote-open")
    assert other.model.screen == "game" and other.model.remote is not None


def test_abandoned_and_taken_up_again_loses_nothing():
    a, b = seat_up()
    mover = to_move([a, b])
    other = b if mover is a else a
    log = other.model.remote.table.log
    other.click("app.remote-abandon")
    assert other.model.remote.abandoned
    assert "Abandoned" in other.html
    assert other.model.remote.table.log == log
    other.send("app.saves")
    assert "Abandoned" in other.html
    other.click("app.remote-open")
    other.click("app.remote-abandon", undo="1")
    assert not other.model.remote.abandoned
    # a new link takes it up too
    other.click("app.remote-abandon")
    link = play_turn(mover, random.Random(6))[0]
    open_link(other, link)
    assert not other.model.remote.abandoned


def test_the_export_holds_the_secret_and_imports_on_a_device_that_lost_it():
    a, b = seat_up()
    if to_move([a, b]) is b:
        open_link(a, play_turn(b, random.Random(8))[0])
    # Ben waits for Ana's link: his strip offers the export, and says what the file holds
    assert "whoever has it can play your seat" in b.html
    b.click("app.remote-export")
    download = [e for e in b.model.effects if e.kind == "download"]
    assert len(download) == 1
    text = download[0].data["text"]
    assert json.loads(text)["kind"] == "tablero-remote"
    assert b.model.remote.table.secret.hex() in text
    # a fresh device (Ben's storage cleared): Ana's next link says the game is not here
    fresh = device(77)
    page = Page(fresh, fresh.boot("en"))
    link = play_turn(a, random.Random(8))[0]
    open_link(page, link)
    assert page.model.notice == ("app.remote.unknown", {})
    page.send("app.import", text=text)
    assert page.model.remote is not None
    open_link(page, link)
    assert not page.model.remote.table.waiting_for  # Ben's turn, on the new device


def test_a_move_out_of_turn_is_refused_and_the_share_again_button_shows_the_last_link():
    a, b = seat_up()
    mover = to_move([a, b])
    other = b if mover is a else a
    before = other.model.game.state
    moves = mover.model.game.state.legal_moves()
    other.send("move", move=str(moves[0]))  # the plugin's move control, out of turn
    assert other.model.game.state == before
    link = play_turn(mover, random.Random(11))[0]
    mover.click("app.remote-share")
    assert mover.model.share_url.endswith("#" + link)
    effects = [e.kind for e in mover.model.effects]
    assert "share" in effects


def test_the_share_sheet_and_the_qr_code_are_offered_with_the_link():
    a, b = seat_up()
    mover = to_move([a, b])
    rng = random.Random(12)
    for _ in range(50):
        state = mover.model.game.state
        if mover.model.share_url is not None:
            break
        play_move(mover, str(rng.choice(state.legal_moves())))
    html = mover.html
    assert 'data-act="app.share-sheet"' in html
    assert f'data-qr="{mover.model.share_url}"' in html
    mover.click("app.share-sheet")
    sheet = [e for e in mover.model.effects if e.kind == "share_sheet"]
    assert sheet and sheet[0].data["url"] == mover.model.share_url


def test_the_new_game_form_offers_the_remote_games_their_modes_and_counts():
    app = device(1)
    page = Page(app, app.boot("en"))
    page.click("app.remote-new")
    html = page.html
    for game_id in ("arraial", "diadeplaya", "arboretum", "arribada"):
        assert f'value="{game_id}"' in html
    assert 'name="dealing"' not in html  # Arraial deals from commitments: no choice
    page.send("app.remote-form", game="arboretum")
    assert 'name="dealing"' in page.html and 'name="mode"' not in page.html
    page.send("app.remote-form", game="diadeplaya", mode="teams")
    assert page.model.remote_form.players == 4
    page.send("app.remote-form", game="diadeplaya", mode="competitive", players="4")
    assert page.model.remote_form.players in get_game("diadeplaya").allowed_players(
        {"mode": "competitive"}
    )
    assert "two players together could predict" in page.html


def test_remote_games_speak_every_language():
    a, b = seat_up()
    for lang in ("ja", "es", "nl"):
        page = Page(b.app, replace(b.model, lang=lang))
        assert "Waiting for" not in page.html and "Your turn" not in page.html


def test_the_apps_lists_of_remote_games_and_modes_are_the_protocols():
    """``remotegames`` names the games, modes and dealings without importing the
    protocol (off a plain visit's path): they must be the protocol's own."""
    from tablero.web import privatedeck, remote
    from tablero.web.remotegames import DEALINGS, PRIVATE_GAMES, REMOTE_GAMES, REMOTE_MODES

    assert set(REMOTE_GAMES) == set(remote.GAMES)
    assert set(PRIVATE_GAMES) == set(privatedeck.PRIVATE_GAMES)
    assert set(DEALINGS) == set(privatedeck.MODES)
    assert tuple(REMOTE_MODES) == tuple(remote.GAMES["diadeplaya"]["mode"])


def test_a_link_read_before_leaves_the_turn_on_screen_as_it_is():
    """Opening again a link already read, in the middle of one's turn: nothing changes,
    the moves of the turn can still be taken back."""
    a, b = seat_up(seed=21)
    rng = random.Random(3)
    mover = to_move([a, b])
    other = b if mover is a else a
    first = play_turn(mover, rng)[0]
    open_link(other, first)
    for _ in range(20):  # the other's turn, up to a move it can take back
        moves = other.model.game.state.legal_moves()
        play_move(other, str(rng.choice(moves)))
        if other.model.undo or other.model.share_url is not None:
            break
    assert other.model.undo, "no move of this turn can be taken back"
    undo = other.model.undo
    open_link(other, first)
    assert other.model.toast == ("app.remote.read-before", {})
    assert other.model.undo == undo and other.model.screen == "game"
