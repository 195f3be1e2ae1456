"""The shared core: PRNG, registry, errors, purity of the engines, doctests."""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import pathlib
import pkgutil

import pytest
import tablero.core
from tablero.core import (
    CorruptDataError,
    IllegalMoveError,
    InvalidMoveError,
    PhasedState,
    Rng,
    TableroError,
    from_json,
    from_text,
    game_ids,
    make,
    replay,
)
from tablero.core.jsonutil import require_name

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE_DIRS = [p for p in (ROOT / "pyapp").iterdir() if p.name not in ("web",)]


def test_splitmix64_reference_values():
    # SplitMix64's published first outputs for seed 0.
    rng = Rng(0)
    assert rng.next64() == 0xE220A8397B1DCDAF
    assert rng.next64() == 0x6E789E6AA1B965F4


def test_rng_state_round_trip_and_text_seeds():
    rng = Rng("beach")
    rng.next64()
    clone = Rng.from_state(rng.state)
    assert [rng.randbelow(1000) for _ in range(20)] == [clone.randbelow(1000) for _ in range(20)]
    assert Rng("beach").state == Rng("beach").state != Rng("Beach").state


def test_randbelow_is_uniform_enough():
    rng = Rng(5)
    counts = [0] * 6
    for _ in range(60000):
        counts[rng.randbelow(6)] += 1
    assert all(9500 < c < 10500 for c in counts), counts


def test_errors_are_value_errors():
    for cls in (InvalidMoveError, IllegalMoveError, CorruptDataError):
        assert issubclass(cls, ValueError)


def test_registry_lists_and_rejects():
    assert "arribada" in game_ids() and "arboretum" in game_ids()
    with pytest.raises(ValueError, match="unknown game"):
        make("chess", players=2, seed=1)
    with pytest.raises(ValueError, match="2 to 4 players"):
        make("arribada", players=5, seed=1)
    with pytest.raises(ValueError, match="no option"):
        make("arribada", players=2, seed=1, colour="red")
    with pytest.raises(ValueError, match="variant"):
        make("arribada", players=2, seed=1, variant="expert")
    with pytest.raises(CorruptDataError, match="unknown game"):
        from_text("chess", "x")
    with pytest.raises(CorruptDataError, match="which game"):
        from_json('{"version": 1}')


@pytest.mark.parametrize("cls", [InvalidMoveError, IllegalMoveError, CorruptDataError])
def test_each_error_class_is_a_value_error(cls):
    assert issubclass(cls, ValueError)
    assert issubclass(cls, TableroError)
    with pytest.raises(ValueError):
        raise cls("x")


def test_unknown_game():
    with pytest.raises(CorruptDataError, match="unknown game 'chess'"):
        from_text("chess", "anything")
    data = make("arribada", players=2).to_dict()
    data["game"] = "chess"
    with pytest.raises(CorruptDataError, match="unknown game 'chess'"):
        from_json(json.dumps(data))
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        make("chess", players=2)


def test_same_seed_same_game_different_seed_different_game():
    a = make("arribada", players=3, seed=11)
    assert a == make("arribada", players=3, seed=11)
    assert a.to_json() != make("arribada", players=3, seed=12).to_json()


def _imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("dist", ENGINE_DIRS, ids=lambda p: p.name)
def test_engines_are_pure(dist):
    """Only tablero.web may touch the browser; engines use the standard library only."""
    for path in dist.rglob("*.py"):
        bad = _imports(path) & {"js", "pyodide", "pyscript", "random", "numpy"}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def _modules(package):
    yield package
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        yield importlib.import_module(info.name)


#: The core and every game's engine package (its doctests: examples that must run).
ENGINES = [tablero.core, *(importlib.import_module(f"tablero.{g}") for g in game_ids())]


@pytest.mark.parametrize(
    "module", [m for pkg in ENGINES for m in _modules(pkg)], ids=lambda m: m.__name__
)
def test_module_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("doc", sorted((ROOT / "docs").glob("*.md")), ids=lambda p: p.name)
def test_docs_examples_run(doc):
    """Every ``>>>`` example in docs/ runs and prints what the doc says."""
    result = doctest.testfile(str(doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("game", game_ids())
def test_phase_is_the_alias_of_decision_on_every_game(game):
    """``state.phase``, the first name of ``state.decision`` (docs/api.md: names are added,
    never changed), reads and writes ``decision``; the JSON keeps its ``"phase"`` key."""
    state = make(game, players=2, seed=7)
    rng = Rng(7)
    for _ in range(12):
        assert state.phase == state.decision and isinstance(state.decision, str)
        assert json.loads(state.to_json())["turn"]["phase"] == state.decision
        if state.is_terminal():
            break
        moves = state.legal_moves()
        state = state.apply_unchecked(moves[rng.randbelow(len(moves))])
    copy = from_json(state.to_json())  # a state of its own to write to
    copy.phase = "over"
    assert copy.decision == "over" and copy.is_terminal() and copy.current_player is None
    copy.decision = state.decision
    assert copy.phase == state.decision and copy == state


@pytest.mark.parametrize("game", ["arboretum", "arraial", "diadeplaya"])
def test_a_copy_written_from_the_declared_fields_shares_only_what_moves_replace(game):
    """A game that declares ``COPIED_FIELDS`` gets its ``_copy`` from the core: every slot
    carried over, the declared ones (and the history) copied a level deep, the rest the
    very same objects; applying a move leaves the position it came from unchanged."""
    state = make(game, players=2, seed=3)
    cls = type(state)
    assert cls.COPIED_FIELDS and cls._copy.__code__.co_filename == f"<{cls.__name__}._copy>"
    copy = state._copy()
    assert copy == state and type(copy) is cls
    for name in cls.__slots__:
        same = getattr(copy, name) is getattr(state, name)
        deep = name in cls.COPIED_FIELDS or name == "history_"
        assert same != deep, name
    before = state.to_json()
    state.apply(state.legal_moves()[0])
    assert state.to_json() == before


def test_copied_fields_must_name_slots():
    """A field named in ``COPIED_FIELDS`` that is not a slot is a mistake the class's
    definition reports (a copy that silently skipped it would share what a move edits)."""
    with pytest.raises(TypeError, match="COPIED_FIELDS names no slot"):

        class Broken(PhasedState):
            __slots__ = ("n", "player", "decision", "score", "rng", "viewer_", "history_")
            COPIED_FIELDS = ("scores",)


def test_a_kind_without_a_check_is_legal_whenever_its_decision_is_pending():
    """A move kind with a play and no check of its own (Arribada's ``decline``) is legal
    exactly when its decision is pending; at another decision it is "not now"."""
    state, rng, seen = make("arribada", players=2, seed=1), Rng(1), 0
    while not state.is_terminal() and seen < 3:
        decline = state.read_move("decline")
        reason = state.illegal_reason(decline)
        if state.decision == "extra":
            assert reason is None and decline in state.legal_moves()
            seen += 1
        else:
            assert reason is not None and "not possible now" in reason
        moves = state.legal_moves()
        state = state.apply(moves[rng.randbelow(len(moves))])
    assert seen, "no game reached the decision a claimed 2 gives"


def test_require_name_reads_a_name_or_says_what_one_looks_like():
    table = {"T2": 5}
    assert require_name(table, "T2", "a card", "a card code (like T2)") == 5
    for bad in ("T9", 5, None, ["T2"]):
        with pytest.raises(CorruptDataError, match=r"a card: .* is not a card code \(like T2\)"):
            require_name(table, bad, "a card", "a card code (like T2)")


def test_a_table_without_a_dealer_waits_and_refuses_what_it_cannot_be():
    """``dealer=None``: no seed, the set-up's first step waiting; a seed or another
    dealer is refused; such a table is not replayed, and its JSON is not read back."""
    table = make("arboretum", players=2, dealer=None)
    assert table.setup["seed"] is None and table.chance is not None
    assert table.chance.kind == "first_player" and table.chance.outcomes == ("A", "B")
    with pytest.raises(ValueError, match="no seed"):
        make("arboretum", players=2, dealer=None, seed=4)
    with pytest.raises(ValueError, match="dealer is 'seeded' or None"):
        make("arboretum", players=2, dealer="mine")  # type: ignore[arg-type]
    with pytest.raises(CorruptDataError, match="no recorded seed"):
        replay("arboretum", table.setup, [])
    with pytest.raises(CorruptDataError, match="waiting for a chance step"):
        from_json(table.to_json())
    with pytest.raises(IllegalMoveError, match="nothing to deal"):
        make("arboretum", players=2, seed=1).deal("A")


def test_views_share_the_masked_entries_of_earlier_views():
    """A view masks another seat's history entry once: the next state's view holds the
    same masked object (what the app's log lines are kept by), still masked, and the
    seat's own entries are the state's own."""
    state = make("arboretum", players=2, seed=5)
    rng = Rng(3)
    while not any(
        e["player"] == 0
        and any(ev["type"] == "draw" and ev["source"] == "deck" for ev in e["events"])
        for e in state.history
    ):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randbelow(len(legal))])
    first = state.view(1)
    legal = state.legal_moves()
    later = state.apply(legal[0]).view(1)
    for n, entry in enumerate(state.history):
        seen, again = first.history[n], later.history[n]
        assert again is seen, f"entry {n} masked again"
        if entry["player"] == 1:
            assert seen is entry
        else:
            draws = [ev for ev in seen["events"] if ev["type"] == "draw" and ev["source"] == "deck"]
            assert all(ev["card"] is None for ev in draws)
            assert seen == state._mask_entry(entry, 1)
