"""The table: the game on screen, the pass-the-device screen, the bots' turns and the end
of a game (the table's final state: the end panel's acts are ``app.replay`` and
``app.new``).  Also what every screen that opens a game uses: :func:`open_game`,
:func:`save`.

Bots: a seat of kind ``bot:<level>`` is played by ``tablero.bots``.  When such a seat is
to move, :func:`ask_bot` records a :class:`~tablero.web.model.Thinking` and asks the page
for an ``Effect("think")`` carrying that seat's *view* only (``state.view(seat)``); the
page runs the bot in a web worker (:mod:`tablero.web.botworker`) and answers with
``app.bot-move`` (the move text, checked here against the true state, then applied like a
human move) or ``app.bot-error``.  Bot turns chain until a human's turn or the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .. import challenge_views
from ..acts import act
from ..model import (
    BOT_BUDGET_MS,
    MAIN_THREAD_LEVELS,
    PLAYBACK_PACE_MS,
    SAVE_NOTICES,
    Effect,
    Model,
    Thinking,
    bot_level,
    bot_seed,
    can_undo,
    humans,
    leave_share,
    pass_to,
    problem,
    sharing,
    undo_refusal,
    undoable,
    viewer,
)
from ..plugin import EndStep, GameUI, Seat, Selection, Translate, has_end_steps
from ..remotegames import LINK_JOINER
from ..saves import SaveConflictError, SavedGame, StorageFullError
from ..svg import esc
from ..widgets import since_last_turn
from .remote_strip import remote_status
from .shell import button, message, shown_seats, swatch

if TYPE_CHECKING:
    from ..app import App
    from ..remotegames import RemoteGame

__all__ = ["ask_bot", "open_game", "play", "plugin_click", "remember_current", "save"]


# --- opening and saving games -----------------------------------------------------------


def open_game(
    app: App,
    model: Model,
    game: SavedGame,
    *,
    save_it: bool = False,
    remote: RemoteGame | None = None,
) -> Model:
    """Put ``game`` on the table (a fresh turn: no undo, nobody revealed); ``remote``: the
    game with friends it is this device's side of (:mod:`.remote`)."""
    model = replace(
        model, screen="game", game=game, selection=Selection(), undo=(), revealed=None,
        replay_states=(), replay_step=0, share_url=None, renaming=None, deleting=None,
        thinking=None, bot_problem=None, remote=remote, remote_undo=(), remote_invite=None,
        effects=(*model.effects, Effect("scroll_top")),
    )  # fmt: skip
    if save_it:
        model = save(app, model)
    else:
        model = replace(model, stored=game.id)  # it came from the store
    return ask_bot(app, remember_current(app, model))


def remember_current(app: App, model: Model) -> Model:
    """Remember the game on screen as the one to reopen (a remote game in its own key)."""
    if model.game is None or model.storage_full:
        return model
    try:
        if model.remote is not None:
            app.store.set_current(None)
            app.remote.set_current(model.remote.id)
        else:
            app.remote.set_current(None)
            app.store.set_current(model.game.id)
    except StorageFullError:
        return replace(model, storage_full=True, notice=("app.error.storage-full", {}))
    return model


def save(app: App, model: Model) -> Model:
    """Autosave the game on the table.  When it cannot be saved the game goes on in
    memory and a notice says why, with a way to export it: the storage is full, it
    threw, or it holds an entry this save must not overwrite (from a newer version, or
    unreadable: ``SaveStore.save`` refuses with ``SaveConflictError``).  The next successful
    save clears that notice.  A game whose record vanished while it was open (the
    browser cleared the storage, another tab deleted it) is saved again, and said so.
    """
    game = model.game
    if game is None:
        return model
    try:
        if model.remote is not None:
            cleared = model.stored == game.id and app.remote.game_of(game.id) is None
            app.remote.save(model.remote)
        else:
            cleared = model.stored == game.id and app.store.game_of(game.id) is None
            app.store.save(game)
    except StorageFullError:
        return replace(model, storage_full=True, notice=("app.error.storage-full", {}))
    except SaveConflictError as exc:  # refused: the entry there is newer, or unreadable
        reason = problem(exc.reason)
        return replace(
            model, storage_full=True, notice=("app.error.save-refused", {"reason": reason})
        )
    except Exception as exc:  # noqa: BLE001 - the game goes on in memory
        return replace(
            model, storage_full=True, notice=("app.error.save-failed", {"reason": str(exc)})
        )
    if model.stored != game.id:
        # The first save of this game on this page: ask the browser to keep the storage.
        model = replace(model, stored=game.id, effects=(*model.effects, Effect("persist")))
    if cleared:
        try:
            remember_current(app, model)
        except Exception:  # noqa: BLE001 - the game is saved; only reopening it is not
            pass
        return replace(model, storage_full=False, notice=("app.error.storage-cleared", {}))
    if model.storage_full:
        failed = model.notice is not None and model.notice[0] in SAVE_NOTICES
        notice = None if failed else model.notice
        return replace(model, storage_full=False, notice=notice)
    return model


@act("app.save-copy", screen="table")
def save_copy(app: App, model: Model, data: dict[str, str]) -> Model:
    """Save the game on the table as a new saved game (a new id): what to do when its own
    record cannot be overwritten (written by a newer version, or unreadable)."""
    game = model.game
    if game is None:
        return model
    try:
        copy = app.store.save_copy(replace(game, updated=app.now()))
    except StorageFullError:
        return replace(model, storage_full=True, notice=("app.error.storage-full", {}))
    except Exception as exc:  # noqa: BLE001 - not saved either: the game goes on in memory
        return replace(
            model, storage_full=True, notice=("app.error.save-failed", {"reason": str(exc)})
        )
    model = replace(
        model, game=copy, stored=copy.id, storage_full=False, notice=None,
        toast=("app.save.copied", {"name": copy.name}),
    )  # fmt: skip
    return remember_current(app, model)


# --- the table ----------------------------------------------------------------------------


@act("app.reveal", screen="table", same_game=True, view_only=True)
def reveal(app: App, model: Model, data: dict[str, str]) -> Model:
    seat = pass_to(model)
    if seat is None:
        return model
    return replace(model, revealed=seat, selection=Selection())


@act("app.undo", screen="table", same_game=True)
def undo(app: App, model: Model, data: dict[str, str]) -> Model:
    """Take back the last move of this turn (``data-steps``: that many, as far as they go:
    a game's "cancel" of a mode entered by a move); if there is none, say why."""
    if not can_undo(model) or model.game is None:
        return replace(model, toast=(undo_refusal(model), {}))
    try:
        steps = max(1, int(data.get("steps", "1")))
    except ValueError:
        steps = 1
    steps = min(steps, len(model.undo))
    previous = model.undo[-steps]
    game = replace(model.game, state=previous, updated=app.now())
    # the view settings stay, as across a move (Día de Playa's zoom and its card's turn)
    kept = Selection(_sticky(app, game.game_id, model.selection))
    model = replace(model, game=game, undo=model.undo[:-steps], selection=kept)
    if model.remote is not None and len(model.remote_undo) >= steps:
        # a game with friends: its table as it was (the turn's link is not made yet)
        table = model.remote_undo[-steps]
        remote = replace(model.remote, table=table, updated=app.now())
        model = replace(model, remote=remote, remote_undo=model.remote_undo[:-steps])
    return save(app, model)


def _sticky(app: App, game_id: str, selection: Selection) -> dict[str, Any]:
    """The selection's keys the game's plugin keeps across a move (``sticky_keys``)."""
    sticky = getattr(app.get_ui(game_id), "sticky_keys", ())
    return {k: v for k, v in selection.data.items() if k in sticky}


def plugin_click(app: App, model: Model, act: str, data: dict[str, str]) -> Model:
    """An act of the game's plugin (anything but ``app.*``): a selection, a view setting or
    a move of the player whose view is shown."""
    game = model.game
    if model.screen != "game" or game is None or pass_to(model) is not None:
        return model
    if model.remote_locked and act not in getattr(app.get_ui(game.game_id), "view_acts", ()):
        return replace(model, toast=("app.remote.locked", {}))  # another tab plays it
    state = game.state
    ui = app.get_ui(game.game_id)
    seat = viewer(model)
    view_only = act in getattr(ui, "view_acts", ())
    if not view_only and (state.is_terminal() or state.current_player != seat):
        return model  # not this player's turn (a bot's): only view settings change
    view = state.view(seat)
    target = {**data, "act": act}
    try:
        selection, move = ui.on_click(view, model.selection, target)
    except ValueError as exc:
        return replace(model, toast=("app.error.move", {"reason": str(exc)}))
    if move is None:
        return replace(model, selection=selection)
    return play(app, replace(model, selection=selection), move)


def play(app: App, model: Model, move: Any, *, by_bot: bool = False) -> Model:
    """Apply ``move`` to the game on the table, save it, and ask a bot to move if one is
    next."""
    game = model.game
    assert game is not None
    if model.remote is not None:
        return _play_remote(app, model, move)  # a game with friends: its table plays it
    before = game.state
    try:
        after = before.apply(move)
    except ValueError as exc:
        return replace(model, selection=Selection(), toast=("app.error.move", {"reason": str(exc)}))
    # A bot's moves are never taken back by the person at the device, nor a move that
    # revealed something hidden (undo stops after it, and says why: ``revealed_at``).
    kept_turn = not by_bot and undoable(before, after)
    undo = (*model.undo, before) if kept_turn else ()
    revealed_at = model.revealed_at
    if not by_bot and not kept_turn and before.current_player == after.current_player:
        revealed_at = (game.id, len(after.history))  # the same player's turn: a reveal
    game = replace(game, state=after, updated=app.now())
    effects = (*model.effects, *leave_share(model))
    kept = Selection(_sticky(app, game.game_id, model.selection))
    ended = ended_here(model, game.id, before, after)
    model = replace(model, game=game, selection=kept, undo=undo, revealed_at=revealed_at,
                    share_url=None, effects=effects, end_step=ended)  # fmt: skip
    return ask_bot(app, save(app, model))


def ended_here(model: Model, game_id: str, before: Any, after: Any) -> tuple[str, int] | None:
    """The end sequence's first step when the move from ``before`` to ``after`` ended the
    game on screen and playback is on (the sequence is told once, as the game ends: a
    finished game opened later shows its summary, which offers the sequence again);
    else the step kept."""
    if model.playback and after.is_terminal() and not before.is_terminal():
        return (game_id, 0)
    return model.end_step


def _play_remote(app: App, model: Model, move: Any) -> Model:
    """This seat's ``move`` played through its table; at the end of the turn the table
    makes the turn's link and the share panel opens on it.  Moves within the turn can be
    taken back until then (``model.remote_undo``)."""
    game, remote = model.game, model.remote
    assert game is not None and remote is not None
    table = remote.table
    before = game.state
    try:
        after = table.play(move)
    except ValueError as exc:  # IllegalMoveError, InvalidMoveError
        return replace(model, toast=("app.error.move", {"reason": str(exc)}))
    assert after.state is not None
    now = app.now()
    sent = after.outbox
    kept_turn = not sent and undoable(before, after.state)
    remote = replace(
        remote, table=after, updated=now, since=now if sent else remote.since,
        sent=sent or remote.sent,
    )  # fmt: skip
    model = replace(
        model, game=replace(game, state=after.state, updated=now), remote=remote,
        end_step=ended_here(model, game.id, before, after.state),
        undo=(*model.undo, before) if kept_turn else (),
        remote_undo=(*model.remote_undo, table) if kept_turn else (),
        share_url=None, effects=(*model.effects, *leave_share(model)),
    )  # fmt: skip
    model = save(app, model)
    return sharing(model, LINK_JOINER.join(sent)) if sent else model


# --- bots -----------------------------------------------------------------------------


def ask_bot(app: App, model: Model) -> Model:
    """If a bot is to move in the game on the table, ask the page for its move
    (an ``Effect("think")`` with that seat's view only); else nothing is asked."""
    game = model.game
    if game is None:
        return replace(model, thinking=None)
    state = game.state
    seat = state.current_player
    level = None if seat is None else bot_level(game.seats[seat])
    if seat is None or level is None or not humans(game.seats):
        # a person's turn (or no bot to ask): the others' next moves are played back again
        return replace(model, thinking=None, hurry=False)
    moves = len(state.history)
    th = model.thinking
    if th is not None and th.save_id == game.id and th.moves == moves and th.seat == seat:
        return model  # already asked
    if model.bot_problem is not None:
        return replace(model, thinking=None)  # waits for "try again"
    seq = model.think_seq + 1
    budget = BOT_BUDGET_MS.get(level)
    thinking = Thinking(seq, game.id, seat, level, moves, app.now(), budget)
    request = {
        "id": seq,
        "game": game.game_id,
        "seat": seat,
        "level": level,
        "seed": bot_seed(game.id, seat),
        "budget_ms": budget,
        # shown no sooner than this after it is asked, the move before it being seen
        "pace_ms": PLAYBACK_PACE_MS if model.playback and not model.hurry else 0,
        "view": state.view(seat).to_json(),
    }
    return replace(
        model, thinking=thinking, think_seq=seq,
        effects=(*model.effects, Effect("think", request)),
    )  # fmt: skip


def _current_request(model: Model, data: dict[str, str]) -> Thinking | None:
    """The request a reply answers, if it is still the one asked (else stale)."""
    th = model.thinking
    game = model.game
    if th is None or game is None or str(th.id) != str(data.get("id", "")):
        return None
    state = game.state
    if game.id != th.save_id or len(state.history) != th.moves:
        return None
    if state.current_player != th.seat:
        return None
    return th


@act("app.bot-move", screen="table", same_game=True, sent_by="page")
def bot_move(app: App, model: Model, data: dict[str, str]) -> Model:
    th = _current_request(model, data)
    if th is None:
        return model  # a late answer to a question no longer asked
    game = model.game
    assert game is not None
    text = data.get("move", "")
    name = game.seats[th.seat].name
    try:
        # Checked against the TRUE state: a bot only ever saw its view.
        move = game.state.parse_move(text)
    except ValueError as exc:
        return replace(
            model, thinking=None,
            bot_problem=("app.bot.illegal", {"name": name, "move": text, "reason": str(exc)}),
        )  # fmt: skip
    model = replace(model, thinking=None, bot_problem=None)
    return play(app, model, move, by_bot=True)


@act("app.bot-error", screen="table", same_game=True, sent_by="page")
def bot_error(app: App, model: Model, data: dict[str, str]) -> Model:
    th = _current_request(model, data)
    if th is None:
        return model
    game = model.game
    assert game is not None
    code = data.get("code", "failed")
    keys = {"start": "app.bot.start", "timeout": "app.bot.timeout"}
    key = keys.get(code, "app.bot.failed")
    params = {"name": game.seats[th.seat].name, "reason": data.get("reason", "")}
    return replace(model, thinking=None, bot_problem=(key, params))


@act("app.bot-retry", screen="table", same_game=True)
def bot_retry(app: App, model: Model, data: dict[str, str]) -> Model:
    return ask_bot(app, replace(model, bot_problem=None, thinking=None))


@act("app.bot-here", screen="table", same_game=True)
def bot_here(app: App, model: Model, data: dict[str, str]) -> Model:
    """The fallback when the worker cannot run: the bot's move computed on the page,
    at its level if that level does not search, else ``medium`` (``hard`` would
    freeze the page for its whole budget)."""
    game = model.game
    if game is None or model.bot_problem is None:
        return model
    state = game.state
    seat = state.current_player
    level = None if seat is None else bot_level(game.seats[seat])
    if seat is None or level is None:
        return replace(model, bot_problem=None)
    make_bot = app.bots()
    if make_bot is None:
        # The page does not unpack the bots (the worker does): ask the page to fetch
        # them, then to send this action again.
        if data.get("loaded"):
            return replace(model, toast=("app.error.unexpected", {}))
        return replace(model, effects=(Effect("load_bots", {"then": "app.bot-here"}),))

    here = level if level in MAIN_THREAD_LEVELS else "medium"
    move = make_bot(here, seed=bot_seed(game.id, seat)).choose(state.view(seat))
    model = replace(model, bot_problem=None, thinking=None)
    return play(app, model, state.parse_move(str(move)), by_bot=True)


# --- rendering: the table, the pass-the-device screen, the log ------------------------


#: The catalog keys of the bot levels as a level's name.
LEVEL_KEYS = {
    "random": "app.bot.level.random",
    "easy": "app.bot.level.easy",
    "medium": "app.bot.level.medium",
    "hard": "app.bot.level.hard",
}


def game_screen(model: Model, app: App, t: Translate) -> str:
    game = model.game
    assert game is not None
    seat = pass_to(model)
    ui = app.get_ui(game.game_id)
    seats = shown_seats(game.seats, app, model.lang)
    if seat is not None:
        return _pass_screen(seats[seat], ui, game.state.view(seat), seats, t)
    state = game.state
    me = viewer(model)
    view = state.view(me)
    table = ui.render_table(view, seats, model.selection, t)
    # the moves animated once in this game for this seat (widgets.motion): in a hot-seat
    # game each player's table plays the others' moves since that player's last turn
    scope = esc(f"{game.id}:{me}")
    parts = [_bot_status(model, app, t)]
    if model.remote is not None and model.remote.id == game.id:
        parts.append(remote_status(model, app, t))  # a game with friends: whose link
    steps = end_steps(ui, state, seats, t) if _in_sequence(model) else []
    if steps:
        # The end as a sequence on the final board, step by step; then the summary.
        parts.append(_end_sequence(model, state, steps, seats, t))
    elif state.is_terminal():
        # The end leads with the result (the plugin's end panel opens with the winner and
        # the scores), then the breakdown, then the final table.
        watch = ""
        if has_end_steps(ui):  # (its steps are drawn when asked for, not for the button)
            watch = button(t("app.endstep.watch"), "app.end-step", step="0")
        parts.append(
            '<section class="shell-end" aria-labelledby="shell-end-h" data-decision="end">'
            f'<h1 id="shell-end-h" class="shell-visually-hidden">{esc(t("app.end.title"))}</h1>'
            + ui.render_end(state, seats, t)
            # a one-player game: the daily deal's day, a challenge's target (only now)
            + challenge_views.end_panel(model, app, t)
            + '<div class="shell-actions">'
            + button(t("app.end.replay"), "app.replay", cls="shell-primary", focus="1")
            + button(t("app.end.new"), "app.new")
            + watch
            + (
                button(t("app.challenge.share"), "app.challenge-share")
                if challenge_views.can_challenge(model)
                else ""
            )
            + "</div></section>"
            + f'<section class="shell-table is-over" data-anim-scope="{scope}">{table}</section>'
        )
    else:
        heading = t("app.game.heading", game=t(app.entry(game.game_id).title_key))
        parts.append(
            f'<h1 class="shell-visually-hidden" data-focus-fallback>{esc(heading)}</h1>'
            f'<section class="shell-table" data-anim-scope="{scope}">{table}</section>'
        )
    parts.append(_log(ui, view.history, seats, t, model.drawer == "log"))
    return "".join(parts)


# --- the end as a sequence ------------------------------------------------------------------

#: The last end sequence computed: (state, seats, translator) -> its steps.  A step draws
#: the whole final board, and the screen is rendered at every click: the steps are made
#: once for the game on screen (a state is never changed in place).
_STEPS: dict[tuple[int, tuple[Seat, ...], int], tuple[object, list[EndStep]]] = {}


def end_steps(ui: GameUI[Any], state: Any, seats: list[Seat], t: Translate) -> list[EndStep]:
    """The game's end sequence (:meth:`GameUI.end_steps`) for ``state``: ``[]`` if the
    game is not over or the game has none, or if its drawing fails (the summary stays)."""
    if not state.is_terminal():
        return []
    key = (id(state), tuple(seats), id(t))
    found = _STEPS.get(key)
    if found is not None and found[0] is state:
        return found[1]
    try:
        steps = list(ui.end_steps(state, seats, t))
    except Exception:  # noqa: BLE001 - the sequence must never hide the end's summary
        steps = []
    _STEPS.clear()
    _STEPS[key] = (state, steps)
    return steps


def _in_sequence(model: Model) -> bool:
    game = model.game
    return game is not None and model.end_step is not None and model.end_step[0] == game.id


def _end_sequence(
    model: Model, state: Any, steps: list[EndStep], seats: list[Seat], t: Translate
) -> str:
    """The end sequence's step on screen: how many, what scores and why (said to screen
    readers as it changes), each player's points so far, the final board with the step
    drawn, then Back, Next (the result after the last step) and "Skip to the result"."""
    assert model.end_step is not None
    n = len(steps)
    i = min(max(model.end_step[1], 0), n - 1)
    step = steps[i]
    last = i == n - 1
    controls = ""
    if i > 0:
        controls += button(t("app.endstep.back"), "app.end-step", step=str(i - 1))
    if last:
        controls += button(t("app.endstep.result"), "app.end-skip", cls="shell-primary",
                           focus="1")  # fmt: skip
    else:
        controls += button(t("app.endstep.next"), "app.end-step", cls="shell-primary",
                           step=str(i + 1), focus="1")  # fmt: skip
        controls += button(t("app.endstep.skip"), "app.end-skip")
    return (
        '<section class="shell-end-steps" aria-labelledby="shell-steps-h" '
        f'data-decision="end-step" data-step="{i}" data-steps="{n}">'
        f'<h1 id="shell-steps-h" class="shell-h2">{esc(t("app.endstep.title"))}</h1>'
        f'<p class="shell-step-count">{esc(t("app.endstep.count", step=i + 1, count=n))}</p>'
        f'<p class="shell-step-caption" role="status" aria-live="polite">{esc(step.caption)}</p>'
        + _running_scores(state, steps, i, seats, t)
        + f'<div class="shell-step-board" data-step-board="{i}">{step.board}</div>'
        + f'<div class="shell-actions">{controls}</div></section>'
    )


def _running_scores(
    state: Any, steps: list[EndStep], i: int, seats: list[Seat], t: Translate
) -> str:
    """Each player's points once the steps up to ``i`` are added: the final scores less
    what the steps still to come add (nothing when the steps add no points per seat)."""
    widths = {len(s.points) for s in steps if s.points}
    final = list(state.scores())
    if len(widths) != 1 or widths != {len(final)} or len(final) > len(seats):
        return ""
    later = [sum(s.points[p] for s in steps[i + 1 :] if s.points) for p in range(len(final))]
    gained = steps[i].points
    items = []
    for p, score in enumerate(final):
        now = score - later[p]
        plus = ""
        if gained and gained[p]:  # what this step adds (a penalty takes away)
            plus = f' <span class="shell-step-plus">({gained[p]:+d})</span>'
        items.append(
            f'<li data-seat="{p}">{swatch(seats[p].colour, 18)}'
            f'<span class="shell-step-name">{esc(seats[p].name)}</span> '
            f'<span class="shell-step-points" data-points="{now}">'
            f"{esc(t('app.endstep.points', count=now))}</span>{plus}</li>"
        )
    label = esc(t("app.endstep.scores"))
    return f'<ol class="shell-step-scores" aria-label="{label}">{"".join(items)}</ol>'


@act("app.end-step", screen="table", same_game=True, view_only=True)
def end_step(app: App, model: Model, data: dict[str, str]) -> Model:
    """Show step ``data-step`` of the end sequence of the finished game on screen."""
    game = model.game
    if game is None or not game.state.is_terminal():
        return model
    try:
        step = max(0, int(data.get("step", "0")))
    except ValueError:
        step = 0
    seats = shown_seats(game.seats, app, model.lang)
    if not end_steps(app.get_ui(game.game_id), game.state, seats, app.t(model.lang)):
        # none to show (its drawing failed): the summary stays, and says so
        return replace(model, end_step=None, toast=("app.endstep.none", {}))
    return replace(model, end_step=(game.id, step))


@act("app.end-skip", screen="table", same_game=True, view_only=True)
def end_skip(app: App, model: Model, data: dict[str, str]) -> Model:
    """Leave the end sequence for the end's summary."""
    return replace(model, end_step=None)


# --- playback ----------------------------------------------------------------------------


@act("app.playback-skip", screen="table", same_game=True, view_only=True)
def playback_skip(app: App, model: Model, data: dict[str, str]) -> Model:
    """Show the others' moves at once until the viewer's next turn: a bot's answer the
    page holds for the pace is shown now (``Effect("hurry")``), the next ones at once."""
    return replace(model, hurry=True, effects=(*model.effects, Effect("hurry")))


def _bot_status(model: Model, app: App, t: Translate) -> str:
    """While a bot thinks: who, at what level, and a bar filling over its time budget
    (a CSS animation started where the elapsed time says, so a re-render does not
    restart it; no budget: an indeterminate bar).  After a failure: the message with
    "try again" and "play a quick move here"."""
    game = model.game
    assert game is not None
    if model.bot_problem is not None:
        seat = game.state.current_player
        level = bot_level(game.seats[seat]) if seat is not None else None
        here = level if level in MAIN_THREAD_LEVELS else "medium"
        actions = button(t("app.bot.retry"), "app.bot-retry", cls="shell-primary")
        if level is not None:
            actions += button(t("app.bot.here", level=t(LEVEL_KEYS[here])), "app.bot-here")
        return (
            '<div class="shell-bot-problem" role="alert">'
            f"<p>{esc(message(t, model.bot_problem))}</p>"
            f'<div class="shell-actions">{actions}</div></div>'
        )
    th = model.thinking
    if th is None or th.save_id != game.id:
        return ""
    thinker = shown_seats(game.seats, app, model.lang)[th.seat]
    # Played back at a readable pace: the others' moves can be shown at once instead.
    skip = ""
    if model.playback and not model.hurry:
        skip = button(t("app.playback.skip"), "app.playback-skip", cls="shell-playback-skip")
    text = t("app.bot.thinking", name=thinker.name, level=t(LEVEL_KEYS[th.level]))
    if th.budget_ms:
        elapsed = max(0, min(th.budget_ms, app.now() - th.started))
        style = f"animation-duration:{th.budget_ms}ms;animation-delay:-{elapsed:.0f}ms"
        label = t("app.bot.budget", seconds=f"{th.budget_ms / 1000:g}")
        bar = (
            f'<div class="shell-thinking-track" role="progressbar" aria-label="{esc(label)}">'
            f'<div class="shell-thinking-bar" style="{style}"></div></div>'
        )
    else:
        bar = (
            '<div class="shell-thinking-track shell-thinking-open">'
            '<div class="shell-thinking-bar"></div></div>'
        )
    return (
        f'<div class="shell-thinking" role="status" aria-live="polite" '
        f'data-seat="{th.seat}" data-level="{esc(th.level)}">'
        f'<span class="shell-thinking-who">{swatch(thinker.colour, 20)}{esc(text)}</span>'
        f"{bar}{skip}</div>"
    )


def _pass_screen(seat: Seat, ui: GameUI[Any], view: Any, seats: list[Seat], t: Translate) -> str:
    """Pass the device to ``seat``: what happened since that player's last turn (their
    own view's history, so nothing private to another player shows), then the button."""
    name = seat.name
    said = []
    for entry in since_last_turn(view.history, view.viewer):
        try:
            text = ui.describe(entry, seats, t)
        except Exception:  # noqa: BLE001 - a line must never hide the screen
            text = str(entry.get("move", ""))
        if text:
            said.append(f"<li>{esc(text)}</li>")
    news = ""
    if said:
        news = (
            '<section class="shell-card shell-pass-news" aria-labelledby="shell-pass-news-h">'
            f'<h2 id="shell-pass-news-h">{esc(t("app.pass.since", name=name))}</h2>'
            f'<ol class="shell-pass-list">{"".join(said)}</ol></section>'
        )
    # the game's own words for its private pieces ("show my cards"), if it has them
    reveal = t(getattr(ui, "reveal_key", "app.pass.reveal"), name=name)
    return (
        '<section class="shell-pass" aria-labelledby="shell-pass-h" data-decision="pass">'
        f'<div class="shell-pass-mark">{swatch(seat.colour, 56)}</div>'
        f'<h1 id="shell-pass-h" class="shell-h1">{esc(t("app.pass.title", name=name))}</h1>'
        f"<p>{esc(t('app.pass.body', name=name))}</p>"
        + button(reveal, "app.reveal", cls="shell-primary shell-big", focus="1")
        + news
        + "</section>"
    )


#: Log lines written lately, by their history entry's identity (the entry kept beside its
#: line, so that its ``id`` cannot be reused while it is here): a game's entries are the
#: same objects from one state to the next (a move appends one, a deal replaces one with
#: a new object), so a render writes only the lines of entries it has not written
#: before, with the same seats and language, instead of the whole game's at every click.
_LOG_LINES: dict[int, tuple[Any, tuple[Any, ...], str]] = {}
_LOG_LINES_KEPT = 2048


def _log(
    ui: GameUI[Any], history: Sequence[Any], seats: list[Seat], t: Translate, open_: bool
) -> str:
    """The moves, newest first: a column beside the table on a wide screen, a drawer
    (the bar's "Moves") on a narrower one."""
    items = []
    said = (ui, tuple(seats), t)
    for n, entry in reversed(list(enumerate(history, 1))):
        kept = _LOG_LINES.get(id(entry))
        if kept is not None and kept[0] is entry and kept[1] == said:
            text = kept[2]
        else:
            try:
                text = esc(ui.describe(entry, seats, t))
            except Exception:  # noqa: BLE001 - a log line must never hide the table
                text = esc(str(entry.get("move", "?")))
            if len(_LOG_LINES) >= _LOG_LINES_KEPT:
                _LOG_LINES.clear()
            _LOG_LINES[id(entry)] = (entry, said, text)
        items.append(f'<li value="{n}">{text}</li>')
    body = (
        f'<ol class="shell-log-list" reversed>{"".join(items)}</ol>'
        if items
        else f'<p class="shell-hint">{esc(t("app.log.empty"))}</p>'
    )
    close = button(t("app.drawer.close"), "app.drawer", cls="shell-drawer-close", drawer="",
                   esc="1" if open_ else None)  # fmt: skip
    return (
        f'<aside class="shell-log{" is-open" if open_ else ""}" id="shell-log" '
        'aria-labelledby="shell-log-h">'
        f'<div class="shell-log-head"><h2 id="shell-log-h" class="shell-h2">'
        f"{esc(t('app.log.title'))}</h2>{close}</div>{body}</aside>"
    )
