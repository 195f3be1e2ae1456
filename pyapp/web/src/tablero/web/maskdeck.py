"""A masked deck for mental poker: cards hidden by every player's keys, shuffled by each,
a card opened to one player when the others give their keys for its place.

This is the cryptography of a remote table with private hands (Arboretum's hands and
deck, Arribada's racks and bag: ``docs/remote-play.md``, "Private hands"); the table's
bookkeeping (who draws which place, who owes which key) is :mod:`.privatetable`.

**The group.**  Cards are elements of ristretto255 (:mod:`tablero.core.ristretto255`, a
group of prime order ``ORDER``): card ``c`` of game ``g`` is ``M(c) =
hash_to_element("tablero-card", g, c)``, never a small multiple of the base point, so
no one knows a discrete logarithm between two cards.  Every copy of a tile has its own
identity (Arribada's ``7#3``: the fourth 7), so opening one copy says nothing of another.

**Masking.**  SRA-style commutative masking with one key per place: a player's *pass*
multiplies points by its scalars, which commute, so the keys of all players can be put
on and taken off in any order.  Set-up, in turn: each player multiplies every card by
its *global key* ``a`` and shuffles (a *shuffle pass*); then each takes its global key
off and puts on one key per place, ``k[j]`` (a *lock pass*).  Place ``j`` of the deck
then holds ``(k_1[j] k_2[j] ... k_N[j]) M(c)``: it opens to whoever gets the other
players' keys for ``j`` and holds their own.  A key for one place says nothing of
another's card.

**Seeds.**  Every key and permutation of a player derives from one 32-byte *seed*
(itself derived from the device's secret), committed to in the player's shuffle link
(SHA-256 of the seed) and revealed at the end, when every device recomputes every pass,
key and draw (the audit).

Pure Python (standard library and :mod:`tablero.core.ristretto255`); runs in Pyodide.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from tablero.core.ristretto255 import (
    IDENTITY,
    ORDER,
    Element,
    hash_to_element,
    hash_to_scalar,
    multiscalar,
    scalar_inverse,
)

from .timeslice import Pause, spent, worked

__all__ = [
    "POINT_BYTES",
    "SEED_BYTES",
    "Keys",
    "apply_pass",
    "card_points",
    "decode_points",
    "encode_points",
    "open_point",
    "pass_factors",
    "pass_matches",
]

POINT_BYTES = 32
SEED_BYTES = 32
_DOMAIN = b"tablero-deck-1"


def card_points(game_id: str, labels: Sequence[str]) -> tuple[Element, ...]:
    """The cards' points, in ``labels``' order (the deck before any pass)."""
    return _card_points(game_id, tuple(labels))


@lru_cache(maxsize=8)
def _card_points(game_id: str, labels: tuple[str, ...]) -> tuple[Element, ...]:
    game = game_id.encode("ascii")
    return tuple(hash_to_element(_DOMAIN + b"-card", game, label.encode()) for label in labels)


def _int(*parts: bytes) -> int:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return int.from_bytes(digest.digest(), "big")


@dataclass(frozen=True)
class Keys:
    """One player's keys and permutation, all derived from its ``seed``."""

    seed: bytes

    @staticmethod
    def from_secret(secret: bytes) -> Keys:
        return Keys(hashlib.sha256(_DOMAIN + b"-seed" + secret).digest())

    @cached_property
    def commitment(self) -> bytes:
        """What the player's shuffle link publishes before anyone could benefit."""
        return hashlib.sha256(_DOMAIN + b"-commit" + self.seed).digest()

    def round_key(self, index: int) -> int:
        """The key this player puts on every card in round ``index`` of passes (the
        set-up's is round 0), and takes off by its lock."""
        return hash_to_scalar(_DOMAIN + b"-round", self.seed, index.to_bytes(4, "big"))

    def place_key(self, place: int) -> int:
        """This player's key for place ``place`` of the deck."""
        return hash_to_scalar(_DOMAIN + b"-place", self.seed, place.to_bytes(4, "big"))

    def permutation(self, n: int, index: int = 0) -> list[int]:
        """The shuffle of ``n`` cards in round ``index``: ``out[i] = in[perm[i]]``
        (Fisher-Yates driven by SHA-256 of the seed, the round and a counter,
        rejection-sampled: uniform)."""
        perm = list(range(n))
        counter = 0
        prefix = index.to_bytes(4, "big")
        for i in range(n - 1, 0, -1):
            bound = i + 1
            limit = (1 << 256) // bound * bound
            while True:
                x = _int(_DOMAIN + b"-perm", self.seed, prefix, counter.to_bytes(4, "big"))
                counter += 1
                if x < limit:
                    break
            j = x % bound
            perm[i], perm[j] = perm[j], perm[i]
        return perm


#: Passes computed lately, by exactly what they were computed from (the points, each
#: one's multiplier, the permutation): a pure function of those, so a device's audit
#: that recomputes a pass it read, and devices sharing a process (tests, a table of
#: bots), compute each one once.  Nothing is trusted: equal inputs, equal outputs.
_PASSES: OrderedDict[bytes, tuple[Element, ...]] = OrderedDict()
_PASSES_KEPT = 48
#: The points of a pass made so far when a read's time slice ran out
#: (:mod:`.timeslice`), by the same key: the read's next slice goes on from there.
_PARTIAL: OrderedDict[bytes, list[Element]] = OrderedDict()
_PARTIAL_KEPT = 8


def _pass_key(deck: Sequence[Element], factors: Sequence[int], perm: Sequence[int]) -> bytes:
    digest = hashlib.sha256()
    for p in deck:
        digest.update(p.to_bytes())
    for k in factors:
        digest.update(k.to_bytes(32, "little"))
    digest.update(b"".join(i.to_bytes(4, "big") for i in perm))
    return digest.digest()


def _multiplied(
    deck: Sequence[Element], factors: Sequence[int], perm: Sequence[int]
) -> list[Element]:
    """``out[i] = deck[perm[i]] * factors[i]``."""
    key = _pass_key(deck, factors, perm)
    found = _PASSES.get(key)
    if found is not None:
        _PASSES.move_to_end(key)
        return list(found)
    made = _PARTIAL.pop(key, [])
    _PARTIAL[key] = made
    while len(_PARTIAL) > _PARTIAL_KEPT:
        _PARTIAL.popitem(last=False)
    for i in range(len(made), len(perm)):
        if spent():
            raise Pause
        made.append(deck[perm[i]] * factors[i])
        worked()
    del _PARTIAL[key]
    _keep(key, tuple(made))
    return made


def _keep(key: bytes, points: tuple[Element, ...]) -> None:
    _PASSES[key] = points
    while len(_PASSES) > _PASSES_KEPT:
        _PASSES.popitem(last=False)


def pass_factors(
    keys: Keys,
    index: int,
    size: int,
    *,
    unkey: Sequence[int] | None = None,
    shuffle: bool = False,
    multiply: bool = False,
    lock: int | None = None,
) -> tuple[list[int], list[int]]:
    """One link's passes, made in this order by ``keys`` in round ``index`` over ``size``
    points, as one: ``(perm, factors)`` with ``out[i] = in[perm[i]] * factors[i]``.

    * ``unkey`` (a mix's first passes: the places its points held): each point's old
      place key taken off and the round's key put on, before anyone shuffles;
    * ``shuffle``: the points permuted (``keys.permutation``), and with ``multiply`` (the
      set-up's) every point times the round's key (a mix's keys went on as the old
      ones came off);
    * ``lock`` (the round's first new place): the round's key taken off and each new
      place's key put on, the round's points becoming places ``lock``, ``lock + 1``..."""
    a = keys.round_key(index)
    before = [1] * size
    if unkey is not None:
        before = [a * scalar_inverse(keys.place_key(j)) % ORDER for j in unkey]
    perm = keys.permutation(size, index) if shuffle else list(range(size))
    middle = a if shuffle and multiply else 1
    after = [1] * size
    if lock is not None:
        inverse = scalar_inverse(a)
        after = [keys.place_key(lock + j) * inverse % ORDER for j in range(size)]
    factors = [before[p] * middle % ORDER * after[i] % ORDER for i, p in enumerate(perm)]
    return perm, factors


def apply_pass(
    deck: Sequence[Element], perm: Sequence[int], factors: Sequence[int]
) -> list[Element]:
    """``out[i] = deck[perm[i]] * factors[i]``: a link's passes made as one
    (:func:`pass_factors`), one multiplication a point however many passes the link
    makes (none where every factor is 1: a mix's shuffle only permutes)."""
    if all(f == 1 for f in factors):
        return [deck[p] for p in perm]
    return _multiplied(deck, factors, perm)


#: The equations of a pass checked together, at most (a piece of a read's work: about
#: 0.1 s of a phone's time for the sum of products of 2 x 40 points).
_CHUNK = 40
#: How many chunks of a pass's check were done, by what is checked, when a read's time
#: slice ran out.
_CHECKED: OrderedDict[bytes, int] = OrderedDict()
_CHECKED_KEPT = 8


def pass_matches(
    deck: Sequence[Element], out: Sequence[Element], perm: Sequence[int], factors: Sequence[int]
) -> bool:
    """Whether ``out[i] == deck[perm[i]] * factors[i]`` for every ``i``, checked at once:
    a random combination of the equations (weights of 128 random bits, unknown to whoever
    made ``out``) must hold, which a single wrong point breaks but with probability
    2**-128 (the group has prime order).  One sum of products (:func:`multiscalar`)
    instead of a multiplication a point: what the end's audit checks every pass with.
    The equations are checked in chunks of :data:`_CHUNK` (each a piece of a read's work
    in its time slice, :mod:`.timeslice`).  A pass this process made or checked before
    (:data:`_PASSES`: devices sharing a process, as in the tests) is compared with what
    it holds instead; one that passes is kept there."""
    n = len(out)
    if len(deck) != n or len(perm) != n or len(factors) != n:
        return False
    key = _pass_key(deck, factors, perm)
    made = _PASSES.get(key)
    if made is not None:  # made or checked in this process before (a test's devices)
        return list(made) == list(out)
    checking = hashlib.sha256(key + b"".join(p.to_bytes() for p in out)).digest()
    done = _CHECKED.pop(checking, 0)  # the chunks of it checked in earlier time slices
    _CHECKED[checking] = done
    while len(_CHECKED) > _CHECKED_KEPT:
        _CHECKED.popitem(last=False)
    moved = [deck[p] for p in perm]
    for start in range(done * _CHUNK, n, _CHUNK):
        if spent():
            raise Pause
        worked()
        part = slice(start, start + _CHUNK)
        if not _combination_holds(out[part], moved[part], factors[part]):
            del _CHECKED[checking]
            return False
        _CHECKED[checking] += 1
    del _CHECKED[checking]
    _keep(key, tuple(out))
    return True


def _combination_holds(
    out: Sequence[Element], moved: Sequence[Element], factors: Sequence[int]
) -> bool:
    """Whether ``out[i] == moved[i] * factors[i]`` for every ``i``, with probability
    2**-128 of a wrong answer: one random combination (fresh 128-bit weights)."""
    weights = [secrets.randbits(128) for _ in out]
    first = factors[0] if factors else 0
    if all(f == first for f in factors):
        return multiscalar(weights, out) == multiscalar(weights, moved) * first
    negated = [-(w * f) % ORDER for w, f in zip(weights, factors, strict=True)]
    return multiscalar([*weights, *negated], [*out, *moved]) == IDENTITY


def open_point(point: Element, keys: Iterable[int]) -> Element:
    """The card under ``point`` once every player's key for its place is taken off."""
    product = 1
    for k in keys:
        product = product * k % ORDER
    return point * scalar_inverse(product)


def encode_points(points: Sequence[Element]) -> str:
    """Points as one base64url text (32 bytes each, no padding)."""
    raw = b"".join(p.to_bytes() for p in points)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


#: Decks decoded lately, by their text (each point's decoding is a square root: a read
#: going on in time slices decodes the same passes again at every slice).
_DECODED: OrderedDict[str, tuple[Element, ...]] = OrderedDict()
_DECODED_KEPT = 16


def decode_points(text: object, n: int) -> list[Element]:
    """``n`` points from :func:`encode_points`' text; ``ValueError`` for anything else."""
    if not isinstance(text, str) or len(text) != (n * POINT_BYTES * 4 + 2) // 3:
        raise ValueError("not a deck of this size")
    found = _DECODED.get(text)
    if found is not None:
        _DECODED.move_to_end(text)
        return list(found)
    points = _decoded(text, n)
    _DECODED[text] = tuple(points)
    while len(_DECODED) > _DECODED_KEPT:
        _DECODED.popitem(last=False)
    return points


def _decoded(text: str, n: int) -> list[Element]:
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if len(raw) != n * POINT_BYTES:
        raise ValueError("not a deck of this size")
    return [Element.from_bytes(raw[i : i + POINT_BYTES]) for i in range(0, len(raw), POINT_BYTES)]
