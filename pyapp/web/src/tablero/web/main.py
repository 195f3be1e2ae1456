"""The DOM glue: the only module of Tablero that imports ``js``, ``pyodide`` or ``pyscript``.

It wires the page to the pure controller (:mod:`tablero.web.app`) and the pure
screens (:mod:`tablero.web.views`): one click, one submit and one change listener
on ``<main id="app">`` read the ``data-act`` of what the player used and its
``data-*`` attributes (or the form's fields), hand them to ``App.dispatch``, and
put the new model's HTML in place.  What only the page can do (localStorage, the
clipboard, downloads, the address bar, the bots' web worker) is done here, when the
model asks for it: the bots' worker by :class:`~tablero.web.botworker.BotWorker`, to
which this module hands the ``js`` module and ``pyodide.ffi``.  It keeps no list of the
app's acts: which ones wait for the other games' engines comes from their registry
(:mod:`tablero.web.acts`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any

from .app import SAME_GAME_ACTS, App, Effect, Model
from .botworker import BotWorker
from .i18n import pick_language, translator
from .jsvalues import is_null as _null
from .jsvalues import text as _text
from .remotegames import is_remote_link
from .saves import MemoryStorage, SaveStore, StorageFullError
from .views import render

LANG_KEY = "tablero.lang"
#: The playback switch, kept by the browser: "0" off; anything else (or nothing) on.
PLAYBACK_KEY = "tablero.playback"
#: The seconds of work a link of a game with friends is read in before the page paints
#: and goes on (``App.read_slice``, :mod:`.timeslice`): the page answers within about
#: that and what the reading does before its work (a phone's pass over Arribada's bag is
#: a second or more of work).
READ_SLICE_S = 0.15

_app: App | None = None
_model: Model | None = None
_root: Any = None
_proxies: list[Any] = []
_renders = 0  # listeners kept alive for the page's lifetime


class BrowserStorage:
    """:class:`~tablero.web.saves.Storage` over ``window.localStorage``; a full quota
    becomes :class:`~tablero.web.saves.StorageFullError`."""

    def __init__(self, local_storage: Any) -> None:
        self.ls = local_storage

    def get(self, key: str) -> str | None:
        return _text(self.ls.getItem(key))

    def set(self, key: str, value: str) -> None:
        try:
            self.ls.setItem(key, value)
        except Exception as exc:
            if _is_quota_error(exc):
                raise StorageFullError("the browser's storage for saved games is full") from exc
            raise

    def remove(self, key: str) -> None:
        self.ls.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.ls.key(i)) for i in range(int(self.ls.length))]


def _is_quota_error(exc: BaseException) -> bool:
    name = str(getattr(exc, "name", "") or "")
    text = f"{name} {exc}"
    return "QuotaExceeded" in text or "QUOTA" in text or "quota" in text


def _local_storage() -> Any:
    """``window.localStorage`` if it works (read, write, list), else ``None``: the app
    then keeps its games in memory and says so (docs/saves-and-links.md, "Storage
    faults")."""
    from js import window

    try:
        ls = window.localStorage
        probe = "tablero.probe"
        ls.setItem(probe, "1")
        if _text(ls.getItem(probe)) != "1":
            return None
        ls.removeItem(probe)
        int(ls.length)
        return ls
    except Exception:  # noqa: BLE001 - private modes may refuse storage altogether
        return None


# --- start ----------------------------------------------------------------------------


_started = False
_patch: Any = None  # boot.js's window.tableroPatch, looked up once at start


def started() -> bool:
    """Has :func:`start` run (or begun) on this page?  (Still true after :func:`stop`:
    the page's ``<script type="py">`` must not start a stopped app.)"""
    return _started or _root is not None


# --- the games' engines on demand ---------------------------------------------------------
# A plain boot (no memory snapshot) unpacks only the engines the first screen needs
# (boot_engines()), the others after the board is interactive; boot.js then calls
# engines_ready().  Until then an act that could open another game waits (the last one
# asked for runs as soon as the engines are in); the game on screen plays as usual (the
# acts registered with same_game=True: app.SAME_GAME_ACTS, from tablero.web.acts).
# After a snapshot restore the engines of the games in the snapshot are imported; a
# game left out of it (build.plan_snapshot) is unpacked as in a plain boot.

_engines_ready = True
_waiting: tuple[str, dict[str, str]] | None = None


def boot_engines() -> str:
    """The games whose engines the first screen needs, comma-separated (boot.js unpacks
    their wheels before :func:`start`): ``App.boot_games`` of the address and storage."""
    from js import window

    from .games import get_ui

    ls = _local_storage()
    storage = BrowserStorage(ls) if ls is not None else MemoryStorage()
    app = App(SaveStore(storage), get_ui, translator=translator)
    return ",".join(app.boot_games(_text(window.location.hash) or ""))


def engines_ready() -> None:
    """Every engine is unpacked (boot.js, after interactive): run the act that waited, if
    any; a start screen is drawn again (it now lists every game).  Any other screen is
    left alone (a render would replace a form control being typed in)."""
    global _engines_ready, _waiting
    _engines_ready = True
    waiting, _waiting = _waiting, None
    if _app is None or _model is None:
        return
    if waiting is not None:
        dispatch(*waiting)
    elif _model.screen == "home":
        _show()


def start() -> None:
    """Boot the app into ``<main id="app">`` and tell the page it is ready.

    The app's entry point: ``static/boot.js`` calls it as soon as Python and the page's
    wheels are ready (docs/pwa.md, "Booting"); the page's ``<script type="py">``, run by
    PyScript after the board is interactive, calls it only if it has not run yet.  A
    second call does nothing, unless :func:`stop` stopped the app: it then starts again
    in the same page, as on a visit to the page's address with what the storage now
    holds (``tableroBoot.restart()``)."""
    global _started
    if _started:
        return
    from js import document, window

    first = _root is None
    _started = True
    _begin()
    document.body.dataset.ready = "1"
    if first:  # boot.js's end of the boot (a restart is no boot)
        window.dispatchEvent(window.CustomEvent.new("tablero:ready"))


def _begin() -> None:
    """The app's model read from the address and the storage, the page's listeners added
    (once per page), the first screen drawn."""
    global _app, _model, _root, _patch, _engines_ready
    from js import document, window
    from pyodide.ffi import create_proxy

    # boot.js: "partial" while engines of other games are still to come (plain boot).
    _engines_ready = getattr(getattr(window, "tableroBoot", None), "engines", None) != "partial"

    from .games import get_ui

    ls = _local_storage()
    storage = BrowserStorage(ls) if ls is not None else MemoryStorage()
    saved_lang = _text(ls.getItem(LANG_KEY)) if ls is not None else None
    navigator = window.navigator
    languages = getattr(navigator, "languages", None)
    preferred = [x for x in (languages or []) if isinstance(x, str)]
    preferred.append(_text(getattr(navigator, "language", None)) or "")
    lang = pick_language(saved_lang, preferred)
    document.documentElement.lang = lang

    _app = App(SaveStore(storage), get_ui, translator=translator, read_slice=READ_SLICE_S)
    location = window.location
    base_url = str(location.origin) + str(location.pathname) + str(location.search)
    _model = _app.boot(lang, _text(location.hash) or "", base_url)
    if ls is None:
        _model = replace(_model, storage_off=True, notice=("app.error.storage-off", {}))
    elif _text(ls.getItem(PLAYBACK_KEY)) == "0":
        _model = replace(_model, playback=False)
    if _root is None:
        _root = document.getElementById("app")
        _patch = getattr(window, "tableroPatch", None)
        listeners = (
            ("click", _on_click),
            ("submit", _on_submit),
            ("change", _on_change),
            ("keydown", _on_keydown),
        )
        for kind, handler in listeners:
            proxy = create_proxy(handler)
            _proxies.append(proxy)
            _root.addEventListener(kind, proxy)
        for kind, handler in (
            ("hashchange", _on_hashchange),
            ("storage", _on_storage),
            ("popstate", _on_popstate),
            ("tablero:install", _on_install),
        ):
            proxy = create_proxy(handler)
            _proxies.append(proxy)
            window.addEventListener(kind, proxy)
    _model = replace(_model, install=_install_state())
    _nav_start()
    _show()


def stop() -> None:
    """Stop the app in its page, as the page's end would: nothing it started goes on (its
    tasks are cancelled, the bots' worker ended, the remote game's lock released), its
    screen is emptied and the page is no longer ready; :func:`start` then starts it again.

    ``tableroBoot.stop()``: the browser tests reuse one booted page from test to test
    (docs/testing.md, "How the suite is kept fast"), stopping the app, clearing the
    storage, then starting it again at the next test's address: about 0.05 core-seconds
    against 0.8 for a page load.  A player's page never calls it."""
    global _started, _app, _model, _bots, _waiting, _persist_asked
    if not _started:
        return
    from js import Reflect, document, window

    _started = False
    _app = _model = None  # a dispatch now does nothing
    _waiting = None
    _persist_asked = False
    for task in list(_tasks):
        task.cancel()
    _tasks.clear()
    if _bots is not None:
        _bots.stop()
        _bots = None
    Reflect.deleteProperty(window, "tableroBots")
    unlock = getattr(window, "tableroUnlock", None)
    if unlock is not None:
        unlock()
    document.body.dataset.ready = "0"
    if _root is not None:
        _root.replaceChildren()
    window.scrollTo(0, 0)


# --- the loop: dispatch, effects, render -----------------------------------------------


def dispatch(act: str, data: dict[str, str]) -> None:
    global _model, _waiting
    if _app is None or _model is None:
        return
    if not _engines_ready and act.startswith("app.") and act not in SAME_GAME_ACTS:
        _waiting = (act, dict(data))  # run by engines_ready()
        return
    from js import performance

    performance.mark("tablero:click")
    _model = _app.dispatch(_model, act, data)
    performance.mark("tablero:engine-done")
    _show(timed=True)


# Performance marks around each click: the controller (engine call), the HTML, the DOM.
_MEASURES = (
    ("tablero:engine", "tablero:click", "tablero:engine-done"),
    ("tablero:render", "tablero:engine-done", "tablero:html-done"),
    ("tablero:dom", "tablero:html-done", "tablero:dom-done"),
    ("tablero:dispatch", "tablero:click", "tablero:dom-done"),
)


def _show(timed: bool = False) -> None:
    """Perform the model's effects, then put its HTML in place."""
    global _model
    assert _app is not None and _model is not None
    effects = _model.effects
    _model = replace(_model, effects=())
    for effect in effects:
        try:
            _perform(effect)
        except Exception:  # noqa: BLE001 - an effect failing must not hide the game
            _model = replace(_model, toast=("app.error.unexpected", {}))
    try:
        html = render(_model, _app)
    except Exception:  # noqa: BLE001 - a drawing bug must not lose the game: go home
        _model = replace(_model, screen="home", toast=("app.error.unexpected", {}))
        html = render(_model, _app)
    if timed:
        from js import performance

        performance.mark("tablero:html-done")
    focused = _focused_key()
    keys = getattr(_window(), "tableroKeys", None)
    before = keys.read(_root) if keys is not None else None
    _put_html(html)
    qr = getattr(_window(), "tableroQr", None)
    if qr is not None:
        qr(_root)  # the share panel's QR code (static/boot/share.js)
    _restore_focus(focused)
    if keys is not None:
        keys.settle(_root, before)
    _nav_follow()
    global _renders
    _renders += 1
    # A render counter: lets a page (and the browser tests) see that a click was handled.
    _root.dataset.render = str(_renders)
    # A game the storage does not hold: boot.js warns before an update's reload loses it.
    unsaved = _model.game is not None and (_model.storage_full or _model.storage_off)
    _window().document.body.dataset.unsaved = "1" if unsaved else "0"
    # A game with friends going on: boot.js warns before an update's reload (the friends'
    # devices must play the same version to read its links).
    remote = _model.remote
    state = remote.table.state if remote is not None and not remote.table.stopped else None
    going_on = state is not None and not state.is_terminal()
    _window().document.body.dataset.remoteGame = "1" if going_on else "0"
    if timed:
        performance.mark("tablero:dom-done")
        for name, start, end in _MEASURES:
            performance.measure(name, start, end)
        for mark in ("tablero:click", "tablero:engine-done", "tablero:html-done"):
            performance.clearMarks(mark)
        performance.clearMarks("tablero:dom-done")


def _put_html(html: str) -> None:
    """Replace what changed in ``<main id="app">`` (``window.tableroPatch`` in boot.js:
    only the changed parts, so the browser lays out only those), or all of it."""
    if _patch is None:
        _root.innerHTML = html
    else:
        _patch(_root, html)


def _focused_key() -> tuple[str, dict[str, str], str | None] | None:
    """What has the keyboard focus (its data-act and data-*, and a form control's name:
    the new game's selects all send ``app.form``), to give it back after a render
    replaced the element."""
    from js import document

    el = document.activeElement
    if _null(el) or not _root.contains(el) or not hasattr(el, "getAttribute"):
        return None
    act = _text(el.getAttribute("data-act"))
    if act is None:
        return None
    return act, _data_of(el), _text(el.getAttribute("name")) or None


def _restore_focus(key: tuple[str, dict[str, str], str | None] | None) -> None:
    if key is None:
        return
    from js import CSS

    act, data, control = key
    selector = f'[data-act="{CSS.escape(act)}"]' + "".join(
        f'[data-{name}="{CSS.escape(value)}"]' for name, value in data.items()
    )
    if control:
        selector += f'[name="{CSS.escape(control)}"]'
    try:
        el = _root.querySelector(selector)
    except Exception:  # noqa: BLE001 - an odd attribute name: leave the focus alone
        return
    if not _null(el):
        el.focus()


_tasks: set[asyncio.Future[None]] = set()  # the effects under way (stop() cancels them)


def _spawn(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` beside the page (an effect that waits for the browser)."""
    task = asyncio.ensure_future(work)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def _perform(effect: Effect) -> None:
    from js import document, window

    kind, data = effect.kind, effect.data
    if kind == "scroll_top":
        window.scrollTo(0, 0)
    elif kind == "lang":
        document.documentElement.lang = data["lang"]
        try:
            window.localStorage.setItem(LANG_KEY, data["lang"])
        except Exception:  # noqa: BLE001 - the choice still holds for this visit
            pass
    elif kind == "clear_hash":
        loc = window.location
        if _text(loc.hash):
            # the history entry keeps its screen (history.state): only the address changes
            window.history.replaceState(
                window.history.state, "", str(loc.pathname) + str(loc.search)
            )
    elif kind == "share":
        window.history.replaceState(window.history.state, "", "#" + data["fragment"])
        _spawn(_copy(data["url"]))
    elif kind == "lock":
        _spawn(_lock(data["id"]))
    elif kind == "copy":
        _spawn(_copy(data["url"]))
    elif kind == "share_file":
        _spawn(_share_file(data["filename"], data["text"]))
    elif kind == "share_sheet":
        _spawn(_share_sheet(data["url"], data["text"]))
    elif kind == "install":
        _spawn(_prompt_install())
    elif kind == "download":
        _download(data["filename"], data["text"])
    elif kind == "think":
        _bot_worker().ask(dict(data))
    elif kind == "hurry":
        if _bots is not None:
            _bots.hurry()
    elif kind == "playback":
        try:
            window.localStorage.setItem(PLAYBACK_KEY, data["on"])
        except Exception:  # noqa: BLE001 - the choice still holds for this visit
            pass
    elif kind == "load_bots":
        _spawn(_load_bots(data["then"]))
    elif kind == "storage_info":
        _spawn(_storage_info("app.storage-info"))
    elif kind == "persist":
        _spawn(_persist(data.get("then")))
    elif kind == "read_on":
        _later("app.remote-continue", {k: str(v) for k, v in data.items()})


# --- the browser's storage: its size, and asking the browser to keep it -----------------

_persist_asked = False


async def _storage_info(then: str) -> None:
    """Measure the storage and send ``then`` with what was learnt (``Model.storage_info``):
    the saved games' characters, ``navigator.storage.estimate()`` and ``persisted()``;
    whatever the browser does not offer is left empty."""
    from js import window

    info = {"saves": "", "used": "", "quota": "", "persisted": "", "can_persist": "0"}
    try:  # read only: no probe written (a full storage has its size shown too)
        ls = window.localStorage
        keys = [str(ls.key(i)) for i in range(int(ls.length))]
        ours = [k for k in keys if k.startswith("tablero.")]
        info["saves"] = str(sum(len(k) + len(_text(ls.getItem(k)) or "") for k in ours))
    except Exception:  # noqa: BLE001 - no storage: the size is then simply not shown
        pass
    storage = getattr(window.navigator, "storage", None)
    if storage is not None and not _null(storage):
        try:
            estimate = await storage.estimate()
            info["used"] = str(int(estimate.usage))
            info["quota"] = str(int(estimate.quota))
        except Exception:  # noqa: BLE001
            pass
        try:
            info["persisted"] = "1" if bool(await storage.persisted()) else "0"
        except Exception:  # noqa: BLE001
            pass
        info["can_persist"] = "1" if hasattr(storage, "persist") else "0"
    dispatch(then, info)


async def _persist(then: str | None) -> None:
    """Ask the browser to keep the storage (``navigator.storage.persist()``; some show
    the player a prompt).  Asked by the app once per page, on the first save of a game
    (``then`` is ``None``), and again whenever the player asks (``then``: the act to send
    with the storage's state afterwards)."""
    global _persist_asked
    if then is None and _persist_asked:
        return
    _persist_asked = True
    try:
        storage = _window().navigator.storage
        if not bool(await storage.persisted()):
            await storage.persist()
    except Exception:  # noqa: BLE001 - not offered by this browser: nothing to ask
        pass
    if then is not None:
        await _storage_info(then)


async def _load_bots(then: str) -> None:
    """Unpack the bots' wheel on the page (only for the fallback of playing a bot's
    move here when the worker cannot run), then send ``then`` again."""
    import importlib

    from js import document
    from pyodide.http import pyfetch

    try:
        config = json.loads(document.getElementById("tablero-boot-data").textContent)
        response = await pyfetch(config["bots"]["wheels"]["tablero_bots"])
        await response.unpack_archive(format="zip", extract_dir=".")
        importlib.invalidate_caches()
    except Exception:  # noqa: BLE001 - the controller says it failed
        pass
    dispatch(then, {"loaded": "1"})


async def _copy(url: str) -> None:
    from js import window

    ok = False
    try:
        clipboard = window.navigator.clipboard
        if not _null(clipboard):
            await clipboard.writeText(url)
            ok = True
    except Exception:  # noqa: BLE001 - no permission or no clipboard: the field is shown
        ok = False
    dispatch("app.copied", {"ok": "1" if ok else "0"})


async def _lock(game_id: str) -> None:
    """Ask for the Web Lock of the remote game ``game_id`` (static/boot/share.js), then
    tell the controller whether this tab holds it (``app.remote-lock``)."""
    from js import window

    lock = getattr(window, "tableroLock", None)
    try:
        held = True if lock is None else bool(await lock(f"tablero.remote.{game_id}"))
    except Exception:  # noqa: BLE001 - no lock to be had: this tab plays
        held = True
    if held and (_model is None or not _model.remote_locked):
        return  # nothing changes (and a dispatch would end the toast on screen)
    dispatch("app.remote-lock", {"id": game_id, "held": "1" if held else "0"})


def _on_storage(event: Any) -> None:
    """Another tab changed a stored game: if it is the remote game on screen, read it
    again (``app.remote-reload``), so a tab that only shows it stays current."""
    try:
        key = _text(event.key) or ""
        remote = _model.remote if _model is not None else None
        if remote is not None and key == f"tablero.remote.{remote.id}":
            dispatch("app.remote-reload", {"id": remote.id})
    except Exception:  # noqa: BLE001
        _fail()


async def _share_file(filename: str, text: str) -> None:
    """``text`` as a file: the system's share sheet with the file where the browser takes
    one (``navigator.canShare({files})``; a cancel there does nothing more), else a
    download."""
    from js import File, Object, window
    from pyodide.ffi import to_js

    try:
        navigator = window.navigator
        kind = to_js({"type": "text/plain"}, dict_converter=Object.fromEntries)
        file = File.new(to_js([text]), filename, kind)
        shared = to_js({"files": [file]}, dict_converter=Object.fromEntries)
        if getattr(navigator, "canShare", None) is not None and bool(navigator.canShare(shared)):
            try:
                await navigator.share(shared)
            except Exception:  # noqa: BLE001 - cancelled: the panel stays as it is
                pass
            return
    except Exception:  # noqa: BLE001 - no share sheet for files here: a download
        pass
    _download(filename, text)


async def _share_sheet(url: str, text: str) -> None:
    """The system's share sheet (``navigator.share``) on a link; a refusal or a cancel
    leaves the share panel as it is (its link copied, or to copy by hand)."""
    from js import Object, window
    from pyodide.ffi import to_js

    try:
        shared = to_js({"url": url, "text": text}, dict_converter=Object.fromEntries)
        await window.navigator.share(shared)
    except Exception:  # noqa: BLE001 - cancelled, or no share sheet: the panel stays
        pass


def _download(filename: str, text: str) -> None:
    from js import URL, Blob, document
    from pyodide.ffi import to_js

    blob = Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=_obj))
    url = URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.style.display = "none"
    document.body.appendChild(link)
    link.click()
    link.remove()
    URL.revokeObjectURL(url)


def _obj(entries: Any) -> Any:
    from js import Object

    return Object.fromEntries(entries)


# --- reading events ---------------------------------------------------------------------


def _data_of(el: Any) -> dict[str, str]:
    """The element's ``data-*`` attributes, names without ``data-`` (``data-cell`` ->
    ``cell``), as the plugin contract passes them."""
    out: dict[str, str] = {}
    attributes = el.attributes
    for i in range(int(attributes.length)):
        attr = attributes.item(i)
        name = str(attr.name)
        if name.startswith("data-") and name != "data-act":
            out[name[5:]] = str(attr.value)
    return out


def _form_fields(form: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    elements = form.elements
    for i in range(int(elements.length)):
        el = elements.item(i)
        name = str(el.name or "")
        if not name or el.disabled:
            continue
        kind = str(el.type or "")
        if kind in ("radio", "checkbox") and not el.checked:
            continue
        if kind in ("submit", "button", "file"):
            continue
        out[name] = str(el.value)
    return out


def _on_click(event: Any) -> None:
    try:
        el = event.target.closest("[data-act]")
        if _null(el) or not _root.contains(el):
            return
        tag = str(el.tagName).upper()
        if tag in ("FORM", "SELECT", "INPUT", "TEXTAREA", "OPTION"):
            return  # these act on submit/change
        if el.hasAttribute("disabled"):
            return
        event.preventDefault()
        data = _data_of(el)
        if "fit-of" in data:
            data["fit"] = _fitted_scale(data["fit-of"])
        dispatch(str(el.getAttribute("data-act")), data)
    except Exception:  # noqa: BLE001
        _fail()


def _fitted_scale(selector: str) -> str:
    """The scale a drawing fitted to its box is shown at (a zoom button's ``data-fit-of``:
    the drawing's selector): its width on the page over its ``viewBox``'s; "" when there
    is no such drawing (:meth:`tablero.web.widgets.Zoom.step` then takes its defaults)."""
    try:
        view = _root.querySelector(selector)
        if _null(view):
            return ""
        box = str(view.getAttribute("viewBox") or "").replace(",", " ").split()
        width = float(box[2])
        shown = float(view.getBoundingClientRect().width)
    except Exception:  # noqa: BLE001 - a bad selector or no viewBox: nothing measured
        return ""
    return f"{shown / width:.4f}" if width > 0 and shown > 0 else ""


def _on_keydown(event: Any) -> None:
    """Enter or Space on a focused non-button target (an SVG cell with ``role=button``)
    acts like a click, so the board can be played from the keyboard."""
    try:
        if str(event.key) not in ("Enter", " "):
            return
        el = event.target
        if not hasattr(el, "getAttribute") or _text(el.getAttribute("data-act")) is None:
            return
        if str(el.tagName).upper() in ("BUTTON", "INPUT", "SELECT", "TEXTAREA", "A", "FORM"):
            return  # these handle the keys themselves
        event.preventDefault()
        dispatch(str(el.getAttribute("data-act")), _data_of(el))
    except Exception:  # noqa: BLE001
        _fail()


def _on_submit(event: Any) -> None:
    try:
        form = event.target
        act = _text(form.getAttribute("data-act"))
        if act is None:
            return
        event.preventDefault()
        dispatch(str(act), {**_data_of(form), **_form_fields(form)})
    except Exception:  # noqa: BLE001
        _fail()


def _on_change(event: Any) -> None:
    try:
        el = event.target
        act = _text(el.getAttribute("data-act")) if hasattr(el, "getAttribute") else None
        if act is None:
            return
        if act == "app.import-file":
            files = el.files
            if not _null(files) and int(files.length) > 0:
                _spawn(_import(files.item(0)))
            el.value = ""
            return
        data = _data_of(el)
        # a form marked data-change="form" (the new game's): a change sends all its fields
        if not _null(el.form) and _text(el.form.getAttribute("data-change")) == "form":
            data.update(_form_fields(el.form))
        data["value"] = str(el.value)
        dispatch(act, data)
    except Exception:  # noqa: BLE001
        _fail()


async def _import(file: Any) -> None:
    try:
        text = str(await file.text())
    except Exception:  # noqa: BLE001 - unreadable file: the controller says so
        text = ""
    dispatch("app.import", {"text": text})


def _on_hashchange(event: Any) -> None:
    """A link pasted into the address bar of an open app: open it as a new save."""
    from js import window

    try:
        fragment = (_text(window.location.hash) or "").lstrip("#")
        if not fragment:
            return
        if is_remote_link(fragment) and _app is not None and _model is not None:
            # A link of a game with friends can take a second to read on a phone (the
            # deck's shuffles checked, the end's audit): say so, and read it once the
            # page has painted that (in time slices: READ_SLICE_S).
            _say(_app.t(_model.lang)("app.remote.reading"))
            _later("app.open-link", {"fragment": fragment})
            return
        dispatch("app.open-link", {"fragment": fragment})
    except Exception:  # noqa: BLE001
        _fail()


_later_pending = 0  # acts _later has yet to dispatch


def _later(act: str, data: dict[str, str]) -> None:
    """Dispatch ``act`` a moment later (30 ms: the page paints first), unless the app
    was stopped (or started again) meanwhile.  While one is pending, ``body[data-later]``
    is 1 (a link's reading going on in slices: the tests and the benchmark wait for 0)."""
    global _later_pending
    from js import document, window
    from pyodide.ffi import create_once_callable

    app = _app
    _later_pending += 1
    document.body.dataset.later = "1"

    def go(*_: Any) -> None:
        global _later_pending
        try:
            if _app is app:
                dispatch(act, data)
        except Exception:  # noqa: BLE001
            _fail()
        finally:
            _later_pending -= 1
            if _later_pending <= 0:
                _later_pending = 0
                document.body.dataset.later = "0"

    window.setTimeout(create_once_callable(go), 30)


def _say(text: str) -> None:
    """Put ``text`` in the app's status line (the toast) at once, before a long act."""
    toast = _root.querySelector(".shell-toast") if _root is not None else None
    if toast is not None and not _null(toast):
        toast.textContent = text
        toast.hidden = False


def _fail() -> None:
    global _model
    if _model is not None:
        _model = replace(_model, toast=("app.error.unexpected", {}))
        try:
            _show()
        except Exception:  # noqa: BLE001 - nothing more can be done on this page
            pass


# --- history: one entry per screen ---------------------------------------------------------
# Each screen the app shows has its own entry in the browser's history, on the same
# address (the screen is in history.state: {"tablero": index, "screen": name}), so Back
# and Forward (and Android's back gesture) move between the app's screens, share links
# and offline reloads keep working, and Back never leaves a game: the app's first entry
# is always the start screen.  A screen the app returns to by its own controls (the
# rules' Close, a form's Cancel) is reached by going back in the history, so the entries
# stay in the order the player saw the screens.

_nav: dict[int, str] = {}  # the app's entries this visit: index -> screen
_nav_at = 0
_nav_quiet = 0  # history.back()/forward() calls of ours whose popstate is ignored


def _window() -> Any:
    from js import window

    return window


def _nav_screen(model: Model) -> str:
    """The history entry's name for ``model``'s screen ("end": a finished game's table)."""
    screen = model.screen
    if screen == "game" and model.game is not None and model.game.state.is_terminal():
        return "end"
    if screen == "rules" and model.rules_game is None:
        return "home"
    return screen


def _nav_start() -> None:
    """The start screen is the first entry; the first screen shown, if another, the
    second (so Back from a reopened game shows the start screen)."""
    global _nav_at
    assert _model is not None
    window = _window()
    history = window.history
    # The entries carry no #fragment: a link was read at boot, and going back to an entry
    # with one would open it again (a hashchange).
    plain = str(window.location.pathname) + str(window.location.search)
    history.replaceState(_state(0, "home"), "", plain)
    _nav.clear()
    _nav[0] = "home"
    _nav_at = 0
    screen = _nav_screen(_model)
    if screen != "home":
        _nav_at = 1
        _nav[1] = screen
        history.pushState(_state(1, screen), "", plain)


def _state(index: int, screen: str) -> Any:
    from pyodide.ffi import to_js

    return to_js({"tablero": index, "screen": screen}, dict_converter=_obj)


def _nav_follow() -> None:
    """After a render: a new screen gets its own entry (or, when it is the previous or
    next entry's, the history moves there); the table turning into the end of the game
    renames its entry, and so does the new-game form turning into the game it started
    (Back from a game goes where the form came from, not to the form already sent)."""
    global _nav_at, _nav_quiet
    if _model is None:
        return
    screen = _nav_screen(_model)
    here = _nav.get(_nav_at)
    if screen == here:
        return
    history = _window().history
    if here == "game" and screen == "end":
        _nav[_nav_at] = screen
        history.replaceState(_state(_nav_at, screen), "")
    elif _nav.get(_nav_at - 1) == screen:
        _nav_at -= 1
        _nav_quiet += 1
        history.back()
    elif _nav.get(_nav_at + 1) == screen:
        _nav_at += 1
        _nav_quiet += 1
        history.forward()
    elif here == "new" and screen == "game":
        _nav[_nav_at] = screen
        history.replaceState(_state(_nav_at, screen), "")
    else:
        for k in [k for k in _nav if k > _nav_at]:
            del _nav[k]
        _nav_at += 1
        _nav[_nav_at] = screen
        history.pushState(_state(_nav_at, screen), "")


def _on_popstate(event: Any) -> None:
    """Back or Forward: show the entry's screen (``app.nav``)."""
    global _nav_at, _nav_quiet
    try:
        state = event.state
        if _null(state) or _null(getattr(state, "tablero", None)):
            return  # not one of the app's entries (a link's #fragment change)
        index = int(state.tablero)
        screen = str(state.screen)
        _nav_at = index
        _nav[index] = screen
        if _nav_quiet:
            _nav_quiet -= 1
            return  # our own history.back()/forward(): the screen is already shown
        dispatch("app.nav", {"screen": screen})
    except Exception:  # noqa: BLE001
        _fail()


# --- installing the app -----------------------------------------------------------------
# boot.js keeps the browser's beforeinstallprompt event (window.tableroInstall) and sends
# tablero:install when it arrives or the app is installed; the menu offers "Install app".


def _install_state() -> str:
    install = getattr(_window(), "tableroInstall", None)
    return "" if install is None else str(install.state())


def _on_install(event: Any) -> None:
    try:
        dispatch("app.install-state", {"state": _install_state()})
    except Exception:  # noqa: BLE001
        _fail()


async def _prompt_install() -> None:
    """Show the browser's install prompt (``tableroInstall.prompt()``, which answers
    "unavailable" at once when the browser shows none) and send what came of it; the
    page takes input all the while (this runs beside it, nothing waits for it)."""
    install = getattr(_window(), "tableroInstall", None)
    outcome = "unavailable"
    if install is not None:
        try:
            outcome = str(await install.prompt())
        except Exception:  # noqa: BLE001 - the browser refused: no prompt was shown
            outcome = "unavailable"
    dispatch("app.install-state", {"state": _install_state(), "outcome": outcome})


# --- the bots' web worker (tablero.web.botworker) ------------------------------------------

_bots: BotWorker | None = None


def _bot_worker() -> BotWorker:
    """The page's bot worker, made on the first bot decision (the worker itself starts
    after the next paint: :meth:`BotWorker.ask`)."""
    global _bots
    if _bots is None:
        import js
        import pyodide.ffi

        _bots = BotWorker(js, pyodide.ffi, dispatch)
    return _bots
