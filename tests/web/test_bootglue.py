"""tablero.web.bootglue: the boot loader's Python (static/boot/, docs/pwa.md "Booting"), in
CPython.  The page never imports it: the build puts its source in the boot script, which
runs it into a namespace of its own and calls its functions by name; checked here too."""

from __future__ import annotations

import ast
import importlib
import json
import os
import re
import sys
import types
import zipfile
from pathlib import Path

import pytest
from tablero.web import bootglue

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import buildtools.page  # noqa: E402


@pytest.fixture
def clean_path(monkeypatch):
    """sys.path, sys.path_importer_cache and sys.modules as they were after the test."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "path_importer_cache", dict(sys.path_importer_cache))
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith("bootglue_probe"):
            del sys.modules[name]


def test_forget_listings_makes_a_module_written_since_importable(tmp_path, clean_path):
    sys.path.insert(0, str(tmp_path))
    # The path finder lists the folder (the import fails), then a module is written into
    # it without the folder's time changing (as in the page's file system, where the
    # wheels are unpacked within the same tick): the finder's listing does not show it.
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("bootglue_probe_listed")
    stat = tmp_path.stat()
    (tmp_path / "bootglue_probe_listed.py").write_text("VALUE = 7\n")
    os.utime(tmp_path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("bootglue_probe_listed")
    bootglue.forget_listings()
    assert importlib.import_module("bootglue_probe_listed").VALUE == 7


def test_mount_extra_appends_the_zip_and_completes_a_split_package(tmp_path, clean_path):
    (tmp_path / "bootglue_probe_pkg").mkdir()
    (tmp_path / "bootglue_probe_pkg" / "__init__.py").write_text("")
    (tmp_path / "bootglue_probe_pkg" / "first.py").write_text("WHERE = 'first'\n")
    extra = tmp_path / "extra.zip"
    with zipfile.ZipFile(extra, "w") as zf:
        zf.writestr("bootglue_probe_pkg/second.py", "WHERE = 'second'\n")
        zf.writestr("bootglue_probe_alone.py", "WHERE = 'alone'\n")
    sys.path.insert(0, str(tmp_path))
    package = importlib.import_module("bootglue_probe_pkg")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("bootglue_probe_pkg.second")
    for _ in range(2):  # a second call adds nothing
        bootglue.mount_extra(str(extra), ["bootglue_probe_pkg"])
    assert sys.path[-1] == str(extra) and sys.path.count(str(extra)) == 1
    assert list(package.__path__) == [
        str(tmp_path / "bootglue_probe_pkg"),
        f"{extra}/bootglue_probe_pkg",
    ]
    assert importlib.import_module("bootglue_probe_pkg.first").WHERE == "first"
    assert importlib.import_module("bootglue_probe_pkg.second").WHERE == "second"
    assert importlib.import_module("bootglue_probe_alone").WHERE == "alone"


def test_start_app_reports_a_failed_import_with_its_traceback(monkeypatch):
    # None in sys.modules: importing tablero.web.main raises (ModuleNotFoundError).
    monkeypatch.setitem(sys.modules, "tablero.web.main", None)
    reports: list[str] = []
    bootglue.start_app(reports.append)
    (report,) = reports
    assert report.startswith("Traceback (most recent call last):")
    assert "in start_app" in report
    assert (
        report.rstrip()
        .splitlines()[-1]
        .startswith("ModuleNotFoundError: import of tablero.web.main")
    )


def test_start_app_starts_the_app_and_reports_what_start_raises(monkeypatch):
    main = types.ModuleType("tablero.web.main")
    calls: list[str] = []
    main.start = lambda: calls.append("start")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tablero.web.main", main)
    reports: list[str] = []
    bootglue.start_app(reports.append)
    assert calls == ["start"] and reports == []

    def broken() -> None:
        raise KeyError("no table")

    main.start = broken  # type: ignore[attr-defined]
    bootglue.start_app(reports.append)
    (report,) = reports
    assert "in broken" in report and report.rstrip().endswith("KeyError: 'no table'")


def test_boot_engines_and_engines_ready_call_the_app(monkeypatch):
    main = types.ModuleType("tablero.web.main")
    calls: list[str] = []
    main.boot_engines = lambda: "arribada,arraial"  # type: ignore[attr-defined]
    main.engines_ready = lambda: calls.append("ready")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tablero.web.main", main)
    assert bootglue.boot_engines() == "arribada,arraial"
    bootglue.engines_ready()
    assert calls == ["ready"]


def test_imports_only_the_standard_library_at_its_top_and_never_the_browser():
    """Its source runs before the page's wheels are importable, and it is no browser glue:
    the browser's modules come as arguments (tablero.web.main is imported in functions
    that run once the wheels are on sys.path)."""
    tree = ast.parse(Path(bootglue.__file__).read_text(encoding="utf-8"))
    top = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in tree.body
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    assert top == {"__future__", "sys", "collections.abc"}
    every = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }
    assert not {name.split(".")[0] for name in every} & {"js", "pyodide", "pyscript"}


def test_the_boot_script_holds_its_source_and_calls_only_its_functions():
    script = buildtools.page.boot_script()
    source = Path(bootglue.__file__).read_text(encoding="utf-8")
    assert f"const BOOT_GLUE = {json.dumps(source)};" in script
    assert "__BOOT_GLUE__" not in script
    called = set(re.findall(r'\bglue\(py, "(\w+)"', script))
    assert called == {
        "forget_listings",
        "boot_engines",
        "engines_ready",
        "start_app",
        "stop_app",
        "mount_extra",
    }
    assert all(callable(getattr(bootglue, name)) for name in called)
    # The boot runs no Python of its own but the namespace it runs the glue into.
    assert re.findall(r"runPython\(([^,)]*)", script) == ['"{}"', "BOOT_GLUE"]
