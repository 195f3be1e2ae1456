"""The page's own standard library (docs/pwa.md, "The standard library"): the modules in
use compiled to bytecode by the page's runtime (make-stdlib.mjs), the others deferred."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from buildtools.common import TOOLS, _folder_hash, run_node

# Never used before the board is interactive (nothing on the page imports them: test
# tools, mail, XML, HTTP servers, the codecs of other encodings...): the second zip of the
# page's standard library, added to sys.path after the board is interactive.  Matched
# against file names in python_stdlib.zip; make-stdlib.mjs fails the build if one of them
# is imported by Python's start or the page's modules.
STDLIB_DEFER = (
    r"encodings/(?!(?:__init__|aliases|ascii|latin_1|utf_8|utf_8_sig|utf_16|utf_16_le"
    r"|utf_16_be|utf_32|utf_32_le|utf_32_be|unicode_escape|raw_unicode_escape|charmap"
    r"|idna|punycode|cp437|base64_codec|hex_codec|undefined)\.py$)",
    r"(?:email|multiprocessing|xml|xmlrpc|_pyrepl|unittest|http|wsgiref|pydoc_data|ctypes"
    r"|tkinter|idlelib|turtledemo|lib2to3|ensurepip|venv|sqlite3|curses|dbm)/",
    r"(?:pdb|bdb|doctest|pydoc|tarfile|_pyio|pickletools|imaplib|mailbox|smtplib|poplib"
    r"|ftplib|nntplib|turtle|_pydecimal|difflib|optparse|mailcap|telnetlib|cgi|cgitb)\.py$",
)


def page_stdlib(
    out: Path, pyodide_url: str, bundle_urls: list[str], imports: list[str]
) -> tuple[str, str, dict]:
    """The page's standard library (buildtools/make-stdlib.mjs): ``py/<hash>/stdlib.zip``, what
    Pyodide mounts at its start, with the modules Python's start and the page and the
    bots import (``imports``, from ``zips``) compiled to bytecode by this runtime, and
    ``py/<hash>/stdlib-extra.zip``, the modules of STDLIB_DEFER, added later; (boot URL,
    extra URL, the script's report).  Pyodide's own python_stdlib.zip holds sources only:
    compiling them in the browser was most of Python's start on a first visit
    (docs/pwa.md, "The standard library")."""
    script = TOOLS / "make-stdlib.mjs"
    with tempfile.TemporaryDirectory(prefix="tablero-stdlib-") as tmp:
        boot, extra = Path(tmp) / "stdlib.zip", Path(tmp) / "stdlib-extra.zip"
        options = {
            "pyodide": str(out / pyodide_url),
            "zips": [str(out / url) for url in bundle_urls],
            "imports": imports,
            "defer": list(STDLIB_DEFER),
            "boot": str(boot),
            "extra": str(extra),
        }
        report = json.loads(run_node(script, options, "compiling the standard library"))
        folder = f"py/{_folder_hash([boot, extra])}"
        (out / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy2(boot, out / folder / boot.name)
        shutil.copy2(extra, out / folder / extra.name)
    return f"{folder}/{boot.name}", f"{folder}/{extra.name}", report
