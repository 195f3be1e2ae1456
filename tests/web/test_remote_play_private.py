"""Play with friends by link, the games with private hands (Arboretum, Arribada), through
the app's controller: two devices play whole games passing only what their share panels
show (a device's set-up passes and keys go out with its turns, several links joined in
one), to the same scores and a passing audit, which the end's strip states; each device
sees only its own cards.  The protocol itself is tests/web/test_remote_private.py's."""

from __future__ import annotations

import random
import re

import pytest
from tablero.web.remotegames import LINK_JOINER, link_fields, link_session, split_links, to_parts
from tablero.web.saves import MemoryStorage

from web.test_app import Page, make_app
from web.test_remote_play import device, open_link, shared, to_move
from web.test_remote_play import play_move as play_table_move


def deliver(pages: list[Page], queue: list[tuple[Page, str]]) -> int:
    """Every queued link opened on every other device; what opening makes (the share
    panel opened by a device's own passes and keys) is queued in turn.  Links sent."""
    sent = 0
    while queue:
        sender, link = queue.pop(0)
        sent += 1
        for page in pages:
            if page is sender:
                continue
            open_link(page, link)
            assert page.model.notice is None, (page.model.notice, page.model.remote.table.stopped)
            if page.model.share_url is not None:
                queue.append((page, shared(page)))
    return sent


def invited_and_joined(game_id: str, seed: int) -> tuple[Page, Page]:
    """Ana's invitation (default dealing) answered by Ben, whose join Ana has opened: her
    share panel is open on the start."""
    a_app = device(seed)
    a = Page(a_app, a_app.boot("en"))
    a.click("app.remote-new")
    a.send("app.remote-create", game=game_id, players="2", seat="1", name="Ana")
    invite = shared(a)
    b_app = device(seed + 100)
    b = Page(b_app, b_app.boot("en", "#" + invite))
    b.send("app.remote-join", name="Ben", seat="2")
    open_link(a, shared(b))
    return a, b


def seat_up_private(game_id: str, dealing: str = "correspondence", seed: int = 1):
    a_app = device(seed)
    a = Page(a_app, a_app.boot("en"))
    a.click("app.remote-new")
    a.send("app.remote-form", game=game_id, dealing=dealing)
    assert 'name="dealing"' in a.html and "stop answering" in a.html
    a.send("app.remote-create", game=game_id, dealing=dealing, players="2", seat="1", name="Ana")
    invite = shared(a)
    b_app = device(seed + 100)
    b = Page(b_app, b_app.boot("en", "#" + invite))
    assert "Ana invites you" in b.html
    b.send("app.remote-join", name="Ben", seat="2")
    open_link(a, shared(b))
    start = shared(a)
    assert link_session(start)[0] == "s"
    deliver([a, b], [(a, start)])
    assert a.model.screen == b.model.screen == "game"
    return a, b


def play_turn(page: Page, rng: random.Random, refreshes: list[int]) -> list[str]:
    for _ in range(80):
        state = page.model.game.state
        if state.is_terminal() or page.model.share_url is not None:
            break
        moves = [str(m) for m in state.legal_moves()]
        if refreshes[0] >= 1 and len(moves) > 1:
            moves = [m for m in moves if m != "refresh"]  # each is a mix of the bag
        move = rng.choice(moves)
        refreshes[0] += move == "refresh"
        play_table_move(page, move)
        assert page.model.toast is None, page.model.toast
    return [shared(page)] if page.model.share_url is not None else []


@pytest.mark.parametrize("game_id", ["arboretum", "arribada"])
def test_two_devices_play_a_whole_private_game_to_the_same_scores_and_a_passing_audit(game_id):
    a, b = seat_up_private(game_id)
    rng = random.Random(21)
    refreshes = [0]
    for _ in range(400):
        if a.model.game.state.is_terminal() and b.model.game.state.is_terminal():
            break
        mover = to_move([a, b])
        links = play_turn(mover, rng, refreshes)
        deliver([a, b], [(mover, link) for link in links])
        # the table shows this seat's view (the protocol's tests check that it holds
        # nothing of the other's hidden cards: tests/web/test_remote_private.py)
        for page in (a, b):
            assert page.model.game.state is page.model.remote.table.state
    sa, sb = a.model.game.state, b.model.game.state
    assert sa.is_terminal() and sb.is_terminal()
    assert sa.scores() == sb.scores()
    for page in (a, b):
        audit = page.model.remote.table.audit
        assert audit.endswith("every shuffle matches"), audit
        assert "Fair-deal check:" in page.html and "every shuffle matches" in page.html


def test_several_links_joined_in_one_are_read_in_their_order():
    a, b = seat_up_private("arboretum", seed=5)
    mover = to_move([a, b])
    other = b if mover is a else a
    links = play_turn(mover, random.Random(3), [0])
    parts = [part for link in links for part in split_links(link)]
    # the same links, joined by hand in one fragment: read as one delivery
    open_link(other, LINK_JOINER.join(parts))
    assert other.model.notice is None
    log = other.model.remote.table.log
    assert all(part in log for part in parts)


def test_the_set_up_says_how_far_the_shuffles_are():
    """While the deck's set-up passes go round, the waiting device says which link of
    how many, and whose shuffle it waits for."""
    a, _ = invited_and_joined("arboretum", seed=3)
    shared(a)  # the start and Ana's first pass: not opened by Ben yet
    assert "Shuffling the deck: link 2 of 3, waiting for Ben" in a.html


def test_a_cheat_is_caught_and_the_deck_as_dealt_shown_at_the_end():
    """A seat's device that lies about a card it plays (its link signed again by it, a
    made-up key for the card): the other device refuses the link, names why and changes
    nothing; the honest link then reads.  At the end, the audit stated and the deck as it
    was dealt, a row a draw."""
    from web.test_remote_private import resign

    a, b = seat_up_private("arboretum", seed=9)
    rng, refreshes = random.Random(4), [0]
    caught = False
    for _ in range(400):
        if a.model.game.state.is_terminal() and b.model.game.state.is_terminal():
            break
        mover = to_move([a, b])
        other = b if mover is a else a
        links = play_turn(mover, rng, refreshes)
        if not caught:
            parts = split_links(links[-1])
            turn = next(i for i, p in enumerate(parts) if "r" in (link_fields(p)[9] or {}))

            def made_up(fields):
                fields[9]["r"][0][2] = (12345).to_bytes(32, "little").hex()

            lie = resign(parts[turn], mover.model.remote.table.secret, made_up)
            log = other.model.remote.table.log
            open_link(other, LINK_JOINER.join([*parts[:turn], lie]))
            assert other.model.notice is not None
            assert other.model.notice[0] == "app.remote.bad-link"
            assert "not dealt" in other.html
            assert other.model.remote.table.log[: len(log)] == log
            assert lie not in other.model.remote.table.log
            other.click("app.dismiss")
            caught = True
        deliver([a, b], [(mover, link) for link in links])
    assert caught
    for page in (a, b):
        dealt = page.model.remote.table.deck_as_dealt()
        draws = int(page.model.remote.table.audit.split(" ", 1)[0])
        assert len(dealt) == draws > 10
        html = page.html
        assert "Show the deck as dealt" in html
        assert html.count("<tr><td>") == draws
    # both devices saw the same deck
    assert a.model.remote.table.deck_as_dealt() == b.model.remote.table.deck_as_dealt()


def test_a_long_link_goes_in_parts_or_as_a_file():
    """The set-up's link (several kilobytes) is offered in parts for a chat that cuts
    long messages, each copied on its own, and as a file: parts opened in any order are
    kept until the last one, then read as the whole link; the file opened with Import is
    read the same way."""
    a, b = invited_and_joined("arribada", seed=11)
    url = a.model.share_url
    fragment = url.split("#", 1)[1]
    parts = to_parts(fragment)
    assert len(parts) >= 2 and all(len(p) < 2000 for p in parts)
    html = a.html
    assert "data-qr" not in html  # too long to scan
    for k, part in enumerate(parts, 1):
        assert f'value="{url.split("#")[0]}#{part}"' in html
        a.click("app.copy-part", part=str(k))
        assert [(e.kind, e.data["url"]) for e in a.model.effects] == [
            ("copy", url.split("#")[0] + "#" + part)
        ]
    a.click("app.remote-file")
    (effect,) = a.model.effects
    assert effect.kind == "share_file" and effect.data["text"].strip() == url
    file_text = effect.data["text"]
    a.click("app.share-close")
    # Ben gets the parts, the last first: each kept, then the link read whole
    log = b.model.remote.table.log
    for part in reversed(parts[1:]):
        open_link(b, part)
        assert b.model.toast[0] == "app.remote.part-kept"
        assert b.model.remote.table.log == log
    open_link(b, parts[0])
    assert b.model.remote.table.log != log and b.model.notice is None
    # a third device, or the same link again as a file: read like the link
    c_app = device(211, b.app.store.storage)
    c = Page(c_app, c_app.boot("en"))
    c.send("app.import", text=file_text)
    assert c.model.toast == ("app.remote.read-before", {})


def test_a_damaged_part_is_refused():
    app = device(5)
    page = Page(app, app.boot("en"))
    open_link(page, "tbp.0123abcd.1.2.AAAA")
    open_link(page, "tbp.0123abcd.2.2.BBBB")  # joined: its id does not match
    assert page.model.notice[0] == "app.remote.bad-link"
    open_link(page, "tbp.zz.1.2.AAAA")
    assert page.model.notice[0] == "app.remote.bad-link"


def test_a_card_drawn_in_strict_dealing_says_why_it_is_face_down():
    """Strict dealing: a card drawn waits for the other's key; until that link comes the
    drawer's strip says so, and then the card is in the hand."""
    a, b = seat_up_private("arboretum", dealing="strict", seed=3)
    mover = to_move([a, b])
    other = b if mover is a else a
    hand = len(mover.model.game.state.hands[mover.model.remote.table.seat])
    play_table_move(mover, "draw deck")
    name = "Ben" if mover is a else "Ana"
    assert "face down for now" in mover.html and name in mover.html
    assert mover.model.game.state.legal_moves() == []  # nothing to do until it opens
    # the card is drawn face down in the hand itself, saying why
    assert mover.html.count('data-face-down="1"') == 1
    assert "Drawn, face down until its key comes" in mover.html
    assert " is-newest" not in mover.html  # no card of this turn is in the hand yet
    deliver([a, b], [(mover, shared(mover))])
    assert "face down" not in mover.html and "data-face-down" not in mover.html
    assert mover.model.game.state.legal_moves()  # the card opened: the turn goes on
    assert len(mover.model.game.state.hands[mover.model.remote.table.seat]) == hand + 1
    assert mover.html.count(" is-newest") == 1  # the card that opened turns face up
    assert other.model.notice is None


def test_a_tile_drawn_in_strict_dealing_waits_face_down_on_the_rack():
    """Strict dealing in Arribada: the tile a turn draws for the mover's rack waits for
    the other's key; until that link comes, the rack shows it face down, saying why."""
    a, b = seat_up_private("arribada", dealing="strict", seed=3)
    rng = random.Random(2)
    for _ in range(40):
        mover = to_move([a, b])
        moves = [str(m) for m in mover.model.game.state.legal_moves() if str(m) != "refresh"]
        play_table_move(mover, rng.choice(moves))
        state = mover.model.game.state
        chance = state.chance
        if chance is not None and chance.kind == "draw" and state.viewer in chance.seen_by:
            break
        if mover.model.share_url is not None:
            deliver([a, b], [(mover, shared(mover))])
    else:
        raise AssertionError("no tile was drawn for a rack")
    rack = len(state.racks[state.viewer])
    assert mover.html.count('data-face-down="1"') == 1
    assert "Drawn, face down until its key comes" in mover.html
    assert " is-newest" not in mover.html
    deliver([a, b], [(mover, shared(mover))])
    state = mover.model.game.state
    assert "data-face-down" not in mover.html
    assert len(state.racks[state.viewer]) == rack + 1  # the tile opened onto the rack
    # ... and turns face up as it comes: the one tile of the value drawn
    drawn = [e for e in state.history[-1]["events"] if e.get("type") == "draw"][-1]["value"]
    assert mover.html.count(" is-newest") == 1
    marked = re.findall(r'<[^>]*\bis-newest\b[^>]*\bdata-rack-value="(\d)"', mover.html)
    assert marked == [str(drawn)]


def test_a_failed_audit_says_the_result_cannot_be_trusted_and_names_what_failed():
    """The end's audit failing (the protocol's tests make it fail every way: a changed
    pass, a wrong key, a false seed) stops the table with what failed; the strip says
    the result cannot be trusted and shows the seat and the step."""
    from dataclasses import replace

    a, b = seat_up_private("arboretum", seed=13)
    failed = "Ben's seed is not the one they committed to: the result cannot be verified."
    table = replace(a.model.remote.table, audit=failed, stopped=failed)
    remote = replace(a.model.remote, table=table)
    a.model = replace(a.model, remote=remote)
    html = a.html
    assert "cannot be trusted" in html
    assert "What failed" in html and "Ben&#x27;s seed is not the one" in html
    assert 'data-remote="stopped"' in html


def test_a_part_pasted_into_the_waiting_strip_is_kept_like_an_opened_one():
    a, b = invited_and_joined("arribada", seed=17)
    parts = to_parts(a.model.share_url.split("#", 1)[1])
    assert len(parts) >= 2
    log = b.model.remote.table.log
    for part in parts[:-1]:
        b.send("app.remote-paste", link="https://example.org/#" + part)
        assert b.model.toast[0] == "app.remote.part-kept"
    b.send("app.remote-paste", link=parts[-1])
    assert b.model.notice is None and b.model.remote.table.log != log


def test_a_long_reading_goes_on_in_time_slices_to_the_same_table():
    """On a slow device the page reads a link in time slices (``App.read_slice``): Ben's
    reading of Ana's start link (his pass over Arribada's bag, a hundred and ten
    multiplications) pauses several times, each time showing the game as it was and
    saying it is still reading (step by step) while it asks the page to go on
    (``Effect("read_on")``, answered with ``app.remote-continue``); it ends on the same table and
    the same link as a reading in one piece."""

    def start(sliced: bool) -> tuple[Page, Page, str]:
        a_app = device(31337)
        a = Page(a_app, a_app.boot("en"))
        a.click("app.remote-new")
        a.send("app.remote-create", game="arribada", players="2", seat="1", name="Ana")
        invite = shared(a)
        rng = random.Random(41337)
        b_app = make_app(MemoryStorage(), entropy=lambda n: rng.randbytes(n))
        if sliced:
            b_app.read_slice = 0.01
        b = Page(b_app, b_app.boot("en", "#" + invite))
        b.send("app.remote-join", name="Ben", seat="2")
        open_link(a, shared(b))
        return a, b, shared(a)

    # sliced first, on seeds of its own: its passes are not yet among those this
    # process made (which a reading in one piece would leave for it to find)
    _, b, link = start(sliced=True)
    log = len(b.model.remote.table.log)
    open_link(b, link)
    steps = 0
    while b.model.share_url is None:
        later = [e for e in b.model.effects if e.kind == "read_on"]
        assert len(later) == 1, b.model
        steps += 1
        assert later[0].data["step"] == str(steps)
        assert b.model.toast == ("app.remote.reading-more", {"step": steps})
        assert f"step {steps}:" in b.html and "Reading the link" in b.html
        assert len(b.model.remote.table.log) == log  # not read yet
        b.send("app.remote-continue", **later[0].data)
        assert steps < 200, "the reading never ended"
    assert steps >= 3
    assert not [e for e in b.model.effects if e.kind == "read_on"]
    _, whole, link = start(sliced=False)
    open_link(whole, link)
    assert whole.model.share_url is not None
    assert b.model.remote.table.to_json() == whole.model.remote.table.to_json()
    assert b.model.share_url == whole.model.share_url
