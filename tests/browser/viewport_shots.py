"""The table at the four screen sizes players use, played like a player (clicks only).

Shared by ``tests/browser/test_table_layout.py`` (the layout checks) and by
``tests/browser/screens.py`` (``--viewports``, run by ``python3 build.py screenshots``:
the screenshots, into ``docs/screenshots/``; the suite takes none).

:func:`capture_viewports` starts, for each game and each size, a 2-player game against a
random bot and saves ``<game>-<w>x<h>.png`` at the start of the player's turn (Arribada
also ``arribada-<w>x<h>-preview.png``: a rack tile and a cell chosen, the preview shown;
Arraial ``arraial-<w>x<h>-placing.png``: a card taken, a drop column chosen, its preview);
and Día de Playa in each mode, ``diadeplaya-<mode>-<w>x<h>.png`` (a place chosen, its
preview), the end of a solitaire game, ``diadeplaya-end-<w>x<h>.png``, and on the laptop
and the phone its market, ``diadeplaya-market-<w>x<h>.png``, and on the laptop its beach
fitted with a card in hand, ``diadeplaya-fit-1280x800.png``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from conftest import wait_ready  # noqa: E402
from ui import click, renders, wait_rendered  # noqa: E402

#: (width, height): two laptops, a desktop, a phone (portrait)
VIEWPORTS: tuple[tuple[int, int], ...] = ((1280, 800), (1366, 768), (1920, 1080), (390, 844))
PHONE_WIDTH = 480
NAMES = ("Ana", "Ben", "Cy", "Di")
GAMES = ("arribada", "arboretum", "arraial")
#: each game's seed in the screenshots and the layout test (Ana first)
SEEDS = {"arribada": 9, "arboretum": 7, "arraial": 5}
BOT_WAIT_MS = 60_000  # the first bot decision of a page includes the worker's start


def context_options(width: int, height: int) -> dict:
    """A browser context of that size; a phone-sized one is a touch phone."""
    options: dict = {"viewport": {"width": width, "height": height}}
    if width <= PHONE_WIDTH:
        options.update(is_mobile=True, has_touch=True)
    return options


#: the table's pending decision: named by an element of the table (or the table itself)
DECISION = "#app .tb-table [data-decision], #app .tb-table[data-decision]"


def decision(page) -> str:
    """The table's pending decision (``data-decision``), "" if there is no table."""
    return page.evaluate("s => document.querySelector(s)?.dataset.decision ?? ''", DECISION)


def open_app_at(page, url: str) -> None:
    """Make sure ``page`` shows the app at ``url``, ready to play."""
    ready = page.url.startswith(url) and page.evaluate("() => document.body?.dataset.ready === '1'")
    if not ready:
        page.goto(url)
        wait_ready(page)


def start_game(
    page,
    game: str,
    players: int = 2,
    kinds: Sequence[str] = ("human", "bot:random"),
    seed: int = 9,
) -> None:
    """From any screen of the app: a new game of ``game``, Ana (seat A) first; seat ``i``
    is played by ``kinds[i]`` (``human`` or ``bot:<level>``; the last one repeats)."""
    picker = f'[data-act="app.new"][data-game="{game}"]'
    if not page.locator(picker).count():
        click(page, ".shell-bar .shell-brand")
    click(page, picker)
    if players != 2:
        before = renders(page)
        page.select_option('select[name="players"]', str(players))
        wait_rendered(page, before)
    for i in range(players):
        page.fill(f'input[name="name-{i}"]', NAMES[i])
        kind = kinds[min(i, len(kinds) - 1)]
        page.select_option(f'select[name="kind-{i}"]', kind)
    page.select_option('select[name="opt-first_player"]', "1")  # Player 1 (Ana)
    page.fill('input[name="seed"]', str(seed))
    click(page, 'form[data-act="app.start"] button[type="submit"]')


def wait_decision(page, prefix: str, timeout_ms: int = BOT_WAIT_MS) -> None:
    """Wait until the table's pending decision starts with ``prefix`` (the bots moving
    meanwhile); fail at once when a bot reports a problem."""
    try:
        page.wait_for_function(
            "([s, p]) => document.querySelector('.shell-bot-problem')"
            " || (document.querySelector(s)?.dataset.decision ?? '').startsWith(p)",
            arg=[DECISION, prefix],
            timeout=timeout_ms,
        )
    except Exception as e:  # noqa: BLE001 - say what the page shows instead
        shown = page.evaluate(
            "() => (document.querySelector('#app .tb-status, #app h1:not(.shell-visually-hidden)')"
            "?.innerText ?? '').slice(0, 300)"
        )
        raise AssertionError(
            f"waited for the decision {prefix!r}: it is {decision(page)!r}; the page says {shown!r}"
        ) from e
    problem = page.locator(".shell-bot-problem")
    assert problem.count() == 0, problem.inner_text()


def first_reachable(page, selector: str) -> str:
    """A selector for one of the elements matching ``selector``: the first one shown
    whole in its frame and the viewport, else the first one (the click scrolls it)."""
    index = page.evaluate(
        """s => {
          const els = [...document.querySelectorAll(s)];
          const i = els.findIndex(e => {
            const r = e.getBoundingClientRect(), f = e.closest('.tb-board');
            const c = f ? f.getBoundingClientRect() : {left: 0, top: 0, right: innerWidth,
                                                       bottom: innerHeight};
            return r.width > 0 && r.left >= c.left && r.top >= c.top && r.right <= c.right
              && r.bottom <= c.bottom && r.right <= innerWidth && r.bottom <= innerHeight;
          });
          return Math.max(i, 0);
        }""",
        selector,
    )
    return f"{selector} >> nth={index}"


def shot_name(game: str, width: int, height: int, suffix: str = "") -> str:
    return f"{game}-{width}x{height}{suffix}.png"


def capture_viewports(
    page_factory: Callable[[int, int], object],
    url: str,
    out_dir: Path,
    viewports: Sequence[tuple[int, int]] = VIEWPORTS,
) -> list[Path]:
    """Screenshots of the table at each size, for each game: ``page_factory(width,
    height)`` gives a page of that size (a fresh one, or one already on the app at
    ``url``); a 2-player game against a random bot is started on it.  Returns the
    files written into ``out_dir`` (created)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []

    def take(page, name: str) -> None:
        path = out / name
        page.screenshot(path=str(path))
        files.append(path)

    for width, height in viewports:
        page = page_factory(width, height)
        open_app_at(page, url)
        for game in GAMES:
            start_game(page, game, seed=SEEDS[game])
            if game == "arraial":
                wait_decision(page, "act:pick")
                take(page, shot_name(game, width, height))
                click(page, '.tb-board [data-act="move"][data-slot]')
                click(page, first_reachable(page, '.tb-board [data-act="column"][data-landing]'))
                assert decision(page).startswith("land:confirm"), decision(page)
                take(page, shot_name(game, width, height, "-placing"))
            elif game == "arribada":
                wait_decision(page, "action:pick")
                take(page, shot_name(game, width, height))
                click(page, '[data-act="pick-value"]')
                click(page, first_reachable(page, '[data-act="cell"][data-kind="place"]'))
                assert decision(page).startswith("action:confirm"), decision(page)
                take(page, shot_name(game, width, height, "-preview"))
            else:
                wait_decision(page, "draw:0:pick")
                take(page, shot_name(game, width, height))
        files += capture_diadeplaya(page, out, width, height)
    return files


#: Día de Playa's modes in the screenshots (each with its own players: ``diadeplaya_ui``)
DIADEPLAYA_MODES = ("solitaire", "competitive", "cooperative", "teams")


def capture_diadeplaya(page, out: Path, width: int, height: int) -> list[Path]:
    """Día de Playa at one size: each mode three turns in, a card taken and a place
    chosen (its preview shown), ``diadeplaya-<mode>-<w>x<h>.png``; and the end of a
    solitaire game, ``diadeplaya-end-<w>x<h>.png``."""
    import diadeplaya_ui as dp

    files = []
    for mode in DIADEPLAYA_MODES:
        dp.table_for_screenshot(page, mode)
        path = out / shot_name(f"diadeplaya-{mode}", width, height)
        page.screenshot(path=str(path))
        files.append(path)
    dp.import_solitaire_end(page)
    path = out / shot_name("diadeplaya-end", width, height)
    page.screenshot(path=str(path))
    files.append(path)
    return files + capture_diadeplaya_fit(page, out, width, height)


def capture_diadeplaya_fit(page, out: Path, width: int, height: int) -> list[Path]:
    """Día de Playa's market and fit (issue 43) on the laptop and the phone: a solitaire
    beach of six cards opened from a file, the market's cards to take,
    ``diadeplaya-market-<w>x<h>.png``; on the laptop also a card taken, turned and a place
    pointed at, the beach fitted to its frame with the places around it,
    ``diadeplaya-fit-<w>x<h>.png``."""
    import diadeplaya_ui as dp

    if (width, height) not in ((1280, 800), (390, 844)):
        return []
    files = []
    dp.open_beach(page, dp.SEVERAL, quiet=True)
    page.mouse.move(0, 0)
    path = out / shot_name("diadeplaya-market", width, height)
    page.screenshot(path=str(path))
    files.append(path)
    if width >= 1280:
        click(page, f"{dp.TAKE} >> nth=0")
        click(page, dp.TURN)
        spot = page.locator(first_reachable(page, dp.SPOT))
        spot.hover()
        path = out / shot_name("diadeplaya-fit", width, height)
        page.screenshot(path=str(path))
        files.append(path)
    return files
