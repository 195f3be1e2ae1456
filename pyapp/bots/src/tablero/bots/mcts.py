"""``hard``: information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration deals the hidden parts of the view at random (``view.determinize``),
walks the one shared tree with the moves available in that deal, adds one node, and
scores it with the game's evaluation:

* **selection**: UCB1 (``ucb_c``) over the children whose move is legal in this deal,
  with the number of deals in which each was available in place of the parent's visits;
* **progressive widening**: a node with ``n`` visits may have ``1 + pw_c * n**pw_alpha``
  children.  At the root the moves enter in the order of their one-ply value (the
  ``medium`` ranking), so the search starts with medium's choice and its best rivals;
  a node with ``order_after`` visits ranks its moves by the evaluation once and widens in
  that order; a younger node adds the best of ``expand_k`` untried moves drawn at random;
* **cutoff**: the tree covers the rest of the bot's own turn (a placed 2's extra action,
  the draws, the refresh and its picks).  Once the turn passes (``cutoff_turns``) the
  position is scored by the evaluation, after the **sharp reply**: the next player may
  answer with the best (for them) of the game's ``sharp_replies`` (in Arribada its
  claims and captures, which depend on the public board only), played in the deal and
  evaluated; the position as it stands counts when no reply beats it for them
  (``sharp_reply``);
* **playout**: from a new node, the rest of the turn is played best-of-``expand_k`` by
  the evaluation, so every iteration is scored at a cutoff (``playout_to_cutoff``; off,
  the new node's own evaluation is the score);
* **reward**: each seat's logistic of how much its evaluated margin over the best other
  seat grew since the root *in the same deal* (the deal's own evaluation is the
  baseline, which cancels most of the luck of the deal); the win share at the end;
* **choice**: the most visited root move (the better mean on a tie).  The search stops
  at the time or iteration budget, or earlier once no other move could catch up with
  the leader's visits in the iterations left.  Decisions among fewer than
  ``full_budget_moves`` moves get a proportional share of the time budget, unless the
  game gives each decision its share (``budget_share``).

The settings named above (``ucb_c``, ...) are the fields of
:class:`tablero.core.SearchSettings`.  A game's strategy (``tablero.core.Strategy``, in
its evaluation module) may change them for its own decisions (its ``search``): force its
sharp replies (``reply_forced``: the next player plays one of them), keep the tree
between the decisions of a turn (``keep_tree``: a decision that continues the bot's last
searched turn starts from that tree's node), or ask for the look-ahead (``lookahead``:
at tables with rivals the decisions go to a :class:`tablero.bots.lookahead.LookaheadBot`,
which compares each move by the rest of the turn, the next player's reply and the
evaluation).  Its hooks give the playouts a quick move (``playout_move``), restrict the
moves every level considers (``bot_moves``) or set each decision's share of the budget
(``budget_share``).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable
from typing import Any

from tablero.core import Rng, SearchSettings, State, Strategy

from .base import SearchingBot, SearchStats, check_view, decision_deadline, decision_rng
from .evaluation import (
    DEFAULT_STRATEGY,
    REWARD_SCALE,
    Evaluator,
    considered_moves,
    margin,
    scores_evaluation,
    sides_of,
    strategy_for,
)
from .greedy import move_values
from .lookahead import LookaheadBot

__all__ = ["MctsBot"]


class Node:
    __slots__ = ("children", "visits", "reward", "avail", "player", "order")

    def __init__(self, player: int) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed rewards of ``player``, the seat that moved into the node
        self.avail = 0
        self.player = player
        self.order: list[Any] | None = None  # moves ranked by the evaluation, once computed


def _to_rewards(
    values: list[float], base: list[float], sides: tuple[int, ...] | None
) -> list[float]:
    """Each seat's logistic of how much its margin grew since the root, in this deal."""
    out = []
    for p in range(len(values)):
        x = (margin(values, p, sides) - base[p]) / REWARD_SCALE
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x)))))
    return out


def _has_rivals(player: int, sides: tuple[int, ...] | None, num_players: int) -> bool:
    """Whether some seat plays against ``player`` (not a solitaire or cooperative table)."""
    if sides is None:
        return num_players > 1
    return any(s != sides[player] for s in sides)


def _terminal_rewards(state: State) -> list[float]:
    winners = state.winners()
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(state.num_players)]


class MctsBot(SearchingBot):
    """``hard``: the tree search, or for a game whose settings ask for it (at a table
    with rivals) its :class:`LookaheadBot`.  ``settings`` are the last decision's game's
    (:meth:`configure`)."""

    level = "hard"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        budget_ms: float | None = 1000,
        iterations: int | None = None,
    ) -> None:
        super().__init__(seed, budget_ms=budget_ms, iterations=iterations)
        self.settings = SearchSettings()  # per decision: the game's (configure)
        self.strategy: Strategy[Any, Any] = DEFAULT_STRATEGY  # per decision: the view's game's
        self.evaluate: Evaluator = scores_evaluation  # per decision: the view's game
        # per decision: the game's sharp_replies, unless the settings turn them off
        self.replies: Callable[[State], list[Any]] | None = None
        self.sides: tuple[int, ...] | None = None
        self.policy: Callable[[State], Any] | None = None  # the game's playout_move, if on
        self._base: list[float] = []  # this iteration's margins at the root, per seat
        self.overrides: dict[str, Any] = {}  # settings over the game's (screening runs)
        # with keep_tree: (game id, player, history length, root) of the last search
        self._kept: tuple[str, int, int, Node] | None = None
        self.lookahead = LookaheadBot(seed, budget_ms=budget_ms, iterations=iterations)

    def __repr__(self) -> str:
        return (
            f"make_bot('hard', seed={self.seed!r}, budget_ms={self.budget_ms!r}, "
            f"iterations={self.iterations!r})"
        )

    def budget_share(self, num_moves: int) -> float:
        """The share of ``budget_ms`` a decision among ``num_moves`` moves may use: all of
        it from ``full_budget_moves`` moves on, proportionally less below (a choice among
        few moves needs fewer iterations to settle)."""
        return self.settings.budget_share(num_moves)

    def configure(self, game_id: str) -> None:
        """Set the search's settings for ``game_id``: the game's (its strategy's
        ``search``, over the defaults), then this bot's ``overrides`` (for screening runs:
        field names of :class:`SearchSettings`, in either case)."""
        self.strategy = strategy_for(game_id)
        settings = self.strategy.search
        if self.overrides:
            known = {f.name for f in dataclasses.fields(SearchSettings)}
            unknown = [name for name in self.overrides if name.lower() not in known]
            if unknown:
                raise ValueError(f"unknown search settings: {', '.join(sorted(unknown))}")
            changes = {name.lower(): value for name, value in self.overrides.items()}
            settings = dataclasses.replace(settings, **changes)
        self.settings = settings

    def choose(self, view: State) -> Any:
        self.configure(view.game.id)
        player = check_view(view)
        strategy, settings = self.strategy, self.settings
        self.evaluate = strategy.search_evaluate if settings.own_evaluation else strategy.evaluate
        self.replies = strategy.sharp_replies if settings.sharp_reply else None
        self.sides = sides_of(view)
        self.policy = strategy.playout_move if settings.playout_move else None
        if settings.lookahead and _has_rivals(player, self.sides, view.num_players):
            look = self.lookahead
            look.seed, look.budget_ms, look.iterations = self.seed, self.budget_ms, self.iterations
            look.settings = self.settings
            move = look.choose(view)
            self.stats = look.stats
            return move
        start = time.perf_counter()
        moves = considered_moves(strategy, view)
        if len(moves) == 1:
            self.stats = SearchStats(1, 0, time.perf_counter() - start)
            return moves[0]
        deadline = decision_deadline(start, self.budget_ms, strategy, settings, view, len(moves))
        rng = decision_rng(self.seed, view)
        values = move_values(view, moves, player, rng)
        order = sorted(range(len(moves)), key=lambda i: -values[i])  # stable: ties keep order
        root_order = [moves[i] for i in order]
        root = self._kept_subtree(view, player) if settings.keep_tree else None
        if root is None:
            root = Node(-1)
        root.player = -1
        done = 0
        limit = self.iterations
        check_every = settings.check_every
        while True:
            if limit is not None and done >= limit:
                break
            # The clock is read before every iteration: one may cost tens of
            # milliseconds (a playout, a node ranking all its moves).
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root, root_order, view, rng)
            done += 1
            if done % check_every == 0 and self._decided(root, done, limit, start, deadline):
                break
        best = (
            max(
                root.children.items(),
                key=lambda kv: (kv[1].visits, kv[1].reward / max(1, kv[1].visits)),
            )[0]
            if root.children
            else root_order[0]
        )
        self.stats = SearchStats(len(moves), done, time.perf_counter() - start)
        self._kept = (view.game.id, player, len(view.history), root) if settings.keep_tree else None
        return best

    def _kept_subtree(self, view: State, player: int) -> Node | None:
        """With ``KEEP_TREE``: the node of this bot's last tree that ``view`` continues
        (the same game and player, every move since that search's root the player's own,
        each one a child in the tree), or None."""
        kept = self._kept
        if kept is None or kept[0] != view.game.id or kept[1] != player:
            return None
        history = view.history
        if len(history) <= kept[2]:
            return None
        node = kept[3]
        for entry in history[kept[2] :]:
            if entry.get("player") != player:
                return None
            move = entry.get("move")
            child = next((ch for m, ch in node.children.items() if str(m) == move), None)
            if child is None:
                return None
            node = child
        return node if node.visits else None

    # --- one iteration ---------------------------------------------------------------

    def _iterate(self, root: Node, root_order: list[Any], view: State, rng: Rng) -> None:
        state = view.determinize(rng.spawn())
        root_values = self.evaluate(state)
        self._base = [margin(root_values, p, self.sides) for p in range(len(root_values))]
        settings = self.settings
        node = root
        path = [root]
        turns = 0
        last = state.current_player
        while True:
            if state.is_terminal():
                result = self._terminal_rewards(state)
                break
            mover = state.current_player
            assert mover is not None  # the game is not over: someone is to move
            if mover != last or (node is not root and self._new_turn(state)):
                turns += 1
                last = mover
                if turns >= self.settings.cutoff_turns:
                    result = _to_rewards(self._cutoff_values(state), self._base, self.sides)
                    break
            moves = root_order if node is root else considered_moves(self.strategy, state)
            children = node.children
            available = [m for m in moves if m in children] if children else []
            allowed = 1 + int(settings.pw_c * node.visits**settings.pw_alpha)
            if len(available) < len(moves) and len(available) < allowed:
                move, state, values = self._expand(node, root_order, moves, state, mover, rng)
                for m in available:
                    children[m].avail += 1
                child = Node(mover)
                child.avail = 1
                children[move] = child
                path.append(child)
                result = self._playout(state, values, rng, turns, mover)  # mover == last
                break
            best_score = -1.0
            best_move = None
            c = settings.ucb_c
            for m in available:
                ch = children[m]
                ch.avail += 1
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_score, best_move = score, m
            node = children[best_move]
            path.append(node)
            state = state.apply_unchecked(best_move)
        for n in path:
            n.visits += 1
            if n.player >= 0:
                n.reward += result[n.player]

    def _expand(
        self,
        node: Node,
        root_order: list[Any],
        moves: list[Any],
        state: State,
        mover: int,
        rng: Rng,
    ) -> tuple[Any, State, list[float] | None]:
        """The next move to add under ``node``, the state after it and its evaluation.

        The root takes its moves in ``root_order``.  A node with ``ORDER_AFTER`` visits
        ranks the moves legal in the current deal by the evaluation once, and then takes
        them in that order (skipping moves not legal in later deals); a younger node
        takes the best of ``EXPAND_K`` untried moves drawn at random.
        """
        children = node.children
        if node.player == -1 and moves is root_order:
            move = next(m for m in root_order if m not in children)
            return move, state.apply_unchecked(move), None
        if node.order is None and node.visits >= self.settings.order_after:
            node.order = self._rank(moves, state, mover)
        if node.order is not None:
            legal = set(moves)
            for m in node.order:
                if m in legal and m not in children:
                    return m, state.apply_unchecked(m), None
        untried = [m for m in moves if m not in children]
        return self._best_of_k(untried, state, mover, rng)

    def _new_turn(self, state: State) -> bool:
        """Whether a new turn begins at ``state`` by the game's ``turn_starts`` (after a
        move: the seat may be the same, as in a solitaire game)."""
        return self.strategy.turn_starts(state)

    def _terminal_rewards(self, state: State) -> list[float]:
        """The win share at the end; a table without rivals (one player, a cooperative
        game: every seat shares the result) is rewarded by its final score instead."""
        n = state.num_players
        if n == 1 or (self.sides is not None and len(set(self.sides)) == 1):
            return _to_rewards([float(x) for x in state.scores()], self._base, self.sides)
        return _terminal_rewards(state)

    def _cutoff_values(self, state: State) -> list[float]:
        """The evaluation where the tree stops, after the best sharp reply (if any).

        The player to act may answer with one of the game's ``sharp_replies`` (claims and
        captures in Arribada), which the static evaluation only prices as threats: each is
        played and evaluated, and the one with the best margin for that player stands,
        unless the position as it is looks better for them.
        """
        values = self.evaluate(state)
        if self.replies is None:
            return values
        mover = state.current_player
        assert mover is not None  # a cutoff is never at the end: someone is to move
        replies = self.replies(state)
        best = (
            -math.inf
            if self.settings.reply_forced and replies
            else margin(values, mover, self.sides)
        )
        for move in replies:
            after = state.apply_unchecked(move)
            if after.is_terminal():
                v = [float(x) for x in after.scores()]
            else:
                v = self.evaluate(after)
            score = margin(v, mover, self.sides)
            if score > best:
                best, values = score, v
        return values

    def _rank(self, moves: list[Any], state: State, mover: int) -> list[Any]:
        scored: list[tuple[float, int, Any]] = []
        for i, m in enumerate(moves):
            after = state.apply_unchecked(m)
            if after.is_terminal():
                values = [float(x) for x in after.scores()]
            else:
                values = self.evaluate(after)
            scored.append((-margin(values, mover, self.sides), i, m))
        scored.sort(key=lambda x: (x[0], x[1]))
        return [m for _, _, m in scored]

    def _best_of_k(
        self, moves: list[Any], state: State, mover: int, rng: Rng
    ) -> tuple[Any, State, list[float]]:
        k = min(self.settings.expand_k, len(moves))
        if k < len(moves):
            picks = []
            pool = list(range(len(moves)))
            for _ in range(k):
                j = rng.randbelow(len(pool))
                picks.append(moves[pool[j]])
                pool[j] = pool[-1]
                pool.pop()
        else:
            picks = moves
        best = None
        for m in picks:
            after = state.apply_unchecked(m)
            if after.is_terminal():
                values = [float(x) for x in after.scores()]
            else:
                values = self.evaluate(after)
            score = margin(values, mover, self.sides)
            if best is None or score > best[0]:
                best = (score, m, after, values)
        assert best is not None
        return best[1], best[2], best[3]

    def _playout(
        self, state: State, values: list[float] | None, rng: Rng, turns: int, last: int
    ) -> list[float]:
        """Score a new node: with ``PLAYOUT_TO_CUTOFF``, play the rest of the turn
        best-of-``EXPAND_K`` and score the cutoff (after the next player's sharp reply);
        without, the evaluation at the node itself."""
        while not state.is_terminal():
            mover = state.current_player
            assert mover is not None  # the game is not over: someone is to move
            if mover != last or self._new_turn(state):
                turns += 1
                last = mover
                if turns >= self.settings.cutoff_turns:
                    return _to_rewards(self._cutoff_values(state), self._base, self.sides)
            if not self.settings.playout_to_cutoff:
                break
            quick = self.policy(state) if self.policy is not None else None
            if quick is not None:
                state = state.apply_unchecked(quick)
                values = None
                continue
            moves = considered_moves(self.strategy, state)
            if len(moves) == 1:
                state = state.apply_unchecked(moves[0])
                values = None
                continue
            _, state, values = self._best_of_k(moves, state, mover, rng)
        if state.is_terminal():
            return self._terminal_rewards(state)
        if values is None:
            values = self.evaluate(state)
        return _to_rewards(values, self._base, self.sides)

    def _decided(
        self, root: Node, done: int, limit: int | None, start: float, deadline: float | None
    ) -> bool:
        """Whether no other root move can overtake the most visited one any more."""
        if len(root.children) < 2:
            return False
        left = math.inf
        if limit is not None:
            left = limit - done
        if deadline is not None:
            now = time.perf_counter()
            rate = done / max(now - start, 1e-9)
            left = min(left, rate * max(0.0, deadline - now))
        visits = sorted((ch.visits for ch in root.children.values()), reverse=True)
        return visits[0] - visits[1] > left
