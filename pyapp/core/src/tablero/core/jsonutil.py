"""Helpers for reading JSON-pure data strictly, with messages a player can act on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import CorruptDataError

__all__ = ["require", "require_int", "require_list", "check_version", "read_setup", "copy_json"]

T = TypeVar("T")


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


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-pure data (dicts, lists and scalars), so saved data never
    shares mutable parts with a state."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value
