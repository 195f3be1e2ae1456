"""The keyboard: every game played to the end with the keyboard alone, Escape, the focus
ring, reduced motion.

* A whole 2-player game of each game (Ana, a person, against a
  ``bot:random``), the new-game form filled in with Tab, typing and the arrow keys, then
  every decision of Ana's taken with Enter on whatever has the focus (after an arrow key
  now and then, which must move the focus to another item of the same group), until the
  end screen.  At each decision the focus is inside #app, on a control; after each
  move it is never lost; while the bot moves it is on the status line.  The same game
  is the content security policy's whole game: a first visit listening for violations
  from its start, ended by the screens around the game (test_csp.py's
  ``around_the_game``, which clicks them); not one violation.
* Escape cancels a chosen move (the focus goes back to the board's targets; in Día de
  Playa the card goes back in hand, R turning it), Escape
  closes the open menu (the focus back on its button), and so does a click outside it.
* The focused rack tile / board cell is visibly marked (computed style).
* ``prefers-reduced-motion: reduce``: the mark on a bot's new tile does not pulse.
* What a screen reader hears along one Arribada turn (printed, and written to
  tests/output/keyboard-transcript.txt).

Nothing here clicks (but the test "a click outside closes the menu", outside the menu, as
its name says, and the screens after a whole game, which the policy's check opens); the
page is read with ``evaluate``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import wait_ready
from keys import (
    ACTIVE,
    MARK,
    MOVED,
    active,
    decision,
    my_turn,
    new_bot_game,
    press,
    press_and_read,
    tab_to,
    wait_my_turn,
)
from test_csp import LISTEN, around_the_game, violations
from ui import NEXT_CLICK, click, open_app

pytestmark = pytest.mark.browser

OUTPUT = Path(__file__).resolve().parents[1] / "output"
MAX_STEPS = 1500  # Enter presses of Ana's in one game (a game takes a few hundred)
ARROW_EVERY = 3  # an arrow key before every third Enter
#: ... before every Enter in a short game whose turn is three decisions (every third Enter
#: would always fall on the same one: Día de Playa's Confirm, which is in no group; a
#: 2-player game is 26 decisions, a third of them Confirm); and in Arraial's, whose game
#: changes from run to run (the bot's seed is the new save's id: 49-68 decisions, only
#: its actions with a group to arrow in), so that the 10 arrows the test asks for do not
#: depend on the game drawn (every third Enter gave 9-12, every second 12-14)
ARROW_EVERY_GAME = {"diadeplaya": 1, "arraial": 1}


def arrow_in_group(page, info: dict) -> dict:
    """Press an arrow key inside the focused element's group: the focus must move to
    another item of the same group (a grid: the first direction that has an item)."""
    keys = ["ArrowRight"] if info["groupKind"] == "line" else [
        "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"
    ]  # fmt: skip
    for key in keys:
        page.evaluate(MARK)
        page.keyboard.press(key)
        moved = page.evaluate(MOVED)
        if moved["moved"]:
            assert moved["sameGroup"], f"{key} took the focus out of {info['groupClass']}"
            after = active(page)
            assert after["act"], f"{key} moved the focus onto no control: {after}"
            return after
    raise AssertionError(f"no arrow key moved the focus in {info['groupClass']}: {info}")


def play_to_the_end(page, arrow_every: int = ARROW_EVERY) -> Counter:
    """Ana's every decision by Enter (an arrow key first now and then) until the end.
    Waiting for her turn and reading the focus is one round trip (``keys.my_turn``), a
    key and the focus after it two (``keys.press_and_read``)."""
    seen: Counter = Counter()
    for step in range(MAX_STEPS):
        info = my_turn(page)
        if info["end"]:
            assert info["inApp"] and not info["body"], f"focus lost at the end: {info}"
            seen["end focus " + str(info["act"])] += 1
            return seen
        where = f"step {step}, decision {info['decision']!r}: {info}"
        assert info["inApp"] and not info["body"], "the focus is lost at " + where
        assert info["act"], "the focus is not on a control at " + where
        seen["decision " + info["decision"].split(":")[0]] += 1
        seen[f"focus {info['act']} {(info['move'] or '').split(' ')[0]}".strip()] += 1
        if step % arrow_every == 1 % arrow_every and info["groupSize"] > 1:
            info = arrow_in_group(page, info)
            seen["arrow in " + str(info["groupClass"]).split()[0]] += 1
        after = press_and_read(page, "Enter", before=info["render"])
        assert after["inApp"] and not after["body"], (
            f"the focus was lost after Enter at {where}; now {after}"
        )
        if after["decision"].startswith("wait:"):
            assert after["status"], f"the bot moves: the focus is not on the status: {after}"
            seen["status focused while the bot moves"] += 1
    raise AssertionError(f"the game did not end in {MAX_STEPS} steps: {dict(seen)}")


def report(game: str, seen: Counter, seconds: float) -> None:
    lines = "\n".join(f"  {k}: {v}" for k, v in sorted(seen.items()))
    print(f"\n{game} by keyboard, {seconds:.0f} s:\n{lines}")


# --- (a), (b): whole games ----------------------------------------------------------------


TABLES = {
    "arribada": ".arr-table",
    "arboretum": ".arb-table",
    "arraial": ".arl-table",
    "diadeplaya": ".dp-table",
}
#: the roving groups the arrow keys must have moved in: the rack or hand and the board
ARROW_GROUPS = {
    "arribada": {"arr-rack", "arr-board"},
    "arboretum": {"arb-hand", "arb-garden"},
    "arraial": {"arl-board"},  # the octagon's cards, the drop columns, the face-up cards
    "diadeplaya": {"dp-market", "dp-beach"},  # the market's cards, the places on the beach
}


@pytest.mark.parametrize(
    "game",
    [pytest.param("arribada", marks=pytest.mark.first_visit), "arboretum", "arraial", "diadeplaya"],
)
def test_a_whole_game_by_keyboard_breaks_no_rule_of_the_policy(game, new_page, site_server, timer):
    """A whole game by keys that listens for the content security policy's violations
    (test_csp.py), then the screens around the game: 10-20 s a game (a few hundred
    decisions, each a key press and a render; the bot in its worker).  One game per game
    serves the keyboard's checks and the policy's (issue 31).  Arribada's is a first
    visit, heard from the page's first script on (an init script: the service worker's
    install, the precache, the boot); the three others run in the worker's shared tab (a
    returning player's browser), heard from the moment the page is interactive, which
    spares each a fresh context and a precache of the site (about 4 core-seconds): the
    boot is the same page for every game."""
    if game == "arribada":
        page = new_page(viewport={"width": 1000, "height": 900}, accept_downloads=True)
        page.add_init_script(LISTEN)
        page.goto(site_server.url)
        wait_ready(page)
    else:
        page = open_app(new_page, site_server)
        page.evaluate(LISTEN)
    new_bot_game(page, game, seed=9)
    table = TABLES[game]
    assert page.locator(table).count() == 1  # one person: no pass-the-device screen
    seen = play_to_the_end(page, ARROW_EVERY_GAME.get(game, ARROW_EVERY))
    report(game, seen, timer())
    assert page.locator(".shell-end").count() == 1
    assert seen["end focus app.replay"] == 1  # the end screen's first control
    assert seen["status focused while the bot moves"] > 0
    arrows = sum(v for k, v in seen.items() if k.startswith("arrow in "))
    assert arrows >= 10
    # the arrows moved inside the hand / rack and the board (and, Arboretum, the piles)
    groups = {k for k in seen if k.startswith("arrow in ")}
    assert {"arrow in " + g for g in ARROW_GROUPS[game]} <= groups, groups
    if game == "arraial":  # every kind of decision was taken by Enter
        for kind in ("act", "land", "refill"):
            assert seen["decision " + kind] > 0, seen
    if game == "diadeplaya":  # a face, the first card laid, 8 cards taken and laid
        assert seen["decision side"] == 1 and seen["decision take"] == 8, seen
        assert seen["decision rotate"] == 9 and seen["decision place"] == 8, seen
    # the game saved, the screens around it, PyScript and the service worker: no violation
    print(f"{game}: {around_the_game(page, game)}")
    assert violations(page) == []


# --- (c): Escape and the menu -------------------------------------------------------------


def test_escape_cancels_a_chosen_move(new_page, site_server):
    page = open_app(new_page, site_server)
    new_bot_game(page, "arribada", seed=9)
    start = active(page)
    assert start["act"] == "pick-value", start  # the first rack tile
    press(page, "Enter")
    target = active(page)
    assert target["act"] == "cell" and target["groupClass"] == "arr-board", target
    page.keyboard.press("ArrowRight")
    cell = active(page)["cell"]
    press(page, "Enter")
    confirm = active(page)
    assert confirm["act"] == "confirm-move", confirm
    assert page.locator(f'.arr-preview[data-preview$=" {cell}"]').count() == 1
    press(page, "Escape")
    after = active(page)
    assert page.locator(".arr-preview").count() == 0  # the chosen move is gone
    assert page.locator('[data-act="confirm-move"]').count() == 0
    assert after["decision"].startswith("action:target"), after  # the tile stays picked
    assert page.locator('[data-act="pick-value"][aria-pressed="true"]').count() == 1
    # the focus is back on the board's targets, to choose again
    assert after["act"] == "cell" and after["groupClass"] == "arr-board", after
    print(f"\nEscape after choosing {cell}: the focus went to {after['cell']} ({after['name']})")
    press(page, "Enter")  # and the keyboard carries on from there
    assert active(page)["act"] == "confirm-move"


def test_escape_takes_a_chosen_place_back_in_diadeplaya(new_page, site_server):
    """Día de Playa: Escape after choosing a place takes the card back in hand (Cancel),
    the focus back on the beach's places; R turns the card; Enter lays it."""
    page = open_app(new_page, site_server)
    new_bot_game(page, "diadeplaya", seed=9)
    press(page, "Enter")  # face a
    press(page, "Enter")  # laid in the middle, as it is turned
    wait_my_turn(page)
    assert active(page)["move"] == "take 1", active(page)
    press(page, "Enter")
    spot = active(page)
    assert spot["act"] == "spot" and spot["groupClass"].startswith("dp-beach"), spot
    press(page, "r")  # turned a quarter: the places of the card turned
    turned = active(page)
    assert turned["decision"].split(":")[2] == "90" and turned["act"] == "spot", turned
    page.keyboard.press("ArrowRight")
    place = active(page)["move"]
    press(page, "Enter")
    confirm = active(page)
    assert confirm["act"] == "confirm-move" and confirm["move"] == place, confirm
    assert page.locator(f'.dp-preview[data-preview="{place}"]').count() == 1
    press(page, "Escape")
    after = active(page)
    assert page.locator(".dp-preview").count() == 0
    assert after["decision"].startswith("rotate:"), after  # the card back in hand
    assert after["act"] == "spot" and after["groupClass"].startswith("dp-beach"), after
    press(page, "Enter")
    assert active(page)["act"] == "confirm-move"
    press(page, "Enter")
    assert not decision(page).startswith(("rotate:", "place:")), decision(page)


def test_escape_closes_the_menu(new_page, site_server):
    page = open_app(new_page, site_server)
    new_bot_game(page, "arribada", seed=9)
    tab_to(page, "details.shell-menu > summary", back=True)
    page.keyboard.press("Enter")
    assert page.evaluate("document.querySelector('details.shell-menu').open")
    page.keyboard.press("Tab")
    first = active(page)
    assert first["groupClass"] == "shell-menu-items" and first["act"], first
    page.keyboard.press("ArrowDown")  # the menu's entries are a roving group too
    second = active(page)
    assert second["groupClass"] == "shell-menu-items" and second["name"] != first["name"]
    page.keyboard.press("Escape")
    assert not page.evaluate("document.querySelector('details.shell-menu').open")
    assert page.evaluate("document.activeElement.matches('details.shell-menu > summary')")
    # the table is as it was: Escape did nothing else
    assert decision(page).startswith("action:pick")


def test_a_click_outside_closes_the_menu(new_page, site_server):
    page = open_app(new_page, site_server)
    new_bot_game(page, "arribada", seed=9)
    page.locator("details.shell-menu > summary").click()
    assert page.evaluate("document.querySelector('details.shell-menu').open")
    box = page.locator(".arr-status").bounding_box()
    page.mouse.click(box["x"] + 4, box["y"] + box["height"] / 2)  # text, no control
    assert not page.evaluate("document.querySelector('details.shell-menu').open")
    # a click inside the menu (on its own button) leaves the decision to the menu
    page.locator("details.shell-menu > summary").click()
    assert page.evaluate("document.querySelector('details.shell-menu').open")


# --- (d): the focus ring ------------------------------------------------------------------

RING = """(sel) => {
  const el = document.activeElement;
  const cs = getComputedStyle(el);
  const mark = el.querySelector(sel);
  const ms = mark ? getComputedStyle(mark) : null;
  return {
    visible: el.matches(':focus-visible'),
    outline: cs.outlineStyle === 'none' ? 0 : parseFloat(cs.outlineWidth),
    outlineColor: cs.outlineColor,
    stroke: ms ? ms.stroke : null,
    strokeWidth: ms ? parseFloat(ms.strokeWidth) : null,
    strokeOpacity: ms ? ms.strokeOpacity : null,
    dash: ms ? ms.strokeDasharray : null,
  };
}"""

UNFOCUSED = """([cell, sel]) => {
  const g = document.querySelector(`[data-act="cell"][data-cell="${cell}"]`);
  const ms = getComputedStyle(g.querySelector(sel));
  return {stroke: ms.stroke, strokeWidth: parseFloat(ms.strokeWidth),
          strokeOpacity: ms.strokeOpacity, dash: ms.strokeDasharray};
}"""


def visible_change(focused: dict, plain: dict) -> bool:
    """A focus cue one can see: an outline, another colour, or a stroke at least 2 px
    wider (1.5 -> 5 is plain; 4.5 -> 5 is not)."""
    return (
        focused["outline"] > 0
        or focused["stroke"] != plain["stroke"]
        or focused["strokeWidth"] - plain["strokeWidth"] >= 2
    )


def test_the_focused_tile_and_cell_are_marked(new_page, site_server):
    page = open_app(new_page, site_server)
    new_bot_game(page, "arribada", seed=9)
    tile = page.evaluate(RING, "svg")
    print(f"\nfocused rack tile: {tile}")
    assert tile["visible"] and tile["outline"] > 0, tile
    press(page, "Enter")  # a tile picked: the first target cell has the focus
    cell = active(page)["cell"]
    focused = page.evaluate(RING, ".arr-target")
    page.keyboard.press("ArrowRight")  # move on: the first cell is now unfocused
    plain = page.evaluate(UNFOCUSED, [cell, ".arr-target"])
    print(f"target cell {cell}: focused {focused}, unfocused {plain}")
    assert focused["visible"], focused
    assert focused["outline"] > 0 or focused["strokeWidth"] != plain["strokeWidth"]
    assert visible_change(focused, plain), (focused, plain)
    # the chosen cell: Tab back onto the board from Confirm (its roving stop is the
    # chosen cell, aria-pressed): it is marked as focused too
    chosen = active(page)["cell"]
    press(page, "Enter")
    assert active(page)["act"] == "confirm-move"
    plain_chosen = page.evaluate(UNFOCUSED, [chosen, ".arr-target"])
    tab_to(page, f'[data-act="cell"][data-cell="{chosen}"]', back=True)
    focused_chosen = page.evaluate(RING, ".arr-target")
    print(f"chosen cell {chosen}: focused {focused_chosen}, unfocused {plain_chosen}")
    assert focused_chosen["visible"], focused_chosen
    assert visible_change(focused_chosen, plain_chosen), (focused_chosen, plain_chosen)


def test_the_focused_card_and_garden_cell_are_marked(new_page, site_server):
    page = open_app(new_page, site_server)
    new_bot_game(page, "arboretum", seed=9)
    take = page.evaluate(RING, "svg")
    assert active(page)["move"] == "draw deck", active(page)
    print(f"\nfocused deck button: {take}")
    assert take["visible"] and take["outline"] > 0, take
    press(page, "Enter")
    press(page, "Enter")  # two cards drawn: the first hand card has the focus
    card = page.evaluate(RING, "svg")
    assert active(page)["act"] == "pick-card", active(page)
    print(f"focused hand card: {card}")
    assert card["visible"] and card["outline"] > 0, card
    # Enter on and on (the bot playing between) until a picked card has two spots or more
    # in the garden (the first card has one): the first of them has the focus
    for _ in range(100):
        press(page, "Enter")
        wait_my_turn(page)
        info = active(page)
        if info["act"] == "cell" and info["groupSize"] > 1:
            break
    else:
        raise AssertionError("never two spots for a card")
    assert info["groupClass"].startswith("arb-garden"), info
    focused = page.evaluate(RING, ".arb-target")
    moved = arrow_in_group(page, info)
    plain = page.evaluate(UNFOCUSED, [info["cell"], ".arb-target"])
    print(f"garden spot {info['cell']}: focused {focused}, unfocused {plain} (moved to "
          f"{moved['cell']})")  # fmt: skip
    assert focused["visible"], focused
    assert visible_change(focused, plain), (focused, plain)


# --- (e): reduced motion ------------------------------------------------------------------

RECENT = """() => {
  const r = document.querySelector('rect.tb-recent');
  return r ? {animations: r.getAnimations().length, name: getComputedStyle(r).animationName}
           : null;
}"""


#: The rack's tile just drawn from the bag, turning face up (``is-newest``).
NEWEST = """() => {
  const svg = document.querySelector('.arr-rack-tile.is-newest svg');
  return svg ? {animations: svg.getAnimations().length, name: getComputedStyle(svg).animationName}
             : null;
}"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_bots_new_tile_pulses_only_without_reduced_motion(motion, new_page, site_server):
    """The bot's new tile pulses, and the tile the person then draws from the bag turns
    face up in a brief fade (issue 40), only without reduced motion."""
    page = open_app(new_page, site_server, reduced_motion=motion)
    new_bot_game(page, "arribada", seed=9, first="2")  # the bot moves first
    page.wait_for_selector("rect.tb-recent", state="attached", timeout=60_000)
    first = page.evaluate(RECENT)
    if motion == "reduce":
        assert first == {"animations": 0, "name": "none"}, first
        wait_my_turn(page)
        assert page.evaluate(RECENT) == {"animations": 0, "name": "none"}
    else:
        assert first["name"] == "tb-recent", first
        assert first["animations"] == 1, first  # 0.9 s x 3: still running when it appears
        wait_my_turn(page)
    # the person's turn by clicks, to its draw from the bag
    bag = '[data-act="move"][data-move="draw bag"]'
    for _ in range(10):
        if page.locator(bag).count():
            break
        click(page, page.evaluate(NEXT_CLICK))
    click(page, bag)
    opened = page.evaluate(NEWEST)  # read as the render lands: the 0.3 s fade runs
    if motion == "reduce":
        assert opened == {"animations": 0, "name": "none"}, opened
    else:
        assert opened == {"animations": 1, "name": "arr-open"}, opened


# --- what a screen reader hears along one Arribada turn -----------------------------------


def focused_ax(cdp) -> str:
    """The focused element's node in the accessibility tree: its role and name, as a
    screen reader would say them."""
    found = cdp.send("Runtime.evaluate", {"expression": "document.activeElement"})
    object_id = found["result"].get("objectId")
    if object_id is None:
        return "(nothing focused)"
    nodes = cdp.send(
        "Accessibility.getPartialAXTree", {"objectId": object_id, "fetchRelatives": False}
    )["nodes"]
    node = nodes[0]
    props = {p["name"]: p.get("value", {}).get("value") for p in node.get("properties", [])}
    role = node.get("role", {}).get("value", "")
    name = node.get("name", {}).get("value", "")
    pressed = props.get("pressed")
    extra = f" (pressed: {pressed})" if pressed not in (None, "false", False) else ""
    return f"{role} “{name}”{extra}"


STATUS_LOG = """() => {
  const log = window.__statusLog = [];
  const read = () => {
    const s = document.querySelector('.tb-status');
    const t = s ? s.textContent.replace(/\\s+/g, ' ').trim() : '';
    if (t && log[log.length - 1] !== t) log.push(t);
  };
  read();
  new MutationObserver(read).observe(document.getElementById('app'),
                                     {subtree: true, childList: true, characterData: true});
}"""


def status_text(page) -> str:
    return page.evaluate(
        "() => (document.querySelector('.tb-status')?.textContent || '')"
        ".replace(/\\s+/g, ' ').trim()"
    )


def test_what_a_screen_reader_hears_in_a_turn(new_page, site_server):
    page = open_app(new_page, site_server)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    new_bot_game(page, "arribada", seed=9)
    lines: list[str] = []

    def note(what: str) -> None:
        preview = page.evaluate(
            "() => (document.querySelector('.arr-preview h2')?.textContent || '')"
        )
        lines.append(
            f"{what}\n    focus:  {focused_ax(cdp)}\n    status: {status_text(page)}"
            + (f"\n    preview (live): {preview}" if preview else "")
        )

    page.evaluate(STATUS_LOG)
    note("the game starts (Ana's turn)")
    for step in range(12):
        info = active(page)
        if info["decision"].startswith("wait:"):
            break
        press(page, "Enter")
        note(f"Enter ({step + 1})")
    else:
        raise AssertionError("Ana's turn did not end")
    wait_my_turn(page)
    note("after the bot's turn")
    said = page.evaluate("window.__statusLog")
    lines.append("the status line (role=status, aria-live=polite) as it changed:")
    lines += [f"    {i + 1}. {t}" for i, t in enumerate(said)]
    text = "\n".join(lines)
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "keyboard-transcript.txt").write_text(text + "\n", encoding="utf-8")
    print("\n" + text)
    assert page.evaluate(ACTIVE)["act"] == "pick-value"  # Ana's next turn starts on her rack
