"""A remote table's private deck: who draws which place of the masked deck, who owes
which key, and the audit at the end (``docs/remote-play.md``, "Private hands").

:mod:`.maskdeck` is the cryptography; :class:`PrivateDeck` is the bookkeeping every
device of a table keeps identically from the links it reads, so that each can tell
which keys a link must carry and who sends the next link.  :mod:`.remote` drives it.

**Places.**  The masked deck's places are given out in order: the set-up's draws (a
hand dealt, a tile on the board), then, as the game asks for them, one place a chance
step.  Each place is *claimed* by the seat that sees its card (``-1``: everyone).

**Keys sent ahead** (``mode="correspondence"``).  Each seat has a *lane* of the next
places it will draw (``lane`` of them: the most one turn usually draws), claimed in
advance; every other seat sends its keys for them in its next link, so that the seat can
draw and play in one turn, one link a turn.  A tampered app can open its own lane early
(the mode's stated risk: a player's own next cards, never anyone else's).  When a seat's
lane is empty, it draws from the places no lane holds (the others' keys then come in a
round of replies).  A place sent ahead to one seat is only ever drawn by that seat: when
the bag no longer holds the most a turn can draw, the lanes are *closed*: their places
go back into the bag, which is mixed (a round of passes that takes every key off and puts
new ones on at new places), and every draw after that waits for the others' keys.
``mode="strict"``: no lanes, every draw waits for the others' keys (a round of replies).

Pure Python; runs in Pyodide.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from tablero.core import State, make
from tablero.core.errors import CorruptDataError
from tablero.core.ristretto255 import ORDER, Element

from .maskdeck import (
    SEED_BYTES,
    Keys,
    apply_pass,
    card_points,
    decode_points,
    encode_points,
    open_point,
    pass_factors,
    pass_matches,
)

__all__ = ["MODES", "PRIVATE_GAMES", "DeckSpec", "PrivateDeck", "WrongKey"]

MODES = ("correspondence", "strict")
MSG_KEYS = "This link does not carry the keys its sender owes: ask for it again."
MSG_PASS = "This link's deck is damaged: ask for it again."


class WrongKey(CorruptDataError):
    """A place opened to no card: a key (or a pass) was wrong.  The game stops."""


@dataclass(frozen=True)
class DeckSpec:
    """What a game's private deck is: the chance steps it deals (``kinds``), the end's
    showing of the hands (``reveal``), the most places a turn can draw (``lane``), the
    hidden cards a move shows (``shown``) and the showing's text (``reveal_text``)."""

    #: the chance steps dealt from the deck, each to where its card goes: "hand" (the
    #: seat that sees it), "display" (face up, to be taken), "board" (face up)
    to: Mapping[str, str]
    reveal: str | None
    lane: int  # places sent ahead to each seat (correspondence mode)
    most: int  # the most places one turn can draw
    #: (view before the move, the move's text, its seat) -> the hidden cards it shows
    shown: Callable[[State, str, int], list[str]]
    #: (view, each seat's hidden cards) -> the reveal step's outcome text
    reveal_text: Callable[[State, Sequence[Sequence[str]]], str] | None = None
    #: (view before the move, its text, its seat) -> the display's cards it takes
    taken: Callable[[State, str, int], list[str]] | None = None
    #: (view before the move, its text, its seat) -> what it gives back to the bag: the
    #: hand's cards (their values in the mover's own view; ``None`` in another's) and
    #: the display's; ``None`` when it gives nothing back
    gives_back: Callable[[State, str, int], tuple[list[str | None], list[str]] | None] | None = None

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(self.to)


def _arboretum_shown(view: State, text: str, seat: int) -> list[str]:
    """A card played or discarded from the hand that nobody saw it take (a card taken
    from a discard pile is known to be there)."""
    words = str(view.read_move(text)).split()
    if words[0] not in ("play", "discard"):
        return []
    known = json.loads(view.to_json())["known"][seat]
    return [] if words[1] in known else [words[1]]


def _arboretum_reveal(view: State, hidden: Sequence[Sequence[str]]) -> str:
    """Every hand (its cards this view knows, then its hidden ones), seat by seat."""
    hands = json.loads(view.to_json())["hands"]
    return " / ".join(
        " ".join([*(c for c in hand if c is not None), *cards])
        for hand, cards in zip(hands, hidden, strict=True)
    )


def _arribada_shown(view: State, text: str, seat: int) -> list[str]:
    """A tile placed from the rack (every rack is hidden from the others)."""
    words = text.split()
    return [words[1]] if words[0] == "place" else []


def _arribada_taken(view: State, text: str, seat: int) -> list[str]:
    """A tile drawn from the display (``draw 5``; ``draw bag`` takes from the bag)."""
    words = text.split()
    return [words[1]] if words[0] == "draw" and words[1].isdigit() else []


def _arribada_gives_back(
    view: State, text: str, seat: int
) -> tuple[list[str | None], list[str]] | None:
    """A refresh confirmed: the rack's picked tiles and the display's go back to the
    bag once the new ones are drawn."""
    if text != "confirm":
        return None
    data = json.loads(view.to_json())
    turn = data["turn"]
    rack = [None if v is None else str(v) for v in turn["picks_rack"]]
    return rack, [str(data["display"][slot]) for slot in turn["picks_display"]]


PRIVATE_GAMES: Mapping[str, DeckSpec] = {
    "arboretum": DeckSpec(
        {"deal": "hand", "draw": "hand"},
        "reveal",
        2,
        2,
        _arboretum_shown,
        _arboretum_reveal,
    ),
    "arribada": DeckSpec(
        {"spawn": "board", "refill": "display", "deal": "hand", "draw": "hand"},
        None,
        3,
        5 + 5 + 4,  # a refresh's rack and display, and the spawns around a placement
        _arribada_shown,
        taken=_arribada_taken,
        gives_back=_arribada_gives_back,
    ),
}


def setup_claims(game_id: str, players: int, options: Mapping[str, Any], first: int) -> list[int]:
    """The set-up's places, each claimed by the seat that sees it (``-1``: everyone), in
    the order the set-up deals them (a probe: the same table dealt any cards; the
    set-up's draws do not depend on what is drawn)."""
    spec = PRIVATE_GAMES[game_id]
    state = make(game_id, players=players, dealer=None, **{**options, "first_player": first})
    claims = []
    while (chance := state.chance) is not None and chance.kind in spec.kinds:
        claims.append(-1 if chance.seen_by is None else min(chance.seen_by))
        state = state.deal(chance.outcomes[0])
    return claims


def deck_labels(
    game_id: str, players: int, options: Mapping[str, Any]
) -> tuple[list[str], list[str]]:
    """The deck's cards (one label a physical card) and each one's outcome text."""
    spec = PRIVATE_GAMES[game_id]
    state = make(game_id, players=players, dealer=None, **{**options, "first_player": 0})
    chance = state.chance
    assert chance is not None and chance.kind in spec.kinds
    labels, values = [], []
    for outcome, weight in zip(chance.outcomes, chance.weights, strict=True):
        for copy in range(weight):
            labels.append(outcome if weight == 1 else f"{outcome}#{copy}")
            values.append(outcome)
    return labels, values


@dataclass(frozen=True)
class Round:
    """A round of passes over the deck: the set-up (``inputs`` empty: the cards
    themselves) or a reshuffle of the bag after tiles were given back (``inputs``: the
    places it mixes).  ``order`` its senders, ``passes`` each link's points as sent;
    its output is ``len`` new places from ``base``."""

    kind: str  # "setup" | "mix"
    order: tuple[int, ...]
    inputs: tuple[int, ...]
    base: int
    size: int
    passes: tuple[str, ...] = ()

    def roles(self, i: int, players: int) -> tuple[bool, bool, bool]:
        """What link ``i`` does: (takes its old place keys off and puts a round key on,
        shuffles, locks).  Set-up: N shuffles (the last one locks too), N-1 locks.  A
        mix: N take their keys off (the last one shuffles too), N-1 shuffle (the last
        one locks too), N-1 lock."""
        n = players
        if self.kind == "setup":
            return False, i < n, i >= n - 1
        return i < n, n - 1 <= i <= 2 * n - 2, i >= 2 * n - 2

    def link_pass(
        self, i: int, players: int, keys: Keys, index: int
    ) -> tuple[list[int], list[int]]:
        """Link ``i``'s passes (:meth:`roles`) made by ``keys`` as round ``index`` of the
        deck: ``(perm, factors)``, as :func:`~.maskdeck.pass_factors` gives them."""
        unkey, shuffle, lock = self.roles(i, players)
        return pass_factors(
            keys,
            index,
            self.size,
            unkey=self.inputs if unkey else None,
            shuffle=shuffle,
            multiply=self.kind == "setup",
            lock=self.base if lock else None,
        )


def _setup_order(players: int, first: int) -> tuple[int, ...]:
    seq = [(first + i) % players for i in range(players)]
    lockers = [q for q in seq[1:] if q != seq[-1]] + [first]
    return (*seq, *lockers)


def _mix_order(players: int, start: int) -> tuple[int, ...]:
    seq = [(start + i) % players for i in range(players)]
    shufflers = seq[:-1]
    last = shufflers[-1] if shufflers else seq[-1]
    return (*seq, *shufflers, *[q for q in seq if q != last])


@dataclass(frozen=True)
class PrivateDeck:
    """One table's private deck, as every device keeps it (values: methods return new
    decks)."""

    game_id: str
    mode: str
    players: int
    session: bytes
    labels: tuple[str, ...]
    values: tuple[str, ...]
    first: int
    rounds: tuple[Round, ...] = ()
    step: int = 0  # links of the last round read (or made)
    #: the last round's points, as its last link left them (``None``: not read yet)
    work: tuple[Element, ...] | None = ()
    deck: tuple[Element, ...] = ()  # every place's points (places of every round)
    setup_len: int = 0  # the set-up's draws (places 0 .. setup_len - 1, in order)
    commitments: Mapping[int, bytes] = field(default_factory=dict)
    keys: Mapping[tuple[int, int], int] = field(default_factory=dict)  # (place, seat)
    claims: Mapping[int, int] = field(default_factory=dict)  # place -> seat (-1: all)
    public: frozenset[int] = frozenset()  # places every device may open
    drawn: tuple[int, ...] = ()  # places dealt, in order
    held: Mapping[int, int] = field(default_factory=dict)  # place -> seat whose hand has it
    display: tuple[int, ...] = ()  # public places in the display (Arribada's shoreline)
    given_back: tuple[int, ...] = ()  # places given back to the bag, to be mixed in
    lanes: tuple[tuple[int, ...], ...] = ()
    lanes_closed: bool = False  # the bag ran low: lanes mixed back, every draw waits
    closed_lanes: Mapping[int, int] = field(default_factory=dict)  # place -> its lane's seat
    next_place: int = 0  # the bag's next place (the bag: next_place .. len(deck) - 1)
    pending: int | None = None  # the place of the step waiting now
    seeds: Mapping[int, bytes] = field(default_factory=dict)
    cards: Mapping[int, str] = field(default_factory=dict)  # public places' cards
    drawer: Mapping[int, int] = field(default_factory=dict)  # place -> seat it was drawn for

    # --- rounds of passes -----------------------------------------------------------

    @classmethod
    def begin(
        cls,
        game_id: str,
        mode: str,
        players: int,
        options: Mapping[str, Any],
        session: bytes,
        first: int,
    ) -> PrivateDeck:
        labels, values = deck_labels(game_id, players, options)
        claims = setup_claims(game_id, players, options, first)
        setup = Round("setup", _setup_order(players, first), (), 0, len(labels))
        deck = cls(
            game_id,
            mode,
            players,
            session,
            tuple(labels),
            tuple(values),
            first,
            rounds=(setup,),
            work=card_points(game_id, labels),
            lanes=((),) * players,
            claims=dict(enumerate(claims)),
            next_place=len(claims),
            setup_len=len(claims),
        )
        return deck._top_up(first, setup=True)

    @property
    def round(self) -> Round:
        return self.rounds[-1]

    @property
    def places(self) -> int:
        """The deck's places, with those of the round under way."""
        return self.round.base + self.round.size

    @property
    def order(self) -> tuple[int, ...]:
        """The set-up's senders."""
        return self.rounds[0].order

    @property
    def ready(self) -> bool:
        """Every pass of every round is in: the deck's places can be opened."""
        return self.step >= len(self.round.order)

    def setup_sender(self) -> int | None:
        """The seat whose pass comes next (``None``: no round is under way)."""
        return None if self.ready else self.round.order[self.step]

    def locked(self, seat: int) -> bool:
        """Whether ``seat``'s set-up lock is in (its keys then count)."""
        setup = self.rounds[0]
        lock_at = max(i for i, q in enumerate(setup.order) if q == seat)
        return len(self.rounds) > 1 or self.step > lock_at

    def make_pass(self, keys: Keys) -> tuple[PrivateDeck, dict[str, Any]]:
        """This device's pass (its seat is the next sender): the deck after it, and what
        its link carries."""
        rnd, i = self.round, self.step
        points = self._points()
        payload: dict[str, Any] = {}
        perm, factors = rnd.link_pass(i, self.players, keys, len(self.rounds) - 1)
        points = apply_pass(points, perm, factors)
        if rnd.kind == "setup" and i < self.players:
            payload["c"] = keys.commitment.hex()
        payload["d"] = encode_points(points)
        return self._read_pass(rnd.order[i], payload, points), payload

    def read_pass(self, seat: int, payload: Mapping[str, Any]) -> PrivateDeck:
        """A pass of another seat's link, its shape checked (its points are read when
        this device needs them: to make its own pass, or the round's last, which become
        places; the audit checks every one)."""
        if self.ready or self.round.order[self.step] != seat:
            raise CorruptDataError("This link's pass comes out of turn.", code="remote.damaged")
        text = payload.get("d")
        if not isinstance(text, str) or len(text) != (self.round.size * 128 + 2) // 3:
            raise CorruptDataError(MSG_PASS, code="remote.damaged")
        return self._read_pass(seat, payload, None)

    def _points(self) -> list[Element]:
        """The points the round's last link left (read from it if not read yet)."""
        if self.work is not None:
            return list(self.work)
        try:
            return decode_points(self.round.passes[-1], self.round.size)
        except ValueError as exc:
            raise CorruptDataError(MSG_PASS, code="remote.damaged") from exc

    def _read_pass(
        self, seat: int, payload: Mapping[str, Any], points: Sequence[Element] | None
    ) -> PrivateDeck:
        commitments = dict(self.commitments)
        rnd = self.round
        if rnd.kind == "setup" and self.step < self.players:
            try:
                commitment = bytes.fromhex(payload["c"])
            except (KeyError, TypeError, ValueError) as exc:
                raise CorruptDataError(MSG_PASS, code="remote.damaged") from exc
            if len(commitment) != 32:
                raise CorruptDataError(MSG_PASS, code="remote.damaged")
            commitments[seat] = commitment
        elif "c" in payload:
            raise CorruptDataError(MSG_PASS, code="remote.damaged")
        rnd = replace(rnd, passes=(*rnd.passes, payload["d"]))
        deck = replace(
            self,
            rounds=(*self.rounds[:-1], rnd),
            step=self.step + 1,
            work=None if points is None else tuple(points),
            commitments=commitments,
        )
        if deck.ready:  # the round's points become places
            deck = replace(deck, deck=(*deck.deck, *deck._points()), work=())
        return deck

    def give_back(self, places: Sequence[int]) -> PrivateDeck:
        """Places given back to the bag (a refresh's tiles): kept aside until the mix."""
        held = {j: q for j, q in self.held.items() if j not in places}
        display = tuple(j for j in self.display if j not in places)
        return replace(self, held=held, display=display, given_back=(*self.given_back, *places))

    def start_mix(self, start: int, *, close_lanes: bool = False) -> PrivateDeck:
        """A round that mixes the given-back places into the bag (every place left in it;
        the lanes' too when they close), seats in order from ``start``: the bag's places
        are then new ones, opened by no one yet."""
        lanes = tuple(j for lane in self.lanes for j in lane) if close_lanes else ()
        inputs = (*range(self.next_place, len(self.deck)), *self.given_back, *lanes)
        rnd = Round("mix", _mix_order(self.players, start), inputs, len(self.deck), len(inputs))
        return replace(
            self,
            rounds=(*self.rounds, rnd),
            step=0,
            work=tuple(self.deck[j] for j in inputs),
            given_back=(),
            next_place=len(self.deck),
            lanes=((),) * self.players if close_lanes else self.lanes,
            lanes_closed=self.lanes_closed or close_lanes,
            claims={j: q for j, q in self.claims.items() if j not in lanes},
            closed_lanes={
                **self.closed_lanes,
                **{j: q for q, lane in enumerate(self.lanes) for j in lane if close_lanes},
            },
        )

    def lanes_due_to_close(self) -> bool:
        """Whether the bag no longer holds the most one turn can draw while places are
        still sent ahead in lanes: then the lanes close (:meth:`start_mix`), so that a
        place sent ahead to one seat is never drawn by another."""
        if self.mode != "correspondence" or self.lanes_closed or not any(self.lanes):
            return False
        return len(self.deck) - self.next_place < PRIVATE_GAMES[self.game_id].most

    # --- places ---------------------------------------------------------------------

    def _top_up(self, start: int, *, setup: bool = False) -> PrivateDeck:
        """Every lane filled to ``lane`` places from the bag, seats in order from
        ``start`` (correspondence mode only; at the set-up, before the deck's points
        exist: their keys go with the set-up's locks)."""
        if self.mode != "correspondence" or self.lanes_closed or not (self.ready or setup):
            return self
        size = PRIVATE_GAMES[self.game_id].lane
        lanes = [list(lane) for lane in self.lanes]
        claims, place = dict(self.claims), self.next_place
        for i in range(self.players):
            q = (start + i) % self.players
            while len(lanes[q]) < size and place < (self.places if setup else len(self.deck)):
                lanes[q].append(place)
                claims[place] = q
                place += 1
        return replace(
            self, lanes=tuple(tuple(lane) for lane in lanes), claims=claims, next_place=place
        )

    def after_link(self, sender: int) -> PrivateDeck:
        """What follows every link: the lanes topped up, from the seat after ``sender``."""
        return self._top_up((sender + 1) % self.players)

    def assign(self, seat: int, public: bool, to: str) -> PrivateDeck:
        """The place of the chance step now waiting, drawn for ``seat`` (``public``:
        seen by everyone; ``to``: "hand", "display" or "board"): the set-up's next, the
        seat's lane, or the bag's next (the lanes close before the bag runs out: a
        place sent ahead to one seat is never drawn by another)."""
        claims, lanes = dict(self.claims), [list(lane) for lane in self.lanes]
        next_place = self.next_place
        if len(self.drawn) < self.setup_len:
            place = len(self.drawn)  # the set-up's places, in order
        elif lanes[seat]:
            place = lanes[seat].pop(0)
        elif next_place < len(self.deck):
            place, next_place = next_place, next_place + 1
        else:
            raise CorruptDataError("The deck is empty.", code="remote.damaged")
        claims[place] = -1 if public else seat
        drawer = {**self.drawer, place: seat}
        held, display = dict(self.held), self.display
        if to == "hand":
            held[place] = seat
        elif to == "display":
            display = (*display, place)
        return replace(
            self,
            claims=claims,
            lanes=tuple(tuple(lane) for lane in lanes),
            drawn=(*self.drawn, place),
            next_place=next_place,
            pending=place,
            public=self.public | {place} if public else self.public,
            held=held,
            display=display,
            drawer=drawer,
        )

    def value(self, label: str) -> str:
        return self.values[self.labels.index(label)]

    def opened(self, place: int, label: str) -> PrivateDeck:
        """A public place's card, as every device opened it."""
        return replace(self, cards={**self.cards, place: label})

    def from_display(self, values: Sequence[str]) -> list[int]:
        """The display's places of these values (the first of each: every device picks
        the same)."""
        display, out = list(self.display), []
        for value in values:
            place = next((j for j in display if self.value(self.cards[j]) == value), None)
            if place is None:
                raise CorruptDataError(MSG_KEYS, code="remote.damaged")
            display.remove(place)
            out.append(place)
        return out

    def take(self, seat: int, values: Sequence[str]) -> PrivateDeck:
        """Public places taken from the display into ``seat``'s hand, one a value."""
        places = self.from_display(values)
        display = tuple(j for j in self.display if j not in places)
        return replace(self, display=display, held={**self.held, **dict.fromkeys(places, seat)})

    # --- keys -----------------------------------------------------------------------

    def missing(self, place: int) -> list[int]:
        """The seats whose key for ``place`` its opener(s) still lack."""
        owner = self.claims[place]
        out = []
        for q in range(self.players):
            if q != owner and (place, q) not in self.keys:
                out.append(q)
        return out

    @cached_property
    def _unfinished(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The places drawn whose keys are not all in, and the seats they wait for."""
        out = []
        for place in self.drawn:
            missing = self.missing(place)
            if missing:
                out.append((place, tuple(missing)))
        return tuple(out)

    def blocked(self) -> list[int]:
        """The seats that owe a key for a place already drawn, in seat order."""
        return sorted({q for _, missing in self._unfinished for q in missing})

    def next_reply(self) -> tuple[int, int] | None:
        """``(seat, drawer)``: the first place drawn whose keys are not all in, the seat
        whose key comes next (in turn after the seat it was drawn for, that one last)
        and that seat.  Every device waits for those keys before anything else."""
        for place, missing in self._unfinished:
            drawer = self.drawer.get(place, self.claims[place])
            return min(missing, key=lambda q: (q - drawer - 1) % self.players), drawer
        return None

    def stalled(self, me: int) -> bool:
        """Whether a place drawn waits for a key of another seat than its drawer's: then
        no device gives out another place (every device gives out the same places after
        the same links).  The first mover's device alone goes past its own keys for the
        set-up's places: they ride on its first turn's link, which its moves follow."""
        return any(
            q != self.drawer.get(j, self.claims[j])
            and not (q == me == self.first and j < self.setup_len)
            for j, missing in self._unfinished
            for q in missing
        )

    def owed(self, seat: int) -> list[int]:
        """The places whose key ``seat`` owes now: every place claimed by another seat
        (a hand dealt, a lane, a draw) or by everyone, once ``seat`` has locked."""
        if not self.locked(seat):
            return []
        return [
            place
            for place, owner in sorted(self.claims.items())
            if owner != seat and (place, seat) not in self.keys
        ]

    def payload_keys(self, keys: Keys, seat: int) -> dict[str, Any]:
        """The keys this device (``seat``) owes, as its link carries them."""
        owed = self.owed(seat)
        return {"k": [[j, _hex(keys.place_key(j))] for j in owed]} if owed else {}

    def read_keys(self, seat: int, payload: Mapping[str, Any]) -> PrivateDeck:
        """The keys a link of ``seat`` carries (which ones it had to carry is checked
        before: :meth:`check_owed`)."""
        keys = dict(self.keys)
        for j, k in (_entry(e) for e in _list(payload.get("k"))):
            if not 0 <= j < self.places or (j, seat) in keys:
                raise CorruptDataError(MSG_KEYS, code="remote.keys")
            keys[(j, seat)] = k
        return replace(self, keys=keys)

    def check_owed(self, seat: int, payload: Mapping[str, Any]) -> None:
        """A link of ``seat`` (this deck: before its keys are read) carries at least the
        keys it owed before it was made: nobody can stall a draw by holding a key back
        (keys for places drawn in the link itself may come then or in its next link)."""
        got = {_entry(e)[0] for e in _list(payload.get("k"))}
        if not set(self.owed(seat)) <= got:
            raise CorruptDataError(MSG_KEYS, code="remote.keys")

    def read_shown(self, seat: int, entries: Any) -> PrivateDeck:
        """The keys that show the hidden cards a link of ``seat`` played: its key for
        each place (``[place, seat, key]``)."""
        keys, places = dict(self.keys), set()
        for entry in _list(entries):
            if not isinstance(entry, list) or len(entry) != 3 or type(entry[1]) is not int:
                raise CorruptDataError(MSG_KEYS, code="remote.keys")
            place, key = _entry([entry[0], entry[2]])
            q = entry[1]
            if (
                self.held.get(place) != seat
                or q != seat
                or keys.get((place, q), key) != key  # (a public place's key: out already)
            ):
                raise CorruptDataError(MSG_KEYS, code="remote.keys")
            keys[(place, q)] = key
            places.add(place)
        held = {j: q for j, q in self.held.items() if j not in places}
        return replace(self, keys=keys, public=self.public | places, held=held)

    def read_seed(self, seat: int, seed: bytes) -> PrivateDeck:
        """``seat``'s seed, shown at the end (checked by :meth:`audit`)."""
        if len(seed) != SEED_BYTES or seat in self.seeds:
            raise CorruptDataError(MSG_KEYS, code="remote.damaged")
        return replace(self, seeds={**self.seeds, seat: seed})

    def audit(self, name: Callable[[int], str], me: int | None = None) -> tuple[bool, str]:
        """Every seed against its commitment, every key and key sent to one player, and
        every set-up pass recomputed from the seeds (``me``'s own passes, which this
        device made, read back instead): ``(True, "N draws, every shuffle matches")``,
        or ``False`` and the seat and step that failed (``name`` gives a seat's name)."""
        unverified = "the scores are not verified."
        keys = {q: Keys(seed) for q, seed in self.seeds.items()}
        for q, k in keys.items():
            if k.commitment != self.commitments.get(q):
                return False, f"{name(q)}'s seed is not the one they committed to: {unverified}"
        for (place, q), key in sorted(self.keys.items()):
            if keys[q].place_key(place) != key:
                return False, f"{name(q)}'s key for card place {place} was wrong: {unverified}"
        for index, rnd in enumerate(self.rounds):
            points: Sequence[Element] = (
                card_points(self.game_id, self.labels)
                if rnd.kind == "setup"
                else [self.deck[j] for j in rnd.inputs]
            )
            for i, q in enumerate(rnd.order):
                try:
                    out: Sequence[Element] = decode_points(rnd.passes[i], rnd.size)
                except ValueError:
                    out = ()
                if q != me:  # this device's own passes it made itself
                    perm, factors = rnd.link_pass(i, self.players, keys[q], index)
                    if not pass_matches(points, out, perm, factors):
                        what = "set-up pass" if rnd.kind == "setup" else f"mix {index} pass"
                        return False, (
                            f"{name(q)}'s {what} (link {i + 1} of {len(rnd.order)}) does "
                            f"not match their seed: {unverified}"
                        )
                points = out
        return True, f"{len(self.drawn)} draws, every shuffle matches"

    def key_for(self, place: int, seat: int, me: int, mine: Keys) -> int | None:
        """``seat``'s key for ``place`` as this device (``me``) knows it."""
        if seat == me:
            return mine.place_key(place)
        key = self.keys.get((place, seat))
        if key is not None:
            return key
        if seat in self.seeds:
            return Keys(self.seeds[seat]).place_key(place)
        return None

    def open(self, place: int, me: int, mine: Keys) -> str | None:
        """The card at ``place`` if this device can open it (``None``: not yet); a key
        that opens to no card raises :class:`WrongKey`."""
        if place >= len(self.deck):
            return None
        keys = []
        for q in range(self.players):
            key = self.key_for(place, q, me, mine)
            if key is None:
                return None
            keys.append(key)
        point = open_point(self.deck[place], keys)
        label = self._table().get(point.to_bytes())
        if label is None:
            raise WrongKey(
                f"A card of the deck (place {place}) opened to no card: a player's app sent "
                "a wrong key or a wrong pass. This game cannot go on.",
                code="remote.wrong_key",
            )
        return label

    def _table(self) -> dict[bytes, str]:
        return _point_table(self.game_id, self.labels)


def _hex(k: int) -> str:
    return k.to_bytes(32, "little").hex()


def _list(value: Any) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise CorruptDataError("This link's keys are damaged.", code="remote.damaged")
    return value


def _entry(entry: Any) -> tuple[int, int]:
    if (
        not isinstance(entry, list)
        or len(entry) != 2
        or type(entry[0]) is not int
        or not isinstance(entry[1], str)
        or len(entry[1]) != 64
    ):
        raise CorruptDataError("This link's keys are damaged.", code="remote.damaged")
    try:
        k = int.from_bytes(bytes.fromhex(entry[1]), "little")
    except ValueError as exc:
        raise CorruptDataError("This link's keys are damaged.", code="remote.damaged") from exc
    if not 0 < k < ORDER:
        raise CorruptDataError("This link's keys are damaged.", code="remote.damaged")
    return entry[0], k


_POINTS: dict[tuple[str, tuple[str, ...]], dict[bytes, str]] = {}
_SETUPS: dict[tuple[Any, ...], list[int]] = {}


def _point_table(game_id: str, labels: tuple[str, ...]) -> dict[bytes, str]:
    key = (game_id, labels)
    if key not in _POINTS:
        points = card_points(game_id, labels)
        _POINTS[key] = {p.to_bytes(): label for p, label in zip(points, labels, strict=True)}
    return _POINTS[key]
