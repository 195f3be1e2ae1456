"""tablero.core.ristretto255: RFC 9496's test vectors, the group's laws, and a cross-check
against an independent implementation.

* RFC 9496, appendix A: A.1 (the encodings of 0 to 15 times the generator), A.2 (encodings
  that decoding must refuse), A.3 (elements from uniform byte strings: the RFC's inputs are
  SHA-512 digests of seven lines of text, checked here too).  The vectors are below as data.
* The laws on seeded random scalars and elements: a*(b*P) == (ab)*P, (a+b)*P == a*P + b*P,
  P - P == IDENTITY, ORDER*P == IDENTITY, decoding inverts encoding, and the encoding is
  canonical (the four Edwards points of an element, and points reached by different
  addition chains, encode alike and compare equal).
* The cross-check against ``ge25519`` 2.0.0 (PyPI, a pinned dev dependency: a pure-Python
  port of libsodium's Ed25519 group code by nthparty, with its ristretto255 functions;
  written independently of this module, on 51-bit limbs).  What is compared, exactly:
  the Edwards points themselves (their Ed25519 encodings, so the exact representative and
  not only the ristretto class) of k*B for random k (ge25519's fixed-base multiplication
  against this module's table), of k*Q for random points Q (its variable-base
  multiplication), of sums of random points, of the ristretto255 decoding of random byte
  strings (and which ones are refused: ge25519 does not check canonicity -- s < p, s
  non-negative -- as libsodium does that in a separate function, so that part is
  checked here by hand) and of the one-way map MAP of RFC 9496 4.3.4 (its
  ``elligator_ristretto255``); and the ristretto255 encodings of random points and of
  ``from_uniform_bytes`` on random 64-byte strings (its ``from_hash_ristretto255``).
  Not cross-checked: hash_to_element's and hash_to_scalar's framing (this project's
  own; checked against hashlib directly) and scalar_inverse (Python's pow).
"""

from __future__ import annotations

import copy
import hashlib
import pickle
import random

import pytest
from fe25519 import fe25519
from ge25519 import ge25519_cached, ge25519_p1p1, ge25519_p3
from tablero.core import ristretto255
from tablero.core.ristretto255 import (
    BASE,
    IDENTITY,
    ORDER,
    Element,
    hash_to_element,
    hash_to_scalar,
    multiscalar,
    scalar_inverse,
)

P = 2**255 - 19

# RFC 9496 A.1: n * generator for n = 0..15.
MULTIPLES = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
    "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
    "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
    "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
    "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
    "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
    "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
    "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
    "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
    "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
    "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
    "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
    "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
]

# RFC 9496 A.2: invalid encodings, in the RFC's groups.
INVALID = [
    # non-canonical field encodings
    "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    # negative field elements
    "0100000000000000000000000000000000000000000000000000000000000000",
    "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
    "c34c4e1826e5d403b78e246e88aa051c36ccf0aafebffe137d148a2bf9104562",
    "c940e5a4404157cfb1628b108db051a8d439e1a421394ec4ebccb9ec92a8ac78",
    "47cfc5497c53dc8e61c91d17fd626ffb1c49e2bca94eed052281b510b1117a24",
    "f1c6165d33367351b0da8f6e4511010c68174a03b6581212c71c0e1d026c3c72",
    "87260f7a2f12495118360f02c26a470f450dadf34a413d21042b43b9d93e1309",
    # non-square x^2
    "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
    "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
    "de6a7b00deadc788eb6b6c8d20c0ae96c2f2019078fa604fee5b87d6e989ad7b",
    "bcab477be20861e01e4a0e295284146a510150d9817763caf1a6f4b422d67042",
    "2a292df7e32cababbd9de088d1d1abec9fc0440f637ed2fba145094dc14bea08",
    "f4a9e534fc0d216c44b218fa0c42d99635a0127ee2e53c712f70609649fdff22",
    "8268436f8c4126196cf64b3c7ddbda90746a378625f9813dd9b8457077256731",
    "2810e5cbc2cc4d4eece54f61c6f69758e289aa7ab440b3cbeaa21995c2f4232b",
    # negative xy value
    "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
    "a45fdc55c76448c049a1ab33f17023edfb2be3581e9c7aade8a6125215e04220",
    "d483fe813c6ba647ebbfd3ec41adca1c6130c2beeee9d9bf065c8d151c5f396e",
    "8a2e1d30050198c65a54483123960ccc38aef6848e1ec8f5f780e8523769ba32",
    "32888462f8b486c68ad7dd9610be5192bbeaf3b443951ac1a8118419d9fa097b",
    "227142501b9d4355ccba290404bde41575b037693cef1f438c47f8fbf35d1165",
    "5c37cc491da847cfeb9281d407efc41e15144c876e0170b499a96a22ed31e01e",
    "445425117cb8c90edcbc7c1cc0e74f747f2c1efa5630a967c64f287792a48a4b",
    # s = -1, which causes y = 0
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
]

# RFC 9496 A.3: (the text, I = its SHA-512, O = the encoding of from_uniform_bytes(I)).
UNIFORM = [
    (
        "Ristretto is traditionally a short shot of espresso coffee",
        "5d1be09e3d0c82fc538112490e35701979d99e06ca3e2b5b54bffe8b4dc772c1"
        "4d98b696a1bbfb5ca32c436cc61c16563790306c79eaca7705668b47dffe5bb6",
        "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46",
    ),
    (
        "made with the normal amount of ground coffee but extracted with",
        "f116b34b8f17ceb56e8732a60d913dd10cce47a6d53bee9204be8b44f6678b27"
        "0102a56902e2488c46120e9276cfe54638286b9e4b3cdb470b542d46c2068d38",
        "f26e5b6f7d362d2d2a94c5d0e7602cb4773c95a2e5c31a64f133189fa76ed61b",
    ),
    (
        "about half the amount of water in the same amount of time",
        "8422e1bbdaab52938b81fd602effb6f89110e1e57208ad12d9ad767e2e25510c"
        "27140775f9337088b982d83d7fcf0b2fa1edffe51952cbe7365e95c86eaf325c",
        "006ccd2a9e6867e6a2c5cea83d3302cc9de128dd2a9a57dd8ee7b9d7ffe02826",
    ),
    (
        "by using a finer grind.",
        "ac22415129b61427bf464e17baee8db65940c233b98afce8d17c57beeb7876c2"
        "150d15af1cb1fb824bbd14955f2b57d08d388aab431a391cfc33d5bafb5dbbaf",
        "f8f0c87cf237953c5890aec3998169005dae3eca1fbb04548c635953c817f92a",
    ),
    (
        "This produces a concentrated shot of coffee per volume.",
        "165d697a1ef3d5cf3c38565beefcf88c0f282b8e7dbd28544c483432f1cec767"
        "5debea8ebb4e5fe7d6f6e5db15f15587ac4d4d4a1de7191e0c1ca6664abcc413",
        "ae81e7dedf20a497e10c304a765c1767a42d6e06029758d2d7e8ef7cc4c41179",
    ),
    (
        "Just pulling a normal shot short will produce a weaker shot",
        "a836e6c9a9ca9f1e8d486273ad56a78c70cf18f0ce10abb1c7172ddd605d7fd2"
        "979854f47ae1ccf204a33102095b4200e5befc0465accc263175485f0e17ea5c",
        "e2705652ff9f5e44d3e841bf1c251cf7dddb77d140870d1ab2ed64f1a9ce8628",
    ),
    (
        "and is not a Ristretto as some believe.",
        "2cdc11eaeb95daf01189417cdddbf95952993aa9cb9c640eb5058d09702c7462"
        "2c9965a697a3b345ec24ee56335b556e677b30e6f90ac77d781064f866a3c982",
        "80bd07262511cdde4863f8a7434cef696750681cb9510eea557088f76d9e5065",
    ),
]


def random_elements(seed: int, n: int) -> list[Element]:
    rng = random.Random(seed)
    return [Element.from_uniform_bytes(rng.randbytes(64)) for _ in range(n)]


# --- RFC 9496 appendix A ------------------------------------------------------------------


def test_a1_multiples_of_the_generator():
    acc = IDENTITY
    for n, expected in enumerate(MULTIPLES):
        assert acc.to_bytes().hex() == expected  # by repeated addition
        assert (n * BASE).to_bytes().hex() == expected  # BASE's table
        assert (BASE * n).to_bytes() == bytes.fromhex(expected)
        decoded = Element.from_bytes(bytes.fromhex(expected))
        assert decoded == acc == n * BASE
        assert (decoded * 1).to_bytes().hex() == expected  # the generic multiplication
        acc = acc + BASE
    assert BASE.to_bytes().hex() == MULTIPLES[1]
    assert IDENTITY.to_bytes() == bytes(32)


@pytest.mark.parametrize("encoding", INVALID)
def test_a2_invalid_encodings_are_refused(encoding):
    with pytest.raises(ValueError):
        Element.from_bytes(bytes.fromhex(encoding))


@pytest.mark.parametrize("length", [0, 31, 33, 64])
def test_an_encoding_has_32_bytes(length):
    with pytest.raises(ValueError):
        Element.from_bytes(bytes(length))


@pytest.mark.parametrize(("text", "uniform", "expected"), UNIFORM)
def test_a3_elements_from_uniform_bytes(text, uniform, expected):
    assert hashlib.sha512(text.encode()).hexdigest() == uniform
    element = Element.from_uniform_bytes(bytes.fromhex(uniform))
    assert element.to_bytes().hex() == expected
    assert Element.from_bytes(bytes.fromhex(expected)) == element


@pytest.mark.parametrize("length", [0, 32, 63, 65])
def test_uniform_bytes_are_64(length):
    with pytest.raises(ValueError):
        Element.from_uniform_bytes(bytes(length))


def test_the_constants_are_what_rfc_9496_defines():
    r = ristretto255
    d = r._D
    assert r._P == P
    assert d == -121665 * pow(121666, -1, P) % P
    assert r._SQRT_M1**2 % P == P - 1
    assert r._SQRT_AD_MINUS_ONE**2 % P == (-d - 1) % P  # a*d - 1 with a = -1
    assert r._INVSQRT_A_MINUS_D**2 * (-1 - d) % P == 1
    assert r._ONE_MINUS_D_SQ == (1 - d * d) % P
    assert r._D_MINUS_ONE_SQ == (d - 1) ** 2 % P
    assert ORDER == 2**252 + 27742317777372353535851937790883648493
    assert all(pow(b, ORDER - 1, ORDER) == 1 for b in (2, 3, 5, 7))  # prime (Fermat)
    # The generator is the class of the Ed25519 base point (RFC 8032: y = 4/5, x even).
    assert BASE._edwards_bytes().hex() == "58" + "66" * 31
    assert (ORDER * BASE)._affine() == (0, 1)  # exactly the neutral point, not 4-torsion


# --- the group's laws -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_scalar_multiplication_laws(seed):
    rng = random.Random(seed)
    for point in [BASE, *random_elements(seed, 3)]:
        a, b = rng.randrange(ORDER), rng.randrange(ORDER)
        a_p, b_p = a * point, b * point
        assert a * b_p == b * a_p == (a * b % ORDER) * point
        assert (a + b) * point == a_p + b_p == ((a + b) % ORDER) * point
        assert (a - b) * point == a_p - b_p
        assert a_p - a_p == IDENTITY
        assert a_p + (-a_p) == IDENTITY
        assert -a * point == -a_p == (ORDER - a) * point
        assert ORDER * point == IDENTITY == 0 * point
        assert (a + 3 * ORDER) * point == a_p
        assert 1 * point == point and point * 2 == point + point
        k = rng.randrange(1, ORDER)
        assert scalar_inverse(k) * (k * point) == point


@pytest.mark.parametrize("count", [1, 2, 3, 17, 110, 221])
def test_multiscalar_is_the_sum_of_the_products(count):
    """The bucket method against the products one by one: scalars of every size (1 bit,
    128 bits, full, negative, multiples of ORDER), elements repeated, BASE among them."""
    rng = random.Random(count)
    elements = [BASE, *random_elements(count, min(count, 12))]
    chosen = [elements[rng.randrange(len(elements))] for _ in range(count)]
    sizes = [1, 2, 7, 128, 252, 253]
    scalars = [rng.getrandbits(sizes[i % len(sizes)]) for i in range(count)]
    if count > 2:
        scalars[0], scalars[1], scalars[2] = -scalars[0], ORDER * 3, 0
    expected = IDENTITY
    for k, e in zip(scalars, chosen, strict=True):
        expected = expected + k * e
    assert multiscalar(scalars, chosen) == expected
    assert multiscalar([], []) == IDENTITY == multiscalar([ORDER], [BASE])
    with pytest.raises(ValueError):
        multiscalar([1, 2], [BASE])


def test_base_multiples_agree_with_the_generic_multiplication():
    """BASE's table against the window method on a copy of BASE that is not BASE."""
    rng = random.Random(7)
    generic = Element.from_bytes(BASE.to_bytes())
    assert generic._point is not BASE._point
    edges = [1, 2, 8, 15, 16, 17, ORDER - 1, ORDER - 8, 2**252]
    for k in edges + [rng.randrange(ORDER) for _ in range(10)]:
        assert (k * generic).to_bytes() == (k * BASE).to_bytes()


def test_encoding_round_trips_and_is_canonical():
    rng = random.Random(3)
    # The four Edwards points of each element: the representative plus each 4-torsion point
    # (the identity, (0, -1), (+-sqrt(-1), 0)).
    i = ristretto255._SQRT_M1
    torsion = [(0, 1, 1, 0), (0, P - 1, 1, 0), (i, 0, 1, 0), (P - i, 0, 1, 0)]
    for element in [IDENTITY, BASE, *random_elements(3, 6)]:
        encoding = element.to_bytes()
        assert len(encoding) == 32
        decoded = Element.from_bytes(encoding)
        assert decoded == element and decoded.to_bytes() == encoding
        assert hash(decoded) == hash(element)
        for t in torsion:
            shifted = Element._make(ristretto255._add(element._point, t))
            assert shifted == element and shifted.to_bytes() == encoding
        # The same element by different addition chains (different Z, different points).
        a = rng.randrange(ORDER)
        chained = ((a + 1) * element - a * element + 4 * element) - (2 * element + 2 * element)
        assert chained == element and chained.to_bytes() == encoding
        assert element + element != element or element == IDENTITY


def test_element_is_an_immutable_hashable_value():
    one, two = random_elements(4, 2)
    assert {one, Element.from_bytes(one.to_bytes()), two} == {one, two}
    assert {one: 1}[2 * one - one] == 1
    assert one != two and one != one.to_bytes() and one != 1
    assert repr(BASE) == f"Element('{MULTIPLES[1]}')"
    with pytest.raises(AttributeError):
        one._point = two._point
    with pytest.raises(AttributeError):
        del one._point
    with pytest.raises(TypeError):
        Element()
    with pytest.raises(TypeError):
        one * 1.5
    with pytest.raises(TypeError):
        one + 1
    assert copy.copy(one) is one and copy.deepcopy(one) is one
    assert pickle.loads(pickle.dumps(one)) == one


def test_hash_to_element_and_scalar_frame_their_parts():
    def framing(*chunks: bytes) -> bytes:
        return b"".join(len(c).to_bytes(4, "big") + c for c in chunks)

    digest = hashlib.sha512(framing(b"deck", b"card", b"7")).digest()
    assert hash_to_element(b"deck", b"card", b"7") == Element.from_uniform_bytes(digest)
    assert hash_to_scalar(b"deck", b"card", b"7") == int.from_bytes(digest, "little") % ORDER
    assert hash_to_element(b"deck") == Element.from_uniform_bytes(
        hashlib.sha512(framing(b"deck")).digest()
    )
    # Lengths separate the parts: no two of these framings collide.
    splits = [(b"ab", b"c"), (b"a", b"bc"), (b"abc",), (b"abc", b""), (b"", b"abc")]
    assert len({hash_to_element(b"d", *s) for s in splits}) == len(splits)
    assert hash_to_element(b"d1", b"x") != hash_to_element(b"d2", b"x")
    scalars = {hash_to_scalar(b"s", bytes([n])) for n in range(50)}
    assert len(scalars) == 50 and all(0 < s < ORDER for s in scalars)


def test_hash_to_scalar_is_never_zero(monkeypatch):
    monkeypatch.setattr(ristretto255, "_framed", lambda domain, parts: bytes(64))
    assert hash_to_scalar(b"d") == 1
    multiple = (ORDER * 5).to_bytes(64, "little")
    monkeypatch.setattr(ristretto255, "_framed", lambda domain, parts: multiple)
    assert hash_to_scalar(b"d") == 1


def test_scalar_inverse():
    rng = random.Random(5)
    for k in [1, 2, ORDER - 1, *(rng.randrange(1, ORDER) for _ in range(20)), -3, ORDER + 5]:
        assert k * scalar_inverse(k) % ORDER == 1
    for zero in (0, ORDER, -ORDER, 7 * ORDER):
        with pytest.raises(ValueError):
            scalar_inverse(zero)


# --- the cross-check against ge25519 --------------------------------------------------------


def _ge_point(element: Element) -> ge25519_p3:
    return ge25519_p3.from_bytes(element._edwards_bytes())


def test_base_multiples_and_sums_match_ge25519():
    rng = random.Random(11)
    scalars = [rng.randrange(ORDER) for _ in range(40)] + [1, 2, ORDER - 1]
    ours = [k * BASE for k in scalars]
    theirs = [ge25519_p3.scalar_mult_base(k.to_bytes(32, "little")) for k in scalars]
    for k, mine, ge in zip(scalars, ours, theirs, strict=True):
        assert mine._edwards_bytes() == ge.to_bytes(), k
    for i in range(len(ours) - 1):  # sums of random points: the same Edwards points
        total = ge25519_p1p1.add(theirs[i], ge25519_cached.from_p3(theirs[i + 1]))
        assert (ours[i] + ours[i + 1])._edwards_bytes() == ge25519_p3.from_p1p1(total).to_bytes()
    for mine, ge in zip(ours[:15], theirs[:15], strict=False):  # the ristretto255 encoding
        assert mine.to_bytes() == ge.to_bytes_ristretto255()


def test_multiples_of_random_points_match_ge25519():
    rng = random.Random(12)
    for element in random_elements(12, 8):
        k = rng.randrange(ORDER)
        expected = _ge_point(element).scalar_mult(k.to_bytes(32, "little"))
        product = element * k
        assert product._edwards_bytes() == expected.to_bytes()
        assert product.to_bytes() == expected.to_bytes_ristretto255()


def test_decoding_matches_ge25519():
    """Random canonical byte strings (s < p, even): the same verdict and the same point.
    Odd and too large ones are refused here, as libsodium's separate canonicity check does."""
    rng = random.Random(13)
    accepted = 0
    for _ in range(80):
        s = rng.randrange(P // 2) * 2
        data = s.to_bytes(32, "little")
        ge = ge25519_p3.from_bytes_ristretto255(data)
        if ge is None:
            with pytest.raises(ValueError):
                Element.from_bytes(data)
        else:
            accepted += 1
            assert Element.from_bytes(data)._edwards_bytes() == ge.to_bytes()
        with pytest.raises(ValueError):
            Element.from_bytes((s + 1).to_bytes(32, "little"))  # negative
    assert 5 < accepted < 40  # about 1 in 4 are valid
    for s in (P, P + 2, 2**255 - 2):
        with pytest.raises(ValueError):
            Element.from_bytes(s.to_bytes(32, "little"))  # s >= p


def test_the_map_and_from_uniform_bytes_match_ge25519():
    rng = random.Random(14)
    for _ in range(25):
        data = rng.randbytes(64)
        assert Element.from_uniform_bytes(data).to_bytes() == ge25519_p3.from_hash_ristretto255(
            data
        )
        # MAP of each half: the very Edwards point (ge25519 masks the top bit too).
        half = data[:32]
        t = (int.from_bytes(half, "little") & (2**255 - 1)) % P
        mapped = Element._make(ristretto255._map(t))
        ge = ge25519_p3.elligator_ristretto255(fe25519.from_bytes(half))
        assert mapped._edwards_bytes() == ge.to_bytes()
