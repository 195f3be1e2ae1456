"""Screenshots of the main screens, taken by playing the built site like a player.

Run by ``python3 build.py screenshots`` (into ``docs/screenshots/``, shown in the
README), never by the test suite; its helpers (``import_finished_game``) are shared with
the browser tests:

    uv run python tests/browser/screens.py --out docs/screenshots
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

import arboretum_ui  # noqa: E402
from conftest import SiteServer, launch_options, wait_ready  # noqa: E402
from tutorial_ui import advance, click_target, open_tutorial, step  # noqa: E402
from ui import click, reveal, wait_rendered  # noqa: E402

DESKTOP = {"width": 1100, "height": 900}
PHONE = {"width": 360, "height": 780}


def finished_game_file(
    folder: Path, game_id: str = "arribada", players: int = 2, **options: object
) -> Path:
    """A saved-game file of a finished game (random moves, fixed seed; 2 players unless
    told, the game's default options unless given)."""
    from tablero.core import Rng, make
    from tablero.web.plugin import Seat
    from tablero.web.saves import SavedGame, export_json

    state = make(game_id, players=players, seed=31, **options)
    rng = Rng(31)
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.randbelow(len(moves))])
    game = SavedGame(
        id="demo0001" if game_id == "arribada" else "demo0002",
        name="Beach afternoon" if game_id == "arribada" else "Garden evening",
        game_id=game_id,
        seats=[Seat("Ana", 0), Seat("Ben", 1)][:players],
        state=state,
        created=0.0,
        updated=0.0,
    )
    path = folder / f"finished-{game_id}.json"
    path.write_text(export_json(game), encoding="utf-8")
    return path


class Shots:
    """PNG files of ``page`` saved into ``out`` (created), in the order taken."""

    def __init__(self, page, out: Path) -> None:
        out.mkdir(parents=True, exist_ok=True)
        self.page, self.out, self.files = page, out, []

    def take(self, name: str, full_page: bool = False) -> None:
        path = self.out / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        self.files.append(path)


def capture_all(page, out: Path) -> list[Path]:
    """Walk through the main screens, saving one PNG each; returns the files."""
    shots = Shots(page, out)
    shot = shots.take

    page.set_viewport_size(DESKTOP)
    shot("start")
    click(page, '[data-act="app.new"][data-game="arribada"]')
    page.fill('input[name="name-0"]', "Ana")
    page.fill('input[name="name-1"]', "Ben")
    page.fill('input[name="seed"]', "9")
    shot("new-game")
    click(page, 'form[data-act="app.start"] button[type="submit"]')
    reveal(page)
    click(page, '[data-act="pick-value"][data-value="6"]')
    click(page, '[data-act="cell"][data-cell="d2"]')
    shot("table")
    page.set_viewport_size(PHONE)
    shot("table-phone", full_page=True)
    page.set_viewport_size(DESKTOP)
    click(page, '[data-act="confirm-move"]')
    for _ in range(4):
        if page.locator('[data-act="app.reveal"]').count():
            break
        for move in ("draw bag", "end"):
            sel = f'button[data-act="move"][data-move="{move}"]'
            if page.locator(sel).count():
                click(page, sel)
                break
    shot("pass-device")
    page.locator("details.shell-menu > summary").click()
    click(page, '.shell-menu-items [data-act="app.rules"]')
    shot("rules")
    # the rules are a dialog over the table: closed before the menu is used again
    click(page, '.shell-overlay [data-act="app.back"]')
    import_finished_game(page, "arribada")
    shot("end", full_page=True)
    return shots.files


def capture_end_sequences(page, out: Path) -> list[Path]:
    """Each game's end told step by step (the summary's "Watch the scoring"): its first
    step, a step halfway and its last (the winner), at 1280x800; returns the files."""
    shots = Shots(page, out)
    page.set_viewport_size({"width": 1280, "height": 800})
    for game in ("arribada", "arboretum", "arraial", "diadeplaya"):
        import_finished_game(page, game)
        click(page, '.shell-end [data-act="app.end-step"][data-step="0"]')
        steps = int(page.get_attribute("[data-decision='end-step']", "data-steps") or "1")
        for i in range(steps):
            if i in (0, steps // 2, steps - 1):
                page.wait_for_timeout(450)  # the lit parts' fade-in
                shots.take(f"{game}-endstep-{i + 1}", full_page=True)
            if i < steps - 1:
                click(page, '.shell-end-steps [data-act="app.end-step"].shell-primary')
        click(page, '.shell-end-steps [data-act="app.end-skip"]')
    return shots.files


def import_finished_game(page, game_id: str, players: int = 2, **options: object) -> None:
    """Open a finished game (:func:`finished_game_file`) through the menu's import
    button, past the pass screen."""
    with tempfile.TemporaryDirectory() as tmp:
        import_game_file(page, finished_game_file(Path(tmp), game_id, players, **options))


def import_game_file(page, path: Path) -> None:
    """Open a saved-game file through the menu's import button, past the pass screen."""
    page.locator("details.shell-menu > summary").click()
    before = page.get_attribute("#app", "data-render")
    page.set_input_files('.shell-menu-items input[type="file"]', str(path))
    wait_rendered(page, before)
    if page.locator('[data-act="app.reveal"]').count():
        click(page, '[data-act="app.reveal"]')


def capture_arboretum(page, out: Path) -> list[Path]:
    """Arboretum's table (mid-game, a card's preview shown; desktop and phone) and its
    end screen, from a page on the start screen; returns the files."""
    shots = Shots(page, out)
    shot = shots.take

    page.set_viewport_size(DESKTOP)
    arboretum_ui.new_game(page, seed=7)
    for _ in range(8):  # four turns each: gardens with a few cards
        arboretum_ui.play_turn(page)
    arboretum_ui.reveal(page)
    for _ in range(2):
        click(page, '[data-act="move"][data-move="draw deck"]')
    click(page, '[data-act="pick-card"]')
    click(page, '[data-act="cell"]')
    shot("arboretum-table")
    page.set_viewport_size(PHONE)
    shot("arboretum-table-phone", full_page=True)
    page.set_viewport_size(DESKTOP)
    import_finished_game(page, "arboretum")
    shot("arboretum-end", full_page=True)
    return shots.files


#: The tutorial steps captured: (game, language); Arribada's in every language, each other
#: game's in two.
TUTORIAL_SHOTS = (
    ("arribada", "en"), ("arribada", "ja"), ("arribada", "es"), ("arribada", "nl"),
    ("arboretum", "en"), ("arboretum", "ja"), ("arraial", "ja"), ("arraial", "es"),
    ("diadeplaya", "en"), ("diadeplaya", "nl"),
)  # fmt: skip


def capture_tutorials(make_page, url: str, out: Path) -> list[Path]:
    """A tutorial's first move to make, its next click highlighted, for each of
    :data:`TUTORIAL_SHOTS` (``tutorial-<game>-<lang>.png``, 1280x800).  ``make_page()``
    gives a fresh page (an empty profile)."""
    paths = []
    for game, lang in TUTORIAL_SHOTS:
        page = make_page()
        page.add_init_script(f"localStorage.setItem('tablero.lang', '{lang}')")
        page.goto(url)
        wait_ready(page)
        open_tutorial(page, game)
        while step(page)[1] != "play":
            advance(page)
        if game == "arribada":
            click_target(page)  # the tile picked: now its cell is highlighted
        page.locator(".shell-tutorial").scroll_into_view_if_needed()
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"tutorial-{game}-{lang}.png"
        page.screenshot(path=str(path))
        paths.append(path)
        page.close()
    return paths


#: Tutorial steps captured at the sizes where issue 43 found them hidden: (game, step, the
#: clicks of the step made first, sizes); ``tutorial-<game>-step<n>-<w>x<h>.png``.
TUTORIAL_STEP_SHOTS = (
    ("arraial", 4, 0, ((1280, 800), (390, 844))),  # the column to choose
    ("arraial", 6, 1, ((1280, 800), (390, 844))),  # column a chosen: the slide to tap
    ("diadeplaya", 7, 0, ((390, 844),)),  # the place to tap again, Leave in its box
)


def capture_tutorial_steps(make_page, url: str, out: Path) -> list[Path]:
    """The steps of :data:`TUTORIAL_STEP_SHOTS` as a player sees them (English), each
    from the first step on a fresh page of its size (``make_page(width, height)``)."""
    paths = []
    for game, number, clicks, sizes in TUTORIAL_STEP_SHOTS:
        for width, height in sizes:
            page = make_page(width, height)
            page.goto(url)
            wait_ready(page)
            open_tutorial(page, game)
            while step(page)[0] < number:
                advance(page)
            for _ in range(clicks):
                click_target(page)
            out.mkdir(parents=True, exist_ok=True)
            path = out / f"tutorial-{game}-step{number}-{width}x{height}.png"
            page.screenshot(path=str(path))
            paths.append(path)
            page.context.close()
    return paths


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    import build

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE.parents[1] / "docs" / "screenshots"))
    parser.add_argument(
        "--viewports",
        default=str(HERE.parents[1] / "docs" / "screenshots"),
        help="folder for the table at each screen size (viewport_shots.py); '' skips them",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        site = build.build_site(Path(tmp) / "dist")
        server = SiteServer(site).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(**launch_options(player=True))
                page = browser.new_page(viewport=DESKTOP)
                page.goto(server.url)
                wait_ready(page)
                for path in capture_all(page, Path(args.out)):
                    print(path)
                for path in capture_end_sequences(page, Path(args.out)):
                    print(path)
                page = browser.new_page(viewport=DESKTOP)  # a fresh profile: the picker
                page.goto(server.url)
                wait_ready(page)
                for path in capture_arboretum(page, Path(args.out)):
                    print(path)

                def tutorial_page():
                    return browser.new_page(viewport={"width": 1280, "height": 800})

                for path in capture_tutorials(tutorial_page, server.url, Path(args.out)):
                    print(path)

                def sized_page(width: int, height: int):
                    from viewport_shots import context_options

                    context = browser.new_context(
                        reduced_motion="reduce", **context_options(width, height)
                    )
                    return context.new_page()

                for path in capture_tutorial_steps(sized_page, server.url, Path(args.out)):
                    print(path)
                if args.viewports:
                    from viewport_shots import capture_viewports, context_options

                    def fresh(width: int, height: int):
                        return browser.new_page(**context_options(width, height))

                    for path in capture_viewports(fresh, server.url, Path(args.viewports)):
                        print(path)
                browser.close()
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
