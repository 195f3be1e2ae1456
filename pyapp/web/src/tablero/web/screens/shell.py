"""The frame every screen is shown in, as HTML text: the menu bar, the notice, the toast,
the share panel, the install how-to, the language select (:func:`page` puts a screen in
it); and the markup the screens share (:func:`button`, a message, a save's title, the
seats as shown, a colour's swatch).

Every clickable element carries ``data-act`` (``app.*`` for the shell; anything else
goes to the game's plugin) and its arguments as ``data-*``.  Forms carry ``data-act``
too: submitting one sends its fields.  All text comes from the catalog (``t``) and
every untrusted text (names of players and saves, messages quoting a link or a file)
goes through :func:`~tablero.web.svg.esc`.  The acts are handled in :mod:`.frame`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tablero.core import CorruptDataError

from .. import challenge_views
from ..challenge import daily_day
from ..i18n import LANGUAGE_NAMES, LANGUAGES
from ..model import STORAGE_NOTICES, Model, can_undo, pass_to, shown_text, undo_refusal
from ..names import default_name_in
from ..plugin import Seat, Translate
from ..remotegames import link_session, to_parts
from ..saves import SavedGame
from ..svg import esc
from ..titles import shown_title

if TYPE_CHECKING:
    from ..app import App

__all__ = [
    "LETTERS",
    "SHAPES",
    "button",
    "import_control",
    "message",
    "page",
    "players_line",
    "save_title",
    "shown_seats",
    "swatch",
    "tag_attrs",
]

#: The shapes drawn with each palette colour (as the game plugins draw them), so a
#: colour is never told by its hue alone.
SHAPES = ("circle", "square", "diamond", "triangle")
LETTERS = "ABCD"


def tag_attrs(**attributes: Any) -> str:
    """HTML attributes, values escaped: ``class_`` is ``class``, ``data_act`` is
    ``data-act``; ``True`` writes the bare name, ``None`` and ``False`` nothing."""
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
    attrs = tag_attrs(type="button", class_=("shell-btn " + cls).strip(), data_act=act,
                      disabled=disabled, **extra)  # fmt: skip
    return f"<button{attrs}>{esc(label)}</button>"


# --- the frame ------------------------------------------------------------------------


def page(model: Model, app: App, t: Translate, screen: str, body: str, over: str) -> str:
    """The whole page: the bar, the notice, the screen ``screen`` holding ``body``, a
    dialog ``over`` it (the rules over the table), the install how-to, the share panel and
    the toast."""
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
    items.append(import_control(t))
    if model.install in ("available", "ios"):
        items.append(button(t("app.menu.install"), "app.install", cls="shell-install"))
    menu = (
        '<details class="shell-menu">'
        f'<summary class="shell-btn">{esc(t("app.menu.title"))}</summary>'
        f'<div class="shell-menu-items" data-rove="line">'
        f"{''.join(items)}{_playback_switch(model, t)}{_language_select(model, t)}</div>"
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


def _playback_switch(model: Model, t: Translate) -> str:
    """The menu's playback switch (``app.playback``): on, the others' moves are shown one
    at a time and a game's end step by step."""
    checked = "true" if model.playback else "false"
    return (
        f'<button type="button" class="shell-btn shell-playback" role="switch" '
        f'aria-checked="{checked}" data-act="app.playback">{esc(t("app.menu.playback"))}'
        "</button>"
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


def import_control(t: Translate) -> str:
    # A file input inside a label: the label is the visible, 44 px control.
    return (
        f'<label class="shell-btn shell-import">{esc(t("app.menu.import"))}'
        '<input type="file" accept=".json,application/json" data-act="app.import-file" '
        'class="shell-visually-hidden"></label>'
    )


def message(t: Translate, msg: tuple[str, Any] | None) -> str:
    if msg is None:
        return ""
    key, params = msg
    # Parameters may quote untrusted text (a name, a file's contents): shown as text.
    return t(key, **{k: shown_text(v) if isinstance(v, str) else v for k, v in params.items()})


def _notice(model: Model, t: Translate) -> str:
    if model.notice is None:
        return ""
    text = esc(message(t, model.notice))
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
    text = esc(message(t, model.toast)) if model.toast else ""
    hidden = "" if text else " hidden"
    return f'<div class="shell-toast" role="status" aria-live="polite"{hidden}>{text}</div>'


def _copy_status(model: Model, t: Translate) -> str:
    """What the share panel says of the clipboard: copying, copied, or copy by hand."""
    if model.copied is True:
        return t("app.share.copied")
    if model.copied is False:
        return t("app.share.copy-failed")
    return t("app.share.copying")


def _share_panel(model: Model, app: App, t: Translate) -> str:
    if model.share_url is None:
        return ""
    if model.remote is not None:
        return remote_share_panel(model, app, t)  # a game with friends: its link to send
    # what a link gives away, in the game's words (a hand of cards, the deck's order)
    warning_key = "app.share.warning"
    if model.game is not None:
        warning_key = getattr(app.get_ui(model.game.game_id), "share_key", warning_key)
    url = model.share_url
    status = _copy_status(model, t)
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


#: The longest link the share panel draws as a QR code (a code of a longer one is too
#: dense for a phone's camera across a table).
QR_MAX_CHARS = 1200

#: The share panel's title for each kind of link (invite, join, start, turn).
SHARE_TITLES = {
    "i": "app.remote.send.invite",
    "j": "app.remote.send.join",
    "s": "app.remote.send.start",
    "t": "app.remote.send.turn",
}


def remote_share_panel(model: Model, app: App, t: Translate) -> str:
    """The share panel of a game with friends: what to do with the link (to whom it
    goes), the link itself (copied already where the browser lets the app), the system's
    share sheet where there is one (the page shows that button only then), and a QR code
    for a phone at the same table (drawn by the page from ``data-qr``)."""
    remote, url = model.remote, model.share_url
    assert remote is not None and url is not None
    fragment = url.split("#", 1)[1] if "#" in url else url
    try:
        kind, _ = link_session(fragment)
    except CorruptDataError:
        kind = "t"
    names = [s.name for s in shown_seats(remote.seats(), app, model.lang)]
    creator = names[remote.table.creator]
    title = t(SHARE_TITLES.get(kind, "app.remote.send.turn"), name=creator)
    status = _copy_status(model, t)
    sheet = button(
        t("app.remote.share-sheet"), "app.share-sheet", cls="shell-primary shell-share-sheet"
    )
    # a QR code for a phone at the same table, when the link fits one readably (a private
    # table's set-up links, several kilobytes, do not)
    qr = (
        f'<div class="shell-qr" data-qr="{esc(url)}" role="img"'
        f' aria-label="{esc(t("app.remote.qr"))}"></div>'
        if len(url) <= QR_MAX_CHARS
        else ""
    )
    # a link too long for some chats (a set-up's passes): also in parts, and as a file
    parts = to_parts(fragment)
    extra = ""
    if parts:
        rows = "".join(
            f'<li><label class="shell-field"><span>'
            f"{esc(t('app.remote.part', k=k, count=len(parts)))}</span>"
            f'<input class="shell-link" type="text" readonly'
            f' value="{esc(model.base_url + "#" + part)}"></label>'
            + button(t("app.remote.copy-part", k=k), "app.copy-part", part=k)
            + "</li>"
            for k, part in enumerate(parts, 1)
        )
        extra = (
            f'<p class="shell-hint">{esc(t("app.remote.parts-hint", count=len(parts)))}</p>'
            f'<ol class="shell-parts">{rows}</ol>'
            + button(t("app.remote.as-file"), "app.remote-file")
        )
    return (
        '<section class="shell-panel shell-share shell-remote-share" role="dialog"'
        f' aria-labelledby="shell-share-h" data-link-kind="{esc(kind)}">'
        f'<h2 id="shell-share-h" data-focus="1">{esc(title)}</h2>'
        f'<p class="shell-share-status" role="status">{esc(status)}</p>'
        f'<label class="shell-field"><span>{esc(t("app.share.label"))}</span>'
        f'<input class="shell-link" type="text" readonly value="{esc(url)}"></label>'
        + qr
        + extra
        + f'<p class="shell-info">{esc(t("app.remote.send-hint"))}</p>'
        f'<div class="shell-actions">{sheet}{button(t("app.share.close"), "app.share-close")}</div>'
        "</section>"
    )


# --- shared by the screens --------------------------------------------------------------


def players_line(seats: Sequence[Seat]) -> str:
    return ", ".join(s.name for s in seats)


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


def save_title(app: App, s: Any, lang: str) -> str:
    """A save's title (of a :class:`SavedGame` or its summary) in ``lang`` if the app
    made it, else as the player typed it."""
    if isinstance(s, SavedGame):
        day = daily_day(s.state)
    else:
        day = getattr(s, "day", None)
    challenge = getattr(s, "challenge", None)
    return shown_title(app, s.name, s.game_id, s.seats, lang, day=day, challenge=challenge)
