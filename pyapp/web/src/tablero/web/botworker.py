"""The page's side of the bots' web worker (``static/bot-worker.js``: Pyodide in a plain
module worker, docs/bots.md, "In the browser").

:class:`BotWorker` performs the controller's ``Effect("think")`` requests and answers
with the acts ``app.bot-move`` / ``app.bot-error`` through the ``dispatch`` it is given.
It never imports ``js`` or ``pyodide`` itself: ``tablero.web.main`` (the only module
that does) hands it the ``js`` module and ``pyodide.ffi`` when the first bot decision
is asked for.  The worker script's URL, Pyodide's and the wheels' come from the page's
boot data (``<script id="tablero-boot-data">``, written by ``build.py``: ``bots``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .jsvalues import is_null, text

__all__ = ["BOT_SLACK_MS", "BOT_START_TIMEOUT_MS", "BotWorker"]

#: Longest wait for the worker to start (a first visit downloads nothing more: the runtime
#: and the wheels are the page's own, from the HTTP cache or the service worker).
BOT_START_TIMEOUT_MS = 60_000
#: How long past its budget a bot may take before it is reported as stuck.
BOT_SLACK_MS = 20_000


class BotWorker:
    """The bots' web worker, seen from the page.

    Created on the first bot decision, after the board is interactive, and reused for
    every later one.  Requests are ``Effect("think")`` data; replies become the
    controller's ``app.bot-move`` / ``app.bot-error``.  Only the latest request's
    answer is passed on, and never sooner than the request's ``pace_ms`` after it was
    asked (playback: the move before it is seen first); :meth:`hurry` passes on an answer
    held for the pace at once.  ``window.tableroBots`` shows its state and a log of every
    decision (for the tests and the benchmark).

    ``js``: the ``js`` module; ``ffi``: ``pyodide.ffi``; ``dispatch``: the page's
    ``dispatch(act, data)``.
    """

    def __init__(self, js: Any, ffi: Any, dispatch: Callable[[str, dict[str, str]], None]) -> None:
        self.js = js
        self.ffi = ffi
        self.dispatch = dispatch
        self.worker: Any = None
        self.state = "off"  # off, starting, ready, failed
        self.latest: dict[str, Any] | None = None  # the request to answer
        self.sent: dict[int, float] = {}  # request id -> performance.now() when sent
        self.timer: Any = None
        self.held: dict[str, str] | None = None  # an answer kept for the pace
        self.held_timer: Any = None
        self._proxies: list[Any] = []

    def _obj(self, value: dict[str, Any]) -> Any:
        """A dict as a plain JS object."""
        return self.ffi.to_js(value, dict_converter=self.js.Object.fromEntries)

    # The page-side record: window.tableroBots = {state, startMs, log: [...]}.
    def _record(self, **fields: Any) -> None:
        window = self.js.window
        info: Any = getattr(window, "tableroBots", None)  # a JS object (or null)
        if is_null(info):
            info = self._obj({"state": self.state, "log": []})
            window.tableroBots = info
        info.state = self.state
        entry = fields.pop("entry", None)
        for key, value in fields.items():
            setattr(info, key, value)
        if entry is not None:
            info.log.push(self._obj(entry))

    def ask(self, request: dict[str, Any]) -> None:
        """Ask for the move of ``request`` (an ``Effect("think")``'s data)."""
        self._drop_held()  # an answer to an earlier question, no longer asked
        self.latest = request
        self.sent[request["id"]] = float(self.js.performance.now())
        self._record(entry={"id": request["id"], "event": "asked", "level": request["level"],
                            "at": self.sent[request["id"]]})  # fmt: skip
        if self.state == "ready":
            self._send(request)
        elif self.state in ("off", "failed"):
            self._start_later()
        # "starting": sent when the worker says it is ready

    def hurry(self) -> None:
        """Pass on the answer held for the pace now (the player skipped the playback)."""
        held = self.held
        self._drop_held()
        if held is not None:
            self._deliver(held)

    def _drop_held(self) -> None:
        if self.held_timer is not None:
            self.js.window.clearTimeout(self.held_timer)
        self.held = self.held_timer = None

    def _hold(self, move: dict[str, str], ms: float) -> None:
        """Keep ``move`` for ``ms`` before passing it on (:meth:`hurry` sooner)."""
        self.held = move
        self.held_timer = self.js.window.setTimeout(
            self.ffi.create_once_callable(lambda *_: self.hurry()), ms
        )

    def _deliver(self, move: dict[str, str]) -> None:
        self.dispatch("app.bot-move", move)
        self._record(entry={"id": int(move["id"]), "event": "applied",
                            "at": float(self.js.performance.now())})  # fmt: skip

    def stop(self) -> None:
        """End the worker and forget what was asked: nothing more is dispatched."""
        self._drop_held()
        self._disarm()
        self.latest = None
        self.sent.clear()
        self.dispatch = lambda act, data: None
        if self.worker is not None:
            try:
                self.worker.terminate()
            except Exception:  # noqa: BLE001 - ended already
                pass
        self.worker = None
        self.state = "off"

    def _start_later(self) -> None:
        """Start the worker after the page has painted (never before the board is
        interactive: the first request may come from the boot itself)."""
        window = self.js.window
        once = self.ffi.create_once_callable

        self.state = "starting"
        self._record()

        def after_paint(*_: Any) -> None:
            window.setTimeout(once(lambda *_: self._start()), 0)

        window.requestAnimationFrame(once(after_paint))

    def _start(self) -> None:
        if self.state != "starting":
            return  # stopped meanwhile
        js = self.js
        try:
            config = json.loads(js.document.getElementById("tablero-boot-data").textContent)
            bots = config["bots"]
            base = js.document.baseURI

            def absolute(url: str) -> str:
                return str(js.URL.new(url, base).href)

            self.started_at = float(js.performance.now())
            options = {"type": "module", "name": "tablero-bots"}
            self.worker = js.Worker.new(absolute(bots["worker"]), self._obj(options))
            on_message = self.ffi.create_proxy(self._on_message)
            on_error = self.ffi.create_proxy(self._on_error)
            self._proxies += [on_message, on_error]
            self.worker.addEventListener("message", on_message)
            self.worker.addEventListener("error", on_error)
            init = {
                "type": "init",
                "indexURL": absolute(bots["indexURL"]),
                "stdlib": absolute(bots["stdlib"]) if bots.get("stdlib") else None,
                "wheels": {name: absolute(url) for name, url in bots["wheels"].items()},
            }
            self.worker.postMessage(self._obj(init))
            self._arm(BOT_START_TIMEOUT_MS, "start")
        except Exception as exc:  # noqa: BLE001 - no Worker, no boot data...: say so
            self._failed("start", str(exc) or type(exc).__name__)
        self._record()

    def _arm(self, ms: float, code: str) -> None:
        self._disarm()
        self.timer = self.js.window.setTimeout(
            self.ffi.create_once_callable(lambda *_: self._failed(code, "")), int(ms)
        )

    def _disarm(self) -> None:
        if self.timer is not None:
            self.js.window.clearTimeout(self.timer)
            self.timer = None

    def _send(self, request: dict[str, Any]) -> None:
        self.worker.postMessage(self._obj(request))
        self._arm((request.get("budget_ms") or 0) + BOT_SLACK_MS, "timeout")

    def _on_error(self, event: Any) -> None:
        message = text(getattr(event, "message", None)) or "the worker script failed"
        self._failed("start" if self.state != "ready" else "failed", message)

    def _failed(self, code: str, reason: str) -> None:
        """The worker failed to start, or is stuck: stop it; the next request (the
        player's "try again") starts a new one."""
        self._disarm()
        if self.worker is not None:
            try:
                self.worker.terminate()
            except Exception:  # noqa: BLE001
                pass
        self.worker = None
        self.state = "failed"
        self._record(error=f"{code}: {reason}")
        if self.latest is not None:
            request, self.latest = self.latest, None
            self.dispatch(
                "app.bot-error", {"id": str(request["id"]), "code": code, "reason": reason}
            )

    def _on_message(self, event: Any) -> None:
        performance = self.js.performance
        try:
            data = event.data.to_py()
        except Exception:  # noqa: BLE001
            return
        if data.get("type") == "ready":
            self.state = "ready"
            self._disarm()
            self._record(startMs=float(performance.now()) - self.started_at,
                         workerInitMs=data.get("ms"))  # fmt: skip
            if self.latest is not None:
                self._send(self.latest)
            return
        if data.get("type") == "failed":
            self._failed("start", str(data.get("error", "")))
            return
        rid = data.get("id")
        latest = self.latest
        if latest is None or rid != latest["id"]:
            return  # an answer nobody waits for any more
        self._disarm()
        self.latest = None
        now = float(performance.now())
        asked = self.sent.pop(rid, now)
        entry = {"id": rid, "event": "answered", "level": latest["level"], "at": now,
                 "ms": now - asked}  # fmt: skip
        if "error" in data:
            entry["error"] = str(data["error"])
            self._record(entry=entry)
            self.dispatch("app.bot-error", {"id": str(rid), "code": "failed",
                                            "reason": str(data["error"])})  # fmt: skip
            return
        entry["move"] = str(data.get("move", ""))
        entry.update({f"stats_{k}": v for k, v in (data.get("stats") or {}).items()})
        self._record(entry=entry)
        move = {"id": str(rid), "move": str(data.get("move", ""))}
        wait = float(latest.get("pace_ms") or 0) - (now - asked)
        if wait > 0:
            self._hold(move, wait)
        else:
            self._deliver(move)
