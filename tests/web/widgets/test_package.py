"""The widgets as a package (tablero.web.widgets): every widget module's public names are
the package's too, and the imports go one way (a widget may use another widget, never the
screens, the views or the controller)."""

from __future__ import annotations

import ast
import importlib
import pkgutil

import pytest
from tablero.web import widgets

MODULES = sorted(m.name for m in pkgutil.iter_modules(widgets.__path__))


def test_the_widget_modules() -> None:
    assert MODULES == [
        "chart",
        "clicks",
        "end",
        "layout",
        "log",
        "motion",
        "moves",
        "news",
        "seats",
        "status",
        "zoom",
    ]


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_of_a_widget_module_is_the_packages(name: str) -> None:
    module = importlib.import_module(f"tablero.web.widgets.{name}")
    assert module.__all__, name
    for public in module.__all__:
        assert getattr(widgets, public) is getattr(module, public), (name, public)
        assert public in widgets.__all__, (name, public)


@pytest.mark.parametrize("name", MODULES)
def test_a_widget_imports_no_screen_view_or_controller(name: str) -> None:
    module = importlib.import_module(f"tablero.web.widgets.{name}")
    tree = ast.parse(open(module.__file__ or "", encoding="utf-8").read())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
    allowed = {"..i18n", "..marks", "..plugin", "..svg", "tablero.core"}
    inside = {i for i in imported if i.startswith(".") and not i.startswith("..")}
    outside = {i for i in imported if i.startswith("..") or i.startswith("tablero")}
    assert outside <= allowed, (name, sorted(outside - allowed))
    assert all(i[1:] in MODULES for i in inside), (name, sorted(inside))
