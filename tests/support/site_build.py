"""One build of the site shared by pytest-xdist's workers.

Each worker is its own process with its own session fixtures, so without this each would
build the site (about 45 s on two cores).  The workers of a run share a base folder
(``getbasetemp().parent``); there the first worker to see a browser test among the
tests it collected starts the build in a background thread (:func:`start_shared_site`,
from tests/conftest.py), so that it runs while the tests without a browser do, and
``built_site`` waits for it in every worker (:meth:`SharedSite.wait`).  A build that
fails fails every browser test with its error.  Without xdist the build is made by
``built_site`` itself, as before.
"""

from __future__ import annotations

import fcntl
import os
import sys
import threading
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 1200  # a build takes about 45 s; far longer means it hangs


class SharedSite:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.dist = folder / "dist"
        self.done = folder / "built"  # beside dist/, never in it
        self.failed = folder / "failed"

    def claim(self) -> bool:
        """Is this worker the one to build it (the first to ask)?"""
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(self.folder / "claim.lock", "a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            claim = self.folder / "claimed"
            if claim.exists():
                return False
            claim.write_text(os.environ.get("PYTEST_XDIST_WORKER", "?"))
            return True

    def build(self) -> None:
        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))
        import build

        try:
            build.build_site(self.dist)
        except BaseException:  # noqa: BLE001 - reported to every worker
            self.failed.write_text(traceback.format_exc())
            raise
        self.done.touch()

    def wait(self) -> Path:
        if self.claim():  # nobody started it (no browser test was seen at collection)
            self.build()
        deadline = time.monotonic() + WAIT_SECONDS
        while not self.done.exists():
            if self.failed.exists():
                raise RuntimeError("the site build failed:\n" + self.failed.read_text())
            if time.monotonic() > deadline:
                raise TimeoutError(f"the shared site build in {self.folder} did not finish")
            time.sleep(0.2)
        return self.dist


def shared_site(tmp_path_factory) -> SharedSite | None:
    """The run's shared site under xdist, ``None`` when pytest runs in one process."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return None
    return SharedSite(tmp_path_factory.getbasetemp().parent / "shared-site")


def start_shared_site(tmp_path_factory) -> None:
    """Start the shared build in the background if this worker is the first to ask."""
    site = shared_site(tmp_path_factory)
    if site is not None and site.claim():
        threading.Thread(target=_quietly(site.build), name="site-build", daemon=True).start()


def _quietly(build):
    def run() -> None:
        try:
            build()
        except BaseException:  # noqa: BLE001 - written to the failed file for the waiters
            pass

    return run
