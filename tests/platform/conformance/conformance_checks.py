"""The conformance suite's driver and checks: one API test run over every game.

Every registered game (``tablero.core.game_ids()``) plus the test-only Tiny Nim
(``tests/support/tiny_game.py``) is played in each of its configurations (``Game.setups()``:
player counts and options), with a few seeds, by uniformly random moves drawn from a
seeded :class:`tablero.core.Rng`.  Each game is played once per session (cached) and a
sample of its states is kept; the checks below look at those states.  Each check is a
plain function that raises ``AssertionError`` with a reproduction recipe, so the
self-tests (``test_conformance_selftest.py``) can show that it catches a broken game.

To look at a failing state by hand (from ``tests/conformance``, with ``tests`` on the path)::

    import conformance_checks as cc
    state = cc.state_at("arribada", 3, '{"variant": "beginner"}', 1, ply=40)
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from support import tiny_game
from support.chance import pick_outcome, sees
from support.property_helpers import check_saved_data_is_a_copy
from tablero.core import (
    CorruptDataError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Rng,
    State,
    from_dict,
    from_json,
    from_text,
    game_ids,
    get_game,
    make,
    replay,
)
from tablero.core.options import resolve_options

TINY = tiny_game.TINY_ID
#: Seeds of the games played per configuration (a text seed exercises its hashing).
SEEDS: tuple[int | str, ...] = (1, 2, "conformance")
#: States kept per game besides the first two and the last two.
SPREAD = 6
MAX_PLIES = 5000  # far beyond any real game: a game that never ends is a bug
#: Texts no game reads as a move.
NOT_MOVES = ("", "   ", "no such move", "\x00", "🙂")


def all_game_ids() -> list[str]:
    return sorted({*game_ids(), TINY})


def game_of(game_id: str) -> Game:
    """The ``Game``; Tiny Nim's without the registry (it is registered only in tests)."""
    return tiny_game.GAME if game_id == TINY else get_game(game_id)


# --- configurations -------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One configuration of one game: ``make(game, players=players, **options)``."""

    game: str
    index: int
    players: int = 0
    options_json: str = "{}"
    error: str = ""  # the game cannot be loaded: its tests fail with this

    @property
    def options(self) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(self.options_json)
        return loaded

    @property
    def id(self) -> str:
        if self.error:
            return f"{self.game}-not-loadable"
        opts = ",".join(f"{k}={_short(v)}" for k, v in self.options.items()) or "default"
        return f"{self.game}-{self.players}p-{opts}"

    def require(self) -> None:
        if self.error:
            raise AssertionError(f"[load] the game {self.game!r} cannot be loaded: {self.error}")

    def games(self) -> list[Played]:
        self.require()
        return [played(self.game, self.players, self.options_json, seed) for seed in SEEDS]


def _short(value: Any) -> str:
    if isinstance(value, list):
        return "+".join(map(str, value)) or "none"
    return "none" if value is None else str(value)


@functools.cache
def all_cases() -> list[Case]:
    out: list[Case] = []
    for game_id in all_game_ids():
        try:
            setups = game_of(game_id).setups()
        except Exception as exc:  # noqa: BLE001 - a broken engine fails its own tests
            out.append(Case(game_id, -1, error=f"{type(exc).__name__}: {exc}"))
            continue
        for index, (players, options) in enumerate(setups):
            out.append(Case(game_id, index, players, json.dumps(options, sort_keys=True)))
    return out


# --- playing --------------------------------------------------------------------------


@dataclass
class Played:
    """One random game: its move texts, a sample of its states and the final state."""

    game: str
    players: int
    options_json: str
    seed: int | str
    moves: list[str]
    samples: list[tuple[int, State]]  # (ply, state), the first and the final included
    final: State
    #: One move of each kind seen, with the phases where that kind was legal.
    kinds: dict[type, Any] = field(default_factory=dict)
    kind_phases: dict[type, set[str]] = field(default_factory=dict)

    def where(self, ply: int, state: State | None = None, detail: str = "") -> str:
        """The reproduction recipe shown with every failure."""
        text = (
            f"\n  game: {self.game} {self.players}p options={self.options_json} "
            f"seed={self.seed!r}, after {ply} of {len(self.moves)} moves"
            f"\n  reproduce: conformance_checks.state_at({self.game!r}, {self.players}, "
            f"{self.options_json!r}, {self.seed!r}, ply={ply})"
        )
        if detail:
            text += f"\n  {detail}"
        if state is not None:
            try:
                text += "\n  position:\n" + state.to_text()
            except Exception as exc:  # noqa: BLE001 - the recipe must not hide the failure
                text += f"\n  (to_text failed: {exc!r})"
        return text

    def mid(self) -> tuple[int, State]:
        """A sampled state from the middle of the game (not the first, not the last)."""
        return self.samples[len(self.samples) // 2]

    def full_states(self) -> list[tuple[int, State]]:
        return self.samples


def _sample_plies(count: int) -> list[int]:
    last = count - 1
    plies = {0, min(1, last), max(last - 1, 0), last}
    plies.update(round(i * last / (SPREAD + 1)) for i in range(1, SPREAD + 1))
    return sorted(plies)


def move_rng(game: str, players: int, options_json: str, seed: int | str) -> Rng:
    return Rng(f"conformance|{game}|{players}|{options_json}|{seed}")


@functools.cache
def played(game: str, players: int, options_json: str, seed: int | str) -> Played:
    """The game played with uniformly random legal moves (cached for the session)."""
    try:
        state = make(game, players=players, seed=seed, **json.loads(options_json))
    except ValueError as exc:
        raise AssertionError(
            f"[setups] {game}: setups() lists {players} players with {options_json}, but make "
            f"refuses it: {exc}"
        ) from exc
    rng = move_rng(game, players, options_json, seed)
    states = [state]
    moves: list[str] = []
    kinds: dict[type, Any] = {}
    kind_phases: dict[type, set[str]] = {}
    while not state.is_terminal():
        if len(moves) >= MAX_PLIES:
            raise AssertionError(f"[game ends] {game} {players}p seed={seed!r}: not over")
        legal = state.legal_moves()
        if not legal:
            raise AssertionError(
                f"[no legal move] {game} {players}p seed={seed!r} after {len(moves)} moves: "
                f"not over, yet nothing to do\n{state.to_text()}"
            )
        phase = getattr(state, "phase", None)
        for m in legal:
            kinds.setdefault(type(m), m)
            kind_phases.setdefault(type(m), set()).add(str(phase))
        move = legal[rng.randbelow(len(legal))]
        moves.append(str(move))
        state = state.apply(move)
        states.append(state)
    samples = [(ply, states[ply]) for ply in _sample_plies(len(states))]
    return Played(game, players, options_json, seed, moves, samples, state, kinds, kind_phases)


def state_at(game: str, players: int, options_json: str, seed: int | str, ply: int) -> State:
    """The state after ``ply`` moves of the suite's game (for a failure's recipe)."""
    g = played(game, players, options_json, seed)
    return replay(game, g.final.setup, g.moves[:ply])


# --- the checks -------------------------------------------------------------------------


def _reads_moves(state: State) -> bool:
    """Whether the game implements ``read_move`` (the protocol's move reader)."""
    return type(state).read_move is not State.read_move


def _canonical(state: State, text: str, why: str) -> str | None:
    """``str(read_move(text))``, or ``None`` when the text is not a move at all."""
    try:
        return str(state.read_move(text))
    except InvalidMoveError:
        return None
    except Exception as exc:  # noqa: BLE001 - any other exception is the failure
        raise AssertionError(
            f"[closure] read_move({text!r}) raised {type(exc).__name__}: {exc} (only "
            f"InvalidMoveError is allowed){why}"
        ) from exc


def check_closure(state: State, why: str) -> None:
    """Legality closure: ``legal_moves``, ``move_candidates``, ``parse_move`` and
    ``illegal_reason`` agree on which texts are legal here."""
    legal = state.legal_moves()
    texts = [str(m) for m in legal]
    assert state.legal_moves() == legal, f"[order] two calls of legal_moves differ{why}"
    assert from_json(state.to_json()).legal_moves() == legal, (
        f"[order] legal_moves differ after a JSON round trip{why}"
    )
    dupes = sorted({t for t in texts if texts.count(t) > 1})
    assert not dupes, f"[unique] legal_moves lists {dupes} more than once{why}"
    assert len(set(legal)) == len(legal), f"[unique] equal move values listed twice{why}"
    candidates = list(state.move_candidates())
    missing = [t for t in texts if t not in set(candidates)]
    assert not missing, f"[candidates] move_candidates() misses legal moves {missing[:5]}{why}"
    for m in legal:
        reason = state.illegal_reason(m)
        assert reason is None, f"[legal] illegal_reason({m}) is {reason!r} for a legal move{why}"
        back = state.parse_move(str(m))
        assert back == m, f"[parse] parse_move({str(m)!r}) gives {back!r}, not {m!r}{why}"
    reads = _reads_moves(state)
    legal_texts = set(texts)
    for text in candidates:
        canonical = _canonical(state, text, why) if reads else None
        try:
            move = state.parse_move(text)
        except (InvalidMoveError, IllegalMoveError) as exc:
            key = canonical if reads else text
            assert key not in legal_texts, (
                f"[closure] parse_move({text!r}) refuses a legal move: {exc}{why}"
            )
            if reads and canonical is None:
                assert isinstance(exc, InvalidMoveError), (
                    f"[closure] {text!r} is no move for read_move, but parse_move raised "
                    f"{type(exc).__name__}: {exc}{why}"
                )
            if reads and canonical is not None:
                read = state.read_move(text)
                assert state.illegal_reason(read) is not None, (
                    f"[closure] illegal_reason({read!r}) is None, yet parse_move({text!r}) "
                    f"raised {exc}{why}"
                )
        except Exception as exc:  # noqa: BLE001 - any other exception is the failure
            raise AssertionError(
                f"[closure] parse_move({text!r}) raised {type(exc).__name__}: {exc} "
                f"(only InvalidMoveError or IllegalMoveError are allowed){why}"
            ) from exc
        else:
            assert str(move) in legal_texts, (
                f"[closure] parse_move({text!r}) accepts {move}, which legal_moves() does not "
                f"list{why}"
            )
            if reads:
                assert canonical == str(move), (
                    f"[closure] read_move({text!r}) reads {canonical!r} but parse_move "
                    f"{str(move)!r}{why}"
                )


def check_turn(state: State, why: str) -> None:
    """Whose turn it is, the moves and the scores agree with ``is_terminal``."""
    n = state.num_players
    scores = state.scores()
    assert len(scores) == n and all(type(x) is int for x in scores), (
        f"[scores] scores() must be one int per player, not {scores!r}{why}"
    )
    if state.is_terminal():
        return
    assert state.current_player in range(n), (
        f"[turn] current_player is {state.current_player!r} in a {n}-player game{why}"
    )
    assert state.legal_moves(), f"[turn] not over, yet legal_moves() is empty{why}"


def check_json_round_trip(state: State, why: str) -> None:
    text = state.to_json()
    try:
        back = from_json(text)
    except CorruptDataError as exc:
        raise AssertionError(f"[json] from_json(to_json()) refuses the state: {exc}{why}") from exc
    assert type(back) is type(state), f"[json] read back as {type(back).__name__}{why}"
    assert back == state, f"[json] from_json(to_json()) differs from the state{why}"
    assert back.to_json() == text, f"[json] writing the state read back changes the text{why}"
    assert from_dict(json.loads(text)).to_json() == text, f"[json] from_dict differs{why}"
    assert back.viewer == state.viewer, f"[json] the viewer changes{why}"


def check_text_round_trip(game_id: str, state: State, why: str) -> None:
    text = state.to_text()
    try:
        back = from_text(game_id, text)
    except CorruptDataError as exc:
        raise AssertionError(f"[notation] from_text(to_text()) refuses it: {exc}{why}") from exc
    assert back.to_text() == text, (
        f"[notation] from_text(to_text()).to_text() differs:\n{back.to_text()}{why}"
    )


def with_comments(text: str) -> str:
    """``text`` as a person might annotate it: comments (``;`` to the end of a line) and
    blank lines before, after and between its lines, and comments after some lines."""
    out = ["; a position, annotated", "", "   "]
    for i, line in enumerate(text.splitlines()):
        out.append(f"{line}  ; note {i}" if i % 2 else line)
        out.append(["", "\t; between the lines", "  ", ";"][i % 4])
    out += ["", "; the end", "  ;;"]
    return "\n".join(out) + "\n"


def check_text_with_comments(game_id: str, state: State, why: str) -> None:
    """The notation with comments and blank lines added reads back to the same position
    (every game shares the frame of ``tablero.core.notation``)."""
    text = state.to_text()
    try:
        back = from_text(game_id, with_comments(text))
    except CorruptDataError as exc:
        raise AssertionError(f"[notation] comments and blank lines refused: {exc}{why}") from exc
    assert back.to_text() == text, (
        f"[notation] comments and blank lines change the position:\n{back.to_text()}{why}"
    )


def _public(data: dict[str, Any]) -> dict[str, Any]:
    """A state's data without what a view always drops (for "is anything hidden?")."""
    out = {k: v for k, v in data.items() if k not in ("viewer", "rng", "setup", "history")}
    return out


def check_view(state: State, p: int, why: str, seeds: Sequence[int] = (11, 12)) -> bool:
    """``state.view(p)``: no seed, no PRNG state; stable under ``view(p)``; refused for
    another player; unchanged when the hidden parts are dealt again (``determinize`` with
    two seeds, viewed again).  Returns whether a determinization differs from ``state``
    (that is, whether the check did reshuffle something hidden)."""
    assert state.viewer is None, "check_view takes a full state"
    n = state.num_players
    before = state.to_json()
    v = state.view(p)
    assert state.to_json() == before, f"[views] view({p}) changed the state{why}"
    assert v.viewer == p, f"[views] view({p}).viewer is {v.viewer!r}{why}"
    vj = v.to_json()
    data = json.loads(vj)
    assert data.get("rng") is None, f"[views] view({p}) keeps the PRNG state {data['rng']!r}{why}"
    assert v.setup.get("seed") is None, f"[views] view({p}) keeps the seed{why}"
    assert data.get("setup", {}).get("seed") is None, f"[views] view({p})'s JSON has the seed{why}"
    full = json.loads(before)
    if isinstance(full.get("rng"), str):
        assert full["rng"] not in vj, f"[views] view({p})'s JSON holds the PRNG state{why}"
    seed = state.setup.get("seed")
    if isinstance(seed, str):
        assert json.dumps(seed) not in vj, f"[views] view({p})'s JSON holds the seed{why}"
    assert v.view(p).to_json() == vj, f"[views] view({p}).view({p}) is not the view{why}"
    for q in range(n):
        if q != p:
            _raises(ValueError, lambda q=q: v.view(q), f"view({p}).view({q})", why)
    for bad in (-1, n):
        _raises(ValueError, lambda bad=bad: state.view(bad), f"view({bad})", why)
    reshuffled = False
    for seed_ in seeds:
        d = v.determinize(seed_)
        assert v.to_json() == vj, f"[determinize] determinize changed the view{why}"
        assert d.viewer is None, f"[determinize] determinize({seed_}) is not a full state{why}"
        again = d.view(p).to_json()
        assert again == vj, (
            f"[views] the view of player {p} depends on hidden facts: dealing them again "
            f"(determinize({seed_})) and viewing gives another view{why}"
            f"\n  view:\n{v.to_text()}\n  after determinize({seed_}).view({p}):\n"
            f"{d.view(p).to_text()}"
        )
        assert d.is_terminal() == state.is_terminal(), f"[determinize] is_terminal differs{why}"
        assert d.current_player == state.current_player, f"[determinize] the turn differs{why}"
        assert d.determinize(seed_) == d, f"[determinize] a full state is not its own{why}"
        assert v.determinize(Rng(seed_)).to_json() == d.to_json(), (
            f"[determinize] determinize(Rng({seed_})) differs from determinize({seed_}){why}"
        )
        if _public(json.loads(d.to_json())) != _public(full):
            reshuffled = True
    return reshuffled


def has_hidden_parts(state: State, p: int) -> bool:
    """Whether ``view(p)`` hides something besides the PRNG state, seed and history."""
    return _public(state.view(p).to_dict()) != _public(state.to_dict())


def check_view_playable(state: State, p: int, seed: int, why: str) -> None:
    """A determinized view is full, consistent with the view and plays to the end."""
    v = state.view(p)
    d = v.determinize(seed)
    assert d.viewer is None and d.view(p) == v, f"[determinize] not consistent with the view{why}"
    rng = Rng(seed)
    for _ in range(MAX_PLIES):
        if d.is_terminal():
            check_end(d, why + f"\n  (after playing out determinize({seed}) of view({p}))")
            return
        legal = d.legal_moves()
        assert legal, f"[determinize] a determinized state is stuck{why}\n{d.to_text()}"
        d = d.apply(legal[rng.randbelow(len(legal))])
    raise AssertionError(f"[determinize] the playout does not end{why}")


def check_no_mutation(state: State, why: str, most: int = 12) -> None:
    """Applying moves (as values, as texts, unchecked) never changes ``state``, nor does
    editing what ``to_dict`` returned."""
    before = state.to_json()
    legal = state.legal_moves()
    step = max(1, len(legal) // most)
    for m in legal[::step][:most]:
        after = state.apply(m)
        state.apply(str(m))
        state.apply_unchecked(m)
        assert state.to_json() == before, f"[no mutation] applying {m} changed the state{why}"
        assert after.to_json() != before, f"[no mutation] applying {m} changed nothing{why}"
    state.legal_moves()
    state.scores()
    state.to_text()
    assert state.to_json() == before, f"[no mutation] a query changed the state{why}"
    check_saved_data_is_a_copy(state, why)


def check_end(state: State, why: str, moves: Sequence[Any] = ()) -> None:
    """The end: nobody to move, no moves, one int score per player, some winners, and
    every move refused with the documented message."""
    assert state.is_terminal(), f"[end] not terminal{why}"
    assert state.current_player is None, (
        f"[end] current_player is {state.current_player!r} at the end{why}"
    )
    assert state.legal_moves() == [], f"[end] legal moves at the end: {state.legal_moves()}{why}"
    n = state.num_players
    scores = state.scores()
    assert len(scores) == n and all(type(x) is int for x in scores), f"[end] scores {scores}{why}"
    winners = state.winners()
    assert winners and len(set(winners)) == len(winners), f"[end] winners {winners!r}{why}"
    assert set(winners) <= set(range(n)), f"[end] winners {winners!r} are not seats{why}"
    for m in moves:
        for given in (m, str(m)):
            try:
                state.apply(given)
            except IllegalMoveError as exc:
                assert "the game is over" in str(exc), (
                    f"[end] applying {given!r} at the end: {exc!r} does not say the game is "
                    f"over{why}"
                )
            except Exception as exc:  # noqa: BLE001
                raise AssertionError(
                    f"[end] applying {given!r} at the end raised {type(exc).__name__}: {exc} "
                    f"(not IllegalMoveError){why}"
                ) from exc
            else:
                raise AssertionError(f"[end] {given!r} was applied after the end{why}")


def check_replay(g: Played) -> None:
    """Same seed and same moves give the same JSON; ``replay`` rebuilds the state."""
    final = g.final.to_json()
    why = g.where(len(g.moves))
    again = make(g.game, players=g.players, seed=g.seed, **json.loads(g.options_json))
    for text in g.moves:
        again = again.apply(text)
    assert again.to_json() == final, f"[determinism] the same moves give another game{why}"
    assert [e["move"] for e in g.final.history] == g.moves, f"[history] moves differ{why}"
    assert replay(g.game, g.final.setup, g.moves).to_json() == final, f"[replay] differs{why}"
    for ply, s in g.samples:
        texts = [e["move"] for e in s.history]
        assert texts == g.moves[:ply], f"[history] the history is not the moves{g.where(ply, s)}"
        assert replay(g.game, s.setup, texts).to_json() == s.to_json(), (
            f"[replay] replay(setup, history) differs from the state{g.where(ply, s)}"
        )


def allowed_kinds(state: State, g: Played) -> set[type] | None:
    """The move kinds the pending decision allows: the game's ``DECISIONS`` when it
    declares them, else every kind seen legal in this phase during the game."""
    phase = getattr(state, "phase", None)
    decisions = getattr(type(state), "DECISIONS", None)
    if decisions and phase in decisions:
        return set(decisions[phase].moves)
    if phase is None:
        return None
    return {k for k, phases in g.kind_phases.items() if str(phase) in phases}


def check_wrong_kind(state: State, g: Played, why: str) -> int:
    """A move of a kind the pending decision does not allow is refused as "not possible
    now".  Returns how many such moves were tried."""
    allowed = allowed_kinds(state, g)
    if allowed is None or state.is_terminal():
        return 0
    tried = 0
    for kind, move in g.kinds.items():
        if kind in allowed:
            continue
        tried += 1
        try:
            state.apply(move)
        except IllegalMoveError as exc:
            assert "is not possible now" in str(exc), (
                f"[wrong kind] {move} in decision {getattr(state, 'phase', '?')!r}: the message "
                f"{str(exc)!r} does not say it 'is not possible now'{why}"
            )
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(
                f"[wrong kind] {move} raised {type(exc).__name__}: {exc} (not IllegalMoveError)"
                f"{why}"
            ) from exc
        else:
            raise AssertionError(f"[wrong kind] {move} was applied in the wrong decision{why}")
    return tried


class Expect:
    """Collects every refusal that did not happen, then fails once listing them all (so
    one gap does not hide the others)."""

    def __init__(self, why: str) -> None:
        self.why = why
        self.problems: list[str] = []

    def raises(self, kind: type[BaseException], fn: Callable[[], Any], what: str) -> str:
        """``fn()`` must raise ``kind`` (not another exception, not nothing): its message."""
        try:
            fn()
        except kind as exc:
            return str(exc)
        except Exception as exc:  # noqa: BLE001 - any other exception is the failure
            self.problems.append(f"{what} raised {type(exc).__name__}: {exc}")
        else:
            self.problems.append(f"{what} raised nothing")
        return ""

    def done(self) -> None:
        if self.problems:
            listed = "\n    ".join(self.problems)
            raise AssertionError(
                f"[errors] {len(self.problems)} problem(s):\n    {listed}{self.why}"
            )


def _raises(kind: type[BaseException], fn: Callable[[], Any], what: str, why: str) -> str:
    expect = Expect(why)
    message = expect.raises(kind, fn, what)
    expect.done()
    return message


def wrong_type(value: Any) -> Any:
    """A JSON value of another type than ``value``."""
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return "x"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return {"x": 1}
    return [1]


def check_bad_data(state: State, why: str) -> None:
    """``from_json`` refuses garbage, newer versions and wrong types with
    ``CorruptDataError``."""
    expect = Expect(why)
    data = state.to_dict()
    game = data["game"]
    garbage = ("", "not json", "[]", "null", "7", "{}", '{"game": 7}', '{"game": "no such"}',
               json.dumps({"game": game}), json.dumps({"game": game, "version": 1}))  # fmt: skip
    for text in garbage:
        expect.raises(CorruptDataError, lambda t=text: from_json(t), f"from_json({text!r})")
    newer = json.dumps({**data, "version": data["version"] + 1})
    message = expect.raises(CorruptDataError, lambda: from_json(newer), "from_json(version + 1)")
    if message and "newer version" not in message:
        expect.problems.append(f"from_json(version + 1): {message!r} says no 'newer version'")
    for key, value in data.items():
        bad = json.dumps({**data, key: wrong_type(value)})
        what = f"from_json with {key}={wrong_type(value)!r}"
        expect.raises(CorruptDataError, lambda b=bad: from_json(b), what)
    bad_setup = json.dumps({**data, "setup": {**data["setup"], "players": "x"}})
    expect.raises(
        CorruptDataError, lambda: from_json(bad_setup), "from_json with setup players 'x'"
    )
    expect.done()


def check_bad_history(state: State, why: str) -> None:
    """A history entry of the wrong shape is refused when read (``view`` and the app use
    every entry's ``player``, ``move`` and ``events``)."""
    data = state.to_dict()
    if not data.get("history"):
        return
    expect = Expect(why)
    entry = data["history"][0]
    for key, value in entry.items():
        for bad_value in (wrong_type(value), None):
            bad = json.dumps({**data, "history": [{**entry, key: bad_value}, *data["history"][1:]]})
            what = f"from_json with history[0][{key!r}]={bad_value!r}"
            expect.raises(CorruptDataError, lambda b=bad: from_json(b), what)
        missing = {k: v for k, v in entry.items() if k != key}
        bad = json.dumps({**data, "history": [missing, *data["history"][1:]]})
        what = f"from_json with history[0] missing {key!r}"
        expect.raises(CorruptDataError, lambda b=bad: from_json(b), what)
    expect.done()


def check_bad_text(game_id: str, state: State, why: str) -> None:
    expect = Expect(why)
    for text in ("", "garbage", "\n\n\n", "🙂" * 50, state.to_json()):
        expect.raises(CorruptDataError, lambda t=text: from_text(game_id, t),
                      f"from_text({text[:40]!r})")  # fmt: skip
    expect.done()


def check_bad_moves(state: State, why: str) -> None:
    expect = Expect(why)
    for text in NOT_MOVES:
        expect.raises(InvalidMoveError, lambda t=text: state.parse_move(t), f"parse_move({text!r})")
    expect.done()


def bad_option_values(game: Game, players: int) -> list[tuple[str, Any]]:
    """``(option, value)`` pairs that ``make`` must refuse at a table of ``players``."""
    out: list[tuple[str, Any]] = []
    for spec in game.options:
        kind = getattr(spec, "kind", "one")
        if kind == "seat":
            out += [(spec.name, players), (spec.name, -1), (spec.name, "0"), (spec.name, True)]
        elif kind == "set":
            choices = list(spec.choices or ())
            out += [(spec.name, ["no such value"]), (spec.name, "no such value"), (spec.name, 7)]
            if choices:
                out.append((spec.name, [choices[0], choices[0]]))
            if spec.min_size > 0:
                out.append((spec.name, []))
        elif spec.choices is not None:
            out.append((spec.name, "no such value"))
    return out


def check_make_errors(game_id: str) -> None:
    game = game_of(game_id)
    expect = Expect(f"\n  game: {game_id}")
    for n in (game.min_players - 1, game.max_players + 1, 0, -1, "2", True, 2.0):
        expect.raises(ValueError, lambda n=n: make(game_id, players=n, seed=1),
                      f"make(players={n!r})")  # fmt: skip
    players, options = game.setups()[0]
    expect.raises(ValueError, lambda: make(game_id, players=players, seed=1, no_such_option=1),
                  "make(no_such_option=1)")  # fmt: skip
    for name, value in bad_option_values(game, players):
        given = {**options, name: value}
        expect.raises(ValueError, lambda o=given: make(game_id, players=players, seed=1, **o),
                      f"make(players={players}, {name}={value!r})")  # fmt: skip
    for players, options in game.setups():
        resolved = resolve_options(game.options, options, players, game.title)
        for n in range(game.min_players, game.max_players + 1):
            if n not in game.allowed_players(resolved):
                expect.raises(ValueError, lambda n=n, o=options: make(game_id, players=n, seed=1,
                              **o), f"make(players={n}, {options}) (not allowed)")  # fmt: skip
    expect.done()


# --- chance steps (tablero.core.chance) ---------------------------------------------------


def check_chance_shape(chance: Any, why: str) -> None:
    """A pending step as the protocol describes it: a kind, distinct outcome texts with
    positive whole weights, one each, and seats that see it (or everyone)."""
    assert isinstance(chance.kind, str) and chance.kind, f"[chance] no kind{why}"
    outcomes, weights = chance.outcomes, chance.weights
    assert isinstance(outcomes, tuple) and isinstance(weights, tuple), f"[chance] not tuples{why}"
    assert outcomes and len(outcomes) == len(weights), f"[chance] {chance}{why}"
    assert all(isinstance(o, str) for o in outcomes), f"[chance] outcomes not texts{why}"
    assert len(set(outcomes)) == len(outcomes), f"[chance] outcomes repeat: {outcomes}{why}"
    assert all(type(w) is int and w > 0 for w in weights), f"[chance] weights {weights}{why}"
    assert chance.seen_by is None or isinstance(chance.seen_by, frozenset), f"[chance]{why}"


def check_waiting(state: State, why: str) -> None:
    """While a step that is not deferrable waits: no legal move, ``apply`` refused with
    a message, the game not over, a player still named; ``deal`` refuses what it must."""
    chance = state.chance
    assert chance is not None
    if not chance.deferrable:
        assert state.legal_moves() == [], f"[chance] moves while a {chance.kind} waits{why}"
        assert not state.is_terminal(), f"[chance] over while a {chance.kind} waits{why}"
        assert state.current_player is not None, f"[chance] no player while it waits{why}"
    for bad in (None, 3, b"x"):
        if bad is None and state.viewer is not None:
            continue
        try:
            state.deal(bad)  # type: ignore[arg-type]
        except InvalidMoveError:
            pass
        else:
            raise AssertionError(f"[chance] deal({bad!r}) was accepted{why}")
    for text in NOT_MOVES:
        if text in chance.outcomes:
            continue
        try:
            state.deal(text)
        except IllegalMoveError:
            pass
        else:
            raise AssertionError(f"[chance] deal({text!r}) was accepted{why}")


@dataclass
class Followed:
    """One game at a table without a dealer, every seat following it from its view."""

    steps: int = 0
    chances: int = 0
    private: int = 0
    kinds: set[str] = field(default_factory=set)


def follow_game(game: str, players: int, options_json: str, seed: int | str) -> Followed:
    """A random game at a table without a dealer (random outcomes by weight, random legal
    moves); each seat's client starts from the table's first view and is fed the moves as
    its seat sees them and the outcomes it may see; after every step it must equal the
    referee's view, byte for byte.  At a private outcome, the views of the seats that do
    not see it must not change with it (another outcome dealt instead gives the same
    views).  Waiting steps refuse what they must."""
    rng = Rng(f"follow|{game}|{players}|{options_json}|{seed}")
    referee = make(game, players=players, dealer=None, **json.loads(options_json))
    assert referee.setup["seed"] is None, f"[chance] a table without a dealer has a seed ({game})"
    clients = [referee.view(q) for q in range(players)]
    out = Followed()
    recipe = f"\n  follow_game({game!r}, {players}, {options_json!r}, {seed!r})"
    while not referee.is_terminal():
        why = f"{recipe}, step {out.steps}"
        out.steps += 1
        if out.steps > 4 * MAX_PLIES:
            raise AssertionError(f"[chance] the game does not end{why}")
        chance = referee.chance
        # A deferrable step is dealt at a random moment while its mover plays on, and
        # at once when nobody can move before it.
        if chance is not None and (
            not chance.deferrable or rng.randbelow(2) == 0 or not referee.legal_moves()
        ):
            out.chances += 1
            out.kinds.add(chance.kind)
            check_chance_shape(chance, why)
            if out.chances % 7 == 1:
                check_waiting(referee, why)
            outcome = pick_outcome(chance, rng)
            dealt = referee.deal(outcome)
            if chance.seen_by is not None and len(chance.outcomes) > 1:
                out.private += 1
                other = chance.outcomes[(chance.outcomes.index(outcome) + 1) % len(chance.outcomes)]
                instead = referee.deal(other)
                for q in range(players):
                    if q not in chance.seen_by:
                        assert dealt.view(q).to_json() == instead.view(q).to_json(), (
                            f"[chance] player {q}'s view shows the {chance.kind} it does not "
                            f"see ({outcome!r} and {other!r} give different views){why}"
                        )
            for q, client in enumerate(clients):
                seen = client.chance
                assert seen is not None and seen.kind == chance.kind, (
                    f"[chance] player {q}'s view waits for {seen} not {chance.kind}{why}"
                )
                if sees(chance, q):
                    # (a view that cannot list a reveal reads it instead: no outcomes)
                    assert outcome in seen.outcomes or not seen.outcomes, (
                        f"[chance] player {q} sees the {chance.kind} but not {outcome!r} "
                        f"among what its view says could come{why}"
                    )
                clients[q] = client.deal(outcome if sees(chance, q) else None)
            referee = dealt
        else:
            legal = referee.legal_moves()
            assert legal, f"[chance] nothing to do and nothing to deal{why}"
            move = legal[rng.randbelow(len(legal))]
            for q, client in enumerate(clients):
                clients[q] = client.apply(referee.move_as_seen(move, q))
            referee = referee.apply(move)
        for q, client in enumerate(clients):
            expected = referee.view(q).to_json()
            got = client.to_json()
            if got != expected:
                raise AssertionError(
                    f"[follow] player {q}'s client differs from the referee's view after "
                    f"{referee.history[-1]['move'] if referee.history else 'the set-up'!r}"
                    f"{why}\n  client:  {got[:1500]}\n  referee: {expected[:1500]}"
                )
    return out


def check_seeded_never_waits(g: Played) -> None:
    """A seeded table deals every step as it comes: no state of its game waits."""
    for ply, s in g.samples:
        assert s.chance is None, f"[chance] a seeded game waits for {s.chance}{g.where(ply, s)}"


def chi_square_fits(counts: Sequence[int], weights: Sequence[int]) -> tuple[float, float]:
    """The chi-square statistic of ``counts`` against ``weights`` and its critical value
    at p = 0.001 (Wilson-Hilferty), for a fit test with a fixed seed."""
    n, total = sum(counts), sum(weights)
    expected = [n * w / total for w in weights]
    stat = sum((c - e) ** 2 / e for c, e in zip(counts, expected, strict=True))
    k = len(counts) - 1
    z = 3.09  # the normal's 0.999 quantile
    critical = k * (1 - 2 / (9 * k) + z * (2 / (9 * k)) ** 0.5) ** 3
    return stat, critical


def prng_callers() -> tuple[list[str], Callable[[], None]]:
    """Record the function that asks the PRNG for each number (the first caller outside
    ``rng.py``): the list the calls fill, and the function that undoes the recording."""
    import sys

    from tablero.core import rng as rng_module

    callers: list[str] = []
    original = rng_module.Rng.next64

    def next64(self: Rng) -> int:
        frame = sys._getframe(1)
        # the first caller outside rng.py and outside a comprehension (its own frame)
        while frame.f_code.co_filename == rng_module.__file__ or frame.f_code.co_name in (
            "<listcomp>",
            "<genexpr>",
            "<setcomp>",
            "<dictcomp>",
        ):
            frame = frame.f_back  # type: ignore[assignment]
        callers.append(f"{frame.f_code.co_name} ({frame.f_code.co_filename})")
        return original(self)

    rng_module.Rng.next64 = next64  # type: ignore[method-assign]

    def undo() -> None:
        rng_module.Rng.next64 = original  # type: ignore[method-assign]

    return callers, undo


#: The only functions that may draw from a game state's PRNG: the seeded dealer (a step,
#: a deck stacked up front, its cards' sides) and ``determinize`` (dealing what a view hides).
DEALERS = frozenset({"seeded_value", "_shuffled", "_sides", "determinize", "_deal"})


def check_prng_only_in_the_dealer(game: str, players: int, options_json: str) -> None:
    """A seeded game played to its end (with a determinized view at every move): every
    number drawn from the PRNG is drawn by one of :data:`DEALERS`."""
    import random

    picker = random.Random(7)  # the check's own choices, not a game's PRNG
    callers, undo = prng_callers()
    try:
        state = make(game, players=players, seed=3, **json.loads(options_json))
        while not state.is_terminal():
            state.view(state.current_player or 0).determinize(picker.getrandbits(64))
            state = state.apply(picker.choice(state.legal_moves()))
    finally:
        undo()
    assert {c.split(" ")[0] for c in callers} & {"seeded_value", "_shuffled"}, (
        f"[prng] {game}: the seeded dealer never drew ({sorted(set(callers))})"
    )
    others = sorted({c for c in callers if c.split(" ")[0] not in DEALERS})
    assert not others, f"[prng] {game}: the PRNG is drawn from outside the dealer: {others}"


def check_seeded_fit(game: str, players: int, options_json: str, seeds: int = 1500) -> None:
    """Over ``seeds`` seeded set-ups, the first outcome dealt beyond the first player
    comes as often as the weights of that step at a table without a dealer say."""
    options = json.loads(options_json)
    table = make(game, players=players, dealer=None, **options)
    chance = table.chance
    while chance is not None and chance.kind == "first_player":
        table = table.deal(chance.outcomes[0])
        chance = table.chance
    assert chance is not None, f"[fit] {game}: the set-up deals nothing"
    kind = chance.kind
    cls: Any = type(table)
    first: list[str] = []
    deal = cls._DEALS[kind]

    def record(self: Any, step: Any, value: Any, events: Any) -> None:
        if not first:
            first.append(self._outcome_text(kind, value))
        deal(self, step, value, events)

    cls._DEALS[kind] = record
    counts = dict.fromkeys(chance.outcomes, 0)
    try:
        for seed in range(seeds):
            first.clear()
            make(game, players=players, seed=seed, **options)
            assert first and first[0] in counts, f"[fit] {game} seed {seed}: dealt {first}"
            counts[first[0]] += 1
    finally:
        cls._DEALS[kind] = deal
    stat, critical = chi_square_fits(list(counts.values()), chance.weights)
    assert stat < critical, (
        f"[fit] {game}: the seeded {kind} does not fit its weights (chi-square {stat:.1f} "
        f">= {critical:.1f}): {json.dumps(counts)}"
    )
