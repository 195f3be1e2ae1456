"""The conformance checks can fail: each is run on Tiny Nim broken on purpose, and must
catch the break (with its tag in the message).  A check that passes a broken game proves
nothing about the real ones."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from support import tiny_game
from support.tiny_game import Keep, Swap, Take, TinyState
from tablero.core import CorruptDataError, Rng, make

from . import conformance_checks as cc


def tiny(players: int = 2, moves: tuple[str, ...] = ("take 1", "keep")) -> TinyState:
    """A fresh (uncached) Tiny Nim position: ``take`` decision, a move of history."""
    s = make(cc.TINY, players=players, seed=5)
    for text in moves:
        s = s.apply(text)
    assert isinstance(s, TinyState)
    return s


def played_fresh() -> cc.Played:
    """A game played now with the (possibly broken) engine, not the session's cached one."""
    return cc.played.__wrapped__(cc.TINY, 2, "{}", 1)


def test_the_checks_pass_on_the_intact_game() -> None:
    s = tiny()
    cc.check_closure(s, "")
    cc.check_json_round_trip(s, "")
    cc.check_text_round_trip(cc.TINY, s, "")
    cc.check_text_with_comments(cc.TINY, s, "")
    assert cc.check_view(s, 1, "")
    cc.check_view_playable(s, 1, 3, "")
    cc.check_no_mutation(s, "")
    cc.check_bad_data(s, "")
    cc.check_bad_text(cc.TINY, s, "")
    cc.check_bad_moves(s, "")
    g = played_fresh()
    cc.check_replay(g)
    cc.check_end(g.final, "", list(g.kinds.values()))
    assert sum(cc.check_wrong_kind(st, g, "") for _, st in g.samples) > 0
    cc.check_make_errors(cc.TINY)


Break = Callable[[pytest.MonkeyPatch], None]


def _drop_last_legal(mp: pytest.MonkeyPatch) -> None:
    legal = TinyState.legal_moves
    mp.setattr(TinyState, "legal_moves", lambda self: legal(self)[:-1])


def _legal_refused(mp: pytest.MonkeyPatch) -> None:
    check = TinyState._CHECKS[Take]
    mp.setitem(TinyState._CHECKS, Take, lambda s, m: "no" if m.k == 2 else check(s, m))


def _reader_crashes(mp: pytest.MonkeyPatch) -> None:
    read = TinyState.read_move

    def broken(self: TinyState, text: str) -> Any:
        if text == "jump":
            raise KeyError(text)
        return read(self, text)

    mp.setattr(TinyState, "read_move", broken)


def _candidates_miss_a_move(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(TinyState, "move_candidates", lambda self: ["take 1"])


def _order_changes(mp: pytest.MonkeyPatch) -> None:
    legal = TinyState.legal_moves
    calls = iter(range(1000))
    mp.setattr(TinyState, "legal_moves", lambda self: legal(self)[:: 1 - 2 * (next(calls) % 2)])


def _listed_twice(mp: pytest.MonkeyPatch) -> None:
    legal = TinyState.legal_moves
    mp.setattr(TinyState, "legal_moves", lambda self: legal(self) + legal(self)[:1])


def _view_leaks_tokens(mp: pytest.MonkeyPatch) -> None:
    hide = TinyState._hide

    def leaky(self: TinyState, player: int) -> None:
        tokens = self.tokens
        hide(self, player)
        self.tokens = tokens

    mp.setattr(TinyState, "_hide", leaky)
    # from_dict would refuse such a view; the leak must be caught by the view check itself
    mp.setattr(TinyState, "_deal", lambda self, rng: _deal_all(self, rng))


def _deal_all(self: TinyState, rng: Rng) -> None:
    items = list(tiny_game.TOKENS)
    rng.shuffle(items)
    self.tokens = [items.pop() for _ in range(self.n)]
    self.pouch, self.unseen = sorted(items), None


def _view_keeps_seed(mp: pytest.MonkeyPatch) -> None:
    view = TinyState.view

    def keeps(self: TinyState, player: int) -> TinyState:
        v = view(self, player)
        if v is not self:
            v.setup = {**v.setup, "seed": self.setup["seed"]}
        return v

    mp.setattr(TinyState, "view", keeps)


def _json_loses_a_field(mp: pytest.MonkeyPatch) -> None:
    read = TinyState.from_dict.__func__  # type: ignore[attr-defined]

    def lossy(cls: type[TinyState], data: Any) -> TinyState:
        s = read(cls, data)
        s.swapped = [True] * s.n
        return s

    mp.setattr(TinyState, "from_dict", classmethod(lossy))


def _notation_loses_a_field(mp: pytest.MonkeyPatch) -> None:
    write = TinyState.to_text
    mp.setattr(TinyState, "to_text", lambda self: write(self).replace("no", "yes", 1))


def _notation_refuses_comments(mp: pytest.MonkeyPatch) -> None:
    read = TinyState.from_text.__func__  # type: ignore[attr-defined]

    def strict(cls: type[TinyState], text: str) -> TinyState:
        if ";" in text:
            raise CorruptDataError("no comments here")
        return read(cls, text)

    mp.setattr(TinyState, "from_text", classmethod(strict))


def _apply_shares_history(mp: pytest.MonkeyPatch) -> None:
    copy = TinyState._copy

    def shallow(self: TinyState) -> TinyState:
        s = copy(self)
        s.history_ = self.history_
        return s

    mp.setattr(TinyState, "_copy", shallow)


def _to_dict_aliases(mp: pytest.MonkeyPatch) -> None:
    write = TinyState.to_dict

    def aliasing(self: TinyState) -> dict[str, Any]:
        data = write(self)
        data["score"] = self.score
        return data

    mp.setattr(TinyState, "to_dict", aliasing)


def _reader_accepts_garbage(mp: pytest.MonkeyPatch) -> None:
    read = TinyState.from_dict.__func__  # type: ignore[attr-defined]

    def lenient(cls: type[TinyState], data: Any) -> TinyState:
        try:
            return read(cls, data)
        except CorruptDataError:
            return make(cls.game.id, players=2, seed=0)  # type: ignore[return-value]

    mp.setattr(TinyState, "from_dict", classmethod(lenient))


def _newer_version_unexplained(mp: pytest.MonkeyPatch) -> None:
    read = TinyState.from_dict.__func__  # type: ignore[attr-defined]

    def vague(cls: type[TinyState], data: Any) -> TinyState:
        if data.get("version") != 1:
            raise CorruptDataError("bad data")
        return read(cls, data)

    mp.setattr(TinyState, "from_dict", classmethod(vague))


def _empty_move_reads(mp: pytest.MonkeyPatch) -> None:
    read = TinyState.read_move
    mp.setattr(TinyState, "read_move", lambda self, t: Keep() if not t.strip() else read(self, t))


def _rng_not_from_state(mp: pytest.MonkeyPatch) -> None:
    # The pouch's order taken from a counter outside the state: the same seed and moves
    # deal other tokens.
    counter = iter(range(1, 10**6))
    source = TinyState._SOURCES["deal"]

    def drawn(self: TinyState, step: Any) -> Any:
        items = list(source(self, step).items)
        k = next(counter) % len(items)
        return source(self, step)._replace(items=items[k:] + items[:k])

    for kind in ("deal", "swap"):
        mp.setitem(TinyState._SOURCES, kind, drawn)


def _history_shows_swaps(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(TinyState, "_mask_entry", lambda self, entry, viewer: entry)


def _client_forgets_the_swap(mp: pytest.MonkeyPatch) -> None:
    deal = TinyState._DEALS["swap"]

    def forget(self: TinyState, step: Any, value: Any, events: Any) -> None:
        swapped = self.swapped
        deal(self, step, value, events)
        if self.viewer_ is not None:
            self.swapped = swapped

    mp.setitem(TinyState._DEALS, "swap", forget)


def _moves_while_waiting(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(TinyState, "_waiting", lambda self: False)


def _deal_takes_anything(mp: pytest.MonkeyPatch) -> None:
    deal = TinyState.deal

    def lax(self: TinyState, outcome: Any) -> Any:
        chance = self.chance
        if isinstance(outcome, str) and chance and outcome not in chance.outcomes:
            outcome = chance.outcomes[0]
        return deal(self, outcome)

    mp.setattr(TinyState, "deal", lax)


def _game_draws_for_itself(mp: pytest.MonkeyPatch) -> None:
    source = TinyState._SOURCES["swap"]

    def own(self: TinyState, step: Any) -> Any:
        items = list(source(self, step).items)
        if self.rng:
            rng = Rng.from_state(self.rng)
            rng.shuffle(items)
            self.rng = rng.state
        return source(self, step)._replace(items=items)

    mp.setitem(TinyState._SOURCES, "swap", own)


def _dealer_favours_the_first(mp: pytest.MonkeyPatch) -> None:
    from tablero.core import protocol

    fair = protocol.seeded_value

    def biased(source: Any, state: int) -> Any:
        value, after = fair(source, state)
        return (source.items[0] if after % 3 == 0 else value), after

    mp.setattr(protocol, "seeded_value", biased)


def _moves_after_the_end(mp: pytest.MonkeyPatch) -> None:
    reason = TinyState.illegal_reason
    mp.setattr(
        TinyState,
        "illegal_reason",
        lambda self, m: "no more moves, sorry" if self.phase == "over" else reason(self, m),
    )


def _wrong_kind_misreported(mp: pytest.MonkeyPatch) -> None:
    reason = TinyState.illegal_reason

    def mute(self: TinyState, m: Any) -> str | None:
        if self.phase == "take" and isinstance(m, Swap | Keep):
            return "nope"
        return reason(self, m)

    mp.setattr(TinyState, "illegal_reason", mute)


def _determinize_keeps_viewer(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(TinyState, "determinize", lambda self, rng: self)


def _make_accepts_anything(mp: pytest.MonkeyPatch) -> None:
    real = cc.make

    def lax(game_id: str, *, players: Any, seed: Any = 0, **options: Any) -> Any:
        try:
            return real(game_id, players=players, seed=seed, **options)
        except ValueError:
            return real(game_id, players=2, seed=seed)

    mp.setattr(cc, "make", lax)


def _state() -> TinyState:
    return tiny()


def _g() -> cc.Played:
    return played_fresh()


CHECKS: dict[str, Callable[[], Any]] = {
    "closure": lambda: cc.check_closure(_state(), ""),
    "closure-swap": lambda: cc.check_closure(tiny(moves=("take 1",)), ""),
    "json": lambda: cc.check_json_round_trip(_state(), ""),
    "notation": lambda: cc.check_text_round_trip(cc.TINY, _state(), ""),
    "comments": lambda: cc.check_text_with_comments(cc.TINY, _state(), ""),
    "view": lambda: cc.check_view(_state(), 1, ""),
    "view-playable": lambda: cc.check_view_playable(_state(), 1, 3, ""),
    "no-mutation": lambda: cc.check_no_mutation(_state(), ""),
    "bad-data": lambda: cc.check_bad_data(_state(), ""),
    "bad-moves": lambda: cc.check_bad_moves(_state(), ""),
    "replay": lambda: cc.check_replay(_g()),
    "end": lambda: (lambda g: cc.check_end(g.final, "", list(g.kinds.values())))(_g()),
    "wrong-kind": lambda: [cc.check_wrong_kind(s, g, "") for g in [_g()] for _, s in g.samples],
    "make": lambda: cc.check_make_errors(cc.TINY),
    "follow": lambda: cc.follow_game(cc.TINY, 2, "{}", 1),
    "prng": lambda: cc.check_prng_only_in_the_dealer(cc.TINY, 2, "{}"),
    "fit": lambda: cc.check_seeded_fit(cc.TINY, 2, "{}", seeds=600),
}

BREAKS: list[tuple[str, Break, str, str]] = [
    # (what is broken, how, the check that must catch it, the tag in its message)
    ("a legal move is not listed", _drop_last_legal, "closure", "[closure]"),
    ("a listed move is refused", _legal_refused, "closure", "[legal]"),
    ("parse_move crashes on a candidate", _reader_crashes, "closure", "KeyError"),
    ("a legal move is not a candidate", _candidates_miss_a_move, "closure", "[candidates]"),
    ("the order of the moves changes", _order_changes, "closure", "[order]"),
    ("a move is listed twice", _listed_twice, "closure-swap", "[unique]"),
    ("a view shows others' tokens", _view_leaks_tokens, "view", "depends on hidden facts"),
    ("a view keeps the seed", _view_keeps_seed, "view", "keeps the seed"),
    ("from_json loses a field", _json_loses_a_field, "json", "[json]"),
    ("the notation does not read back", _notation_loses_a_field, "notation", "[notation]"),
    ("the notation refuses comments", _notation_refuses_comments, "comments", "[notation]"),
    ("apply edits the state's history", _apply_shares_history, "no-mutation", "[no mutation]"),
    ("to_dict shares a list", _to_dict_aliases, "no-mutation", "[to_dict aliases the state]"),
    ("from_json accepts garbage", _reader_accepts_garbage, "bad-data", "raised nothing"),
    ("a newer version is not explained", _newer_version_unexplained, "bad-data", "newer"),
    ("an empty text is a move", _empty_move_reads, "bad-moves", "parse_move(''"),
    ("randomness not from the state", _rng_not_from_state, "replay", "[determinism]"),
    ("the end refuses moves vaguely", _moves_after_the_end, "end", "the game is over"),
    ("a wrong kind is misreported", _wrong_kind_misreported, "wrong-kind", "is not possible now"),
    ("determinize returns the view", _determinize_keeps_viewer, "view-playable", "[determinize]"),
    ("make accepts bad setups", _make_accepts_anything, "make", "raised nothing"),
    ("a view's history shows a swap", _history_shows_swaps, "follow", "does not see"),
    ("a client forgets the swap", _client_forgets_the_swap, "follow", "[follow]"),
    ("moves while a step waits", _moves_while_waiting, "follow", "moves while"),
    ("deal takes any text", _deal_takes_anything, "follow", "was accepted"),
    ("a game draws for itself", _game_draws_for_itself, "prng", "outside the dealer"),
    ("the dealer favours the first", _dealer_favours_the_first, "fit", "does not fit"),
]


@pytest.mark.parametrize(("what", "breaks", "check", "tag"), BREAKS, ids=[b[0] for b in BREAKS])
def test_each_check_catches_a_broken_game(
    monkeypatch: pytest.MonkeyPatch, what: str, breaks: Break, check: str, tag: str
) -> None:
    CHECKS[check]()  # passes on the intact game
    breaks(monkeypatch)
    with pytest.raises(AssertionError) as caught:
        CHECKS[check]()
    assert tag in str(caught.value), f"{what}: caught, but not as {tag!r}:\n{caught.value}"


def test_setups_include_one_player_and_the_extra_configurations() -> None:
    setups = tiny_game.GAME.setups()
    assert (1, {"mode": "solo"}) in setups
    assert (3, {"takes": [2, 3], "first_player": 2}) in setups
    assert all(p in tiny_game.GAME.allowed_players({"mode": o.get("mode", "duel")})
               for p, o in setups)  # fmt: skip
    assert json.loads(tiny().to_json())["setup"]["options"] == {
        "mode": "duel",
        "takes": [1, 2],
        "first_player": None,
    }
