"""The bots' contract (docs/bots.md): views only, legal moves, seeds, no search when forced.

Positions come from random games (moves drawn by :class:`tablero.core.Rng`), so every
failure names a position that can be rebuilt exactly.
"""

from __future__ import annotations

import dataclasses
import doctest
import json
import time

import pytest
import tablero.bots
import tablero.bots.greedy
import tablero.bots.lookahead
import tablero.bots.mcts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablero.bots import LEVELS, make_bot
from tablero.bots.evaluation import evaluator_for
from tablero.core import Rng, State, from_dict, make

# hard with a small iteration budget: deterministic and quick
SMALL = {"iterations": 24}


def bot(level: str, seed: int | str = 0):
    return make_bot(level, seed=seed, **(SMALL if level == "hard" else {}))


def random_position(players: int, seed: int, moves: int) -> State:
    """The position after up to ``moves`` random moves of game ``seed`` (not over)."""
    state = make("arribada", players=players, seed=seed)
    rng = Rng(seed).spawn()
    for _ in range(moves):
        legal = state.legal_moves()
        after = state.apply_unchecked(legal[rng.randbelow(len(legal))])
        if after.is_terminal():
            break
        state = after
    return state


def redealt(state: State, seed: int) -> State:
    """``state`` with everything its player to move cannot see dealt again: the other
    racks and the bag get the same tiles, differently shared out, and a new PRNG state."""
    data = json.loads(state.to_json())
    me = state.current_player
    pool = [v for v, count in enumerate(data["bag"], 1) for _ in range(count)]
    for q, rack in enumerate(data["racks"]):
        if q != me:
            pool.extend(rack)
    Rng(seed).shuffle(pool)
    for q, rack in enumerate(data["racks"]):
        if q != me:
            data["racks"][q] = sorted(pool[: len(rack)])
            del pool[: len(rack)]
    bag = [0] * 8
    for v in pool:
        bag[v - 1] += 1
    data["bag"] = bag
    data["rng"] = f"{Rng(seed + 1).next64():016x}"
    return from_dict(data)


# --- hidden information -------------------------------------------------------------


@pytest.mark.parametrize("players,seed,moves", [(2, 3, 40), (3, 8, 70), (4, 12, 90)])
def test_a_bot_sees_only_the_view(players, seed, moves):
    state = random_position(players, seed, moves)
    other = redealt(state, seed=99)
    me = state.current_player
    assert other.to_json() != state.to_json()
    assert [r for q, r in enumerate(other.racks) if q != me] != [
        r for q, r in enumerate(state.racks) if q != me
    ]
    assert other.view(me).to_json() == state.view(me).to_json()
    for level in LEVELS:
        a = bot(level, seed=7).choose(state.view(me))
        b = bot(level, seed=7).choose(other.view(me))
        assert a == b, level
        assert a in state.legal_moves() and a in other.legal_moves()


def test_a_bot_refuses_another_players_view():
    state = random_position(3, 5, 10)
    me = state.current_player
    with pytest.raises(ValueError, match="view of the player to move"):
        bot("medium").choose(state.view((me + 1) % 3))


# --- legality -----------------------------------------------------------------------

POSITION = st.tuples(
    st.integers(2, 4), st.integers(0, 10_000), st.integers(0, 260), st.integers(0, 1000)
)
FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("level", LEVELS)
@FEW
@given(POSITION)
def test_every_move_is_legal_in_the_true_state(level, position):
    players, seed, moves, bot_seed = position
    state = random_position(players, seed, moves)
    me = state.current_player
    move = bot(level, bot_seed).choose(state.view(me))
    assert move in state.legal_moves()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_whole_games_legally(players):
    state = make("arribada", players=players, seed=players)
    bots = [bot(LEVELS[(i + 1) % len(LEVELS)], seed=i) for i in range(players)]
    bots[0] = make_bot("hard", seed=0, iterations=6)
    steps = 0
    while not state.is_terminal():
        me = state.current_player
        state = state.apply(bots[me].choose(state.view(me)))  # apply checks legality
        steps += 1
        assert steps < 2000
    assert len(state.winners()) >= 1


# --- forced moves and determinism ---------------------------------------------------


def forced_position() -> State:
    for seed in range(50):
        state = make("arribada", players=2, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_moves()
            if len(legal) == 1:
                return state
            state = state.apply_unchecked(legal[rng.randbelow(len(legal))])
    raise AssertionError("no position with a single legal move found")


def test_a_single_legal_move_takes_no_search():
    state = forced_position()
    me = state.current_player
    for level in LEVELS:
        b = make_bot(level, seed=1, budget_ms=60_000)
        start = time.perf_counter()
        move = b.choose(state.view(me))
        assert time.perf_counter() - start < 0.5
        assert move == state.legal_moves()[0]
        assert b.stats.iterations == 0


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_position_give_the_same_move(level):
    state = random_position(2, 21, 30)
    view = state.view(state.current_player)
    first = bot(level, seed="s").choose(view)
    again = bot(level, seed="s")
    assert again.choose(view) == first
    assert again.choose(view) == first  # earlier decisions change nothing


class SteppingClock:
    """A ``time`` stand-in whose ``perf_counter()`` moves 10 ms at each reading: a search
    then meets its deadline after a known number of readings, however fast or loaded the
    machine is (a wall-clock bound here failed under load: timings go to bench/)."""

    STEP = 0.010

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def perf_counter(self) -> float:
        self.reads += 1
        self.now += self.STEP
        return self.now


def test_hard_iteration_budget_is_exact_and_time_budget_is_kept(monkeypatch):
    state = random_position(2, 4, 25)
    view = state.view(state.current_player)
    b = make_bot("hard", seed=3, iterations=40)
    b.choose(view)
    assert b.stats.iterations <= 40  # fewer when the choice is settled early
    clock = SteppingClock()
    monkeypatch.setattr(tablero.bots.mcts, "time", clock)
    monkeypatch.setattr(tablero.bots.lookahead, "time", clock)
    # An iteration cap far beyond what 150 ms allows: only the deadline can stop it early.
    t = make_bot("hard", seed=3, budget_ms=150, iterations=100_000)
    t.choose(view)
    # Stopped by its deadline: the clock read at each check of it, the last reading past
    # it (a share of the 150 ms, less for a choice among few moves), long before the cap.
    assert 1 <= t.stats.iterations < 1_000
    assert 3 <= clock.reads < 100
    assert t.stats.seconds <= 0.150 + 2 * SteppingClock.STEP


def test_hard_starts_from_mediums_choice_with_one_iteration():
    state = random_position(2, 6, 20)
    view = state.view(state.current_player)
    assert make_bot("hard", seed=2, iterations=1).choose(view) == bot("medium", 2).choose(view)


def test_easy_adds_noise_medium_does_not():
    state = random_position(2, 31, 20)
    view = state.view(state.current_player)
    mediums = {bot("medium", seed=s).choose(view) for s in range(6)}
    easies = {bot("easy", seed=s).choose(view) for s in range(6)}
    assert len(mediums) == 1
    assert len(easies) > 1


# --- levels, options, the evaluation lookup -------------------------------------------


def test_make_bot_refuses_unknown_levels_and_bad_budgets():
    with pytest.raises(ValueError, match="levels: random, easy, medium, hard"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="budget_ms"):
        make_bot("hard", budget_ms=0)
    with pytest.raises(ValueError, match="iterations"):
        make_bot("hard", iterations=0)


def test_the_strategy_is_looked_up_by_game_id_and_type():
    from tablero.arribada.evaluate import STRATEGY, ArribadaStrategy, evaluate
    from tablero.bots.evaluation import DEFAULT_STRATEGY, strategy_for
    from tablero.core import Strategy

    assert strategy_for("arribada") is STRATEGY
    assert isinstance(STRATEGY, ArribadaStrategy) and isinstance(STRATEGY, Strategy)
    assert strategy_for("no-such-game") is DEFAULT_STRATEGY
    assert evaluator_for("arribada") == STRATEGY.evaluate
    assert evaluator_for("no-such-game") == DEFAULT_STRATEGY.evaluate
    state = random_position(3, 2, 50)
    assert len(evaluate(state)) == 3
    assert evaluate(state.view(state.current_player)) is not None  # views evaluate too


def test_doctests():
    for module in (tablero.bots, tablero.bots.greedy):
        assert doctest.testmod(module).failed == 0


def test_bots_are_pure():
    """Bots run in Pyodide too: the standard library and the protocol only."""
    import ast
    from pathlib import Path

    root = Path(tablero.bots.__file__).parent
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top not in {"js", "pyodide", "pyscript", "random", "numpy"}, path
                assert not name.startswith("tablero.") or name == "tablero.core", path


# --- hard's sharp reply (docs/bots.md, "hard") -----------------------------------------


def _position_with_sharp_replies(players: int) -> State:
    """A position of a random game where the player to act has a claim or a capture."""
    from tablero.arribada.evaluate import sharp_replies

    for seed in range(200):
        for moves in (30, 45, 60, 75):
            state = random_position(players, seed, moves)
            if state.phase == "action" and sharp_replies(state):
                return state
    raise AssertionError("no position with a claim or capture found")


def test_the_sharp_reply_hook_is_the_games_and_empty_by_default():
    from tablero.arribada.evaluate import sharp_replies
    from tablero.bots.evaluation import strategy_for

    state = _position_with_sharp_replies(2)
    assert strategy_for("arribada").sharp_replies(state) == sharp_replies(state) != []
    arboretum = make("arboretum", players=2, seed=1)
    assert strategy_for("arboretum").sharp_replies(arboretum) == []  # no such hook there
    assert strategy_for("no-such-game").sharp_replies(arboretum) == []


@pytest.mark.parametrize("players", [2, 3])
def test_hard_scores_a_cutoff_after_the_next_players_best_sharp_reply(players):
    from tablero.arribada.evaluate import STRATEGY, evaluate, sharp_replies
    from tablero.bots.evaluation import margin
    from tablero.bots.mcts import MctsBot

    state = _position_with_sharp_replies(players)
    mover = state.current_player
    hard = make_bot("hard", seed=1, iterations=4)
    hard.choose(state.view(mover))  # binds the game's evaluation and hook
    assert isinstance(hard, MctsBot) and hard.replies == STRATEGY.sharp_replies
    before = state.to_json()
    got = hard._cutoff_values(state)
    assert state.to_json() == before  # the replies are tried on copies
    options = [evaluate(state)] + [evaluate(state.apply_unchecked(m)) for m in sharp_replies(state)]
    best = max(margin(v, mover) for v in options)
    assert margin(got, mover) == pytest.approx(best)
    assert got in options


def test_an_evaluation_module_that_fails_to_import_is_reported_not_ignored(tmp_path, monkeypatch):
    """A game without ``evaluate.py`` falls back to the scores; one whose ``evaluate.py``
    is broken raises, instead of silently playing without it."""
    import tablero
    from tablero.bots import evaluation

    game = tmp_path / "tablero" / "brokengame"
    game.mkdir(parents=True)
    (game / "__init__.py").write_text("")
    (game / "evaluate.py").write_text("import no_such_module_here\n")
    monkeypatch.setattr(tablero, "__path__", [*tablero.__path__, str(tmp_path / "tablero")])
    evaluation.strategy_for.cache_clear()
    try:
        with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
            evaluator_for("brokengame")
        assert evaluator_for("nogame") == evaluation.DEFAULT_STRATEGY.evaluate
        (game / "evaluate.py").write_text("STRATEGY = 'not a strategy'\n")
        (tmp_path / "tablero" / "badstrategy").symlink_to(game)
        with pytest.raises(TypeError, match="badstrategy.evaluate.STRATEGY"):
            evaluator_for("badstrategy")
    finally:
        evaluation.strategy_for.cache_clear()


# --- a game's search settings -------------------------------------------------------------


def test_a_games_search_settings_apply_to_its_decisions_only():
    """Día de Playa's settings give every decision the whole budget; Arribada (the
    defaults) keeps them, also after the same bot searched Día de Playa."""
    from tablero.bots.mcts import MctsBot
    from tablero.core import SearchSettings

    defaults = SearchSettings()
    hard = make_bot("hard", seed=1, iterations=4)
    assert isinstance(hard, MctsBot)
    hard.configure("diadeplaya")
    assert hard.budget_share(3) == 1.0
    hard.configure("arraial")
    assert hard.settings == dataclasses.replace(defaults, keep_tree=True)
    hard.configure("arribada")
    assert hard.settings == defaults and hard.settings.keep_tree is False
    assert hard.budget_share(3) == 3 / 20 and hard.budget_share(40) == 1.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        hard.settings.keep_tree = True  # type: ignore[misc]


def test_screening_overrides_go_over_the_games_settings_and_unknown_ones_are_refused():
    from tablero.bots.mcts import MctsBot

    hard = make_bot("hard", seed=1, iterations=4)
    assert isinstance(hard, MctsBot)
    hard.overrides = {"full_budget_moves": 5}
    hard.configure("diadeplaya")
    assert hard.budget_share(3) == 3 / 5
    assert hard.settings.lookahead  # the game's own settings stand under the overrides
    hard.overrides = {"FULL_BUDGET_MOVES": 4}  # bench/screen_hard.py's names
    hard.configure("diadeplaya")
    assert hard.budget_share(3) == 3 / 4
    hard.overrides = {"NO_SUCH_SETTING": 1}
    with pytest.raises(ValueError, match="NO_SUCH_SETTING"):
        hard.configure("arribada")


# --- what a game's strategy leaves at the defaults --------------------------------------


def test_a_game_without_keep_tree_keeps_no_tree_between_decisions():
    """Arribada's settings keep the defaults (``keep_tree`` off): after a decision the bot
    holds no subtree (Arraial's, which keeps it, is in its evaluation tests)."""
    from tablero.bots.mcts import MctsBot

    arribada = random_position(2, 5, 20)
    hard = make_bot("hard", seed=1, iterations=10)
    assert isinstance(hard, MctsBot)
    hard.choose(arribada.view(arribada.current_player))
    assert hard._kept is None


def test_a_game_without_a_bot_moves_hook_has_every_legal_move_considered():
    from tablero.bots.evaluation import considered_moves, strategy_for

    arribada = random_position(2, 5, 20)
    assert considered_moves(strategy_for("arribada"), arribada) == arribada.legal_moves()
