"""What the memory snapshot holds (build.plan_snapshot; docs/pwa.md, "The snapshot"): core
and web, then the games in the registry's order while the heap keeps its margin free; the
others on demand; a clear build error when core, web or the first game do not fit."""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

MiB = 2**20
HEAP = 30 * MiB
BASE = 22 * MiB


def steps(*costs: tuple[str, float]) -> list[tuple[str, int]]:
    """(bundle, heap in use after it), from each bundle's cost in MiB."""
    used = BASE
    out = []
    for name, cost in costs:
        used += int(cost * MiB)
        out.append((name, used))
    return out


FOUR = steps(("core", 0.1), ("web", 0.7), ("arribada", 0.9), ("arboretum", 0.3),
             ("arraial", 1.0), ("dia_de_playa", 1.0))  # fmt: skip


def test_every_game_that_fits_is_in_the_snapshot() -> None:
    plan = build.plan_snapshot(HEAP, BASE, FOUR, margin=1 * MiB)
    assert plan.bundles == ("core", "web", "arribada", "arboretum", "arraial", "dia_de_playa")
    assert plan.games == ("arribada", "arboretum", "arraial", "dia_de_playa")
    assert plan.later == () and plan.reason == ""
    assert plan.used == FOUR[-1][1] and plan.budget == 29 * MiB
    assert plan.costs == {name: int(c * MiB) for name, c in
                          [("core", .1), ("web", .7), ("arribada", .9), ("arboretum", .3),
                           ("arraial", 1.0), ("dia_de_playa", 1.0)]}  # fmt: skip
    text = plan.summary()
    assert "heap 30.0 MiB" in text and "Pyodide 22.00 MiB" in text and "+ web 0.70" in text
    assert "headroom 4.00 MiB" in text and "on demand" not in text


def test_the_games_after_the_first_that_does_not_fit_are_left_out_in_order() -> None:
    # arraial would bring the heap to 29.5 MiB: over 30 - 1; dia_de_playa is then out too,
    # though it alone would fit (the registry's order is the priority).
    heavy = steps(("core", 0.1), ("web", 0.7), ("arribada", 0.9), ("arboretum", 0.3),
                  ("arraial", 5.5), ("dia_de_playa", 0.1))  # fmt: skip
    plan = build.plan_snapshot(HEAP, BASE, heavy, margin=1 * MiB)
    assert plan.bundles == ("core", "web", "arribada", "arboretum")
    assert plan.later == ("arraial", "dia_de_playa")
    assert plan.used == heavy[3][1]
    assert "arraial" in plan.reason and "29.50 MiB" in plan.reason
    assert "on demand: arraial, dia_de_playa" in plan.summary()


def test_the_margin_is_kept_free() -> None:
    exact = [("core", 23 * MiB), ("web", 24 * MiB), ("a", 28 * MiB), ("b", 28 * MiB + 1)]
    plan = build.plan_snapshot(HEAP, BASE, exact, margin=2 * MiB)
    assert plan.bundles == ("core", "web", "a") and plan.later == ("b",)
    # A byte more of margin leaves "a" out too; a game that grew the heap never fits.
    wider = build.plan_snapshot(HEAP, BASE, exact, margin=2 * MiB + 1, min_games=0)
    assert wider.later == ("a", "b") and wider.used == 24 * MiB
    grown = [("core", 23 * MiB), ("web", 24 * MiB), ("a", 25 * MiB), ("b", 31 * MiB)]
    assert build.plan_snapshot(HEAP, BASE, grown, margin=0).later == ("b",)


def test_at_most_max_games() -> None:
    plan = build.plan_snapshot(HEAP, BASE, FOUR, margin=1 * MiB, max_games=1)
    assert plan.bundles == ("core", "web", "arribada")
    assert plan.later == ("arboretum", "arraial", "dia_de_playa")
    assert plan.reason == "at most 1 game in the snapshot"
    assert build.plan_snapshot(HEAP, BASE, FOUR, max_games=0, min_games=0).games == ()


def test_the_build_fails_when_web_does_not_fit() -> None:
    fat = steps(("core", 0.1), ("web", 7.5), ("arribada", 0.9))
    with pytest.raises(build.BuildError) as failure:
        build.plan_snapshot(HEAP, BASE, fat, margin=1 * MiB)
    message = str(failure.value)
    assert message.startswith("the memory snapshot has no room for web: ")
    assert "29.60 MiB" in message and "budget of 29.00 MiB" in message
    assert "SNAPSHOT_HEAP_MARGIN" in message and "make web lighter" in message


def test_the_build_fails_when_the_first_game_does_not_fit() -> None:
    fat = steps(("core", 0.1), ("web", 0.7), ("arribada", 6.5), ("arboretum", 0.3))
    with pytest.raises(build.BuildError) as failure:
        build.plan_snapshot(HEAP, BASE, fat, margin=1 * MiB)
    message = str(failure.value)
    assert message.startswith("the memory snapshot has no room for the game arribada: ")
    assert "SNAPSHOT_MIN_GAMES" in message and "tablero.core.registry" in message
    assert "make arribada lighter" in message
    # Not a required game: left out instead.
    plan = build.plan_snapshot(HEAP, BASE, fat, margin=1 * MiB, min_games=0)
    assert plan.games == () and plan.later == ("arribada", "arboretum")


def test_modules_go_with_the_bundle_that_holds_them(tmp_path: Path) -> None:
    def bundle(name: str, *files: str) -> Path:
        path = tmp_path / f"{name}.zip"
        with zipfile.ZipFile(path, "w") as zf:
            for file in files:
                zf.writestr(file, b"")
        return path

    zips = {
        "core": bundle("core", "tablero/core/__init__.pyc", "tablero/core/rng.pyc"),
        "web": bundle("web", "tablero/web/__init__.pyc", "tablero/web/messages/en.mo"),
        "nim": bundle(
            "nim",
            "tablero/nim/__init__.pyc",
            "tablero/web/games/nim/__init__.pyc",
            "tablero/web/games/nim/table.pyc",
        ),
    }
    imports = ["tablero.core", "tablero.core.rng", "tablero.nim", "tablero.web",
               "tablero.web.games.nim", "tablero.web.games.nim.table"]  # fmt: skip
    assert build.bundle_imports(zips, imports) == {
        "core": ["tablero.core", "tablero.core.rng"],
        "web": ["tablero.web"],
        "nim": ["tablero.nim", "tablero.web.games.nim", "tablero.web.games.nim.table"],
    }
    with pytest.raises(build.BuildError, match="tablero.lost"):
        build.bundle_imports(zips, [*imports, "tablero.lost"])


def test_the_snapshot_orders_the_games_as_the_registry() -> None:
    from tablero.core import game_ids

    namespace: dict = {}
    *body, last = build.SNAPSHOT_ORDER.split("\n")
    exec("\n".join(body), namespace)
    assert json.loads(eval(last, namespace)) == game_ids()
