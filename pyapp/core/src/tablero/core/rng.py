"""A small seeded PRNG whose whole state is one 64-bit integer.

Games keep this state inside their own state, so the same seed and the same moves
give the same game everywhere.  The algorithm is SplitMix64 written with plain
integer arithmetic: it gives bit-identical results in CPython and in Pyodide, which
Python's :mod:`random` does not promise across versions.

>>> rng = Rng(42)
>>> [rng.randbelow(6) for _ in range(5)]
[1, 1, 0, 0, 4]
>>> Rng(42).randbelow(6) == Rng(42).randbelow(6)
True
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

__all__ = ["Rng", "seed_to_int"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def seed_to_int(seed: int | str) -> int:
    """Turn a user seed (an integer, or any text) into a 64-bit integer.

    Integers are taken modulo 2**64; text is hashed with SHA-256, so ``"beach"``
    always means the same game.
    """
    if isinstance(seed, bool):
        raise TypeError("a seed is an integer or a text, not a boolean")
    if isinstance(seed, int):
        return seed & _MASK
    if isinstance(seed, str):
        # Imported here: only text seeds need it, and a page's first visit pays ~4 ms for
        # importing hashlib in Pyodide.
        import hashlib

        return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")
    raise TypeError(f"a seed is an integer or a text, not {type(seed).__name__}")


class Rng:
    """SplitMix64.  ``Rng(seed)``; ``state`` is the integer to save and restore."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        self.state = seed_to_int(seed)

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, seq: list[T] | tuple[T, ...]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) / float(1 << 53)

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())

    def __repr__(self) -> str:
        return f"Rng.from_state(0x{self.state:016x})"

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng
