"""The saved games: the list, resume, rename, delete (export is the frame's)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..acts import act
from ..model import MAX_SAVE_NAME, Effect, Model, clean, leave_share
from ..saves import SAVE_PREFIX, StorageFullError
from .table import open_game

if TYPE_CHECKING:
    from ..app import App

__all__: list[str] = []


@act("app.saves", screen="saves", view_only=True)
def saves(app: App, model: Model, data: dict[str, str]) -> Model:
    summaries, problems = app.store.list()
    back = model.screen if model.screen in ("home", "game") else model.back
    return replace(
        model, screen="saves", saves=tuple(summaries), problems=tuple(problems),
        back=back, renaming=None, deleting=None, share_url=None,
        effects=(*leave_share(model), Effect("scroll_top"), Effect("storage_info")),
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
