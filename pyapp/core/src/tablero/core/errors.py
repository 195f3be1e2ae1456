"""The error family every game raises.

All three are :class:`ValueError` subclasses, so callers that only care that the
input was bad can catch ``ValueError``.  Messages are written for a player: they
name what was wrong and, where it helps, what would be accepted instead.
"""

from __future__ import annotations

__all__ = ["TableroError", "InvalidMoveError", "IllegalMoveError", "CorruptDataError"]


class TableroError(ValueError):
    """Base class of Tablero's input errors.

    ``code`` optionally names the kind of problem (``"link.damaged"``,
    ``"save.newer"``...) so the app can show the message in the player's language
    from its catalog; ``str(error)`` is always a complete English sentence.
    """

    def __init__(self, message: str = "", *, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code


class InvalidMoveError(TableroError):
    """A move text that cannot be parsed at all (unknown word, bad cell name...)."""


class IllegalMoveError(TableroError):
    """A well-formed move that the rules do not allow in this position."""


class CorruptDataError(TableroError):
    """Saved data, a link or a position notation that cannot be read.

    Raised for malformed JSON, unknown games, data written by a newer version of
    Tablero and notation that does not describe a possible position.
    """
