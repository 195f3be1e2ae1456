"""The record of a build's first step (:class:`SiteFiles`, :data:`BUILD_RECORD`), which
its later steps read: how a site is derived from a built one (site.py)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from buildtools.common import BuildError

#: The record of a build's first step (:class:`SiteFiles`), in the site, read by the later
#: steps.  Nothing fetches it and the service worker does not precache it.
BUILD_RECORD = "build-record.json"


@dataclass(frozen=True)
class SiteFiles:
    """What a build's first step made (:func:`build_files`), URLs relative to the site:
    the runtime's and PyScript's folders, the wheels (all; the page's), the page's Python
    bundles (``{"core": url, "web": url, <game>: url}``), its standard library (the zip
    mounted at boot, the one added later, the packages split between them), the bots'
    worker, the snapshot's cache reader, the stylesheets, the icons (``(size, url)``), and
    ``files``, every file of the site the step wrote (all but the record itself)."""

    pyodide: str
    pyscript: str
    wheels: tuple[str, ...]
    page_wheels: tuple[str, ...]
    bundles: dict[str, str]
    stdlib: str
    stdlib_extra: str
    stdlib_split: tuple[str, ...]
    bot_worker: str
    cache_reader: str
    qr: str
    app_css: str
    shell_css: str
    icons: tuple[tuple[int, str], ...]
    files: tuple[str, ...]

    def write(self, site: Path) -> None:
        """Into ``site`` as :data:`BUILD_RECORD`."""
        text = json.dumps(asdict(self), indent=1) + "\n"
        (site / BUILD_RECORD).write_text(text, encoding="utf-8")

    @classmethod
    def read(cls, site: Path) -> SiteFiles:
        """The record of the built ``site``."""
        path = Path(site) / BUILD_RECORD
        if not path.is_file():
            raise BuildError(f"{site} has no {BUILD_RECORD}: not a site made by build_site()")
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            **{
                **data,
                **{k: tuple(data[k]) for k in ("wheels", "page_wheels", "stdlib_split", "files")},
                "icons": tuple((int(size), url) for size, url in data["icons"]),
            }
        )
