"""What the browser benchmarks share: the built site served on 127.0.0.1 and a Chromium
launched as the browser tests launch it (tests/browser/conftest.py), then both stopped
and the temporary build removed; the results written as JSON.

    with browser_on_site(args.site) as (browser, url):
        ...

``site``: a built site to use, or ``None`` to build one into a temporary folder.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests"), str(ROOT)]

from conftest import SiteServer, launch_options  # noqa: E402

import build  # noqa: E402


@contextmanager
def browser_on_site(site: str | None) -> Iterator[tuple[Any, str]]:
    """Chromium and the site's URL, for the ``with`` block."""
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="tablero-bench-"))
    try:
        built = Path(site) if site else build.build_site(tmp / "dist")
        server = SiteServer(built).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(**launch_options(player=True))
                try:
                    yield browser, server.url
                finally:
                    browser.close()
        finally:
            server.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_json(path: str | None, results: dict[str, Any]) -> None:
    """``results`` into ``path`` (nothing without one)."""
    if path:
        Path(path).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
