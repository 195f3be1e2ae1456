"""Every screen of every game, reached by clicking like a player, audited with axe-core
(tests/browser/axe.py): no serious or critical violation of WCAG 2.1 A/AA or of axe's
best practices.

Each screen is audited once a test reaches it: the start screen (empty, with the menu
open, in each other language, and with a game to continue), each game's new-game form
(and one refused), the pass-the-device screen of a hot-seat game, the table at each kind
of decision, each game's rules, the saved games (the list, renaming, deleting, unreadable
entries, none), and the end screen and the replay of a finished game (a saved-game file
imported through the menu, as the screenshots do).
Pages prefer reduced motion, so nothing is audited halfway through an animation.

A screen reached on the way to another (Arribada's rack on the way to its preview) is
audited on that way, in the very state its own test reached before issue 31 (one test a
screen then, each replaying the screens before it): :data:`CHAINS` says which screens
each test audits, and a test checks that they are every screen of :data:`SCREENS`.
"""

from __future__ import annotations

from collections.abc import Callable

import arboretum_ui
import diadeplaya_ui as dp
import pytest
from axe import AXE_JS, audit, describe
from conftest import wait_ready
from screens import import_finished_game
from ui import click, open_app, reveal, wait_rendered

pytestmark = pytest.mark.browser

GAMES = ("arribada", "arboretum", "arraial", "diadeplaya")
#: The module's screen functions that other screens' functions call by name.
GAME_PREFIXES = ("arribada_", "arboretum_", "arraial_", "diadeplaya_", "saves", "home")


def menu(page, act: str) -> None:
    page.locator("details.shell-menu > summary").click()
    click(page, f'.shell-menu-items [data-act="{act}"]')


def start(page, game: str, seed: int = 9) -> None:
    """A hot-seat game of two people (Ana first) from the start screen's card: the
    pass-the-device screen.  Arribada's seed 9 deals Ana (first) 1 1 2 6 8 and the
    display 6 4 1 6 6 (tests/browser/test_arribada_play.py); Arboretum's player A starts."""
    click(page, f'[data-act="app.new"][data-game="{game}"]')
    page.fill('input[name="name-0"]', "Ana")
    page.fill('input[name="name-1"]', "Ben")
    if game in ("arboretum", "arraial", "diadeplaya"):
        page.select_option('select[name="opt-first_player"]', "1")  # player A
    page.fill('input[name="seed"]', str(seed))
    click(page, 'form[data-act="app.start"] button[type="submit"]')
    assert page.locator('[data-act="app.reveal"]').count() == 1


# --- the screens: each function takes a page on the start screen to its screen ----------------


def home(page) -> None:
    assert page.locator(".shell-games .shell-game").count() == len(GAMES)


def home_menu(page) -> None:
    """The menu open (its buttons, the import button, the language list)."""
    page.locator("details.shell-menu > summary").click()
    assert page.locator(".shell-menu-items select[name='lang']").is_visible()


def home_in(lang: str) -> Callable:
    """The start screen in another language, chosen in the menu (left open)."""

    def go(page) -> None:
        before = page.get_attribute("#app", "data-render")
        page.locator("details.shell-menu > summary").click()
        page.select_option(".shell-menu-items select[name='lang']", lang)
        wait_rendered(page, before)
        assert page.evaluate("document.documentElement.lang") == lang

    return go


def home_continue(page) -> None:
    start(page, "arribada")
    click(page, ".shell-brand")
    assert page.locator(".shell-continue").count() == 1


def new_form(game: str) -> Callable:
    def go(page) -> None:
        click(page, f'[data-act="app.new"][data-game="{game}"]')
        assert page.locator("form.shell-new").count() == 1
        # a bot in the second seat: the form as it is most often filled in
        page.select_option('select[name="kind-1"]', "bot:medium")

    return go


def new_error(page) -> None:
    """The form refused (two seats of one colour): its error message shown."""
    click(page, '[data-act="app.new"][data-game="arribada"]')
    colour = page.locator('input[name="colour-0"]:checked').get_attribute("value")
    page.locator(f'input[name="colour-1"][value="{colour}"]').check()
    click(page, 'form[data-act="app.start"] button[type="submit"]')
    assert page.locator(".shell-new .shell-error").count() == 1


def pass_screen(game: str) -> Callable:
    def go(page) -> None:
        start(page, game)
        assert page.locator(".shell-pass").count() == 1

    return go


def rules(game: str) -> Callable:
    def go(page) -> None:
        page.locator(f'.shell-game[data-game="{game}"] [data-act="app.rules"]').click()
        page.wait_for_selector(".shell-rules")

    return go


def saves(page) -> None:
    start(page, "arribada")
    reveal(page)
    import_finished_game(page, "arboretum")
    menu(page, "app.saves")
    assert page.locator(".shell-save").count() == 2
    assert page.locator(".shell-badge").count() == 1  # the game on screen


def saves_rename(page) -> None:
    saves(page)
    click(page, '.shell-save [data-act="app.rename"]')
    assert page.locator("form.shell-rename").count() == 1


def saves_delete(page) -> None:
    saves(page)
    click(page, '.shell-save [data-act="app.delete"]')
    assert page.locator('[data-act="app.delete-confirm"]').count() == 1


def saves_problems(page) -> None:
    start(page, "arribada")
    page.evaluate("localStorage.setItem('tablero.save.broken', '{\"kind\": \"tablero-save\"')")
    page.reload()
    wait_ready(page)
    menu(page, "app.saves")
    assert page.locator(".shell-problems").count() == 1


def saves_empty(page) -> None:
    click(page, '.shell-actions [data-act="app.saves"]')
    assert page.locator(".shell-saves").count() == 0


# Arribada's table


def arribada_rack(page) -> None:
    start(page, "arribada")
    reveal(page)
    assert page.locator('[data-act="pick-value"]').count() >= 1


def arribada_targets(page) -> None:
    arribada_rack(page)
    click(page, '[data-act="pick-value"][data-value="6"]')
    assert page.locator('[data-act="cell"]').count() > 1


def arribada_preview(page) -> None:
    arribada_targets(page)
    click(page, '[data-act="cell"][data-cell="d2"]')
    assert page.locator(".arr-preview").count() == 1
    assert page.locator('[data-act="confirm-move"]').count() == 1


def arribada_draw(page) -> None:
    arribada_preview(page)
    click(page, '[data-act="confirm-move"]')
    assert page.locator('[data-act="move"][data-move="draw 4"]').count() == 1  # a display tile


def arribada_refresh(page) -> None:
    arribada_rack(page)
    click(page, '[data-act="move"][data-move="refresh"]')
    click(page, '[data-act="move"][data-move="pick rack 8"]')  # one tile of each set aside
    click(page, '[data-act="move"][data-move="pick display 1"]')
    assert page.locator('[data-act="move"][data-move="confirm"]').count() == 1


# Arboretum's table


def arboretum_draw(page) -> None:
    start(page, "arboretum", seed=7)
    arboretum_ui.reveal(page)
    assert "draw" in arboretum_ui.status(page).lower()


def arboretum_play(page) -> None:
    arboretum_draw(page)
    for _ in range(2):
        click(page, '[data-act="move"][data-move="draw deck"]')
    click(page, '[data-act="pick-card"]')
    click(page, '[data-act="cell"]')
    assert page.locator(".arb-preview").count() == 1


def arboretum_discard(page) -> None:
    arboretum_play(page)
    click(page, '[data-act="confirm-move"]')
    assert "Discard" in arboretum_ui.status(page)
    click(page, '[data-act="pick-card"]')


def arboretum_seen(page) -> None:
    """Ben's turn after taking Ana's discard: a card in his hand that everyone saw him
    take, marked "seen" (where axe found a label naming another thing, issue 33)."""
    arboretum_draw(page)
    arboretum_ui.play_turn(page)
    arboretum_ui.reveal(page)
    click(page, '[data-act="move"][data-move="draw A"]')
    assert page.locator(".arb-hand .arb-tag").count() == 1
    click(page, '[data-act="move"][data-move="draw deck"]')
    click(page, '[data-act="pick-card"]')  # the seen card pickable, the others too
    assert page.locator(".arb-hand .arb-tag").count() == 1


# Arraial's table


def arraial_act(page) -> None:
    start(page, "arraial", seed=5)
    reveal_arraial(page)
    assert page.locator('.tb-board [data-act="move"][data-slot]').count() >= 1


def reveal_arraial(page) -> None:
    click(page, '[data-act="app.reveal"]')
    assert page.locator(".arl-board").count() == 1


def arraial_land(page) -> None:
    """A card taken: the drop columns with their ghosts (one shown, under the focus)."""
    arraial_act(page)
    click(page, '.tb-board [data-act="move"][data-slot]')
    assert page.locator('.tb-board g[data-act="column"]').count() >= 1


def arraial_preview(page) -> None:
    arraial_land(page)
    click(page, '.tb-board g[data-act="column"][data-landing]')
    assert page.locator(".arl-preview").count() == 1


def arraial_refill(page) -> None:
    arraial_preview(page)
    click(page, '[data-act="confirm-move"]')
    click(page, '.tb-actions [data-move="end"]')
    assert page.locator('.tb-board [data-act="move"][data-face-up]').count() >= 1


# Día de Playa's table (Ana against a random bot; teams: three bots)


def diadeplaya_side(page) -> None:
    """The first card: its two faces to choose from."""
    dp.start(page, "competitive")
    page.wait_for_selector(dp.SIDE)


def diadeplaya_first(page) -> None:
    """The first card's face chosen: turned (R) and laid in the middle, its ghost shown."""
    diadeplaya_side(page)
    click(page, dp.SIDE)
    click(page, dp.TURN)
    assert page.locator(dp.LAY_FIRST).count() == 1


def diadeplaya_take(page) -> None:
    """The market in the dock, the others' first cards beside the beach."""
    diadeplaya_first(page)
    click(page, dp.LAY_FIRST)
    dp.wait_turn_or_end(page)
    page.wait_for_selector(dp.TAKE)


def diadeplaya_place(page) -> None:
    """A card in hand: the places on the beach, the ghost under the keyboard's focus."""
    diadeplaya_take(page)
    click(page, dp.TAKE)
    assert page.locator(dp.SPOT).count() >= 1
    page.keyboard.press("ArrowRight")  # the focus (and the ghost) moves


def diadeplaya_preview(page) -> None:
    """A place chosen: the preview of each criterion's change, Confirm and Cancel."""
    diadeplaya_take(page)
    click(page, dp.TAKE)
    dp.choose_place(page)
    assert page.locator(dp.PREVIEW).count() == 1


def diadeplaya_teams(page) -> None:
    """Teams: Ana's beach and the three others, smaller, beside it."""
    dp.start(page, "teams")
    dp.play_turn(page)
    dp.wait_turn_or_end(page)
    assert page.locator("#app .dp-other").count() == 3


def diadeplaya_solitaire_end(page) -> None:
    """A finished solitaire game (imported: the end screen is drawn from the game alone;
    test_diadeplaya_play.py plays one to its end by clicking): the beach reached, the
    ladder, the marks."""
    import_finished_game(
        page, "diadeplaya", 1, mode="solitaire", criteria=["surfers", "tourists", "trios"]
    )
    assert page.locator(".shell-end [data-result]").count() == 1


# Finished games


#: What each game's end screen shows besides the result (these checks were made by
#: tests/browser/test_screenshots.py until the screenshots left the suite, issue 31).
END_SHOWS: dict[str, tuple[str, Callable[[int], bool]]] = {
    "arribada": ("#app svg polyline", lambda n: n >= 2),  # the score chart: a line a player
    "arboretum": (".shell-end .arb-end [data-species-row]", lambda n: n == 6),  # a species
}


def end(game: str) -> Callable:
    def go(page) -> None:
        import_finished_game(page, game)
        assert page.locator(".shell-end").count() == 1
        if game in END_SHOWS:
            selector, expected = END_SHOWS[game]
            assert expected(page.locator(selector).count()), selector

    return go


def replay(game: str) -> Callable:
    def go(page) -> None:
        SCREENS[f"end-{game}"](page)  # audited there too
        click(page, '[data-act="app.replay"]')  # on the last position
        click(page, '[data-act="app.replay-step"][data-step="0"]')
        click(page, '[data-act="app.replay-step"][data-delta="1"]')
        assert page.locator(".shell-replay").count() == 1

    return go


SCREENS: dict[str, Callable] = {
    "home": home,
    "home-menu": home_menu,
    **{f"home-{lang}": home_in(lang) for lang in ("es", "ja", "nl")},
    "home-continue": home_continue,
    **{f"new-{g}": new_form(g) for g in GAMES},
    "new-error": new_error,
    "saves": saves,
    "saves-rename": saves_rename,
    "saves-delete": saves_delete,
    "saves-problems": saves_problems,
    "saves-empty": saves_empty,
    **{f"pass-{g}": pass_screen(g) for g in GAMES},
    "table-arribada-rack": arribada_rack,
    "table-arribada-targets": arribada_targets,
    "table-arribada-preview": arribada_preview,
    "table-arribada-draw": arribada_draw,
    "table-arribada-refresh": arribada_refresh,
    "table-arboretum-draw": arboretum_draw,
    "table-arboretum-play": arboretum_play,
    "table-arboretum-discard": arboretum_discard,
    "table-arboretum-seen": arboretum_seen,
    "table-arraial-act": arraial_act,
    "table-arraial-land": arraial_land,
    "table-arraial-preview": arraial_preview,
    "table-arraial-refill": arraial_refill,
    "table-diadeplaya-side": diadeplaya_side,
    "table-diadeplaya-first": diadeplaya_first,
    "table-diadeplaya-take": diadeplaya_take,
    "table-diadeplaya-place": diadeplaya_place,
    "table-diadeplaya-preview": diadeplaya_preview,
    "table-diadeplaya-teams": diadeplaya_teams,
    "end-diadeplaya-solitaire": diadeplaya_solitaire_end,
    **{f"rules-{g}": rules(g) for g in GAMES},
    **{f"end-{g}": end(g) for g in GAMES},
    **{f"replay-{g}": replay(g) for g in GAMES},
}

#: While a test runs: each screen reached so far -> its serious violations.
_ALONG: dict[str, list] | None = None


def _audited(name: str, go: Callable) -> Callable:
    """``go`` that, while a test audits (:data:`_ALONG`), audits its screen once reached."""

    def reach(page) -> None:
        go(page)
        if _ALONG is not None and name not in _ALONG:
            _ALONG[name] = audit(page)

    return reach


# Every screen audited where it is reached: the module's own names are rebound, so a screen
# reached through another's function (arribada_rack inside arribada_targets) is audited too.
_NAMES = {f: n for n, f in globals().items() if callable(f) and n.startswith(GAME_PREFIXES)}
for _name, _go in list(SCREENS.items()):
    SCREENS[_name] = _audited(_name, _go)
    if _go in _NAMES:
        globals()[_NAMES[_go]] = SCREENS[_name]

#: The tests: each runs the screen it is named after and audits every screen on its way.
CHAINS: dict[str, tuple[str, ...]] = {
    **{s: (s,) for s in SCREENS if not s.startswith(("table-", "saves", "replay-", "end-"))},
    "saves-rename": ("saves", "saves-rename"),
    "saves-delete": ("saves", "saves-delete"),
    "saves-problems": ("saves-problems",),
    "saves-empty": ("saves-empty",),
    "table-arribada-draw": (
        "table-arribada-rack", "table-arribada-targets", "table-arribada-preview",
        "table-arribada-draw",
    ),
    "table-arribada-refresh": ("table-arribada-rack", "table-arribada-refresh"),
    "table-arboretum-discard": (
        "table-arboretum-draw", "table-arboretum-play", "table-arboretum-discard",
    ),
    "table-arboretum-seen": ("table-arboretum-draw", "table-arboretum-seen"),
    "table-arraial-refill": (
        "table-arraial-act", "table-arraial-land", "table-arraial-preview", "table-arraial-refill",
    ),
    "table-diadeplaya-preview": (
        "table-diadeplaya-side", "table-diadeplaya-first", "table-diadeplaya-take",
        "table-diadeplaya-preview",
    ),
    "table-diadeplaya-place": (
        "table-diadeplaya-side", "table-diadeplaya-first", "table-diadeplaya-take",
        "table-diadeplaya-place",
    ),
    "table-diadeplaya-teams": ("table-diadeplaya-teams",),
    "end-diadeplaya-solitaire": ("end-diadeplaya-solitaire",),
    **{f"replay-{g}": (f"end-{g}", f"replay-{g}") for g in GAMES},
}  # fmt: skip


def test_the_chains_audit_every_screen():
    assert set(CHAINS) <= set(SCREENS)
    assert {s for chain in CHAINS.values() for s in chain} == set(SCREENS)
    assert all(chain[-1] == name for name, chain in CHAINS.items())


@pytest.mark.parametrize("chain", list(CHAINS))
def test_screen_has_no_serious_violations(chain, new_page, site_server):
    global _ALONG
    page = open_app(new_page, site_server, reduced_motion="reduce")
    _ALONG = {}
    try:
        SCREENS[chain](page)
        reached = dict(_ALONG)
    finally:
        _ALONG = None
    assert tuple(reached) == CHAINS[chain]
    found = {name: found for name, found in reached.items() if found}
    assert not found, "accessibility violations:\n" + "\n".join(
        f"on {name} ({len(v)} rule(s)):\n{describe(v)}" for name, v in found.items()
    )


def test_the_site_does_not_ship_axe(built_site):
    assert AXE_JS.exists()
    shipped = [p for p in built_site.rglob("*") if "axe" in p.name.lower()]
    assert shipped == []
