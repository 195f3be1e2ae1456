"""The whole suite's set-up: the message catalogs compiled (PO -> MO), as the app reads
them, whichever way pytest is started (once per run: by the main process under
pytest-xdist, before its workers start); the browser tests run after the others, and
under xdist the site they drive is built in the background meanwhile
(tests/site_build.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config) -> None:
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the main process compiled them before starting it
    spec = importlib.util.spec_from_file_location("tablero_catalogs", ROOT / "static/catalogs.py")
    assert spec is not None and spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    catalogs.compile_all()


def pytest_collection_modifyitems(session, config, items) -> None:
    """The browser tests last (stable order otherwise), so that under xdist the shared
    site build overlaps the other tests; it starts here, in the first worker that
    collected a browser test."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
    if any(item.get_closest_marker("browser") for item in items):
        from site_build import start_shared_site

        start_shared_site(session.config._tmp_path_factory)
