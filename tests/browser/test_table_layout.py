"""The table as players expect it, at the screen sizes they use: one screen per turn.

Played like a player, by clicking the real page (``viewport_shots.start_game`` and the
clicks of ``ui.click``); nothing is moved any other way.

* Every decision of a turn fits the screen at 1280x800, 1366x768, 1920x1080 and a
  390x844 phone, for Arribada, Arboretum and Arraial with 2 and with 4 players, and Día de
  Playa in each of its modes (the other seats random bots): the page does not scroll,
  and the board frame, the player's pieces (Día de Playa's card in hand), the pending
  decision's targets and its buttons are inside the viewport, not covered (a
  tap at their centre reaches them) and at least 24 px (WCAG's minimum target size).
  Targets drawn on the board may be scrolled away inside the board's frame (it pans on a
  phone): then the frame must bring each of them into the viewport when scrolled to it.
* The others' moves since the player's last one: a bot's move is outlined on the board
  (``rect.tb-recent``) and said in the status line (``.tb-news``); in a hot-seat game
  the pass screen lists what happened, without the previous player's rack.
* The end screen leads with the result: the winner line and the players' scores are in
  the first viewport.
* Arraial's side panel, mid-game with a pair held by the second player: the others'
  streets are whole in view without scrolling the panel, and each pair's entry keeps its
  swatch, its holder's mark and its text on one line (the text wraps beside them).

How: the layout is CSS alone (the app does not listen to resizes), so one walk through a
game measures the three desktop sizes: at each decision the page is resized to each size
in turn and measured there (``Screen.check``), then set back to 1280x800, where it is
clicked on to the next decision.  The phone is a touch context, which a page cannot
become, so it has its own page and its own walk.  Each problem names its size
("arribada 2p at 1366x768 turn 1 start [...]").  One page per kind of context (module
scope: the app boots once on each, the bot worker starts once); under pytest-xdist the
module runs on one worker (``xdist_group``), so each page boots once.

Cost: 10 desktop walks (three measurements a decision) and 10 phone walks, where one walk
per size made 40.  The screenshots of every size (``viewport_shots.capture_viewports``)
are made by ``python3 build.py screenshots``, not by the suite.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import diadeplaya_ui as dp
import pytest
from conftest import PLAYBACK_OFF, NetworkGuard, wait_ready
from screens import import_finished_game, import_game_file
from ui import click
from viewport_shots import (
    PHONE_WIDTH,
    SEEDS,
    VIEWPORTS,
    context_options,
    decision,
    first_reachable,
    start_game,
    wait_decision,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("table-layout")]

MIN_TARGET = 24  # px: WCAG 2.2 "target size (minimum)"
#: the board frame's share of the viewport at least: never squeezed into a strip by the
#: panels around it (a fifth of the height, nearly half the width)
MIN_BOARD_HEIGHT = 0.2
MIN_BOARD_WIDTH = 0.45
ALL, REACH, EACH = "all", "reach", "each"  # the modes of MEASURE

# What is on screen for the selectors of a decision, measured in the page:
# mode "all": there is one at least, and every element matching is shown whole in the
# viewport and in its scrolling frames, a tap at its centre reaches it; mode "reach":
# the same, or else after scrolling its frames to it (the scroll positions are put back
# afterwards); mode "each": like "all", but there may be none; "sized" ones are also at
# least MIN_TARGET px in both directions.
MEASURE = """([groups, minSize]) => {
  const se = document.scrollingElement;
  const vw = innerWidth, vh = innerHeight;
  const view = {left: 0, top: 0, right: vw, bottom: vh};
  const cut = (a, b) => ({left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
                          right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom)});
  const frames = (el) => {
    const out = [];
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') out.push(a);
    }
    return out;
  };
  const seen = (el) => frames(el).reduce((c, a) => cut(c, a.getBoundingClientRect()), view);
  const within = (r, c) => r.left >= c.left - 1 && r.top >= c.top - 1
    && r.right <= c.right + 1 && r.bottom <= c.bottom + 1;
  const reached = (el, r) => {
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return !!hit && (hit === el || el.contains(hit));
  };
  const fmt = (r) => `${Math.round(r.left)},${Math.round(r.top)} `
    + `${Math.round(r.width)}x${Math.round(r.height)}`;
  const what = (el) => el.tagName.toLowerCase()
    + (el.dataset.act ? `[data-act=${el.dataset.act}]` : '')
    + (el.dataset.cell ? `[data-cell=${el.dataset.cell}]` : '')
    + (el.dataset.move ? `[data-move="${el.dataset.move}"]` : '')
    + (el.dataset.value ? `[data-value=${el.dataset.value}]` : '')
    + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '');
  const problems = [];
  const check = (el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return 'has no size';
    if (!within(r, view)) return `is not inside the viewport (${fmt(r)})`;
    if (!within(r, seen(el))) return `is cut off by its frame (${fmt(r)})`;
    if (!reached(el, r)) {
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return `is covered by ${hit ? what(hit) : 'nothing'} (${fmt(r)})`;
    }
    return '';
  };
  for (const [name, selector, mode, sized] of groups) {
    const els = [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length);
    if (!els.length && mode !== 'each') problems.push(`${name}: nothing matches ${selector}`);
    for (const el of els) {
      let why = check(el);
      if (why && mode === 'reach') {
        const saved = frames(el).map((a) => [a, a.scrollLeft, a.scrollTop]);
        el.scrollIntoView({block: 'nearest', inline: 'nearest'});
        const moved = se.scrollTop !== 0 || se.scrollLeft !== 0;
        const after = check(el);
        why = moved ? 'scrolls the page to be seen' : after ? `${after} even scrolled to` : '';
        for (const [a, x, y] of saved) { a.scrollLeft = x; a.scrollTop = y; }
        se.scrollTop = 0; se.scrollLeft = 0;
      }
      const r = el.getBoundingClientRect();
      if (!why && sized && (r.width < minSize - 0.5 || r.height < minSize - 0.5)) {
        why = `is too small to tap (${fmt(r)})`;
      }
      if (why) problems.push(`${name}: ${what(el)} ${why}`);
    }
  }
  const board = document.querySelector('.tb-board')?.getBoundingClientRect();
  return {problems, scrollTop: se.scrollTop, scrollLeft: se.scrollLeft,
          scrollHeight: se.scrollHeight, scrollWidth: se.scrollWidth, vw, vh,
          board: board ? [Math.round(board.width), Math.round(board.height)] : null};
}"""


class Screen:
    """Checks of what a player sees at each decision of a game on one page, at each of
    ``sizes``; the problems are gathered (every decision is checked at every size) and
    reported together, each with its size."""

    def __init__(
        self,
        page,
        label: str,
        sizes: Sequence[tuple[int, int]] = (),
        measure: bool = True,
        pieces: bool = True,
    ):
        """``sizes``: the viewport sizes measured at each decision (the page is resized
        to each); the page is played at the first one, set back after each check (none:
        the page's own size).  ``pieces``: the player always holds pieces (``.tb-hand``);
        when not (a Día de Playa card is in hand only between taking and laying it), a
        decision names them."""
        self.page, self.label, self.measure, self.pieces = page, label, measure, pieces
        self.sizes = list(sizes) or [viewport(page)]
        self.problems: list[str] = []
        self.boards: dict[tuple[int, int], list[str]] = {size: [] for size in self.sizes}

    def check(self, stage: str, *groups: tuple[str, str, str, bool]) -> None:
        """``groups``: (name, selector, mode, sized) of the decision's things on top of
        the board frame and the player's pieces, always checked, at each size."""
        if not self.measure:
            return
        for size in self.sizes:
            resize(self.page, size)
            self.check_at(size, stage, groups)
        resize(self.page, self.sizes[0])  # played at the first size

    def check_at(self, size: tuple[int, int], stage: str, groups) -> None:
        always = [
            ("board frame", ".tb-board", "all", False),
            ("board controls", ".tb-board button", EACH, True),
        ]
        if self.pieces:
            always.append(("pieces", ".tb-hand", "all", False))
        found = self.page.evaluate(MEASURE, [[*always, *groups], MIN_TARGET])
        if len(self.sizes) > 1:  # measured after a resize: at that size
            assert (found["vw"], found["vh"]) == size, (size, found["vw"], found["vh"])
        where = f"{self.label} at {size_id(size)} {stage} [{decision(self.page)}]"
        if found["scrollTop"] != 0 or found["scrollHeight"] > found["vh"] + 1:
            self.problems.append(
                f"{where}: the page scrolls (top {found['scrollTop']}, height "
                f"{found['scrollHeight']} > {found['vh']})"
            )
        if found["scrollWidth"] > found["vw"] + 1:
            self.problems.append(f"{where}: the page is {found['scrollWidth']} px wide")
        w, h = found["board"]
        self.boards[size].append(f"{stage} {w}x{h}")
        if h < MIN_BOARD_HEIGHT * found["vh"] or w < MIN_BOARD_WIDTH * found["vw"]:
            self.problems.append(
                f"{where}: the board frame is only {w}x{h} of {found['vw']}x{found['vh']}"
            )
        self.problems += [f"{where}: {p}" for p in found["problems"]]

    def assert_ok(self) -> None:
        for size, boards in self.boards.items():
            print(
                f"\n{self.label} at {size_id(size)}: board frame at each decision: "
                + ", ".join(boards)
            )
        assert not self.problems, "\n".join(self.problems)


def viewport(page) -> tuple[int, int]:
    return page.viewport_size["width"], page.viewport_size["height"]


def resize(page, size: tuple[int, int]) -> None:
    if viewport(page) != size:
        page.set_viewport_size({"width": size[0], "height": size[1]})


# --- the pages: one per kind of context ----------------------------------------------------


@pytest.fixture(scope="module")
def pages(browser, site_server):
    """``pages(width, height)``: the app on a page of that size (one per kind of context,
    made once per module: the desktop sizes share a page, resized; the phone, a touch
    context, has its own); every request is checked like the ``new_page`` fixture's."""
    guard = NetworkGuard()
    made: dict[tuple, tuple] = {}

    def get(width: int, height: int):
        options = context_options(width, height)
        kind = tuple(sorted((k, v) for k, v in options.items() if k != "viewport"))
        if kind not in made:
            context = browser.new_context(**options)
            context.add_init_script(PLAYBACK_OFF)
            guard.watch(context)
            page = context.new_page()
            page.goto(site_server.url)
            wait_ready(page)
            made[kind] = (context, page)
        page = made[kind][1]
        resize(page, (width, height))
        return page

    yield get
    for context, _ in made.values():
        context.close()
    assert not guard.violations, f"requests left 127.0.0.1: {guard.violations}"


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


#: the screens of a walk: the desktop sizes, measured on one page (played at the first),
#: and the phone, a touch context of its own
DESKTOP = tuple(size for size in VIEWPORTS if size[0] > PHONE_WIDTH)
PHONE = tuple(size for size in VIEWPORTS if size[0] <= PHONE_WIDTH)
SCREENS = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]


# --- 1. every decision on one screen -------------------------------------------------------

TILES = ("rack tiles", '.tb-hand [data-act="pick-value"]', ALL, True)
BUTTONS = ("buttons", ".tb-actions button", EACH, True)
CONFIRM = ("confirm", '.tb-actions [data-act="confirm-move"]', ALL, True)
CANCEL = ("cancel", '.tb-actions [data-act="cancel-move"]', ALL, True)
PREVIEW = ("preview", ".tb-decision", ALL, False)
CELLS = ("target cells", '.tb-board [data-act="cell"]', REACH, True)
PLACE = '.tb-board [data-act="cell"][data-kind="place"]'  # Arribada: not a claim, a capture


def arribada_place(screen: Screen, page, turn: int) -> None:
    """Choose a rack tile, then a cell, then confirm (checking each step); then any
    extra action is declined."""
    screen.check(f"turn {turn} start", TILES, BUTTONS)
    click(page, '.tb-hand [data-act="pick-value"]')
    assert decision(page).startswith("action:target"), decision(page)
    screen.check(f"turn {turn} tile chosen", CELLS, TILES, BUTTONS)
    click(page, first_reachable(page, PLACE))
    assert decision(page).startswith("action:confirm"), decision(page)
    screen.check(f"turn {turn} cell chosen", PREVIEW, CONFIRM, CANCEL, BUTTONS)
    click(page, '[data-act="confirm-move"]')
    while decision(page).startswith("extra"):
        screen.check(f"turn {turn} extra action", BUTTONS)
        click(page, '[data-act="move"][data-move="decline"]')


def arribada_draw(screen: Screen, page, turn: int) -> None:
    """Draw back from the bag (checking the draw decision): then the turn's end
    (its decision when the refresh seashell is unspent, else the next player's turn)."""
    assert decision(page).startswith("draw"), decision(page)
    screen.check(
        f"turn {turn} draw",
        ("display tiles", '.tb-board [data-act="move"][data-display-slot]', REACH, True),
        ("bag", '.tb-board [data-act="move"][data-move="draw bag"]', REACH, True),
        BUTTONS,
    )
    while decision(page).startswith("draw"):
        click(page, '.tb-actions [data-act="move"][data-move="draw bag"]')


def walk_arribada(screen: Screen, page, players: int) -> None:
    wait_decision(page, "action:pick")
    # turn 1: place, draw back, then refresh at the end of the turn (which ends it)
    arribada_place(screen, page, 1)
    arribada_draw(screen, page, 1)
    assert decision(page).startswith("end"), decision(page)
    screen.check(
        "turn 1 end",
        ("end turn", '.tb-actions [data-move="end"]', ALL, True),
        ("refresh", '.tb-actions [data-move="refresh"]', ALL, True),
        BUTTONS,
    )
    click(page, '.tb-actions [data-act="move"][data-move="refresh"]')
    assert decision(page).startswith("refresh"), decision(page)
    rack = ("rack tiles", '.tb-hand [data-act="move"][data-rack-value]', ALL, True)
    display = ("display tiles", '.tb-board [data-act="move"][data-display-slot]', REACH, True)
    cancel = ("cancel refresh", '.tb-actions [data-act="app.undo"]', ALL, True)
    screen.check("turn 1 refresh", rack, display, cancel, BUTTONS)
    click(page, '.tb-hand [data-act="move"][data-rack-value]')
    screen.check(
        "turn 1 refresh tile set aside",
        display,
        ("confirm refresh", '.tb-actions [data-move="confirm"]', ALL, True),
        cancel,
        BUTTONS,
    )
    click(page, '.tb-actions [data-act="move"][data-move="confirm"]')
    # the bots play; turn 2, with what they did said in the status line
    wait_decision(page, "action:pick")
    if players > 2:
        assert page.locator(".tb-news").count() == 1
    arribada_place(screen, page, 2)
    arribada_draw(screen, page, 2)  # the refresh is spent: the turn ends there
    assert not decision(page).startswith(("draw", "end")), decision(page)


TAKES = ("draw from", ".tb-decision .arb-take", ALL, True)
CARDS = ("hand cards", '.tb-hand [data-act="pick-card"]', ALL, True)


def arboretum_turn(screen: Screen, page, turn: int) -> None:
    for draw in (0, 1):
        wait_decision(page, f"draw:{draw}:pick")
        screen.check(f"turn {turn} draw {draw + 1}", TAKES)
        # the deck, or from turn 2 a discard pile's top when there is one
        piles = '.tb-decision .arb-take:not([data-move="draw deck"])'
        deck = '.tb-decision .arb-take[data-move="draw deck"]'
        click(page, piles if turn > 1 and page.locator(piles).count() else deck)
    assert decision(page) == "play:0:pick", decision(page)
    screen.check(f"turn {turn} play", CARDS)
    click(page, '.tb-hand [data-act="pick-card"]')
    assert decision(page) == "play:0:target", decision(page)
    screen.check(f"turn {turn} card chosen", CELLS, CARDS)
    click(page, first_reachable(page, '.tb-board [data-act="cell"]'))
    assert decision(page) == "play:0:confirm", decision(page)
    screen.check(f"turn {turn} cell chosen", PREVIEW, CONFIRM, CANCEL, CARDS)
    click(page, '[data-act="confirm-move"]')
    assert decision(page) == "discard:0:pick", decision(page)
    screen.check(f"turn {turn} discard", CARDS)
    click(page, '.tb-hand [data-act="pick-card"]')
    assert decision(page) == "discard:0:confirm", decision(page)
    screen.check(f"turn {turn} discard chosen", CARDS, CONFIRM, CANCEL)
    click(page, '[data-act="confirm-move"]')


def walk_arboretum(screen: Screen, page, players: int) -> None:
    arboretum_turn(screen, page, 1)
    if players > 2:
        wait_decision(page, "draw:0:pick")
        assert page.locator(".tb-news").count() == 1
    arboretum_turn(screen, page, 2)


# Arraial: the octagon's cards, the drop columns and the face-up cards are drawn on the
# board beside the street (REACH: the frame pans on a phone); the action points in the dock
TAKE = ("octagon cards", '.tb-board [data-act="move"][data-slot]', REACH, True)
COLUMNS = ("drop columns", '.tb-board g[data-act="column"]', REACH, True)
FILLS = ("face-up cards", '.tb-board [data-act="move"][data-face-up]', REACH, True)
OCTAGON = ("octagon cards", '.tb-board [data-slot]:not([data-slot-card=""])', REACH, False)
AP = ("action points", ".tb-hand [data-ap]", ALL, False)
ROTATE = ("rotate", '.tb-actions [data-move="rotate"]', ALL, True)


def arraial_turn(screen: Screen, page, turn: int) -> None:
    """Take a card, choose a drop column, confirm, end the turn, refill the octagon
    (checking each decision)."""
    wait_decision(page, "act:pick")
    screen.check(f"turn {turn} start", TAKE, OCTAGON, AP, ROTATE, BUTTONS)
    click(page, first_reachable(page, TAKE[1]))
    assert decision(page).startswith("land:pick"), decision(page)
    screen.check(f"turn {turn} card taken", COLUMNS, OCTAGON, AP, BUTTONS)
    click(page, first_reachable(page, '.tb-board [data-act="column"][data-landing]'))
    assert decision(page).startswith("land:confirm"), decision(page)
    screen.check(f"turn {turn} landing chosen", PREVIEW, CONFIRM, CANCEL, OCTAGON, AP)
    click(page, '[data-act="confirm-move"]')
    assert decision(page).startswith("act:"), decision(page)
    end = ("end turn", '.tb-actions [data-move="end"]', ALL, True)
    screen.check(f"turn {turn} placed", end, ROTATE, OCTAGON, AP, BUTTONS)
    click(page, end[1])
    if decision(page).startswith("refill"):
        screen.check(f"turn {turn} refill", FILLS, OCTAGON)
        click(page, first_reachable(page, FILLS[1]))


def walk_arraial(screen: Screen, page, players: int) -> None:
    arraial_turn(screen, page, 1)
    wait_decision(page, "act:pick")
    assert page.locator(".tb-news").count() == 1  # what the bots did
    arraial_turn(screen, page, 2)


GAME_SETUPS = [
    pytest.param("arribada", 2, id="arribada-2p"),
    pytest.param("arribada", 4, id="arribada-4p"),
    pytest.param("arboretum", 2, id="arboretum-2p"),
    pytest.param("arboretum", 4, id="arboretum-4p"),
    pytest.param("arraial", 2, id="arraial-2p"),
    pytest.param("arraial", 4, id="arraial-4p"),
]


@pytest.mark.parametrize("game,players", GAME_SETUPS)
@pytest.mark.parametrize("sizes", SCREENS)
def test_every_decision_fits_the_screen(pages, sizes, game, players):
    """Two turns of the game, every decision measured at each size of ``sizes``: 2-10 s
    a walk (a page's first walk boots the app and the bot worker; a desktop walk resizes
    the page and measures each of its 10-16 decisions three times)."""
    page = pages(*sizes[0])
    start_game(page, game, players, seed=SEEDS[game])
    screen = Screen(page, f"{game} {players}p", sizes)
    if game == "arribada":
        walk_arribada(screen, page, players)
    elif game == "arraial":
        walk_arraial(screen, page, players)
    else:
        walk_arboretum(screen, page, players)
    screen.assert_ok()


# Día de Playa: the first card's faces, then each turn the market's cards (in the dock),
# the places on the beach (REACH: the frame pans when the beach is zoomed or on a phone)
# with the card in hand, the preview with Confirm and Cancel
FACES = ("first card's faces", '.tb-hand [data-act="move"][data-move^="side"]', ALL, True)
HAND = ("card in hand", ".tb-hand .dp-hand-card", ALL, False)
TURN = ("turn", '.tb-actions [data-act="turn"]', ALL, True)
LAY_FIRST = ("lay it here", '.tb-actions [data-act="move"][data-move^="rotate"]', ALL, True)
MARKET = ("market cards", '.tb-decision [data-act="move"][data-move^="take"]', ALL, True)
DECK = ("deck", ".tb-decision .dp-deck", ALL, False)
SPOTS = ("places on the beach", '.tb-board [data-act="spot"]', REACH, True)
UNDO = ("cancel", '.tb-actions [data-act="app.undo"]', ALL, True)
POINTS = ("points by criterion", ".dp-points", EACH, False)


def diadeplaya_first(screen: Screen, page) -> None:
    """The first card: a face, then Lay it here (turned once first)."""
    wait_decision(page, "side:")
    screen.check("first card: face", FACES)
    click(page, FACES[1])
    assert decision(page).startswith("rotate:"), decision(page)
    screen.check("first card: rotation", HAND, TURN, LAY_FIRST)
    click(page, TURN[1])
    click(page, LAY_FIRST[1])


def diadeplaya_turn(screen: Screen, page, turn: int) -> None:
    """Take a card of the market, turn it, choose a place, confirm (checking each)."""
    wait_decision(page, "take:")
    screen.check(f"turn {turn} market", MARKET, DECK)
    click(page, first_reachable(page, MARKET[1]))
    assert decision(page).startswith("rotate:"), decision(page)
    screen.check(f"turn {turn} card in hand", SPOTS, HAND, TURN)
    click(page, TURN[1])
    screen.check(f"turn {turn} card turned", SPOTS, HAND, TURN)
    click(page, first_reachable(page, SPOTS[1]))
    assert decision(page).startswith("place:") and decision(page).endswith("confirm")
    screen.check(f"turn {turn} place chosen", PREVIEW, CONFIRM, UNDO, SPOTS, HAND)
    click(page, CONFIRM[1])


def walk_diadeplaya(screen: Screen, page) -> None:
    diadeplaya_first(screen, page)
    diadeplaya_turn(screen, page, 1)
    diadeplaya_turn(screen, page, 2)


DIADEPLAYA_MODES = ["solitaire", "competitive", "cooperative", "teams"]


@pytest.mark.parametrize("mode", DIADEPLAYA_MODES)
@pytest.mark.parametrize("sizes", SCREENS)
def test_every_diadeplaya_decision_fits_the_screen(pages, sizes, mode):
    """Día de Playa in each mode (Ana and random bots): the beach's frame, the market and
    the buttons in view together at every decision, the page never scrolling, at each
    size of ``sizes``: 2-7 s a walk (ten decisions and the bots' turns between, a
    desktop walk resizing the page and measuring each decision three times)."""
    page = pages(*sizes[0])
    dp.start(page, mode)
    screen = Screen(page, f"diadeplaya {mode}", sizes, pieces=False)
    walk_diadeplaya(screen, page)
    screen.assert_ok()


# --- 2. what the others did ------------------------------------------------------------------


def owned_cells(page, owner: int) -> set[str]:
    return set(
        page.locator(f'.tb-board [data-tile-owner="{owner}"]').evaluate_all(
            "els => els.map(e => e.dataset.tileCell)"
        )
    )


def log_lines(page) -> list[str]:
    return page.locator(".shell-log-list li").evaluate_all(
        "els => els.map(e => e.textContent.trim())"
    )


def place_and_draw(page) -> None:
    """Ana's action (a rack tile on a cell, no extra action) and her draws from the bag."""
    click(page, '.tb-hand [data-act="pick-value"]')
    click(page, PLACE)
    click(page, '[data-act="confirm-move"]')
    while decision(page).startswith("extra"):
        click(page, '[data-act="move"][data-move="decline"]')
    while decision(page).startswith("draw"):
        click(page, '.tb-actions [data-move="draw bag"]')


def test_a_bots_arribada_move_is_marked_and_said(pages):
    page = pages(1280, 800)
    start_game(page, "arribada", 2, seed=9)  # Ana first, then Ben (a random bot)
    wait_decision(page, "action:pick")
    assert page.locator(".tb-news").count() == 0  # nobody has moved yet
    place_and_draw(page)
    bens = owned_cells(page, 1)
    click(page, '.tb-actions [data-move="end"]')
    wait_decision(page, "action")
    new = owned_cells(page, 1) - bens  # placed (or claimed, captured; a 2: twice)
    assert new, "Ben's tile is not on the board"
    news = page.inner_text(".tb-status .tb-news")
    assert "Ben placed" in news or "Ben claimed" in news or "Ben captured" in news, news
    for cell in new:
        assert page.locator(f'.tb-board rect.tb-recent[data-recent-cell="{cell}"]').count() == 1
        said = [line for line in log_lines(page) if line.startswith("Ben") and cell in line]
        assert said, log_lines(page)
        assert cell in news and said[0].split(". ")[0] in news, (news, said)


def test_a_bots_arboretum_play_is_marked_and_said(pages):
    page = pages(1280, 800)
    start_game(page, "arboretum", 2, seed=7)
    arboretum_turn(Screen(page, "arboretum", measure=False), page, 1)
    wait_decision(page, "draw:0:pick")
    garden = '.tb-side [data-garden="1"]'
    cards = page.locator(f"{garden} [data-card-cell]")
    assert cards.count() == 1  # Ben planted his first card
    cell = cards.get_attribute("data-card-cell")
    assert page.locator(f'{garden} rect.tb-recent[data-recent-cell="{cell}"]').count() == 1
    assert page.locator(".tb-side .arb-others").count() == 1
    news = page.inner_text(".tb-status .tb-news")
    planted = [line for line in log_lines(page) if line.startswith("Ben planted")]
    assert planted, log_lines(page)
    assert "Ben planted" in news and planted[0].rstrip(".") in news, (news, planted)


def test_a_bots_arraial_placement_is_marked_and_said(pages):
    page = pages(1280, 800)
    start_game(page, "arraial", 2, seed=SEEDS["arraial"])
    arraial_turn(Screen(page, "arraial", measure=False), page, 1)
    wait_decision(page, "act:pick")
    bens = page.locator('.tb-side [data-street="1"]')
    placed = bens.locator("[data-piece]").evaluate_all("els => els.map(e => e.dataset.cells)")
    assert placed, "Ben's piece is not in his street"
    for cells in placed:  # every cell of his new pieces is outlined
        for cell in cells.split():
            assert bens.locator(f'rect.tb-recent[data-recent-cell="{cell}"]').count() == 1
    news = page.inner_text(".tb-status .tb-news")
    said = [line for line in log_lines(page) if line.startswith("Ben placed")]
    assert said, log_lines(page)
    assert said[0].split(". ")[0] in news, (news, said)
    # the octagon slots Ben refilled are marked on the board too
    assert page.locator(".tb-board rect.tb-recent[data-recent-slot]").count() >= 1


def test_a_bots_diadeplaya_card_is_marked_and_said(pages):
    page = pages(1280, 800)
    dp.start(page, "competitive", seed=dp.SEEDS["competitive"])
    diadeplaya_first(Screen(page, "diadeplaya", measure=False), page)
    diadeplaya_turn(Screen(page, "diadeplaya", measure=False), page, 1)
    wait_decision(page, "take:")
    bens = page.locator('.tb-side .dp-other[data-beach="1"]')
    recent = bens.locator("rect.tb-recent").evaluate_all(
        "els => els.map(e => e.dataset.recentCell)"
    )
    assert len(recent) == 1, recent  # the card Ben laid since Ana's last one
    news = page.inner_text(".tb-status .tb-news")
    said = [line for line in log_lines(page) if line.startswith("Ben lays")]
    laid = [line for line in said if f"at {recent[0]}," in line]
    assert laid, (recent, said)
    assert laid[0].split(" (")[0] in news, (news, laid)


def test_the_pass_screen_says_what_happened_without_the_rack(pages):
    page = pages(1280, 800)
    start_game(page, "arribada", 2, kinds=("human", "human"), seed=9)
    click(page, '[data-act="app.reveal"]')  # Ana's turn
    place_and_draw(page)
    assert page.locator(".tb-hand [data-rack-value]").count() == 5  # Ana's rack, full
    click(page, '.tb-actions [data-move="end"]')
    # Ben's pass screen: what Ana did, and nothing of her rack
    assert page.locator(".shell-pass").count() == 1
    items = page.locator(".shell-pass-news li")
    assert items.count() >= 1
    said = page.inner_text(".shell-pass-news")
    assert "Ana" in said, said
    assert page.locator("[data-rack-value], .arr-rack, [data-rack-owner]").count() == 0
    drew = [line for line in items.all_inner_texts() if "bag" in line]
    assert drew, said  # Ana drew from the bag: said, but never the tile
    for line in drew:
        assert not re.search(r"\d", line), line


# --- 3. the end screen -------------------------------------------------------------------------

END_SCORES = {
    "arribada": [
        ("winner line", ".shell-end .arr-winner"),
        ("margin", ".shell-end .arr-winner .tb-margin"),
        ("score rows", ".shell-end .arr-end table.arr-summary tr[data-seat]"),
    ],
    "arboretum": [
        ("winner line", ".shell-end .arb-winner"),
        ("margin", ".shell-end .arb-winner .tb-margin"),
        ("players", ".shell-end .arb-end table th[data-seat]"),
        ("scores", ".shell-end .arb-end table [data-total]"),
    ],
    "diadeplaya": [
        ("winner line", ".shell-end .dp-winner"),
        ("scores", ".shell-end .dp-end [data-end-total]"),
    ],
    "arraial": [
        ("winner line", ".shell-end .arl-winner"),
        ("margin", ".shell-end .arl-winner .tb-margin"),
        ("score rows", ".shell-end .arl-end table tr[data-end-row]"),
        ("scores", ".shell-end .arl-end table [data-total]"),
    ],
}


@pytest.mark.parametrize("game", ["arribada", "arboretum", "arraial", "diadeplaya"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=size_id)
def test_the_end_screen_leads_with_the_result(pages, size, game):
    page = pages(*size)
    import_finished_game(page, game)
    assert page.locator(".shell-end").count() == 1
    if game == "arribada":  # the first table is the scores, one row per player
        first = page.locator(".shell-end .arr-end table").first
        assert first.get_attribute("class") == "arr-summary"
        assert first.locator("tr[data-seat]").count() == 2
    groups = [(name, sel, ALL, False) for name, sel in END_SCORES[game]]
    found = page.evaluate(MEASURE, [groups, MIN_TARGET])
    assert found["scrollTop"] == 0, f"the end screen opens scrolled by {found['scrollTop']} px"
    assert not found["problems"], "\n".join(found["problems"])


# --- 4. Arraial's side panel -----------------------------------------------------------------


def arraial_pair_file(folder, players: int):
    """A saved Arraial game, random moves from a fixed seed up to a turn of Ana's where
    Benedita (the second seat, a name longer than most) holds a pair and another pair is
    held too; the other seats are random bots."""
    from tablero.core import Rng, make
    from tablero.web.plugin import Seat
    from tablero.web.saves import SavedGame, export_json

    seed = {2: 1, 4: 2}[players]
    state, rng = make("arraial", players=players, seed=seed), Rng(seed)

    def wanted(s) -> bool:
        held = [h for h in s.pairs.values() if h is not None]
        return s.current_player == 0 and s.phase == "act" and 1 in held and len(held) > 1

    while not wanted(state):
        assert not state.is_terminal()
        moves = state.legal_moves()
        state = state.apply(moves[rng.randbelow(len(moves))])
    names = ("Ana", "Benedita", "Cy", "Di")
    seats = [Seat(names[i], i, "human" if i == 0 else "bot:random") for i in range(players)]
    game = SavedGame(id=f"pairs{players}p", name="Pairs", game_id="arraial", seats=seats,
                     state=state, created=0.0, updated=0.0)  # fmt: skip
    path = folder / f"arraial-pairs-{players}p.json"
    path.write_text(export_json(game), encoding="utf-8")
    return path


#: Arraial's side panel as seen: each other street's picture against the panel's visible
#: box, and each pair entry's pieces (swatch, holder's mark, the first line of its text)
#: against the entry's first line.
ARRAIAL_SIDE = """() => {
  const side = document.querySelector('.tb-side');
  const r = (el) => el.getBoundingClientRect();
  const fmt = (b) => `${Math.round(b.top)}-${Math.round(b.bottom)}`;
  const box = r(side), out = [];
  for (const street of side.querySelectorAll('[data-street] svg.arl-street')) {
    const b = r(street);
    if (b.top < box.top - 1 || b.bottom > box.bottom + 1 || b.bottom > innerHeight + 1)
      out.push(`street ${street.closest('[data-street]').dataset.street} is cut off `
               + `(${fmt(b)} in a panel showing ${fmt(box)})`);
  }
  for (const li of side.querySelectorAll('.arl-pairs li')) {
    const swatch = r(li.querySelector('.arl-swatch'));
    const walk = document.createTreeWalker(li, NodeFilter.SHOW_TEXT, {acceptNode: (n) =>
      n.parentElement.closest('svg') || !n.textContent.trim()
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
    const text = walk.nextNode(), range = document.createRange();
    range.selectNodeContents(text);
    const first = range.getClientRects()[0];
    const mark = li.querySelector('svg');
    const line = [['text', first], ...(mark ? [['mark', r(mark)]] : [])];
    for (const [name, b] of line) {
      if (b.top >= swatch.bottom || b.bottom <= swatch.top || b.left < swatch.right)
        out.push(`the ${li.dataset.pairColour} pair's ${name} is not on its swatch's line `
                 + `(${fmt(b)} at ${Math.round(b.left)}, the swatch ${fmt(swatch)} `
                 + `to ${Math.round(swatch.right)}): "${li.innerText.replace(/\\s+/g, ' ')}"`);
    }
  }
  return {problems: out, held: side.querySelectorAll('.arl-pairs li[data-pair-holder="1"]').length,
          scrolled: side.scrollTop, overflow: side.scrollHeight - side.clientHeight};
}"""


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("sizes", SCREENS)
def test_arraials_side_panel_shows_the_streets_and_the_pairs_whole(pages, sizes, players, tmp_path):
    """Issue 43: on a laptop the opponent's street lost its rows 1-3 under the panel's
    edge, and a pair held by the second player wrapped its text under its swatch.  Mid-
    game (a saved position opened from a file), at each size of ``sizes``: every other
    street whole in the side panel, unscrolled (beside the board; the phone's drawer
    scrolls, so there only the pairs are checked), each pair entry on its swatch's line."""
    page = pages(*sizes[0])
    import_game_file(page, arraial_pair_file(tmp_path, players))
    wait_decision(page, "act:pick")
    problems = []
    for size in sizes:
        resize(page, size)
        if size[0] <= PHONE_WIDTH:
            click(page, '[data-act="app.drawer"][data-drawer="side"]')
        found = page.evaluate(ARRAIAL_SIDE)
        assert found["held"] >= 1, "Benedita holds no pair"
        assert found["scrolled"] == 0
        problems += [
            f"{players}p at {size_id(size)}: {p}"
            for p in found["problems"]
            if size[0] > PHONE_WIDTH or not p.startswith("street")
        ]
        if size[0] <= PHONE_WIDTH:
            click(page, '.tb-side [data-act="app.drawer"][data-drawer=""]')
    resize(page, sizes[0])
    assert not problems, "\n".join(problems)
