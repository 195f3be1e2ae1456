"""No import cycles between Tablero's modules, and no hidden lazy imports.

The import graph of every module under ``pyapp/*/src/tablero/`` is built from the ASTs
(nothing is imported): an edge for each module-level import of a Tablero module, relative
ones included, ``if TYPE_CHECKING:`` blocks excluded.  Importing ``a.b.c`` also runs the
``__init__`` of ``a.b`` unless that package is already being imported (an ancestor of
the importing module), so such packages get an edge too.  A cycle fails the test, named
module by module with the line of each import.

Imports inside functions hide cycles from this graph (and cost at the first call instead
of at import), so they are refused too, except the documented lazy loading listed in
:data:`ALLOWED_LAZY` and :data:`ALLOWED_DYNAMIC` (``importlib.import_module``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Function-level ``import`` statements allowed: (importing module, imported module).
ALLOWED_LAZY: dict[tuple[str, str], str] = {
    ("tablero.web.main", "tablero.web.games"): "the game UIs are plugins, loaded per game",
    ("tablero.web.app", "tablero.bots"): (
        "the page unpacks the bots' wheel only when a bot must play on it (ImportError is handled)"
    ),
    ("tablero.web.bootglue", "tablero.web.main"): (
        "the boot loader's Python runs before the page's wheels are on sys.path (never imported)"
    ),
    ("tablero.web.remotegames", "tablero.web.remote"): (
        "the protocol of games with friends (hashlib, hmac, the deck's group) is imported when"
        " a remote game is first made or read, never on a plain visit's path"
    ),
    ("tablero.web.remotegames", "tablero.web.remote_wire"): (
        "a remote link's fields, read with the protocol's own reader, when one is opened"
    ),
}
#: Modules allowed to call ``importlib.import_module`` (the plugin loaders).
ALLOWED_DYNAMIC: dict[str, str] = {
    "tablero.core.registry": "each game's engine is imported when the game is first asked for",
    "tablero.web.games": "each game's UI plugin is imported when it is first shown",
    "tablero.bots.evaluation": "each game's optional evaluate module, when a bot needs it",
    "tablero.web.bootglue": "the split packages of the rest of the stdlib, once it is mounted",
}


@dataclass(frozen=True)
class Import:
    importer: str
    target: str
    line: int
    function: str | None  # the enclosing function, None at module level
    path: Path

    def where(self) -> str:
        inside = f" in {self.function}()" if self.function else ""
        return f"{_shown(self.path)}:{self.line}{inside}"


def _shown(path: Path) -> str:
    """``path`` from the repository root, or from its ``src`` folder when outside it."""
    if path.is_relative_to(ROOT):
        return path.relative_to(ROOT).as_posix()
    parts = path.parts
    return "/".join(parts[len(parts) - 1 - parts[::-1].index("src") :])


def find_modules(roots: Iterable[Path]) -> dict[str, tuple[Path, bool]]:
    """``module name -> (file, is_package)`` for every ``tablero/**.py`` under the source
    roots (``pyapp/*/src``)."""
    out: dict[str, tuple[Path, bool]] = {}
    for src in roots:
        for path in sorted(src.glob("tablero/**/*.py")):
            parts = path.relative_to(src).with_suffix("").parts
            is_package = parts[-1] == "__init__"
            name = ".".join(parts[:-1] if is_package else parts)
            out[name] = (path, is_package)
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


class _Collector(ast.NodeVisitor):
    def __init__(self, name: str, path: Path, is_package: bool, known: set[str]) -> None:
        self.name, self.path, self.known = name, path, known
        self.package = name if is_package else name.rpartition(".")[0]
        self.function: str | None = None
        self.imports: list[Import] = []
        self.dynamic: list[Import] = []

    def _add(self, target: str, node: ast.stmt) -> None:
        imp = Import(self.name, target, node.lineno, self.function, self.path)
        if target in self.known and target != self.name and imp not in self.imports:
            self.imports.append(imp)

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            for stmt in node.orelse:
                self.visit(stmt)
        else:
            self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        outer, self.function = self.function, self.function or node.name
        for stmt in node.body:
            self.visit(stmt)
        self.function = outer

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            parts = self.package.split(".")
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join(parts + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            self._add(sub if sub in self.known else base, node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if called == "import_module":
            self.dynamic.append(Import(self.name, "?", node.lineno, self.function, self.path))
        self.generic_visit(node)


def collect(
    modules: dict[str, tuple[Path, bool]],
) -> tuple[list[Import], list[Import]]:
    """Every import of a Tablero module by a Tablero module, and every dynamic import."""
    known = set(modules)
    imports: list[Import] = []
    dynamic: list[Import] = []
    for name, (path, is_package) in sorted(modules.items()):
        collector = _Collector(name, path, is_package, known)
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        imports += collector.imports
        dynamic += collector.dynamic
    return imports, dynamic


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def import_graph(imports: list[Import], known: set[str]) -> dict[str, dict[str, Import]]:
    """``importer -> {imported: the import statement}`` for module-level imports."""
    graph: dict[str, dict[str, Import]] = {}
    for imp in imports:
        if imp.function is not None:
            continue
        edges = graph.setdefault(imp.importer, {})
        edges.setdefault(imp.target, imp)
        running = set(_ancestors(imp.importer))  # already being imported
        for package in _ancestors(imp.target):
            if package in known and package not in running and package != imp.importer:
                edges.setdefault(package, imp)
    return graph


def find_cycles(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """One cycle (``[a, b, ..., a]``) per strongly connected group of modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def strongconnect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, {})):
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    return [_cycle_in(group, graph) for group in sorted(groups)]


def _cycle_in(group: list[str], graph: dict[str, dict[str, Import]]) -> list[str]:
    """A shortest cycle through the group's first module, staying inside the group."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph.get(v, {})):
            if w == start:
                return [*paths[v], start]
            if w in members and w not in paths:
                paths[w] = [*paths[v], w]
                todo.append(w)
    raise AssertionError(f"no cycle in the group {group}")  # cannot happen for an SCC


def describe(cycle: list[str], graph: dict[str, dict[str, Import]]) -> str:
    steps = [
        f"    {a} imports {b}  ({graph[a][b].where()})"
        for a, b in zip(cycle, cycle[1:], strict=False)
    ]
    return " -> ".join(cycle) + "\n" + "\n".join(steps)


def cycle_report(roots: Iterable[Path]) -> list[str]:
    modules = find_modules(roots)
    imports, _ = collect(modules)
    graph = import_graph(imports, set(modules))
    return [describe(c, graph) for c in find_cycles(graph)]


def lazy_report(roots: Iterable[Path]) -> tuple[list[str], list[str]]:
    """Function-level imports and dynamic imports outside the allowed lists, and the
    allowed entries that no longer match anything (to be removed from the lists)."""
    modules = find_modules(roots)
    imports, dynamic = collect(modules)
    problems, used = [], set()
    for imp in imports:
        if imp.function is None:
            continue
        key = (imp.importer, imp.target)
        if key in ALLOWED_LAZY:
            used.add(key)
        else:
            problems.append(
                f"{imp.importer} imports {imp.target} inside a function ({imp.where()})"
            )
    for imp in dynamic:
        if imp.importer in ALLOWED_DYNAMIC:
            used.add(imp.importer)
        else:
            problems.append(f"{imp.importer} calls importlib.import_module ({imp.where()})")
    stale = [str(k) for k in [*ALLOWED_LAZY, *ALLOWED_DYNAMIC] if k not in used]
    return problems, stale


SOURCE_ROOTS = sorted(ROOT.glob("pyapp/*/src"))


def test_the_modules_are_found() -> None:
    modules = find_modules(SOURCE_ROOTS)
    assert {"tablero.core", "tablero.core.registry", "tablero.arribada", "tablero.arboretum",
            "tablero.web.main", "tablero.bots"} <= set(modules)  # fmt: skip


def test_no_import_cycles() -> None:
    cycles = cycle_report(SOURCE_ROOTS)
    assert not cycles, f"{len(cycles)} import cycle(s):\n" + "\n".join(cycles)


def test_no_function_level_imports_of_tablero_modules() -> None:
    problems, stale = lazy_report(SOURCE_ROOTS)
    assert not problems, (
        f"{len(problems)} lazy import(s) outside the documented ones (import at the top of "
        "the module, or add a reasoned entry to ALLOWED_LAZY / ALLOWED_DYNAMIC):\n  "
        + "\n  ".join(problems)
    )
    assert not stale, f"allowed lazy imports that no longer exist (remove them): {stale}"


# --- the checker itself ---------------------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    src = tmp_path / "src"
    for rel, text in files.items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return src


def test_the_checker_names_a_cycle_through_relative_and_package_imports(tmp_path: Path) -> None:
    src = _tree(tmp_path, {
        "tablero/g/__init__.py": "from .state import State\n",
        "tablero/g/state.py": "from . import notation\nclass State: ...\n",
        "tablero/g/notation.py": "from tablero.g.state import State\n",
        "tablero/h/__init__.py": "",
        "tablero/h/a.py": "import tablero.h.b\n",
        "tablero/h/b.py": "from tablero.g import State\n",
    })  # fmt: skip
    [cycle] = cycle_report([src])
    assert cycle.startswith("tablero.g.notation -> tablero.g.state -> tablero.g.notation")
    assert "notation.py:1" in cycle and "state.py:1" in cycle
    # importing the package itself from inside it is a cycle too
    (src / "tablero/g/notation.py").write_text("from tablero.g import State\n")
    [cycle] = cycle_report([src])
    assert cycle.startswith("tablero.g -> tablero.g.state -> tablero.g.notation -> tablero.g")


def test_the_checker_skips_type_checking_and_reports_function_imports(tmp_path: Path) -> None:
    src = _tree(tmp_path, {
        "tablero/g/__init__.py": "",
        "tablero/g/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                          "    from .b import B\n",
        "tablero/g/b.py": "from .a import A\n\ndef f():\n    from .c import C\n",
        "tablero/g/c.py": "import importlib\nimport json\nfrom . import b\n"
                          "def g():\n    return importlib.import_module('x')\n",
    })  # fmt: skip
    assert cycle_report([src]) == []  # a -> b under TYPE_CHECKING; c -> b only in f
    problems, _ = lazy_report([src])
    assert problems == [
        "tablero.g.b imports tablero.g.c inside a function (src/tablero/g/b.py:4 in f())",
        "tablero.g.c calls importlib.import_module (src/tablero/g/c.py:5 in g())",
    ]


@pytest.mark.parametrize("entry", [*ALLOWED_LAZY, *ALLOWED_DYNAMIC], ids=str)
def test_each_allowed_lazy_import_names_real_modules(entry: object) -> None:
    modules = find_modules(SOURCE_ROOTS)
    names = entry if isinstance(entry, tuple) else (entry,)
    assert all(n in modules for n in names), entry
