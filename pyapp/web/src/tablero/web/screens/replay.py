"""Stepping through a finished game, from its end panel."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tablero.core import CorruptDataError
from tablero.core import replay as replay_game

from ..acts import act
from ..model import Effect, Model, viewer

if TYPE_CHECKING:
    from ..app import App

__all__: list[str] = []


@act("app.replay", screen="replay", same_game=True, view_only=True)
def replay(app: App, model: Model, data: dict[str, str]) -> Model:
    game = model.game
    if game is None or not game.state.is_terminal():
        return model
    moves = [entry["move"] for entry in game.state.history]
    try:
        state = replay_game(game.game_id, dict(game.state.setup), [])
        states = [state]
        for text in moves:
            state = state.apply(text)
            states.append(state)
    except (CorruptDataError, ValueError):
        return replace(model, toast=("app.error.replay-failed", {}))
    return replace(
        model, screen="replay", replay_states=tuple(states), replay_step=len(states) - 1,
        replay_seat=viewer(model), effects=(Effect("scroll_top"),),
    )  # fmt: skip


@act("app.replay-step", screen="replay", same_game=True, view_only=True)
def replay_step(app: App, model: Model, data: dict[str, str]) -> Model:
    if not model.replay_states:
        return model
    last = len(model.replay_states) - 1
    step = model.replay_step
    if "step" in data:
        try:
            step = int(data["step"])
        except ValueError:
            return model
    elif "value" in data:
        try:
            step = int(data["value"])
        except ValueError:
            return model
    elif "delta" in data:
        try:
            step += int(data["delta"])
        except ValueError:
            return model
    return replace(model, replay_step=max(0, min(last, step)))


@act("app.replay-close", screen="replay", same_game=True, view_only=True)
def replay_close(app: App, model: Model, data: dict[str, str]) -> Model:
    return replace(model, screen="game", replay_states=(), replay_step=0)
