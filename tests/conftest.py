"""The whole suite's set-up: the message catalogs compiled (PO -> MO), as the app reads
them, whichever way pytest is started (once per run: by the main process under
pytest-xdist, before its workers start); the browser tests run after the others, and
under xdist the site they drive is built in the background meanwhile
(tests/support/site_build.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config) -> None:
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the main process compiled them before starting it
    spec = importlib.util.spec_from_file_location(
        "tablero_catalogs", ROOT / "buildtools/catalogs.py"
    )
    assert spec is not None and spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    catalogs.compile_all()


#: The browser test modules whose tests cost the most, dearest first (the core-seconds of
#: a test in each, measured one by one: docs/testing.md, "Next"); test_table_layout runs
#: on one worker as a whole (its xdist_group), so it goes first.  Handing the long ones
#: out first lets the two workers end together instead of one of them finishing a whole
#: game alone at the end.  The modules not named follow in their usual order.
DEAREST_FIRST = (
    "test_table_layout.py", "test_remote_play.py", "test_diadeplaya_challenge.py",
    "test_fuzz_open.py",
    "test_update_deploy.py", "test_snapshot.py", "test_keyboard.py", "test_app_flows.py",
    "test_arboretum_play.py", "test_bots_play.py", "test_boot.py", "test_arraial_play.py",
    "test_stdlib.py", "test_untranslated.py", "test_tutorial_play.py", "test_hostile_text.py",
    "test_storage_faults.py",
)  # fmt: skip


def _order(item) -> tuple[bool, int]:
    if item.get_closest_marker("browser") is None:
        return False, 0
    name = item.path.name
    return True, DEAREST_FIRST.index(name) if name in DEAREST_FIRST else len(DEAREST_FIRST)


def pytest_collection_modifyitems(session, config, items) -> None:
    """The browser tests last (stable order otherwise), so that under xdist the shared
    site build overlaps the other tests; it starts here, in the first worker that
    collected a browser test.  Among them the dearest modules first
    (:data:`DEAREST_FIRST`)."""
    items.sort(key=_order)
    if config.option.collectonly:  # nothing runs: no site to build
        return
    if any(item.get_closest_marker("browser") for item in items):
        from support.site_build import start_shared_site

        start_shared_site(session.config._tmp_path_factory)
