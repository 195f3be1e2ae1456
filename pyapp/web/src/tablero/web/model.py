"""The controller's values: the :class:`Model` the page shows, the :class:`Effect` values
it asks the page to perform, and the rules of the shell as functions of those values.

Shared by the controller (:mod:`tablero.web.app`), its screens
(:mod:`tablero.web.screens`) and the views (:mod:`tablero.web.views`); no collaborator
(store, clock, plugins) is needed here.  ``tablero.web.app`` re-exports the public names.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from dataclasses import replace as _replace
from typing import TYPE_CHECKING, Any

from tablero.core import State, game_ids

from .plugin import Seat, Selection
from .saves import SavedGame

if TYPE_CHECKING:
    from .remote import RemoteTable
    from .remotegames import RemoteGame

__all__ = [
    "GAMES",
    "MAX_NAME",
    "MAX_SAVE_NAME",
    "MAX_SEED",
    "BOT_BUDGET_MS",
    "PLAYBACK_PACE_MS",
    "BOT_LEVELS",
    "KINDS",
    "MAIN_THREAD_LEVELS",
    "PALETTE_SIZE",
    "Effect",
    "RemoteForm",
    "GameEntry",
    "Model",
    "Msg",
    "NewGameForm",
    "Thinking",
    "TutorialRun",
    "bot_level",
    "bot_seed",
    "can_undo",
    "clean",
    "humans",
    "leave_share",
    "to_screen",
    "pass_to",
    "parse_seed",
    "picker_games",
    "problem",
    "reveals_hidden",
    "sharing",
    "shown_text",
    "undo_refusal",
    "undoable",
    "viewer",
]


def problem(exc: Exception) -> object:
    """The reason to show for an error: its catalog message when it has a code
    (``app.problem.<code>``), else its own (English) sentence."""
    code = getattr(exc, "code", None)
    return (f"app.problem.{code}", {}) if code else str(exc)


#: Longest player or save name kept (longer input is cut, the input field says so).
MAX_NAME = 24
MAX_SAVE_NAME = 60
MAX_SEED = 80
#: The seat colours of the palette (``--seat-0`` .. ``--seat-3``).
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
#: With playback on, a bot's move is shown no sooner than this after the move before it
#: was (its animation, 150-400 ms, then a moment to see it): a bot that answers sooner is
#: held by the page (:class:`tablero.web.botworker.BotWorker`).
PLAYBACK_PACE_MS = 900


@dataclass(frozen=True)
class GameEntry:
    """A game of the picker: its id (a ``tablero.core`` game with a UI plugin) and the
    catalog keys of its title and one-line description."""

    id: str
    title_key: str
    blurb_key: str

    @classmethod
    def of(cls, game_id: str) -> GameEntry:
        """The entry of ``game_id``: its catalog keys are ``<id>.title`` and
        ``<id>.blurb``, in the game's own catalog (the build copies them into the
        shell's, where ``tablero.web.i18n`` reads them: docs/i18n.md)."""
        return cls(game_id, f"{game_id}.title", f"{game_id}.blurb")


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
    ``scroll_top``; ``install``: show the browser's install prompt (answered with
    ``app.install-state``); ``think`` (a bot's request: id, game, seat, level, seed,
    budget_ms, view): run the bot off the main thread and answer with ``app.bot-move``
    or ``app.bot-error``; ``load_bots`` (then): put ``tablero.bots`` on the page, then
    dispatch ``then`` with ``loaded=1``; ``storage_info``: measure the storage and answer
    with ``app.storage-info``; ``persist`` (then, optional): ask the browser to keep the
    storage (without ``then``: once per page), then answer ``then`` with the storage's
    figures; ``read_on`` (fragment, step): a link's reading paused at the end of its
    time slice, to go on with ``app.remote-continue`` a moment later, once the page has
    painted.
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
class TutorialRun:
    """A tutorial on screen (:mod:`tablero.web.tutorial`): its game, the step shown, the
    position there (a game that is never saved: the progress is the step number) and how
    many of a play step's clicks are done (the next one is highlighted)."""

    game_id: str
    step: int
    game: SavedGame
    clicked: int = 0


@dataclass(frozen=True)
class NewGameForm:
    """The new-game dialog's fields (all four seats are kept while fewer are shown)."""

    game_id: str
    players: int
    names: tuple[str, ...]
    colours: tuple[int, ...]
    kinds: tuple[str, ...]
    #: (option name, its value): every option of the core's ``Game.options``, valid at
    #: ``players`` (a ``set`` option's value is a tuple, of any size while being edited).
    options: tuple[tuple[str, Any], ...]
    seed: str = ""
    error: Msg | None = None

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)


@dataclass(frozen=True)
class RemoteForm:
    """The form of a new game with friends by link (:mod:`tablero.web.screens.remote`):
    the game, its players and mode, this device's seat and its player's name."""

    game_id: str
    players: int
    mode: str
    seat: int
    name: str
    error: Msg | None = None
    #: a game with private hands: "correspondence" (a player's next cards sent ahead)
    #: or "strict" (every draw waits for the others' keys)
    dealing: str = "correspondence"


@dataclass(frozen=True)
class Model:
    """Everything the shell shows.  Values only: the controller returns new ones."""

    lang: str = "en"
    screen: str = "home"
    back: str = "home"  # where "back" leads from the rules and saves screens
    game: SavedGame | None = None
    selection: Selection = field(default_factory=Selection)
    undo: tuple[State, ...] = ()  # states before the undoable moves of this turn
    #: (game id, move count) just after the viewer's last move that revealed something
    #: hidden (a draw, a deal): undo stops there, and the Undo control says why
    revealed_at: tuple[str, int] | None = None
    revealed: int | None = None  # hot seat: the seat whose private pieces are shown
    form: NewGameForm | None = None
    saves: tuple[Any, ...] = ()  # summaries from SaveStore.list()
    remote_saves: tuple[Any, ...] = ()  # the games with friends (RemoteStore.list())
    problems: tuple[Any, ...] = ()  # entries the store could not read
    renaming: str | None = None  # id of the save being renamed
    deleting: str | None = None  # id of the save awaiting the delete confirmation
    rules_game: str | None = None
    tutorial: TutorialRun | None = None  # the tutorial on screen (screen "tutorial")
    replay_states: tuple[State, ...] = ()
    replay_step: int = 0
    replay_seat: int = 0  # whose view the replay shows: the seat it was opened by
    base_url: str = ""  # the app's address without its fragment (for share links)
    share_url: str | None = None  # the link being shared (shown in the share panel)
    copied: bool | None = None  # did the clipboard take the link
    storage_full: bool = False  # the last save failed: the game lives in memory only
    #: the browser offers no storage (private mode, storage turned off): every game lives
    #: in memory only, for this visit
    storage_off: bool = False
    stored: str | None = None  # the id of the game on the table known to be in storage
    #: what the page learnt of its storage (``app.storage-info``): ``saves`` (characters
    #: of the saved games), ``used`` and ``quota`` (bytes, the whole origin), ``persisted``
    #: ("1", "0"; "" when the browser cannot say) and ``can_persist`` ("1", "0")
    storage_info: Mapping[str, str] | None = None
    toast: Msg | None = None  # a one-off message (cleared by the next action)
    notice: Msg | None = None  # a message that stays until dismissed
    thinking: Thinking | None = None  # a bot's move asked of the page
    bot_problem: Msg | None = None  # the bot's move failed: shown with retry / play here
    think_seq: int = 0  # the last request id
    #: the playback setting (the menu's switch, kept in the browser): the others' moves
    #: shown one at a time at a readable pace (:data:`PLAYBACK_PACE_MS`) and a game that
    #: ends here told step by step on its final board before its summary
    playback: bool = True
    #: the others' moves shown at once until the viewer's next turn (the status line's
    #: "Skip")
    hurry: bool = False
    #: the end sequence on screen (:class:`tablero.web.plugin.EndStep`): the finished
    #: game's id and the step shown; None (or another game's id): the end's summary
    end_step: tuple[str, int] | None = None
    #: the drawer open over the table: "side" (a narrow screen's supplies and other
    #: players), "log" (the moves), or None
    drawer: str | None = None
    #: can the app be installed: "available" (the browser offers it), "ios" (by the
    #: browser's own menu: the how-to), "installed", or "" (no way known)
    install: str = ""
    install_help: bool = False  # the how-to of installing is shown
    #: the game with friends by link on screen (its lobby, or its table as ``game``)
    remote: RemoteGame | None = None
    remote_form: RemoteForm | None = None  # the form of a new game with friends
    remote_invite: str | None = None  # the invitation being answered (the join form)
    remote_undo: tuple[RemoteTable, ...] = ()  # the tables before this turn's moves
    #: another tab plays the remote game on screen (it holds the game's Web Lock): this
    #: one only shows it
    remote_locked: bool = False
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


#: The other worlds :func:`reveals_hidden` deals out of the mover's view (fixed seeds: a
#: position and a move always get the same answer, so asking again reveals nothing).
REVEAL_WORLDS = 8


def reveals_hidden(before: State, after: State) -> bool:
    """Did the move from ``before`` to ``after`` show its mover something hidden (a card
    or tile nobody knew, drawn or dealt)?  Such a move is never taken back: a deal is only
    fair if nobody can peek at it and then try something else (Board Game Arena's rule:
    no undo past revealed information).

    Game-agnostic, from the protocol alone: a move reveals something when what its mover
    may see afterwards depends on what was hidden from them before.

    1. The PRNG stored in the state moved: something was drawn at random (Arribada's bag
       draws, nido spawns and display refills, Arboretum's deck draws, Arraial's
       reshuffle).  Exact and cheap.
    2. Else the mover's view before the move is dealt out into :data:`REVEAL_WORLDS`
       other worlds (``view(p).determinize(seed)``: the hidden parts sampled, consistent
       with all the mover knows), the same move is played in each, and the mover's view
       afterwards is compared with the real one.  A world that shows the mover anything
       else (or where the move is not even legal) means the move's outcome came from the
       hidden parts: a card dealt from a deck shuffled at set-up, which no PRNG draw
       marks (Día de Playa's market, Arraial's refills from its deck).  Moves that only
       rearrange what the mover already sees give the same view in every world.

    Nothing per game is declared, so a new game's draws are covered as they are.  A
    reveal can only go unnoticed when every sampled world happens to show the very same
    thing, that is when the thing revealed was as good as known already (a chance of
    ``q ** REVEAL_WORLDS`` for an outcome one could guess with probability ``q``).
    """
    player = before.current_player
    if player is None:
        return False
    # _json_data: the data to_json writes, without copying the history (a read only)
    if before._json_data().get("rng") != after._json_data().get("rng"):
        return True
    move = after.history[-1]["move"]
    seen = after.view(player)._json_data()
    known = before.view(player)
    for seed in range(REVEAL_WORLDS):
        try:
            elsewhere = known.determinize(seed).apply(move)
        except ValueError:
            return True  # its legality itself depended on something hidden
        if elsewhere.view(player)._json_data() != seen:
            return True
    return False


def undoable(before: State, after: State) -> bool:
    """May the move from ``before`` to ``after`` be taken back: same player still to
    move, and nothing hidden revealed (the cheap test first: most moves end a turn)."""
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


def undo_refusal(model: Model) -> str:
    """Why Undo is refused (when :func:`can_undo` is false), as a catalog key: a bot is
    thinking; the player's last move revealed something hidden (undo stops there); or
    nothing of this turn is left to take back."""
    if model.thinking is not None:
        return "app.undo.thinking"
    game = model.game
    if (
        game is not None
        and not model.undo
        and model.revealed_at == (game.id, len(game.state.history))
    ):
        return "app.undo.revealed"
    return "app.undo.unavailable"


def parse_seed(text: str) -> int | str:
    """The seed typed by the player: digits are a number (as the CLI takes them),
    anything else is a text seed (hashed by the engine)."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else text


#: The notices a successful save clears (the storage works again).
SAVE_NOTICES = ("app.error.storage-full", "app.error.save-failed", "app.error.save-refused")
#: The notices about the storage: shown with a way to export the game on the table.
STORAGE_NOTICES = (*SAVE_NOTICES, "app.error.storage-off", "app.error.storage-cleared")


def clean(text: str, limit: int) -> str:
    """Untrusted text as one trimmed line without control characters, cut to ``limit``."""
    kept = "".join(c for c in str(text) if unicodedata.category(c) not in ("Cc", "Cs"))
    return " ".join(kept.split())[:limit]


#: The bidirectional controls that open or close a scope (embeddings, overrides,
#: isolates): left out of shown names, so none can reach past the name.
_BIDI_SCOPES = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Combining marks kept on one character (more pile up over the lines around it).
MAX_MARKS = 4
_FSI, _PDI = "\u2068", "\u2069"


def shown_text(text: str) -> str:
    """Untrusted text (a player's or a saved game's name) as it is shown on a screen:
    it cannot turn the text around it (no embedding, override or isolate control of its
    own; right-to-left text is isolated between FIRST STRONG ISOLATE and POP DIRECTIONAL
    ISOLATE, as ``<bdi>`` would) and cannot stack marks over its neighbours (at most
    MAX_MARKS combining marks on a character).  Renderers still escape it.

    >>> shown_text("Ana"), shown_text("\u202eevil"), shown_text("\u05e9\u05dc\u05d5\u05dd")
    ('Ana', 'evil', '\u2068\u05e9\u05dc\u05d5\u05dd\u2069')
    >>> len(shown_text("Z" + "\u0301" * 40))
    5
    """
    out = []
    marks = 0
    for c in text:
        if c in _BIDI_SCOPES:
            continue
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        out.append(c)
    shown = "".join(out)
    if any(unicodedata.bidirectional(c) in ("R", "AL", "AN") for c in shown):
        return _FSI + shown + _PDI
    return shown


def sharing(model: Model, fragment: str) -> Model:
    """The share panel open on ``fragment``'s link, which the page puts in the address bar
    and copies."""
    url = model.base_url + "#" + fragment
    return _replace(
        model, share_url=url, copied=None,
        effects=(*model.effects, Effect("share", {"fragment": fragment, "url": url})),
    )  # fmt: skip


def leave_share(model: Model) -> tuple[Effect, ...]:
    """The effects of leaving the share panel: the shared position stays in the address
    bar only while the panel is open (a later reload must resume the save, not re-open an
    older link)."""
    return (Effect("clear_hash"),) if model.share_url is not None else ()


def to_screen(model: Model, screen: str, *effects: Effect, **fields: Any) -> Model:
    """``model`` on another ``screen`` with ``fields``: the share panel left
    (:func:`leave_share`), the page scrolled to its top, then ``effects``."""
    effects = (*leave_share(model), Effect("scroll_top"), *effects)
    return _replace(model, screen=screen, share_url=None, effects=effects, **fields)
