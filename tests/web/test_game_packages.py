"""One package per game's UI: ``tablero/web/games/<game>/`` with its modules and its
catalogs, bundled with the game's engine by the directory's name (a game id may hold
``_``), its stylesheet scoped to its own markup, its catalog joining the app's when the
package arrives after the first screen (engines on demand)."""

from __future__ import annotations

import importlib
import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.catalog_files import catalogs, folder_messages
from support.ui_helpers import GAMES, LANGS, parse
from tablero.core import make
from tablero.web import i18n
from tablero.web.games import get_ui
from tablero.web.plugin import Seat, Selection

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = sorted(p.parent.name for p in GAMES.glob("*/__init__.py"))
MODULES = ("__init__", "table", "look", "log", "end", "rules", "style")
SEATS = [Seat("Ana", 0), Seat("Ben", 1)]


@pytest.fixture(scope="module")
def build():
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    return build


# --- the layout ------------------------------------------------------------------------


def test_every_game_has_its_package_and_nothing_is_left_flat():
    assert {"arribada", "arboretum"} <= set(PACKAGES)
    # games/ itself holds the loader and the game-neutral helpers only
    assert sorted(p.name for p in GAMES.glob("*.py")) == ["__init__.py", "rules_help.py"]
    assert not list(GAMES.parent.joinpath("messages").glob("*.*.json"))
    for game in PACKAGES:
        for module in MODULES:
            assert (GAMES / game / f"{module}.py").is_file(), (game, module)
        sources = sorted(p.name for p in (GAMES / game / "messages").glob("*.po*"))
        assert sources == ["es.po", "ja.po", "messages.pot", "nl.po"], game
        assert get_ui(game).game_id == game
        assert get_ui(game) is importlib.import_module(f"tablero.web.games.{game}").UI


def test_a_games_catalog_holds_its_own_namespace_only():
    for game in PACKAGES:
        for lang in LANGS:
            keys = folder_messages(GAMES / game / "messages", lang)
            assert keys and all(key.startswith(f"{game}.") for key in keys), (game, lang)


# --- the stylesheets -------------------------------------------------------------------


def css_selectors(css: str) -> Iterator[str]:
    """Every selector of every style rule of ``css`` (inside ``@media`` too; the keyframe
    selectors of ``@keyframes`` are not selectors of elements)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    i, blocks = 0, []  # the open at-rules holding rules
    while i < len(css):
        if css[i].isspace():
            i += 1
        elif css[i] == "}":
            blocks.pop()
            i += 1
        else:
            j = css.index("{", i)
            prelude = css[i:j].strip()
            if prelude.startswith("@media") or prelude.startswith("@supports"):
                blocks.append(prelude)
                i = j + 1
                continue
            depth, i = 1, j + 1  # skip the block (declarations, or a @keyframes' frames)
            while depth:
                depth += {"{": 1, "}": -1}.get(css[i], 0)
                i += 1
            if not prelude.startswith("@"):
                yield from (part.strip() for part in prelude.split(","))
    assert not blocks, "unbalanced braces"


def test_css_selectors_reads_rules_media_and_keyframes():
    css = "a,b .c{x:y}@media (w){ d{e:f} }@keyframes k{from{o:0}to{o:1}}/* g{} */h{}"
    assert list(css_selectors(css)) == ["a", "b .c", "d", "h"]


@pytest.mark.parametrize("game", PACKAGES)
def test_every_rule_of_a_games_stylesheet_is_scoped_to_its_markup(game):
    css = importlib.import_module(f"tablero.web.games.{game}.style").CSS
    scope = f'[data-game="{game}"]'
    selectors = list(css_selectors(css))
    assert len(selectors) > 50
    for selector in selectors:
        assert selector.startswith(scope), selector
        rest = selector.removeprefix(scope)
        assert rest[:1] in (" ", ".", ":", "["), selector  # the element itself or inside


@pytest.mark.parametrize("game", PACKAGES)
def test_the_markup_a_stylesheet_comes_with_carries_the_scope(game):
    """The table, the end screen and the rules help each ship the stylesheet and carry
    ``data-game`` on their root, so every rule can apply."""
    ui = get_ui(game)
    style = importlib.import_module(f"tablero.web.games.{game}.style")
    t = i18n.translator("en")
    state = make(game, players=2, seed=4)
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
    for html in (
        ui.render_table(make(game, players=2, seed=4).view(0), SEATS, Selection(), t),
        ui.render_end(state, SEATS, t),
        ui.rules_html(t),
    ):
        (root,) = list(parse(html))
        assert root.get("data-game") == game
        assert style.style_tag() in html


# --- the catalogs ----------------------------------------------------------------------


@pytest.fixture
def fresh_catalogs(monkeypatch, tmp_path):
    """The catalogs read afresh from a copy of the games' folder (``tmp_path/games``),
    as the page has them: a game's package is there only once its bundle is unpacked."""
    games = tmp_path / "games"
    games.mkdir()
    monkeypatch.setattr(i18n, "_GAMES", games)
    monkeypatch.setattr(i18n, "_LOADED", {})
    monkeypatch.setattr(i18n, "_TRANSLATORS", {})
    return games


def unpack(games: Path, game: str) -> None:
    """A game's UI package as its wheel has it: the compiled catalogs, no PO sources."""
    shutil.copytree(GAMES / game / "messages", games / game / "messages",
                    ignore=shutil.ignore_patterns("*.po", "*.pot"))  # fmt: skip
    (games / game / "__init__.py").write_text("")


def test_a_games_catalog_joins_when_its_package_arrives(fresh_catalogs):
    """Engines on demand: the first screen's game only is on the page when the catalogs
    are first read; another game's texts are there as soon as its package is."""
    unpack(fresh_catalogs, "arribada")
    ja, en = i18n.translator("ja"), i18n.translator("en")
    assert ja("arribada.rack.title") == "あなたのラック"
    assert ja("app.home.title") != "app.home.title"
    assert ja("arboretum.hand.title") == "arboretum.hand.title"  # not there yet
    assert not i18n.Catalog.load("en").has("arboretum.hand.title")
    unpack(fresh_catalogs, "arboretum")
    texts = {lang: folder_messages(GAMES / "arboretum/messages", lang) for lang in LANGS}
    assert ja("arboretum.hand.title") == texts["ja"]["arboretum.hand.title"]
    assert en("arboretum.hand.title") == texts["en"]["arboretum.hand.title"]
    assert ja("arboretum.no-such-key") == "arboretum.no-such-key"
    # a language read later reads every package there
    assert i18n.translator("nl")("arboretum.hand.title") == texts["nl"]["arboretum.hand.title"]


def test_a_source_tree_without_compiled_catalogs_says_how_to_compile(fresh_catalogs):
    shutil.copytree(GAMES / "arribada" / "messages", fresh_catalogs / "arribada" / "messages",
                    ignore=shutil.ignore_patterns("*.mo"))  # fmt: skip
    with pytest.raises(RuntimeError, match=r"build.py catalogs"):
        i18n.translator("es")


def test_a_games_catalog_may_not_define_another_namespace(tmp_path):
    folder = tmp_path / "games" / "arribada" / "messages"
    shutil.copytree(GAMES / "arribada" / "messages", folder)
    pot = folder / "messages.pot"
    pot.write_text(
        pot.read_text("utf-8") + '\nmsgctxt "app.home.title"\nmsgid "x"\nmsgstr ""\n', "utf-8"
    )
    with pytest.raises(ValueError, match=r"app.home.title is not a key of arribada"):
        catalogs.compile_folder(folder)


def test_the_sites_catalogs_are_the_boot_loaders_strings(build, tmp_path):
    """dist/i18n holds the boot loader's strings only: the app's catalogs are in its
    wheel (compiled), so a first visit downloads nothing twice."""
    boot = build.write_catalogs(tmp_path)
    for lang in LANGS:
        written = json.loads((tmp_path / "i18n" / f"{lang}.json").read_text("utf-8"))
        assert written == boot[lang] and all(key.startswith("boot.") for key in written)


# --- the bundles -----------------------------------------------------------------------


def wheel(dist: str, *files: str) -> tuple[str, dict[str, bytes]]:
    name = dist.replace("-", "_")
    url = f"wheels/0123/{name}-0.1.0-py3-none-any.whl"
    contents = {f: f.encode() for f in files}
    contents[f"{name}-0.1.0.dist-info/METADATA"] = b"Name: " + dist.encode()
    return url, contents


def test_the_bundles_take_a_games_ui_package_by_its_folders_name(build):
    """A game id holding ``_`` (the test game ``tiny_nim``), next to a game whose id is
    its first part (``tiny``): each UI package goes with its own engine."""
    ui = "tablero/web/games/"
    wheels = dict(
        [
            wheel("tablero-core", "tablero/core/__init__.py", "tablero/core/rng.py"),
            wheel(
                "tablero-web",
                "tablero/web/__init__.py",
                "tablero/web/i18n.py",
                "tablero/web/messages/en.mo",
                f"{ui}__init__.py",
                f"{ui}rules_help.py",
                f"{ui}tiny_nim/__init__.py",
                f"{ui}tiny_nim/table.py",
                f"{ui}tiny_nim/messages/en.mo",
                f"{ui}tiny/__init__.py",
                f"{ui}tiny/style.py",
                f"{ui}tiny/messages/en.mo",
                f"{ui}chess/__init__.py",  # a UI package whose engine the page has not
            ),
            wheel("tablero-tiny-nim", "tablero/tiny_nim/__init__.py", "tablero/tiny_nim/state.py"),
            wheel("tablero-tiny", "tablero/tiny/__init__.py"),
        ]
    )
    bundles = build.bundle_contents(wheels)
    assert {name: sorted(files) for name, files in bundles.items()} == {
        "core": ["tablero/core/__init__.py", "tablero/core/rng.py"],
        "web": [
            "tablero/web/__init__.py",
            f"{ui}__init__.py",
            f"{ui}chess/__init__.py",
            f"{ui}rules_help.py",
            "tablero/web/i18n.py",
            "tablero/web/messages/en.mo",
        ],
        "tiny_nim": [
            "tablero/tiny_nim/__init__.py",
            "tablero/tiny_nim/state.py",
            f"{ui}tiny_nim/__init__.py",
            f"{ui}tiny_nim/messages/en.mo",
            f"{ui}tiny_nim/table.py",
        ],
        "tiny": [
            "tablero/tiny/__init__.py",
            f"{ui}tiny/__init__.py",
            f"{ui}tiny/messages/en.mo",
            f"{ui}tiny/style.py",
        ],
    }
    assert bundles["tiny_nim"][f"{ui}tiny_nim/table.py"] == f"{ui}tiny_nim/table.py".encode()
    with pytest.raises(build.BuildError, match="one package"):
        build.bundle_contents(dict([wheel("tablero-odd", "tablero/a/x.py", "tablero/b/y.py")]))


def test_the_page_unpacks_the_engines_of_the_games_with_a_ui_package(build, tmp_path):
    for game in ("tiny_nim", "arribada"):
        (tmp_path / game).mkdir()
        (tmp_path / game / "__init__.py").write_text("")
    (tmp_path / "rules_help.py").write_text("")
    (tmp_path / "tiny").mkdir()  # no __init__.py: not a UI package
    urls = [
        wheel(dist)[0]
        for dist in ("tablero-core", "tablero-web", "tablero-tiny-nim", "tablero-tiny",
                     "tablero-arribada", "tablero-arboretum", "tablero-bots", "tablero-cli")
    ]  # fmt: skip
    assert build.ui_games(tmp_path) == ["arribada", "tiny_nim"]
    assert [Path(u).name.split("-")[0] for u in build.page_wheels(urls, tmp_path)] == [
        "tablero_core",
        "tablero_web",
        "tablero_tiny_nim",
        "tablero_arribada",
    ]
    # the real tree: both games
    assert {"arribada", "arboretum"} <= set(build.ui_games())
