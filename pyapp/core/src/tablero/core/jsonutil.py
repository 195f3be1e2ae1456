"""Helpers for reading JSON-pure data strictly, with messages a player can act on."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from itertools import accumulate
from typing import Any, TypeVar

from .errors import CorruptDataError

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_JSON_CHARS",
    "json_depth",
    "load_json",
    "require",
    "require_int",
    "require_list",
    "check_version",
    "read_setup",
    "copy_json",
]

T = TypeVar("T")

#: JSON read from outside may nest at most this deep.  Tablero's own data nests at most
#: about 8 levels (a save record, its state, the history, an entry's events...); the
#: bound keeps every recursive reader (``json.loads``, :func:`copy_json`) far from
#: Python's recursion limit.
MAX_JSON_DEPTH = 48
#: JSON read from outside may be at most this many characters (a complete game's state
#: is a few tens of thousands).
MAX_JSON_CHARS = 4_000_000


def json_depth(text: str) -> int:
    """How deeply ``text`` nests arrays and objects, counted on the text itself (no
    parsing, no recursion, linear time), the way a JSON parser would meet them.

    Escapes are dropped first (a ``\\\\`` pair, then an escaped quote), so the quotes
    left delimit the strings, whose brackets do not count.  Where ``text`` is not JSON
    the count may be off after the first error, which a parser never gets past.

    >>> json_depth('[1, {"a": "[[[", "b": [[]]}]'), json_depth('"\\\\"'), json_depth("7")
    (4, 0, 0)
    """
    # UTF-8 writes every character beyond ASCII with bytes of 128 and more, so the
    # backslashes, quotes and brackets are the same bytes in the same order
    # (``surrogatepass``: any text can be encoded).
    return _bytes_depth(text.encode("utf-8", "surrogatepass"))


#: Every byte but the quote and the brackets.
_NOT_QUOTE_OR_BRACKET = bytes(b for b in range(256) if b not in b'"[]{}')
#: Braces as square brackets.
_SQUARE = bytes.maketrans(b"{}", b"[]")
#: Brackets as signed bytes: +1 opens, -1 closes.
_SIGNED_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
#: How much :func:`_bytes_depth` peels off, in passes over the brackets, before it
#: counts step by step.
_PASSES = 8
#: The steps summed at once by :func:`_running_max`.
_CHUNK = 128


def _bytes_depth(data: bytes) -> int:
    """:func:`json_depth` of a text encoded as UTF-8, with bytes operations: escapes
    dropped (a ``\\\\`` pair, then an escaped quote), then every byte but quotes and
    brackets, then the strings, whose brackets do not count.  The depth is then the
    highest running sum of what is left, each bracket +1 or -1.

    A string holds no bracket when its two quotes are now side by side: if removing the
    ``""`` pairs (from the left) leaves no quote, each string was such a pair (the first
    quote left always pairs with the next).  Otherwise the quotes are paired in order,
    an unclosed last one keeping what follows it (it counts).

    The brackets of JSON are balanced: removing every ``[]`` pair (braces as brackets)
    takes away exactly the innermost level, so the number of rounds that empties them
    is the depth.  Brackets that do not empty so (not balanced, or nested so deep that
    peeling them would take more than :data:`_PASSES` passes over them) are summed step
    by step (:func:`_running_max`)."""
    if b"\\" in data:
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = data.translate(None, _NOT_QUOTE_OR_BRACKET)
    if b'"' in brackets:
        paired = brackets.replace(b'""', b"")
        if b'"' in paired:
            parts = brackets.split(b'"')
            outside = parts[::2]
            if len(parts) % 2 == 0:  # an unclosed quote: what follows it counts
                outside.append(parts[-1])
            paired = b"".join(outside)
        brackets = paired
    left = brackets.translate(_SQUARE)
    rounds = 0
    budget = _PASSES * len(left)
    while left and budget > 0:
        budget -= len(left)
        inner = left.replace(b"[]", b"")
        if len(inner) == len(left):
            break
        left = inner
        rounds += 1
    if not left:
        return rounds
    return _running_max(brackets.translate(_SIGNED_STEP))


def _running_max(steps: bytes) -> int:
    """The highest running sum of ``steps`` (signed bytes, +1 or -1), 0 at least.  It
    is summed a chunk at a time from the sum before the chunk (plus an offset), so every
    number stays in 0..256, numbers Python never allocates (a deep text would otherwise
    make one per bracket, slow where allocations are traced)."""
    best = depth = 0
    for start in range(0, len(steps), _CHUNK):
        chunk = steps[start : start + _CHUNK]
        top = depth + max(accumulate(memoryview(chunk).cast("b"), initial=_CHUNK)) - _CHUNK
        if top > best:
            best = top
        depth += 2 * chunk.count(1) - len(chunk)
    return best


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _finite_float(text: str) -> float:
    """A JSON number with a fraction or exponent, refused where it overflows a float
    (``1e999`` would be read as infinity, which JSON cannot write back)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:24]} is too large")
    return value


def load_json(
    text: str | bytes, *, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_JSON_DEPTH
) -> Any:
    """``text`` parsed as strict JSON, after its size and nesting are checked on the text
    (so nothing deeper than ``max_depth`` ever reaches the recursive parser).

    Raises :class:`CorruptDataError` (and nothing else) for text that is too long, nests
    too deeply, is not UTF-8 or is not JSON (``NaN`` and ``Infinity`` are refused: they
    are not JSON; so is a number too large for a float, such as ``1e999``, which would be
    read as infinity and could never be written back as JSON).

    >>> load_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> load_json("[" * 1000 + "]" * 1000)
    Traceback (most recent call last):
      ...
    tablero.core.errors.CorruptDataError: the data nests 1000 levels deep (at most 48 are allowed)
    >>> load_json("[1e999]")
    Traceback (most recent call last):
      ...
    tablero.core.errors.CorruptDataError: the data is not valid JSON (the number 1e999 is too large)
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * max_chars:
            raise CorruptDataError(
                f"the data is too large (at most {max_chars:,} characters)", code="json.too_large"
            )
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CorruptDataError("the data is not UTF-8 text", code="json.invalid") from exc
    if not isinstance(text, str):
        raise CorruptDataError(
            f"the data is not a text ({type(text).__name__})", code="json.invalid"
        )
    if len(text) > max_chars:
        raise CorruptDataError(
            f"the data is too large ({len(text):,} characters; at most {max_chars:,})",
            code="json.too_large",
        )
    depth = json_depth(text)
    if depth > max_depth:
        raise CorruptDataError(
            f"the data nests {depth} levels deep (at most {max_depth} are allowed)",
            code="json.too_deep",
        )
    try:
        return json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:  # RecursionError: unreachable, kept safe
        raise CorruptDataError(f"the data is not valid JSON ({exc})", code="json.invalid") from exc


def require(
    data: Mapping[str, Any], key: str, kind: type[T] | tuple[type, ...], where: str = ""
) -> T:
    """``data[key]``, which must exist and be of ``kind`` (bools are not ints)."""
    place = f" in {where}" if where else ""
    if key not in data:
        raise CorruptDataError(f"saved data is missing {key!r}{place}")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise CorruptDataError(f"{key!r}{place} has the wrong type (bool)")
    if not isinstance(value, kinds):
        raise CorruptDataError(f"{key!r}{place} has the wrong type ({type(value).__name__})")
    return value  # type: ignore[return-value]


def require_int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as an int within ``[lo, hi]``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CorruptDataError(f"{what} must be a whole number, not {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise CorruptDataError(f"{what} is {value}, outside {lo}..{hi}")
    return value


def require_name(table: Mapping[str, T], value: Any, what: str, kind: str) -> T:
    """What ``value`` names in ``table`` (a card by its name, a piece by its code);
    ``kind`` says what a name looks like, for the message (``"a card code (like T2)"``)."""
    found = table.get(value) if isinstance(value, str) else None
    if found is None:
        raise CorruptDataError(f"{what}: {value!r} is not {kind}")
    return found


def require_list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise CorruptDataError(f"{what} must be a list")
    if length is not None and len(value) != length:
        raise CorruptDataError(f"{what} must have {length} entries, not {len(value)}")
    return value


def check_version(data: Mapping[str, Any], game_title: str, supported: int) -> int:
    """The data's format version; a newer one than ``supported`` is refused clearly."""
    version = require(data, "version", int)
    if version > supported:
        raise CorruptDataError(
            f"this {game_title} game was saved by a newer version of Tablero "
            f"(format {version}; this app reads up to {supported}): update the app to open it"
        )
    if version < 1:
        raise CorruptDataError(f"{game_title} data has an impossible format version {version}")
    return version


def read_setup(setup: Mapping[str, Any], players: int) -> dict[str, Any]:
    """A state's ``setup`` record: ``{"players", "seed", "options"}`` (seed may be null)."""
    if require_int(setup.get("players"), "setup players") != players:
        raise CorruptDataError("the setup's player count does not match the game")
    seed = setup.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise CorruptDataError("the setup's seed must be a whole number, a text or null")
    options = require(setup, "options", dict, "setup")
    return {"players": players, "seed": seed, "options": copy_json(options)}


def copy_json(value: Any, _depth: int = 0) -> Any:
    """A deep copy of JSON-pure data (dicts, lists and scalars), so saved data never
    shares mutable parts with a state.  Data nested deeper than :data:`MAX_JSON_DEPTH`
    is refused (:class:`CorruptDataError`), never copied by deep recursion.

    Scalars are taken as they are without a call of their own (most of a state's data
    is scalars, and a state's history is copied each time it is written): a container
    at the deepest level allowed may only be empty, as before.  A plain dict or list is
    copied whole first (at C speed), then only its containers are copied over."""
    if isinstance(value, dict):
        if _depth >= MAX_JSON_DEPTH and (value or _depth > MAX_JSON_DEPTH):
            _check_depth(_depth, bool(value))
        below = _depth + 1
        if type(value) is dict:
            out = value.copy()
            if not _ALL_SCALARS(map(type, value.values())):
                for k, v in value.items():
                    if type(v) not in _SCALARS:
                        out[k] = copy_json(v, below)
            return out
        return {k: v if type(v) in _SCALARS else copy_json(v, below) for k, v in value.items()}
    if isinstance(value, list):
        if _depth >= MAX_JSON_DEPTH and (value or _depth > MAX_JSON_DEPTH):
            _check_depth(_depth, bool(value))
        below = _depth + 1
        if type(value) is list:
            copied = value[:]
            if not _ALL_SCALARS(map(type, value)):
                for i, v in enumerate(value):
                    if type(v) not in _SCALARS:
                        copied[i] = copy_json(v, below)
            return copied
        return [v if type(v) in _SCALARS else copy_json(v, below) for v in value]
    _check_depth(_depth, False)
    return value


#: The exact types :func:`copy_json` returns as they are (immutable JSON scalars).
_SCALARS = frozenset((str, int, float, bool, type(None)))
#: Whether every type an iterable gives is one of :data:`_SCALARS` (in C, no loop here).
_ALL_SCALARS = _SCALARS.issuperset


def _check_depth(depth: int, has_items: bool) -> None:
    """Refuse a value deeper than :data:`MAX_JSON_DEPTH`, or a container at that depth
    with items (they would be deeper)."""
    if depth > MAX_JSON_DEPTH or (has_items and depth == MAX_JSON_DEPTH):
        raise CorruptDataError(f"the data nests more than {MAX_JSON_DEPTH} levels deep")
