"""A game's hooks for the bots (:class:`Strategy`) and ``hard``'s search settings
(:class:`SearchSettings`).

A game's ``tablero.<game_id>.evaluate`` module defines ``STRATEGY``, an instance of a
:class:`Strategy` subclass that overrides the hooks the game needs; every hook has a
default that plays as if the game had none.  The engines only import this module (the
core); ``tablero.bots`` finds ``STRATEGY`` by its type, as the registry finds ``GAME``.

>>> from tablero.core import make
>>> state = make("arribada", players=2, seed=1, first_player=0)
>>> plain = Strategy()
>>> plain.evaluate(state), plain.sides(state), plain.sharp_replies(state)
([0.0, 0.0], None, [])
>>> SearchSettings().full_budget_moves, SearchSettings(keep_tree=True).keep_tree
(20, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .protocol import State

__all__ = ["SearchSettings", "Strategy"]

StateT = TypeVar("StateT", bound=State)
MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class SearchSettings:
    """``hard``'s search settings (``tablero.bots.mcts``).  The defaults are here; a game
    changes some for its own decisions with an instance of its own in
    :attr:`Strategy.search` (``SearchSettings(keep_tree=True)``), and a screening run
    changes some over the game's with ``dataclasses.replace``."""

    ucb_c: float = 0.3  # UCB1's exploration constant
    pw_c: float = 2.0  # progressive widening: 1 + pw_c * visits**pw_alpha children
    pw_alpha: float = 0.5
    expand_k: int = 4  # a young node adds the best of this many untried moves
    order_after: int = 3  # a node with this many visits ranks its moves once
    cutoff_turns: int = 1  # evaluate once the turn has passed this many times
    playout_to_cutoff: bool = True  # a new node: play the rest of the turn, score the cutoff
    sharp_reply: bool = True  # at the cutoff, the next player may answer with a sharp move
    reply_forced: bool = False  # the sharp replies are all the next player may do
    playout_move: bool = True  # playouts take the game's ``playout_move`` where it gives one
    check_every: int = 8  # iterations between checks whether the choice is settled
    own_evaluation: bool = True  # the tree uses the game's ``search_evaluate``
    full_budget_moves: int = 20  # decisions with fewer moves get a share of the time budget
    lookahead: bool = False  # at tables with rivals, the look-ahead instead of the tree
    lookahead_samples: int = 12  # the look-ahead's deals at most
    keep_tree: bool = False  # a decision continuing the bot's last searched turn reuses it

    def budget_share(self, num_moves: int) -> float:
        """The share of the time budget a decision among ``num_moves`` moves may use when
        the game gives none: all of it from ``full_budget_moves`` moves on,
        proportionally less below (a choice among few moves settles sooner)."""
        return min(1.0, num_moves / self.full_budget_moves)


class Strategy(Generic[StateT, MoveT]):
    """A game's hooks for the bots.  Each method has a default that plays as if the game
    did not have it; a game overrides the ones it needs (``evaluate`` at least)."""

    #: ``hard``'s search settings for this game's decisions.
    search: SearchSettings = SearchSettings()

    def evaluate(self, state: StateT) -> list[float]:
        """Each seat's expected final score (views too).  Default: the running scores."""
        return [float(x) for x in state.scores()]

    def search_evaluate(self, state: StateT) -> list[float]:
        """``hard``'s own evaluation (its tree, cutoffs and look-ahead): ``evaluate`` plus
        what only a search can use (set-ups that pay later).  Default: ``evaluate``."""
        return self.evaluate(state)

    def sharp_replies(self, state: StateT) -> list[MoveT]:
        """The few legal moves of the player to act that ``evaluate`` can only estimate
        (Arribada: claims and captures); ``hard`` lets the next player pick the best of
        them before it scores a position.  Default: none."""
        return []

    def playout_move(self, state: StateT) -> MoveT | None:
        """A quick choice for ``hard``'s playouts, or None for the search's own
        best-of-k by the evaluation.  Default: None."""
        return None

    def turn_starts(self, state: StateT) -> bool:
        """Whether a new turn begins at ``state``, for games where one seat plays several
        turns in a row (solitaire).  A game that asks for the look-ahead says where its
        turns begin.  Default: False (a turn begins where the seat changes)."""
        return False

    def turn_plan(self, state: StateT) -> list[MoveT]:
        """The rest of the player's turn as ``search_evaluate`` would play it, for the
        look-ahead (empty where the bot decides).  Default: empty."""
        return []

    def bot_moves(self, state: StateT) -> list[MoveT]:
        """The legal moves a bot considers: the legal moves minus those no bot should
        play (Arraial: ``back``).  Where it leaves none, the legal moves stand.  Default:
        every legal move."""
        moves: list[Any] = state.legal_moves()
        return moves

    def budget_share(self, state: StateT) -> float | None:
        """The share (0-1] of ``hard``'s time budget the decision may use, or None for
        the share by the move count (``SearchSettings.full_budget_moves``)."""
        return None

    def sides(self, state: StateT) -> tuple[int, ...] | None:
        """Each seat's side when seats share results (teams, a cooperative table), or
        None: every seat plays for itself."""
        return None
