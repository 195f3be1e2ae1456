"""The game protocol: what every Tablero game implements.

Bots, the browser app, the CLI, saves and links talk to games only through
:class:`Game` and :class:`State`.  A game is a package that provides one ``Game``
object (``GAME`` in its top-level module) and a ``State`` subclass.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, TypeVar, runtime_checkable

from .chance import UNSEEN, Chance, Source, Step, chance_of, seeded_value
from .decisions import RULE_TAG, Decision, not_now, sources
from .envelope import write_envelope
from .errors import IllegalMoveError, InvalidMoveError
from .notation import PLAYERS
from .options import OptionSpec, resolve_options
from .rng import Rng
from .rulings import Ruling

__all__ = ["Move", "State", "PhasedState", "Formats", "Game", "OptionSpec"]

#: ``json.dumps(data, separators=(",", ":"), ensure_ascii=True, allow_nan=False)``, with
#: its encoder made once.
_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode

#: Others' history entries as a viewer saw them (:meth:`PhasedState.view`), by the entry's
#: identity and the viewer, the entry kept beside its masked copy (so that its ``id``
#: cannot be reused while it is here).  History entries are never changed in place (a
#: chance step replaces its entry with a new object), so a view of the next state reuses
#: the masked entries of the last one: a view costs the new entries only, and what keeps
#: work by entry identity (the app's log lines) finds the same objects from one view to
#: the next.
_MASKED: dict[tuple[int, int], tuple[Mapping[str, Any], dict[str, Any]]] = {}
_MASKED_KEPT = 4096


@runtime_checkable
class Move(Protocol):
    """A move is an immutable, hashable value whose ``str()`` is its canonical text.

    ``state.parse_move(str(move)) == move`` for every legal move.
    """

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@dataclass(frozen=True)
class Game:
    """A game's metadata and factories (one instance per game, in the registry).

    A game declares it once, on its state class: ``class MyState(PhasedState,
    game=Game(...))`` binds the two (:attr:`state_class`, ``MyState.game``), and the
    factories below then build states through the class's ``new_game``, ``from_dict``
    and ``from_text``.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    version: int
    options: tuple[OptionSpec, ...] = field(default=())
    #: The player counts a set of (resolved) options allows, when that depends on the
    #: options (a mode); ``None``: ``min_players .. max_players`` whatever the options.
    players_for: Callable[[Mapping[str, Any]], Sequence[int]] | None = field(
        default=None, compare=False, repr=False
    )
    #: Extra configurations (player count, options) the conformance suite should play,
    #: beyond every allowed player count with the default options and each choice of
    #: every option; for combinations that matter.
    configurations: tuple[tuple[int, Mapping[str, Any]], ...] = field(default=(), compare=False)
    #: Tablero's rulings for this game (:class:`~tablero.core.rulings.Ruling`), in the
    #: order its rules help shows them; docs/rulings/<id>.md explains each by name.
    rulings: tuple[Ruling, ...] = field(default=(), compare=False)
    state_class: type[State] | None = field(default=None, compare=False, repr=False)

    def _cls(self) -> type[State]:
        if self.state_class is None:
            raise NotImplementedError(f"{self.id}: no state class declares this game")
        return self.state_class

    def allowed_players(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The player counts these (resolved) options allow."""
        if self.players_for is not None:
            return tuple(self.players_for(options))
        return tuple(range(self.min_players, self.max_players + 1))

    def setups(self) -> list[tuple[int, dict[str, Any]]]:
        """Every configuration worth playing once, as ``(players, options)``: each
        allowed player count with the default options; each choice of each option (a
        set option: each choice alone) at the smallest table that allows it; then
        :attr:`configurations`."""
        out: list[tuple[int, dict[str, Any]]] = []
        counts = range(self.min_players, self.max_players + 1)

        def add(players: int, given: dict[str, Any]) -> bool:
            try:
                options = resolve_options(self.options, given, players, self.title)
            except ValueError:
                return False
            if players not in self.allowed_players(options):
                return False
            if (players, given) not in out:
                out.append((players, given))
            return True

        for players in counts:
            add(players, {})
        for spec in self.options:
            for value in spec.choices or ():
                given = {spec.name: [value] if spec.kind == "set" else value}
                any(add(players, given) for players in counts)
        for players, extra in self.configurations:
            add(players, dict(extra))
        return out

    def setup_record(
        self, players: int, seed: int | str | None, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        """A new state's :attr:`State.setup`: the player count, the seed and every option
        as ``make`` resolved it (JSON-pure, in the order of :attr:`options`)."""
        recorded = {spec.name: spec.recorded(options[spec.name]) for spec in self.options}
        return {"players": players, "seed": seed, "options": recorded}

    def new_state(self, players: int, seed: int | str | None, **options: Any) -> State:
        """The state after setup; ``options`` are complete and valid (see ``make``);
        ``seed`` ``None``: a table without a dealer, its set-up waiting for ``deal``."""
        return self._cls().new_game(players, seed, **options)

    def from_dict(self, data: Mapping[str, Any]) -> State:
        return self._cls().from_dict(data)

    def from_text(self, text: str) -> State:
        return self._cls().from_text(text)


class State(ABC):
    """A game position.  States are values: no method mutates a state.

    Subclasses implement the abstract methods; the checked :meth:`apply` and the
    JSON helpers are shared.  A game's state class names its game once, in its class
    statement (``class MyState(PhasedState, game=GAME)``).
    """

    game: ClassVar[Game]

    #: How the game was set up: ``{"players", "seed", "options"}``, so that
    #: ``make(game_id, players=..., seed=..., **options)`` followed by the moves of
    #: :attr:`history` replays it (see :func:`tablero.core.replay`).  ``seed`` is
    #: ``None`` in a view and in a position read from notation.
    setup: dict[str, Any]

    def __init_subclass__(cls, game: Game | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if game is not None:
            if game.state_class is not None and game.state_class is not cls:
                raise TypeError(f"the game {game.id!r} is already declared by another class")
            object.__setattr__(game, "state_class", cls)
            cls.game = game

    # --- the factories (``Game`` calls them) -------------------------------------------

    #: The state after setup: ``new_game(players, seed, **options)`` with the options
    #: checked and complete (``make`` resolves them); each game's classmethod names its
    #: own options.
    new_game: ClassVar[Callable[..., State]]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        """A state from :meth:`to_dict` data, every field checked."""
        raise NotImplementedError

    @classmethod
    def from_text(cls, text: str) -> State:
        """A state from the game's position notation."""
        raise NotImplementedError

    # --- whose turn, what can be done -----------------------------------------------

    @property
    @abstractmethod
    def num_players(self) -> int:
        """The number of seats (players are numbered ``0 .. num_players - 1``)."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The player who decides now, or ``None`` when the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[Any]:
        """Every legal move once, in a deterministic order."""

    def read_move(self, text: str) -> Any:
        """Read a move text into a move value, without checking it is legal here.

        Raises :class:`~tablero.core.InvalidMoveError` when the text is not a move.
        """
        raise NotImplementedError

    def parse_move(self, text: str) -> Any:
        """Read a move text and check it is legal here.

        Raises :class:`~tablero.core.InvalidMoveError` when the text is not a move at
        all and :class:`~tablero.core.IllegalMoveError` when the rules forbid it now.
        """
        move = self.read_move(text)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    @abstractmethod
    def illegal_reason(self, move: Any) -> str | None:
        """``None`` when ``move`` is legal here, else a sentence saying why not."""

    @abstractmethod
    def apply_unchecked(self, move: Any) -> State:
        """The next state, trusting ``move`` to be legal (the fast path for search)."""

    def apply(self, move: Any) -> State:
        """The state after ``move`` (a move value or its text); ``self`` is unchanged.

        Raises :class:`~tablero.core.IllegalMoveError` when the move is not legal.
        """
        return self.apply_unchecked(self.checked(move))

    def checked(self, move: Any) -> Any:
        """``move`` (a move value or its text) as a move value, checked to be legal here.

        Raises :class:`~tablero.core.InvalidMoveError` or
        :class:`~tablero.core.IllegalMoveError` naming the problem.
        """
        if isinstance(move, str):
            return self.parse_move(move)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return move

    # --- chance steps (see :mod:`tablero.core.chance`) -------------------------------

    @property
    def chance(self) -> Chance | None:
        """The chance step waiting for its outcome, or ``None`` (a seeded table deals
        every step as it comes, so only a table without a dealer and a view wait)."""
        return None

    def deal(self, outcome: str | None) -> State:
        """The state after the pending chance step's ``outcome`` (one of
        ``chance.outcomes``; ``None`` in a view that does not see it).

        Raises :class:`~tablero.core.InvalidMoveError` for an outcome that is not a
        text and :class:`~tablero.core.IllegalMoveError` for one that cannot come now.
        """
        raise IllegalMoveError("no chance step is pending: there is nothing to deal")

    def move_as_seen(self, move: Any, seat: int) -> str:
        """``move`` (a move value or its text) as ``seat`` sees it played: its text, or
        its masked text where it shows something hidden from ``seat`` (a view follows
        the game from these, see ``apply``)."""
        return str(self.read_move(move) if isinstance(move, str) else move)

    def preview(self, move: Any) -> dict[str, Any]:
        """What ``move`` would give, shown to the player before committing it.

        JSON-pure, game-specific keys (see the game's notation doc); it reveals
        nothing hidden (no bag draw is simulated).  Raises
        :class:`~tablero.core.IllegalMoveError` for an illegal move.
        """
        self.checked(move)
        return {}

    def move_candidates(self) -> Iterable[str]:
        """Move texts worth trying here: every legal move's text and near misses (the
        conformance suite's legality closure parses each and checks it is legal exactly
        when ``legal_moves()`` lists it).  A game with a growing board lists the cells
        around what is laid.  The default: the legal moves' texts."""
        return [str(m) for m in self.legal_moves()]

    # --- the end -------------------------------------------------------------------

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the game is over."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Each player's score now; the final totals once the game is over."""

    def winners(self) -> list[int]:
        """The players with the best final result (several when they share it)."""
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    # --- hidden information ---------------------------------------------------------

    @property
    @abstractmethod
    def viewer(self) -> int | None:
        """``None`` for a full state; the player whose view this is otherwise."""

    @abstractmethod
    def view(self, player: int) -> State:
        """What ``player`` may know: everything hidden from them is replaced by
        values derived from public information only."""

    @abstractmethod
    def determinize(self, rng: Rng | int) -> State:
        """A full, playable state consistent with this view (hidden parts sampled)."""

    # --- serialisation --------------------------------------------------------------

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """JSON-pure data with ``"game"`` and ``"version"`` keys."""

    def to_json(self) -> str:
        """The state as compact, canonical JSON (``from_json`` reads it back)."""
        return _ENCODE(self._json_data())

    def _json_data(self) -> Mapping[str, Any]:
        """The data :meth:`to_json` writes: :meth:`to_dict`'s.  A game may give the
        same data without copying the state's parts into it (it is written at once and
        dropped, never handed out)."""
        return self.to_dict()

    @abstractmethod
    def to_text(self) -> str:
        """The position in the game's human-editable notation."""

    @property
    @abstractmethod
    def history(self) -> Sequence[Mapping[str, Any]]:
        """The moves played so far with what each caused (JSON-pure entries)."""

    def clone(self) -> State:
        """States are immutable values, so a clone is the state itself."""
        return self

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and type(other) is type(self)
            and (self.to_json() == other.to_json())
        )

    def __hash__(self) -> int:
        return hash(self.to_json())


Rule = Callable[..., Any]
T = TypeVar("T")
_new_tuple = tuple.__new__


@dataclass(frozen=True)
class Formats:
    """A game's readers and writers of its two formats, its JSON data (its ``serial``
    module) and its position notation (its ``notation`` module), which
    :class:`PhasedState` answers ``from_dict``, ``to_dict``, ``from_text`` and
    ``to_text`` with: ``to_dict(state, copy=True)`` (``copy=False``: the data may share
    the state's lists, for :meth:`State.to_json`, which writes it at once),
    ``from_dict(data, cls)``, ``to_text(state)``, ``from_text(text, cls)``."""

    to_dict: Callable[..., dict[str, Any]]
    from_dict: Callable[[Mapping[str, Any], Any], Any]
    to_text: Callable[[Any], str]
    from_text: Callable[[str, Any], Any]

    @classmethod
    def of(cls, serial: Any, notation: Any) -> Formats:
        """The formats of a game's ``serial`` module (``state_to_dict``,
        ``state_from_dict``) and ``notation`` module (``state_to_text``,
        ``state_from_text``)."""
        return cls(
            serial.state_to_dict,
            serial.state_from_dict,
            notation.state_to_text,
            notation.state_from_text,
        )


class PhasedState(State):
    """A :class:`State` whose turn is a seat and a named decision (``decision``).

    Subclasses keep ``n`` (players), ``player`` (the seat deciding), ``decision`` (the
    pending decision's name, ``"over"`` once the game has ended), ``score``, ``rng``,
    ``viewer_`` and ``history_``; they declare :attr:`DECISIONS` and tag one function
    per decision and move kind (:mod:`tablero.core.decisions`).  This class answers the
    protocol from them: ``legal_moves`` by decision, ``illegal_reason`` and
    ``apply_unchecked`` by move type, ``view``/``determinize`` around the game's
    :meth:`_hide` and :meth:`_deal`, and its formats from its :attr:`FORMATS`.

    ``phase`` is the first name of ``decision``, kept as its alias (:attr:`phase` reads
    and writes ``decision``); a game class that still keeps a ``phase`` slot and no
    ``decision`` gets ``decision`` as an alias of its slot instead.
    """

    __slots__ = ("chance_",)

    #: The decisions of a turn by name (``"over"`` is never one).
    DECISIONS: ClassVar[Mapping[str, Decision]] = {}
    #: The slots a move may change in place, which :meth:`_copy` copies a level deep
    #: (a list's or a dict's ``copy()``); every other slot passes to the copy as it is
    #: (numbers, strings, tuples, and lists a move replaces rather than edits).  A game
    #: that declares them and writes no ``_copy`` of its own gets one written from its
    #: ``__slots__``, as :mod:`dataclasses` writes ``__init__`` (``None``: it writes its own).
    COPIED_FIELDS: ClassVar[tuple[str, ...] | None] = None
    _MOVES: ClassVar[dict[str, Rule]]
    _CHECKS: ClassVar[dict[type, Rule]]
    _PLAYS: ClassVar[dict[type, Rule]]
    _SOURCES: ClassVar[dict[str, Rule]]
    _DEALS: ClassVar[dict[str, Rule]]
    #: The decisions that open a turn: a deferrable chance step is dealt before one.
    TURN_STARTS: ClassVar[frozenset[str]] = frozenset()

    n: int
    player: int
    decision: str
    score: list[int]
    viewer_: int | None
    history_: list[dict[str, Any]]
    #: The PRNG's state (see :class:`~tablero.core.Rng`): the seeded dealer's; ``None``
    #: at a table without a dealer, ``0`` in a view.
    rng: int | None
    #: The pending chance step (:class:`~tablero.core.chance.Step`), or ``None``.
    chance_: Step | None

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        s = super().__new__(cls)
        s.chance_ = None
        return s

    def __init_subclass__(cls, game: Game | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(game=game, **kwargs)
        tables: dict[str, dict[Any, Rule]] = {
            "moves": {},
            "check": {},
            "play": {},
            "source": {},
            "deal": {},
        }
        for klass in reversed(cls.__mro__):
            for fn in vars(klass).values():
                tag = getattr(fn, RULE_TAG, None)
                if tag is not None:
                    job, keys = tag
                    for key in keys:
                        tables[job][key] = fn
        cls._MOVES, cls._CHECKS, cls._PLAYS = tables["moves"], tables["check"], tables["play"]
        cls._SOURCES, cls._DEALS = tables["source"], tables["deal"]
        for step_kind in cls._DEALS:
            if step_kind not in cls._SOURCES:
                raise TypeError(f"{cls.__name__}: the chance step {step_kind!r} has no source")
        for name, decision in cls.DECISIONS.items():
            for kind in decision.moves:
                if kind not in cls._PLAYS:
                    raise TypeError(f"{cls.__name__}: {kind.__name__} has no play")
            if name not in cls._MOVES:
                raise TypeError(f"{cls.__name__}: the decision {name!r} lists no moves")
        if cls.COPIED_FIELDS is not None and "_copy" not in vars(cls):
            cls._copy = _copier(cls, cls.COPIED_FIELDS)  # type: ignore[method-assign, assignment]
        if _is_slot(cls, "phase") and not _is_slot(cls, "decision"):
            # A game written with the first name keeps its ``phase`` slot: ``decision``
            # (what the core reads) is then the alias, the other way round.
            cls.decision = property(_get_phase, _set_phase)  # type: ignore[assignment]

    # --- the formats (the game's serial and notation modules, :attr:`FORMATS`) ---------

    #: The game's JSON data and notation readers and writers (``None``: the class writes
    #: its own ``to_dict``, ``from_dict``, ``to_text`` and ``from_text``).
    FORMATS: ClassVar[Formats | None] = None

    @classmethod
    def _formats(cls) -> Formats:
        if cls.FORMATS is None:
            raise NotImplementedError(f"{cls.__name__}: no FORMATS and no reader or writer")
        return cls.FORMATS

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """A state from :meth:`to_dict` data, every field checked."""
        state: Self = cls._formats().from_dict(data, cls)
        return state

    @classmethod
    def from_text(cls, text: str) -> Self:
        """A state from the game's position notation."""
        state: Self = cls._formats().from_text(text, cls)
        return state

    def to_dict(self) -> dict[str, Any]:
        return self._formats().to_dict(self)

    def _json_data(self) -> Mapping[str, Any]:
        formats = self.FORMATS
        return self.to_dict() if formats is None else formats.to_dict(self, copy=False)

    def to_text(self) -> str:
        return self._formats().to_text(self)

    # --- the protocol's questions ---------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        if self.decision == "over" and self.chance_ is None:
            return None
        return self.player

    @property
    def viewer(self) -> int | None:
        return self.viewer_

    @property
    def history(self) -> Sequence[Mapping[str, Any]]:
        return tuple(self.history_)

    def is_terminal(self) -> bool:
        return self.decision == "over" and self.chance_ is None

    def scores(self) -> list[int]:
        return self.score[:]

    @property
    def phase(self) -> str:
        """The pending decision's name: the first name of :attr:`decision`, kept as its
        alias (reading and writing it reads and writes ``decision``)."""
        return self.decision

    @phase.setter
    def phase(self, value: str) -> None:
        self.decision = value

    # --- decisions ------------------------------------------------------------------

    def legal_moves(self) -> list[Any]:
        """Every legal move once, in the order the game's generator for the pending
        decision gives (see the game's moves module)."""
        if self.chance_ is not None and self._waiting():
            return []
        moves = self._MOVES.get(self.decision)
        # A generator returns a list of its own (never a shared one), so no copy here.
        return [] if moves is None else moves(self)

    def illegal_reason(self, move: Any) -> str | None:
        """``None`` if ``move`` is legal now, else a sentence saying why it is not:
        the game's over, a view of someone else's turn, a kind the decision does not
        allow, or the game's own check of that kind."""
        return self._reason(move, following=False)

    def _reason(self, move: Any, *, following: bool) -> str | None:
        """:meth:`illegal_reason`'s checks in order; ``following``: of another seat's
        move (as seen) in a view, checked by :meth:`_seen_check`."""
        if self.chance_ is not None and self._waiting():
            return (
                f"the {self.chance_.kind} (a chance step) is dealt first: no move until "
                "its outcome is known"
            )
        if self.decision == "over":
            return "the game is over: no more moves"
        if not following and self.viewer_ is not None and self.viewer_ != self.player:
            return "this is another player's view: only the player to move can act"
        if type(move) not in self._PLAYS:
            return f"{move!r} is not an {self.game.title} move"
        pending = self.DECISIONS[self.decision]
        if type(move) not in pending.moves:
            return not_now(move, self.decision, pending.expected(self))
        return self._seen_check(move) if following else self._own_check(move)

    def _own_check(self, move: Any) -> str | None:
        """The game's check of ``move``'s kind (a kind without one is legal whenever its
        decision is pending)."""
        check = self._CHECKS.get(type(move))
        reason: str | None = None if check is None else check(self, move)
        return reason

    def apply_unchecked(self, move: Any) -> PhasedState:
        """The next state, trusting ``move`` to be legal (the fast path for search)."""
        play = self._PLAYS.get(type(move))
        if play is None:
            raise InvalidMoveError(f"{move!r} is not an {self.game.title} move")
        s = self._copy()
        events: list[dict[str, Any]] = []
        s.history_.append({"player": s.player, "move": str(move), "events": events})
        play(s, move, events)
        if s.chance_ is not None and s.rng is not None and s.viewer_ is None:
            s._settle(events)
        return s

    def apply(self, move: Any) -> PhasedState:
        """The state after ``move`` (a move value or its text); ``self`` is unchanged.

        In a view of another seat's turn, ``move`` is the move as this view's seat sees
        it (:meth:`move_as_seen`): the view follows the game without its hidden parts.
        Raises :class:`~tablero.core.IllegalMoveError` when the move is not legal.
        """
        if self.viewer_ is not None and self.viewer_ != self.player:
            return self._follow(move)
        return self.apply_unchecked(self.checked(move))

    @abstractmethod
    def _copy(self) -> Self:
        """A copy whose parts a move may change without touching ``self``."""

    def _blank_copy(self) -> Self:
        """A new state of this class holding this one's turn, setup, PRNG state, viewer
        and a copy of its history (what every game's :meth:`_copy` starts from); the
        game copies its own parts."""
        s = object.__new__(type(self))  # (every slot is set below: no __new__ needed)
        s.n = self.n
        s.setup = self.setup
        s.player = self.player
        s.decision = self.decision
        s.rng = self.rng
        s.chance_ = self.chance_
        s.viewer_ = self.viewer_
        s.history_ = self.history_[:]
        return s

    def envelope(
        self, head: Mapping[str, Any], body: Mapping[str, Any], copy: bool = True
    ) -> dict[str, Any]:
        """The state's JSON-pure data: the core's envelope (``tablero.core.envelope``)
        around the game's own ``head`` and ``body`` keys.  ``copy=False``: the setup and
        the history as they are, for :meth:`to_json` only (see :func:`write_envelope`)."""
        return write_envelope(
            self.game,
            players=self.n,
            setup=self.setup,
            viewer=self.viewer_,
            rng=self.rng,
            history=self.history_,
            head=head,
            body=body,
            copy=copy,
            chance=self.chance_,
        )

    # --- chance steps -----------------------------------------------------------------

    @property
    def chance(self) -> Chance | None:
        step = self.chance_
        if step is None:
            return None
        return chance_of(step.kind, self._source(step), step.deferrable, self._outcome_text)[0]

    def deal(self, outcome: str | None) -> Self:
        step = self.chance_
        if step is None:
            raise IllegalMoveError("no chance step is pending: there is nothing to deal")
        source = self._source(step)
        viewer, seen_by = self.viewer_, source.seen_by
        if viewer is not None and seen_by is not None and viewer not in seen_by:
            if outcome is not None:
                raise IllegalMoveError(
                    f"player {PLAYERS[viewer]} does not see this {step.kind}'s outcome: deal None"
                )
            value = UNSEEN
        else:
            if not isinstance(outcome, str):
                raise InvalidMoveError(
                    f"the {step.kind}'s outcome is a text (one of the chance step's "
                    f"outcomes), not {outcome!r}"
                )
            chance, values = chance_of(step.kind, source, step.deferrable, self._outcome_text)
            if outcome in values:
                value = values[outcome]
            elif source.order == "reveal" and viewer is not None:
                # A view cannot list what the table reveals (others' hidden cards): the
                # game reads it and checks it against what the view has seen.
                value = self._read_reveal(step, outcome)
            else:
                some = ", ".join(chance.outcomes[:8]) + (", ..." if len(values) > 8 else "")
                raise IllegalMoveError(
                    f"{outcome!r} cannot come from this {step.kind}: it gives one of "
                    f"{some or 'nothing this view can list'}"
                )
        s = self._copy()
        s.chance_ = None
        if step.entry >= 0:
            entry = s.history_[step.entry]
            events: list[dict[str, Any]] = entry["events"][:]
            s.history_[step.entry] = {**entry, "events": events}
        else:
            events = []
        self._DEALS[step.kind](s, step, value, events)
        return s

    def _source(self, step: Step) -> Source:
        source: Source = self._SOURCES[step.kind](self, step)
        return source

    def _outcome_text(self, kind: str, value: Any) -> str:
        """An outcome's text (a game writes its own kinds'; a seat is its letter)."""
        return PLAYERS[value] if kind == "first_player" else str(value)

    def _read_reveal(self, step: Step, text: str) -> Any:
        """In a view: the value of a revealed outcome's ``text``, checked against what
        the view has seen (a game that reveals hidden parts writes it)."""
        raise IllegalMoveError(f"{text!r} is not what this {step.kind} can reveal")

    def _pend(self, kind: str, arg: Any = None, *, deferrable: bool = False) -> None:
        """Ask for a chance step of ``kind`` (on the copy a move or a deal is building):
        the game's source and deal for ``kind`` say what could come and what it does."""
        # (tuple.__new__: a named tuple's own constructor costs twice as much, and the
        # seeded dealer makes one of these for every card a search deals)
        self.chance_ = _new_tuple(
            Step, (kind, arg, self.player, len(self.history_) - 1, deferrable)
        )

    def _waiting(self) -> bool:
        """Whether the pending step must be dealt before anyone decides (a deferrable
        one waits while its mover goes on with the same turn)."""
        step = self.chance_
        return step is not None and (
            not step.deferrable
            or self.player != step.mover
            or self.decision == "over"
            or self.decision in self.TURN_STARTS
        )

    def _settle(self, events: list[dict[str, Any]]) -> None:
        """The seeded dealer at work: every pending step dealt from the PRNG as it
        comes (the outcomes recorded in ``events``, the entry of the move that caused
        them).  The one use of the PRNG in play; ``determinize`` is the other."""
        sources, deals = self._SOURCES, self._DEALS
        while (step := self.chance_) is not None:
            kind = step[0]
            value, self.rng = seeded_value(sources[kind](self, step), self.rng)  # type: ignore[arg-type]
            self.chance_ = None
            deals[kind](self, step, value, events)

    def _started(self) -> Self:
        """The state at the end of ``new_game``: the set-up's chance steps dealt when
        the table has a dealer (a seed), waiting for ``deal`` when it has none."""
        if self.chance_ is not None and self.rng is not None:
            self._settle([])
        return self

    def _shuffled(self, cards: list[T]) -> list[T]:
        """A deck the seeded dealer stacks up front (a game that shuffled a whole deck
        at once): with a dealer, ``cards`` shuffled with the PRNG, the order the game
        keeps where it keeps its deck (hidden in every view) and deals from the top
        (:class:`Source` ``order="top"``); without one (and in a view), sorted, each card
        then dealt by ``deal``."""
        if self.rng is None or self.viewer_ is not None:
            return sorted(cards)  # type: ignore[type-var]
        rng = Rng.from_state(self.rng)
        out = cards[:]
        rng.shuffle(out)
        self.rng = rng.state
        return out

    def _sides(self, count: int, sides: int) -> list[int] | None:
        """The side each of ``count`` stacked cards shows (``0 .. sides - 1``), drawn by
        the seeded dealer with its stack; ``None`` without a dealer (each side is then
        part of its card's deal)."""
        if self.rng is None or self.viewer_ is not None:
            return None
        rng = Rng.from_state(self.rng)
        out = []
        for _ in range(count):
            out.append(rng.randbelow(sides))
        self.rng = rng.state
        return out

    @sources("first_player")
    def _first_player_source(self, step: Step) -> Source:
        """The first player drawn at set-up: any seat, everyone sees it."""
        return Source(range(self.n))

    def move_as_seen(self, move: Any, seat: int) -> str:
        move = self.read_move(move) if isinstance(move, str) else move
        return self._seen_text(move, seat)

    def _seen_text(self, move: Any, seat: int) -> str:
        """A move's text as ``seat`` sees it played (the default: as it is)."""
        return str(move)

    def _follow(self, move: Any) -> PhasedState:
        """Another seat's move, as this view's seat saw it, played in the view (its
        chance steps wait: a view has no dealer)."""
        if isinstance(move, str):
            move = self.read_move(move)
        reason = self._reason(move, following=True)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self.apply_unchecked(move)

    def _seen_check(self, move: Any) -> str | None:
        """The game's check of another seat's move in a view (the default: its own
        check, for a game whose checks read nothing a view hides)."""
        return self._own_check(move)

    # --- hidden information ---------------------------------------------------------

    def view(self, player: int) -> Self:
        """What ``player`` may know: the game's :meth:`_hide` on a copy, the PRNG state
        and the seed dropped, others' history entries masked (:meth:`_mask_entry`)."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.n:
            raise ValueError(f"no player {player} in a {self.n}-player game")
        if self.viewer_ is not None:
            if self.viewer_ == player:
                return self
            raise ValueError("a view cannot be turned into another player's view")
        s = self._copy()
        s._hide(player)
        s.rng = 0
        s.setup = {**self.setup, "seed": None}
        s.viewer_ = player
        s.history_ = [
            e if e["player"] == player else self._masked(e, player) for e in self.history_
        ]
        return s

    def _masked(self, entry: dict[str, Any], viewer: int) -> dict[str, Any]:
        """:meth:`_mask_entry`'s copy of ``entry`` for ``viewer``, made once (:data:`_MASKED`)."""
        key = (id(entry), viewer)
        kept = _MASKED.get(key)
        if kept is not None and kept[0] is entry:
            return kept[1]
        masked = self._mask_entry(entry, viewer)
        if len(_MASKED) >= _MASKED_KEPT:
            _MASKED.clear()
        _MASKED[key] = (entry, masked)
        return masked

    def determinize(self, rng: Rng | int) -> Self:
        """A full state consistent with this view: the game's :meth:`_deal` gives the
        hidden parts out at random.  A full state is returned as is."""
        if self.viewer_ is None:
            return self
        if not isinstance(rng, Rng):
            rng = Rng(rng)
        s = self._copy()
        s._deal(rng)
        s.rng = rng.next64()
        s.viewer_ = None
        return s

    def _hide(self, player: int) -> None:
        """On a fresh copy: replace what ``player`` may not know with what public facts
        give (a game without hidden parts hides nothing)."""

    def _deal(self, rng: Rng) -> None:
        """On a fresh copy of a view: deal the hidden parts back at random with ``rng``."""

    def _mask_entry(self, entry: dict[str, Any], viewer: int) -> dict[str, Any]:
        """Another player's history entry as ``viewer`` saw it (the default: as it is).
        A game's masking reads the entry and the viewer only, never the state: a view
        reuses the masked copy made for an earlier state's view (:data:`_MASKED`)."""
        return entry


def _is_slot(cls: type, name: str) -> bool:
    """Whether ``name`` is a slot of ``cls`` (its own or a base's)."""
    for klass in cls.__mro__:
        slots = vars(klass).get("__slots__", ())
        if name in ((slots,) if isinstance(slots, str) else slots):
            return True
    return False


def _copier(cls: type, copied: tuple[str, ...]) -> Callable[[Any], Any]:
    """The ``_copy`` of ``cls``: every slot of the class passed on, the ``copied`` ones
    and the history (which a move appends to) a level deep.  Written out as one function
    (one statement a slot) so that it runs as fast as a hand-written copy: ``apply``
    makes one a move, and the bots make millions."""
    slots = [
        name
        for klass in reversed(cls.__mro__)
        for name in vars(klass).get("__slots__", ())
        if name != "__weakref__"
    ]
    unknown = sorted(set(copied) - set(slots))
    if unknown:
        raise TypeError(f"{cls.__name__}: COPIED_FIELDS names no slot {unknown}")
    deep = {*copied, "history_"}
    body = "".join(
        f"    s.{name} = self.{name}{'.copy()' if name in deep else ''}\n" for name in slots
    )
    source = f"def _copy(self):\n    s = _new(type(self))\n{body}    return s\n"
    scope: dict[str, Any] = {"_new": object.__new__}
    exec(compile(source, f"<{cls.__name__}._copy>", "exec"), scope)
    fn: Callable[[Any], Any] = scope["_copy"]
    fn.__qualname__ = f"{cls.__qualname__}._copy"
    fn.__doc__ = f"A copy of the state: {', '.join(sorted(deep))} copied a level deep."
    return fn


def _get_phase(self: Any) -> str:
    phase: str = self.phase
    return phase


def _set_phase(self: Any, value: str) -> None:
    self.phase = value
