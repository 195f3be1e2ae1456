"""The boot loader's Python: what ``static/boot/`` runs in the page's interpreter.

Never imported by the page: some of it runs before the page's wheels are on ``sys.path``
(:func:`forget_listings` makes the files just unpacked visible to the path finders,
:func:`mount_extra` the rest of the standard library).  The build puts this file's source
in the boot script as a string (``BOOT_GLUE``, buildtools/page.py), which the boot runs
once into a namespace of its own and whose functions it calls by name (static/boot/start.js,
docs/pwa.md "Booting").  So it imports only the standard library, and nothing of
``js``, ``pyodide`` or ``pyscript``: what it needs of the page comes as arguments.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable


def forget_listings() -> None:
    """Make the path finders forget the directory listings they made before files were
    unpacked onto ``sys.path``.  Not ``importlib.invalidate_caches()``, which also imports
    ``importlib.metadata`` (compiled from the stdlib's sources: 100-200 ms)."""
    for finder in list(sys.path_importer_cache.values()):
        if finder is not None and hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()


def boot_engines() -> str:
    """The games whose engines the first screen needs, comma-separated
    (``tablero.web.main.boot_engines``), once the wheels just unpacked are visible."""
    forget_listings()
    from tablero.web.main import boot_engines as first_games

    return first_games()


def engines_ready() -> None:
    """Every engine is unpacked: ``tablero.web.main.engines_ready``."""
    from tablero.web.main import engines_ready as ready

    ready()


def start_app(report: Callable[[str], object]) -> None:
    """Start the app (``tablero.web.main.start``) once the wheels are on ``sys.path``; on a
    snapshot restore its modules are already imported and it renders at once.  Any error
    goes to ``report`` as its traceback (the page's ``tableroBoot.pythonFailed``)."""
    try:
        forget_listings()
        from tablero.web.main import start

        start()
    except BaseException as exc:
        import traceback

        report("".join(traceback.format_exception(exc)))


def stop_app() -> None:
    """Stop the app in its page (``tablero.web.main.stop``); ``start_app`` starts it again."""
    from tablero.web.main import stop

    stop()


def mount_extra(path: str, split: Iterable[str]) -> None:
    """Add the rest of the standard library, the zip at ``path``, to ``sys.path``.  A
    package with modules in both zips (``split``: encodings) also looks in the second one."""
    import importlib

    if path not in sys.path:
        sys.path.append(path)
    for name in split:
        folder = path + "/" + name.replace(".", "/")
        package = importlib.import_module(name)
        if folder not in package.__path__:
            package.__path__.append(folder)
