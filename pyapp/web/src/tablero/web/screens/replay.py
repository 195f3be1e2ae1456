"""Stepping through a finished game, from its end panel."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from tablero.core import CorruptDataError
from tablero.core import replay as replay_game

from ..acts import act
from ..model import Effect, Model, viewer
from ..plugin import Selection, Translate
from ..svg import esc
from ..svg import icon as svg_icon
from .shell import button, shown_seats, tag_attrs

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


# --- rendering: the replay ------------------------------------------------------------


#: The replay's step controls, drawn (a font may lack the media glyphs): a bar and a
#: triangle for the ends, a triangle for one move.
_REPLAY_ICONS = {
    "first": "M5 5h2.5v14H5z M19 5v14L9 12z",
    "previous": "M17 5v14L7 12z",
    "next": "M7 5v14l10-7z",
    "last": "M16.5 5H19v14h-2.5z M5 5v14l10-7z",
}


def _replay_button(which: str, t: Translate, *, disabled: bool, **data: int) -> str:
    """A replay step control: its icon, named by its label (``app.replay.<which>``)."""
    label = t(f"app.replay.{which}")
    picture = svg_icon(f'<path d="{_REPLAY_ICONS[which]}" fill="currentColor"/>', 20,
                       "shell-replay-icon")  # fmt: skip
    attrs = tag_attrs(type="button", class_=f"shell-btn shell-replay-{which}",
                      data_act="app.replay-step", disabled=disabled, aria_label=label,
                      title=label, **{f"data_{k}": v for k, v in data.items()})  # fmt: skip
    return f"<button{attrs}>{picture}</button>"


def replay_screen(model: Model, app: App, t: Translate) -> str:
    game = model.game
    assert game is not None
    ui = app.get_ui(game.game_id)
    states = model.replay_states
    last = len(states) - 1
    k = model.replay_step
    state = states[k]
    seats = shown_seats(game.seats, app, model.lang)
    # Every position from the seat the replay was opened by (the end screen's viewer):
    # "you", the turn and the board's side stay the same at every step.
    view = state.view(model.replay_seat if 0 <= model.replay_seat < len(seats) else 0)
    if k > 0:
        entry = states[k].history[-1]
        try:
            said = ui.describe(entry, seats, t)
        except Exception:  # noqa: BLE001
            said = str(entry.get("move", ""))
    else:
        said = t("app.replay.start")
    controls = (
        '<div class="shell-replay-controls">'
        + _replay_button("first", t, step=0, disabled=k == 0)
        + _replay_button("previous", t, delta=-1, disabled=k == 0)
        + f'<span class="shell-replay-pos">{esc(t("app.replay.position", k=k, n=last))}</span>'
        + _replay_button("next", t, delta=1, disabled=k == last)
        + _replay_button("last", t, step=last, disabled=k == last)
        + "</div>"
        + f'<input class="shell-replay-range" type="range" min="0" max="{last}" value="{k}" '
        f'data-act="app.replay-step" aria-label="{esc(t("app.replay.slider"))}">'
    )
    return (
        '<section class="shell-replay">'
        f'<h1 class="shell-h1">{esc(t("app.replay.title"))}</h1>'
        f"{controls}"
        f'<p class="shell-replay-said" aria-live="polite">{esc(said)}</p>'
        '<div class="shell-table is-replay">'
        + ui.render_table(view, seats, Selection(), t, read_only=True)
        + "</div>"
        + '<div class="shell-actions">'
        + button(t("app.replay.close"), "app.replay-close", cls="shell-primary")
        + "</div></section>"
    )
