"""The Pyodide memory snapshot (docs/pwa.md, "The snapshot"): which modules it imports,
which bundles fit in the heap (:func:`plan_snapshot`, pure), and the snapshot itself,
measured and made by make-snapshot.mjs."""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from buildtools.bundles import bundle_imports
from buildtools.common import NODE_RUNTIME, TOOLS, BuildError, run_node

# What the memory snapshot holds (docs/pwa.md, "The snapshot"): core and web, then the
# games in the registry's order (tablero.core.game_ids(), the order the picker offers them
# in) as long as the heap Pyodide starts with (30 MiB: a snapshot of a heap that grew past
# it does not restore, "RangeError: offset is out of bounds") keeps this much unused, as
# measured game by game at build time (plan_snapshot()); the games left out are unpacked
# and imported on demand.  The margin covers what a measurement may be off by (two runs of
# the same build differ by about 0.1 MiB).
SNAPSHOT_HEAP_MARGIN = 1 * 2**20
# The build fails if the first this many games of the registry do not fit: a snapshot
# without the most likely game would leave its import to every later visit.
SNAPSHOT_MIN_GAMES = 1
# At most this many games in the snapshot (None: as many as fit; the tests use 1).
SNAPSHOT_MAX_GAMES: int | None = None
# The bundles every snapshot holds, in this order; the others are games (page_bundles).
SNAPSHOT_BASE = ("core", "web")
# Python source whose value is the JSON list of the games in the order the snapshot wants
# them: the registry's, read in the page's own Pyodide once core is imported.
SNAPSHOT_ORDER = "import json\nfrom tablero.core import game_ids\njson.dumps(game_ids())"
# Modules never imported before the snapshot: the bots (in the worker), and any module that
# imports js/pyodide/pyscript at its top (browser glue, which may hold JS objects).
SNAPSHOT_SKIP = re.compile(r"^tablero\.bots(\.|$)|\.__main__$")
_BROWSER_IMPORT = re.compile(r"^(?:import|from)\s+(?:js|pyodide|pyscript)\b", re.MULTILINE)


# Run before the snapshot, after the imports: what the app's start() would otherwise do on
# every visit (measured: 50 of its 80 ms on a second visit): every language's catalog, read
# from the page's wheels, which are this very build's.  With the catalogs in memory the app needs
# no file to start, so after a restore the boot loader (static/boot/) unpacks the wheels
# after the board is interactive (docs/pwa.md).  Then tablero.web.warmup clicks through a
# game of each kind, headless, so the first table and clicks after a restore run as fast as
# later ones.
SNAPSHOT_WARM = """
from tablero.web.i18n import LANGUAGES, translator
for _lang in LANGUAGES:
    translator(_lang)
del _lang
from tablero.web.warmup import warm_up
warm_up()
del warm_up
import gc
gc.collect()
"""


def snapshot_imports(wheels: list[Path], skip: re.Pattern = SNAPSHOT_SKIP) -> list[str]:
    """The modules imported before the snapshot: every module of the page's wheels but
    those matched by ``skip`` or importing js/pyodide/pyscript at their top."""
    import zipfile

    names = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            for entry in zf.namelist():
                if not entry.endswith(".py") or ".dist-info/" in entry:
                    continue
                module = entry[:-3].replace("/", ".").removesuffix(".__init__")
                if skip.search(module):
                    continue
                if _BROWSER_IMPORT.search(zf.read(entry).decode("utf-8", "replace")):
                    continue
                names.append(module)
    return sorted(names)


@dataclass(frozen=True)
class SnapshotPlan:
    """What the memory snapshot holds (:func:`plan_snapshot`): ``bundles`` in the
    snapshot, in import order (core, web, then games), and ``later``, the games left out
    (unpacked and imported on demand by the page).  Heap figures in bytes: ``heap``, the
    heap Pyodide starts with; ``base``, what Pyodide alone uses of it; ``used``, what it
    uses with the snapshot's bundles (measured); ``budget``, what the snapshot may use
    (``heap`` less the margin); ``costs``, each measured bundle's share, in the order
    measured; ``reason``, why the first game left out is (empty if none is)."""

    bundles: tuple[str, ...]
    later: tuple[str, ...]
    heap: int
    base: int
    used: int
    budget: int
    costs: dict[str, int] = field(default_factory=dict)
    reason: str = ""

    @property
    def games(self) -> tuple[str, ...]:
        """The games in the snapshot, in order."""
        return tuple(b for b in self.bundles if b not in SNAPSHOT_BASE)

    def summary(self) -> str:
        """The build's lines about the heap: size, use bundle by bundle, headroom."""
        mib = 2**20
        costs = ", ".join(f"+ {name} {cost / mib:.2f}" for name, cost in self.costs.items())
        lines = [
            f"heap {self.heap / mib:.1f} MiB; in use: Pyodide {self.base / mib:.2f} MiB, "
            f"{costs} (measured one by one)",
            f"in the snapshot: {', '.join(self.bundles)}: {self.used / mib:.2f} MiB in use, "
            f"headroom {(self.heap - self.used) / mib:.2f} MiB (budget "
            f"{self.budget / mib:.2f} MiB: a margin of {(self.heap - self.budget) / mib:.2f}"
            " MiB)",
        ]
        if self.later:
            lines.append(f"on demand: {', '.join(self.later)} ({self.reason})")
        return "\n".join(lines)


def plan_snapshot(
    heap: int,
    base: int,
    steps: Sequence[tuple[str, int]],
    *,
    margin: int = SNAPSHOT_HEAP_MARGIN,
    min_games: int = SNAPSHOT_MIN_GAMES,
    max_games: int | None = SNAPSHOT_MAX_GAMES,
) -> SnapshotPlan:
    """Which bundles the memory snapshot holds, from the heap they were measured to use.

    ``heap``: the heap Pyodide starts with; ``base``: what Pyodide alone uses of it;
    ``steps``: ``(bundle, used)`` in the order measured, each bundle imported (and the app
    warmed up) on top of the ones before it, ``used`` the heap's peak use then: first the
    bundles of SNAPSHOT_BASE, then the games in the order they are wanted (the
    registry's).  The snapshot holds SNAPSHOT_BASE and the longest run of games, in that
    order, that leaves ``margin`` of the heap unused (at most ``max_games``); the others
    are left out.  A :class:`BuildError` names the bundle that does not fit when one of
    SNAPSHOT_BASE or the first ``min_games`` games does not.

    >>> p = plan_snapshot(30, 22, [("core", 23), ("web", 24), ("a", 27), ("b", 30)], margin=1)
    >>> p.bundles, p.later, p.used
    (('core', 'web', 'a'), ('b',), 27)
    """
    budget = heap - margin
    bundles: list[str] = []
    later: list[str] = []
    costs: dict[str, int] = {}
    used = previous = base
    reason = ""
    mib = 2**20
    for name, after in steps:
        costs[name] = after - previous
        previous = after
        game = name not in SNAPSHOT_BASE
        games = len(bundles) - len(SNAPSHOT_BASE) if game else 0
        if later:
            later.append(name)
            continue
        if after <= budget and not (game and max_games is not None and games >= max_games):
            bundles.append(name)
            used = after
            continue
        if after <= budget:  # a game over max_games
            reason = f"at most {max_games} game{'s' if max_games != 1 else ''} in the snapshot"
            later.append(name)
            continue
        over = (
            f"with {name} the heap would be in use up to {after / mib:.2f} MiB, over the "
            f"snapshot's budget of {budget / mib:.2f} MiB (the {heap / mib:.1f} MiB heap "
            f"Pyodide starts with, less SNAPSHOT_HEAP_MARGIN, {margin / mib:.2f} MiB: a "
            "snapshot of a grown heap does not restore)"
        )
        if not game:
            raise BuildError(
                f"the memory snapshot has no room for {name}: {over}.  "
                f"{' and '.join(SNAPSHOT_BASE)} are in every snapshot: make {name} lighter "
                "(fewer modules imported at the top, smaller tables built at import time, "
                "less kept by the warm-up in tablero.web.warmup)."
            )
        if games < min_games:
            first = steps[len(SNAPSHOT_BASE) : len(SNAPSHOT_BASE) + min_games]
            firsts = "first game" if min_games == 1 else f"first {min_games} games"
            raise BuildError(
                f"the memory snapshot has no room for the game {name}: {over}.  The "
                f"registry's {firsts} ({', '.join(n for n, _ in first)}; SNAPSHOT_MIN_GAMES "
                f"in buildtools/snapshot.py) must be in the snapshot: make {name} lighter (its "
                "engine's and its UI's imports, what tablero.web.warmup keeps of it), or put a "
                "lighter game before it in the registry (tablero.core.registry)."
            )
        reason = over
        later.append(name)
    return SnapshotPlan(
        bundles=tuple(bundles),
        later=tuple(later),
        heap=heap,
        base=base,
        used=used,
        budget=budget,
        costs=costs,
        reason=reason,
    )


def make_snapshot(
    out: Path,
    pyodide_url: str,
    stdlib_url: str,
    bundles: Mapping[str, str],
    imports: list[str],
    max_games: int | None = SNAPSHOT_MAX_GAMES,
) -> tuple[str, dict]:
    """Make the gzipped memory snapshot (buildtools/make-snapshot.mjs) into ``out/static``,
    named by the hash of everything it is made of (runtime, bundles, modules, script);
    its URL relative to the site and the script's report, with ``plan``, the
    :class:`SnapshotPlan`.  ``bundles``: the page's, ``{"core": url, "web": url, <game>:
    url}`` (page_bundles()); ``imports``: the modules to import (snapshot_imports()).

    First the heap each bundle needs is measured, bundle by bundle, the games in the
    registry's order; plan_snapshot() then picks the bundles that fit (it fails the build
    when core, web or the first game do not).  The page's standard library is mounted and
    the chosen bundles unpacked (the files a restored page has); the build fails if the
    heap grew or if the snapshot does not restore."""
    import gzip

    zips = {name: out / url for name, url in bundles.items()}
    by_bundle = bundle_imports(zips, imports)
    script = TOOLS / "make-snapshot.mjs"

    def entry(name: str) -> dict:
        return {"name": name, "zip": str(zips[name]), "imports": by_bundle[name],
                "game": name not in SNAPSHOT_BASE}  # fmt: skip

    base = [name for name in SNAPSHOT_BASE if name in zips]
    games = [name for name in zips if name not in SNAPSHOT_BASE]
    common = {"pyodide": str(out / pyodide_url), "stdlib": str(out / stdlib_url),
              "warm": SNAPSHOT_WARM}  # fmt: skip
    measure = {**common, "measure": True, "order": SNAPSHOT_ORDER,
               "bundles": [entry(name) for name in base + games]}  # fmt: skip
    doing = "measuring the heap of the Pyodide memory snapshot"
    measured = json.loads(run_node(script, measure, doing))
    plan = plan_snapshot(
        measured["heap"],
        measured["base"],
        [(s["bundle"], s["used"]) for s in measured["steps"]],
        margin=SNAPSHOT_HEAP_MARGIN,
        min_games=SNAPSHOT_MIN_GAMES,
        max_games=max_games,
    )
    print("    " + plan.summary().replace("\n", "\n    "), flush=True)
    later = list(plan.later)
    imported = [m for name in plan.bundles for m in by_bundle[name]]
    left_out = [m for name in later for m in by_bundle[name]]
    check = "\n".join(
        [
            "import sys",
            f"_missing = [m for m in {imported!r} if m not in sys.modules]",
            "assert not _missing, f'not in the snapshot: {_missing}'",
            f"_early = [m for m in {left_out!r} if m in sys.modules]",
            "assert not _early, f'left out of the snapshot, yet in it: {_early}'",
            # The games left out were unpacked after the restore, as the page does.
            "for _finder in list(sys.path_importer_cache.values()):",
            "    if hasattr(_finder, 'invalidate_caches'):",
            "        _finder.invalidate_caches()",
            # Every engine of the page sets up a game after a restore, and has its UI.
            "from tablero.core import get_game, make",
            "from tablero.web.games import get_ui",
            f"for _game in {sorted(games)!r}:",
            # at the smallest table its default options allow (Día de Playa's
            # solitaire seat count is not its default mode's)
            "    _info = get_game(_game)",
            "    for _n in range(_info.min_players, _info.max_players + 1):",
            "        try:",
            "            make(_game, players=_n, seed=1)",
            "            break",
            "        except ValueError:",
            "            continue",
            "    else:",
            "        raise AssertionError(f'{_game} sets up no game with its defaults')",
            "    get_ui(_game)",
            "from tablero.web.i18n import translator",
            "assert translator('en')('app.brand') != 'app.brand'",
        ]
    )
    with tempfile.TemporaryDirectory(prefix="tablero-snapshot-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        options = {
            **common,
            "bundles": [entry(name) for name in plan.bundles],
            "later": [str(zips[name]) for name in later],
            "check": check,
            "out": str(raw),
        }
        report = json.loads(run_node(script, options, "making the Pyodide memory snapshot"))
        if report["used"] > plan.budget:
            raise BuildError(
                f"the memory snapshot uses {report['used'] / 2**20:.2f} MiB of the heap, over "
                f"its budget of {plan.budget / 2**20:.2f} MiB, though its bundles were "
                f"measured at {plan.used / 2**20:.2f} MiB: raise SNAPSHOT_HEAP_MARGIN in "
                f"buildtools/snapshot.py, or make {plan.bundles[-1]} lighter."
            )
        inputs = hashlib.sha256()
        for part in (pyodide_url, stdlib_url, *(bundles[name] for name in plan.bundles),
                     *later, *imported, SNAPSHOT_WARM, script.read_text(encoding="utf-8"),
                     NODE_RUNTIME.read_text(encoding="utf-8")):  # fmt: skip
            inputs.update(part.encode() + b"\0")
        url = f"static/snapshot.{inputs.hexdigest()[:12]}.gz"
        (out / "static").mkdir(parents=True, exist_ok=True)
        (out / url).write_bytes(gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0))
    report["modules_imported"] = len(imported)
    report["gzipped"] = (out / url).stat().st_size
    report["plan"] = plan
    report["measured"] = measured
    return url, report
