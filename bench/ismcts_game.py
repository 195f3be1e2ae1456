#!/usr/bin/env python3
"""A 2-player Tablero game as an OpenSpiel (pyspiel) game, for ``bench_ismcts.py``.

    UV_PROJECT_ENVIRONMENT=/tmp/ismcts-venv python3 -m uv sync --frozen --group ismcts
    UV_PROJECT_ENVIRONMENT=/tmp/ismcts-venv python3 -m uv run --frozen --group ismcts \\
        python bench/ismcts_game.py [--game arboretum] [--option mode=competitive] [--sims 20]

Run as a script it checks the wrapper (see :func:`check`).  OpenSpiel is in the
``ismcts`` dependency group of ``pyproject.toml``, which ``uv sync`` and CI never
install: the commands above sync it into an environment of its own.

The game is registered as ``tablero``; ``pyspiel.load_game("tablero(game=arribada)")``
or :func:`load` give it.  Parameters: ``game`` (a registered Tablero id) and
``options`` (``"key:value;key:value"``, e.g. ``mode:competitive`` for Día de Playa;
OpenSpiel's game strings keep ``,`` and ``=`` for their own parameters).
Everything comes from the engine's protocol (``docs/api.md``):

* **Chance nodes** are the engine's chance steps.  Every state here is a table without a
  dealer (``make(..., dealer=None)``, or a determinization whose ``rng`` is set to
  ``None``), so each step waits for ``deal``: ``chance_outcomes()`` are the step's
  ``outcomes`` with probabilities ``weights / sum(weights)``, and the chance action is an
  index into them.  A *deferrable* step (the mover plays on while it waits) is a chance
  node only once no move is left to the mover.
* **Actions** are indices into the state's move list: the moves the bots consider
  (``tablero.bots.evaluation.considered_moves``: the legal moves, less what the game's
  strategy never plays, i.e. Arraial's ``back``, which undoes a take for free and would
  let a rollout loop), in the engine's deterministic order.  That list is a function of
  the acting player's information (``check`` verifies it on resampled worlds), so an
  action index means the same move in every world ISMCTS samples for that player.
* **Information states** are perfect-recall strings built from the engine's views:
  ``view(player).to_json()`` at the state where this chain of states began (the table's
  start, the benchmark's root view, or a resample) followed by everything the player
  has seen since: each move as the player saw it (``move_as_seen``) and each chance
  outcome the player sees (``?`` for one it does not).  A view shows exactly what the
  player may know, and a view advanced by what its seat sees equals the table's view
  (docs/api.md, "Following a game from one seat's view"), so two states of one search
  get the same string exactly when the player cannot tell them apart.  (A resample keeps
  the resampling player's string and starts the others' afresh in the new world, so the
  strings compare within one search, which is how ISMCTS uses them.)
  ``observation_string`` is ``view(player).to_text()``, the notation without history.
* **Resampling** (``resample_from_infostate``) is the view's ``determinize`` with the
  state's own ``Rng``: the hidden parts dealt again at random, consistently with the
  player's view.
* **Returns** are +1 for a sole winner, -1 for the other seat and 0 each for a shared
  win: the win is what the benchmark scores and what ``hard`` searches for (its reward at
  the end of a game is the win share), and a leaf evaluator in ``[-1, 1]`` (see
  ``bench_ismcts.py``) is then on the scale of the final results, which keeps the UCT
  constant's meaning.  (A score difference would make ISMCTS play for a large margin, not
  for the win, and its scale would differ from game to game.)

:func:`root_state` gives ISMCTS a decision to search from a view alone (see its
docstring): the hidden parts of the true state never reach it.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,unused-ignore]
from tablero.bots.evaluation import considered_moves, strategy_for
from tablero.core import PLAYERS, Rng, State, game_ids, get_game, make

__all__ = ["TableroGame", "TableroState", "format_options", "load", "parse_options", "root_state"]

NAME = "tablero"
#: Bounds OpenSpiel asks for up front; a state past them raises (the largest seen:
#: about 260 moves in Arribada, 80 cards in a deal).
MAX_ACTIONS = 1024
MAX_CHANCE_OUTCOMES = 1024
MAX_GAME_LENGTH = 5000

_GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="Tablero (2-player games of this repository's engines)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"game": "arboretum", "options": ""},
)


def parse_options(text: str) -> dict[str, Any]:
    """``"mode:competitive;first_player:0"`` (or with ``=`` and ``,``) as ``make``'s
    keyword options (an integer value as an int, ``true``/``false`` as booleans, anything
    else as text)."""
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.replace(",", ";").split(";"))):
        key, sep, value = part.replace("=", ":").partition(":")
        if not sep:
            raise ValueError(f"option {part!r} is not key:value")
        v: Any = value.strip()
        if v.lstrip("-").isdigit():
            v = int(v)
        elif v in ("true", "false"):
            v = v == "true"
        out[key.strip()] = v
    return out


class TableroGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``params["game"]`` at 2 players, with ``params["options"]``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id = str(params.get("game", "arboretum"))
        if game_id not in game_ids():
            raise ValueError(f"unknown game {game_id!r}: one of {', '.join(game_ids())}")
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)
        self.game_id = game_id
        self.title = get_game(game_id).title
        self.options = parse_options(str(params.get("options", "")))
        self.strategy = strategy_for(game_id)
        make(game_id, players=2, dealer=None, **self.options)  # the options, checked now

    def new_initial_state(self) -> TableroState:
        """A table without a dealer: its set-up is a run of chance nodes."""
        table = make(self.game_id, players=2, dealer=None, **self.options)
        return TableroState(self, table, Rng(0))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """For OpenSpiel's C++ side: strings only (no tensors)."""
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return _Observer(perfect_recall)


class _Observer:
    """OpenSpiel's observer contract, strings only: the information state string with
    perfect recall, else the observation string."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: TableroState, player: int) -> None:
        pass

    def string_from(self, state: TableroState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


class TableroState(pyspiel.State):  # type: ignore[misc]
    """A Tablero state seen by OpenSpiel.

    ``engine`` is a full state without a dealer, or, for the root of a search only
    (:func:`root_state`), the acting player's view: then the state answers what that
    player may know (its moves, its information state, a resample) and refuses the rest.
    """

    def __init__(
        self,
        game: TableroGame,
        engine: State,
        rng: Rng,
        keys: list[str | None] | None = None,
    ) -> None:
        super().__init__(game)
        self._game = game
        self._rng = rng
        #: each player's information state at the chain's start (None: not yet built)
        self._keys: list[str | None] = keys if keys is not None else [None, None]
        #: ... where it was built from (the chain's first state)
        self._start = engine
        #: each player's observations since then
        self._trails: list[list[str]] = [[], []]
        self._set_engine(engine)

    def _set_engine(self, engine: State) -> None:
        self._s = engine
        self._moves: list[Any] | None = None
        chance = engine.chance
        if chance is not None and engine.legal_moves():
            chance = None  # a deferrable step: the mover plays on first
        self._chance = chance
        if chance is not None:
            self._player = int(pyspiel.PlayerId.CHANCE)
        elif engine.is_terminal():
            self._player = int(pyspiel.PlayerId.TERMINAL)
        else:
            assert engine.current_player is not None
            self._player = engine.current_player

    @property
    def engine(self) -> State:
        """The Tablero state underneath (a view at a search's root)."""
        return self._s

    def _view_only(self) -> bool:
        return self._s.viewer is not None

    def moves(self) -> list[Any]:
        """The moves that the actions index (see the module's docstring)."""
        if self._moves is None:
            self._moves = considered_moves(self._game.strategy, self._s)
        return self._moves

    def move(self, action: int) -> Any:
        """The Tablero move of ``action``."""
        return self.moves()[action]

    # --- the pyspiel.State contract ---------------------------------------------------

    def current_player(self) -> int:
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        n = len(self.moves())
        if n > MAX_ACTIONS:
            raise ValueError(f"{n} moves: more than MAX_ACTIONS ({MAX_ACTIONS})")
        return list(range(n))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        chance = self._chance
        assert chance is not None, "not a chance node"
        if len(chance.outcomes) > MAX_CHANCE_OUTCOMES:
            raise ValueError(f"{len(chance.outcomes)} outcomes: more than MAX_CHANCE_OUTCOMES")
        total = sum(chance.weights)
        return [(i, w / total) for i, w in enumerate(chance.weights)]

    def _apply_action(self, action: int) -> None:
        if self._view_only():
            raise RuntimeError("a search's root is a view: resample it before playing")
        chance = self._chance
        if chance is not None:
            outcome = chance.outcomes[action]
            for q, trail in enumerate(self._trails):
                seen = chance.seen_by is None or q in chance.seen_by
                trail.append(f"~{chance.kind} {outcome if seen else '?'}")
            self._set_engine(self._s.deal(outcome))
            return
        move = self.moves()[action]
        mover = self._s.current_player
        assert mover is not None
        for q, trail in enumerate(self._trails):
            text = str(move) if q == mover else self._s.move_as_seen(move, q)
            trail.append(f"{PLAYERS[mover]} {text}")
        self._set_engine(self._s.apply_unchecked(move))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            assert self._chance is not None
            return f"{self._chance.kind} {self._chance.outcomes[action]}"
        return str(self.moves()[action])

    def is_terminal(self) -> bool:
        return self._chance is None and self._s.is_terminal()

    def returns(self) -> list[float]:
        if self._view_only():
            raise RuntimeError("a search's root is a view: it has no returns")
        if not self.is_terminal():
            return [0.0, 0.0]
        winners = self._s.winners()
        if len(winners) != 1:
            return [0.0, 0.0]
        return [1.0 if p == winners[0] else -1.0 for p in range(2)]

    def information_state_string(self, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        key = self._keys[player]
        if key is None:
            if self._start.viewer is not None and self._start.viewer != player:
                raise RuntimeError("a search's root is a view: other seats' information is unknown")
            key = self._keys[player] = self._start.view(player).to_json()
        trail = self._trails[player]
        return key + "\n" + "\n".join(trail) if trail else key

    def observation_string(self, player: int | None = None) -> str:
        if player is None:
            player = self.current_player()
        view = self._s.view(player)
        return str(view.to_text())

    def resample_from_infostate(self, player: int, prob_sampler: Any = None) -> TableroState:
        """A world ``player`` cannot tell from this one: the view's ``determinize`` with
        this state's ``Rng`` (``prob_sampler``, OpenSpiel's, is not used)."""
        view = self._s.view(player)
        world = view.determinize(self._rng)
        world.rng = None  # no dealer: every chance step to come is a chance node
        keys: list[str | None] = [None, None]
        keys[player] = self.information_state_string(player)
        return TableroState(self._game, world, self._rng, keys=keys)

    def clone(self) -> TableroState:
        return self.__deepcopy__({})

    def __deepcopy__(self, memo: dict[int, Any]) -> TableroState:
        # The engine's states are values (a move returns a new one): shared, not copied.
        s: TableroState = type(self).__new__(type(self))
        pyspiel.State.__init__(s, self._game)
        s._game = self._game
        s._rng = self._rng
        s._keys = self._keys[:]
        s._start = self._start
        s._trails = [t[:] for t in self._trails]
        s._s = self._s
        s._moves = self._moves
        s._chance = self._chance
        s._player = self._player
        return s

    def __str__(self) -> str:
        return str(self._s.to_text())


pyspiel.register_game(_GAME_TYPE, TableroGame)


def format_options(options: dict[str, Any]) -> str:
    """``options`` as the ``options`` parameter: ``k:v;k:v`` (OpenSpiel's game strings
    split on ``,`` and ``=``); a value must be a single one (not a set)."""
    for k, v in options.items():
        if isinstance(v, list | tuple | set | frozenset):
            raise ValueError(f"option {k}: a set of values is not supported here")
    return ";".join(
        f"{k}:{str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()
    )


def load(game_id: str, options: dict[str, Any] | str | None = None) -> TableroGame:
    """The registered game for ``game_id`` with ``options`` (a dict or ``"k=v,k=v"``)."""
    if not isinstance(options, dict):
        options = parse_options(options or "")
    game = pyspiel.load_game(NAME, {"game": game_id, "options": format_options(options)})
    assert isinstance(game, TableroGame)
    return game


def root_state(game: TableroGame, view: State, rng: Rng) -> TableroState:
    """The state ISMCTS searches from, for the player to move in ``view``.

    It holds ``view`` (``state.view(player)``) and nothing else: the hidden parts of the
    true state were replaced by public facts when the view was made, so they are not in
    the object at all.  Its moves, its information state (``view.to_json()``) and its
    resamples (``view.determinize(rng)``) come from the view; asked to play a move, for
    its returns or for another seat's information, it raises.  ISMCTS (unmodified) only
    reads the root's moves and key and plays in the worlds it resamples."""
    if view.viewer is None or view.viewer != view.current_player:
        raise ValueError("give the view of the player to move")
    return TableroState(game, view, rng)


# --- the check --------------------------------------------------------------------------


def check(game: TableroGame, games: int, sims: int, seed: int) -> None:
    """The wrapper checked on ``games`` random games:

    1. OpenSpiel's own ``random_sim_test`` (legal actions, chance outcomes summing to 1,
       clones, returns, information and observation strings at every node);
    2. at every decision, worlds resampled for each player from the state: the same
       information state string and the same moves as the state, a view identical to
       the player's (``to_json``), and the string equal to the one a root built from the
       view alone gives; the other player's string may differ;
    3. a few moves of each random game continued in two resampled worlds: the player's
       strings stay equal in both worlds exactly when its views do;
    4. one ISMCTS decision with ``sims`` simulations from a root view.
    """
    t0 = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=games, serialize=False, verbose=False)
    print(f"random_sim_test: {games} games, {time.perf_counter() - t0:.1f} s")

    rng = Rng(seed)
    decisions = 0
    pairs = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                k = rng.random()
                i = 0
                while i < len(probs) - 1 and k >= probs[i]:
                    k -= probs[i]
                    i += 1
                state.apply_action(actions[i])
                continue
            p = state.current_player()
            decisions += 1
            view = state.engine.view(p)
            root = root_state(game, view, Rng(rng.next64()))
            assert root.legal_actions() == state.legal_actions()
            for q in range(2):
                world = state.resample_from_infostate(q, None)
                assert world.information_state_string(q) == state.information_state_string(q)
                assert world.engine.view(q).to_json() == state.engine.view(q).to_json()
                if q == p:
                    assert [str(m) for m in world.moves()] == [str(m) for m in state.moves()]
            w1 = root.resample_from_infostate(p, None)
            w2 = root.resample_from_infostate(p, None)
            assert w1.information_state_string(p) == view.to_json()
            assert [str(m) for m in w1.moves()] == [str(m) for m in root.moves()]
            # the same random line in two worlds: equal strings <=> equal views
            line = Rng(rng.next64())
            for _step in range(6):
                if w1.is_terminal() or w2.is_terminal():
                    break
                if w1.is_chance_node() or w2.is_chance_node():
                    if not (w1.is_chance_node() and w2.is_chance_node()):
                        break
                    for w in (w1, w2):
                        acts = [a for a, _ in w.chance_outcomes()]
                        w.apply_action(acts[line.randbelow(len(acts))])
                else:
                    legal = w1.legal_actions()
                    if w2.legal_actions() != legal:
                        break
                    a = legal[line.randbelow(len(legal))]
                    w1.apply_action(a)
                    w2.apply_action(a)
                for q in range(2):
                    same_key = w1.information_state_string(q) == w2.information_state_string(q)
                    same_view = w1.engine.view(q).to_json() == w2.engine.view(q).to_json()
                    assert same_key <= same_view, "equal strings for different views"
                    if q == p:
                        pairs += 1
                        # p saw the same moves and the outcomes p sees were drawn alike
                        # only sometimes; equal views must give equal strings
                        assert same_view <= same_key, "different strings for equal views"
            actions = state.legal_actions()
            state.apply_action(actions[rng.randbelow(len(actions))])
    print(f"resampling and keys: {decisions} decisions, {pairs} paired steps: ok")

    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found,unused-ignore]

    table = make(game.game_id, players=2, seed=seed, **game.options)
    while len(considered_moves(game.strategy, table)) < 2:
        table = table.apply(table.legal_moves()[0])
    p = table.current_player
    assert p is not None
    root = root_state(game, table.view(p), Rng(seed))
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed)),
        uct_c=2.0,
        max_simulations=sims,
        random_state=np.random.RandomState(seed),
        allow_inconsistent_action_sets=False,
    )
    t0 = time.perf_counter()
    action = bot.step(root)
    move = root.move(int(action))
    assert move in table.legal_moves()
    print(f"ISMCTS, {sims} simulations: {move} in {time.perf_counter() - t0:.2f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="arboretum")
    ap.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a game option (repeatable), e.g. mode=competitive",
    )  # fmt: skip
    ap.add_argument("--games", type=int, default=3, help="random games to check")
    ap.add_argument("--sims", type=int, default=20, help="simulations of the ISMCTS decision")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = load(args.game, ";".join(args.option))
    check(game, args.games, args.sims, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
