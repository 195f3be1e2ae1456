"""Property tests over random Arribada games (hypothesis).

Each example is a full game, ``(seed, players, variant)`` drawn by hypothesis, whose
moves are chosen with :class:`tablero.core.Rng` seeded from the same seed, so every
failure names a game that can be replayed exactly.  The invariants:

* every game ends, within a bounded number of steps;
* the 110 tiles are always all accounted for, value by value (a wild is counted as
  the tile it was before its capture); shells on the board + in supply stay 26/24/20;
* every place and claim scores what ``brute_groups`` (an independent brute-force
  reading of the rules) says, and at the end exactly its stranded tiles are removed;
* JSON and notation round trips; ``apply`` never mutates; same seed + same moves give
  the same game; the legal moves are duplicate-free, deterministic and closed (every
  listed move applies, every other move of the full move space is refused); editing
  ``to_dict()``'s result or ``from_dict()``'s input never changes a state;
* a view depends only on what its player may know, and a determinized view is a full,
  playable state with the same public facts.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support import brute_groups as bg
from support import property_helpers as ph
from support.property_helpers import GAME_SETTINGS, check_view_ignores_hidden, where
from tablero.arribada import Capture, Claim, Place
from tablero.core import IllegalMoveError, Rng, from_dict, from_json, from_text, make
from tablero.core import replay as core_replay

# A game puts at most 110 tiles and, by capture, turns at most that many into wilds;
# a turn is at most ~25 decisions.  Random games take 100-250 steps: 5000 means "never".
MAX_STEPS = 5000

# The box, from the rulebook (not from the engine's data module).
SUPPLY = {1: 15, 2: 15, 3: 15, 4: 15, 5: 15, 6: 15, 7: 10, 8: 10}
SHELLS = {2: 26, 3: 24, 4: 20}
WILD = bg.WILD

# No "explain" phase: it replays whole games many times over when a test fails.


@dataclass(frozen=True)
class Spec:
    seed: int
    players: int
    variant: str

    def new_state(self) -> Any:
        return make("arribada", players=self.players, seed=self.seed, variant=self.variant)

    def move_rng(self) -> Rng:
        return Rng(f"moves {self.seed}")

    def __str__(self) -> str:
        return f"seed={self.seed} players={self.players} variant={self.variant}"


specs = st.builds(
    Spec,
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    variant=st.sampled_from(["standard", "beginner"]),
)


# --- playing ------------------------------------------------------------------------


def choose(state: Any, moves: list[Any], rng: Rng) -> Any:
    """A random move, biased towards building groups and capturing: uniform play
    almost never makes a sequence or a set, and then scoring goes untested."""
    roll = rng.randbelow(6)
    if roll == 0:
        return moves[rng.randbelow(len(moves))]
    if roll == 1:
        captures = [m for m in moves if isinstance(m, Capture)]
        if captures:
            return captures[rng.randbelow(len(captures))]
    p = state.current_player
    size = state.board.size
    fitting, near = [], []
    for m in moves:
        if not isinstance(m, (Place, Claim)):
            continue
        cell = m.row * size + m.col
        v = m.value if isinstance(m, Place) else state.values[cell]
        mine = [state.values[x] for x in bg.adjacent(size, cell) if state.owners[x] == p]
        if mine:
            near.append(m)
            if any(w == WILD or abs(w - v) <= 1 for w in mine):
                fitting.append(m)
    for pool in (fitting, near, moves):
        if pool:
            return pool[rng.randbelow(len(pool))]
    raise AssertionError("no move to choose from")


def play(spec: Spec, visit: Callable[[int, Any, Any], None] | None = None) -> tuple[Any, list[str]]:
    """Play ``spec``'s game to the end; ``visit(step, state, move)`` sees each step."""
    return ph.play(spec, choose, MAX_STEPS, visit)


# --- invariants of one position ------------------------------------------------------


def check_tiles(s: Any, origins: dict[int, int], removed_origins: list[int], why: str) -> None:
    """All 110 tiles, value by value: bag + racks + display + board + removed."""
    assert s.bag is not None and sum(s.bag) == s.bag_count, f"[tiles] bag_count{why}"
    counts = Counter({v: s.bag[v - 1] for v in range(1, 9)})
    for rack in s.racks:
        counts.update(rack)
    counts.update(v for v in s.display if v != 0)
    for cell, v in enumerate(s.values):
        if v == WILD:
            assert cell in origins, f"[tiles] wild on {cell} never captured{why}"
            counts[origins[cell]] += 1
        elif v != 0:
            counts[v] += 1
    removed = [v for r in s.removed for v in r]
    assert removed.count(WILD) == len(removed_origins), f"[tiles] removed wilds{why}"
    counts.update(v for v in removed if v != WILD)
    counts.update(removed_origins)
    assert set(counts) <= set(SUPPLY), f"[tiles] unknown values {counts}{why}"
    assert dict(counts) == {v: c for v, c in SUPPLY.items() if c}, (
        f"[tiles] counts by value {sorted(counts.items())} != box {sorted(SUPPLY.items())}{why}"
    )
    assert sum(counts.values()) == 110


def check_shells(s: Any, why: str) -> None:
    for p in range(s.num_players):
        on_board = sum(1 for o in s.owners if o == p)
        assert s.shells[p] + on_board == SHELLS[s.num_players], (
            f"[shells] player {p}: {s.shells[p]} in supply + {on_board} on the board "
            f"!= {SHELLS[s.num_players]}{why}"
        )


def check_round_trips(s: Any, why: str) -> None:
    j = s.to_json()
    assert from_json(j).to_json() == j, f"[json round trip]{why}"
    t = s.to_text()
    back = from_text("arribada", t).to_text()
    assert back == t, f"[notation round trip] read back as:\n{back}{why}"


def check_legal_list(s: Any, moves: list[Any], why: str) -> None:
    texts = [str(m) for m in moves]
    dups = [t for t, c in Counter(texts).items() if c > 1]
    assert not dups and len(set(moves)) == len(moves), f"[legal moves] duplicates {dups}{why}"
    assert s.legal_moves() == moves, f"[legal moves] a second call gives another list{why}"
    again = from_json(s.to_json()).legal_moves()
    assert again == moves, f"[legal moves] the JSON copy lists other moves{why}"
    for m in moves:
        assert s.parse_move(str(m)) == m, f"[legal moves] {m} does not parse back{why}"


# --- invariants of one step ------------------------------------------------------------


def board_after(s: Any, move: Any, events: list[dict[str, Any]]) -> tuple[list[int], list[int]]:
    """The board right after ``move``'s action, before any end-of-game removal,
    worked out from the position before it (spawned nido tiles are read off the
    events: they are random draws)."""
    values, owners = s.values[:], s.owners[:]
    size = s.board.size
    p = s.current_player
    if isinstance(move, (Place, Claim, Capture)):
        cell = move.row * size + move.col
        owners[cell] = p
        if isinstance(move, Place):
            values[cell] = move.value
        elif isinstance(move, Capture):
            values[cell] = WILD
    names = {bg.cell_name(size, c): c for c in range(size * size)}
    for e in events:
        if e["type"] == "spawn":
            values[names[e["cell"]]] = e["value"]
    return values, owners


def check_scoring(s: Any, move: Any, events: list[dict[str, Any]], why: str) -> None:
    """A place or claim scores what the brute-force finder says; nothing else scores."""
    got = [e for e in events if e["type"] == "score"]
    if not isinstance(move, (Place, Claim)):
        assert not got, f"[scoring] {move} is no place or claim, yet scored {got}{why}"
        return
    size = s.board.size
    cell = move.row * size + move.col
    values, owners = board_after(s, move, events)
    seq, st_ = bg.tile_points(values, owners, cell)
    if seq == 0 and st_ == 0:
        assert not got, f"[scoring] the finder sees no group, the engine scored {got}{why}"
        return
    want = {
        "type": "score",
        "player": s.current_player,
        "cell": bg.cell_name(size, cell),
        "value": values[cell],
        "sequence": seq,
        "set": st_,
    }
    assert got == [want], f"[scoring] engine {got}, brute-force finder {[want]}{why}"


def check_game_end(s: Any, move: Any, after: Any, events: list[dict[str, Any]], why: str) -> None:
    """Exactly the finder's stranded tiles are removed, each costing its face value."""
    values, owners = board_after(s, move, events)
    size = s.board.size
    cells = bg.stranded(values, owners)
    want = sorted(
        (owners[c], bg.cell_name(size, c), values[c], -bg.stranded_penalty(values[c]))
        for c in cells
    )
    got = sorted(
        (e["player"], e["cell"], e["value"], e["points"]) for e in events if e["type"] == "stranded"
    )
    assert got == want, f"[stranded] engine removed {got}\n  brute-force finder says {want}{why}"
    for c in range(size * size):
        expect = (0, -1) if c in cells else (values[c], owners[c])
        assert (after.values[c], after.owners[c]) == expect, (
            f"[stranded] {bg.cell_name(size, c)} is {(after.values[c], after.owners[c])} "
            f"after the end, expected {expect}{why}"
        )
    for p in range(s.num_players):
        lost = [values[c] for c in cells if owners[c] == p]
        assert sorted(after.removed[p]) == sorted(s.removed[p] + lost), f"[stranded] removed{why}"


def check_score_bookkeeping(s: Any, after: Any, events: list[dict[str, Any]], why: str) -> None:
    """Every change of a score is explained by a score, stranded or majority event."""
    delta = [0] * s.num_players
    for e in events:
        if e["type"] == "score":
            delta[e["player"]] += e["sequence"] + e["set"]
        elif e["type"] == "stranded":
            delta[e["player"]] += e["points"]
        elif e["type"] == "majority":
            for p, x in enumerate(e["points"]):
                delta[p] += x
    moved = [b - a for a, b in zip(s.scores(), after.scores(), strict=True)]
    assert moved == delta, f"[score bookkeeping] scores moved {moved}, events say {delta}{why}"


# --- the tests ----------------------------------------------------------------------


@settings(GAME_SETTINGS, max_examples=25)
@given(spec=specs)
def test_random_game_invariants(spec: Spec) -> None:
    """One loop over a whole game checks every per-step invariant (see the module doc)."""
    state = spec.new_state()
    rng = spec.move_rng()
    origins: dict[int, int] = {}  # wild cell -> the value of the tile that was captured
    removed_origins: list[int] = []
    setup = where(spec, 0, "(setup)", state)
    check_tiles(state, origins, removed_origins, setup)
    check_shells(state, setup)
    check_round_trips(state, setup)
    for step in range(MAX_STEPS):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        assert moves, f"[no legal move]{where(spec, step, None, state)}"
        move = choose(state, moves, rng)
        why = where(spec, step, move, state)
        check_legal_list(state, moves, why)

        before = state.to_json()
        after = state.apply(move)
        assert state.to_json() == before, f"[apply mutates] the state changed{why}"
        assert state.apply(str(move)).to_json() == after.to_json(), f"[apply text]{why}"
        assert state.apply_unchecked(move).to_json() == after.to_json(), f"[apply_unchecked]{why}"
        assert len(after.history) == len(state.history) + 1, f"[history]{why}"
        entry = after.history[-1]
        assert entry["move"] == str(move) and entry["player"] == state.current_player, (
            f"[history] entry {entry}{why}"
        )
        events = entry["events"]
        check_scoring(state, move, events, why)
        check_score_bookkeeping(state, after, events, why)
        for e in events:
            if e["type"] == "capture":
                assert e["value"] != WILD, f"[capture] a wild was captured{why}"
                origins[state.board.parse_cell(e["cell"])] = e["value"]
        if after.is_terminal():
            check_game_end(state, move, after, events, why)
            for e in events:
                if e["type"] == "stranded" and e["value"] == WILD:
                    removed_origins.append(origins.pop(state.board.parse_cell(e["cell"])))
        else:
            assert not any(e["type"] in ("stranded", "game_end") for e in events), (
                f"[game end] final scoring before the end{why}"
            )
        state = after
        why = where(spec, step + 1, "(after the move above)", state)
        check_tiles(state, origins, removed_origins, why)
        check_shells(state, why)
        check_round_trips(state, why)
    else:
        raise AssertionError(f"[game ends] {spec}: not over after {MAX_STEPS} steps")
    assert state.legal_moves() == [] and state.current_player is None, f"[game over] {spec}"
    ends = [e for entry in state.history for e in entry["events"] if e["type"] == "game_end"]
    assert len(ends) == 1, f"[game end] {len(ends)} game_end events in {spec}"


def full_move_space(size: int) -> list[str]:
    """Every syntactically valid move text (canonical form) on a ``size`` board."""
    cells = [bg.cell_name(size, c) for c in range(size * size)]
    space = [f"place {v} {c}" for v in range(1, 9) for c in cells]
    space += [f"claim {c}" for c in cells] + [f"capture {c}" for c in cells]
    space += ["draw bag"] + [f"draw {v}" for v in range(1, 9)]
    space += ["refresh"] + [f"pick {src} {v}" for src in ("rack", "display") for v in range(1, 9)]
    space += ["confirm", "decline", "pass", "end"]
    return space


def check_closure(spec: Spec, step: int, s: Any) -> None:
    """Every listed move applies; every other move of the full space is illegal."""
    space = full_move_space(s.board.size)
    moves = s.legal_moves()
    listed = {str(m): m for m in moves}
    assert len(listed) == len(moves), f"[closure] duplicate moves{where(spec, step, None, s)}"
    outside = sorted(set(listed) - set(space))
    assert not outside, (
        f"[closure] listed moves {outside} are not canonical{where(spec, step, None, s)}"
    )
    for text in space:
        if text in listed:
            why = where(spec, step, text, s, "a listed move")
            assert s.parse_move(text) == listed[text], f"[closure] parses differently{why}"
            try:
                s.apply(listed[text])
                s.apply(text)
            except Exception as exc:  # noqa: BLE001 - any error is the failure
                raise AssertionError(f"[closure] a listed move fails: {exc!r}{why}") from exc
        else:
            try:
                s.parse_move(text)
            except IllegalMoveError:
                continue
            except Exception as exc:  # noqa: BLE001
                why = where(spec, step, text, s, "an unlisted move")
                raise AssertionError(
                    f"[closure] raised {exc!r}, not IllegalMoveError{why}"
                ) from exc
            why = where(spec, step, text, s, "an unlisted move")
            raise AssertionError(f"[closure] accepted though not listed{why}")


@settings(GAME_SETTINGS, max_examples=10)
@given(spec=specs)
def test_legal_moves_are_closed(spec: Spec) -> None:
    """At every 7th step and at the end: listed <=> accepted, over the full move space."""

    def visit(step: int, state: Any, move: Any) -> None:
        if step % 7 == 0:
            check_closure(spec, step, state)

    final, texts = play(spec, visit)
    check_closure(spec, len(texts), final)


@settings(GAME_SETTINGS, max_examples=20)
@given(spec=specs)
def test_same_seed_and_moves_same_game(spec: Spec) -> None:
    """Replaying the move texts from a fresh ``make`` (by hand and with
    ``tablero.core.replay``) gives the same game, and so does a second, independent
    run of the same random game."""
    final, texts = play(spec)
    replay = spec.new_state()
    for step, text in enumerate(texts):
        try:
            replay = replay.apply(text)
        except IllegalMoveError as exc:
            raise AssertionError(f"[replay] {exc}{where(spec, step, text, replay)}") from exc
    assert replay.to_json() == final.to_json(), f"[replay] {spec}: other final state"
    recorded = [e["move"] for e in final.history]
    assert recorded == texts, f"[replay] {spec}: the history records other moves"
    again = core_replay("arribada", final.setup, recorded)
    assert again.to_json() == final.to_json(), f"[replay] {spec}: core replay differs"
    again, texts_again = play(spec)
    assert texts_again == texts and again.to_json() == final.to_json(), f"[rerun] {spec}"


def reshuffled_hidden(s: Any, p: int, rng: Rng) -> Any:
    """A copy of ``s`` with everything ``p`` cannot see changed: the other racks and the
    bag share out the same tiles anew (same rack sizes); the PRNG state, the seed and
    the values of the others' past bag draws and refresh swaps in the history change."""
    data = json.loads(s.to_json())  # a deep copy: to_dict() shares the live history
    others = [q for q in range(s.num_players) if q != p]
    pool = [v + 1 for v, c in enumerate(data["bag"]) for _ in range(c)]
    for q in others:
        pool += data["racks"][q]
    rng.shuffle(pool)
    for q in others:
        k = len(data["racks"][q])
        data["racks"][q] = sorted(pool[:k])
        del pool[:k]
    data["bag"] = [pool.count(v) for v in range(1, 9)]
    turn = data["turn"]
    if turn["phase"] == "refresh" and turn["player"] != p and turn["picks_rack"]:
        # the count of picked rack tiles is public, which ones is not
        rack = list(data["racks"][turn["player"]])
        rng.shuffle(rack)
        turn["picks_rack"] = sorted(rack[: len(turn["picks_rack"])])
    data["rng"] = f"{(int(data['rng'], 16) ^ 0x5DEECE66D) & (2**64 - 1):016x}"
    data["setup"]["seed"] = f"not {data['setup']['seed']}"
    # what others drew from the bag or swapped in a refresh is hidden from p too
    for entry in data["history"]:
        if entry["player"] == p:
            continue
        if entry["move"].startswith("pick rack"):
            entry["move"] = f"pick rack {1 + rng.randbelow(8)}"
        for e in entry["events"]:
            if e["type"] == "draw" and e["source"] == "bag":
                e["value"] = 1 + rng.randbelow(8)
            elif e["type"] == "refresh":
                for key in ("rack_out", "rack_in"):
                    e[key] = [1 + rng.randbelow(8) for _ in e[key]]
    return from_dict(data)


@settings(GAME_SETTINGS, max_examples=10)
@given(spec=specs, stop=st.integers(0, 300))
def test_saved_data_is_a_copy(spec: Spec, stop: int) -> None:
    """States are values: editing what ``to_dict`` returned, or the data given to
    ``from_dict``, never changes a state."""
    state = ph.position_after(spec, choose, stop)
    ph.check_saved_data_is_a_copy(state, where(spec, len(state.history), "(no move)", state))


@settings(GAME_SETTINGS, max_examples=20)
@given(spec=specs)
def test_views_show_only_public_facts(spec: Spec) -> None:
    """Changing only what player p cannot see leaves ``view(p)`` identical."""
    sampler = Rng(f"views {spec.seed}")
    checked = 0

    def visit(step: int, state: Any, move: Any) -> None:
        nonlocal checked
        if sampler.randbelow(6):
            return
        checked += 1
        for p in range(state.num_players):
            other = reshuffled_hidden(state, p, Rng(f"deal {spec.seed} {step} {p}"))
            why = where(spec, step, "(no move: a view check)", state, f"viewer: player {p}")
            check_view_ignores_hidden(state, other, p, why)

    final, _ = play(spec, visit)
    assert checked > 0 or len(final.history) < 20


def check_determinization(spec: Spec, step: int, s: Any, p: int, k: int, playout: bool) -> None:
    why = where(spec, step, "(no move: a determinization check)", s, f"viewer {p}, rng {k}")
    d = s.view(p).determinize(k)
    assert d.viewer is None and d.bag is not None, f"[determinize] not a full state{why}"
    assert from_json(d.to_json()).to_json() == d.to_json(), f"[determinize] invalid JSON{why}"
    public = {
        "values": (d.values, s.values),
        "owners": (d.owners, s.owners),
        "display": (d.display, s.display),
        "own rack": (d.racks[p], s.racks[p]),
        "rack sizes": ([len(r) for r in d.racks], [len(r) for r in s.racks]),
        "scores": (d.scores(), s.scores()),
        "bag_count": (d.bag_count, s.bag_count),
        "shells": (d.shells, s.shells),
        "refresh": (d.refresh, s.refresh),
        "removed": (d.removed, s.removed),
        "turn": ((d.current_player, d.phase), (s.current_player, s.phase)),
    }
    for name, (mine, real) in public.items():
        assert mine == real, f"[determinize] {name}: {mine} != {real}{why}"

    def hidden(x: Any) -> Counter[int]:
        c = Counter({v + 1: n for v, n in enumerate(x.bag) if n})
        for q in range(x.num_players):
            if q != p:
                c.update(x.racks[q])
        return c

    assert hidden(d) == hidden(s), f"[determinize] other tiles than the hidden ones{why}"
    moves = d.legal_moves()
    assert moves or d.is_terminal(), f"[determinize] no legal move{why}"
    if s.current_player == p:
        assert moves == s.legal_moves(), f"[determinize] the mover's moves differ{why}"
        assert s.view(p).legal_moves() == s.legal_moves(), f"[view] the mover's moves differ{why}"
    if playout:
        rng = Rng(f"playout {spec.seed} {step}")
        for _ in range(MAX_STEPS):
            if d.is_terminal():
                break
            ms = d.legal_moves()
            assert ms, f"[determinize] playout stuck:\n{d.to_text()}{why}"
            d = d.apply(choose(d, ms, rng))
        assert d.is_terminal(), f"[determinize] playout does not end{why}"


@settings(GAME_SETTINGS, max_examples=15)
@given(spec=specs)
def test_determinized_views_are_playable(spec: Spec) -> None:
    """``view(p).determinize(k)``: a full state with the same public facts, playable to
    the end (one playout at three positions per game)."""
    sampler = Rng(f"determinize {spec.seed}")
    playouts = 0

    def visit(step: int, state: Any, move: Any) -> None:
        nonlocal playouts
        if sampler.randbelow(8):
            return
        k = sampler.randbelow(2**32)
        runner = sampler.randbelow(state.num_players)
        for p in range(state.num_players):
            play_it = p == runner and playouts < 3
            check_determinization(spec, step, state, p, k, play_it)
            playouts += play_it

    play(spec, visit)


# --- determinism across processes -----------------------------------------------------

CROSS_PROCESS = [Spec(seed, 2 + seed % 3, "beginner" if seed % 4 == 0 else "standard")
                 for seed in (1, 2, 3, 4, 11, 12)]  # fmt: skip


def game_digests(items: list[tuple[int, int, str]]) -> list[str]:
    """sha256 of the final JSON of each game (also run in a subprocess)."""
    return [hashlib.sha256(play(Spec(*item))[0].to_json().encode()).hexdigest() for item in items]


def test_same_game_in_independent_processes() -> None:
    """Two fresh interpreters with different hash seeds play identical games."""
    items = [(s.seed, s.players, s.variant) for s in CROSS_PROCESS]
    here = game_digests(items)
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "import games.arribada.test_properties as t;"
        "print(json.dumps(t.game_digests([tuple(x) for x in json.loads(sys.argv[2])])))"
    )
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code, str(Path(__file__).parents[2]), json.dumps(items)],
            capture_output=True, text=True, env=env, timeout=300, check=True,
        )  # fmt: skip
        there = json.loads(out.stdout)
        diff = [str(s) for s, a, b in zip(CROSS_PROCESS, here, there, strict=True) if a != b]
        assert not diff, f"[determinism] PYTHONHASHSEED={hash_seed}: other games for {diff}"


# --- the brute-force finder itself, on the rulebook's examples ----------------------------


def board(rows: list[str], size: int = 8) -> tuple[list[int], list[int]]:
    """A board from rows of tokens: ``.`` empty, ``5`` neutral, ``5A`` A's 5, ``*A``."""
    values, owners = [0] * (size * size), [-1] * (size * size)
    for r, row in enumerate(rows):
        for c, tok in enumerate(row.split()):
            if tok == ".":
                continue
            cell = r * size + c
            values[cell] = WILD if tok[0] == "*" else int(tok[0])
            owners[cell] = "ABCD".index(tok[1]) if len(tok) > 1 else -1
    return values, owners


def test_brute_finder_reads_the_rulebook_examples() -> None:
    # Green places a 4 before her 5-6: a sequence, scored 4.
    v, o = board(["4A 5A 6A"])
    assert bg.tile_points(v, o, 0) == (4, 0)
    # Blue's 4 makes the sequence 4-wild-6-7 and the set wild-4-4: 4 + 3.
    v, o = board([". 4A *A 6A 7A", ". . 4A"])
    assert bg.tile_points(v, o, 8 + 2) == (4, 3)
    assert bg.tile_points(v, o, 1) == (4, 3)  # the wild is a 5 here too
    assert bg.tile_points(v, o, 3) == (6, 0)  # ...and any value it needs
    # Pink's fifth 1 joins two sets; Blue's 1 next to them does not count.
    v, o = board(["1A 1A 1A 1A 1A 1B"])
    assert bg.tile_points(v, o, 3) == (0, 5)
    # A sequence may turn; two tiles are no group.
    v, o = board(["3A 4A", ". 5A", ". 2A"])
    assert bg.tile_points(v, o, 8 + 1) == (5, 0)
    v, o = board(["3A 4A"])
    assert bg.tile_points(v, o, 1) == (0, 0)
    # Stranded: 2-5-7 in a row is neither group; a wild with two 3s is in a set;
    # another owner's tiles never help.
    v, o = board(["2A 5A 7A", "*B 3B 3B", "4A 5B 6A"])
    assert bg.stranded(v, o) == [0, 1, 2, 16, 17, 18]
