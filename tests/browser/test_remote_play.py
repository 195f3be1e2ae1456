"""Play with friends by link in Chromium: two browser profiles (two devices) play whole
2-player games of Arraial, Día de Playa and Arboretum (private hands: its draws ask the
other's keys, its end is audited) passing only the links their share panels show, to
the same final scores, each game carrying one more part of the flow on its way (a link
pasted, opened twice, a reload, "abandoned" and the export; one tab at a time, the
keyboard, axe and the four languages; a long set-up link in parts and as a file, a
changed link refused); three devices and a link out of order, then one opened offline.

Each device is its own browser context (its own storage): the creator's is the worker's
shared tab, the friends' tabs of the worker's pool (tests/browser/conftest.py,
``TabPool``).  A link is "sent" by reading it from the share panel's link field and
opening it on the other device (``page.goto``: the address's fragment changes, as when a
link is opened in the installed app)."""

from __future__ import annotations

import json

import arboretum_ui
import arraial_ui
import diadeplaya_ui
import pytest
from axe import assert_clean
from conftest import wait_offline_ready, wait_ready
from keys import tab_to
from ui import NEXT_CLICK, click, open_app, wait_rendered
from viewport_shots import decision

pytestmark = pytest.mark.browser

PANEL = ".shell-remote-share"
LINK = f"{PANEL} input.shell-link"


def take_link(page) -> str:
    """The link the share panel shows (its QR code drawn too, when it has one), the
    panel then closed."""
    page.wait_for_selector(LINK)
    url = page.input_value(LINK)
    assert "#tb2." in url
    if page.locator(".shell-qr").count():
        page.wait_for_function(
            "u => document.querySelector('.shell-qr')?.getAttribute('data-qr-drawn') === u",
            arg=url,
            timeout=10_000,
        )
        assert page.locator(".shell-qr svg path").count() == 1
    else:
        assert len(url) > 1200  # only a link too long to scan has none
    click(page, f'{PANEL} [data-act="app.share-close"]')
    return url


def open_link(page, url: str) -> None:
    """Open ``url`` on the device showing ``page`` (the app is open there), read to its
    end (a long reading goes on in time slices: ``body[data-later]`` is 1 meanwhile)."""
    before = page.get_attribute("#app", "data-render") or ""
    page.goto(url)
    page.wait_for_function(
        "b => document.body.dataset.ready === '1'"
        " && document.getElementById('app').dataset.render !== b"
        " && document.body.dataset.later !== '1'",
        arg=before,
        timeout=30_000,
    )


def deliver(pages, sender, link: str, in_parts=None, opened=None) -> None:
    """``link`` opened on every other device; a share panel that opens there (a private
    table's passes and keys, sent with no decision of its player) is passed on in turn.
    ``in_parts``: called with the first such device whose panel offers its link in parts,
    before the link is taken; ``opened``: called with each device after it opened one."""
    queue = [(sender, link)]
    while queue:
        source, url = queue.pop(0)
        for page in pages:
            if page is source:
                continue
            open_link(page, url)
            if opened is not None:
                opened(page)
            if page.locator(PANEL).count():
                if in_parts is not None and page.locator(".shell-parts").count():
                    in_parts(page)
                    in_parts = None
                queue.append((page, take_link(page)))


def record_toasts(page) -> None:
    """From now on, keep every text the page's toast shows (read with :func:`toasts`)."""
    page.evaluate(
        """() => { window.tableroSaid = [];
          new MutationObserver(() => {
            const toast = document.querySelector('.shell-toast');
            if (toast && toast.textContent) window.tableroSaid.push(toast.textContent);
          }).observe(document.getElementById('app'),
                     {subtree: true, childList: true, characterData: true}); }"""
    )


def toasts(page) -> list[str]:
    return page.evaluate("window.tableroSaid")


def remote_state(page) -> str:
    return page.evaluate("() => document.querySelector('[data-remote]')?.dataset.remote ?? ''")


def stored_games(page) -> list[dict]:
    return page.evaluate(
        """() => Object.keys(localStorage).filter((k) => k.startsWith('tablero.remote.'))
             .map((k) => JSON.parse(localStorage.getItem(k)))"""
    )


def seat_up(
    new_page,
    site_server,
    game: str,
    mode: str = "competitive",
    players: int = 2,
    audit=False,
    in_parts=None,
    phone_friends=False,
    **friend_context,
):
    """Ana (this device) makes the game, Ben (and Cleo: other devices) join: started.
    The devices' pages, Ana's first.  ``audit``: axe on the form, the join form and the
    lobby too.  ``in_parts``: called with the first friend's device whose set-up link
    comes in parts (see :func:`deliver`); ``phone_friends``: the friends' devices read
    Ana's start (a pass over the deck) with the CPU of a phone (slowed 4 times), and show
    that they are still reading, step by step; ``friend_context``: the friends' browser
    contexts' options."""
    ana = open_app(new_page, site_server)
    click(ana, '[data-act="app.remote-new"]')
    ana.select_option('select[name="game"]', game)
    ana.wait_for_function("() => document.body.dataset.ready === '1'")
    if game == "diadeplaya":
        ana.select_option('select[name="mode"]', mode)
    if players != 2:
        ana.select_option('select[name="players"]', str(players))
    ana.fill('input[name="name"]', "Ana")
    assert "predict" in ana.inner_text(".shell-remote-new")  # what remains possible, said
    if audit:
        assert_clean(ana, "the form of a new game with friends")
    click(ana, 'form[data-act="app.remote-create"] button[type="submit"]')
    invite = take_link(ana)
    assert remote_state(ana) == "lobby"
    if audit:
        assert_clean(ana, "the lobby of a game with friends")

    friends = []
    for k, name in enumerate(["Ben", "Cleo", "Dan"][: players - 1]):
        friend = open_app(new_page, site_server, **friend_context)
        open_link(friend, invite)
        assert "Ana invites you" in friend.inner_text(".shell-remote-join")
        if audit:
            assert_clean(friend, "the invitation answered")
        friend.fill('input[name="name"]', name)
        friend.select_option('select[name="seat"]', str(k + 2))
        click(friend, 'form[data-act="app.remote-join"] button[type="submit"]')
        join = take_link(friend)
        assert "Waiting for Ana" in friend.inner_text(".shell-remote-lobby")
        open_link(ana, join)
        friends.append(friend)
    start = take_link(ana)
    slowed = {}
    if phone_friends:  # the friends read the start (a pass over the deck) as phones do
        for friend in friends:
            slowed[friend] = slow_down(friend, 4)
            record_toasts(friend)

    def read_on_a_phone(page) -> None:
        cdp = slowed.pop(page, None)
        if cdp is not None:  # its first reading: the start, in steps shown on the screen
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            cdp.detach()
            said = " ".join(toasts(page))
            assert "Reading the link… step 1:" in said, said

    deliver([ana, *friends], ana, start, in_parts, read_on_a_phone)
    assert not slowed
    for page in (ana, *friends):
        page.wait_for_selector(".shell-remote")
    return (ana, *friends)


def slow_down(page, rate: float):
    """``page``'s CPU slowed ``rate`` times (Chrome's throttling: 4 is a mid-range
    phone); the CDP session that did it (rate 1 and detach to end it)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return cdp


def my_turn(page) -> bool:
    return remote_state(page) == "your-turn"


def play_turn(page, game: str) -> str:
    """The viewer's turn by clicks; the link its share panel then shows."""
    if game == "arraial":
        arraial_ui.play_turn(page)
    else:
        diadeplaya_ui.play_turn(page)
    return take_link(page)


def play_out(ana, ben, game: str, limit: int = 200) -> int:
    """Both devices' turns to the end; the turns played."""
    turns = 0
    for _ in range(limit):
        if ana.locator(".shell-end").count() and ben.locator(".shell-end").count():
            return turns
        movers = [p for p in (ana, ben) if my_turn(p)]
        assert len(movers) == 1, (remote_state(ana), remote_state(ben))
        mover = movers[0]
        other = ben if mover is ana else ana
        assert "waiting for" in other.inner_text(".shell-remote").lower()  # or a shuffle
        if game in PRIVATE:
            private_turn(mover, [ana, ben], PRIVATE[game])
        else:
            deliver([ana, ben], mover, play_turn(mover, game))
        turns += 1
    raise AssertionError("the game did not end")


def private_turn(mover, pages, until_panel) -> None:
    """A turn of a game with private hands by clicks (``until_panel``: the game's clicks
    until the share panel opens): whenever the share panel opens (a draw asking the
    others' keys, the turn's end), its link goes to the others, and what they send back
    returns, until the turn is the next player's."""
    for _ in range(10):
        until_panel(mover)
        deliver(pages, mover, take_link(mover))
        if not my_turn(mover):
            return
    raise AssertionError(f"the turn never ended: {remote_state(mover)}")


@pytest.mark.parametrize("game", ["arraial", "diadeplaya", "arboretum", "arribada"])
def test_two_devices_play_a_whole_game_by_the_links_their_panels_show(
    new_page, site_server, tmp_path, game
):
    """A whole game between two devices by the links their share panels show, to the
    same final scores.  Each game also carries one part of the flow on its way, played
    on its own devices rather than on a pair more (a pair of devices and its set-up cost
    about 9 core-seconds): Arraial a link pasted, opened twice, a reload, the game
    abandoned and taken up, the export (:func:`pasted_twice_reloaded_abandoned_exported`);
    Día de Playa one tab at a time, the share panel and the waiting strip by keyboard,
    axe and the four languages (:func:`one_tab_keyboard_axe_languages`); Arboretum its
    set-up's long links in parts and as a file (:func:`seat_up_by_parts_and_file`) and a
    changed link refused (:func:`a_changed_link_is_refused`); Arribada (private racks and
    bag, correspondence dealing) its set-up read by Ben on a phone's CPU, in steps
    shown on the screen, and a set-up link in parts by keyboard and in the four
    languages (:func:`parts_by_keyboard_in_four_languages`).  Cost (CI's machine, the
    full run): 20-35 s a game, about 0.75 core-seconds a turn of Arraial (its clicks, its
    link read on the other device), more for Arboretum's and Arribada's draws (each asks
    the other device's keys) and Arribada's mixes of the bag."""
    if game == "arboretum":
        ana, ben = seat_up_by_parts_and_file(new_page, site_server, tmp_path)
        a_changed_link_is_refused(ana, ben)
    elif game == "arribada":
        ana, ben = seat_up(
            new_page,
            site_server,
            game,
            in_parts=parts_by_keyboard_in_four_languages,
            phone_friends=True,
            permissions=["clipboard-read", "clipboard-write"],
        )
    else:
        ana, ben = seat_up(new_page, site_server, game, audit=game == "diadeplaya")
        if game == "arraial":
            pasted_twice_reloaded_abandoned_exported(ana, ben)
        else:
            one_tab_keyboard_axe_languages(ana, ben, game)
    links = play_out(ana, ben, game)
    assert links > 5
    [a], [b] = stored_games(ana), stored_games(ben)
    assert a["summary"]["status"] == b["summary"]["status"] == "over"
    assert a["summary"]["scores"] == b["summary"]["scores"]
    for page in (ana, ben):
        assert "Every draw was checked as it happened" in page.inner_text(".shell-remote")
        if game in PRIVATE:  # private hands: every shuffle and key audited at the end
            assert "every shuffle matches" in page.inner_text(".shell-remote")
            page.locator("details.shell-remote-dealt > summary").click()
            assert page.locator("details.shell-remote-dealt tbody tr").count() > 10
    if game == "arboretum":
        assert_clean(ana, "the end of a game with private hands, the deck as dealt shown")


def pasted_twice_reloaded_abandoned_exported(ana, ben) -> None:
    """The first turn's link pasted into the waiting strip's field, then opened a second
    time (nothing changes, and it says so); a reload keeps the game; the one waiting
    marks the game abandoned and takes it up again; the export says that its file holds
    the player's secret.  The other device's turn is then live."""
    mover = ana if my_turn(ana) else ben
    other = ben if mover is ana else ana
    link = play_turn(mover, "arraial")
    # pasted into the waiting strip's field
    other.fill('.shell-remote-paste input[name="link"]', link)
    click(other, '.shell-remote-paste button[type="submit"]')
    assert my_turn(other)
    # opened a second time: nothing changes, and it says so (first that it reads it: a
    # link can take a second to read on a phone)
    moves = other.locator(".shell-log-list li").count()
    record_toasts(other)
    open_link(other, link)
    assert "Reading the link" in " ".join(toasts(other))
    assert "opened before" in other.inner_text(".shell-toast")
    assert other.locator(".shell-log-list li").count() == moves
    # a reload keeps the game, its turn and its table
    other.reload()
    wait_ready(other)
    assert my_turn(other)
    # the one waiting marks the game abandoned; nothing is lost, and it is taken up again
    click(mover, '[data-act="app.remote-abandon"]')
    assert remote_state(mover) == "abandoned"
    click(mover, '[data-act="app.remote-abandon"][data-undo="1"]')
    assert remote_state(mover) == "waiting"
    # the export: a file holding the secret, said beside the button
    assert "play your seat" in mover.inner_text(".shell-remote")
    with mover.expect_download() as info:
        mover.locator('[data-act="app.remote-export"]').click()
    text = open(info.value.path(), encoding="utf-8").read()
    assert json.loads(text)["kind"] == "tablero-remote"
    assert decision(other)  # the other's table is live


def one_tab_keyboard_axe_languages(ana, ben, game: str) -> None:
    """The same game in a second tab of the same browser only shows it (the first holds
    its lock); the share panel and the waiting strip by keyboard, audited by axe, in
    each language (English again at the end).  The other device's turn is then live."""
    mover = ana if my_turn(ana) else ben
    other = ben if mover is ana else ana
    # the share panel by keyboard: its actions are buttons reached with Tab, and Enter on
    # "Close" closes it
    mover_link = play_turn_keeping_panel(mover, game)
    # the panel takes the focus as it opens: a screen reader says what to do with the link
    focused = mover.evaluate("() => document.activeElement.id")
    assert focused == "shell-share-h", focused
    assert_clean(mover, "the share panel of a game with friends")
    close = mover.locator(f'{PANEL} [data-act="app.share-close"]')
    close.focus()
    before = mover.get_attribute("#app", "data-render")
    mover.keyboard.press("Enter")
    wait_rendered(mover, before)
    assert mover.locator(PANEL).count() == 0
    assert_clean(mover, "the waiting strip")
    # a second tab of the other device: it only shows the game; its moves are refused
    second = other.context.new_page()
    second.set_viewport_size({"width": 1000, "height": 900})  # as the device's first tab
    second.goto(other.url.split("#")[0])
    wait_ready(second)
    second.wait_for_selector('[data-remote="locked"]')
    assert "another tab" in second.inner_text(".shell-remote")
    assert_clean(second, "a game with friends open in a second tab")
    second.close()
    # the link opened in the tab that holds the game
    open_link(other, mover_link)
    assert my_turn(other)
    # every language: the strip and its actions translated (no English left)
    english = other.inner_text(".shell-remote")
    for lang in ("ja", "es", "nl", "en"):
        choose_language(other, lang)
        text = other.inner_text(".shell-remote")
        if lang == "en":
            assert text == english
            continue
        assert text and text != english, lang
        assert "Your turn" not in text and "with my secret" not in text, (lang, text)


def choose_language(page, lang: str) -> None:
    """The menu's language select."""
    if not page.locator('select[data-act="app.lang"]').is_visible():
        page.locator("details.shell-menu > summary").click()
    page.select_option('select[data-act="app.lang"]', lang)
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


def play_turn_keeping_panel(page, game: str) -> str:
    """The viewer's turn by clicks; the link its share panel shows (left open)."""
    if game == "arraial":
        arraial_ui.play_turn(page)
    else:
        diadeplaya_ui.play_turn(page)
    page.wait_for_selector(LINK)
    return page.input_value(LINK)


def seat_up_by_parts_and_file(new_page, site_server, tmp_path):
    """Arboretum's set-up: Ana's start link (several kilobytes) goes to Ben in parts,
    opened in reverse order (each kept until the last); Ben's reply goes back as a file,
    opened with Import; the other links as links.  The two devices' pages."""
    ana = open_app(new_page, site_server)
    click(ana, '[data-act="app.remote-new"]')
    ana.select_option('select[name="game"]', "arboretum")
    ana.wait_for_selector('select[name="dealing"]')
    assert "stop answering" in ana.inner_text(".shell-remote-new")
    ana.fill('input[name="name"]', "Ana")
    click(ana, 'form[data-act="app.remote-create"] button[type="submit"]')
    invite = take_link(ana)
    ben = open_app(new_page, site_server)
    open_link(ben, invite)
    ben.fill('input[name="name"]', "Ben")
    click(ben, 'form[data-act="app.remote-join"] button[type="submit"]')
    open_link(ana, take_link(ben))
    # the set-up's links: the first long one (a shuffle of the deck, several kilobytes,
    # too long to scan) goes in parts, opened in reverse order; the next one as a file,
    # opened with Import; a short one as a link
    sent = {"parts": 0, "file": 0}
    queue = [ana]
    while queue:
        sender = queue.pop(0)
        receiver = ben if sender is ana else ana
        sender.wait_for_selector(PANEL)
        if sender.locator(".shell-parts").count() and not sent["parts"]:
            assert sender.locator(".shell-qr").count() == 0
            parts = sender.locator(".shell-parts input.shell-link").evaluate_all(
                "els => els.map((e) => e.value)"
            )
            assert len(parts) >= 2 and all(len(p) < 2100 for p in parts)
            assert_clean(sender, "the share panel of a long link")
            click(sender, f'{PANEL} [data-act="app.share-close"]')
            for part in reversed(parts[1:]):
                open_link(receiver, part)
                assert "Part " in receiver.inner_text(".shell-toast")
            open_link(receiver, parts[0])
            sent["parts"] += 1
        elif sender.locator(".shell-parts").count():
            with sender.expect_download() as info:
                sender.locator(f'{PANEL} [data-act="app.remote-file"]').click()
            path = tmp_path / f"link-{sent['file']}.txt"
            info.value.save_as(path)
            click(sender, f'{PANEL} [data-act="app.share-close"]')
            receiver.locator("details.shell-menu > summary").click()
            before = receiver.get_attribute("#app", "data-render")
            receiver.set_input_files('.shell-menu-items input[type="file"]', str(path))
            wait_rendered(receiver, before)
            sent["file"] += 1
        else:
            open_link(receiver, take_link(sender))
        if receiver.locator(PANEL).count():
            queue.append(receiver)
    assert sent == {"parts": 1, "file": 1}
    movers = [p for p in (ana, ben) if my_turn(p)]
    assert len(movers) == 1
    return ana, ben


def a_changed_link_is_refused(ana, ben) -> None:
    """A link changed on its way (one character): refused, the reason named, nothing
    changed; the link as sent then read, and what it asks of the other device sent back."""
    mover = ana if my_turn(ana) else ben
    other = ben if mover is ana else ana
    arboretum_turn_until_panel(mover)
    link = take_link(mover)
    changed = link[:-20] + ("A" if link[-20] != "A" else "B") + link[-19:]
    moves = other.locator(".shell-log-list li").count()
    open_link(other, changed)
    assert "cannot be used" in other.inner_text(".shell-notice")
    assert other.locator(".shell-log-list li").count() == moves
    click(other, '[data-act="app.dismiss"]')
    open_link(other, link)
    assert other.locator(".shell-log-list li").count() > moves
    if other.locator(PANEL).count():  # its keys for the draw, sent back
        deliver([ana, ben], other, take_link(other))


def test_a_link_out_of_order_is_held_and_one_opens_offline(new_page, site_server):
    """Three devices: the third opens the second link before the first (held: the
    screen names whose link to open first), then the first (both read); Ana's device
    (the one with the service worker) then opens a link while offline."""
    pages = seat_up(new_page, site_server, "arraial", players=3)
    names = dict(zip(("Ana", "Ben", "Cleo"), pages, strict=True))
    first_mover = next(p for p in pages if my_turn(p))
    first = play_turn(first_mover, "arraial")
    waiting = first_mover.inner_text(".shell-remote-line")
    nxt = next(p for name, p in names.items() if f"for {name}" in waiting)
    late = next(p for p in pages if p is not nxt and p is not first_mover)
    open_link(nxt, first)
    assert my_turn(nxt)
    second = play_turn(nxt, "arraial")
    open_link(first_mover, second)
    moves = late.locator(".shell-log-list li").count()
    open_link(late, second)
    first_name = next(name for name, p in names.items() if p is first_mover)
    notice = late.inner_text(".shell-notice")
    assert "earlier link first" in notice and first_name in notice
    assert late.locator(".shell-log-list li").count() == moves  # held, not read
    open_link(late, first)
    assert late.locator(".shell-log-list li").count() > moves  # both read now
    # the game goes on: one device to move, the others waiting for it
    movers = [p for p in pages if my_turn(p)]
    assert len(movers) == 1
    # Ana's device opens a link offline (the service worker serves the app)
    ana = names["Ana"]
    wait_offline_ready(ana)
    for _ in range(3):
        mover = next(p for p in pages if my_turn(p))
        link = play_turn(mover, "arraial")
        for p in pages:
            if p is mover:
                continue
            if p is ana:
                read = ana.locator(".shell-log-list li").count()
                ana.context.set_offline(True)
                try:
                    open_link(ana, link)
                    assert ana.locator(".shell-log-list li").count() > read  # read offline
                finally:
                    ana.context.set_offline(False)
                return
            open_link(p, link)
    raise AssertionError("no link went to Ana's device")


def arboretum_turn_until_panel(page) -> None:
    """Arboretum clicks of the viewer's turn (draw, play, discard) until the share panel
    opens."""
    for _ in range(30):
        if page.locator(PANEL).count():
            return
        status = arboretum_ui.status(page).lower()
        if "draw" in status:
            if page.locator('[data-act="move"][data-move="draw deck"]').count():
                click(page, '[data-act="move"][data-move="draw deck"]')
            else:  # the deck ran out during this turn: take a pile top
                click(page, '.tb-board [data-act="move"]')
        elif "discard" in status:
            click(page, '[data-act="pick-card"]')
            click(page, '[data-act="confirm-move"]')
        else:
            click(page, '[data-act="pick-card"]')
            click(page, '[data-act="cell"]')
            click(page, '[data-act="confirm-move"]')
    raise AssertionError("no link to send")


def arribada_turn_until_panel(page) -> None:
    """Arribada clicks of the viewer's turn, each chosen as in the hot-seat game
    (``ui.NEXT_CLICK``: a preview confirmed, a cell, a rack tile, else the
    turn's end, a draw from the bag, a claim declined, a pass, another move) until the
    share panel opens."""
    for _ in range(40):
        selector = page.evaluate(PANEL_OR_NEXT_CLICK)
        if selector == "":
            return
        assert selector is not None, f"no legal target to click: {remote_state(page)}"
        click(page, selector)
    raise AssertionError("no link to send")


#: "" when the share panel is open, else what ``NEXT_CLICK`` gives (one round trip).
PANEL_OR_NEXT_CLICK = f"() => document.querySelector({PANEL!r}) ? '' : ({NEXT_CLICK})()"


def parts_by_keyboard_in_four_languages(page) -> None:
    """A friend's set-up link in parts (a pass over Arribada's bag, several kilobytes):
    the second part copied by keyboard (Tab to its button, Enter: the clipboard holds
    that part's link), then the panel in each language, its parts' labels, hint and
    buttons translated (English again at the end)."""
    parts = page.locator(".shell-parts input.shell-link").evaluate_all(
        "els => els.map((e) => e.value)"
    )
    assert len(parts) >= 2 and all(len(p) < 2100 for p in parts)
    tab_to(page, '[data-act="app.copy-part"][data-part="2"]')
    page.keyboard.press("Enter")
    page.wait_for_function(
        "async (want) => (await navigator.clipboard.readText()) === want",
        arg=parts[1],
        polling=100,
        timeout=5_000,
    )
    page.wait_for_function(  # and the panel says so
        "() => document.querySelector('.shell-share-status').textContent.includes('copied')"
    )
    english = page.inner_text(PANEL)
    assert "Part 2 of" in english and "Send as a file" in english
    for lang in ("ja", "es", "nl", "en"):
        choose_language(page, lang)
        text = page.inner_text(PANEL)
        if lang == "en":
            assert text == english
            continue
        assert text and text != english, lang
        for words in ("Part 2 of", "Copy part", "Send as a file", "This link is long"):
            assert words not in text, (lang, words, text)


#: The games with private hands: their turn's clicks until the share panel opens.
PRIVATE = {"arboretum": arboretum_turn_until_panel, "arribada": arribada_turn_until_panel}
