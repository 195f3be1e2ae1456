"""What every screen shows around itself: the menu bar (back, language, share, export,
import), the notice and the share panel (a game's link, or a finished solitaire game
shared as a challenge); and a link pasted into the address bar (a game's, or a
challenge's: :mod:`tablero.web.challenge`).  Their acts; :mod:`.shell` renders them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tablero.core import CorruptDataError

from ..acts import act, page_performs
from ..challenge import (
    challenge_problem,
    decode_challenge,
    encode_challenge,
    is_challenge,
)
from ..i18n import LANGUAGES
from ..links import decode_link, encode_link
from ..model import MAX_SAVE_NAME, Effect, Model, Msg, clean, leave_share, problem, sharing
from ..names import default_name_in, sender_name, solo_name
from ..plugin import Seat
from ..remotegames import import_remote, is_remote_link
from ..saves import SavedGame, StorageFullError, export_json, import_json
from .remote import open_remote_link, remote_export, remote_share, reopen
from .table import open_game

if TYPE_CHECKING:
    from ..app import App

__all__ = ["open_challenge", "open_link"]


@act("app.back", screen="frame", view_only=True)
def back(app: App, model: Model, data: dict[str, str]) -> Model:
    target = model.back if model.back != model.screen else "home"
    if target == "game" and model.game is None:
        target = "home"
    return replace(model, screen=target, renaming=None, deleting=None, drawer=None)


#: The screens a history entry can name (``history.state.screen``): the model's screens,
#: and "end", the table of a finished game.
NAV_SCREENS = ("home", "new", "game", "end", "rules", "saves", "replay", "tutorial", "remote")


@act("app.nav", screen="frame", same_game=True, view_only=True, sent_by="page")
def nav(app: App, model: Model, data: dict[str, str]) -> Model:
    """The browser's Back or Forward reached one of the app's history entries: show its
    screen if it can still be shown (the game it showed is in memory, the rules it
    showed are known...), else the start screen.  Never plays, saves or asks a bot;
    the table asks its bot when shown again (``app.game``)."""
    screen = data.get("screen", "")
    base = replace(
        model, renaming=None, deleting=None, drawer=None, install_help=False,
        share_url=None, effects=leave_share(model),
    )  # fmt: skip
    if screen in ("game", "end") and model.game is not None:
        return replace(base, screen="game", replay_states=(), replay_step=0)
    if screen == "rules" and model.rules_game is not None:
        return replace(base, screen="rules")
    if screen == "tutorial" and model.tutorial is not None:
        return replace(base, screen="tutorial")
    if screen == "new" and model.form is not None:
        return replace(base, screen="new")
    if screen == "replay" and model.game is not None and model.replay_states:
        return replace(base, screen="replay")
    if screen == "remote" and (model.remote_form or model.remote_invite or model.remote):
        if model.remote is not None and model.remote.started:
            return replace(base, screen="game")
        return replace(base, screen="remote")
    if screen == "saves":
        summaries, problems = app.store.list()
        return replace(base, screen="saves", saves=tuple(summaries), problems=tuple(problems))
    return replace(base, screen="home")


@act("app.drawer", screen="frame", same_game=True, view_only=True)
def drawer(app: App, model: Model, data: dict[str, str]) -> Model:
    """Open the drawer ``data-drawer`` ("side", "log") over the table, or close it."""
    which = data.get("drawer") or None
    if which not in (None, "side", "log") or model.drawer == which:
        which = None
    return replace(model, drawer=which)


# --- installing the app -------------------------------------------------------------------


@act("app.install", screen="frame", same_game=True, view_only=True)
def install(app: App, model: Model, data: dict[str, str]) -> Model:
    """The menu's "Install app": the browser's prompt when it offers one (the page
    answers with ``app.install-state``, at once when the prompt cannot be shown), the
    how-to of Safari's Share menu on iOS, else (the offer is gone) why it cannot be
    done here.  Nothing of it waits for the browser: the app takes input throughout."""
    if model.install == "available":
        return replace(model, effects=(Effect("install"),))
    if model.install == "ios":
        return replace(model, install_help=True)
    return _cannot_install(model)


def _cannot_install(model: Model) -> Model:
    """Say that this browser offers no way to install the app from the page: a notice
    that stays until dismissed (a toast beside a notice already shown)."""
    said: Msg = ("app.install.unavailable", {})
    if model.notice is None or model.notice == said:
        return replace(model, notice=said)
    return replace(model, toast=said)


@act("app.install-help-close", screen="frame", same_game=True, view_only=True)
def install_help_close(app: App, model: Model, data: dict[str, str]) -> Model:
    return replace(model, install_help=False)


@act("app.install-state", screen="frame", same_game=True, view_only=True, sent_by="page")
def install_state(app: App, model: Model, data: dict[str, str]) -> Model:
    """What the page learnt of installation (``beforeinstallprompt``, ``appinstalled``,
    the prompt's answer, the display mode); ``outcome="unavailable"``: the browser
    showed no prompt after all (the offer was spent or refused), which is said."""
    state = data.get("state", "")
    if state not in ("", "available", "ios", "installed"):
        return model
    toast: Msg | None = None
    if state == "installed" and model.install != state:
        toast = ("app.install.done", {})
    model = replace(
        model, install=state, install_help=model.install_help and state != "installed",
        toast=toast or model.toast,
    )  # fmt: skip
    if data.get("outcome") == "unavailable" and state != "installed":
        return _cannot_install(model)
    return model


@act("app.dismiss", screen="frame", same_game=True, view_only=True)
def dismiss(app: App, model: Model, data: dict[str, str]) -> Model:
    return replace(model, notice=None)


@act("app.playback", screen="frame", same_game=True, view_only=True)
def playback(app: App, model: Model, data: dict[str, str]) -> Model:
    """The menu's playback switch: the others' moves shown one at a time and the end told
    step by step, or everything at once.  The browser keeps the choice
    (``Effect("playback")``); turned off, a bot's move held for the pace is shown now."""
    on = not model.playback
    effects = (*model.effects, Effect("playback", {"on": "1" if on else "0"}))
    if not on:
        effects = (*effects, Effect("hurry"))
    return replace(model, playback=on, effects=effects)


@act("app.lang", screen="frame", same_game=True, view_only=True)
def lang(app: App, model: Model, data: dict[str, str]) -> Model:
    lang = data.get("value", "")
    if lang not in LANGUAGES:
        return model
    model = _default_names_in(app, model, lang)
    return replace(model, lang=lang, effects=(Effect("lang", {"lang": lang}),))


def _default_names_in(app: App, model: Model, lang: str) -> Model:
    """Default player names ("Player 2", "プレイヤー2") in the new-game form follow the
    language; a typed name is kept.  (A game's seats keep their names: the views show a
    default name in the language on screen, :func:`tablero.web.screens.shell.shown_seats`.)"""
    form = model.form
    if form is None:
        return model
    names = tuple(default_name_in(app, name, i, lang) for i, name in enumerate(form.names))
    return replace(model, form=replace(form, names=names))


# --- sharing and exporting ----------------------------------------------------------------


@act("app.share", screen="frame", same_game=True, view_only=True)
def share(app: App, model: Model, data: dict[str, str]) -> Model:
    game = model.game
    if model.remote is not None:
        return remote_share(app, model, data)  # a game with friends: its last link
    if game is None:
        return model
    try:
        fragment = encode_link(game.state, list(game.seats))
    except ValueError as exc:  # ShareError, CorruptDataError: each has its own message
        reason = problem(exc)
        toast = (
            reason if isinstance(reason, tuple) else ("app.error.share-failed", {"reason": reason})
        )
        return replace(model, toast=toast)
    return sharing(model, fragment)


@act("app.challenge-share", screen="frame", view_only=True)
def challenge_share(app: App, model: Model, data: dict[str, str]) -> Model:
    """A finished solitaire game shared as a challenge: its deal, with its score and
    beach as the target (``tablero.web.challenge``)."""
    game = model.game
    if game is None:
        return model
    try:
        fragment = encode_challenge(game.state, game.seats[0].name)
    except ValueError as exc:  # ShareError, CorruptDataError: each has its own message
        reason = challenge_problem(exc)
        return replace(model, toast=("app.challenge.share-failed", {"reason": reason}))
    return sharing(model, fragment)


@act("app.copied", screen="frame", same_game=True, view_only=True, sent_by="page")
def copied(app: App, model: Model, data: dict[str, str]) -> Model:
    return replace(model, copied=data.get("ok") == "1")


@act("app.share-close", screen="frame", same_game=True, view_only=True)
def share_close(app: App, model: Model, data: dict[str, str]) -> Model:
    return replace(model, share_url=None, copied=None, effects=leave_share(model))


@act("app.export", screen="frame", same_game=True, view_only=True)
def export(app: App, model: Model, data: dict[str, str]) -> Model:
    game_id = data.get("id")
    if model.remote is not None and game_id in (None, "", model.remote.id):
        return remote_export(app, model, data)  # with its secret, as its panel says
    game: SavedGame | None
    if game_id and (model.game is None or model.game.id != game_id):
        try:
            game = app.store.load(game_id)
        except Exception:  # noqa: BLE001 - reported, nothing changes
            return replace(model, toast=("app.error.export-failed", {}))
    else:
        game = model.game
    if game is None:
        return model
    text = export_json(game)
    filename = "tablero-" + _slug(game.name) + ".json"
    return replace(model, effects=(Effect("download", {"filename": filename, "text": text}),))


def _slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in name.lower())
    out = "-".join(part for part in out.split("-") if part)
    return out[:40] or "game"


# The file input: the page reads the chosen file (the controller cannot) and sends its
# text as app.import.
page_performs("app.import-file", screen="frame", then="app.import")


@act("app.import", screen="frame", sent_by="page")
def import_(app: App, model: Model, data: dict[str, str]) -> Model:
    text = data.get("text", "")
    link = text.strip()
    if is_remote_link(link.split("#", 1)[-1]) and len(link.split()) == 1:
        return open_remote_link(app, model, link)  # a link sent as a file
    if '"tablero-remote"' in text[:200]:
        try:
            remote_id = import_remote(text, app.remote)
        except StorageFullError:
            return replace(model, storage_full=True, notice=("app.error.storage-full", {}))
        except (CorruptDataError, ValueError) as exc:
            return replace(model, toast=("app.error.import-failed", {"reason": problem(exc)}))
        return reopen(app, replace(model, toast=("app.remote.imported", {})), remote_id)
    try:
        game = import_json(text, app.store, app.now())
    except StorageFullError:
        return replace(model, storage_full=True, notice=("app.error.storage-full", {}))
    except (CorruptDataError, ValueError) as exc:
        return replace(model, toast=("app.error.import-failed", {"reason": problem(exc)}))
    model = replace(model, toast=("app.import.done", {"name": game.name}))
    return open_game(app, model, game)


# --- links ----------------------------------------------------------------------------------


@act("app.open-link", screen="frame", sent_by="page")
def open_link_act(app: App, model: Model, data: dict[str, str]) -> Model:
    fragment = data.get("fragment", "").lstrip("#")
    if not fragment:
        return model
    if model.share_url is not None and model.share_url.endswith("#" + fragment):
        return model  # the link this app just put in the address bar
    return open_link(app, model, fragment)


@act("app.remote-continue", screen="frame", sent_by="page")
def remote_continue(app: App, model: Model, data: dict[str, str]) -> Model:
    """The next slice of a link's reading (``fragment``: the links, joined; ``step``: the
    slices done), sent by the page a moment after the last one paused."""
    try:
        step = int(data.get("step", "1"))
    except ValueError:
        step = 1
    return open_remote_link(app, model, data.get("fragment", ""), step)


def _current_save(app: App) -> SavedGame | None:
    """The game to reopen, if it can be read."""
    current = app.store.current()
    if not current:
        return None
    try:
        return app.store.load(current)
    except Exception:  # noqa: BLE001 - an unreadable save is not the link's game
        return None


def open_link(app: App, model: Model, fragment: str) -> Model:
    """Open a shared link (the address's fragment) as a new save, or reopen the save it
    was shared from; a damaged link leaves the model with a notice.  A challenge link
    (``tc1.``) starts a game on its deal (:func:`open_challenge`)."""
    if is_challenge(fragment):
        return open_challenge(app, model, fragment)
    if is_remote_link(fragment):
        return open_remote_link(app, model, fragment)
    try:
        state, seats = decode_link(fragment)
    except CorruptDataError as exc:
        return replace(
            model, notice=("app.error.bad-link", {"reason": problem(exc)}),
            effects=(Effect("clear_hash"),),
        )  # fmt: skip
    effects = (Effect("clear_hash"),)
    # A reload right after sharing finds the link of the game it was showing:
    # reopen that save rather than adding a copy of it.
    existing = _current_save(app)
    if existing is not None and list(existing.seats) == list(seats) and existing.state == state:
        return open_game(app, replace(model, effects=effects), existing)
    t = app.t(model.lang)
    game_id = state.game.id
    now = app.now()
    title = t(app.entry(game_id).title_key)
    game = SavedGame(
        id=app.store.new_id(),
        name=clean(
            t("app.save.link-name", game=title, names=", ".join(s.name for s in seats)),
            MAX_SAVE_NAME,
        ),
        game_id=game_id,
        seats=list(seats),
        state=state,
        created=now,
        updated=now,
    )
    model = replace(model, effects=effects, toast=("app.link.opened", {}))
    return open_game(app, model, game, save_it=True)


def open_challenge(app: App, model: Model, fragment: str) -> Model:
    """Start a fresh game on a challenge link's deal, saved with the challenge (whose
    target is shown once the game is over); or reopen the finished game the link was
    shared from (a reload right after sharing it).  A bad link leaves the model with a
    notice: nothing is lost."""
    try:
        challenge = decode_challenge(fragment)
    except CorruptDataError as exc:
        return replace(
            model, notice=("app.challenge.bad", {"reason": challenge_problem(exc)}),
            effects=(Effect("clear_hash"),),
        )  # fmt: skip
    model = replace(model, effects=(Effect("clear_hash"),))
    existing = _current_save(app)
    if existing is not None and existing.state == challenge.target:
        return open_game(app, model, existing)
    t = app.t(model.lang)
    game_id = challenge.target.game.id
    sender = sender_name(app, challenge, model.lang)
    now = app.now()
    game = SavedGame(
        id=app.store.new_id(),
        name=clean(
            t("app.challenge.save-name", game=t(app.entry(game_id).title_key), name=sender),
            MAX_SAVE_NAME,
        ),
        game_id=game_id,
        seats=[Seat(solo_name(app, model.game or existing, model.lang), 0)],
        state=challenge.deal(),
        created=now,
        updated=now,
        challenge=challenge,
    )
    model = replace(model, toast=("app.challenge.opened", {"name": sender}))
    return open_game(app, model, game, save_it=True)
