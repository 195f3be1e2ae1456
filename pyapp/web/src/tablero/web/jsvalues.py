"""JS values as Pyodide hands them to Python, read without importing ``js`` (the page's
glue, :mod:`tablero.web.main` and :mod:`tablero.web.botworker`, uses these)."""

from __future__ import annotations

from typing import Any

__all__ = ["is_null", "text"]


def text(value: Any) -> str | None:
    """A JS string as ``str``; ``None`` for ``null``/``undefined`` (Pyodide gives ``null``
    as ``jsnull``, which is not ``None``)."""
    return value if isinstance(value, str) else None


def is_null(value: Any) -> bool:
    """Is a value from JS ``null`` or ``undefined``?"""
    return value is None or type(value).__name__ == "JsNull"
