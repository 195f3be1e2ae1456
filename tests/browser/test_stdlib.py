"""The page's own standard library (docs/pwa.md, "The standard library"): Pyodide's
python_stdlib.zip holds sources only, so the build makes two zips of it.  The first,
mounted by Pyodide at its start, has every module Python's start and the page import
compiled to bytecode by the same runtime; the second, the modules nothing on the page
imports before the board is interactive, is added to sys.path after it."""

from __future__ import annotations

import json
import zipfile

import pytest
from conftest import boot_data, wait_offline_ready, wait_ready
from ui import new_game, place

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

# Imported by Python's start in Pyodide, or by the page's modules.
STARTUP = (
    "encodings/__init__", "encodings/utf_8", "site", "os", "shutil", "zipfile/__init__",
    "tempfile", "asyncio/__init__", "json/__init__", "dataclasses", "typing", "re/__init__",
    "pyodide/__init__", "_pyodide/_base",
)  # fmt: skip


def stdlib_zips(site) -> tuple[list[str], list[str]]:
    data = boot_data(site)
    (boot,) = [f["url"] for f in data["files"] if f["url"].endswith("/stdlib.zip")]
    with zipfile.ZipFile(site / boot) as zf:
        boot_names = zf.namelist()
    with zipfile.ZipFile(site / data["stdlib_extra"]) as zf:
        extra_names = zf.namelist()
    return boot_names, extra_names


def test_the_build_compiles_what_python_starts_with_and_defers_the_unused(built_site):
    boot, extra = stdlib_zips(built_site)
    (pristine,) = built_site.glob("pyodide/*/python_stdlib.zip")
    with zipfile.ZipFile(pristine) as zf:
        everything = sorted(zf.namelist())
    # Every file of Pyodide's zip is in exactly one of the two, as it was or compiled.
    assert sorted(n.removesuffix("c") if n.endswith(".pyc") else n for n in boot + extra) == (
        everything
    )
    for module in STARTUP:
        assert f"{module}.pyc" in boot and f"{module}.py" not in boot, module
    # Mail, XML, the test tools and the codecs of other encodings come later.
    for name in ("email/__init__.py", "xml/dom/minidom.py", "unittest/__init__.py",
                 "pdb.py", "encodings/cp1252.py"):  # fmt: skip
        assert name in extra and name not in boot, name
    assert not any(n.endswith(".pyc") for n in extra)
    # The modules used but not at the start (sources) stay in the first zip.
    assert "statistics.py" in boot
    # Pyodide, the page and the bots' worker mount the page's copy, never Pyodide's own.
    data = boot_data(built_site)
    interpreter = (built_site / data["interpreter"]).read_text()
    assert "/stdlib.zip" in interpreter and "__STDLIB__" not in interpreter
    assert data["bots"]["stdlib"].endswith("/stdlib.zip")
    # encodings has modules in both: the page adds the second zip's folder to its __path__.
    assert data["stdlib_split"] == ["encodings"]
    sw = (built_site / "sw.js").read_text()
    assert "stdlib.zip" in sw and "stdlib-extra.zip" in sw and "python_stdlib.zip" not in sw


PROBE = """async (interpreter) => {
  const module = await import(interpreter);  // the page's instance: boot() is its Python
  const py = await module.boot();
  return py.runPython(`
import json, shutil, sys
import email.message, xml.dom.minidom
json.dumps({
    "shutil": shutil.__spec__.origin,
    "email": email.message.__file__,
    "cp1252": "café".encode("cp1252").hex(),
    "message": email.message.EmailMessage().get_content_type(),
})
`);
}"""


def probe(page, site) -> dict:
    page.wait_for_function("window.tableroBoot.stdlibExtra !== null", timeout=20_000)
    assert page.evaluate("window.tableroBoot.stdlibExtra") == "mounted"
    return json.loads(page.evaluate(PROBE, boot_data(site)["interpreter"]))


def test_python_imports_bytecode_and_gets_the_rest_after_the_board(
    built_site, make_server, persistent_context
):
    server = make_server(built_site)
    context = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url)
    wait_ready(page)
    first = probe(page, built_site)
    assert first["shutil"].endswith("/shutil.pyc"), first
    assert "stdlib-extra" in first["email"], first
    assert first["cp1252"] == "636166e9" and first["message"] == "text/plain", first
    # A later visit, restored from the snapshot (made with the same zip), gets it too.
    wait_offline_ready(page)
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.tableroSnapshot.used") is True
    second = probe(page, built_site)
    assert second == first


def test_a_missing_second_zip_loses_nothing(built_site, make_server, new_page):
    """The rest of the standard library missing on the server: the game plays on, PyScript
    still starts, and the page says in the console what could not be loaded."""
    server = make_server(built_site, missing={"stdlib-extra.zip"})
    page = new_page()
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_function("window.tableroBoot.stdlibExtra !== null", timeout=20_000)
    assert page.evaluate("window.tableroBoot.stdlibExtra") == "failed"
    assert any("rest of the standard library" in w for w in warnings), warnings
    page.wait_for_function("tableroBoot.pyscript === 'done'", timeout=30_000)
    new_game(page)
    place(page, 6, "d2")
    assert page.locator('[data-tile-cell="d2"]').get_attribute("data-tile-value") == "6"
