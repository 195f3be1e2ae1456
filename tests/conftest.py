"""The whole suite's set-up: the message catalogs compiled (PO -> MO), as the app reads
them, whichever way pytest is started (build.py test compiles them too)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config) -> None:
    spec = importlib.util.spec_from_file_location("tablero_catalogs", ROOT / "static/catalogs.py")
    assert spec is not None and spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    catalogs.compile_all()
