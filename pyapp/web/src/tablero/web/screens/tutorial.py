"""A game's first-game tutorial (:mod:`tablero.web.tutorial`): opened from the start
screen's game cards and from the game's rules help, left and resumed at the step where
the player was (the store keeps the step number), played on the game's own table."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from ..acts import act
from ..model import Model, TutorialRun, to_screen
from ..plugin import Selection, Translate
from ..saves import SavedGame
from ..svg import esc
from ..tutorial import YOU, clicked_after, highlight, seats, target_clicks
from ..tutorials import expected_move, get_tutorial, state_at
from .home import home_screen
from .shell import button
from .table import game_screen

if TYPE_CHECKING:
    from ..app import App
    from ..tutorial import Tutorial

__all__ = ["click", "tutorial_of"]

#: The id of the tutorial's game (never saved: it is rebuilt from its step).
TUTORIAL_ID = "tutorial"


def tutorial_of(app: App, model: Model) -> Tutorial | None:
    run = model.tutorial
    return get_tutorial(run.game_id) if run is not None else None


def _at(app: App, model: Model, tutorial: Tutorial, step: int) -> Model:
    """``model`` showing ``tutorial`` at ``step`` (kept as the progress to resume)."""
    step = max(0, min(step, len(tutorial.steps) - 1))
    now = app.now()
    t = app.t(model.lang)
    game = SavedGame(
        id=TUTORIAL_ID,
        name=t("app.tutorial.title", game=t(app.entry(tutorial.game_id).title_key)),
        game_id=tutorial.game_id,
        seats=seats(tutorial, t),
        state=state_at(tutorial, step),
        created=now,
        updated=now,
    )
    run = TutorialRun(tutorial.game_id, step, game)
    # The last step reached: the tutorial is done, and begins again next time.
    progress = 0 if step == len(tutorial.steps) - 1 else step
    try:
        app.store.set_tutorial_progress(tutorial.game_id, progress)
    except Exception:  # noqa: BLE001 - the tutorial goes on; only resuming it is lost
        pass
    return replace(model, screen="tutorial", tutorial=run, selection=Selection(), drawer=None)


@act("app.tutorial", screen="tutorial")
def start(app: App, model: Model, data: dict[str, str]) -> Model:
    """Open the tutorial of ``data-game`` where the player left it (``data-from``:
    ``start`` for the first step)."""
    game_id = data.get("game") or (model.rules_game or "")
    tutorial = get_tutorial(game_id)
    if tutorial is None:
        return replace(model, toast=("app.tutorial.none", {}))
    step = 0 if data.get("from") == "start" else app.store.tutorial_progress().get(game_id, 0)
    return _at(app, to_screen(model, "tutorial"), tutorial, step)


@act("app.tutorial-next", screen="tutorial", same_game=True)
def next_step(app: App, model: Model, data: dict[str, str]) -> Model:
    """The next step, after a read or a watch step (a play step goes on by its move)."""
    tutorial = tutorial_of(app, model)
    run = model.tutorial
    if tutorial is None or run is None:
        return replace(model, screen="home")
    if tutorial.steps[run.step].clicks:
        return replace(model, toast=("app.tutorial.play-first", {}))
    if run.step + 1 >= len(tutorial.steps):
        return replace(model, screen="home", tutorial=None)
    return _at(app, model, tutorial, run.step + 1)


@act("app.tutorial-leave", screen="tutorial", same_game=True, view_only=True)
def leave(app: App, model: Model, data: dict[str, str]) -> Model:
    """Back to the start screen; the tutorial resumes at this step next time."""
    return replace(model, screen="home", tutorial=None, selection=Selection(), drawer=None)


def click(app: App, model: Model, act: str, data: dict[str, str]) -> Model:
    """A click on the tutorial's table: the game's plugin builds the selection; a move it
    makes is played if it is the step's, else refused with a word why."""
    tutorial = tutorial_of(app, model)
    run = model.tutorial
    if tutorial is None or run is None:
        return model
    ui = app.get_ui(run.game_id)
    step = tutorial.steps[run.step]
    state = run.game.state
    view_only = act in getattr(ui, "view_acts", ())
    if not view_only and (not step.clicks or state.current_player != YOU):
        return replace(model, toast=("app.tutorial.read-first", {}))
    target = {**data, "act": act}
    try:
        selection, move = ui.on_click(state.view(YOU), model.selection, target)
    except ValueError as exc:
        return replace(model, toast=("app.error.move", {"reason": str(exc)}))
    if view_only:
        return replace(model, selection=selection)
    if move is None:
        clicked = clicked_after(step, run.clicked, target, not selection.data)
        return replace(model, selection=selection, tutorial=replace(run, clicked=clicked))
    if str(move) != str(expected_move(tutorial, state, step)):
        return replace(
            model, selection=Selection(), tutorial=replace(run, clicked=0),
            toast=("app.tutorial.not-this", {}),
        )  # fmt: skip
    return _at(app, model, tutorial, run.step + 1)


# --- rendering: the tutorial ----------------------------------------------------------


#: Words of a tutorial's text for a keyboard only ("or press R"), marked ``[[...]]`` in
#: its catalogs: a touch-only device does not show them (the class ``tb-keys``).
_KEYBOARD_WORDS = re.compile(r"\[\[(.+?)\]\]")


def _keyboard_words(escaped: str) -> str:
    """``escaped`` (text already escaped) with its ``[[...]]`` parts in a ``tb-keys`` span."""
    return _KEYBOARD_WORDS.sub(r'<span class="tb-keys">\1</span>', escaped)


def tutorial_screen(model: Model, app: App, t: Translate) -> str:
    """The tutorial's table (the game's own, its next click highlighted) under the step's
    text, with the way on: "Next" (a read or watch step), or the move to make."""
    run = model.tutorial
    assert run is not None
    tutorial = get_tutorial(run.game_id)
    if tutorial is None:
        return home_screen(model, app, t)
    step = tutorial.steps[run.step]
    last = run.step == len(tutorial.steps) - 1
    # the seats' names in the language on screen (it may have changed since the step began)
    game = replace(run.game, seats=seats(tutorial, t))
    shown = replace(
        model, screen="game", game=game, undo=(), revealed=None, thinking=None,
        bot_problem=None,
    )  # fmt: skip
    table = game_screen(shown, app, t)
    if step.clicks:
        table, _ = highlight(table, target_clicks(step, run.clicked))
    count = t("app.tutorial.step", n=run.step + 1, total=len(tutorial.steps))
    text = "".join(
        f'<p class="shell-tutorial-text">{_keyboard_words(esc(part))}</p>'
        for part in t(step.say, **step.params).split("\n\n")
    )
    if step.clicks:
        hint = f'<p class="shell-tutorial-hint">{esc(t("app.tutorial.hint"))}</p>'
        actions = ""
    elif last:
        hint = ""
        actions = (
            button(t("app.tutorial.real-game"), "app.new", cls="shell-primary",
                   game=run.game_id, focus="1")
            + button(t("app.tutorial.again"), "app.tutorial", game=run.game_id, from_="start")
        )  # fmt: skip
    else:
        hint = ""
        actions = button(t("app.tutorial.next"), "app.tutorial-next", cls="shell-primary",
                         focus="1")  # fmt: skip
    actions += button(t("app.tutorial.leave"), "app.tutorial-leave")
    coach = (
        f'<section class="shell-tutorial" aria-labelledby="shell-tutorial-h" '
        f'data-step="{run.step + 1}" data-kind="{esc(step.kind)}">'
        f'<h2 id="shell-tutorial-h" class="shell-tutorial-count">'
        f"{esc(t('app.tutorial.title', game=t(app.entry(run.game_id).title_key)))}"
        f' <span>{esc(count)}</span></h2><div aria-live="polite">{text}{hint}</div>'
        f'<div class="shell-actions">{actions}</div></section>'
    )
    return coach + table
