"""Game options: what :func:`tablero.core.make` accepts, checked once for every game.

A game declares its options as :class:`OptionSpec` values; :func:`resolve_options`
checks what a caller passed against them and fills in the defaults, so a game's
``new_game`` receives every option, already valid.  Three kinds:

``one``   one value out of ``choices`` (or any value when ``choices`` is ``None``);
``set``   a set of distinct values out of ``choices``, given as any iterable and passed
          on as a tuple in the order of ``choices`` (``setup["options"]`` records it
          as a list, so it stays JSON-pure);
``seat``  ``None`` or a seat of the game being set up (``0 .. players - 1``), such as
          the first player; ``choices`` lists the seats of the largest table.

>>> spec = OptionSpec("criteria", ("a", "b"), ("a", "b", "c"), kind="set", min_size=1)
>>> spec.read(["c", "a"], players=2)
('a', 'c')
>>> first_player_option(3).allowed(2)
(None, 0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["OptionSpec", "first_player_option", "resolve_options", "same_value"]

OptionKind = Literal["one", "set", "seat"]


def same_value(a: Any, b: Any) -> bool:
    """``a == b`` with the types too, so ``True`` is not the seat ``1`` and ``1.0`` is
    not ``1``."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class OptionSpec:
    """One option accepted by :func:`tablero.core.make` for a game."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    doc: str = ""
    kind: OptionKind = "one"
    #: For ``set`` options: how many values the set may hold.
    min_size: int = 0
    max_size: int | None = None

    def allowed(self, players: int) -> tuple[Any, ...] | None:
        """The values this option may take at a table of ``players`` (``None``: any)."""
        if self.kind == "seat":
            return (None, *range(players))
        return self.choices

    def read(self, value: Any, players: int) -> Any:
        """``value`` checked for a table of ``players``, in the form the game receives.

        Raises :class:`ValueError` with a sentence naming the option and what it accepts.
        """
        if self.kind == "set":
            return self._read_set(value)
        allowed = self.allowed(players)
        if allowed is not None and not any(same_value(value, c) for c in allowed):
            if self.kind == "seat":
                raise ValueError(
                    f"{self.name} must be a seat from 0 to {players - 1} (or None), not {value!r}"
                )
            choices = ", ".join(map(repr, allowed))
            raise ValueError(f"option {self.name}={value!r} is not one of {choices}")
        return value

    def _read_set(self, value: Any) -> tuple[Any, ...]:
        if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
            raise ValueError(f"option {self.name} is a set of values, not {value!r}")
        items = list(value)
        choices = self.choices or ()
        for item in items:
            if not any(same_value(item, c) for c in choices):
                known = ", ".join(map(repr, choices))
                raise ValueError(f"option {self.name}: {item!r} is not one of {known}")
        if len(set(items)) != len(items):
            raise ValueError(f"option {self.name} names a value twice: {items!r}")
        if len(items) < self.min_size or (self.max_size is not None and len(items) > self.max_size):
            most = "" if self.max_size is None else f" and at most {self.max_size}"
            raise ValueError(
                f"option {self.name} holds {len(items)} values; it needs at least "
                f"{self.min_size}{most}"
            )
        return tuple(c for c in choices if c in items)

    def recorded(self, value: Any) -> Any:
        """``value`` as ``setup["options"]`` records it (JSON-pure)."""
        return list(value) if self.kind == "set" else value


def first_player_option(max_players: int) -> OptionSpec:
    """The option every game offers: who starts (``None``: drawn at random at setup)."""
    return OptionSpec(
        "first_player",
        None,
        (None, *range(max_players)),
        "seat of the first player",
        kind="seat",
    )


def resolve_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, Any], players: int, title: str
) -> dict[str, Any]:
    """Every option of ``specs`` for a table of ``players``: the ``given`` ones checked,
    the others at their default (in the order of ``specs``).

    Raises :class:`ValueError` for an unknown option or a value it does not accept.
    """
    known = {spec.name: spec for spec in specs}
    for name in given:
        if name not in known:
            allowed = ", ".join(sorted(known)) or "none"
            raise ValueError(f"{title} has no option {name!r} (options: {allowed})")
    out: dict[str, Any] = {}
    for spec in specs:
        if spec.name in given:
            out[spec.name] = spec.read(given[spec.name], players)
        elif spec.kind == "set":
            out[spec.name] = spec.read(spec.default, players)
        else:
            out[spec.name] = spec.default
    return out
