"""The ristretto255 prime-order group (RFC 9496), on Python's integers and :mod:`hashlib`.

ristretto255 is a group of prime order :data:`ORDER` built on Curve25519 (its twisted
Edwards form, the curve of Ed25519): each element is a class of four Edwards points, and
its 32-byte encoding is canonical, so two encodings are equal exactly when the elements
are.  It is here for the mental-poker deck: a card is an element, and every player
masks it with a secret scalar; scalar multiplication commutes (``a * (b * P) ==
b * (a * P)``), so the masks come off in any order.

The functions follow RFC 9496, section 4 (the constants of 4.1, SQRT_RATIO_M1 of 4.2,
decoding, encoding, equality and the map from 64 uniform bytes of 4.3.1-4.3.4); the
Edwards arithmetic is in extended coordinates (X:Y:Z:T, x = X/Z, y = Y/Z, xy = T/Z) with
the formulas for a = -1 of Hisil, Wong, Carter and Dawson ("add-2008-hwcd-3",
"dbl-2008-hwcd" in the Explicit-Formulas Database).

The API:

* :data:`ORDER` (the group order l), :data:`BASE` (the generator), :data:`IDENTITY`;
* :class:`Element`: immutable and hashable; ``Element.from_bytes(32 bytes)`` (raises
  :class:`ValueError` on any encoding that is not the canonical encoding of an element),
  ``element.to_bytes()``, ``Element.from_uniform_bytes(64 bytes)`` (the one-way map of
  4.3.4); ``+``, ``-``, unary ``-``, ``element * scalar`` and ``scalar * element`` (any
  ``int``, taken modulo ORDER), ``==`` (the group's equality, 4.3.3);
* :func:`hash_to_element` and :func:`hash_to_scalar`: SHA-512 of a domain and parts, each
  prefixed by its length, to an element or to a scalar; :func:`scalar_inverse`.

>>> BASE.to_bytes().hex()
'e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76'
>>> a, b = 1234567, 89101112
>>> a * (b * BASE) == b * (a * BASE) == (a * b) * BASE
True
>>> Element.from_bytes((a * BASE).to_bytes()) == a * BASE
True
>>> ORDER * BASE == IDENTITY
True

Scalar multiplication uses signed 4-bit windows (a table of 1P to 8P, then four
doublings and at most one addition per window); multiples of :data:`BASE` use a
precomputed table of ``j * 16**i * BASE`` (512 points, built on the first use) and need
no doubling at all.  Measured with ``bench/bench_ristretto255.py`` on the development
machine (2 cores, idle; CPython 3.11, Pyodide's Python 3.14 under Node 20; medians, the
range over runs):

==========================================  ===============  ===============
                                             CPython          Pyodide
==========================================  ===============  ===============
one scalar multiplication                    1.2-1.3 ms       2.1-3.2 ms
one multiple of BASE                         0.22-0.25 ms     0.4-0.7 ms
BASE's table, once (the first multiple)      5-7.5 ms         10-17 ms
80 multiplications and their encodings       105-125 ms       205-300 ms
80 ``hash_to_element``                       25-30 ms         37-58 ms
==========================================  ===============  ===============

Not constant time, on purpose: the code branches on secret bits, and Python's integers
are not constant time anyway.  It runs on a player's own device with that player's own
secrets, where timing side channels are out of scope; correctness is the goal, checked
against RFC 9496's test vectors and an independent implementation
(``tests/platform/test_ristretto255.py``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, NoReturn

__all__ = [
    "BASE",
    "IDENTITY",
    "ORDER",
    "Element",
    "hash_to_element",
    "hash_to_scalar",
    "multiscalar",
    "scalar_inverse",
]

#: The group order l (the order of the Ed25519 base point).
ORDER = 2**252 + 27742317777372353535851937790883648493

# --- the field GF(p) and the constants of RFC 9496, section 4.1 --------------------------

_P = 2**255 - 19
#: Edwards d of Curve25519's twisted Edwards form -x^2 + y^2 = 1 + d x^2 y^2.
_D = 37095705934669439343138083508754565189542113879843219016388785533085940283555
_D2 = 2 * _D % _P
_SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752
_SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235
_INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578
_ONE_MINUS_D_SQ = 1159843021668779879193775521855586647937357759715417654439879720876111806838
_D_MINUS_ONE_SQ = 40440834346308536858101042469323190826248399146238708352240133220865137265952
_SQRT_EXPONENT = (_P - 5) // 8
_LOW_255 = 2**255 - 1

#: An Edwards point in extended coordinates (X, Y, Z, T), each in [0, p).
_Point = tuple[int, int, int, int]

_IDENTITY_POINT: _Point = (0, 1, 1, 0)


def _sqrt_ratio_m1(u: int, v: int) -> tuple[bool, int]:
    """RFC 9496 4.2: (True, the non-negative sqrt(u/v)) if u/v is a square (or u is 0),
    else (False, the non-negative sqrt(SQRT_M1 * u/v)); (False, 0) if v is 0 and u not."""
    u %= _P
    v3 = v * v % _P * v % _P
    v7 = v3 * v3 % _P * v % _P
    r = u * v3 % _P * pow(u * v7 % _P, _SQRT_EXPONENT, _P) % _P
    check = v * r % _P * r % _P
    minus_u = -u % _P
    correct_sign = check == u
    flipped_sign = check == minus_u
    if flipped_sign or check == minus_u * _SQRT_M1 % _P:
        r = r * _SQRT_M1 % _P
    if r & 1:  # IS_NEGATIVE: the least significant bit of the reduced value
        r = _P - r
    return correct_sign or flipped_sign, r


# The Ed25519 base point (RFC 8032 5.1): y = 4/5 and the non-negative x, the root of
# x^2 = (y^2 - 1) / (d y^2 + 1).
_BASE_Y = 4 * pow(5, -1, _P) % _P
_BASE_X = _sqrt_ratio_m1(_BASE_Y * _BASE_Y - 1, _D * _BASE_Y * _BASE_Y + 1)[1]
_BASE_POINT: _Point = (_BASE_X, _BASE_Y, 1, _BASE_X * _BASE_Y % _P)


# --- Edwards arithmetic (a = -1) -------------------------------------------------------------


def _add(p1: _Point, p2: _Point) -> _Point:
    """add-2008-hwcd-3 with k = 2d: complete (any two points, equal or not)."""
    x1, y1, z1, t1 = p1
    x2, y2, z2, t2 = p2
    p = _P
    a = (y1 - x1) * (y2 - x2) % p
    b = (y1 + x1) * (y2 + x2) % p
    c = t1 * _D2 % p * t2 % p
    d = 2 * z1 * z2 % p
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % p, g * h % p, f * g % p, e * h % p


def _neg(pt: _Point) -> _Point:
    x, y, z, t = pt
    return -x % _P, y, z, -t % _P


def _double(pt: _Point) -> _Point:
    """dbl-2008-hwcd for a = -1 (T of the input is not used)."""
    x, y, z, _ = pt
    p = _P
    a = x * x % p
    b = y * y % p
    c = 2 * z * z % p
    s = x + y
    h = -a - b  # a*A - B with a = -1
    e = s * s % p + h  # (X+Y)^2 - A - B
    g = b - a  # a*A + B
    f = g - c
    return e * f % p, g * h % p, f * g % p, e * h % p


#: A point ready to be added: (Y-X, Y+X, 2d*T, 2Z), all reduced.
_Cached = tuple[int, int, int, int]


def _cached(pt: _Point) -> _Cached:
    x, y, z, t = pt
    return (y - x) % _P, (y + x) % _P, t * _D2 % _P, 2 * z % _P


def _signed_digits(k: int) -> list[int]:
    """k (k >= 0) in base 16 with digits in [-8, 7], least significant first."""
    digits = []
    carry = 0
    while k or carry:
        d = (k & 15) + carry
        k >>= 4
        carry = d >= 8
        digits.append(d - 16 if carry else d)
    return digits


def _multiply(pt: _Point, k: int) -> _Point:
    """k * pt for k >= 0: signed 4-bit windows, left to right."""
    if k == 0:
        return _IDENTITY_POINT
    # table[8 + j] = j * pt for j in -8..8, in the form _cached gives.
    multiples = [pt, _double(pt)]
    for j in range(3, 9):
        multiples.append(
            _double(multiples[j // 2 - 1]) if j % 2 == 0 else _add(multiples[j - 2], pt)
        )
    positive = [_cached(m) for m in multiples]
    table: list[_Cached] = [(ypx, ymx, -t2d % _P, z2) for ymx, ypx, t2d, z2 in positive]
    table.reverse()
    table.append((1, 1, 0, 2))  # the identity (never used: zero digits add nothing)
    table.extend(positive)

    digits = _signed_digits(k)
    top = digits.pop()
    x, y, z, t = multiples[top - 1] if top > 0 else _neg(multiples[-top - 1])
    p = _P
    for digit in reversed(digits):
        # Four doublings (dbl-2008-hwcd); T only on the last, the only one that needs it.
        for _ in range(3):
            a = x * x % p
            b = y * y % p
            s = x + y
            h = -a - b
            e = s * s % p + h
            g = b - a
            f = g - 2 * (z * z % p)
            x = e * f % p
            y = g * h % p
            z = f * g % p
        a = x * x % p
        b = y * y % p
        s = x + y
        h = -a - b
        e = s * s % p + h
        g = b - a
        f = g - 2 * (z * z % p)
        x = e * f % p
        y = g * h % p
        z = f * g % p
        t = e * h % p
        if digit:
            # add-2008-hwcd-3 with the cached multiple.
            ymx, ypx, t2d, z2 = table[8 + digit]
            a = (y - x) * ymx % p
            b = (y + x) * ypx % p
            c = t * t2d % p
            d = z * z2 % p
            e = b - a
            f = d - c
            g = d + c
            h = b + a
            x = e * f % p
            y = g * h % p
            z = f * g % p
            t = e * h % p
    return x, y, z, t


# The table of multiples of BASE: _base_table()[i][8 + j] = j * 16**i * BASE for j in
# -8..8, affine and ready to add: (y-x, y+x, 2d*x*y).  Built on the first use.
_BASE_TABLE: list[list[tuple[int, int, int]]] = []


def _base_table() -> list[list[tuple[int, int, int]]]:
    if _BASE_TABLE:
        return _BASE_TABLE
    rows: list[list[_Point]] = []
    pt = _BASE_POINT
    for _ in range(64):
        row = [pt, _double(pt)]
        for j in range(3, 9):
            row.append(_double(row[j // 2 - 1]) if j % 2 == 0 else _add(row[j - 2], pt))
        rows.append(row)
        pt = _double(row[-1])  # 16 * (16**i * BASE)
    # Affine coordinates: one inversion for all the Z (Montgomery's trick).
    flat = [q for row in rows for q in row]
    prefix = [1]
    for q in flat:
        prefix.append(prefix[-1] * q[2] % _P)
    inverse = pow(prefix[-1], -1, _P)
    inverses = [0] * len(flat)
    for i in range(len(flat) - 1, -1, -1):
        inverses[i] = inverse * prefix[i] % _P
        inverse = inverse * flat[i][2] % _P
    table: list[list[tuple[int, int, int]]] = []
    for i in range(64):
        positive = []
        for j in range(8):
            x, y, _, _ = flat[8 * i + j]
            zi = inverses[8 * i + j]
            x = x * zi % _P
            y = y * zi % _P
            positive.append(((y - x) % _P, (y + x) % _P, x * y % _P * _D2 % _P))
        negative = [(ypx, ymx, -t2d % _P) for ymx, ypx, t2d in reversed(positive)]
        table.append([*negative, (1, 1, 0), *positive])
    _BASE_TABLE.extend(table)
    return _BASE_TABLE


def _multiply_base(k: int) -> _Point:
    """k * BASE for 0 <= k < ORDER (the table's 64 rows cover its 64 signed digits): one
    mixed addition per nonzero digit, no doubling."""
    table = _base_table()
    p = _P
    x, y, z, t = _IDENTITY_POINT
    for row, digit in zip(table, _signed_digits(k), strict=False):
        if digit:
            ymx, ypx, t2d = row[8 + digit]
            a = (y - x) * ymx % p
            b = (y + x) * ypx % p
            c = t * t2d % p
            d = 2 * z
            e = b - a
            f = d - c
            g = d + c
            h = b + a
            x = e * f % p
            y = g * h % p
            z = f * g % p
            t = e * h % p
    return x, y, z, t


def _window(count: int, bits: int) -> int:
    """The bucket method's window (bits a digit) for ``count`` scalars of ``bits`` bits:
    the one with the fewest additions, about ``ceil(bits / c) * (count + 2 ** (c + 1))``."""
    return min(range(1, 13), key=lambda c: -(-bits // c) * (count + 2 ** (c + 1)))


def _sum_of_products(pairs: list[tuple[int, _Point]]) -> _Point:
    """Sum of ``k * pt`` over ``pairs`` (every ``k`` in ``[1, ORDER)``): Pippenger's bucket
    method.  Each window of ``c`` bits of the scalars, from the top: ``c`` doublings of
    the sum so far, every point added to the bucket of its digit (one addition a point),
    then the buckets summed by their digit with two additions a bucket (a running sum).
    About ``ceil(bits / c) * (n + 2 ** (c + 1))`` additions for ``n`` points, against
    about 300 operations a point for one multiplication each."""
    bits = max(k.bit_length() for k, _ in pairs)
    c = _window(len(pairs), bits)
    mask = (1 << c) - 1
    total = _IDENTITY_POINT
    for shift in range((-(-bits // c) - 1) * c, -1, -c):
        for _ in range(c):
            total = _double(total)
        buckets: list[_Point | None] = [None] * (mask + 1)
        for k, pt in pairs:
            digit = (k >> shift) & mask
            if digit:
                held = buckets[digit]
                buckets[digit] = pt if held is None else _add(held, pt)
        running: _Point | None = None
        window: _Point | None = None
        for digit in range(mask, 0, -1):
            held = buckets[digit]
            if held is not None:
                running = held if running is None else _add(running, held)
            if running is not None:
                window = running if window is None else _add(window, running)
        if window is not None:
            total = _add(total, window)
    return total


def multiscalar(scalars: Sequence[int], elements: Sequence[Element]) -> Element:
    """``scalars[0] * elements[0] + scalars[1] * elements[1] + ...`` in one pass over the
    scalars' bits (Pippenger's bucket method): for a hundred elements, two to five times
    faster than the products one by one.  The scalars are taken modulo :data:`ORDER`.

    >>> multiscalar([2, 3], [BASE, BASE]) == 5 * BASE
    True
    """
    pairs = [(k % ORDER, e._point) for k, e in zip(scalars, elements, strict=True) if k % ORDER]
    if not pairs:
        return IDENTITY
    return Element._make(_sum_of_products(pairs))


# --- encoding, decoding, the map (RFC 9496 4.3) ------------------------------------------------


def _decode(data: bytes) -> _Point:
    """RFC 9496 4.3.1."""
    if len(data) != 32:
        raise ValueError(f"a ristretto255 encoding has 32 bytes, not {len(data)}")
    s = int.from_bytes(data, "little")
    if s >= _P:
        raise ValueError("not a canonical ristretto255 encoding (s >= p)")
    if s & 1:
        raise ValueError("not a canonical ristretto255 encoding (s is negative)")
    p = _P
    ss = s * s % p
    u1 = (1 - ss) % p
    u2 = (1 + ss) % p
    u2_sqr = u2 * u2 % p
    v = (-(_D * u1 % p * u1) - u2_sqr) % p
    was_square, invsqrt = _sqrt_ratio_m1(1, v * u2_sqr)
    den_x = invsqrt * u2 % p
    den_y = invsqrt * den_x % p * v % p
    x = 2 * s * den_x % p
    if x & 1:
        x = p - x
    y = u1 * den_y % p
    t = x * y % p
    if not was_square or t & 1 or y == 0:
        raise ValueError("not the encoding of a ristretto255 element")
    return x, y, 1, t


def _encode(pt: _Point) -> bytes:
    """RFC 9496 4.3.2."""
    x0, y0, z0, t0 = pt
    p = _P
    u1 = (z0 + y0) * (z0 - y0) % p
    u2 = x0 * y0 % p
    _, invsqrt = _sqrt_ratio_m1(1, u1 * u2 % p * u2)
    den1 = invsqrt * u1 % p
    den2 = invsqrt * u2 % p
    z_inv = den1 * den2 % p * t0 % p
    if t0 * z_inv % p & 1:  # rotate
        x, y = y0 * _SQRT_M1 % p, x0 * _SQRT_M1 % p
        den_inv = den1 * _INVSQRT_A_MINUS_D % p
    else:
        x, y = x0, y0
        den_inv = den2
    if x * z_inv % p & 1:
        y = -y
    s = den_inv * (z0 - y) % p
    if s & 1:
        s = p - s
    return s.to_bytes(32, "little")


def _map(t: int) -> _Point:
    """MAP of RFC 9496 4.3.4 (t reduced)."""
    p = _P
    r = _SQRT_M1 * t % p * t % p
    u = (r + 1) * _ONE_MINUS_D_SQ % p
    v = (-1 - r * _D) * (r + _D) % p
    was_square, s = _sqrt_ratio_m1(u, v)
    if was_square:
        c = p - 1
    else:
        s_prime = s * t % p
        if not s_prime & 1:  # s' = -CT_ABS(s*t)
            s_prime = -s_prime % p
        s = s_prime
        c = r
    n = (c * (r - 1) % p * _D_MINUS_ONE_SQ - v) % p
    w0 = 2 * s * v % p
    w1 = n * _SQRT_AD_MINUS_ONE % p
    ss = s * s % p
    w2 = 1 - ss
    w3 = 1 + ss
    return w0 * w3 % p, w2 * w1 % p, w1 * w3 % p, w0 * w2 % p


# --- the group ---------------------------------------------------------------------------------


class Element:
    """An element of ristretto255: immutable, hashable, compared by the group's equality.

    Made by :meth:`from_bytes`, :meth:`from_uniform_bytes`, :func:`hash_to_element`,
    :data:`BASE`, :data:`IDENTITY` and the operators, never by calling the class.
    Internally one of the element's four Edwards points, in extended coordinates.
    """

    __slots__ = ("_point", "_encoding")
    _point: _Point
    _encoding: bytes | None

    def __init__(self) -> None:
        raise TypeError(
            "make an Element with Element.from_bytes, Element.from_uniform_bytes, "
            "hash_to_element or the group's operations"
        )

    @classmethod
    def _make(cls, point: _Point, encoding: bytes | None = None) -> Element:
        element = object.__new__(cls)
        object.__setattr__(element, "_point", point)
        object.__setattr__(element, "_encoding", encoding)
        return element

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError("an Element is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("an Element is immutable")

    @classmethod
    def from_bytes(cls, data: bytes) -> Element:
        """Decode 32 bytes (RFC 9496 4.3.1); :class:`ValueError` unless they are the
        canonical encoding of an element."""
        data = bytes(data)
        return cls._make(_decode(data), data)

    def to_bytes(self) -> bytes:
        """The canonical 32-byte encoding (RFC 9496 4.3.2)."""
        encoding = self._encoding
        if encoding is None:
            encoding = _encode(self._point)
            object.__setattr__(self, "_encoding", encoding)
        return encoding

    @classmethod
    def from_uniform_bytes(cls, data: bytes) -> Element:
        """The element of 64 uniformly random bytes (RFC 9496 4.3.4): the one-way map
        for hashing to the group (no one knows the discrete log of the result)."""
        if len(data) != 64:
            raise ValueError(f"from_uniform_bytes takes 64 bytes, not {len(data)}")
        r0 = (int.from_bytes(data[:32], "little") & _LOW_255) % _P
        r1 = (int.from_bytes(data[32:], "little") & _LOW_255) % _P
        return cls._make(_add(_map(r0), _map(r1)))

    def __add__(self, other: Element) -> Element:
        if not isinstance(other, Element):
            return NotImplemented
        return Element._make(_add(self._point, other._point))

    def __sub__(self, other: Element) -> Element:
        if not isinstance(other, Element):
            return NotImplemented
        return Element._make(_add(self._point, _neg(other._point)))

    def __neg__(self) -> Element:
        return Element._make(_neg(self._point))

    def __mul__(self, scalar: int) -> Element:
        if not isinstance(scalar, int):
            return NotImplemented
        k = scalar % ORDER
        if self._point is _BASE_POINT:
            return Element._make(_multiply_base(k))
        return Element._make(_multiply(self._point, k))

    def __rmul__(self, scalar: int) -> Element:
        return self.__mul__(scalar)

    def __eq__(self, other: object) -> bool:
        """RFC 9496 4.3.3: X1*Y2 == Y1*X2 or Y1*Y2 == X1*X2."""
        if not isinstance(other, Element):
            return NotImplemented
        x1, y1, _, _ = self._point
        x2, y2, _, _ = other._point
        return (x1 * y2 - y1 * x2) % _P == 0 or (y1 * y2 - x1 * x2) % _P == 0

    def __hash__(self) -> int:
        return hash(self.to_bytes())

    def __repr__(self) -> str:
        return f"Element('{self.to_bytes().hex()}')"

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return Element.from_bytes, (self.to_bytes(),)

    def __copy__(self) -> Element:
        return self

    def __deepcopy__(self, memo: object) -> Element:
        return self

    def _affine(self) -> tuple[int, int]:
        """(x, y) of the Edwards point that represents the element here (one of four)."""
        x, y, z, _ = self._point
        zi = pow(z, -1, _P)
        return x * zi % _P, y * zi % _P

    def _edwards_bytes(self) -> bytes:
        """The Ed25519 encoding (RFC 8032) of that Edwards point."""
        x, y = self._affine()
        return (y | (x & 1) << 255).to_bytes(32, "little")


#: The generator: the class of the Ed25519 base point.
BASE = Element._make(_BASE_POINT)
#: The neutral element.
IDENTITY = Element._make(_IDENTITY_POINT, bytes(32))


def _framed(domain: bytes, parts: tuple[bytes, ...]) -> bytes:
    h = hashlib.sha512()
    for part in (domain, *parts):
        if len(part) >= 2**32:
            raise ValueError("a part of 4 GiB or more cannot be framed")
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return h.digest()


def hash_to_element(domain: bytes, *parts: bytes) -> Element:
    """The element of SHA-512 over the domain and the parts, each prefixed by its length
    (4 bytes, big-endian), through :meth:`Element.from_uniform_bytes`.

    >>> hash_to_element(b"deck", b"card", b"7") == hash_to_element(b"deck", b"card7")
    False
    """
    return Element.from_uniform_bytes(_framed(domain, parts))


def hash_to_scalar(domain: bytes, *parts: bytes) -> int:
    """SHA-512 of the same framing as :func:`hash_to_element`, read as a little-endian
    integer and reduced modulo :data:`ORDER` (64 bytes: the bias is about 2**-260).

    Never 0: a digest that reduces to 0 (probability about 2**-252) gives 1, so the result
    can always be inverted."""
    return int.from_bytes(_framed(domain, parts), "little") % ORDER or 1


def scalar_inverse(scalar: int) -> int:
    """The inverse of ``scalar`` modulo :data:`ORDER`; :class:`ValueError` for 0 mod ORDER.

    >>> k = 987654321
    >>> scalar_inverse(k) * (k * BASE) == BASE
    True
    """
    if scalar % ORDER == 0:
        raise ValueError("0 has no inverse modulo ORDER")
    return pow(scalar, -1, ORDER)
