#!/usr/bin/env python3
"""Tablero's task runner (standard library only).

    python3 build.py test [PYTEST ARGS...]   set up, run ruff, mypy and the whole test suite
    python3 build.py wheels [--out DIR]      build one wheel per distribution under pyapp/
    python3 build.py site [--out DIR]        build the static site (PWA) into dist/
    python3 build.py serve [--port N]        build the site into dist/ and serve it locally
    python3 build.py icons                   redraw static/icons/icon-{192,512}.png

``test`` needs only python3 (with pip) and Node.js/npm on the machine: it installs uv
(pinned), the Python environment (``uv sync --frozen`` from uv.lock into .venv), the
npm packages (``npm ci`` from package-lock.json) and Chromium for the browser tests
(apt-get, as root), runs the checks (``ruff check``, ``ruff format --check``, ``mypy``;
configured in pyproject.toml), then pytest; it fails if any of them does.  The site
build is described in docs/pwa.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

# The steps live in buildtools/, one module a job (docs/architecture.md, "The build"); the
# names the tests, the benchmarks and the docs use are kept here, as build.NAME.
from buildtools.bundles import (
    bundle_contents,
    bundle_imports,
    page_bundles,
    page_wheels,
    ui_games,
)
from buildtools.common import (
    DEFAULT_WHEEL_DIR,
    DIST,
    ROOT,
    STATIC,
    TOOLS,
    BuildError,
    _sha,
    run_node,
    step,
)
from buildtools.csp import CSP_PLACEHOLDER, content_security_policy, inline_script_hashes
from buildtools.page import (
    _boot_json,
    _render_template,
    boot_messages,
    stamp_page,
    strip_css_comments,
    strip_js_comments,
    write_catalogs,
)
from buildtools.record import BUILD_RECORD, SiteFiles
from buildtools.serve import SiteHandler, cmd_serve
from buildtools.serviceworker import generate_service_worker
from buildtools.site import (
    _empty,
    build_files,
    build_site,
    resnapshot_site,
    restamp_site,
    snapshot_step,
    stamp_step,
)
from buildtools.snapshot import (
    SNAPSHOT_BASE,
    SNAPSHOT_HEAP_MARGIN,
    SNAPSHOT_MAX_GAMES,
    SNAPSHOT_MIN_GAMES,
    SNAPSHOT_ORDER,
    SNAPSHOT_WARM,
    SnapshotPlan,
    make_snapshot,
    plan_snapshot,
    snapshot_imports,
)
from buildtools.stdlib import STDLIB_DEFER, page_stdlib
from buildtools.testing import cmd_screenshots, cmd_test
from buildtools.wheels import build_wheels, compile_catalogs

__all__ = [
    "BUILD_RECORD",
    "CSP_PLACEHOLDER",
    "DEFAULT_WHEEL_DIR",
    "DIST",
    "ROOT",
    "SNAPSHOT_BASE",
    "SNAPSHOT_HEAP_MARGIN",
    "SNAPSHOT_MAX_GAMES",
    "SNAPSHOT_MIN_GAMES",
    "SNAPSHOT_ORDER",
    "SNAPSHOT_WARM",
    "STATIC",
    "STDLIB_DEFER",
    "TOOLS",
    "BuildError",
    "SiteFiles",
    "SiteHandler",
    "SnapshotPlan",
    "_boot_json",
    "_empty",
    "_render_template",
    "_sha",
    "boot_messages",
    "build_files",
    "build_site",
    "build_wheels",
    "bundle_contents",
    "bundle_imports",
    "content_security_policy",
    "generate_service_worker",
    "inline_script_hashes",
    "main",
    "make_snapshot",
    "page_bundles",
    "page_stdlib",
    "page_wheels",
    "plan_snapshot",
    "resnapshot_site",
    "restamp_site",
    "run_node",
    "snapshot_imports",
    "snapshot_step",
    "stamp_page",
    "stamp_step",
    "step",
    "strip_css_comments",
    "strip_js_comments",
    "ui_games",
    "write_catalogs",
]


def cmd_catalogs() -> int:
    compile_catalogs()
    return 0


def cmd_wheels(out: str) -> int:
    for wheel in build_wheels(Path(out)):
        print(wheel)
    return 0


def cmd_site(out: str, stamp: str) -> int:
    print(build_site(Path(out), stamp))
    return 0


def cmd_icons() -> int:
    spec = importlib.util.spec_from_file_location("tablero_icons", TOOLS / "icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for path in module.write_icons(STATIC / "icons"):
        print(path.relative_to(ROOT))
    return 0


# --- command line -------------------------------------------------------------------------


def port_number(text: str) -> int:
    """``--port``'s value: 0-65535, refused before the build rather than after it."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0-65535 (0: any free port), not {port}")
    return port


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("test", help="install everything, run ruff and mypy, then pytest with ARGS")
    wheels = sub.add_parser("wheels", help="build one wheel per pyapp/ distribution")
    wheels.add_argument("--out", default=str(DEFAULT_WHEEL_DIR), help="output folder")
    site = sub.add_parser("site", help="build the static site into dist/")
    site.add_argument("--out", default=str(DIST), help="output folder (emptied first)")
    site.add_argument("--stamp", default="", help="a deploy label written into index.html")
    sub.add_parser("icons", help="redraw static/icons/icon-*.png")
    sub.add_parser("catalogs", help="compile the PO message catalogs into MO files")
    sub.add_parser("screenshots", help="refresh docs/screenshots/ (Chromium)")
    serve = sub.add_parser("serve", help="build dist/ and serve it on 127.0.0.1")
    serve.add_argument("--port", type=port_number, default=8000, help="port (0: any free port)")
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv[:1] == ["test"]:
            # Everything after `test` goes to pytest untouched (argparse would eat `-k` etc.).
            return cmd_test(argv[1:])
        args = parser.parse_args(argv)
        if args.command == "wheels":
            return cmd_wheels(args.out)
        if args.command == "site":
            return cmd_site(args.out, args.stamp)
        if args.command == "icons":
            return cmd_icons()
        if args.command == "catalogs":
            return cmd_catalogs()
        if args.command == "screenshots":
            return cmd_screenshots()
        return cmd_serve(args.port)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
