"""The layers of the test suite (docs/testing.md, "Layers"): every test module lives in a
layer's folder, and every game has the same test modules as every other.

* ``tests/games/<game>/``: one folder for each game of ``tablero.core.game_ids()``, each
  holding exactly the modules of :data:`GAME_MODULES`, each of them with tests;
* ``tests/platform/`` (core, registry, formats, bots, command line, conformance, golden
  replays, compatibility fixtures), ``tests/web/`` (the web layer's tests that are not
  one game's), ``tests/browser/`` (the built site in Chromium);
* ``tests/support/``: helpers, no tests;
* at the top of ``tests/`` no test module but this one.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest
from tablero.core import game_ids

TESTS = Path(__file__).resolve().parent

#: The test modules of every game's folder, one per layer of the game.
GAME_MODULES = frozenset(
    {
        "test_rules.py",  # the rulebook's rules, one class per section of the rulebook
        "test_rulings.py",  # Tablero's rulings, each shown by play (docs/rulings/<game>.md)
        "test_scoring.py",  # the scoring, case by case
        "test_notation.py",  # positions and moves read, written back, and refused by line
        "test_perft.py",  # legal-move counts, by hand and from fixtures/perft.json
        "test_properties.py",  # invariants over seeded random games, views, round trips
        "test_preview.py",  # what the table previews for a chosen move
        "test_evaluation.py",  # the bots' strategy (evaluate.py) and its hooks
        "test_ui.py",  # the game's UI package (tablero.web.games.<game>), without a browser
        "test_chance.py",  # its chance steps: what each could give, followed from views
    }
)
LAYERS = ("games", "platform", "web", "browser", "support")


def test_at_the_top_of_tests_only_the_layer_check_and_the_layer_folders() -> None:
    assert sorted(p.name for p in TESTS.glob("test_*.py")) == ["test_layers.py"]
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
    assert folders - {"output"} == set(LAYERS)
    assert not list((TESTS / "support").rglob("test_*.py")), "helpers only in tests/support"
    assert not list((TESTS / "games").glob("test_*.py")), "a game's tests go in its folder"


def test_every_game_has_a_folder_and_every_folder_is_a_game() -> None:
    folders = {p.name for p in (TESTS / "games").iterdir() if (p / "__init__.py").is_file()}
    assert folders == set(game_ids())


@pytest.mark.parametrize("game", game_ids())
def test_every_game_folder_has_the_same_test_modules(game: str) -> None:
    folder = TESTS / "games" / game
    assert (folder / "__init__.py").is_file(), f"{folder} is not a package"
    names = {p.name for p in folder.glob("test_*.py")}
    assert names == GAME_MODULES, (
        f"tests/games/{game}: missing {sorted(GAME_MODULES - names)}, "
        f"not a layer {sorted(names - GAME_MODULES)}"
    )


def collected_from(module: ModuleType) -> int:
    """How many tests pytest collects from ``module``: its ``test_*`` functions and the
    ``test_*`` methods of its ``Test*`` classes, each as many times as it is
    parametrized."""

    def cases(func: object) -> int:
        n = 1
        for mark in getattr(func, "pytestmark", []):
            if mark.name == "parametrize":
                n *= len(mark.args[1])
        return n

    count = 0
    for name, obj in vars(module).items():
        if name.startswith("test_") and callable(obj):
            count += cases(obj)
        elif name.startswith("Test") and isinstance(obj, type):
            count += sum(
                cases(method)
                for attr, method in vars(obj).items()
                if attr.startswith("test_") and callable(method)
            )
    return count


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("module", sorted(GAME_MODULES))
def test_every_game_module_has_tests(game: str, module: str) -> None:
    path = TESTS / "games" / game / module
    if not path.is_file():
        pytest.fail(f"tests/games/{game}/{module} is missing")
    loaded = importlib.import_module(f"games.{game}.{path.stem}")
    assert Path(loaded.__file__ or "").resolve() == path
    assert collected_from(loaded) > 0, f"tests/games/{game}/{module} has no test"
