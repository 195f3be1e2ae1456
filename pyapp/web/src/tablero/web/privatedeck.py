"""A remote table's private deck: who draws which place of the masked deck, who owes
which key, and the audit at the end (``docs/remote-play.md``, "Private hands").

:mod:`.maskdeck` is the cryptography; :class:`PrivateDeck` is the bookkeeping every
device of a table keeps identically from the links it reads, so that each can tell
which keys a link must carry and who sends the next link.  :mod:`.remote` drives it.

**Places.**  The masked deck's places are given out in order: the set-up's draws (a
hand dealt, a tile on the board), then, as the game asks for them, one place a chance
step.  Each place is *claimed* by the seat that sees its card (``-1``: everyone).

**Keys sent ahead** (``mode="correspondence"``).  Each seat has a *lane* of the next
places it will draw (``lane`` of them: the most one turn can draw), claimed in advance;
every other seat sends its keys for them in its next link, so that the seat can draw
and play in one turn, one link a turn.  A tampered app can open its own lane early (the
mode's stated risk: a player's own next cards, never anyone else's).  When a seat's lane
is empty, it draws from the places no lane holds (the others' keys then come in a round
of replies); when none is left, it takes the first place of another seat's lane, whose
holder sends its key to the drawer alone (:func:`.maskdeck.wrap`): that holder may have
seen that card (the one case where a tampered app could see another's card, at the very
end of a deck: counted in the docs).  ``mode="strict"``: no lanes, every draw waits for
the others' keys (a round of replies).

Pure Python; runs in Pyodide.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tablero.core import State, make
from tablero.core.errors import CorruptDataError
from tablero.core.ristretto255 import ORDER, Element

from .maskdeck import (
    SEED_BYTES,
    Keys,
    card_points,
    decode_points,
    encode_points,
    lock_pass,
    open_point,
    shuffle_pass,
    unwrap,
    wrap,
)

__all__ = ["MODES", "PRIVATE_GAMES", "DeckSpec", "PrivateDeck", "WrongKey"]

MODES = ("correspondence", "strict")
MSG_KEYS = "This link does not carry the keys its sender owes: ask for it again."


class WrongKey(CorruptDataError):
    """A place opened to no card: a key (or a pass) was wrong.  The game stops."""


@dataclass(frozen=True)
class DeckSpec:
    """What a game's private deck is: the chance steps it deals (``kinds``), the end's
    showing of the hands (``reveal``), the most places a turn can draw (``lane``), the
    hidden cards a move shows (``shown``) and the showing's text (``reveal_text``)."""

    kinds: frozenset[str]
    reveal: str | None
    lane: int
    #: (view before the move, the move's text, its seat) -> the hidden cards it shows
    shown: Callable[[State, str, int], list[str]]
    #: (view, each seat's hidden cards) -> the reveal step's outcome text
    reveal_text: Callable[[State, Sequence[Sequence[str]]], str]


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


PRIVATE_GAMES: Mapping[str, DeckSpec] = {
    "arboretum": DeckSpec(
        frozenset({"deal", "draw"}), "reveal", 2, _arboretum_shown, _arboretum_reveal
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
class PrivateDeck:
    """One table's private deck, as every device keeps it (values: methods return new
    decks)."""

    game_id: str
    mode: str
    players: int
    session: bytes
    labels: tuple[str, ...]
    values: tuple[str, ...]
    #: the set-up's senders: each shuffles in turn (the last one locks in the same
    #: link), then the others lock, the first mover last (its lock rides on its turn)
    order: tuple[int, ...]
    first: int
    setup_len: int = 0  # the set-up's places (0 .. setup_len - 1)
    step: int = 0  # set-up links read (or made)
    passes: tuple[str, ...] = ()  # each set-up link's deck, as sent (for the audit)
    deck: tuple[Element, ...] = ()
    commitments: Mapping[int, bytes] = field(default_factory=dict)
    dh: Mapping[int, Element] = field(default_factory=dict)
    keys: Mapping[tuple[int, int], int] = field(default_factory=dict)  # (place, seat)
    wrapped: Mapping[tuple[int, int], int] = field(default_factory=dict)  # (place, seat)
    claims: Mapping[int, int] = field(default_factory=dict)  # place -> seat (-1: all)
    public: frozenset[int] = frozenset()  # places every device may open
    drawn: tuple[int, ...] = ()  # places dealt, in order
    lanes: tuple[tuple[int, ...], ...] = ()
    taken_from: Mapping[int, int] = field(default_factory=dict)  # place -> lane seat
    next_place: int = 0
    pending: int | None = None  # the place of the step waiting now
    seeds: Mapping[int, bytes] = field(default_factory=dict)
    shown_places: Mapping[int, str] = field(default_factory=dict)  # place -> card shown

    # --- set-up ---------------------------------------------------------------------

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
        n = players
        shufflers = [(first + i) % n for i in range(n)]
        last = shufflers[-1]
        lockers = [(first + i) % n for i in range(1, n) if (first + i) % n != last] + [first]
        claims = setup_claims(game_id, players, options, first)
        deck = cls(
            game_id,
            mode,
            players,
            session,
            tuple(labels),
            tuple(values),
            (*shufflers, *lockers),
            first,
            deck=card_points(game_id, labels),
            lanes=((),) * players,
        )
        deck = replace(
            deck, claims=dict(enumerate(claims)), next_place=len(claims), setup_len=len(claims)
        )
        return deck._top_up(first)

    @property
    def n(self) -> int:
        return len(self.labels)

    @property
    def ready(self) -> bool:
        """Every pass is in: the deck's places can be opened."""
        return self.step >= len(self.order)

    def setup_sender(self) -> int | None:
        return None if self.ready else self.order[self.step]

    def locked(self, seat: int) -> bool:
        """Whether ``seat``'s lock pass is in (its keys then count)."""
        shufflers = self.players
        lock_at = shufflers - 1 if self.order[shufflers - 1] == seat else None
        if lock_at is None:
            lock_at = shufflers + self.order[shufflers:].index(seat)
        return self.step > lock_at

    def make_pass(self, keys: Keys) -> tuple[PrivateDeck, dict[str, Any]]:
        """This device's set-up pass (its seat is the next sender): the deck after it,
        and what its link carries."""
        i = self.step
        deck = list(self.deck)
        payload: dict[str, Any] = {}
        if i < self.players:
            deck = shuffle_pass(deck, keys)
            payload["c"] = keys.commitment.hex()
            payload["x"] = keys.dh_public.to_bytes().hex()
        if i >= self.players - 1:
            deck = lock_pass(deck, keys)
        payload["d"] = encode_points(deck)
        return self._read_pass(self.order[i], payload, deck), payload

    def read_pass(self, seat: int, payload: Mapping[str, Any]) -> PrivateDeck:
        """A set-up link's pass, its shape checked (its truth is the audit's)."""
        if self.ready or self.order[self.step] != seat:
            raise CorruptDataError("This set-up link comes out of turn.", code="remote.damaged")
        try:
            deck = decode_points(payload.get("d"), self.n)
        except ValueError as exc:
            raise CorruptDataError(
                "This set-up link's deck is damaged.", code="remote.damaged"
            ) from exc
        return self._read_pass(seat, payload, deck)

    def _read_pass(
        self, seat: int, payload: Mapping[str, Any], deck: Sequence[Element]
    ) -> PrivateDeck:
        commitments, dh = dict(self.commitments), dict(self.dh)
        if self.step < self.players:
            try:
                commitment = bytes.fromhex(payload["c"])
                public = Element.from_bytes(bytes.fromhex(payload["x"]))
            except (KeyError, TypeError, ValueError) as exc:
                raise CorruptDataError(
                    "This set-up link is damaged.", code="remote.damaged"
                ) from exc
            if len(commitment) != 32:
                raise CorruptDataError("This set-up link is damaged.", code="remote.damaged")
            commitments[seat], dh[seat] = commitment, public
        elif "c" in payload or "x" in payload:
            raise CorruptDataError("This set-up link is damaged.", code="remote.damaged")
        return replace(
            self,
            step=self.step + 1,
            passes=(*self.passes, payload["d"]),
            deck=tuple(deck),
            commitments=commitments,
            dh=dh,
        )

    # --- places ---------------------------------------------------------------------

    def _top_up(self, start: int) -> PrivateDeck:
        """Every lane filled to ``lane`` places from the pool, seats in order from
        ``start`` (correspondence mode only)."""
        if self.mode != "correspondence":
            return self
        size = PRIVATE_GAMES[self.game_id].lane
        lanes = [list(lane) for lane in self.lanes]
        claims, place = dict(self.claims), self.next_place
        for i in range(self.players):
            q = (start + i) % self.players
            while len(lanes[q]) < size and place < self.n:
                lanes[q].append(place)
                claims[place] = q
                place += 1
        return replace(
            self, lanes=tuple(tuple(lane) for lane in lanes), claims=claims, next_place=place
        )

    def after_link(self, sender: int) -> PrivateDeck:
        """What follows every link: the lanes topped up, from the seat after ``sender``."""
        return self._top_up((sender + 1) % self.players)

    def assign(self, seat: int, public: bool) -> PrivateDeck:
        """The place of the chance step now waiting, drawn for ``seat`` (``public``:
        seen by everyone): the set-up's next, the seat's lane, the pool, or the first
        place of another lane (whose holder then sends its key to ``seat`` alone)."""
        claims, lanes = dict(self.claims), [list(lane) for lane in self.lanes]
        taken_from, next_place = dict(self.taken_from), self.next_place
        if len(self.drawn) < self.setup_len:
            place = len(self.drawn)  # the set-up's places, in order
        elif lanes[seat]:
            place = lanes[seat].pop(0)
        elif next_place < self.n:
            place, next_place = next_place, next_place + 1
        else:
            holders = [q for q in range(self.players) if lanes[q]]
            if not holders:
                raise CorruptDataError("The deck is empty.", code="remote.damaged")
            holder = min(holders, key=lambda q: lanes[q][0])
            place = lanes[holder].pop(0)
            taken_from[place] = holder
        claims[place] = -1 if public else seat
        return replace(
            self,
            claims=claims,
            lanes=tuple(tuple(lane) for lane in lanes),
            taken_from=taken_from,
            drawn=(*self.drawn, place),
            next_place=next_place,
            pending=place,
            public=self.public | {place} if public else self.public,
        )

    # --- keys -----------------------------------------------------------------------

    def missing(self, place: int) -> list[int]:
        """The seats whose key for ``place`` its opener(s) still lack."""
        owner = self.claims[place]
        out = []
        for q in range(self.players):
            if q == owner or (place, q) in self.keys:
                continue
            if owner >= 0 and (place, q) in self.wrapped:
                continue
            out.append(q)
        return out

    def blocked(self) -> list[int]:
        """The seats that owe a key for a place already drawn, in seat order."""
        seats: set[int] = set()
        for place in self.drawn:
            seats.update(self.missing(place))
        return sorted(seats)

    def owed(self, seat: int) -> tuple[list[int], list[int]]:
        """The places whose key ``seat`` owes now: sent to all, and sent to the drawer
        alone (a place taken from ``seat``'s lane)."""
        if not self.locked(seat):
            return [], []
        clear, alone = [], []
        for place, owner in sorted(self.claims.items()):
            if owner == seat:
                continue
            if self.taken_from.get(place) == seat:
                if (place, seat) not in self.wrapped and (place, seat) not in self.keys:
                    alone.append(place)
                continue
            if (place, seat) not in self.keys:
                clear.append(place)
        return clear, alone

    def payload_keys(self, keys: Keys, seat: int) -> dict[str, Any]:
        """The keys this device (``seat``) owes, as its link carries them."""
        clear, alone = self.owed(seat)
        out: dict[str, Any] = {}
        if clear:
            out["k"] = [[j, _hex(keys.place_key(j))] for j in clear]
        if alone:
            out["w"] = [
                [j, _hex(wrap(keys.place_key(j), keys, self.dh[self.claims[j]], self.session, j))]
                for j in alone
            ]
        return out

    def read_keys(self, seat: int, payload: Mapping[str, Any]) -> PrivateDeck:
        """The keys a link of ``seat`` carries (which ones it had to carry is checked
        once its moves are read: :meth:`check_owed`)."""
        keys, wrapped = dict(self.keys), dict(self.wrapped)
        for j, k in (_entry(e) for e in _list(payload.get("k"))):
            if not 0 <= j < self.n or (j, seat) in keys:
                raise CorruptDataError(MSG_KEYS, code="remote.keys")
            keys[(j, seat)] = k
        for j, k in (_entry(e) for e in _list(payload.get("w"))):
            if not 0 <= j < self.n or (j, seat) in wrapped:
                raise CorruptDataError(MSG_KEYS, code="remote.keys")
            wrapped[(j, seat)] = k
        return replace(self, keys=keys, wrapped=wrapped)

    def check_owed(self, seat: int, payload: Mapping[str, Any]) -> None:
        """The link of ``seat`` just read (its moves too) carried exactly the keys it
        owed: those of this deck, the link's own taken out."""
        clear = [_entry(e)[0] for e in _list(payload.get("k"))]
        alone = [_entry(e)[0] for e in _list(payload.get("w"))]
        before = replace(
            self,
            keys={k: v for k, v in self.keys.items() if not (k[1] == seat and k[0] in clear)},
            wrapped={k: v for k, v in self.wrapped.items() if not (k[1] == seat and k[0] in alone)},
        )
        if before.owed(seat) != (clear, alone):
            raise CorruptDataError(MSG_KEYS, code="remote.keys")

    def read_shown(self, seat: int, entries: Any) -> PrivateDeck:
        """The keys that show the hidden cards a link of ``seat`` played: for each place,
        its own key (and a lane holder's, for a place taken from a lane)."""
        keys, places = dict(self.keys), set()
        for entry in _list(entries):
            if not isinstance(entry, list) or len(entry) != 3 or type(entry[1]) is not int:
                raise CorruptDataError(MSG_KEYS, code="remote.keys")
            place, key = _entry([entry[0], entry[2]])
            q = entry[1]
            if (
                place not in self.drawn
                or self.claims.get(place) != seat
                or place in self.public
                or (q != seat and self.taken_from.get(place) != q)
                or keys.get((place, q), key) != key  # (a stealer's own key: out already)
            ):
                raise CorruptDataError(MSG_KEYS, code="remote.keys")
            keys[(place, q)] = key
            places.add(place)
        for place in places:
            holder = self.taken_from.get(place)
            if (place, seat) not in keys or holder is not None and (place, holder) not in keys:
                raise CorruptDataError(MSG_KEYS, code="remote.keys")
        return replace(self, keys=keys, public=self.public | places)

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
            if k.commitment != self.commitments.get(q) or k.dh_public != self.dh.get(q):
                return False, f"{name(q)}'s seed is not the one they committed to: {unverified}"
        for (place, q), key in sorted(self.keys.items()):
            if keys[q].place_key(place) != key:
                return False, f"{name(q)}'s key for card place {place} was wrong: {unverified}"
        for (place, q), value in sorted(self.wrapped.items()):
            to = self.dh[self.claims[place]]
            if wrap(keys[q].place_key(place), keys[q], to, self.session, place) != value:
                return False, f"{name(q)}'s key for card place {place} was wrong: {unverified}"
        points: Sequence[Element] = card_points(self.game_id, self.labels)
        for i, q in enumerate(self.order):
            if q == me:
                points = decode_points(self.passes[i], self.n)
                continue
            if i < self.players:
                points = shuffle_pass(points, keys[q])
            if i >= self.players - 1:
                points = lock_pass(points, keys[q])
            if encode_points(points) != self.passes[i]:
                return False, (
                    f"{name(q)}'s set-up pass (link {i + 1} of {len(self.order)}) does not "
                    f"match their seed: {unverified}"
                )
        return True, f"{len(self.drawn)} draws, every shuffle matches"

    def key_for(self, place: int, seat: int, me: int, mine: Keys) -> int | None:
        """``seat``'s key for ``place`` as this device (``me``) knows it."""
        if seat == me:
            return mine.place_key(place)
        key = self.keys.get((place, seat))
        if key is not None:
            return key
        if (place, seat) in self.wrapped and self.claims.get(place) == me:
            return unwrap(self.wrapped[(place, seat)], mine, self.dh[seat], self.session, place)
        if seat in self.seeds:
            return Keys(self.seeds[seat]).place_key(place)
        return None

    def open(self, place: int, me: int, mine: Keys) -> str | None:
        """The card at ``place`` if this device can open it (``None``: not yet); a key
        that opens to no card raises :class:`WrongKey`."""
        if not self.ready:
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

    def value(self, label: str) -> str:
        return self.values[self.labels.index(label)]


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
