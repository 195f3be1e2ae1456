"""The game protocol: what every Tablero game implements.

Bots, the browser app, the CLI, saves and links talk to games only through
:class:`Game` and :class:`State`.  A game is a package that provides one ``Game``
object (``GAME`` in its top-level module) and a ``State`` subclass.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from .errors import IllegalMoveError
from .rng import Rng

__all__ = ["Move", "State", "PhasedState", "Game", "OptionSpec"]


@runtime_checkable
class Move(Protocol):
    """A move is an immutable, hashable value whose ``str()`` is its canonical text.

    ``state.parse_move(str(move)) == move`` for every legal move.
    """

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@dataclass(frozen=True)
class OptionSpec:
    """One option accepted by :func:`tablero.core.make` for a game."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    doc: str = ""


@dataclass(frozen=True)
class Game:
    """A game's metadata and factories (one instance per game, in the registry)."""

    id: str
    title: str
    min_players: int
    max_players: int
    version: int
    options: tuple[OptionSpec, ...] = field(default=())

    def new_state(self, players: int, seed: int | str, **options: Any) -> State:
        raise NotImplementedError

    def from_dict(self, data: Mapping[str, Any]) -> State:
        raise NotImplementedError

    def from_text(self, text: str) -> State:
        raise NotImplementedError


class State(ABC):
    """A game position.  States are values: no method mutates a state.

    Subclasses implement the abstract methods; the checked :meth:`apply` and the
    JSON helpers are shared.
    """

    game: ClassVar[Game]

    #: How the game was set up: ``{"players", "seed", "options"}``, so that
    #: ``make(game_id, players=..., seed=..., **options)`` followed by the moves of
    #: :attr:`history` replays it (see :func:`tablero.core.replay`).  ``seed`` is
    #: ``None`` in a view and in a position read from notation.
    setup: dict[str, Any]

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

    @abstractmethod
    def parse_move(self, text: str) -> Any:
        """Read a move text and check it is legal here.

        Raises :class:`~tablero.core.InvalidMoveError` when the text is not a move at
        all and :class:`~tablero.core.IllegalMoveError` when the rules forbid it now.
        """

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

    def preview(self, move: Any) -> dict[str, Any]:
        """What ``move`` would give, shown to the player before committing it.

        JSON-pure, game-specific keys (see the game's notation doc); it reveals
        nothing hidden (no bag draw is simulated).  Raises
        :class:`~tablero.core.IllegalMoveError` for an illegal move.
        """
        self.checked(move)
        return {}

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
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=True)

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
        return type(other) is type(self) and self.to_json() == other.to_json()  # type: ignore[union-attr]

    def __hash__(self) -> int:
        return hash(self.to_json())


class PhasedState(State):
    """A :class:`State` whose turn is a seat and a named decision (``phase``).

    Subclasses keep ``n`` (players), ``player`` (the seat deciding), ``phase``
    (``"over"`` once the game has ended), ``viewer_`` and ``history_``; this class
    answers the protocol's questions about them.
    """

    __slots__ = ()

    n: int
    player: int
    phase: str
    viewer_: int | None
    history_: list[dict[str, Any]]
    rng: int  # the PRNG's state (see :class:`~tablero.core.Rng`)

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.player

    @property
    def viewer(self) -> int | None:
        return self.viewer_

    @property
    def history(self) -> Sequence[Mapping[str, Any]]:
        return tuple(self.history_)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def _randbelow(self, n: int) -> int:
        """A uniform draw in ``range(n)`` from the state's own PRNG (on a copy being built)."""
        rng = Rng.from_state(self.rng)
        x = rng.randbelow(n)
        self.rng = rng.state
        return x
