"""The memory snapshot (docs/pwa.md, "The snapshot"): never on a first visit's critical
path, restored on later visits, and a snapshot that does not restore falls back to the
plain boot.  ``window.tableroSnapshot`` ({url, used, error, ms}) is set by the
interpreter module (static/snapshot-interpreter.mjs)."""

from __future__ import annotations

import gzip
import json
import zipfile

import pytest
from conftest import boot_data, copy_site, wait_offline_ready, wait_ready
from support.catalog_files import WEB, folder_messages
from ui import new_game, place

pytestmark = pytest.mark.browser


def runtime_files(site) -> list[str]:
    return ["/" + p.relative_to(site).as_posix() for p in site.glob("pyodide/*/*")]


def snapshot_path(site) -> str:
    (snapshot,) = site.glob("static/snapshot.*.gz")
    return "/" + snapshot.relative_to(site).as_posix()


def status(page) -> dict:
    return json.loads(page.evaluate("JSON.stringify(window.tableroSnapshot || null)"))


def mark_times(page) -> dict[str, float]:
    return page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
    )


def first_visit(server, persistent_context):
    """A page after a first visit, once the service worker has precached the site."""
    context = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url)
    wait_ready(page)
    wait_offline_ready(page)
    return page


def plays(page) -> None:
    """A new game, and a tile placed by clicking."""
    page.set_viewport_size({"width": 1000, "height": 900})
    new_game(page)
    place(page, 6, "d2")
    assert page.locator('[data-tile-cell="d2"]').get_attribute("data-tile-value") == "6"


def test_the_build_names_the_snapshot_by_content_and_precaches_it(built_site):
    config = json.loads(next(built_site.glob("config.*.json")).read_text())
    interpreter = (built_site / config["interpreter"]).read_text()
    name = snapshot_path(built_site).rsplit("/", 1)[1]
    assert f"./{name}" in interpreter and "__SNAPSHOT__" not in interpreter
    assert name in (built_site / "sw.js").read_text()
    # The page unpacks its Python bundles (core and web first, a game's with it), never
    # the bots (their worker does), and they hold bytecode only.
    data = boot_data(built_site)
    bundles = [*data["wheels"], *data["engines"].values()]
    assert [url.rsplit("/", 1)[1] for url in data["wheels"]] == ["core.zip", "web.zip"]
    # the games with a UI (an engine without one is not shipped)
    assert {"arribada", "arboretum", "arraial"} <= set(data["engines"])
    assert not any("bots" in url for url in bundles)
    for url in bundles:
        with zipfile.ZipFile(built_site / url) as zf:
            names = zf.namelist()
        assert any(n.endswith(".pyc") for n in names), url
        assert not any(n.endswith(".py") or ".dist-info/" in n for n in names), url
    with zipfile.ZipFile(built_site / data["engines"]["arboretum"]) as zf:
        assert "tablero/arboretum/__init__.pyc" in zf.namelist()
        # its UI package, catalogs included (build.bundle_contents)
        assert "tablero/web/games/arboretum/table.pyc" in zf.namelist()
        assert "tablero/web/games/arboretum/messages/ja.mo" in zf.namelist()
        assert not any(n.endswith((".po", ".pot")) for n in zf.namelist())  # sources
    with zipfile.ZipFile(built_site / data["wheels"][1]) as zf:
        assert "tablero/web/messages/ja.mo" in zf.namelist()
        assert not any(n.startswith(("tablero/web/games/arb", "tablero/web/games/arr"))
                       for n in zf.namelist())  # fmt: skip
    raw = gzip.decompress((built_site / snapshot_path(built_site)[1:]).read_bytes())
    assert len(raw) >= 30 * 2**20  # the whole 30 MiB heap
    # Every game fits today: the snapshot holds them all, in the registry's order.
    from tablero.core import game_ids

    assert data["snapshot_engines"] == [g for g in game_ids() if g in data["engines"]]


def browser_wasm_module(page) -> bool:
    """The page's WebAssembly.Module is the browser's own again (static/snapshot-interpreter.mjs
    swaps it for one loadPyodide() only), and compiles as it should."""
    return page.evaluate(
        """() => String(WebAssembly.Module).includes("[native code]")
            && new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))
               instanceof WebAssembly.Module"""
    )


# The first visit, the second (restored from the raw copy kept after the precache) and a
# third in Japanese (restored, drawn before the wheels are unpacked) are one browser's
# visits in test_boot.py::test_a_first_visit_then_later_visits_restored_online_and_offline
# (issue 31: one first visit instead of five).


def test_a_broken_cache_reader_falls_back_to_the_plain_boot(
    built_site, tmp_path, make_server, persistent_context
):
    site = copy_site(built_site, tmp_path / "site")
    # The worker that reads the snapshot and compiles the wasm throws as it starts.
    (reader,) = site.glob("static/cache-reader.*.js")
    reader.write_text('throw new Error("broken on purpose");\n', encoding="utf-8")
    server = make_server(site)
    page = first_visit(server, persistent_context)

    page.reload()
    wait_ready(page)  # booted anyway, the page compiling the wasm itself
    after = status(page)
    assert after["used"] is False and after["wasm"] == "page", after
    plays(page)


def test_a_corrupt_snapshot_falls_back_to_the_plain_boot(
    built_site, tmp_path, make_server, persistent_context
):
    site = copy_site(built_site, tmp_path / "site")
    snapshot = site / snapshot_path(site)[1:]
    # Valid gzip around a snapshot cut short: Pyodide's restore itself throws.
    raw = gzip.decompress(snapshot.read_bytes())
    snapshot.write_bytes(gzip.compress(raw[: len(raw) // 3], mtime=0))
    server = make_server(site)
    page = first_visit(server, persistent_context)

    page.reload()
    wait_ready(page)  # booted anyway
    after = status(page)
    assert after["used"] is False and "restoring the snapshot" in (after["error"] or ""), after
    plays(page)


# --- a game left out of the snapshot (docs/pwa.md, "The snapshot": what it holds) ----------


@pytest.fixture(scope="module")
def one_game_site(built_site, tmp_path_factory):
    """The site built with only the registry's first game in the snapshot, as when the
    others do not fit: a restored page unpacks them on demand.  The build's steps from the
    snapshot on run again on a copy of the shared build's first step
    (``build.resnapshot_site``): what ``build_site(snapshot_games=1)`` makes."""
    import build

    site = build.resnapshot_site(
        built_site, tmp_path_factory.mktemp("one-game") / "dist", snapshot_games=1
    )
    # A snapshot of its own and what names it, one of each: none left of the shared build's.
    for pattern in ("static/snapshot.*.gz", "static/interpreter.*.mjs", "config.*.json"):
        (new,) = site.glob(pattern)
        assert not (built_site / new.relative_to(site)).exists(), new
    return site


# In the page's own Python: whether a game's UI package is unpacked, whether its catalog
# was read, and its title and blurb in English.  One runPython, so the answer is of one
# moment (an unpacking runs between JavaScript tasks, never inside this call).
GAME_TITLE_PROBE = """async ([interpreter, game]) => {
  const module = await import(interpreter);  // the page's instance: boot() is its Python
  const py = await module.boot();
  const probe = py.runPython(`
import json
from tablero.web import i18n
game = ${JSON.stringify(game)}
json.dumps({
    "unpacked": (i18n._GAMES / game).exists(),
    "catalog_read": any(namespace == game for _, namespace in i18n._LOADED),
    "title": i18n.translator("en")(game + ".title"),
    "blurb": i18n.translator("en")(game + ".blurb"),
})
`);
  return { ...JSON.parse(probe), engines: window.tableroBoot.engines };
}"""


def fetched(page, url: str) -> list[float]:
    """When the page's requests for ``url`` (site-relative) ended, by resource timing."""
    return page.evaluate(
        "u => performance.getEntriesByType('resource')"
        ".filter(e => e.name.endsWith(u)).map(e => e.responseEnd)",
        url.lstrip("."),
    )


def test_a_game_left_out_of_the_snapshot_is_unpacked_on_demand(
    one_game_site, make_server, persistent_context
):
    from arboretum_ui import reveal
    from tablero.core import game_ids, make
    from tablero.web.links import encode_link
    from tablero.web.plugin import Seat
    from ui import click

    data = boot_data(one_game_site)
    held, left_out = [g for g in game_ids() if g in data["engines"]][:2]
    assert (held, left_out) == ("arribada", "arboretum")  # the helpers below play these
    assert data["snapshot_engines"] == [held]
    seats = [Seat("Ana", 0, "human"), Seat("Ben", 1, "human")]
    server = make_server(one_game_site)
    page = first_visit(server, persistent_context)

    # A link of the game left out, on a later visit: restored, then its bundle fetched and
    # unpacked before the app starts (from the precache), and the game plays.
    page.goto("about:blank")
    page.goto(f"{server.url}#{encode_link(make(left_out, players=2, seed=3), seats)}")
    wait_ready(page)
    assert status(page)["used"] is True, status(page)
    # (the others left out come after the board is interactive)
    others = len(data["engines"]) > 2
    assert page.evaluate("tableroBoot.engines") == ("partial" if others else "all")
    (end,) = fetched(page, data["engines"][left_out])
    assert end < mark_times(page)["tablero-app-start"]
    reveal(page)
    click(page, '[data-act="move"]')  # a draw
    assert page.locator(".arb-hand [data-hand-card]").count() >= 1

    # A link of the game in the snapshot: nothing to fetch before the start; the other
    # game's bundle comes after the board is interactive, and the start screen offers it.
    page.goto("about:blank")
    page.goto(f"{server.url}#{encode_link(make(held, players=2, seed=3), seats)}")
    wait_ready(page)
    assert status(page)["used"] is True, status(page)
    assert page.evaluate("tableroBoot.engines") == "partial"
    assert fetched(page, data["engines"][left_out]) == []
    # Before that bundle is unpacked, the game's title and blurb (which the start screen
    # and the saves list show) read from the shell's catalog: the build copies them there
    # from the game's own (buildtools/catalogs.py), and the page never read the game's.
    probe = page.evaluate(GAME_TITLE_PROBE, [data["interpreter"], left_out])
    own = folder_messages(WEB / "games" / left_out / "messages", "en")
    assert probe == {
        "unpacked": False,
        "catalog_read": False,
        "title": own[f"{left_out}.title"],
        "blurb": own[f"{left_out}.blurb"],
        "engines": "partial",
    }
    assert probe["title"] == "Arboretum"
    page.wait_for_function("tableroBoot.engines === 'all'", timeout=30_000)
    (end,) = fetched(page, data["engines"][left_out])
    assert end > mark_times(page)["tablero-interactive"]
    page.locator("details.shell-menu > summary").click()
    page.locator('.shell-menu-items [data-act="app.home"]').click()
    page.wait_for_selector(f'[data-act="app.new"][data-game="{left_out}"]', timeout=15_000)
    plays(page)
