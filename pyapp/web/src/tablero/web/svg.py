"""Tiny helpers for writing HTML and SVG as text: escaping and tags.

Renderers build markup as strings (pure functions, testable in CPython).  Every
text or attribute value goes through :func:`esc`, so untrusted text (a player's
name) can never become markup.

>>> tag("text", "<b>", x=3, class_="n", data_cell="c4")
'<text x="3" class="n" data-cell="c4">&lt;b&gt;</text>'
>>> tag("rect", width=10, hidden=True, title=None)
'<rect width="10" hidden/>'
"""

from __future__ import annotations

from typing import Any

__all__ = ["attrs", "esc", "escape", "icon", "num", "raw_tag", "tag"]


def escape(text: str) -> str:
    """``text`` with ``& < > " '`` escaped: what ``html.escape(text)`` returns.

    The ``html`` module is not imported for it: importing it builds the HTML5 entity table
    (for ``html.unescape``, which the app never needs), 27 ms of a first visit in Pyodide.
    """
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


def esc(text: object) -> str:
    """``text`` escaped for HTML/XML text and quoted attribute values."""
    s = text if type(text) is str else str(text)
    # Most values (numbers, names, class lists) need nothing: five searches cost less than
    # the five replacements (and copies) of html.escape, on every attribute of a board.
    if "&" in s or "<" in s or ">" in s or '"' in s or "'" in s:
        return escape(s)
    return s


def num(x: float) -> str:
    """A coordinate written compactly: ``12`` rather than ``12.0``, at most 2 decimals."""
    if x == int(x):
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


_NAMES: dict[str, str] = {}  # keyword -> attribute name


def attrs(**attributes: Any) -> str:
    """Attributes as text.  ``class_`` -> ``class``, ``data_act`` -> ``data-act``;
    ``None`` and ``False`` leave the attribute out, ``True`` writes it bare."""
    out = []
    for key, value in attributes.items():
        if value is None or value is False:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        elif type(value) is int:
            out.append(f' {name}="{value}"')
        elif isinstance(value, float):
            out.append(f' {name}="{num(value)}"')
        else:
            out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def tag(name: str, text: object = None, /, **attributes: Any) -> str:
    """An element whose content is ``text`` escaped (self-closing when ``None``)."""
    if text is None:
        return f"<{name}{attrs(**attributes)}/>"
    return f"<{name}{attrs(**attributes)}>{esc(text)}</{name}>"


def raw_tag(name: str, inner: str, /, **attributes: Any) -> str:
    """An element around ``inner``, markup already built (and escaped) by the caller."""
    return f"<{name}{attrs(**attributes)}>{inner}</{name}>"


def icon(inner: str, size: int, cls: str) -> str:
    """A small standalone SVG on a 24-unit square (for HTML: names, tables, legends),
    hidden from assistive technology (the text beside it says what it is)."""
    return raw_tag(
        "svg",
        inner,
        viewBox="0 0 24 24",
        width=size,
        height=size,
        class_=cls,
        aria_hidden="true",
        focusable="false",
    )
