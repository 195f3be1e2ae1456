"""The app shell's controller: a pure state machine over :class:`Model` values.

``App.dispatch(model, act, data)`` takes the current model, the ``data-act`` of
what the player clicked (or submitted, or changed) and its ``data-*`` attributes
(or the form's fields), and returns the next model.  It never touches the DOM:
what only the page can do (download a file, copy a link, clear the URL fragment,
remember the language) is asked for through :attr:`Model.effects`, which
``tablero.web.main`` performs.  The saved games go through an injected
:class:`~tablero.web.saves.SaveStore`, so tests run it over ``MemoryStorage``.

Screens (``Model.screen``): ``home`` (game picker, continue, import), ``new`` (the
new-game dialog), ``game`` (the table, or the pass-the-device screen), ``saves``,
``rules``, ``replay`` (stepping through a finished game).

Bots: a seat of kind ``bot:<level>`` is played by ``tablero.bots``.  When such a
seat is to move, the controller records a :class:`Thinking` and asks the page for
an ``Effect("think")`` carrying that seat's *view* only (``state.view(seat)``); the
page runs the bot in a web worker and answers with ``app.bot-move`` (the move text,
checked here against the true state, then applied like a human move) or
``app.bot-error``.  Bot turns chain until a human's turn or the end.
"""

from __future__ import annotations

import os
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tablero.core import CorruptDataError, State, game_ids, get_game, make, replay

from .i18n import LANGUAGES
from .links import decode_link, encode_link, link_game
from .plugin import GameUI, Seat, Selection
from .saves import SavedGame, SaveStore, StorageFullError, export_json, import_json


def problem(exc: Exception) -> object:
    """The reason to show for an error: its catalog message when it has a code
    (``app.problem.<code>``), else its own (English) sentence."""
    code = getattr(exc, "code", None)
    return (f"app.problem.{code}", {}) if code else str(exc)


__all__ = [
    "GAMES",
    "MAX_NAME",
    "MAX_SAVE_NAME",
    "MAX_SEED",
    "BOT_BUDGET_MS",
    "BOT_LEVELS",
    "KINDS",
    "App",
    "Effect",
    "GameEntry",
    "Model",
    "NewGameForm",
    "Thinking",
    "bot_level",
    "bot_seed",
    "can_undo",
    "humans",
    "pass_to",
    "parse_seed",
    "picker_games",
    "reveals_hidden",
    "undoable",
    "viewer",
]

#: Longest player or save name kept (longer input is cut, the input field says so).
MAX_NAME = 24
MAX_SAVE_NAME = 60
MAX_SEED = 80
PALETTE_SIZE = 4

#: A message to show: a catalog key and its parameters.
Msg = tuple[str, Mapping[str, Any]]

#: The bot levels a seat can have, weakest first (``tablero.bots.LEVELS``).
BOT_LEVELS = ("random", "easy", "medium", "hard")
#: A seat's kind in the new-game dialog: a person, or a bot of a level.
KINDS = ("human", *(f"bot:{level}" for level in BOT_LEVELS))
#: The time budget of a bot's decision in the browser (only ``hard`` searches).
BOT_BUDGET_MS: Mapping[str, int] = {"hard": 1000}
#: The level played on the page itself when the worker cannot run (``hard`` would
#: freeze the page for its whole budget, so it falls back to ``medium``).
MAIN_THREAD_LEVELS = ("random", "easy", "medium")


@dataclass(frozen=True)
class GameEntry:
    """A game of the picker: its id (a ``tablero.core`` game with a UI plugin) and the
    catalog keys of its title and one-line description."""

    id: str
    title_key: str
    blurb_key: str

    @classmethod
    def of(cls, game_id: str) -> GameEntry:
        """The entry of ``game_id``: its catalog keys are ``app.games.<id>.title`` and
        ``app.games.<id>.blurb``."""
        return cls(game_id, f"app.games.{game_id}.title", f"app.games.{game_id}.blurb")


def picker_games() -> tuple[GameEntry, ...]:
    """The games the picker may offer, in the registry's order: every registered game
    (``tablero.core.game_ids()``, the one list of the games).  The picker shows those
    whose engine and UI plugin (``tablero.web.games.<id>``) are installed
    (:meth:`App.available_games`); this list is read without importing either, since
    a plain boot decides from it which engines to unpack (:meth:`App.boot_games`)."""
    return tuple(GameEntry.of(game_id) for game_id in game_ids())


#: The games the picker may offer, in order (:func:`picker_games`).
GAMES: tuple[GameEntry, ...] = picker_games()


@dataclass(frozen=True)
class Effect:
    """Something only the page can do, asked for by the controller.

    ``download`` (filename, text); ``share`` (fragment): put it in the URL and copy
    the URL; ``clear_hash``; ``lang`` (lang): remember it and set ``<html lang>``;
    ``scroll_top``; ``think`` (a bot's request: id, game, seat, level, seed,
    budget_ms, view): run the bot off the main thread and answer with ``app.bot-move``
    or ``app.bot-error``; ``load_bots`` (then): put ``tablero.bots`` on the page, then
    dispatch ``then`` with ``loaded=1``.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Thinking:
    """A bot's decision asked of the page: which request, for which game, seat and
    position (the move count), since when, and its time budget."""

    id: int
    save_id: str
    seat: int
    level: str
    moves: int  # len(state.history) when asked: a reply for another position is stale
    started: float  # ms since the epoch (the controller's clock)
    budget_ms: int | None


@dataclass(frozen=True)
class NewGameForm:
    """The new-game dialog's fields (all four seats are kept while fewer are shown)."""

    game_id: str
    players: int
    names: tuple[str, ...]
    colours: tuple[int, ...]
    kinds: tuple[str, ...]
    options: tuple[tuple[str, int], ...]  # (option name, index of the chosen value)
    seed: str = ""
    error: Msg | None = None

    def option_index(self, name: str) -> int:
        return dict(self.options).get(name, 0)


@dataclass(frozen=True)
class Model:
    """Everything the shell shows.  Values only: the controller returns new ones."""

    lang: str = "en"
    screen: str = "home"
    back: str = "home"  # where "back" leads from the rules and saves screens
    game: SavedGame | None = None
    selection: Selection = field(default_factory=Selection)
    undo: tuple[State, ...] = ()  # states before the undoable moves of this turn
    revealed: int | None = None  # hot seat: the seat whose private pieces are shown
    form: NewGameForm | None = None
    saves: tuple[Any, ...] = ()  # summaries from SaveStore.list()
    problems: tuple[Any, ...] = ()  # entries the store could not read
    renaming: str | None = None  # id of the save being renamed
    deleting: str | None = None  # id of the save awaiting the delete confirmation
    rules_game: str | None = None
    replay_states: tuple[State, ...] = ()
    replay_step: int = 0
    base_url: str = ""  # the app's address without its fragment (for share links)
    share_url: str | None = None  # the link being shared (shown in the share panel)
    copied: bool | None = None  # did the clipboard take the link
    storage_full: bool = False  # the last save failed: the game lives in memory only
    toast: Msg | None = None  # a one-off message (cleared by the next action)
    notice: Msg | None = None  # a message that stays until dismissed
    thinking: Thinking | None = None  # a bot's move asked of the page
    bot_problem: Msg | None = None  # the bot's move failed: shown with retry / play here
    think_seq: int = 0  # the last request id
    effects: tuple[Effect, ...] = ()


# --- the rules of the shell, as functions of values --------------------------------


def humans(seats: list[Seat] | tuple[Seat, ...]) -> list[int]:
    """The seats played by people at this device."""
    return [i for i, s in enumerate(seats) if s.kind == "human"]


def bot_level(seat: Seat) -> str | None:
    """The level of a bot seat (an unknown level, from a link or a file made by a
    later version, plays as ``medium``); ``None`` for a person."""
    if not seat.kind.startswith("bot:"):
        return None
    level = seat.kind[4:]
    return level if level in BOT_LEVELS else "medium"


def bot_seed(save_id: str, seat: int) -> str:
    """A bot's seed: fixed for its seat in its game, so a reload asks the same thing."""
    return f"{save_id}:{seat}"


def pass_to(model: Model) -> int | None:
    """The seat the device must be passed to before anything private is shown, or None.

    Only with two or more human seats: when the player to move is human and is not
    the one whose pieces are on screen; and while a bot is to move with nobody's
    pieces on screen (after a reload): then the next human in seat order, so a bot's
    turn never shows a rack nobody asked for.
    """
    game = model.game
    if game is None:
        return None
    people = humans(game.seats)
    current = game.state.current_player
    if len(people) < 2 or current is None:
        return None
    if current not in people:
        if model.revealed is not None:
            return None
        n = len(game.seats)
        return next(s for s in ((current + k) % n for k in range(1, n + 1)) if s in people)
    return None if model.revealed == current else current


def viewer(model: Model) -> int:
    """The seat whose view is shown (call only when :func:`pass_to` is None)."""
    game = model.game
    assert game is not None
    people = humans(game.seats)
    if len(people) == 1:
        return people[0]
    current = game.state.current_player
    if current is not None and current in people:
        return current
    if model.revealed is not None:
        return model.revealed
    return people[0] if people else 0


def reveals_hidden(before: State, after: State) -> bool:
    """Did the move from ``before`` to ``after`` reveal something hidden?

    Game-agnostic: every random event (a bag draw, a nido spawn, a refill) advances
    the PRNG stored in the state, so a changed PRNG state means something random was
    revealed and the move cannot be taken back.
    """
    return before.to_dict().get("rng") != after.to_dict().get("rng")


def undoable(before: State, after: State) -> bool:
    """May the move from ``before`` to ``after`` be taken back: same player still to
    move, and nothing hidden revealed."""
    return (
        before.current_player is not None
        and before.current_player == after.current_player
        and not reveals_hidden(before, after)
    )


def can_undo(model: Model) -> bool:
    return (
        bool(model.undo)
        and model.game is not None
        and model.thinking is None
        and pass_to(model) is None
    )


def _now_ms() -> float:
    return time.time() * 1000


def _random_seed() -> int:
    # 48 random bits from os.urandom, which Pyodide provides from the browser's crypto
    # (as secrets.randbits would; the secrets module is not imported for it: it imports
    # hashlib and hmac, a few ms of a first visit).
    return int.from_bytes(os.urandom(6), "big")


def parse_seed(text: str) -> int | str:
    """The seed typed by the player: digits are a number (as the CLI takes them),
    anything else is a text seed (hashed by the engine)."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else text


_SAVE_NOTICES = ("app.error.storage-full", "app.error.save-failed")


def _clean(text: str, limit: int) -> str:
    """Untrusted text as one trimmed line without control characters, cut to ``limit``."""
    kept = "".join(c for c in str(text) if unicodedata.category(c) not in ("Cc", "Cs"))
    return " ".join(kept.split())[:limit]


# --- the controller -----------------------------------------------------------------


class App:
    """The controller.  Holds only its collaborators; the state is the :class:`Model`.

    ``store``: the saved games; ``get_ui``: a game id's UI plugin; ``translator``:
    ``lang -> t`` (for the names the controller writes into saves); ``now``: the clock
    (milliseconds since the epoch, as saves keep it); ``new_seed``: a fresh random seed.
    """

    def __init__(
        self,
        store: SaveStore,
        get_ui: Callable[[str], GameUI],
        *,
        translator: Callable[[str], Callable[..., str]],
        now: Callable[[], float] = _now_ms,
        new_seed: Callable[[], int | str] = _random_seed,
        games: tuple[GameEntry, ...] = GAMES,
    ) -> None:
        self.store = store
        self.get_ui = get_ui
        self.translator = translator
        self.now = now
        self.new_seed = new_seed
        self.games = games

    # --- entry points -------------------------------------------------------------

    def available_games(self) -> list[GameEntry]:
        """The games of the table whose engine and UI are installed."""
        out = []
        for entry in self.games:
            try:
                get_game(entry.id)
                self.get_ui(entry.id)
            except Exception:  # noqa: BLE001 - a missing game is simply not offered
                continue
            out.append(entry)
        return out

    def boot(self, lang: str, fragment: str = "", base_url: str = "") -> Model:
        """The first model: open a shared link if the URL holds one, else reopen the
        game that was on screen, else the start screen."""
        model = Model(lang=lang, base_url=base_url)
        try:
            fragment = fragment.lstrip("#")
            if fragment:
                opened = self._open_link(model, fragment)
                if opened.game is not None:
                    return opened
                # A bad link: the start screen, still offering the game to continue.
                return self._with_current(opened)
            current = self.store.current()
            if current:
                try:
                    game = self.store.load(current)
                except (CorruptDataError, KeyError, ValueError):
                    return replace(model, notice=("app.error.resume-failed", {}))
                return self._open_game(model, game)
        except Exception:  # noqa: BLE001 - never fail to show the start screen
            return replace(model, notice=("app.error.unexpected", {}))
        return model

    def boot_games(self, fragment: str = "") -> list[str]:
        """The games whose engines :meth:`boot` needs for the first screen, read without
        any engine: a link's game, else the game to reopen, else every game of the
        picker (the start screen lists them).  The page loads these engines before it
        starts and the others after the board is interactive (docs/pwa.md, "Booting")."""
        fragment = fragment.lstrip("#")
        wanted = None
        if fragment:
            wanted = link_game(fragment)
        else:
            current = self.store.current()
            if current:
                wanted = self.store.game_of(current)
        known = [entry.id for entry in self.games]
        if wanted in known:
            return [wanted]
        return known

    def _with_current(self, model: Model) -> Model:
        """``model`` holding the game to reopen (not shown), if it can be read."""
        current = self.store.current()
        if not current:
            return model
        try:
            game = self.store.load(current)
        except Exception:  # noqa: BLE001 - then there is simply nothing to continue
            return model
        return replace(model, game=game)

    def dispatch(self, model: Model, act: str, data: Mapping[str, str] | None = None) -> Model:
        """The model after the player's action ``act`` with its ``data``.

        Never raises: an unexpected failure keeps the model (the game is never lost)
        and shows a one-sentence message.
        """
        data = dict(data or {})
        base = replace(model, toast=None, effects=())
        try:
            handler = _HANDLERS.get(act)
            if handler is not None:
                return handler(self, base, data)
            return self._plugin_click(base, act, data)
        except Exception:  # noqa: BLE001 - errors never lose the game
            return replace(base, toast=("app.error.unexpected", {}))

    def t(self, lang: str) -> Callable[..., str]:
        return self.translator(lang)

    # --- navigation ---------------------------------------------------------------

    def _home(self, model: Model, data: dict[str, str]) -> Model:
        return replace(
            model, screen="home", share_url=None, renaming=None, deleting=None,
            effects=self._leave_share(model),
        )  # fmt: skip

    def _back(self, model: Model, data: dict[str, str]) -> Model:
        target = model.back if model.back != model.screen else "home"
        if target == "game" and model.game is None:
            target = "home"
        return replace(model, screen=target, renaming=None, deleting=None)

    def _to_game(self, model: Model, data: dict[str, str]) -> Model:
        if model.game is None:
            return replace(model, screen="home")
        return self._ask_bot(replace(model, screen="game"))

    def _dismiss(self, model: Model, data: dict[str, str]) -> Model:
        return replace(model, notice=None)

    def _lang(self, model: Model, data: dict[str, str]) -> Model:
        lang = data.get("value", "")
        if lang not in LANGUAGES:
            return model
        return replace(model, lang=lang, effects=(Effect("lang", {"lang": lang}),))

    def _rules(self, model: Model, data: dict[str, str]) -> Model:
        game_id = data.get("game") or (model.game.game_id if model.game else None)
        if game_id is None:
            entries = self.available_games()
            if not entries:
                return model
            game_id = entries[0].id
        back = model.screen if model.screen != "rules" else model.back
        return replace(
            model, screen="rules", rules_game=game_id, back=back,
            effects=(Effect("scroll_top"),),
        )  # fmt: skip

    # --- the new-game dialog ------------------------------------------------------

    def _new(self, model: Model, data: dict[str, str]) -> Model:
        game_id = data.get("game") or (model.game.game_id if model.game else "")
        if not game_id:
            entries = self.available_games()
            if not entries:
                return replace(model, toast=("app.error.no-games", {}))
            game_id = entries[0].id
        ui = self.get_ui(game_id)
        game = get_game(game_id)
        t = self.t(model.lang)
        previous = model.form if model.form and model.form.game_id == game_id else None
        if previous is None and model.game is not None and model.game.game_id == game_id:
            # A rematch keeps the players of the game on screen.
            seats = model.game.seats
            names = [s.name for s in seats] + [
                t("app.new.default-name", n=i + 1) for i in range(len(seats), 4)
            ]
            colours = _complete_colours([s.colour for s in seats])
            previous = NewGameForm(
                game_id=game_id,
                players=len(seats),
                names=tuple(names),
                colours=colours,
                kinds=tuple(
                    [s.kind if s.kind in KINDS else "human" for s in seats]
                    + ["human"] * (4 - len(seats))
                ),
                options=tuple(_default_options(ui)),
            )
        form = previous or NewGameForm(
            game_id=game_id,
            players=max(game.min_players, min(2, game.max_players)),
            names=tuple(t("app.new.default-name", n=i + 1) for i in range(4)),
            colours=tuple(range(4)),
            kinds=("human",) * 4,
            options=tuple(_default_options(ui)),
        )
        back = model.screen if model.screen in ("home", "game") else model.back
        return replace(
            model, screen="new", form=replace(form, error=None), back=back,
            share_url=None, effects=(*self._leave_share(model), Effect("scroll_top")),
        )  # fmt: skip

    def _form_update(self, model: Model, data: dict[str, str]) -> Model:
        if model.form is None:
            return model
        return replace(model, form=self._read_form(model.form, data))

    def _read_form(self, form: NewGameForm, data: Mapping[str, str]) -> NewGameForm:
        """The form with the fields present in ``data`` (a form's fields) taken in."""
        game = get_game(form.game_id)
        players = form.players
        if "players" in data:
            try:
                players = int(data["players"])
            except ValueError:
                players = form.players
            players = max(game.min_players, min(game.max_players, players))
        names = list(form.names)
        colours = list(form.colours)
        kinds = list(form.kinds)
        for i in range(4):
            if f"name-{i}" in data:
                names[i] = _clean(data[f"name-{i}"], MAX_NAME)
            if f"colour-{i}" in data:
                try:
                    c = int(data[f"colour-{i}"])
                except ValueError:
                    c = colours[i]
                if 0 <= c < PALETTE_SIZE:
                    colours[i] = c
            if f"kind-{i}" in data and data[f"kind-{i}"] in KINDS:
                kinds[i] = data[f"kind-{i}"]
        options = dict(form.options)
        ui = self.get_ui(form.game_id)
        for opt in ui.options():
            key = f"opt-{opt.name}"
            if key in data:
                try:
                    k = int(data[key])
                except ValueError:
                    continue
                if 0 <= k < len(opt.choices):
                    options[opt.name] = k
        seed = _clean(data["seed"], MAX_SEED) if "seed" in data else form.seed
        return replace(
            form, players=players, names=tuple(names), colours=tuple(colours),
            kinds=tuple(kinds), options=tuple(options.items()), seed=seed,
        )  # fmt: skip

    def _start(self, model: Model, data: dict[str, str]) -> Model:
        if model.form is None:
            return model
        form = self._read_form(model.form, data)
        t = self.t(model.lang)
        n = form.players
        colours = form.colours[:n]
        if len(set(colours)) != n:
            return replace(model, form=replace(form, error=("app.new.error.colours", {})))
        if "human" not in form.kinds[:n]:
            return replace(model, form=replace(form, error=("app.new.error.no-human", {})))
        seats = [
            Seat(
                name=form.names[i] or t("app.new.default-name", n=i + 1),
                colour=colours[i],
                kind=form.kinds[i],
            )
            for i in range(n)
        ]
        ui = self.get_ui(form.game_id)
        options = {}
        for opt in ui.options():
            options[opt.name] = opt.choices[form.option_index(opt.name)][0]
        seed: int | str = parse_seed(form.seed) if form.seed.strip() else self.new_seed()
        try:
            state = make(form.game_id, players=n, seed=seed, **options)
        except ValueError as exc:
            return replace(
                model, form=replace(form, error=("app.new.error.setup", {"reason": str(exc)}))
            )
        now = self.now()
        title = t(self._entry(form.game_id).title_key)
        game = SavedGame(
            id=self.store.new_id(),
            name=_clean(
                t("app.save.default-name", game=title, names=", ".join(s.name for s in seats)),
                MAX_SAVE_NAME,
            ),
            game_id=form.game_id,
            seats=seats,
            state=state,
            created=now,
            updated=now,
        )
        model = replace(model, form=form)
        return self._open_game(model, game, save=True)

    def _entry(self, game_id: str) -> GameEntry:
        for entry in self.games:
            if entry.id == game_id:
                return entry
        return GameEntry.of(game_id)

    # --- opening and saving games ---------------------------------------------------

    def _open_game(self, model: Model, game: SavedGame, *, save: bool = False) -> Model:
        """Put ``game`` on the table (a fresh turn: no undo, nobody revealed)."""
        model = replace(
            model, screen="game", game=game, selection=Selection(), undo=(), revealed=None,
            replay_states=(), replay_step=0, share_url=None, renaming=None, deleting=None,
            thinking=None, bot_problem=None,
            effects=(*model.effects, Effect("scroll_top")),
        )  # fmt: skip
        if save:
            model = self._save(model)
        return self._ask_bot(self._remember_current(model))

    def _remember_current(self, model: Model) -> Model:
        if model.game is None or model.storage_full:
            return model
        try:
            self.store.set_current(model.game.id)
        except StorageFullError:
            return replace(model, storage_full=True, notice=("app.error.storage-full", {}))
        return model

    def _save(self, model: Model) -> Model:
        """Autosave the game on the table.  A full storage keeps the game in memory and
        says so; the next successful save clears the message."""
        game = model.game
        if game is None:
            return model
        try:
            self.store.save(game)
        except StorageFullError:
            return replace(model, storage_full=True, notice=("app.error.storage-full", {}))
        except Exception as exc:  # noqa: BLE001 - the game goes on in memory
            return replace(
                model, storage_full=True, notice=("app.error.save-failed", {"reason": str(exc)})
            )
        if model.storage_full:
            failed = model.notice is not None and model.notice[0] in _SAVE_NOTICES
            notice = None if failed else model.notice
            return replace(model, storage_full=False, notice=notice)
        return model

    def _open_link_act(self, model: Model, data: dict[str, str]) -> Model:
        fragment = data.get("fragment", "").lstrip("#")
        if not fragment:
            return model
        if model.share_url is not None and model.share_url.endswith("#" + fragment):
            return model  # the link this app just put in the address bar
        return self._open_link(model, fragment)

    def _open_link(self, model: Model, fragment: str) -> Model:
        try:
            state, seats = decode_link(fragment)
        except CorruptDataError as exc:
            return replace(
                model, notice=("app.error.bad-link", {"reason": problem(exc)}),
                effects=(Effect("clear_hash"),),
            )  # fmt: skip
        effects = (Effect("clear_hash"),)
        # A reload right after sharing finds the link of the game it was showing:
        # reopen that save rather than adding a copy of it.
        current = self.store.current()
        if current:
            try:
                existing = self.store.load(current)
            except Exception:  # noqa: BLE001 - an unreadable save is not this link
                existing = None
            if (
                existing is not None
                and list(existing.seats) == list(seats)
                and existing.state == state
            ):
                return self._open_game(replace(model, effects=effects), existing)
        t = self.t(model.lang)
        game_id = state.game.id
        now = self.now()
        title = t(self._entry(game_id).title_key)
        game = SavedGame(
            id=self.store.new_id(),
            name=_clean(
                t("app.save.link-name", game=title, names=", ".join(s.name for s in seats)),
                MAX_SAVE_NAME,
            ),
            game_id=game_id,
            seats=list(seats),
            state=state,
            created=now,
            updated=now,
        )
        model = replace(model, effects=effects, toast=("app.link.opened", {}))
        return self._open_game(model, game, save=True)

    # --- the table ----------------------------------------------------------------

    def _reveal(self, model: Model, data: dict[str, str]) -> Model:
        seat = pass_to(model)
        if seat is None:
            return model
        return replace(model, revealed=seat, selection=Selection())

    def _plugin_click(self, model: Model, act: str, data: dict[str, str]) -> Model:
        game = model.game
        if model.screen != "game" or game is None or pass_to(model) is not None:
            return model
        state = game.state
        ui = self.get_ui(game.game_id)
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
        return self._play(replace(model, selection=selection), move)

    def _play(self, model: Model, move: Any, *, by_bot: bool = False) -> Model:
        game = model.game
        assert game is not None
        before = game.state
        try:
            after = before.apply(move)
        except ValueError as exc:
            return replace(
                model, selection=Selection(), toast=("app.error.move", {"reason": str(exc)})
            )
        # A bot's moves are never taken back by the person at the device.
        undo = (*model.undo, before) if not by_bot and undoable(before, after) else ()
        game = replace(game, state=after, updated=self.now())
        effects = (*model.effects, *self._leave_share(model))
        sticky = getattr(self.get_ui(game.game_id), "sticky_keys", ())
        kept = Selection({k: v for k, v in model.selection.data.items() if k in sticky})
        model = replace(
            model, game=game, selection=kept, undo=undo, share_url=None, effects=effects
        )
        return self._ask_bot(self._save(model))

    # --- bots -----------------------------------------------------------------------

    def _ask_bot(self, model: Model) -> Model:
        """If a bot is to move in the game on the table, ask the page for its move
        (an ``Effect("think")`` with that seat's view only); else nothing is asked."""
        game = model.game
        if game is None:
            return replace(model, thinking=None)
        state = game.state
        seat = state.current_player
        level = None if seat is None else bot_level(game.seats[seat])
        if seat is None or level is None or not humans(game.seats):
            return replace(model, thinking=None)
        moves = len(state.history)
        th = model.thinking
        if th is not None and th.save_id == game.id and th.moves == moves and th.seat == seat:
            return model  # already asked
        if model.bot_problem is not None:
            return replace(model, thinking=None)  # waits for "try again"
        seq = model.think_seq + 1
        budget = BOT_BUDGET_MS.get(level)
        thinking = Thinking(seq, game.id, seat, level, moves, self.now(), budget)
        request = {
            "id": seq,
            "game": game.game_id,
            "seat": seat,
            "level": level,
            "seed": bot_seed(game.id, seat),
            "budget_ms": budget,
            "view": state.view(seat).to_json(),
        }
        return replace(
            model, thinking=thinking, think_seq=seq,
            effects=(*model.effects, Effect("think", request)),
        )  # fmt: skip

    def _current_request(self, model: Model, data: Mapping[str, str]) -> Thinking | None:
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

    def _bot_move(self, model: Model, data: dict[str, str]) -> Model:
        th = self._current_request(model, data)
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
        return self._play(model, move, by_bot=True)

    def _bot_error(self, model: Model, data: dict[str, str]) -> Model:
        th = self._current_request(model, data)
        if th is None:
            return model
        game = model.game
        assert game is not None
        code = data.get("code", "failed")
        keys = {"start": "app.bot.start", "timeout": "app.bot.timeout"}
        key = keys.get(code, "app.bot.failed")
        params = {"name": game.seats[th.seat].name, "reason": data.get("reason", "")}
        return replace(model, thinking=None, bot_problem=(key, params))

    def _bot_retry(self, model: Model, data: dict[str, str]) -> Model:
        return self._ask_bot(replace(model, bot_problem=None, thinking=None))

    def _bot_here(self, model: Model, data: dict[str, str]) -> Model:
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
        try:
            from tablero.bots import make_bot
        except ImportError:
            # The page does not unpack the bots (the worker does): ask the page to fetch
            # them, then to send this action again.
            if data.get("loaded"):
                return replace(model, toast=("app.error.unexpected", {}))
            return replace(model, effects=(Effect("load_bots", {"then": "app.bot-here"}),))

        here = level if level in MAIN_THREAD_LEVELS else "medium"
        move = make_bot(here, seed=bot_seed(game.id, seat)).choose(state.view(seat))
        model = replace(model, bot_problem=None, thinking=None)
        return self._play(model, state.parse_move(str(move)), by_bot=True)

    def _undo(self, model: Model, data: dict[str, str]) -> Model:
        if not can_undo(model) or model.game is None:
            return replace(model, toast=("app.undo.unavailable", {}))
        previous = model.undo[-1]
        game = replace(model.game, state=previous, updated=self.now())
        model = replace(model, game=game, undo=model.undo[:-1], selection=Selection())
        return self._save(model)

    def _cancel(self, model: Model, data: dict[str, str]) -> Model:
        return replace(model, selection=Selection())

    # --- sharing and exporting ------------------------------------------------------

    def _share(self, model: Model, data: dict[str, str]) -> Model:
        game = model.game
        if game is None:
            return model
        try:
            fragment = encode_link(game.state, list(game.seats))
        except ValueError as exc:
            return replace(model, toast=("app.error.share-failed", {"reason": str(exc)}))
        url = model.base_url + "#" + fragment
        return replace(
            model, share_url=url, copied=None,
            effects=(Effect("share", {"fragment": fragment, "url": url}),),
        )  # fmt: skip

    def _copied(self, model: Model, data: dict[str, str]) -> Model:
        return replace(model, copied=data.get("ok") == "1")

    def _share_close(self, model: Model, data: dict[str, str]) -> Model:
        return replace(model, share_url=None, copied=None, effects=self._leave_share(model))

    def _leave_share(self, model: Model) -> tuple[Effect, ...]:
        # The shared position stays in the address bar only while the share panel is
        # open: a later reload must resume the save, not re-open an older link.
        return (Effect("clear_hash"),) if model.share_url is not None else ()

    def _export(self, model: Model, data: dict[str, str]) -> Model:
        game_id = data.get("id")
        game: SavedGame | None
        if game_id and (model.game is None or model.game.id != game_id):
            try:
                game = self.store.load(game_id)
            except Exception:  # noqa: BLE001 - reported, nothing changes
                return replace(model, toast=("app.error.export-failed", {}))
        else:
            game = model.game
        if game is None:
            return model
        text = export_json(game)
        filename = "tablero-" + _slug(game.name) + ".json"
        return replace(model, effects=(Effect("download", {"filename": filename, "text": text}),))

    def _import(self, model: Model, data: dict[str, str]) -> Model:
        text = data.get("text", "")
        try:
            game = import_json(text, self.store, self.now())
        except StorageFullError:
            return replace(model, storage_full=True, notice=("app.error.storage-full", {}))
        except (CorruptDataError, ValueError) as exc:
            return replace(model, toast=("app.error.import-failed", {"reason": problem(exc)}))
        model = replace(model, toast=("app.import.done", {"name": game.name}))
        return self._open_game(model, game)

    # --- the saved games ----------------------------------------------------------

    def _saves(self, model: Model, data: dict[str, str]) -> Model:
        summaries, problems = self.store.list()
        back = model.screen if model.screen in ("home", "game") else model.back
        return replace(
            model, screen="saves", saves=tuple(summaries), problems=tuple(problems),
            back=back, renaming=None, deleting=None, share_url=None,
            effects=(*self._leave_share(model), Effect("scroll_top")),
        )  # fmt: skip

    def _refresh_saves(self, model: Model) -> Model:
        summaries, problems = self.store.list()
        return replace(model, saves=tuple(summaries), problems=tuple(problems))

    def _resume(self, model: Model, data: dict[str, str]) -> Model:
        game_id = data.get("id", "")
        if model.game is not None and model.game.id == game_id:
            return replace(model, screen="game")
        try:
            game = self.store.load(game_id)
        except Exception:  # noqa: BLE001 - reported in one sentence, nothing lost
            return replace(model, toast=("app.error.resume-failed", {}))
        return self._open_game(model, game)

    def _rename(self, model: Model, data: dict[str, str]) -> Model:
        return replace(model, renaming=data.get("id"), deleting=None)

    def _rename_save(self, model: Model, data: dict[str, str]) -> Model:
        game_id = data.get("id") or model.renaming
        name = _clean(data.get("name", ""), MAX_SAVE_NAME)
        if not game_id:
            return model
        if not name:
            return replace(model, toast=("app.saves.error.empty-name", {}))
        try:
            self.store.rename(game_id, name)
        except StorageFullError:
            return replace(model, notice=("app.error.storage-full", {}))
        except Exception:  # noqa: BLE001
            return replace(model, toast=("app.error.rename-failed", {}))
        if model.game is not None and model.game.id == game_id:
            model = replace(model, game=replace(model.game, name=name))
        return self._refresh_saves(replace(model, renaming=None))

    def _rename_cancel(self, model: Model, data: dict[str, str]) -> Model:
        return replace(model, renaming=None, deleting=None)

    def _delete(self, model: Model, data: dict[str, str]) -> Model:
        return replace(model, deleting=data.get("id"), renaming=None)

    def _delete_confirm(self, model: Model, data: dict[str, str]) -> Model:
        game_id = data.get("id") or model.deleting
        if not game_id:
            return model
        try:
            self.store.delete(game_id)
        except Exception:  # noqa: BLE001
            return replace(model, toast=("app.error.delete-failed", {}))
        if model.game is not None and model.game.id == game_id:
            model = replace(
                model, game=None, undo=(), revealed=None, thinking=None, bot_problem=None
            )
            if model.back == "game":
                model = replace(model, back="home")
        return self._refresh_saves(replace(model, deleting=None))

    # --- the replay of a finished game --------------------------------------------

    def _replay(self, model: Model, data: dict[str, str]) -> Model:
        game = model.game
        if game is None or not game.state.is_terminal():
            return model
        moves = [entry["move"] for entry in game.state.history]
        try:
            state = replay(game.game_id, dict(game.state.setup), [])
            states = [state]
            for text in moves:
                state = state.apply(text)
                states.append(state)
        except (CorruptDataError, ValueError):
            return replace(model, toast=("app.error.replay-failed", {}))
        return replace(
            model, screen="replay", replay_states=tuple(states), replay_step=len(states) - 1,
            effects=(Effect("scroll_top"),),
        )  # fmt: skip

    def _replay_step(self, model: Model, data: dict[str, str]) -> Model:
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

    def _replay_close(self, model: Model, data: dict[str, str]) -> Model:
        return replace(model, screen="game", replay_states=(), replay_step=0)


def _default_options(ui: GameUI) -> list[tuple[str, int]]:
    out = []
    for opt in ui.options():
        index = next((k for k, (value, _) in enumerate(opt.choices) if value == opt.default), 0)
        out.append((opt.name, index))
    return out


def _complete_colours(colours: list[int]) -> tuple[int, ...]:
    rest = [c for c in range(PALETTE_SIZE) if c not in colours]
    return tuple(colours + rest)[:PALETTE_SIZE]


def _slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in name.lower())
    out = "-".join(part for part in out.split("-") if part)
    return out[:40] or "game"


_HANDLERS: dict[str, Callable[[App, Model, dict[str, str]], Model]] = {
    "app.home": App._home,
    "app.back": App._back,
    "app.game": App._to_game,
    "app.dismiss": App._dismiss,
    "app.lang": App._lang,
    "app.rules": App._rules,
    "app.new": App._new,
    "app.form": App._form_update,
    "app.start": App._start,
    "app.reveal": App._reveal,
    "app.undo": App._undo,
    "app.cancel": App._cancel,
    "app.share": App._share,
    "app.copied": App._copied,
    "app.share-close": App._share_close,
    "app.export": App._export,
    "app.import": App._import,
    "app.saves": App._saves,
    "app.resume": App._resume,
    "app.rename": App._rename,
    "app.rename-save": App._rename_save,
    "app.rename-cancel": App._rename_cancel,
    "app.delete": App._delete,
    "app.delete-confirm": App._delete_confirm,
    "app.open-link": App._open_link_act,
    "app.replay": App._replay,
    "app.replay-step": App._replay_step,
    "app.replay-close": App._replay_close,
    "app.bot-move": App._bot_move,
    "app.bot-error": App._bot_error,
    "app.bot-retry": App._bot_retry,
    "app.bot-here": App._bot_here,
}
