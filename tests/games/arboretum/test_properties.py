"""Property tests over random Arboretum games (hypothesis), and the path scorer
cross-checked against a brute-force scorer.

Each example is a full game, ``(seed, players)`` drawn by hypothesis, whose moves are
chosen with :class:`tablero.core.Rng` seeded from the same seed, so every failure
names a game that can be replayed exactly.  The invariants:

* every game ends, and it ends exactly when the player who drew the deck's last card
  discards; the 48/64/80 cards are always all accounted for, each once; hands are back
  to 7 cards after every turn;
* JSON and notation round trips at every step; ``apply`` never mutates; same seed +
  same moves give the same game (also through ``tablero.core.replay``); the legal
  moves are duplicate-free, deterministic and closed over the full move space;
* a view depends only on what its player may know, and a determinized view is a full,
  playable state with the same public facts.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import arboretum_brute as brute
from support import property_helpers as ph
from support.property_helpers import GAME_SETTINGS, check_view_ignores_hidden, where
from tablero.arboretum import CARD_NAMES, Discard, DrawDeck, card, species, value
from tablero.arboretum.grid import cell, xy
from tablero.arboretum.scoring import best_path, path_points
from tablero.core import IllegalMoveError, Rng, from_dict, from_json, from_text, make
from tablero.core import replay as core_replay

MAX_STEPS = 2000  # a 2-player game has at most 34 turns of 4 decisions
CARDS = {2: 48, 3: 64, 4: 80}  # from the rulebook, not from the engine's data
HAND = 7


@dataclass(frozen=True)
class Spec:
    seed: int
    players: int

    def new_state(self) -> Any:
        return make("arboretum", players=self.players, seed=self.seed)

    def move_rng(self) -> Rng:
        return Rng(f"moves {self.seed}")

    def __str__(self) -> str:
        return f"seed={self.seed} players={self.players}"


specs = st.builds(Spec, seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))


def choose(state: Any, moves: list[Any], rng: Rng) -> Any:
    """A random move; draws prefer the discard piles now and then, so that known cards
    and piles drawn twice in a turn happen often."""
    if state.phase == "draw" and len(moves) > 1 and rng.randbelow(2):
        return moves[1 + rng.randbelow(len(moves) - 1)]
    return moves[rng.randbelow(len(moves))]


def play(spec: Spec, visit: Callable[[int, Any, Any], None] | None = None) -> tuple[Any, list[str]]:
    """Play ``spec``'s game to the end; ``visit(step, state, move)`` sees each step."""
    return ph.play(spec, choose, MAX_STEPS, visit)


# --- invariants of one position ------------------------------------------------------


def check_cards(s: Any, why: str) -> None:
    """Every card of the game once: arboretums + hands + discard piles + deck."""
    everywhere = [c for arb in s.arbs for c in arb.values()]
    for hand in s.hands:
        everywhere += hand
    for pile in s.discards:
        everywhere += pile
    everywhere += s.deck
    assert len(s.deck) == s.deck_count, f"[cards] deck_count{why}"
    dups = [CARD_NAMES[c] for c, k in Counter(everywhere).items() if k > 1]
    assert not dups, f"[cards] in two places: {dups}{why}"
    assert sorted(everywhere) == list(range(CARDS[s.num_players])), f"[cards] not all there{why}"
    for p in range(s.num_players):
        assert set(s.known[p]) <= set(s.hands[p]), f"[known] not in the hand{why}"


def check_round_trips(s: Any, why: str) -> None:
    j = s.to_json()
    assert from_json(j).to_json() == j, f"[json round trip]{why}"
    t = s.to_text()
    back = from_text("arboretum", t).to_text()
    assert back == t, f"[notation round trip] read back as:\n{back}{why}"


def check_legal_list(s: Any, moves: list[Any], why: str) -> None:
    texts = [str(m) for m in moves]
    dups = [t for t, c in Counter(texts).items() if c > 1]
    assert not dups and len(set(moves)) == len(moves), f"[legal moves] duplicates {dups}{why}"
    assert s.legal_moves() == moves, f"[legal moves] a second call gives another list{why}"
    assert from_json(s.to_json()).legal_moves() == moves, f"[legal moves] JSON copy differs{why}"
    for m in moves:
        assert s.parse_move(str(m)) == m, f"[legal moves] {m} does not parse back{why}"


# --- the tests ----------------------------------------------------------------------


@settings(GAME_SETTINGS, max_examples=8)
@given(spec=specs)
def test_random_game_invariants(spec: Spec) -> None:
    """One loop over a whole game checks every per-step invariant (see the module doc)."""
    state = spec.new_state()
    rng = spec.move_rng()
    why = where(spec, 0, "(setup)", state)
    check_cards(state, why)
    check_round_trips(state, why)
    assert all(len(h) == HAND for h in state.hands), f"[hands] not dealt 7{why}"
    last_card_drawn = False
    for step in range(MAX_STEPS):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        move = choose(state, moves, rng)
        why = where(spec, step, move, state)
        check_legal_list(state, moves, why)
        before = state.to_json()
        after = state.apply(move)
        assert state.to_json() == before, f"[apply mutates] the state changed{why}"
        assert state.apply(str(move)).to_json() == after.to_json(), f"[apply text]{why}"
        assert state.apply_unchecked(move).to_json() == after.to_json(), f"[apply_unchecked]{why}"
        entry = after.history[-1]
        assert len(after.history) == len(state.history) + 1, f"[history]{why}"
        assert entry["move"] == str(move) and entry["player"] == state.current_player, why
        if isinstance(move, DrawDeck) and after.deck_count == 0:
            last_card_drawn = True
            assert any(e["type"] == "deck_empty" for e in entry["events"]), why
        ends = isinstance(move, Discard) and last_card_drawn
        assert after.is_terminal() == ends, f"[game end] terminal={after.is_terminal()}{why}"
        if isinstance(move, Discard):
            assert all(len(h) == HAND for h in after.hands), f"[hands] not back to 7{why}"
            if not ends:
                assert after.current_player == (state.current_player + 1) % spec.players, why
        state = after
        why = where(spec, step + 1, "(after the move above)", state)
        check_cards(state, why)
        check_round_trips(state, why)
    else:
        raise AssertionError(f"[game ends] {spec}: not over after {MAX_STEPS} steps")
    assert state.deck_count == 0 and state.legal_moves() == [] and state.current_player is None
    kinds = [e["type"] for e in state.history[-1]["events"]]
    assert kinds.count("species") == {2: 6, 3: 8, 4: 10}[spec.players], kinds
    assert kinds[-1] == "final"
    totals = [0] * spec.players
    for e in state.history[-1]["events"]:
        if e["type"] == "species":
            for p, path in enumerate(e["paths"]):
                assert path["scored"] == (path["points"] if p in e["right"] else 0)
                totals[p] += path["scored"]
    assert totals == state.scores(), f"[scores] events add up to {totals}, not {state.scores()}"


def full_move_space(s: Any) -> list[str]:
    """Every syntactically valid move text (canonical form) that could matter here: all
    draws and discards, and every card played on every cell near any arboretum."""
    space = ["draw deck"] + [f"draw {p}" for p in "ABCD"]
    space += [f"discard {n}" for n in CARD_NAMES]
    cells = {(0, 0)}
    for arb in s.arbs:
        for c in arb:
            x, y = xy(c)
            cells.update((x + dx, y + dy) for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2))
    space += [f"play {n} {x},{y}" for n in CARD_NAMES for x, y in sorted(cells)]
    return space


def check_closure(spec: Spec, step: int, s: Any) -> None:
    moves = s.legal_moves()
    listed = {str(m): m for m in moves}
    space = full_move_space(s)
    outside = sorted(set(listed) - set(space))
    assert not outside, (
        f"[closure] listed moves {outside} outside the space{where(spec, step, None, s)}"
    )
    for text in space:
        if text in listed:
            why = where(spec, step, text, s, "a listed move")
            assert s.parse_move(text) == listed[text], f"[closure] parses differently{why}"
            s.apply(text)
        else:
            try:
                s.parse_move(text)
            except IllegalMoveError:
                continue
            why = where(spec, step, text, s, "an unlisted move")
            raise AssertionError(f"[closure] accepted though not listed{why}")


@settings(GAME_SETTINGS, max_examples=6)
@given(spec=specs)
def test_legal_moves_are_closed(spec: Spec) -> None:
    """At every 5th step and at the end: listed <=> accepted, over the full move space."""

    def visit(step: int, state: Any, move: Any) -> None:
        if step % 5 == 0:
            check_closure(spec, step, state)

    final, texts = play(spec, visit)
    check_closure(spec, len(texts), final)


@settings(GAME_SETTINGS, max_examples=10)
@given(spec=specs)
def test_same_seed_and_moves_same_game(spec: Spec) -> None:
    final, texts = play(spec)
    replay = spec.new_state()
    for text in texts:
        replay = replay.apply(text)
    assert replay.to_json() == final.to_json(), f"[replay] {spec}: other final state"
    recorded = [e["move"] for e in final.history]
    assert recorded == texts, f"[replay] {spec}: the history records other moves"
    again = core_replay("arboretum", final.setup, recorded)
    assert again.to_json() == final.to_json(), f"[replay] {spec}: core replay differs"
    again, texts_again = play(spec)
    assert texts_again == texts and again.to_json() == final.to_json(), f"[rerun] {spec}"


def reshuffled_hidden(s: Any, p: int, rng: Rng) -> Any:
    """A copy of ``s`` with everything ``p`` cannot see changed: the deck and the unknown
    cards of the other hands share out anew (same sizes, known cards kept); the PRNG
    state, the seed and the cards of the others' past deck draws change."""
    data = json.loads(s.to_json())
    others = [q for q in range(s.num_players) if q != p]
    pool = list(data["deck"])
    for q in others:
        pool += [c for c in data["hands"][q] if c not in data["known"][q]]
    rng.shuffle(pool)
    for q in others:
        k = len(data["hands"][q]) - len(data["known"][q])
        data["hands"][q] = data["known"][q] + pool[:k]
        del pool[:k]
    data["deck"] = pool
    data["rng"] = f"{(int(data['rng'], 16) ^ 0x5DEECE66D) & (2**64 - 1):016x}"
    data["setup"]["seed"] = f"not {data['setup']['seed']}"
    for entry in data["history"]:
        if entry["player"] == p:
            continue
        for e in entry["events"]:
            if e["type"] == "draw" and e["source"] == "deck":
                e["card"] = CARD_NAMES[rng.randbelow(80)]
    return from_dict(data)


@settings(GAME_SETTINGS, max_examples=10)
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
            why = where(spec, step, "(a view check)", state, f"viewer: player {p}")
            check_view_ignores_hidden(state, other, p, why)
            v = state.view(p)
            assert from_json(v.to_json()).to_json() == v.to_json(), f"[views] json{why}"
            assert from_text("arboretum", v.to_text()).to_text() == v.to_text(), why

    final, _ = play(spec, visit)
    assert checked > 0
    for p in range(spec.players):  # once over, the hands are revealed: nothing is hidden
        assert final.view(p).hands == final.hands and final.view(p).unseen == []


def check_determinization(spec: Spec, step: int, s: Any, p: int, k: int, playout: bool) -> None:
    why = where(spec, step, "(a determinization check)", s, f"viewer {p}, rng {k}")
    d = s.view(p).determinize(k)
    assert d.viewer is None and d.deck is not None, f"[determinize] not a full state{why}"
    assert from_json(d.to_json()).to_json() == d.to_json(), f"[determinize] invalid JSON{why}"
    public = {
        "arboretums": (d.arbs, s.arbs),
        "discards": (d.discards, s.discards),
        "own hand": (d.hands[p], s.hands[p]),
        "known": (d.known, s.known),
        "hand sizes": ([len(h) for h in d.hands], [len(h) for h in s.hands]),
        "deck_count": (d.deck_count, s.deck_count),
        "turn": ((d.current_player, d.phase, d.draws), (s.current_player, s.phase, s.draws)),
    }
    for name, (mine, real) in public.items():
        assert mine == real, f"[determinize] {name}: {mine} != {real}{why}"

    def hidden(x: Any) -> list[int]:
        out = list(x.deck)
        for q in range(x.num_players):
            if q != p:
                out += [c for c in x.hands[q] if c not in x.known[q]]
        return sorted(out)

    assert hidden(d) == hidden(s), f"[determinize] other cards than the hidden ones{why}"
    moves = d.legal_moves()
    if s.current_player == p:
        assert moves == s.legal_moves(), f"[determinize] the mover's moves differ{why}"
        assert s.view(p).legal_moves() == s.legal_moves(), f"[view] the mover's moves differ{why}"
    if playout:
        rng = Rng(f"playout {spec.seed} {step}")
        for _ in range(MAX_STEPS):
            if d.is_terminal():
                break
            d = d.apply(choose(d, d.legal_moves(), rng))
        assert d.is_terminal(), f"[determinize] playout does not end{why}"


@settings(GAME_SETTINGS, max_examples=10)
@given(spec=specs)
def test_determinized_views_are_playable(spec: Spec) -> None:
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


@settings(GAME_SETTINGS, max_examples=5)
@given(spec=specs, stop=st.integers(0, 200))
def test_saved_data_is_a_copy(spec: Spec, stop: int) -> None:
    """States are values: editing what ``to_dict`` returned, or the data given to
    ``from_dict``, never changes a state."""
    state = ph.position_after(spec, choose, stop)
    ph.check_saved_data_is_a_copy(state, where(spec, len(state.history), "(no move)", state))


# --- the path scorer against the brute-force scorer --------------------------------------


def random_arboretum(rng: Rng) -> dict[int, int]:
    """A connected arboretum of 1-16 distinct cards drawn from 1-4 species (few species,
    so that long paths and same-species paths are common)."""
    size = 1 + rng.randbelow(16)
    kinds = [rng.randbelow(10) for _ in range(1 + rng.randbelow(4))]
    pool = sorted({card(s, v) for s in kinds for v in range(1, 9)})
    rng.shuffle(pool)
    cells = [(0, 0)]
    while len(cells) < min(size, len(pool)):
        x, y = cells[rng.randbelow(len(cells))]
        dx, dy = ((1, 0), (-1, 0), (0, 1), (0, -1))[rng.randbelow(4)]
        if (x + dx, y + dy) not in cells:
            cells.append((x + dx, y + dy))
    return {cell(x, y): pool[i] for i, (x, y) in enumerate(cells)}


def test_path_scorer_agrees_with_brute_force() -> None:
    """On 3000 random arboretums, for every species: the engine's best path scores what
    the brute force finds, and the path it reports is a real path with those points."""
    rng = Rng("brute force paths")
    checked = 0
    for i in range(3000):
        arb = random_arboretum(rng)
        plain = {xy(c): (species(k), value(k)) for c, k in arb.items()}
        for s in sorted({species(k) for k in arb.values()}):
            points, path = best_path(arb, s)
            want = brute.best_points(plain, s)
            assert points == want, (
                f"arboretum {i} {sorted((xy(c), CARD_NAMES[k]) for c, k in arb.items())}, "
                f"species {s}: engine {points} along {[xy(c) for c in path]}, brute {want}"
            )
            if points:
                assert brute.points(plain, [xy(c) for c in path], s) == points
                assert path_points([arb[c] for c in path], s) == points
                checked += 1
    assert checked > 2000


def test_a_view_hides_the_deck_and_others_hands_and_drops_the_seed() -> None:
    s = make("arboretum", players=3, seed=4, first_player=0).apply("draw deck")
    v = s.view(2)
    data = json.loads(v.to_json())
    assert data["deck"] is None and data["rng"] is None and data["setup"]["seed"] is None
    assert data["hands"][0] == [None] * 8 and len(data["unseen"]) == s.deck_count + 15
    # A view cannot move for another seat; it follows that seat's moves as it sees them.
    assert "another player's view" in (v.illegal_reason(v.read_move("draw deck")) or "")
    followed = v.apply("draw deck")
    assert followed.chance is not None and followed.chance.seen_by == {0}
    with pytest.raises(IllegalMoveError, match="does not see"):
        followed.deal(followed.chance.outcomes[0])
    assert followed.deal(None).to_json() == s.apply("draw deck").view(2).to_json()
    with pytest.raises(ValueError):
        v.view(1)
