"""The saved games: the list, resume, rename, delete (export is the frame's)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..acts import act
from ..model import MAX_SAVE_NAME, Effect, Model, clean, shown_text, to_screen
from ..plugin import Translate
from ..saves import SAVE_PREFIX, SaveProblem, StorageFullError
from ..svg import esc
from .remote_strip import remote_list
from .shell import button, import_control, players_line, save_title, shown_seats
from .table import open_game

if TYPE_CHECKING:
    from ..app import App

__all__: list[str] = []


@act("app.saves", screen="saves", view_only=True)
def saves(app: App, model: Model, data: dict[str, str]) -> Model:
    summaries, problems = app.store.list()
    back = model.screen if model.screen in ("home", "game") else model.back
    return to_screen(
        model, "saves", Effect("storage_info"), saves=tuple(summaries),
        problems=tuple(problems), remote_saves=tuple(app.remote.list()),
        back=back, renaming=None, deleting=None,
    )  # fmt: skip


#: What ``app.storage-info`` may carry (see ``Model.storage_info``).
STORAGE_INFO = ("saves", "used", "quota", "persisted", "can_persist")


@act("app.storage-info", screen="saves", same_game=True, view_only=True, sent_by="page")
def storage_info(app: App, model: Model, data: dict[str, str]) -> Model:
    """What the page learnt of its storage (``navigator.storage.estimate()``,
    ``persisted()``, the saved games' size): shown on the saves screen."""
    info = {k: v for k in STORAGE_INFO if (v := data.get(k, "")).isdigit() or v == ""}
    return replace(model, storage_info=info)


@act("app.persist", screen="saves", same_game=True, view_only=True)
def persist(app: App, model: Model, data: dict[str, str]) -> Model:
    """Ask the browser to keep the storage (``navigator.storage.persist()``); the page
    answers with ``app.storage-info``."""
    return replace(model, effects=(Effect("persist", {"then": "app.storage-info"}),))


@act("app.export-problem", screen="saves", same_game=True, view_only=True)
def export_problem(app: App, model: Model, data: dict[str, str]) -> Model:
    """Download a stored entry that cannot be read here (from a newer version, damaged)
    exactly as it is stored, so that it can be kept or opened elsewhere."""
    key = data.get("key", "")
    if not key.startswith(SAVE_PREFIX):
        return model
    try:
        text = app.store.storage.get(key)
    except Exception:  # noqa: BLE001 - reported, nothing changes
        text = None
    if text is None:
        return replace(model, toast=("app.error.export-failed", {}))
    name = "".join(c if c.isalnum() else "-" for c in key[len(SAVE_PREFIX) :])[:32] or "save"
    filename = f"tablero-{name}.json"
    return replace(model, effects=(Effect("download", {"filename": filename, "text": text}),))


def _refresh(app: App, model: Model) -> Model:
    summaries, problems = app.store.list()
    return replace(model, saves=tuple(summaries), problems=tuple(problems))


@act("app.resume", screen="saves")
def resume(app: App, model: Model, data: dict[str, str]) -> Model:
    game_id = data.get("id", "")
    if model.game is not None and model.game.id == game_id:
        return replace(model, screen="game")
    try:
        game = app.store.load(game_id)
    except Exception:  # noqa: BLE001 - reported in one sentence, nothing lost
        return replace(model, toast=("app.error.resume-failed", {}))
    return open_game(app, model, game)


@act("app.rename", screen="saves", view_only=True)
def rename(app: App, model: Model, data: dict[str, str]) -> Model:
    return replace(model, renaming=data.get("id"), deleting=None)


@act("app.rename-save", screen="saves")
def rename_save(app: App, model: Model, data: dict[str, str]) -> Model:
    game_id = data.get("id") or model.renaming
    name = clean(data.get("name", ""), MAX_SAVE_NAME)
    if not game_id:
        return model
    if not name:
        return replace(model, toast=("app.saves.error.empty-name", {}))
    try:
        app.store.rename(game_id, name)
    except StorageFullError:
        return replace(model, notice=("app.error.storage-full", {}))
    except Exception:  # noqa: BLE001
        return replace(model, toast=("app.error.rename-failed", {}))
    if model.game is not None and model.game.id == game_id:
        model = replace(model, game=replace(model.game, name=name))
    return _refresh(app, replace(model, renaming=None))


@act("app.rename-cancel", screen="saves", view_only=True)
def rename_cancel(app: App, model: Model, data: dict[str, str]) -> Model:
    return replace(model, renaming=None, deleting=None)


@act("app.delete", screen="saves", view_only=True)
def delete(app: App, model: Model, data: dict[str, str]) -> Model:
    return replace(model, deleting=data.get("id"), renaming=None)


@act("app.delete-confirm", screen="saves")
def delete_confirm(app: App, model: Model, data: dict[str, str]) -> Model:
    game_id = data.get("id") or model.deleting
    if not game_id:
        return model
    try:
        app.store.delete(game_id)
    except Exception:  # noqa: BLE001
        return replace(model, toast=("app.error.delete-failed", {}))
    if model.game is not None and model.game.id == game_id:
        model = replace(model, game=None, undo=(), revealed=None, thinking=None, bot_problem=None)
        if model.back == "game":
            model = replace(model, back="home")
    return _refresh(app, replace(model, deleting=None))


# --- rendering: the saved games -------------------------------------------------------


def _when(ms: float) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(ms / 1000))
    except (OverflowError, OSError, ValueError):
        return "?"


def saves_screen(model: Model, app: App, t: Translate) -> str:
    parts = [f'<h1 class="shell-h1">{esc(t("app.saves.title"))}</h1>']
    if model.problems:
        parts.append(
            f'<section class="shell-problems" role="alert"><h2 class="shell-h2">'
            f"{esc(t('app.saves.problems', n=len(model.problems)))}</h2><ul>"
        )
        for problem in model.problems:
            # Kept as it is; exported as it is (to keep it, or open it in a newer version).
            export = button(t("app.saves.export"), "app.export-problem", key=problem.key)
            parts.append(
                f'<li class="shell-problem">{esc(problem_text(problem, t))}'
                f" <code>{esc(problem.key)}</code> {export}</li>"
            )
        parts.append(
            f'</ul><p class="shell-hint">{esc(t("app.saves.problems-kept"))}</p></section>'
        )
    if model.remote_saves:
        parts.append(remote_list(model, app, t))
    if not model.saves:
        parts.append(f'<p class="shell-hint">{esc(t("app.saves.none"))}</p>')
    else:
        parts.append('<ul class="shell-saves">')
        for summary in model.saves:
            parts.append(_save_item(model, summary, app, t))
        parts.append("</ul>")
    parts.append(
        '<div class="shell-actions">'
        + import_control(t)
        + button(t("app.saves.back"), "app.back")
        + "</div>"
    )
    parts.append(_storage_section(model, t))
    return "".join(parts)


def _size(n: int) -> str:
    """A number of bytes for people: 950 B, 45 KB, 1.2 MB, 3.4 GB."""
    for unit, size in (("GB", 10**9), ("MB", 10**6), ("KB", 10**3)):
        if n >= size:
            value = n / size
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
    return f"{n} B"


def _storage_section(model: Model, t: Translate) -> str:
    """The browser's storage: how much the saved games take, how much Tablero uses of
    what the browser allows (``navigator.storage.estimate()``), and whether the browser
    keeps it (``persisted()``), with a way to ask it to (``persist()``)."""
    lines = []
    if model.storage_off:
        lines.append(f'<p class="shell-warning">{esc(t("app.storage.off"))}</p>')
    info = model.storage_info or {}
    if info.get("saves", "").isdigit() and not model.storage_off:
        lines.append(f"<p>{esc(t('app.storage.saves', size=_size(int(info['saves']))))}</p>")
    if info.get("used", "").isdigit() and info.get("quota", "").isdigit():
        used, quota = _size(int(info["used"])), _size(int(info["quota"]))
        lines.append(f"<p>{esc(t('app.storage.all', used=used, quota=quota))}</p>")
    persisted = info.get("persisted", "")
    if persisted == "1":
        lines.append(f'<p class="shell-storage-kept">{esc(t("app.storage.kept"))}</p>')
    elif persisted == "0" and not model.storage_off:
        lines.append(f'<p class="shell-hint">{esc(t("app.storage.not-kept"))}</p>')
        if info.get("can_persist") == "1":
            lines.append(
                f'<div class="shell-actions">{button(t("app.storage.persist"), "app.persist")}'
                "</div>"
            )
    if not lines:
        return ""
    return (
        '<section class="shell-card shell-storage" aria-labelledby="shell-storage-h">'
        f'<h2 id="shell-storage-h" class="shell-h2">{esc(t("app.storage.title"))}</h2>'
        + "".join(lines)
        + "</section>"
    )


def _save_item(model: Model, s: Any, app: App, t: Translate) -> str:
    entry = next((e for e in app.games if e.id == s.game_id), None)
    name = save_title(app, s, model.lang)
    title = t(entry.title_key) if entry else s.game_id
    seats = shown_seats(s.seats, app, model.lang)
    if s.over:
        best = ", ".join(seats[p].name for p in s.winners)
        status = t("app.saves.over", winners=best)
    elif s.current_player is not None:
        status = t("app.saves.turn", name=seats[s.current_player].name)
    else:
        status = ""
    meta = " · ".join(
        x
        for x in (
            title,
            players_line(seats),
            t("app.saves.turns", n=s.turns),
            status,
            t("app.saves.updated", when=_when(s.updated)),
        )
        if x
    )
    here = model.game is not None and model.game.id == s.id
    mark = f' <span class="shell-badge">{esc(t("app.saves.open"))}</span>' if here else ""
    head = (
        f'<div class="shell-save-name">{esc(shown_text(name))}{mark}</div>'
        f'<div class="shell-meta">{esc(meta)}</div>'
    )
    if model.renaming == s.id:
        actions = (
            f'<form class="shell-rename" data-act="app.rename-save" data-id="{esc(s.id)}">'
            f'<label class="shell-field"><span>{esc(t("app.saves.new-name"))}</span>'
            f'<input type="text" name="name" value="{esc(name)}" maxlength="{MAX_SAVE_NAME}" '
            f'required autofocus></label><div class="shell-actions">'
            '<button type="submit" class="shell-btn shell-primary">'
            f"{esc(t('app.saves.rename-ok'))}</button>"
            + button(t("app.saves.cancel"), "app.rename-cancel")
            + "</div></form>"
        )
    elif model.deleting == s.id:
        confirm = t("app.saves.delete-confirm", name=shown_text(name))
        actions = (
            f'<p class="shell-warning">{esc(confirm)}</p>'
            '<div class="shell-actions">'
            + button(t("app.saves.delete-ok"), "app.delete-confirm", cls="shell-danger", id=s.id)
            + button(t("app.saves.keep"), "app.rename-cancel")
            + "</div>"
        )
    else:
        actions = (
            '<div class="shell-actions">'
            + button(t("app.saves.resume"), "app.resume", cls="shell-primary", id=s.id)
            + button(t("app.saves.rename"), "app.rename", id=s.id)
            + button(t("app.saves.export"), "app.export", id=s.id)
            + button(t("app.saves.delete"), "app.delete", id=s.id)
            + "</div>"
        )
    return f'<li class="shell-card shell-save" data-save="{esc(s.id)}">{head}{actions}</li>'


def problem_text(problem: SaveProblem, t: Translate) -> str:
    """A save problem in the player's language when its code is in the catalog."""
    key = f"app.problem.{problem.code}" if problem.code else None
    return t(key) if key and t(key) != key else problem.message
