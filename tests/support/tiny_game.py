"""Tiny Nim: a test-only game written on the core's framework exactly as a real game is.

It exists so that the conformance suite (``tests/platform/conformance/``) and the golden replays
(``tests/platform/golden/``) exercise every part of the framework on a game small enough to read
at a glance: ``Game`` with a one-of option, a set option, the first-player seat option
and a ``players_for`` that allows a 1-player mode; ``PhasedState`` with two decisions
and tagged handlers; the shared JSON envelope; a notation; a hidden part (each
player's secret token, drawn from a pouch); and chance steps (the tokens dealt, the first
player, the swap's draw, the tokens revealed at the end).

Rules.  A heap of ``3 * players + 3`` stones.  On your turn, ``take k`` stones (``k`` one
of the ``takes`` option, at most what is left), then ``swap`` your secret token for a
random one from the pouch (once per game) or ``keep`` it.  The game ends as soon as the
heap holds fewer stones than the smallest allowed take; each player then scores the
stones taken plus the value of their token (revealed at the end).

It is registered only by the tests (``tablero.core.register(TINY_ID, "support.tiny_game")``,
with ``tests/`` on ``sys.path``; see :func:`registered`).
"""

from __future__ import annotations

import re
from bisect import insort
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tablero.core import (
    UNSEEN,
    CorruptDataError,
    Decision,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    OptionSpec,
    PhasedState,
    Rng,
    Source,
    Step,
    checks,
    dealer_state,
    deals,
    first_player_option,
    moves_of,
    plays,
    register,
    sources,
    unregister,
)
from tablero.core.envelope import read_envelope, write_envelope
from tablero.core.jsonutil import require, require_int, require_list
from tablero.core.notation import content_lines
from tablero.core.options import resolve_options

TINY_ID = "tiny_nim"
TAKES = (1, 2, 3)
TOKENS = (1, 1, 2, 2, 3, 3, 4, 5)  # the pouch before setup: one token is dealt to each player


@dataclass(frozen=True)
class Take:
    k: int

    def __str__(self) -> str:
        return f"take {self.k}"


@dataclass(frozen=True)
class Swap:
    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True)
class Keep:
    def __str__(self) -> str:
        return "keep"


def _players_for(options: Mapping[str, Any]) -> tuple[int, ...]:
    return (1,) if options["mode"] == "solo" else (2, 3)


GAME = Game(
    id=TINY_ID,
    title="Tiny Nim",
    min_players=1,
    max_players=3,
    version=1,
    options=(
        OptionSpec("mode", "duel", ("duel", "solo"), "solo: one player alone"),
        OptionSpec("takes", (1, 2), TAKES, "the takes allowed", kind="set", min_size=1),
        first_player_option(3),
    ),
    players_for=_players_for,
    configurations=(
        (1, {"mode": "solo", "takes": [1, 3], "first_player": 0}),
        (3, {"takes": [2, 3], "first_player": 2}),
    ),
)


def _expected_take(s: TinyState) -> str:
    return " or ".join(f"take {k}" for k in s.takes if k <= s.heap)


class TinyState(PhasedState, game=GAME):
    """A Tiny Nim position (``tokens[q]`` is 0 where a view hides it or before it is dealt)."""

    __slots__ = (
        "n", "mode", "takes", "setup", "heap", "score", "tokens", "swapped", "pouch",
        "unseen", "player", "phase", "rng", "viewer_", "history_",
    )  # fmt: skip

    DECISIONS = {
        "take": Decision((Take,), _expected_take),
        "swap": Decision((Swap, Keep), "swap or keep"),
    }

    mode: str
    takes: tuple[int, ...]
    heap: int
    tokens: list[int]
    swapped: list[bool]
    pouch: list[int] | None  # sorted; None in a view
    unseen: list[int] | None  # a view's hidden tokens (pouch and others'), sorted

    @classmethod
    def new_game(cls, players: int, seed: int | str, **options: Any) -> TinyState:
        s = cls.__new__(cls)
        s.n, s.mode, s.takes = players, options["mode"], options["takes"]
        s.setup = GAME.setup_record(players, seed, options)
        s.rng, s.viewer_, s.history_ = dealer_state(seed), None, []
        s.tokens, s.pouch, s.unseen = [0] * players, list(TOKENS), None
        s.heap, s.score, s.swapped = 3 * players + 3, [0] * players, [False] * players
        first = options["first_player"]
        s.player, s.phase = 0 if first is None else first, "take"
        s._pend("deal", 0)  # one token to each seat, then the first player if not chosen
        return s._started()

    def _copy(self) -> TinyState:
        s = TinyState.__new__(TinyState)
        for name in (*self.__slots__, "chance_"):
            setattr(s, name, getattr(self, name))
        s.history_ = self.history_[:]  # the other lists are replaced, never edited
        return s

    # --- chance: the deal, the swap's draw, the reveal at the end -----------------------

    def _outcome_text(self, kind: str, value: Any) -> str:
        if kind == "reveal":
            return " ".join(map(str, value))
        return super()._outcome_text(kind, value)

    @sources("deal", "swap")
    def _pouch_source(self, step: Step) -> Source:
        """A token from the pouch (in a view: the tokens it has not seen), seen by the
        seat it goes to."""
        seat = step.arg
        return Source(
            self.pouch if self.pouch is not None else self.unseen or [], None, frozenset({seat})
        )

    @deals("deal")
    def _deal_token(self, step: Step, value: Any, events: list[dict[str, Any]]) -> None:
        seat = step.arg
        self._take_token(seat, value)
        if seat + 1 < self.n:
            self._pend("deal", seat + 1)
        elif self.setup["options"]["first_player"] is None:
            self._pend("first_player")

    @deals("first_player")
    def _deal_first(self, step: Step, value: int, events: list[dict[str, Any]]) -> None:
        self.player = value

    def _take_token(self, seat: int, value: Any) -> None:
        """``value`` out of the pouch (a view: out of what it has not seen) to ``seat``."""
        if value is UNSEEN:
            return  # a view that does not see it: the token stays unseen, and hidden
        if self.pouch is not None:
            self.pouch = self.pouch[:]
            self.pouch.remove(value)
        else:
            assert self.unseen is not None
            self.unseen = self.unseen[:]
            self.unseen.remove(value)
        self.tokens = [value if q == seat else t for q, t in enumerate(self.tokens)]

    @sources("reveal")
    def _reveal_source(self, step: Step) -> Source:
        """Every token shown at the end (a view lists nothing: it reads what is shown)."""
        hidden = any(t == 0 for t in self.tokens)
        return Source([] if hidden else [tuple(self.tokens)], None, None, "reveal")

    def _read_reveal(self, step: Step, text: str) -> tuple[int, ...]:
        words = text.split()
        if len(words) != self.n or not all(w.isascii() and w.isdigit() for w in words):
            raise IllegalMoveError(f"{text!r}: the reveal shows one token a player")
        tokens = tuple(int(w) for w in words)
        left = list(self.unseen or [])
        for q, t in enumerate(tokens):
            if self.tokens[q] == 0:
                if t not in left:
                    raise IllegalMoveError(f"{text!r}: no unseen {t} could be in a hand")
                left.remove(t)
            elif self.tokens[q] != t:
                raise IllegalMoveError(f"{text!r}: player {q} holds {self.tokens[q]}")
        return tokens

    @deals("reveal")
    def _deal_reveal(self, step: Step, value: tuple[int, ...], ev: list[dict[str, Any]]) -> None:
        if self.unseen is not None:
            unseen = list(self.unseen)
            for q, t in enumerate(value):
                if self.tokens[q] == 0:
                    unseen.remove(t)
            self.unseen = unseen
        self.tokens = list(value)
        self.score = [x + t for x, t in zip(self.score, self.tokens, strict=True)]
        ev.append({"type": "end", "tokens": self.tokens[:], "score": self.score[:]})

    # --- the rules -------------------------------------------------------------------

    @moves_of("take")
    def _takes(self) -> list[Take]:
        return [Take(k) for k in self.takes if k <= self.heap]

    @moves_of("swap")
    def _swaps(self) -> list[Swap | Keep]:
        return [Keep()] if self.swapped[self.player] else [Swap(), Keep()]

    @checks(Take)
    def _check_take(self, move: Take) -> str | None:
        if move.k not in self.takes:
            return f"{move}: this game allows taking {' or '.join(map(str, self.takes))} stones"
        if move.k > self.heap:
            return f"{move}: only {self.heap} stones are left"
        return None

    @checks(Swap)
    def _check_swap(self, move: Swap) -> str | None:
        return "swap: you have already swapped your token" if self.swapped[self.player] else None

    @checks(Keep)
    def _check_keep(self, move: Keep) -> str | None:
        return None

    @plays(Take)
    def _play_take(self, move: Take, events: list[dict[str, Any]]) -> None:
        p = self.player
        self.heap -= move.k
        self.score = [x + move.k * (q == p) for q, x in enumerate(self.score)]
        events.append({"type": "take", "player": p, "stones": move.k})
        if self.heap >= self.takes[0]:
            self.phase = "swap"
            return
        self.phase = "over"
        self._pend("reveal")  # the tokens shown, then scored

    @plays(Swap)
    def _play_swap(self, move: Swap, events: list[dict[str, Any]]) -> None:
        self._pend("swap", self.player)  # a token drawn from the pouch, then the old one back

    @deals("swap")
    def _deal_swap(self, step: Step, drew: Any, events: list[dict[str, Any]]) -> None:
        p = step.arg
        returned = self.tokens[p]
        if drew is UNSEEN:
            events.append({"type": "swap", "player": p})
        else:
            self._take_token(p, drew)
            back = self.pouch if self.pouch is not None else self.unseen
            assert back is not None
            back = back[:]
            insort(back, returned)
            if self.pouch is not None:
                self.pouch = back
            else:
                self.unseen = back
            events.append({"type": "swap", "player": p, "returned": returned, "drew": drew})
        self.swapped = [x or q == p for q, x in enumerate(self.swapped)]
        self.player, self.phase = (p + 1) % self.n, "take"

    @plays(Keep)
    def _play_keep(self, move: Keep, events: list[dict[str, Any]]) -> None:
        self.player, self.phase = (self.player + 1) % self.n, "take"

    def read_move(self, text: str) -> Take | Swap | Keep:
        words = text.strip().lower().split() if isinstance(text, str) else None
        if words == ["swap"]:
            return Swap()
        if words == ["keep"]:
            return Keep()
        if words and len(words) == 2 and words[0] == "take":
            if words[1].isascii() and words[1].isdigit() and 1 <= int(words[1]) <= 9:
                return Take(int(words[1]))
            raise InvalidMoveError(f"take needs a number of stones from 1 to 9, not {words[1]!r}")
        raise InvalidMoveError(f"{text!r} is not a Tiny Nim move: write take N, swap or keep")

    def move_candidates(self) -> list[str]:
        near = ["take 0", "take 1", "take 2", "take 3", "take 4", "swap", "keep", " Take 1 "]
        return [str(m) for m in self.legal_moves()] + near + ["take", "take x", "jump", ""]

    # --- hidden information -------------------------------------------------------

    def _hidden_seats(self, viewer: int) -> list[int]:
        if self.phase == "over" and self.chance_ is None:  # revealed at the end
            return []
        return [q for q in range(self.n) if q != viewer]

    def _hide(self, player: int) -> None:
        hidden = self._hidden_seats(player)
        assert self.pouch is not None
        self.unseen = sorted(self.pouch + [self.tokens[q] for q in hidden if self.tokens[q]])
        self.tokens = [0 if q in hidden else t for q, t in enumerate(self.tokens)]
        self.pouch = None

    def _deal(self, rng: Rng) -> None:
        assert self.unseen is not None and self.viewer_ is not None
        items = self.unseen[:]
        rng.shuffle(items)
        tokens = self.tokens[:]
        for q in self._hidden_seats(self.viewer_):
            tokens[q] = items.pop()
        self.tokens, self.pouch, self.unseen = tokens, sorted(items), None

    def _mask_entry(self, entry: dict[str, Any], viewer: int) -> dict[str, Any]:
        events = [
            {"type": "swap", "player": e["player"]} if e["type"] == "swap" else e
            for e in entry["events"]
        ]
        return {**entry, "events": events}

    # --- saving ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return write_envelope(
            GAME,
            players=self.n,
            setup=self.setup,
            viewer=self.viewer_,
            rng=self.rng,
            history=self.history_,
            head={"phase": self.phase, "player": self.player},
            body={
                "heap": self.heap,
                "score": self.score[:],
                "tokens": self.tokens[:],
                "swapped": self.swapped[:],
                "pouch": None if self.pouch is None else self.pouch[:],
                "unseen": None if self.unseen is None else self.unseen[:],
            },
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TinyState:
        env = read_envelope(data, GAME)
        n = env.players
        try:
            options = resolve_options(GAME.options, env.setup["options"], n, GAME.title)
        except ValueError as exc:
            raise CorruptDataError(f"the setup's options are not valid: {exc}") from exc
        if n not in GAME.allowed_players(options):
            raise CorruptDataError(f"a {options['mode']} game is not played by {n} players")
        s = cls.__new__(cls)
        s.n, s.mode, s.takes, s.setup = n, options["mode"], options["takes"], env.setup
        s.rng, s.viewer_, s.history_ = env.rng, env.viewer, env.history
        s.phase = require(data, "phase", str)
        if s.phase not in (*cls.DECISIONS, "over"):
            raise CorruptDataError(f"{s.phase!r} is not a Tiny Nim decision")
        s.player = require_int(data.get("player"), "player", 0, n - 1)
        s.heap = require_int(data.get("heap"), "heap", 0, 3 * n + 3)
        if (s.phase == "over") != (s.heap < s.takes[0]):
            raise CorruptDataError("the game is over exactly when no take is possible")
        s.score = [require_int(x, "a score", 0, 99) for x in _list(data, "score", n)]
        s.tokens = [require_int(x, "a token", 0, 5) for x in _list(data, "tokens", n)]
        s.swapped = _list(data, "swapped", n)
        if not all(isinstance(x, bool) for x in s.swapped):
            raise CorruptDataError("swapped must list true or false for each player")
        s.pouch, s.unseen = _tokens(data, "pouch"), _tokens(data, "unseen")
        hidden = [] if s.viewer_ is None else s._hidden_seats(s.viewer_)
        if s.viewer_ is None and (s.pouch is None or s.unseen is not None):
            raise CorruptDataError("a full state has a pouch and no unseen tokens")
        if s.viewer_ is not None and (s.pouch is not None or s.unseen is None):
            raise CorruptDataError("a view has unseen tokens and no pouch")
        known = [t for q, t in enumerate(s.tokens) if q not in hidden]
        if any(s.tokens[q] for q in hidden) or Counter(known + (s.pouch or s.unseen or [])) != (
            Counter(TOKENS)
        ):
            raise CorruptDataError(f"the tokens are not the pouch's {list(TOKENS)}")
        return s

    def to_text(self) -> str:
        def seq(xs: list[Any] | None) -> str:
            return "-" if xs is None else " ".join(map(str, xs)) or "-"

        hidden = [] if self.viewer_ is None else self._hidden_seats(self.viewer_)
        first = self.setup["options"]["first_player"]
        lines = [
            f"{TINY_ID}: {self.n} players, mode {self.mode}, takes {seq(list(self.takes))}, "
            f"first_player {'-' if first is None else first}",
            f"turn: {self.player} {self.phase}",
            f"heap: {self.heap}",
            f"score: {seq(self.score)}",
            "tokens: "
            + " ".join("?" if q in hidden else str(t) for q, t in enumerate(self.tokens)),
            "swapped: " + " ".join("yes" if x else "no" for x in self.swapped),
            f"pouch: {seq(self.pouch)}",
            f"unseen: {seq(self.unseen)}",
            f"viewer: {'-' if self.viewer_ is None else self.viewer_}",
            f"rng: {'-' if self.viewer_ is not None else f'{self.rng:016x}'}",
        ]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> TinyState:
        # the frame every game shares: comments and blank lines go before anything is read
        text = "".join(f"{line.text}\n" for line in content_lines(text, "Tiny Nim"))
        lines = text.strip().splitlines()
        head = _HEAD.fullmatch(lines[0].strip()) if lines else None
        keys = ("turn", "heap", "score", "tokens", "swapped", "pouch", "unseen", "viewer", "rng")
        rows = dict(line.partition(":")[::2] for line in lines[1:])
        if head is None or sorted(rows) != sorted(keys):
            raise CorruptDataError(f"not a {TINY_ID} position: see tests/support/tiny_game.py")
        try:
            n, mode, takes, first = head.groups()
            player, phase = rows["turn"].split()
            viewer = _value(rows["viewer"].strip())
            data = {
                "game": TINY_ID,
                "version": GAME.version,
                "players": int(n),
                "phase": phase,
                "player": int(player),
                "setup": {
                    "players": int(n),
                    "seed": None,
                    "options": {"mode": mode, "takes": _ints(takes), "first_player": _value(first)},
                },
                "viewer": viewer,
                "heap": int(rows["heap"]),
                "score": _ints(rows["score"]),
                "tokens": [0 if t == "?" else int(t) for t in rows["tokens"].split()],
                "swapped": [{"yes": True, "no": False}[x] for x in rows["swapped"].split()],
                "pouch": None if viewer is not None else _ints(rows["pouch"]),
                "unseen": None if viewer is None else _ints(rows["unseen"]),
                "rng": None if viewer is not None else rows["rng"].strip(),
                "history": [],
            }
        except (KeyError, ValueError) as exc:
            raise CorruptDataError(f"not a {TINY_ID} position ({exc})") from exc
        state = cls.from_dict(data)
        if state.to_text() != text.strip() + "\n":
            raise CorruptDataError(f"not a {TINY_ID} position in its notation")
        return state


_HEAD = re.compile(
    rf"{TINY_ID}: (\d) players, mode (\w+), takes ([\d ]+), first_player (-|\d)", re.ASCII
)


def _value(word: str) -> int | None:
    return None if word == "-" else int(word)


def _ints(text: str) -> list[int]:
    return [] if text.strip() == "-" else [int(x) for x in text.split()]


def _list(data: Mapping[str, Any], key: str, n: int) -> list[Any]:
    return list(require_list(require(data, key, list), key, n))


def _tokens(data: Mapping[str, Any], key: str) -> list[int] | None:
    value = require(data, key, (list, type(None)))
    if value is None:
        return None
    tokens = [require_int(x, f"a {key} token", 1, 5) for x in value]
    if tokens != sorted(tokens):
        raise CorruptDataError(f"the {key} tokens must be sorted")
    return tokens


@contextmanager
def registered() -> Iterator[Game]:
    """Tiny Nim in the registry for the duration (``tests/`` must be on ``sys.path``)."""
    register(TINY_ID, __name__)
    try:
        yield GAME
    finally:
        unregister(TINY_ID)
