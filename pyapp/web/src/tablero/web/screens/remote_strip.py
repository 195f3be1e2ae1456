"""The markup of a game with friends that other screens show: the strip above its table
(whose link is awaited, since when, the field to paste one), its entries in the saves
list, and the helpers the lobby shares with them.  The acts are
:mod:`tablero.web.screens.remote`'s; the share panel of its links is the frame's
(:func:`tablero.web.screens.shell.remote_share_panel`)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..model import Model, shown_text
from ..plugin import Translate
from ..remotegames import RemoteGame, status_of
from ..svg import esc
from .shell import button, shown_seats

if TYPE_CHECKING:
    from ..app import App
    from ..privatedeck import PrivateDeck

__all__ = [
    "STATUS_KEYS",
    "actions",
    "names_of",
    "paste_form",
    "remote_list",
    "remote_status",
    "when",
]


#: The catalog keys of a remote game's status (:func:`tablero.web.remotegames.status_of`).
STATUS_KEYS = {
    "lobby": "app.remote.status.lobby",
    "your-turn": "app.remote.status.your-turn",
    "waiting": "app.remote.status.waiting",
    "over": "app.remote.status.over",
    "stopped": "app.remote.status.stopped",
    "abandoned": "app.remote.status.abandoned",
}


def names_of(app: App, game: RemoteGame, lang: str) -> list[str]:
    return [s.name for s in shown_seats(game.seats(), app, lang)]


def when(ms: float) -> str:
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(ms / 1000))
    except (OverflowError, OSError, ValueError):
        return "?"


def paste_form(t: Translate) -> str:
    return (
        '<form class="shell-form shell-remote-paste" data-act="app.remote-paste"'
        ' autocomplete="off">'
        f'<label class="shell-field"><span>{esc(t("app.remote.paste"))}</span>'
        '<input type="text" name="link" inputmode="url" spellcheck="false"></label>'
        f'<button type="submit" class="shell-btn">{esc(t("app.remote.paste-open"))}</button>'
        "</form>"
    )


def actions(model: Model, t: Translate) -> str:
    remote = model.remote
    assert remote is not None
    parts = []
    if remote.sent:
        parts.append(button(t("app.remote.share-again"), "app.remote-share"))
    if status_of(remote) in ("lobby", "waiting"):
        parts.append(button(t("app.remote.abandon"), "app.remote-abandon"))
    elif remote.abandoned:
        parts.append(button(t("app.remote.take-up"), "app.remote-abandon", undo="1"))
    parts.append(button(t("app.remote.export"), "app.remote-export"))
    return '<div class="shell-actions">' + "".join(parts) + "</div>"


def remote_status(model: Model, app: App, t: Translate) -> str:
    """The table's strip for a game with friends: whose link it waits for and since when
    (with the field to paste it, the last link to send again, "abandoned"), or that it is
    this player's turn; at the end, that every draw was checked as it happened."""
    remote = model.remote
    assert remote is not None
    names = names_of(app, remote, model.lang)
    status = status_of(remote)
    table = remote.table
    deck = table.private
    extra = ""
    if status == "waiting" and deck is not None and not deck.ready:
        # a round of passes under way (the set-up's shuffles, a mix of the bag): how far
        rnd = deck.round
        key = "app.remote.shuffling" if rnd.kind == "setup" else "app.remote.mixing"
        sender = rnd.order[deck.step]
        line = t(key, step=deck.step + 1, steps=len(rnd.order), name=names[sender])
    elif status == "waiting" and deck is not None and _own_draw_waits(deck, table.seat):
        # this seat drew a card whose keys are not all in: it is face down until then
        reply = deck.next_reply()
        assert reply is not None
        line = t("app.remote.drawn-face-down", name=names[reply[0]])
    elif status == "waiting":
        who = ", ".join(names[s] for s in table.waiting_for)
        line = t("app.remote.waiting", name=who, since=when(remote.since))
    elif status == "over" and table.audit:
        # a game with private hands: the audit of every shuffle and key, at the end
        draws = table.audit.split(" ", 1)[0]
        count = int(draws) if draws.isdigit() else 0
        line = t("app.remote.checked") + " " + t("app.remote.audit-ok", count=count)
        extra = dealt_deck(table.deck_as_dealt(), names, t)
    elif status == "over":
        line = t("app.remote.checked")
    elif status == "stopped":
        # the end's audit failed, or the devices' games parted: what failed is shown
        failed = deck is not None and table.audit and table.audit == table.stopped
        line = t("app.remote.audit-failed" if failed else "app.remote.stopped")
        # what failed, as the protocol names it (the seat, the link, the step)
        extra = (
            f'<details class="shell-remote-failed"><summary>{esc(t("app.remote.what-failed"))}'
            f'</summary><p lang="en">{esc(table.stopped)}</p></details>'
        )
    elif status == "abandoned":
        line = t("app.remote.status.abandoned")
    else:
        line = t("app.remote.your-turn")
    live = ' role="status" aria-live="polite"'
    if model.remote_locked:
        status = "locked"
        line = t("app.remote.locked")
    body = f'<p class="shell-remote-line"{live}>{esc(line)}</p>' + extra
    if status == "locked":
        body += '<div class="shell-actions">' + button(t("app.remote.relock"), "app.remote-relock")
        body += "</div>"
    elif status != "your-turn":  # on the player's turn, one line: the table comes first
        if status in ("waiting", "abandoned"):
            body += paste_form(t)
        body += actions(model, t)
    if status not in ("your-turn", "locked"):
        body += f'<p class="shell-hint">{esc(t("app.remote.export-warning"))}</p>'
    return (
        f'<section class="shell-remote shell-remote-{status}" data-remote="{status}"'
        f' aria-label="{esc(t("app.remote.title"))}">{body}</section>'
    )


def remote_list(model: Model, app: App, t: Translate) -> str:
    """The saves screen's list of games with friends: each with its players and where it
    stands ("your turn", "waiting for Ben"), and a button to open it."""
    items = []
    for s in model.remote_saves:
        title = t(app.entry(s.game_id).title_key)
        names = [shown_text(n) if n else t("app.remote.seat-free") for n in s.names]
        if s.status == "waiting":
            line = t(
                "app.remote.list-waiting",
                name=", ".join(names[w] for w in s.waiting if w < len(names)),
            )
        else:
            line = t(STATUS_KEYS.get(s.status, "app.remote.status.lobby"))
        items.append(
            f'<li class="shell-save shell-remote-save" data-remote-id="{esc(s.id)}"'
            f' data-status="{esc(s.status)}">'
            f'<p class="shell-save-name">{esc(title)}</p>'
            f'<p class="shell-meta">{esc(", ".join(names))}</p>'
            f'<p class="shell-meta">{esc(line)} · {esc(when(s.updated))}</p>'
            '<div class="shell-actions">'
            + button(t("app.remote.open"), "app.remote-open", cls="shell-primary", id=s.id)
            + "</div></li>"
        )
    return (
        f'<h2 class="shell-h2">{esc(t("app.remote.list-title"))}</h2>'
        f'<ul class="shell-saves shell-remote-saves">{"".join(items)}</ul>'
    )


def _own_draw_waits(deck: PrivateDeck, seat: int) -> bool:
    """Whether the next key awaited is for a card drawn by ``seat`` (another's key)."""
    reply = deck.next_reply()
    return reply is not None and reply[1] == seat and reply[0] != seat


def dealt_deck(dealt: tuple[tuple[int, str, int], ...], names: list[str], t: Translate) -> str:
    """ "Show the deck as dealt": every draw of a private table, in order (its place in
    the deck, the card, the seat it was drawn for), once the audit has passed."""
    if not dealt:
        return ""
    rows = "".join(
        f"<tr><td>{k}</td><td>{place + 1}</td><td>{esc(card)}</td>"
        f"<td>{esc(names[seat] if 0 <= seat < len(names) else t('app.remote.face-up'))}</td></tr>"
        for k, (place, card, seat) in enumerate(dealt, 1)
    )
    head = "".join(
        f'<th scope="col">{esc(t(key))}</th>'
        for key in ("app.remote.dealt.draw", "app.remote.dealt.place", "app.remote.dealt.card",
                    "app.remote.dealt.seat")
    )  # fmt: skip
    return (
        f'<details class="shell-remote-dealt"><summary>{esc(t("app.remote.dealt"))}</summary>'
        f'<table class="shell-table-list"><thead><tr>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></details>"
    )
