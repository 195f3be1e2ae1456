"""The shell's screens as HTML text: pure functions of the :class:`~tablero.web.app.Model`.

Every clickable element carries ``data-act`` (``app.*`` for the shell; anything else
goes to the game's plugin) and its arguments as ``data-*``.  Forms carry ``data-act``
too: submitting one sends its fields.  All text comes from the catalog (``t``) and
every untrusted text (names of players and saves, messages quoting a link or a file)
goes through :func:`esc`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tablero.core import get_game

from . import challenge_views
from .app import (
    BOT_LEVELS,
    MAIN_THREAD_LEVELS,
    MAX_NAME,
    MAX_SAVE_NAME,
    MAX_SEED,
    App,
    GameEntry,
    Model,
    bot_level,
    can_undo,
    pass_to,
    viewer,
)
from .challenge import daily_day
from .i18n import LANGUAGE_NAMES, LANGUAGES
from .model import STORAGE_NOTICES, shown_text, undo_refusal
from .plugin import GameUI, Seat, Selection, Translate
from .saves import SavedGame, SaveProblem
from .screens.frame import default_name_in
from .screens.new import OptionInput, option_inputs, player_counts
from .svg import esc
from .svg import icon as svg_icon
from .titles import shown_title
from .tutorial import get_tutorial, has_tutorial, highlight, target_clicks
from .tutorial import seats as tutorial_seats
from .widgets import since_last_turn

__all__ = ["render", "esc"]

#: The catalog keys of the bot levels: as a level's name, and as a seat's kind.
LEVEL_KEYS = {
    "random": "app.bot.level.random",
    "easy": "app.bot.level.easy",
    "medium": "app.bot.level.medium",
    "hard": "app.bot.level.hard",
}
KIND_KEYS = {
    "random": "app.new.bot.random",
    "easy": "app.new.bot.easy",
    "medium": "app.new.bot.medium",
    "hard": "app.new.bot.hard",
}

#: The shapes drawn with each palette colour (as the game plugins draw them), so a
#: colour is never told by its hue alone.
SHAPES = ("circle", "square", "diamond", "triangle")
LETTERS = "ABCD"


def _attrs(**attributes: Any) -> str:
    out = []
    for key, value in attributes.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def button(label: str, act: str, *, cls: str = "", **data: Any) -> str:
    """A ``<button>`` (text escaped) sending ``act`` with ``data-*`` arguments."""
    disabled = data.pop("disabled", False)
    extra = {f"data_{k}": v for k, v in data.items() if v is not None}
    attrs = _attrs(type="button", class_=("shell-btn " + cls).strip(), data_act=act,
                   disabled=disabled, **extra)  # fmt: skip
    return f"<button{attrs}>{esc(label)}</button>"


# --- the frame ------------------------------------------------------------------------


def render(model: Model, app: App) -> str:
    """The whole app for ``model``."""
    t = app.t(model.lang)
    screen = model.screen
    over = ""
    if screen == "game" and model.game is not None:
        body = _game_screen(model, app, t)
    elif screen == "new" and model.form is not None:
        body = _new_screen(model, app, t)
    elif screen == "saves":
        body = _saves_screen(model, app, t)
    elif screen == "tutorial" and model.tutorial is not None:
        screen = "game"
        body = _tutorial_screen(model, app, t)
    elif screen == "rules" and model.rules_game:
        if model.back == "game" and model.game is not None:
            # The rules open over the table, which stays underneath (inert).
            screen = "game"
            body = _game_screen(model, app, t)
            over = _rules_screen(model, app, t)
        elif model.back == "tutorial" and model.tutorial is not None:
            screen = "game"
            body = _tutorial_screen(model, app, t)
            over = _rules_screen(model, app, t)
        else:
            body = _rules_screen(model, app, t)
    elif screen == "replay" and model.game is not None and model.replay_states:
        body = _replay_screen(model, app, t)
    else:
        screen = "home"
        body = _home_screen(model, app, t)
    drawer = model.drawer if screen == "game" else None
    tutorial = ' data-tutorial="1"' if model.screen == "tutorial" else ""
    # Under a dialog (the rules over the table, the install how-to) the page is inert.
    # The bar and the screen stay children of the root: the screen holds no form
    # control, so a render patches inside it (the bar, which does, is always new).
    inert = " inert" if over or model.install_help else ""
    bar = _bar(model, app, t)
    if inert:
        bar = bar.replace('<header class="shell-bar"', '<header class="shell-bar" inert', 1)
    return (
        bar
        + _notice(model, t)
        + f'<div class="shell-screen shell-screen-{esc(screen)}"{tutorial}'
        + (f' data-drawer="{esc(drawer)}"' if drawer else "")
        + f"{inert}>{body}</div>"
        + over
        + _install_help(model, t)
        + _share_panel(model, app, t)
        + _toast(model, t)
    )


def _bar(model: Model, app: App, t: Translate) -> str:
    game = model.game if model.screen == "game" else None
    # Behind the pass-the-device screen nothing that carries the racks is offered.
    table_shown = game is not None and pass_to(model) is None
    items = [
        button(t("app.menu.new"), "app.new"),
        button(t("app.menu.saves"), "app.saves"),
        button(t("app.menu.rules"), "app.rules"),
    ]
    if table_shown:
        items.append(button(t("app.menu.share"), "app.share"))
        items.append(button(t("app.menu.export"), "app.export"))
    if model.screen != "home":
        items.append(button(t("app.menu.home"), "app.home"))
    items.append(_import_control(t))
    if model.install in ("available", "ios"):
        items.append(button(t("app.menu.install"), "app.install", cls="shell-install"))
    menu = (
        '<details class="shell-menu">'
        f'<summary class="shell-btn">{esc(t("app.menu.title"))}</summary>'
        f'<div class="shell-menu-items" data-rove="line">'
        f"{''.join(items)}{_language_select(model, t)}</div>"
        "</details>"
    )
    undo = moves = ""
    if game is not None and table_shown and model.screen == "game":
        if not game.state.is_terminal():
            # Never a greyed-out button without a reason: an unavailable Undo says why.
            ok = can_undo(model)
            # refused: the reason on hover too (a press shows it: app.undo)
            off = "" if ok else f' aria-disabled="true" title="{esc(t(undo_refusal(model)))}"'
            undo = (
                f'<button type="button" class="shell-btn shell-undo" data-act="app.undo"{off}>'
                f"{esc(t('app.menu.undo'))}</button>"
            )
        pressed = "true" if model.drawer == "log" else "false"
        moves = (
            f'<button type="button" class="shell-btn shell-moves" data-act="app.drawer" '
            f'data-drawer="log" aria-controls="shell-log" aria-expanded="{pressed}">'
            f"{esc(t('app.log.title'))}</button>"
        )
    unsaved = ""
    if table_shown and (model.storage_full or model.storage_off):
        # Always in sight while the game lives in memory only: it exports the game.
        unsaved = (
            f'<button type="button" class="shell-btn shell-unsaved" data-act="app.export" '
            f'title="{esc(t("app.unsaved.title"))}">{esc(t("app.unsaved"))}</button>'
        )
    brand = button(t("app.brand"), "app.home", cls="shell-brand")
    space = '<span class="shell-bar-space"></span>'
    daily = challenge_views.daily_label(model, t) if table_shown else ""
    if daily:  # the table says which deal it is: the daily deal's day
        space = f'<span class="shell-bar-space shell-bar-label" data-daily>{esc(daily)}</span>'
    return f'<header class="shell-bar">{brand}{space}{unsaved}{moves}{undo}{menu}</header>'


def _install_help(model: Model, t: Translate) -> str:
    """How to install the app from the browser's own menu (iOS Safari offers no prompt)."""
    if not model.install_help:
        return ""
    keys = ("app.install.step1", "app.install.step2", "app.install.step3")
    steps = "".join(f"<li>{esc(t(k))}</li>" for k in keys)
    close = button(t("app.install.close"), "app.install-help-close", cls="shell-primary",
                   esc="1", focus="1")  # fmt: skip
    # The page behind is inert while the how-to is open: a tap anywhere outside it closes
    # it (the backdrop), as Close and Escape do, so no tap is ever lost on the page.
    backdrop = '<div class="shell-backdrop" data-act="app.install-help-close"></div>'
    return (
        backdrop
        + '<section class="shell-panel shell-install-help" role="dialog" aria-modal="true" '
        'aria-labelledby="shell-install-h">'
        f'<h2 id="shell-install-h">{esc(t("app.install.title"))}</h2>'
        f"<p>{esc(t('app.install.intro'))}</p><ol>{steps}</ol>"
        f'<div class="shell-actions">{close}</div></section>'
    )


def _language_select(model: Model, t: Translate) -> str:
    options = "".join(
        f'<option value="{lang}"{" selected" if lang == model.lang else ""} lang="{lang}">'
        f"{esc(LANGUAGE_NAMES[lang])}</option>"
        for lang in LANGUAGES
    )
    return (
        f'<label class="shell-field shell-lang"><span>{esc(t("app.menu.language"))}</span>'
        f'<select data-act="app.lang" name="lang">{options}</select></label>'
    )


def _import_control(t: Translate) -> str:
    # A file input inside a label: the label is the visible, 44 px control.
    return (
        f'<label class="shell-btn shell-import">{esc(t("app.menu.import"))}'
        '<input type="file" accept=".json,application/json" data-act="app.import-file" '
        'class="shell-visually-hidden"></label>'
    )


def _message(t: Translate, msg: tuple[str, Any] | None) -> str:
    if msg is None:
        return ""
    key, params = msg
    # Parameters may quote untrusted text (a name, a file's contents): shown as text.
    return t(key, **{k: shown_text(v) if isinstance(v, str) else v for k, v in params.items()})


def _notice(model: Model, t: Translate) -> str:
    if model.notice is None:
        return ""
    text = esc(_message(t, model.notice))
    actions = ""
    if model.notice[0] in STORAGE_NOTICES and model.game is not None:
        # The game on the table is not (or no longer) safely stored: keep it in a file.
        actions = button(t("app.menu.export"), "app.export", cls="shell-primary")
        if model.notice[0] == "app.error.save-refused":
            actions += button(t("app.notice.save-copy"), "app.save-copy")
    dismiss = button(t("app.notice.dismiss"), "app.dismiss", cls="shell-quiet")
    return (
        f'<div class="shell-notice" role="alert" data-notice="{esc(model.notice[0])}">'
        f"<p>{text}</p>{actions}{dismiss}</div>"
    )


def _toast(model: Model, t: Translate) -> str:
    text = esc(_message(t, model.toast)) if model.toast else ""
    hidden = "" if text else " hidden"
    return f'<div class="shell-toast" role="status" aria-live="polite"{hidden}>{text}</div>'


def _share_panel(model: Model, app: App, t: Translate) -> str:
    if model.share_url is None:
        return ""
    # what a link gives away, in the game's words (a hand of cards, the deck's order)
    warning_key = "app.share.warning"
    if model.game is not None:
        warning_key = getattr(app.get_ui(model.game.game_id), "share_key", warning_key)
    url = model.share_url
    if model.copied is True:
        status = t("app.share.copied")
    elif model.copied is False:
        status = t("app.share.copy-failed")
    else:
        status = t("app.share.copying")
    # a challenge's link has its own words (tablero.web.challenge_views): what the
    # friend will see, told as information; a game's link warns what it gives away
    challenge = challenge_views.share_words(url, t)
    title, warning = challenge or (t("app.share.title"), t(warning_key))
    note = "shell-info" if challenge else "shell-warning"
    return (
        '<section class="shell-panel shell-share" role="dialog" aria-labelledby="shell-share-h">'
        f'<h2 id="shell-share-h">{esc(title)}</h2>'
        f'<p class="shell-share-status">{esc(status)}</p>'
        f'<label class="shell-field"><span>{esc(t("app.share.label"))}</span>'
        f'<input class="shell-link" type="text" readonly value="{esc(url)}"></label>'
        f'<p class="{note}">{esc(warning)}</p>'
        f'<div class="shell-actions">{button(t("app.share.close"), "app.share-close")}</div>'
        "</section>"
    )


# --- home: the game picker --------------------------------------------------------------


def _home_screen(model: Model, app: App, t: Translate) -> str:
    parts = [f'<h1 class="shell-h1">{esc(t("app.home.title"))}</h1>']
    if model.game is not None:
        game = model.game
        lang = model.lang
        parts.append(
            '<section class="shell-card shell-continue">'
            f"<h2>{esc(t('app.home.continue'))}</h2>"
            f'<p class="shell-save-name">{esc(shown_text(_title(app, game, lang)))}</p>'
            f'<p class="shell-meta">{esc(_players_line(shown_seats(game.seats, app, lang)))}</p>'
            '<div class="shell-actions">'
            + button(t("app.home.continue-button"), "app.game", cls="shell-primary")
            + "</div>"
            "</section>"
        )
    parts.append(f'<h2 class="shell-h2">{esc(t("app.home.pick"))}</h2><ul class="shell-games">')
    entries = app.available_games()
    try:
        progress = app.store.tutorial_progress()
    except Exception:  # noqa: BLE001 - a storage that throws: no tutorial begun
        progress = {}
    for entry in entries:
        parts.append(_game_card(entry, t, progress))
    parts.append("</ul>")
    if not entries:
        parts.append(f"<p>{esc(t('app.error.no-games'))}</p>")
    play = button(t("app.challenge.daily.play"), "app.daily", cls="shell-primary")
    parts.append(challenge_views.daily_card(app, t, play))
    parts.append(
        '<div class="shell-actions">'
        + button(t("app.menu.saves"), "app.saves")
        + _import_control(t)
        + "</div>"
    )
    return "".join(parts)


def _game_card(entry: GameEntry, t: Translate, progress: dict[str, int]) -> str:
    game = get_game(entry.id)
    players = t("app.home.players", min=game.min_players, max=game.max_players)
    learn = ""
    if has_tutorial(entry.id):
        key = "app.tutorial.resume" if progress.get(entry.id, 0) > 0 else "app.tutorial.open"
        learn = button(t(key), "app.tutorial", game=entry.id)
    return (
        f'<li class="shell-card shell-game" data-game="{esc(entry.id)}">'
        f"<h3>{esc(t(entry.title_key))}</h3>"
        f"<p>{esc(t(entry.blurb_key))}</p>"
        f'<p class="shell-meta">{esc(players)}</p>'
        '<div class="shell-actions">'
        + button(t("app.home.new-game"), "app.new", cls="shell-primary", game=entry.id)
        + button(t("app.menu.rules"), "app.rules", game=entry.id)
        + learn
        + "</div></li>"
    )


def _players_line(seats: Sequence[Seat]) -> str:
    return ", ".join(s.name for s in seats)


# --- the new-game dialog ----------------------------------------------------------------


def swatch(colour: int, size: int = 24) -> str:
    """A palette colour as a small SVG: its shape filled with ``--seat-<colour>``."""
    shape = SHAPES[colour % len(SHAPES)]
    fill = f"var(--seat-{colour})"
    if shape == "circle":
        body = '<circle cx="12" cy="12" r="9"/>'
    elif shape == "square":
        body = '<rect x="4" y="4" width="16" height="16" rx="3"/>'
    elif shape == "diamond":
        body = '<polygon points="12,2 22,12 12,22 2,12"/>'
    else:
        body = '<polygon points="12,3 22,20 2,20"/>'
    return (
        f'<svg class="shell-swatch" viewBox="0 0 24 24" width="{size}" height="{size}" '
        f'aria-hidden="true" focusable="false"><g style="fill:{fill}" '
        f'stroke="#222" stroke-width="1.2">{body}</g></svg>'
    )


def _new_screen(model: Model, app: App, t: Translate) -> str:
    form = model.form
    assert form is not None
    game = get_game(form.game_id)
    ui = app.get_ui(form.game_id)
    entry = next((e for e in app.games if e.id == form.game_id), None)
    title = t(entry.title_key) if entry else game.title
    counts = "".join(
        f'<option value="{n}"{" selected" if n == form.players else ""}>{n}</option>'
        for n in player_counts(game, form)
    )
    parts = [
        '<form class="shell-form shell-new" data-act="app.start" autocomplete="off">',
        f'<h1 class="shell-h1">{esc(t("app.new.title", game=title))}</h1>',
        f'<label class="shell-field"><span>{esc(t("app.new.players"))}</span>'
        f'<select name="players" data-act="app.form">{counts}</select></label>',
    ]
    parts.append(f'<p class="shell-hint shell-bots-hint">{esc(t("app.new.bots-hint"))}</p>')
    for i in range(form.players):
        parts.append(_seat_fields(i, form.names[i], form.colours[i], form.kinds[i], t))
    parts.extend(_option_field(field) for field in option_inputs(game, form, t, ui.options()))
    parts.append(
        f'<label class="shell-field"><span>{esc(t("app.new.seed"))}</span>'
        f'<input type="text" name="seed" value="{esc(form.seed)}" maxlength="{MAX_SEED}" '
        f'inputmode="text" spellcheck="false"></label>'
        f'<p class="shell-hint">{esc(t("app.new.seed-hint"))}</p>'
    )
    if form.error is not None:
        parts.append(f'<p class="shell-error" role="alert">{esc(_message(t, form.error))}</p>')
    parts.append(
        '<div class="shell-actions">'
        f'<button type="submit" class="shell-btn shell-primary">{esc(t("app.new.start"))}</button>'
        + button(t("app.new.cancel"), "app.back")
        + "</div></form>"
    )
    return "".join(parts)


def _option_field(field: OptionInput) -> str:
    """One of the game's options (derived from the core's ``OptionSpec``, see
    :mod:`tablero.web.screens.new`): a select sending the chosen index, or a set's
    checkboxes (a hidden ``opt-<name>`` says the set is in the form) with its size rule.
    Each sends ``app.form`` on change: an option may change the player counts."""
    name = f"opt-{field.name}"
    if field.kind != "set":
        choices = "".join(
            f'<option value="{k}"{" selected" if k in field.chosen else ""}>{esc(label)}</option>'
            for k, label in enumerate(field.choices)
        )
        return (
            f'<label class="shell-field"><span>{esc(field.label)}</span>'
            f'<select name="{esc(name)}" data-act="app.form">{choices}</select></label>'
        )
    boxes = "".join(
        f'<label class="shell-colour"><input type="checkbox" name="{esc(name)}-{k}" value="1"'
        f'{" checked" if k in field.chosen else ""} data-act="app.form">'
        f"<span>{esc(label)}</span></label>"
        for k, label in enumerate(field.choices)
    )
    rule = ""
    if field.rule is not None:
        cls, role = ("shell-error", ' role="alert"') if field.broken else ("shell-hint", "")
        rule = f'<p class="{cls}"{role}>{esc(field.rule)}</p>'
    return (
        f'<fieldset class="shell-colours shell-option-set" data-option="{esc(field.name)}">'
        f"<legend>{esc(field.label)}</legend>"
        f'<input type="hidden" name="{esc(name)}" value="">{boxes}</fieldset>{rule}'
    )


def _seat_fields(i: int, name: str, colour: int, kind: str, t: Translate) -> str:
    colours = "".join(
        f'<label class="shell-colour" title="{esc(t(f"app.colour.{c}"))}">'
        f'<input type="radio" name="colour-{i}" value="{c}"{" checked" if c == colour else ""}>'
        f"{swatch(c)}<span>{esc(t(f'app.colour.{c}'))}</span></label>"
        for c in range(4)
    )
    choices = [("human", t("app.new.human"))] + [
        (f"bot:{level}", t(KIND_KEYS[level])) for level in BOT_LEVELS
    ]
    kinds = "".join(
        f'<option value="{value}"{" selected" if value == kind else ""}>{esc(label)}</option>'
        for value, label in choices
    )
    return (
        f'<fieldset class="shell-seat">'
        f"<legend>{esc(t('app.new.seat', n=i + 1, letter=LETTERS[i]))}</legend>"
        f'<label class="shell-field"><span>{esc(t("app.new.name"))}</span>'
        f'<input type="text" name="name-{i}" value="{esc(name)}" maxlength="{MAX_NAME}" '
        f'required spellcheck="false"></label>'
        f'<fieldset class="shell-colours"><legend>{esc(t("app.new.colour"))}</legend>'
        f"{colours}</fieldset>"
        f'<label class="shell-field"><span>{esc(t("app.new.kind"))}</span>'
        f'<select name="kind-{i}">{kinds}</select></label>'
        f"</fieldset>"
    )


# --- the game ---------------------------------------------------------------------------


def shown_seats(seats: Sequence[Seat], app: App, lang: str) -> list[Seat]:
    """The seats as shown: a default name ("Player 2") in the language on screen, even
    when the game was started in another ("プレイヤー2"); typed names as they are.  The
    one person at the device (alone against bots, solitaire, a tutorial) is ``you``: the
    log speaks to them ("You take"); with several people passing the device, names."""
    one = [i for i, s in enumerate(seats) if s.kind == "human"]
    return [
        replace(s, name=shown_text(default_name_in(app, s.name, i, lang)), you=one == [i])
        for i, s in enumerate(seats)
    ]


def _game_screen(model: Model, app: App, t: Translate) -> str:
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
    parts = [_bot_status(model, app, t)]
    if state.is_terminal():
        # The end leads with the result (the plugin's end panel opens with the winner and
        # the scores), then the breakdown, then the final table.
        parts.append(
            '<section class="shell-end" aria-labelledby="shell-end-h" data-decision="end">'
            f'<h1 id="shell-end-h" class="shell-visually-hidden">{esc(t("app.end.title"))}</h1>'
            + ui.render_end(state, seats, t)
            # a one-player game: the daily deal's day, a challenge's target (only now)
            + challenge_views.end_panel(model, app, t)
            + '<div class="shell-actions">'
            + button(t("app.end.replay"), "app.replay", cls="shell-primary", focus="1")
            + button(t("app.end.new"), "app.new")
            + (
                button(t("app.challenge.share"), "app.challenge-share")
                if challenge_views.can_challenge(model)
                else ""
            )
            + "</div></section>"
            + f'<section class="shell-table is-over">{table}</section>'
        )
    else:
        heading = t("app.game.heading", game=t(app.entry(game.game_id).title_key))
        parts.append(
            f'<h1 class="shell-visually-hidden" data-focus-fallback>{esc(heading)}</h1>'
            f'<section class="shell-table">{table}</section>'
        )
    parts.append(_log(ui, view.history, seats, t, model.drawer == "log"))
    return "".join(parts)


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
            f"<p>{esc(_message(t, model.bot_problem))}</p>"
            f'<div class="shell-actions">{actions}</div></div>'
        )
    th = model.thinking
    if th is None or th.save_id != game.id:
        return ""
    thinker = shown_seats(game.seats, app, model.lang)[th.seat]
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
        f"{bar}</div>"
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


def _log(
    ui: GameUI[Any], history: Sequence[Any], seats: list[Seat], t: Translate, open_: bool
) -> str:
    """The moves, newest first: a column beside the table on a wide screen, a drawer
    (the bar's "Moves") on a narrower one."""
    items = []
    for n, entry in reversed(list(enumerate(history, 1))):
        try:
            text = ui.describe(entry, seats, t)
        except Exception:  # noqa: BLE001 - a log line must never hide the table
            text = str(entry.get("move", "?"))
        items.append(f'<li value="{n}">{esc(text)}</li>')
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


# --- replay -----------------------------------------------------------------------------

_GAME_CONTROL = re.compile(
    r'\s(?:data-act="(?!app\.)[^"]*"|role="button"|tabindex="[^"]*"|data-focus="1")'
)


def read_only(table: str) -> str:
    """A game's table shown for reading only (a replayed position): its controls do
    nothing, so they are not offered as controls (no ``data-act``, no button role, out
    of the Tab order; its buttons disabled)."""
    return _GAME_CONTROL.sub("", table).replace("<button ", "<button disabled ")


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
    attrs = _attrs(type="button", class_=f"shell-btn shell-replay-{which}",
                   data_act="app.replay-step", disabled=disabled, aria_label=label, title=label,
                   **{f"data_{k}": v for k, v in data.items()})  # fmt: skip
    return f"<button{attrs}>{picture}</button>"


def _replay_screen(model: Model, app: App, t: Translate) -> str:
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
        + read_only(ui.render_table(view, seats, Selection(), t))
        + "</div>"
        + '<div class="shell-actions">'
        + button(t("app.replay.close"), "app.replay-close", cls="shell-primary")
        + "</div></section>"
    )


# --- rules ------------------------------------------------------------------------------


def _rules_screen(model: Model, app: App, t: Translate) -> str:
    game_id = model.rules_game
    assert game_id is not None
    ui = app.get_ui(game_id)
    over = model.back == "game" and model.game is not None
    label = t("app.rules.close") if over else t("app.rules.back")
    back = button(label, "app.back", cls="shell-primary", esc="1")
    if has_tutorial(game_id) and model.back != "tutorial":
        back = button(t("app.tutorial.open"), "app.tutorial", game=game_id) + back
    title = t("app.rules.title", game=t(app.entry(game_id).title_key))
    # The close control stays in view (a sticky head) however long the help is.
    head = (
        '<div class="shell-rules-head">'
        f'<h1 id="shell-rules-h" class="shell-h1" tabindex="-1" data-focus>{esc(title)}</h1>'
        f"{back}</div>"
    )
    # What Tablero itself decides, the same in every game: how far Undo goes.
    app_rules = (
        '<section class="shell-rules-app" aria-labelledby="shell-rules-app-h">'
        f'<h2 id="shell-rules-app-h">{esc(t("app.rules.in_tablero"))}</h2>'
        f'<p data-app-rule="undo">{esc(t("app.rules.undo"))}</p></section>'
    )
    body = (
        f'<section class="shell-rules" data-decision="rules">{ui.rules_html(t)}{app_rules}'
        "</section>"
    )
    if over:
        return (
            '<div class="shell-overlay" role="dialog" aria-modal="true" '
            f'aria-labelledby="shell-rules-h">{head}{body}</div>'
        )
    return head + body


# --- a tutorial -------------------------------------------------------------------------


#: Words of a tutorial's text for a keyboard only ("or press R"), marked ``[[...]]`` in
#: its catalogs: a touch-only device does not show them (the class ``tb-keys``).
_KEYBOARD_WORDS = re.compile(r"\[\[(.+?)\]\]")


def _keyboard_words(escaped: str) -> str:
    """``escaped`` (text already escaped) with its ``[[...]]`` parts in a ``tb-keys`` span."""
    return _KEYBOARD_WORDS.sub(r'<span class="tb-keys">\1</span>', escaped)


def _tutorial_screen(model: Model, app: App, t: Translate) -> str:
    """The tutorial's table (the game's own, its next click highlighted) under the step's
    text, with the way on: "Next" (a read or watch step), or the move to make."""
    run = model.tutorial
    assert run is not None
    tutorial = get_tutorial(run.game_id)
    if tutorial is None:
        return _home_screen(model, app, t)
    step = tutorial.steps[run.step]
    last = run.step == len(tutorial.steps) - 1
    # the seats' names in the language on screen (it may have changed since the step began)
    game = replace(run.game, seats=tutorial_seats(tutorial, t))
    shown = replace(
        model, screen="game", game=game, undo=(), revealed=None, thinking=None,
        bot_problem=None,
    )  # fmt: skip
    table = _game_screen(shown, app, t)
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


# --- saved games ------------------------------------------------------------------------


def _when(ms: float) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(ms / 1000))
    except (OverflowError, OSError, ValueError):
        return "?"


def _saves_screen(model: Model, app: App, t: Translate) -> str:
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
    if not model.saves:
        parts.append(f'<p class="shell-hint">{esc(t("app.saves.none"))}</p>')
    else:
        parts.append('<ul class="shell-saves">')
        for summary in model.saves:
            parts.append(_save_item(model, summary, app, t))
        parts.append("</ul>")
    parts.append(
        '<div class="shell-actions">'
        + _import_control(t)
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


def _title(app: App, s: Any, lang: str) -> str:
    """A save's title (of a :class:`SavedGame` or its summary) in ``lang`` if the app
    made it, else as the player typed it."""
    if isinstance(s, SavedGame):
        day = daily_day(s.state)
    else:
        day = getattr(s, "day", None)
    challenge = getattr(s, "challenge", None)
    return shown_title(app, s.name, s.game_id, s.seats, lang, day=day, challenge=challenge)


def _save_item(model: Model, s: Any, app: App, t: Translate) -> str:
    entry = next((e for e in app.games if e.id == s.game_id), None)
    name = _title(app, s, model.lang)
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
            _players_line(seats),
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
