"""``hard``: information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration deals the hidden parts of the view at random (``view.determinize``),
walks the one shared tree with the moves available in that deal, adds one node, and
scores it with the game's evaluation:

* **selection**: UCB1 (``UCB_C``) over the children whose move is legal in this deal,
  with the number of deals in which each was available in place of the parent's visits;
* **progressive widening**: a node with ``n`` visits may have ``1 + PW_C * n**PW_ALPHA``
  children.  At the root the moves enter in the order of their one-ply value (the
  ``medium`` ranking), so the search starts with medium's choice and its best rivals;
  a node with ``ORDER_AFTER`` visits ranks its moves by the evaluation once and widens in
  that order; a younger node adds the best of ``EXPAND_K`` untried moves drawn at random;
* **cutoff**: the tree covers the rest of the bot's own turn (a placed 2's extra action,
  the draws, the refresh and its picks).  Once the turn passes (``CUTOFF_TURNS``) the
  position is scored by the evaluation, after the **sharp reply**: the next player may
  answer with the best (for them) of the game's ``sharp_replies`` (in Arribada its
  claims and captures, which depend on the public board only), played in the deal and
  evaluated; the position as it stands counts when no reply beats it for them
  (``SHARP_REPLY``);
* **playout**: from a new node, the rest of the turn is played best-of-``EXPAND_K`` by
  the evaluation, so every iteration is scored at a cutoff (``PLAYOUT_TO_CUTOFF``; off,
  the new node's own evaluation is the score);
* **reward**: each seat's logistic of how much its evaluated margin over the best other
  seat grew since the root *in the same deal* (the deal's own evaluation is the
  baseline, which cancels most of the luck of the deal); the win share at the end;
* **choice**: the most visited root move (the better mean on a tie).  The search stops
  at the time or iteration budget, or earlier once no other move could catch up with
  the leader's visits in the iterations left.  Decisions among fewer than
  ``FULL_BUDGET_MOVES`` moves get a proportional share of the time budget, unless the
  game gives each decision its share (``budget_share``).

A game's evaluation module may instead ask for a look-ahead (``LOOKAHEAD``): at tables
with rivals, every decision that starts a turn compares its moves by the rest of the
turn, the next player's reply and the evaluation, over ``LOOKAHEAD_SAMPLES`` deals at
most (:mod:`tablero.bots.lookahead`), and the rest of the turn follows the game's
``turn_plan``.

A game's evaluation module may change these settings for its own decisions (``SEARCH``,
see :attr:`MctsBot.SETTINGS`), force its sharp replies (``REPLY_FORCED``: the next player
plays one of them), give the playouts a quick move (``playout_move``), keep the tree
between the decisions of a turn (``KEEP_TREE``: a decision that continues the bot's last
searched turn starts from that tree's node), and restrict the moves every level considers
(``bot_moves``) or set each decision's share of the budget (``budget_share``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from tablero.core import Rng, State

from .base import Bot, SearchStats, check_view, decision_rng
from .evaluation import (
    REWARD_SCALE,
    Evaluator,
    bot_moves_for,
    budget_share_for,
    evaluator_for,
    margin,
    playout_for,
    replies_for,
    scores_evaluation,
    search_evaluator_for,
    search_settings_for,
    sides_of,
    turn_plan_for,
    turn_starts_for,
)
from .greedy import move_values
from .lookahead import lookahead_values

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


class MctsBot(Bot):
    level = "hard"
    UCB_C = 0.3
    PW_C = 2.0
    PW_ALPHA = 0.5
    EXPAND_K = 4
    ORDER_AFTER = 3
    CUTOFF_TURNS = 1  # evaluate once the turn has passed this many times
    PLAYOUT_TO_CUTOFF = True  # a new node: play the rest of the turn, then score the cutoff
    SHARP_REPLY = True  # at the cutoff, the next player may answer with a sharp move
    REPLY_FORCED = False  # the sharp replies are all the next player may do (no "as is")
    PLAYOUT_MOVE = True  # playouts take the game's ``playout_move`` where it gives one
    CHECK_EVERY = 8  # iterations between checks whether the choice is settled
    OWN_EVALUATION = True  # the tree uses the game's search_evaluate where it has one
    FULL_BUDGET_MOVES = 20  # decisions with fewer moves get a share of the time budget
    LOOKAHEAD = False  # at tables with rivals, a look-ahead instead of the tree
    LOOKAHEAD_SAMPLES = 12  # the look-ahead's deals at most (``iterations`` bounds them too)
    KEEP_TREE = False  # a decision continuing the bot's last searched turn reuses that subtree

    #: The settings a game's evaluation module may change for its own decisions, with a
    #: ``SEARCH`` mapping (``tablero.bots.evaluation.search_settings_for``); the class's
    #: values are the defaults, so a game without ``SEARCH`` searches as before.
    SETTINGS = (
        "UCB_C", "PW_C", "PW_ALPHA", "EXPAND_K", "ORDER_AFTER", "CUTOFF_TURNS",
        "PLAYOUT_TO_CUTOFF", "SHARP_REPLY", "REPLY_FORCED", "PLAYOUT_MOVE", "CHECK_EVERY",
        "FULL_BUDGET_MOVES", "OWN_EVALUATION", "LOOKAHEAD", "LOOKAHEAD_SAMPLES", "KEEP_TREE",
    )  # fmt: skip

    def budget_share(self, num_moves: int) -> float:
        """The share of ``budget_ms`` a decision among ``num_moves`` moves may use: all of
        it from ``FULL_BUDGET_MOVES`` moves on, proportionally less below (a choice among
        few moves needs fewer iterations to settle)."""
        return min(1.0, num_moves / self.FULL_BUDGET_MOVES)

    def configure(self, game_id: str) -> None:
        """Set the search's settings for ``game_id``: the class's defaults, then the
        game's ``SEARCH`` settings, then this bot's ``overrides`` (for screening runs)."""
        settings = {**search_settings_for(game_id), **self.overrides}
        unknown = set(settings) - set(self.SETTINGS)
        if unknown:
            raise ValueError(f"unknown search settings: {', '.join(sorted(unknown))}")
        for name in self.SETTINGS:
            setattr(self, name, settings.get(name, getattr(type(self), name)))

    def __init__(
        self,
        seed: int | str = 0,
        *,
        budget_ms: float | None = 1000,
        iterations: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.evaluate: Evaluator = scores_evaluation  # per decision: the view's game
        # per decision: the game's sharp_replies, if any
        self.replies: Callable[[State], list[Any]] | None = None
        self.sides: tuple[int, ...] | None = None
        self.turn_starts: Callable[[State], bool] | None = None
        self.policy: Callable[[State], Any] | None = None  # the game's playout_move, if any
        # per decision: the moves the game lets a bot consider (its bot_moves, if any)
        self.moves_of: Callable[[State], list[Any]] = lambda state: state.legal_moves()
        self._base: list[float] = []  # this iteration's margins at the root, per seat
        self.overrides: dict[str, Any] = {}  # settings over the game's (screening runs)
        # with KEEP_TREE: (game id, player, history length, root) of the last search
        self._kept: tuple[str, int, int, Node] | None = None

    def __repr__(self) -> str:
        return (
            f"make_bot('hard', seed={self.seed!r}, budget_ms={self.budget_ms!r}, "
            f"iterations={self.iterations!r})"
        )

    def choose(self, view: State) -> Any:
        start = time.perf_counter()
        player = check_view(view)
        self.moves_of = bot_moves_for(view.game.id)
        moves = self.moves_of(view)
        if len(moves) == 1:
            self.stats = SearchStats(1, 0, time.perf_counter() - start)
            return moves[0]
        self.configure(view.game.id)
        deadline = None
        if self.budget_ms is not None:
            share_of = budget_share_for(view.game.id)
            share = self.budget_share(len(moves)) if share_of is None else share_of(view)
            deadline = start + self.budget_ms * share / 1000.0
        rng = decision_rng(self.seed, view)
        self.evaluate = (
            search_evaluator_for(view.game.id)
            if self.OWN_EVALUATION
            else evaluator_for(view.game.id)
        )
        self.replies = replies_for(view.game.id) if self.SHARP_REPLY else None
        self.sides = sides_of(view)
        self.turn_starts = turn_starts_for(view.game.id)
        self.policy = playout_for(view.game.id) if self.PLAYOUT_MOVE else None
        if self.LOOKAHEAD and _has_rivals(player, self.sides, view.num_players):
            return self._look_ahead(view, moves, player, rng, start, deadline)
        values = move_values(view, moves, player, rng)
        order = sorted(range(len(moves)), key=lambda i: -values[i])  # stable: ties keep order
        root_order = [moves[i] for i in order]
        root = self._kept_subtree(view, player) if self.KEEP_TREE else None
        if root is None:
            root = Node(-1)
        root.player = -1
        done = 0
        limit = self.iterations
        while True:
            if limit is not None and done >= limit:
                break
            # The clock is read before every iteration: one may cost tens of
            # milliseconds (a playout, a node ranking all its moves).
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root, root_order, view, rng)
            done += 1
            if done % self.CHECK_EVERY == 0 and self._decided(root, done, limit, start, deadline):
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
        self._kept = (view.game.id, player, len(view.history), root) if self.KEEP_TREE else None
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

    def _look_ahead(
        self,
        view: State,
        moves: list[Any],
        player: int,
        rng: Rng,
        start: float,
        deadline: float | None,
    ) -> Any:
        """A decision by the look-ahead (``LOOKAHEAD``): at a turn's start the move with
        the best mean margin after the rest of the turn and the next player's reply;
        inside a turn the game's ``turn_plan``, else ``medium``'s move."""
        plan = turn_plan_for(view.game.id)
        if plan is None:
            raise ValueError(f"{view.game.id} has no turn_plan for a look-ahead")
        if self._new_turn(view) or self.turn_starts is None:
            samples = self.LOOKAHEAD_SAMPLES
            if self.iterations is not None:
                samples = min(samples, self.iterations)
            values, done = lookahead_values(
                view, moves, player, rng,
                evaluate=evaluator_for(view.game.id), search_evaluate=self.evaluate,
                turn_plan=plan, sides=self.sides, deadline=deadline, samples=samples,
            )  # fmt: skip
            best = max(range(len(moves)), key=values.__getitem__)
            self.stats = SearchStats(len(moves), done, time.perf_counter() - start)
            return moves[best]
        steps = plan(view)
        if steps and steps[0] in moves:
            self.stats = SearchStats(len(moves), 1, time.perf_counter() - start)
            return steps[0]
        values = move_values(view, moves, player, rng)
        best = max(range(len(moves)), key=values.__getitem__)
        self.stats = SearchStats(len(moves), len(moves), time.perf_counter() - start)
        return moves[best]

    # --- one iteration ---------------------------------------------------------------

    def _iterate(self, root: Node, root_order: list[Any], view: State, rng: Rng) -> None:
        state = view.determinize(rng.spawn())
        root_values = self.evaluate(state)
        self._base = [margin(root_values, p, self.sides) for p in range(len(root_values))]
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
                if turns >= self.CUTOFF_TURNS:
                    result = _to_rewards(self._cutoff_values(state), self._base, self.sides)
                    break
            moves = root_order if node is root else self.moves_of(state)
            children = node.children
            available = [m for m in moves if m in children] if children else []
            allowed = 1 + int(self.PW_C * node.visits**self.PW_ALPHA)
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
            c = self.UCB_C
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
        if node.order is None and node.visits >= self.ORDER_AFTER:
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
        return self.turn_starts is not None and self.turn_starts(state)

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
        best = -math.inf if self.REPLY_FORCED and replies else margin(values, mover, self.sides)
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
        k = min(self.EXPAND_K, len(moves))
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
                if turns >= self.CUTOFF_TURNS:
                    return _to_rewards(self._cutoff_values(state), self._base, self.sides)
            if not self.PLAYOUT_TO_CUTOFF:
                break
            quick = self.policy(state) if self.policy is not None else None
            if quick is not None:
                state = state.apply_unchecked(quick)
                values = None
                continue
            moves = self.moves_of(state)
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
