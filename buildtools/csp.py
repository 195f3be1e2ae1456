"""The page's content security policy (docs/pwa.md, "The content security policy"): the
hashes of its inline scripts and of the games' stylesheets."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from buildtools.common import BuildError

CSP_PLACEHOLDER = "__TABLERO_CSP__"
#: The page's Content-Security-Policy, one directive a line; ``{scripts}`` becomes the
#: sha256 sources of the page's inline scripts (:func:`inline_script_hashes`).  Why each
#: source is allowed: docs/pwa.md, "The content security policy".
CSP_DIRECTIVES = (
    "default-src 'none'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' {scripts}",
    "style-src 'self' {styles}",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
)


#: The scripts the browser runs (no ``type``, or a JavaScript or module type); data blocks
#: (``application/json``) and PyScript's ``type="py"`` are never run by the browser.
_INLINE_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)
_RUN_TYPES = ("", "module", "text/javascript", "application/javascript")


def inline_script_hashes(page: str) -> list[str]:
    """The CSP sources (``'sha256-<base64>'``) of every inline script of ``page`` that the
    browser runs, in page order.

    >>> inline_script_hashes('<script>a()</script><script type="py">b</script>')
    ["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]
    """
    out = []
    for match in _INLINE_SCRIPT.finditer(page):
        attrs = match.group("attrs")
        if re.search(r"\ssrc\s*=", attrs):
            continue
        kind = re.search(r"""\stype\s*=\s*["']?([^"'\s>]*)""", attrs)
        if (kind.group(1).lower() if kind else "") not in _RUN_TYPES:
            continue
        digest = hashlib.sha256(match.group("body").encode("utf-8")).digest()
        out.append(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")
    return out


def content_security_policy(page: str, styles: Sequence[str] = ()) -> str:
    """The policy of ``page`` (CSP_DIRECTIVES with the hashes of its inline scripts and
    of the ``styles``, the texts of the games' ``<style>`` elements)."""
    scripts = " ".join(dict.fromkeys(inline_script_hashes(page)))
    sheets = " ".join(dict.fromkeys(_csp_hash(text) for text in styles))
    return "; ".join(d.format(scripts=scripts, styles=sheets).strip() for d in CSP_DIRECTIVES)


def _csp_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


# Run by the host's Python over the built wheels' sources: the text of every game UI's
# <style> element (``tablero.web.games.<game>.style.style_tag()``, one constant text each).
_GAME_STYLES = """
import importlib, json, pkgutil, re, sys
sys.path.insert(0, sys.argv[1])
import tablero.web.games as games
out = {}
for info in pkgutil.iter_modules(games.__path__):
    if not info.ispkg:
        continue
    try:
        module = importlib.import_module(f"tablero.web.games.{info.name}.style")
    except ModuleNotFoundError:
        continue
    match = re.fullmatch(r"<style>(.*)</style>", module.style_tag(), re.S)
    if match is None:
        raise SystemExit(f"{info.name}: style_tag() is not one <style> element")
    out[info.name] = match.group(1)
print(json.dumps(out))
"""


def game_styles(wheels: Iterable[Path]) -> dict[str, str]:
    """The text of each game UI's ``<style>`` element (its ``style.style_tag()``), read
    from the built ``wheels`` by this Python: the policy allows exactly these."""
    with tempfile.TemporaryDirectory(prefix="tablero-styles-") as tmp:
        for wheel in wheels:
            shutil.unpack_archive(wheel, tmp, "zip")
        result = subprocess.run(
            [sys.executable, "-I", "-B", "-c", _GAME_STYLES, tmp],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
    if result.returncode != 0:
        raise BuildError(f"reading the games' stylesheets failed:\n{result.stderr.strip()}")
    styles: dict[str, str] = json.loads(result.stdout)
    return styles
