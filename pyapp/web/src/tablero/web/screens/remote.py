"""Play with friends by link: the new game's form, the invitation answered, the lobby
(seats taken, the start awaited), the table's waiting state, and every link opened.

The protocol is :class:`tablero.web.remote.RemoteTable` (docs/remote-play.md); its games
on this device are :class:`tablero.web.remotegames.RemoteGame` values kept by
``app.remote``.  A remote game on the table is an ordinary game for the table's screen
(``model.game``: this seat's view, the others' seats of kind ``remote``) with
``model.remote`` beside it: :func:`play_remote` plays a move through the table, which
makes the turn's link when the turn is over, and the share panel opens on it.

Links come in by the address (``#tb2.…``: :func:`open_remote_link`, from
:func:`tablero.web.screens.frame.open_link`) or pasted into the field the lobby and the
waiting state show (``app.remote-paste``).  A link read twice changes nothing; one that
comes before the link it follows is held, and the screen says whose link to open first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tablero.core import CorruptDataError, IllegalMoveError, get_game

from ..acts import act
from ..model import (
    MAX_NAME,
    MAX_SAVE_NAME,
    Effect,
    Model,
    RemoteForm,
    clean,
    problem,
    sharing,
    shown_text,
    to_screen,
)
from ..plugin import Translate
from ..remotegames import (
    DEALINGS,
    LINK_JOINER,
    PART_PREFIX,
    PRIVATE_GAMES,
    REMOTE_GAMES,
    REMOTE_MODES,
    RemoteGame,
    create_table,
    export_text,
    join_table,
    link_fields,
    link_session,
    split_links,
    status_of,
    to_parts,
)
from ..saves import SavedGame, StorageFullError
from ..svg import esc
from ..timeslice import Pause, time_slice
from .remote_strip import actions, names_of, paste_form, when
from .shell import button, message
from .table import ended_here, open_game, save

if TYPE_CHECKING:
    from ..app import App
    from ..remote import RemoteTable

__all__ = [
    "open_remote_link",
    "remote_screen",
    "reopen",
]

#: The catalog keys of the ways of dealing a game with private hands.
DEALING_KEYS = {
    "correspondence": "app.remote.dealing.correspondence",
    "strict": "app.remote.dealing.strict",
}


# --- the new game's form ----------------------------------------------------------------


def _counts(game_id: str, mode: str) -> list[int]:
    game = get_game(game_id)
    options = {"mode": mode} if game_id == "diadeplaya" else {}
    allowed = getattr(game, "allowed_players", None)
    counts = list(allowed(options)) if allowed is not None else []
    counts = counts or list(range(game.min_players, game.max_players + 1))
    return [n for n in counts if n >= 2]


def _valid_form(form: RemoteForm) -> RemoteForm:
    """The form with values that make a table: a known game, a player count its mode
    allows (the nearest one), a seat at that table."""
    game_id = form.game_id if form.game_id in REMOTE_GAMES else REMOTE_GAMES[0]
    mode = form.mode if form.mode in REMOTE_MODES else REMOTE_MODES[0]
    dealing = form.dealing if form.dealing in DEALINGS else DEALINGS[0]
    counts = _counts(game_id, mode)
    players = (
        form.players if form.players in counts else min(counts, key=lambda n: abs(n - form.players))
    )
    seat = form.seat if 0 <= form.seat < players else 0
    return replace(form, game_id=game_id, mode=mode, players=players, seat=seat, dealing=dealing)


def _read_form(form: RemoteForm, data: dict[str, str]) -> RemoteForm:
    def number(key: str, default: int) -> int:
        try:
            return int(data.get(key, default))
        except ValueError:
            return default

    return _valid_form(
        replace(
            form,
            game_id=data.get("game", form.game_id),
            mode=data.get("mode", form.mode),
            dealing=data.get("dealing", form.dealing),
            players=number("players", form.players),
            seat=number("seat", form.seat + 1) - 1,
            name=clean(data.get("name", form.name), MAX_NAME),
            error=None,
        )
    )


@act("app.remote-new", screen="remote", view_only=True)
def remote_new(app: App, model: Model, data: dict[str, str]) -> Model:
    """The form of a new game with friends (``data-game``: the game chosen first)."""
    name = model.remote_form.name if model.remote_form is not None else ""
    form = _valid_form(RemoteForm(data.get("game", REMOTE_GAMES[0]), 2, "competitive", 0, name))
    back = model.screen if model.screen in ("home", "game") else "home"
    return to_screen(model, "remote", remote_form=form, remote_invite=None, back=back)


@act("app.remote-form", screen="remote", view_only=True)
def remote_form(app: App, model: Model, data: dict[str, str]) -> Model:
    if model.remote_form is None:
        return model
    return replace(model, remote_form=_read_form(model.remote_form, data))


@act("app.remote-create", screen="remote")
def remote_create(app: App, model: Model, data: dict[str, str]) -> Model:
    """Make the invitation: this device's table (its secret drawn now), kept like a save,
    and the share panel opened on the invitation's link."""
    if model.remote_form is None:
        return model
    form = _read_form(model.remote_form, data)
    t = app.t(model.lang)
    name = form.name or t("app.new.default-name", n=form.seat + 1)
    names = [""] * form.players
    names[form.seat] = name
    options = {"mode": form.mode} if form.game_id == "diadeplaya" else {}
    private = {"mode": form.dealing} if form.game_id in PRIVATE_GAMES else {}
    try:
        table = create_table(
            form.game_id, players=form.players, options=options, seat=form.seat,
            names=names, entropy=app.entropy(32), **private,
        )  # fmt: skip
    except ValueError as exc:
        error = ("app.new.error.setup", {"reason": str(exc)})
        return replace(model, remote_form=replace(form, error=error))
    now = app.now()
    game = RemoteGame(app.remote.new_id(), table, now, now, now, table.outbox)
    model = replace(model, remote_form=replace(form, name=form.name))
    return _show(app, model, game, share=table.outbox)


# --- an invitation answered -------------------------------------------------------------


def _invite_fields(link: str) -> dict[str, Any]:
    """What the join form shows of an invitation (read by the wire, its content
    checked again by ``RemoteTable.join``)."""
    fields = link_fields(link)
    if fields[0] != "i":
        raise CorruptDataError("This is not an invitation.", code="remote.not_invite")
    game_id, _version, players, options, creator, creator_name = fields[4:10]
    if (
        game_id not in REMOTE_GAMES
        or type(players) is not int
        or not 2 <= players <= 4
        or type(creator) is not int
        or not 0 <= creator < players
        or not isinstance(creator_name, str)
        or not isinstance(options, dict)
    ):
        raise CorruptDataError("This link is damaged: ask for it again.", code="remote.damaged")
    return {
        "game": game_id,
        "players": players,
        "creator": creator,
        "name": clean(creator_name, MAX_NAME),
        "mode": str(options.get("mode", "")),
    }


@act("app.remote-join", screen="remote")
def remote_join(app: App, model: Model, data: dict[str, str]) -> Model:
    """Take a seat at the invitation's table: the join link goes back to its creator."""
    link = model.remote_invite
    if link is None:
        return model
    try:
        seat = int(data.get("seat", "0")) - 1
    except ValueError:
        seat = -1
    t = app.t(model.lang)
    name = clean(data.get("name", ""), MAX_NAME) or t("app.new.default-name", n=seat + 1)
    try:
        table = join_table(link, seat=seat, name=name, entropy=app.entropy(32))
    except CorruptDataError as exc:
        return replace(model, toast=("app.remote.bad-link", {"reason": problem(exc)}))
    except ValueError:
        return replace(model, toast=("app.remote.seat-taken", {}))
    now = app.now()
    game = RemoteGame(app.remote.new_id(), table, now, now, now, table.outbox)
    form = model.remote_form or RemoteForm(table.game_id, table.players, "", seat, name)
    model = replace(model, remote_invite=None, remote_form=replace(form, name=name))
    return _show(app, model, game, share=table.outbox)


# --- opening a link ----------------------------------------------------------------------


def open_remote_link(app: App, model: Model, fragment: str, step: int = 0) -> Model:
    """A link of a game with friends, opened from the address or pasted: the invitation
    of a game not on this device opens the join form; any other link is read by its
    game's table here (nothing changes when it was read before; one that comes too early
    is held, and the screen says whose link to open first).  A damaged, foreign or
    forged link changes nothing and says so.  ``step``: the slices of this reading done
    before (see :func:`_receive`)."""
    fragment = fragment.strip().lstrip("#")
    if "#" in fragment:  # a whole address pasted: its fragment
        fragment = fragment.split("#", 1)[1]
    model = replace(model, effects=(*model.effects, Effect("clear_hash")))
    if fragment.startswith(PART_PREFIX):  # a part of a long link: kept until all are here
        try:
            joined, have, count = app.remote.add_part(fragment)
        except CorruptDataError as exc:
            return replace(model, notice=("app.remote.bad-link", {"reason": problem(exc)}))
        except StorageFullError:
            return replace(model, notice=("app.error.storage-full", {}))
        if joined is None:
            return replace(model, toast=("app.remote.part-kept", {"have": have, "count": count}))
        fragment = joined
    links = split_links(fragment)
    try:
        kind, session = link_session(fragment)
    except CorruptDataError as exc:
        return replace(model, notice=("app.remote.bad-link", {"reason": problem(exc)}))
    on_screen = model.remote is not None and model.remote.table.session.hex() == session
    found = model.remote.id if on_screen and model.remote is not None else app.remote.find(session)
    if found is None:
        if kind != "i":
            return replace(model, notice=("app.remote.unknown", {}))
        try:
            _invite_fields(links[0])
        except CorruptDataError as exc:
            return replace(model, notice=("app.remote.bad-link", {"reason": problem(exc)}))
        back = model.screen if model.screen in ("home", "game") else "home"
        return replace(
            model, screen="remote", remote_invite=links[0], remote=None, back=back,
            share_url=None, toast=None,
        )  # fmt: skip
    if on_screen and model.remote is not None:
        game = model.remote  # on screen: no need to read (and check) every link again
    else:
        try:
            game = app.remote.load(found)
        except CorruptDataError:
            return replace(model, notice=("app.remote.lost", {}))
    return _receive(app, model, game, links, step)


def _receive(app: App, model: Model, game: RemoteGame, links: list[str], step: int = 0) -> Model:
    """``links`` read in order by ``game``'s table (a refused one stops there: what was
    read before it is kept); what the readings made (a private table's passes and keys)
    goes out together in the share panel.

    In the page the reading has a time slice (``app.read_slice``, :mod:`..timeslice`):
    when it runs out, nothing changes yet; the game is shown as it was, the screen says
    the link is still being read (``step``: slices so far), and the page sends
    ``app.remote-continue`` with the same links once it has painted
    (``Effect("read_on")``), which reads them again from the start: what was computed
    is kept, so each slice goes further."""
    before = game.table
    if before.stopped:
        return _show(app, model, game)
    try:
        with time_slice(app.read_slice):
            table, made, refused = _read_links(before, links)
    except Pause:
        waiting = model if game is model.remote else _show(app, model, game)
        read_on = {"fragment": LINK_JOINER.join(links), "step": str(step + 1)}
        return replace(
            waiting,
            toast=("app.remote.reading-more", {"step": step + 1}),
            effects=(*waiting.effects, Effect("read_on", read_on)),
        )
    now = app.now()
    changed = (
        table.log != before.log or table.held != before.held or table.stopped != before.stopped
    )
    if changed:
        game = replace(
            game, table=table, updated=now, since=now, sent=tuple(made) or game.sent,
            abandoned=False,
        )  # fmt: skip
    if refused is not None:
        model = replace(model, notice=("app.remote.bad-link", {"reason": problem(refused)}))
    elif table.stopped:
        model = replace(model, notice=("app.remote.stopped", {}))
    elif table.held and table.notice:
        # a link follows one not read yet: whose to open first
        names = names_of(app, game, model.lang)
        first = ", ".join(names[s] for s in table.waiting_for) or "?"
        model = replace(model, notice=("app.remote.held", {"name": first}))
    elif not changed and not all(_own(before, link) for link in links):
        model = replace(model, toast=("app.remote.read-before", {}))
    shown = "game" if game.started else "remote"
    if not changed and game is model.remote and model.screen == shown:
        return model  # already on screen as it is: its turn (and undo) left alone
    return _show(app, model, game, share=tuple(made))


def _read_links(
    table: RemoteTable, links: list[str]
) -> tuple[RemoteTable, list[str], CorruptDataError | IllegalMoveError | None]:
    """``links`` read in order by ``table``: the table after them, the links the readings
    made, and the refusal that stopped them (what was read before it is kept)."""
    made: list[str] = []
    for link in links:
        try:
            table = table.receive(link)
        except (CorruptDataError, IllegalMoveError) as exc:
            return table, made, exc
        made.extend(table.outbox)
        if table.stopped:
            break
    return table, made, None


def _own(table: RemoteTable, link: str) -> bool:
    """Was ``link`` made by this device (its own link, back in its address bar after a
    reload while the share panel was open)?"""
    try:
        fields = link_fields(link)
    except CorruptDataError:
        return False
    kind, creator = fields[0], table.seat == table.creator
    if kind == "t":
        return bool(fields[4] == table.seat)
    if kind == "j":
        return not creator and len(table.log) > 1 and table.log[1] == link
    return creator  # the invitation and the start are the creator's


@act("app.remote-paste", screen="remote")
def remote_paste(app: App, model: Model, data: dict[str, str]) -> Model:
    """A link pasted into the lobby's or the waiting table's field."""
    text = data.get("link", "").strip()
    if not text:
        return replace(model, toast=("app.remote.paste-empty", {}))
    return open_remote_link(app, model, text)


# --- the table's side ---------------------------------------------------------------------


def _saved(app: App, model: Model, game: RemoteGame) -> SavedGame:
    """The remote game as the table shows it: this seat's view."""
    table = game.table
    assert table.state is not None
    t = app.t(model.lang)
    title = t(app.entry(table.game_id).title_key)
    name = clean(
        t("app.remote.save-name", game=title, names=", ".join(game.names())), MAX_SAVE_NAME
    )
    return SavedGame(
        id=game.id, name=name, game_id=table.game_id, seats=game.seats(), state=table.state,
        created=game.created, updated=game.updated,
    )  # fmt: skip


def _show(app: App, model: Model, game: RemoteGame, *, share: tuple[str, ...] = ()) -> Model:
    """Keep ``game`` and show it: its table once it has started, else its lobby; the
    share panel open on the last of ``share`` (the links just made).  The page asks for
    the game's Web Lock (``Effect("lock")``: one tab at a time plays it)."""
    locked = model.remote_locked and model.remote is not None and model.remote.id == game.id
    model = replace(
        model, remote_locked=locked, effects=(*model.effects, Effect("lock", {"id": game.id}))
    )
    if game.started:
        shown = model.game
        saved = _saved(app, model, game)
        model = open_game(app, replace(model, remote=game), saved, remote=game)
        if shown is not None and shown.id == game.id:  # a friend's link ended the game here
            model = replace(model, end_step=ended_here(model, game.id, shown.state, saved.state))
        model = save(app, model)
    else:
        model = replace(
            model, screen="remote", remote=game, remote_invite=None, game=None,
            share_url=None, effects=(*model.effects, Effect("scroll_top")),
        )  # fmt: skip
        model = _save_lobby(app, model)
    if share:
        model = sharing(model, LINK_JOINER.join(share))
    return model


def _save_lobby(app: App, model: Model) -> Model:
    assert model.remote is not None
    try:
        app.remote.save(model.remote)
        app.store.set_current(None)
        app.remote.set_current(model.remote.id)
    except StorageFullError:
        return replace(model, storage_full=True, notice=("app.error.storage-full", {}))
    except Exception as exc:  # noqa: BLE001 - kept in memory; the notice says why
        return replace(
            model, storage_full=True, notice=("app.error.save-failed", {"reason": str(exc)})
        )
    if model.stored != model.remote.id:
        model = replace(model, stored=model.remote.id, effects=(*model.effects, Effect("persist")))
    return model


def reopen(app: App, model: Model, game_id: str) -> Model:
    """Reopen the remote game ``game_id`` (the one on screen before a reload)."""
    try:
        game = app.remote.load(game_id)
    except CorruptDataError:
        app.remote.set_current(None)
        return replace(model, notice=("app.remote.lost", {}))
    return _show(app, model, game)


@act("app.remote-open", screen="remote")
def remote_open(app: App, model: Model, data: dict[str, str]) -> Model:
    """Open a remote game from the saves list."""
    return reopen(app, replace(model, notice=None), data.get("id", ""))


@act("app.remote-lock", screen="remote", same_game=True, view_only=True, sent_by="page")
def remote_lock(app: App, model: Model, data: dict[str, str]) -> Model:
    """Whether this tab holds the Web Lock of the remote game on screen: without it,
    another tab plays that game and this one only shows it (its moves are refused)."""
    if model.remote is None or data.get("id") != model.remote.id:
        return model
    return replace(model, remote_locked=data.get("held") == "0")


@act("app.remote-reload", screen="remote", same_game=True, sent_by="page")
def remote_reload(app: App, model: Model, data: dict[str, str]) -> Model:
    """Another tab changed the remote game on screen: read it again from storage."""
    if model.remote is None or data.get("id") != model.remote.id:
        return model
    try:
        game = app.remote.load(model.remote.id)
    except CorruptDataError:
        return model
    if game.table.log == model.remote.table.log and game.abandoned == model.remote.abandoned:
        return model
    return _show(app, replace(model, share_url=None), game)


@act("app.remote-relock", screen="remote", same_game=True, view_only=True)
def remote_relock(app: App, model: Model, data: dict[str, str]) -> Model:
    """Ask again for the game's lock (the other tab was closed)."""
    if model.remote is None:
        return model
    return replace(model, effects=(Effect("lock", {"id": model.remote.id}),))


@act("app.remote-share", screen="remote", same_game=True, view_only=True)
def remote_share(app: App, model: Model, data: dict[str, str]) -> Model:
    """The share panel again, on the last link this device made."""
    if model.remote is None or not model.remote.sent:
        return model
    return sharing(model, LINK_JOINER.join(model.remote.sent))


@act("app.remote-abandon", screen="remote")
def remote_abandon(app: App, model: Model, data: dict[str, str]) -> Model:
    """Mark the game abandoned (a friend who never answers), or take it up again
    (``data-undo``): nothing of it is lost either way; a later link takes it up too."""
    if model.remote is None:
        return model
    remote = replace(model.remote, abandoned=not data.get("undo"), updated=app.now())
    model = replace(model, remote=remote)
    model = save(app, model) if model.game is not None else _save_lobby(app, model)
    key = "app.remote.abandoned" if remote.abandoned else "app.remote.resumed"
    return replace(model, toast=(key, {}))


@act("app.remote-export", screen="remote", same_game=True, view_only=True)
def remote_export(app: App, model: Model, data: dict[str, str]) -> Model:
    """Download the remote game with its secret (the panel beside the button says so)."""
    if model.remote is None:
        return model
    name = "tablero-friends-" + model.remote.table.game_id + "-" + model.remote.id + ".json"
    text = export_text(model.remote)
    return replace(model, effects=(Effect("download", {"filename": name, "text": text}),))


# --- rendering ----------------------------------------------------------------------------


def remote_screen(model: Model, app: App, t: Translate) -> str:
    """The new game's form, the join form, or the lobby of the remote game on screen."""
    if model.remote_invite is not None:
        return _join_screen(model, app, t)
    if model.remote is not None:
        return _lobby(model, app, t)
    return _form_screen(model, app, t)


def _options(values: list[tuple[str, str]], chosen: str) -> str:
    return "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(label)}</option>'
        for v, label in values
    )


def _select(name: str, label: str, values: list[tuple[str, str]], chosen: str, sends: str) -> str:
    """A labelled select (``sends``: its ``data-act`` attribute, or "")."""
    return (
        f'<label class="shell-field"><span>{esc(label)}</span>'
        f'<select name="{esc(name)}"{sends}>{_options(values, chosen)}</select></label>'
    )


def _name_field(label: str, value: str) -> str:
    return (
        f'<label class="shell-field"><span>{esc(label)}</span>'
        f'<input type="text" name="name" value="{esc(value)}" maxlength="{MAX_NAME}"></label>'
    )


def _buttons(t: Translate, submit: str) -> str:
    """A form's submit button and the way back."""
    return (
        '<div class="shell-actions">'
        f'<button type="submit" class="shell-btn shell-primary">{esc(submit)}</button>'
        + button(t("app.new.cancel"), "app.back")
        + "</div>"
    )


def _form_screen(model: Model, app: App, t: Translate) -> str:
    form = model.remote_form or _valid_form(RemoteForm(REMOTE_GAMES[0], 2, "competitive", 0, ""))
    games = [(g, t(app.entry(g).title_key)) for g in REMOTE_GAMES]
    counts = [(str(n), str(n)) for n in _counts(form.game_id, form.mode)]
    seats = [(str(i + 1), t("app.remote.seat", n=i + 1)) for i in range(form.players)]
    act = ' data-act="app.remote-form"'  # a change sends the whole form
    parts = [
        '<form class="shell-form shell-remote-new" data-act="app.remote-create"'
        ' data-change="form" autocomplete="off">',
        f'<h1 class="shell-h1">{esc(t("app.remote.new-title"))}</h1>',
        f'<p class="shell-hint">{esc(t("app.remote.new-hint"))}</p>',
        _select("game", t("app.remote.game"), games, form.game_id, act),
    ]
    if form.game_id == "diadeplaya":
        modes = [(m, t(f"diadeplaya.option.mode.{m}")) for m in REMOTE_MODES]
        parts.append(_select("mode", t("diadeplaya.option.mode"), modes, form.mode, act))
    if form.game_id in PRIVATE_GAMES:
        dealings = [(d, t(DEALING_KEYS[d])) for d in DEALINGS]
        parts.append(_select("dealing", t("app.remote.dealing"), dealings, form.dealing, act))
        parts.append(f'<p class="shell-hint">{esc(t("app.remote.dealing-risk"))}</p>')
    parts += [
        _select("players", t("app.new.players"), counts, str(form.players), act),
        _name_field(t("app.remote.your-name"), form.name),
        _select("seat", t("app.remote.your-seat"), seats, str(form.seat + 1), act),
        f'<p class="shell-info">{esc(t("app.remote.risks"))}</p>',
    ]
    if form.error is not None:
        parts.append(f'<p class="shell-error" role="alert">{esc(message(t, form.error))}</p>')
    parts.append(_buttons(t, t("app.remote.create")) + "</form>")
    return "".join(parts)


def _join_screen(model: Model, app: App, t: Translate) -> str:
    link = model.remote_invite
    assert link is not None
    invite = _invite_fields(link)
    title = t(app.entry(invite["game"]).title_key)
    creator = invite["name"] or t("app.new.default-name", n=invite["creator"] + 1)
    free = [i for i in range(invite["players"]) if i != invite["creator"]]
    seats = [(str(i + 1), t("app.remote.seat", n=i + 1)) for i in free]
    name = model.remote_form.name if model.remote_form is not None else ""
    invited = t("app.remote.invited", name=shown_text(creator), game=title,
                count=invite["players"])  # fmt: skip
    return (
        '<form class="shell-form shell-remote-join" data-act="app.remote-join"'
        ' autocomplete="off">'
        f'<h1 class="shell-h1">{esc(t("app.remote.join-title"))}</h1>'
        f'<p class="shell-remote-invite">{esc(invited)}</p>'
        + _name_field(t("app.remote.your-name"), name)
        + _select("seat", t("app.remote.your-seat"), seats, seats[0][0] if seats else "", "")
        + f'<p class="shell-info">{esc(t("app.remote.risks"))}</p>'
        + _buttons(t, t("app.remote.join"))
        + "</form>"
    )


def _lobby(model: Model, app: App, t: Translate) -> str:
    remote = model.remote
    assert remote is not None
    table = remote.table
    names = names_of(app, remote, model.lang)
    taken = remote.names()
    title = t(app.entry(table.game_id).title_key)
    items = []
    for i, name in enumerate(names):
        shown = name if taken[i] else t("app.remote.seat-free")
        you = f" ({esc(t('app.remote.you'))})" if i == table.seat else ""
        seat = esc(t("app.remote.seat", n=i + 1))
        items.append(
            f'<li data-seat="{i}"><span class="shell-remote-seat">{seat}</span> '
            f"{esc(shown)}{you}</li>"
        )
    if table.seat == table.creator:
        waiting = t("app.remote.lobby-creator", count=len(table.waiting_for))
    else:
        waiting = t("app.remote.lobby-joiner", name=names[table.creator])
    line = t("app.remote.status.abandoned") if status_of(remote) == "abandoned" else waiting
    return (
        '<section class="shell-remote-lobby" data-remote="lobby">'
        f'<h1 class="shell-h1">{esc(t("app.remote.lobby-title", game=title))}</h1>'
        f'<p class="shell-remote-line" role="status" aria-live="polite">{esc(line)}</p>'
        f'<ul class="shell-remote-seats">{"".join(items)}</ul>'
        + paste_form(t)
        + actions(model, t)
        + f'<p class="shell-hint">{esc(t("app.remote.export-warning"))}</p>'
        + f'<p class="shell-hint">{esc(t("app.remote.since", since=when(remote.since)))}</p>'
        "</section>"
    )


@act("app.copy-part", screen="remote", same_game=True, view_only=True)
def copy_part(app: App, model: Model, data: dict[str, str]) -> Model:
    """Copy one part of a long link (``data-part``: its number) to the clipboard."""
    url = model.share_url
    if url is None:
        return model
    parts = to_parts(url.split("#", 1)[1] if "#" in url else url)
    try:
        part = parts[int(data.get("part", "0")) - 1]
    except (ValueError, IndexError):
        return model
    full = model.base_url + "#" + part
    return replace(model, copied=None, effects=(Effect("copy", {"url": full}),))


@act("app.remote-file", screen="remote", same_game=True, view_only=True)
def remote_file(app: App, model: Model, data: dict[str, str]) -> Model:
    """The link in the share panel as a file (the system's share sheet with the file where
    it takes one, else a download): the friend opens it with Import."""
    if model.share_url is None or model.remote is None:
        return model
    name = f"tablero-link-{model.remote.table.game_id}.txt"
    text = model.share_url + "\n"
    return replace(model, effects=(Effect("share_file", {"filename": name, "text": text}),))


@act("app.share-sheet", screen="remote", same_game=True, view_only=True)
def share_sheet(app: App, model: Model, data: dict[str, str]) -> Model:
    """The system's share sheet on the link in the share panel (``navigator.share``)."""
    if model.share_url is None:
        return model
    t = app.t(model.lang)
    text = t("app.remote.share-text")
    return replace(model, effects=(Effect("share_sheet", {"url": model.share_url, "text": text}),))
