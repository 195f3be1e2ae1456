"""Helpers that play Día de Playa through the page, as a player would (clicks and keys):
used by tests/browser/test_diadeplaya_play.py, the layout, accessibility and keyboard
tests and the screenshots.

A turn on the page: a card of the market (``take``), then a place on the beach (a handle
with the card's ghost; the Turn button or R turns the card first), the preview, Confirm.
A player's first card: one of its two faces, then Lay it here (turned as it is shown).
The table names its pending decision in ``data-decision``:
``<phase>:<cards left>:<rotation>:<pick|confirm>``, ``wait:<seat>`` or ``over``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ui import click, renders, wait_rendered
from viewport_shots import NAMES, decision, first_reachable

GAME = "diadeplaya"
#: the mode select's values (the index of each mode among the core's choices)
MODES = {"competitive": "0", "teams": "1", "cooperative": "2", "solitaire": "3"}
#: the number of seats each mode is played with here
SEATS = {"solitaire": 1, "competitive": 2, "cooperative": 3, "teams": 4}
#: each mode's seed in the tests and the screenshots
SEEDS = {"solitaire": 2026, "competitive": 5, "cooperative": 7, "teams": 11}

TABLE = "#app .tb-table"
SIDE = '#app .tb-table [data-act="move"][data-move^="side"]'
LAY_FIRST = '#app .tb-table [data-act="move"][data-move^="rotate"]'
TAKE = '#app .tb-table [data-act="move"][data-move^="take"]'
SPOT = '#app .tb-board [data-act="spot"]'
TURN = '#app .tb-table [data-act="turn"]'
CONFIRM = '#app .tb-table [data-act="confirm-move"]'
CANCEL = '#app .tb-table [data-act="app.undo"]'
PREVIEW = "#app .tb-table .dp-preview"
MINE = ("side:", "rotate:", "take:", "place:")


def start(
    page,
    mode: str,
    kinds: Sequence[str] = ("human", "bot:random"),
    seed: int | None = None,
    players: int | None = None,
    criteria: Sequence[str] | None = None,
) -> None:
    """From any screen of the app: a new game of Día de Playa in ``mode``, Ana (seat A)
    first; seat ``i`` is played by ``kinds[i]`` (the last one repeats); the scoring
    criteria ``criteria`` (all by default)."""
    n = players or SEATS[mode]
    picker = f'[data-act="app.new"][data-game="{GAME}"]'
    if not page.locator(picker).count():
        click(page, ".shell-bar .shell-brand")
    click(page, picker)
    _select(page, 'select[name="opt-mode"]', MODES[mode])
    if page.input_value('select[name="players"]') != str(n):
        _select(page, 'select[name="players"]', str(n))
    for i in range(n):
        page.fill(f'input[name="name-{i}"]', NAMES[i])
        page.select_option(f'select[name="kind-{i}"]', kinds[min(i, len(kinds) - 1)])
    if criteria is not None:
        keep_criteria(page, criteria)
    page.select_option('select[name="opt-first_player"]', "1")  # Player 1 (Ana)
    page.fill('input[name="seed"]', str(SEEDS[mode] if seed is None else seed))
    click(page, 'form[data-act="app.start"] button[type="submit"]')


def _select(page, select: str, value: str) -> None:
    """Choose ``value`` in a select of the form, which renders the form again."""
    if page.input_value(select) == value:
        return
    before = renders(page)
    page.select_option(select, value)
    wait_rendered(page, before)


def keep_criteria(page, keep: Sequence[str]) -> None:
    """On the new-game form: untick every scoring criterion but ``keep``."""
    from tablero.diadeplaya.data import CRITERIA

    for k, name in enumerate(CRITERIA):
        box = f'input[name="opt-criteria-{k}"]'
        if page.is_checked(box) != (name in keep):
            before = renders(page)
            page.click(box)
            wait_rendered(page, before)


def reveal(page) -> None:
    """The pass-the-device screen, if shown: show the table to the player to move."""
    if page.locator('[data-act="app.reveal"]').count():
        click(page, '[data-act="app.reveal"]')


def my_turn(page) -> bool:
    return decision(page).startswith(MINE)


def status(page) -> str:
    return page.inner_text("#app .dp-status")


def beach_blocks(page, beach: int | None = None) -> int:
    """The blocks drawn on the board's beach (or on beach ``beach`` wherever it is)."""
    if beach is None:
        where = "#app .tb-board .dp-beach-panel [data-blocks]"
    else:
        where = f'#app .tb-table [data-beach="{beach}"] [data-blocks]'
    return int(page.locator(where).first.get_attribute("data-blocks") or "0")


def choose_place(page, first: bool = False) -> str:
    """With a card in hand: click the first place shown in the frame (``first``: the
    first place of all, as the engine lists them), check the preview is shown for it;
    returns the place's move text."""
    spot = f"{SPOT} >> nth=0" if first else first_reachable(page, SPOT)
    move = page.locator(spot).get_attribute("data-move") or ""
    click(page, spot)
    assert decision(page).startswith("place:") and decision(page).endswith(":confirm"), decision(
        page
    )
    assert page.locator(PREVIEW).get_attribute("data-preview") == move
    return move


def play_step(page, first: bool = False) -> str | None:
    """One decision of the viewer's by clicks; returns the card's place when it was laid
    (``first`` for a first card), else ``None``.  ``first``: always the first card of the
    market and the first place (face a, unturned, for a first card)."""
    d = decision(page)
    if d.startswith("side:"):
        click(page, SIDE)
    elif d.startswith("take:"):
        click(page, f"{TAKE} >> nth=0" if first else first_reachable(page, TAKE))
    elif d.startswith("rotate:") and page.locator(LAY_FIRST).count():
        click(page, LAY_FIRST)
        return "first"
    elif d.startswith("rotate:"):
        move = choose_place(page, first)
        click(page, CONFIRM)
        return move
    elif d.startswith("place:"):
        if not page.locator(CONFIRM).count():
            choose_place(page, first)
        move = page.locator(CONFIRM).get_attribute("data-move")
        click(page, CONFIRM)
        return move
    else:
        raise AssertionError(f"not the viewer's decision: {d!r}")
    return None


def play_turn(page, first: bool = False) -> str:
    """The viewer's turn by clicks, to the card laid; returns its place (``first``)."""
    for _ in range(6):
        laid = play_step(page, first)
        if laid is not None:
            return laid
    raise AssertionError(f"the turn never ended: {decision(page)}")


def wait_turn_or_end(page, timeout_ms: int = 60_000) -> None:
    """Until it is a human's decision on the page (or a pass screen, or the end)."""
    page.wait_for_function(
        """() => document.querySelector('.shell-end') || document.querySelector('.shell-pass')
             || document.querySelector('.shell-bot-problem')
             || /^(side|rotate|take|place):/.test(
                  document.querySelector('#app .tb-table [data-decision]')?.dataset.decision
                  ?? '')""",
        timeout=timeout_ms,
    )
    assert page.locator(".shell-bot-problem").count() == 0


def play_to_end(page, limit: int = 120, first: bool = False) -> int:
    """Every human seat's turns by clicks (past the pass screens) to the end; returns the
    cards laid on the page."""
    laid = 0
    for _ in range(limit):
        wait_turn_or_end(page)
        if page.locator(".shell-end").count():
            return laid
        reveal(page)
        play_turn(page, first)
        laid += 1
    raise AssertionError(f"the game did not end; the decision is {decision(page)!r}")


#: the solitaire game of the screenshots' end screen: its deal and criteria
END_SEED = 2026
END_CRITERIA = ("surfers", "tourists", "trios")


def first_choices(seed: int = END_SEED, criteria: Sequence[str] = END_CRITERIA):
    """The solitaire game ``play_to_end(page, first=True)`` plays on the page: face a,
    unturned, then always the first card of the market and the first place the engine
    lists for it (a beach reached on the default deal)."""
    from tablero.core import make
    from tablero.diadeplaya import Place, Rotate, Side
    from tablero.diadeplaya.beach import legal_spots

    s = make(GAME, players=1, seed=seed, mode="solitaire", criteria=tuple(criteria),
             first_player=0)  # fmt: skip
    while not s.is_terminal():
        if s.phase == "side":
            s = s.apply(Side(0))
        elif s.phase == "take":
            s = s.apply(s.legal_moves()[0])
        elif not s.grids[0]:
            s = s.apply(Rotate(0))
        else:
            x, y = legal_spots(s.grids[0], s.holding, 0)[0]
            s = s.apply(Rotate(0)).apply(Place(x, y))
    return s


def best_choices(seed: int = END_SEED):
    """A solitaire game (every criterion) in which each card is laid, turned and placed
    where its preview scores best, from the best card of the market by the same measure."""
    from tablero.core import make
    from tablero.diadeplaya import Rotate, Side

    def best_lay(s):
        options = []
        for r in (0, 90, 180, 270):
            turned = s.apply(Rotate(r))
            if not s.grids[0]:
                return turned, turned.score[0]
            for m in turned.legal_moves():
                options.append((turned.preview(m)["total"]["after"], r, m))
        score, r, m = max(options, key=lambda o: (o[0], -o[1]))
        return s.apply(Rotate(r)).apply(m), score

    s = make(GAME, players=1, seed=seed, mode="solitaire", first_player=0)
    while not s.is_terminal():
        if s.phase == "side":
            s = max((s.apply(Side(k)) for k in (0, 1)), key=lambda x: best_lay(x)[1])
        elif s.phase == "take":
            s = max((s.apply(m) for m in s.legal_moves()), key=lambda x: best_lay(x)[1])
        else:
            s = best_lay(s)[0]
    return s


def _import_solitaire(page, save_id: str, name: str, state) -> None:
    """Ana's solitaire game at ``state``, saved to a file and opened through the menu's
    import button (``screens.import_game_file``)."""
    import tempfile
    from pathlib import Path

    from screens import import_game_file
    from tablero.web.plugin import Seat
    from tablero.web.saves import SavedGame, export_json

    game = SavedGame(id=save_id, name=name, game_id=GAME, seats=[Seat("Ana", 0)],
                     state=state, created=0.0, updated=0.0)  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{save_id}.json"
        path.write_text(export_json(game), encoding="utf-8")
        import_game_file(page, path)


def import_solitaire_end(page) -> None:
    """Open a finished solitaire game (:func:`best_choices`, Ana's) through the menu's
    import button: its end screen (once the import's notice has faded)."""
    _import_solitaire(page, "demo0003", "Día de Playa, solitaire", best_choices())
    page.wait_for_selector(".shell-end [data-result]")
    page.wait_for_function(
        """() => { const t = document.querySelector('.shell-toast');
                   return !t || t.hidden || getComputedStyle(t).visibility === 'hidden'; }""",
        timeout=10_000,
    )


def middle_place(page) -> str:
    """With a card in hand: click the place in the middle of the list (a beach grows
    round, not along a diagonal), check its preview; returns the place's move text."""
    n = page.locator(SPOT).count()
    spot = f"{SPOT} >> nth={n // 2}"
    move = page.locator(spot).get_attribute("data-move") or ""
    click(page, spot)
    assert page.locator(PREVIEW).get_attribute("data-preview") == move
    return move


def table_for_screenshot(page, mode: str, turns: int = 3) -> None:
    """A new game in ``mode`` (Ana against random bots) played ``turns`` turns by clicks
    (each card in the middle of its places), then a card taken and a place chosen: the
    preview on screen."""
    start(page, mode)
    for turn in range(turns + 1):
        wait_turn_or_end(page)
        reveal(page)
        if decision(page).startswith("side:"):
            play_turn(page)  # the first card: a face, laid in the middle
            continue
        click(page, first_reachable(page, TAKE))
        middle_place(page)
        if turn < turns:
            click(page, CONFIRM)


#: beaches of unturned cards (the first at 0,0; then each card's top-left cell): a
#: beach 3 blocks wide and 4 high (the one issue 43 reported), 3 wide and 10 high (the
#: height bounds the fit), 12 wide and 2 high (the width does)
BEACHES = {
    "3x4": ((0, 2),),
    "3x10": ((0, 2), (0, 4), (0, 6), (0, 8)),
    "12x2": ((3, 0), (6, 0), (9, 0)),
}

#: a beach of six cards, wider than high (the screenshots of the fit and the market)
SEVERAL = ((0, 2), (3, 0), (3, 2), (-3, 1), (6, 1))


def solitaire_beach(places, seed: int = END_SEED):
    """A solitaire game whose cards lie unturned at ``places`` (face a first, at 0,0;
    then always the market's first card), its player to take the next card."""
    from tablero.core import make
    from tablero.diadeplaya import Place, Rotate, Side, Take

    s = make(GAME, players=1, seed=seed, mode="solitaire", first_player=0)
    s = s.apply(Side(0)).apply(Rotate(0))
    for x, y in places:
        s = s.apply(Take(1)).apply(Rotate(0)).apply(Place(x, y))
    return s


def open_beach(page, places, quiet: bool = False) -> None:
    """Open :func:`solitaire_beach` (Ana's) through the menu's import button: the table,
    the market's cards to take (``quiet``: once the import's notice has faded)."""
    save_id = "beach" + "".join(f"{x}{y}" for x, y in places)[:20]
    _import_solitaire(page, save_id, "Día de Playa, a beach", solitaire_beach(places))
    page.wait_for_function(
        "() => /^take:/.test(document.querySelector('#app [data-decision]')?.dataset.decision)"
    )
    if quiet:
        page.wait_for_function(
            """() => { const t = document.querySelector('.shell-toast');
                       return !t || t.hidden || getComputedStyle(t).visibility === 'hidden'; }""",
            timeout=10_000,
        )


#: the board's beach as drawn: its size on the page, its drawing's (viewBox), its
#: frame's inner size, the zoom shown, whether it is fitted
BEACH_BOX = """() => {
  const svg = document.querySelector('#app .tb-board svg.dp-beach');
  const wrap = svg.closest('.dp-beach-wrap'), r = svg.getBoundingClientRect();
  const f = wrap.getBoundingClientRect(), vb = svg.viewBox.baseVal;
  return {w: r.width, h: r.height, vw: vb.width, vh: vb.height,
          fw: wrap.clientWidth, fh: wrap.clientHeight,
          inside: r.left >= f.left - 1 && r.top >= f.top - 1 && r.right <= f.right + 1
                  && r.bottom <= f.bottom + 1,
          level: document.querySelector('#app [data-zoom="fit"]').dataset.zoomLevel,
          fit: svg.classList.contains('is-fit')};
}"""


def beach_box(page) -> dict:
    return page.evaluate(BEACH_BOX)
