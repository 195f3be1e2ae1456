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

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["attrs", "controls_shown", "esc", "escape", "icon", "num", "raw_tag", "read_only", "tag"]


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

#: Whether the markup written now is a game's table shown for reading only (a replayed
#: position): see :func:`read_only`.
_read_only = False


@contextmanager
def read_only(on: bool = True) -> Iterator[None]:
    """Within it (``on``), the markup written offers no game control: a game's table
    rendered with ``read_only=True`` (a replay) is written in it.  Its controls would do
    nothing, so they are not written as controls: no game ``data-act`` (the shell's
    ``app.*`` stay), no ``role="button"``, no ``tabindex`` (out of the Tab order), no
    ``data-focus``; every ``<button>`` disabled."""
    global _read_only
    before = _read_only
    _read_only = on or before
    try:
        yield
    finally:
        _read_only = before


def controls_shown() -> bool:
    """``False`` within :func:`read_only`: the markup written offers no control."""
    return not _read_only


def _control(name: str, value: Any) -> bool:
    """Whether the attribute makes a game control (left out within :func:`read_only`)."""
    if name == "data-act":
        return not str(value).startswith("app.")
    if name == "role":
        return str(value) == "button"
    if name == "data-focus":
        return str(value) == "1"
    return name == "tabindex"


def attrs(**attributes: Any) -> str:
    """Attributes as text.  ``class_`` -> ``class``, ``data_act`` -> ``data-act``;
    ``None`` and ``False`` leave the attribute out, ``True`` writes it bare.  Within
    :func:`read_only`, no attribute that makes a game control."""
    out = []
    for key, value in attributes.items():
        if value is None or value is False:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        if _read_only and _control(name, value):
            continue
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
        return f"<{name}{_attrs_of(name, attributes)}/>"
    return f"<{name}{_attrs_of(name, attributes)}>{esc(text)}</{name}>"


def raw_tag(name: str, inner: str, /, **attributes: Any) -> str:
    """An element around ``inner``, markup already built (and escaped) by the caller."""
    return f"<{name}{_attrs_of(name, attributes)}>{inner}</{name}>"


def _attrs_of(name: str, attributes: dict[str, Any]) -> str:
    """The element's attributes as text; within :func:`read_only`, a button disabled."""
    text = attrs(**attributes)
    if _read_only and name == "button" and text:
        return " disabled" + text
    return text


def icon(inner: str, size: int, cls: str, view: tuple[int, int] = (24, 24)) -> str:
    """A small standalone SVG (for HTML: names, tables, legends), its drawing ``view``
    units wide and high (a 24-unit square unless said), ``size`` px wide (and as high as
    the drawing's proportions make it), hidden from assistive technology (the text beside
    it says what it is).

    >>> icon("<g/>", 44, "c", view=(46, 62))[:49]
    '<svg viewBox="0 0 46 62" width="44" height="59.3"'
    """
    w, h = view
    return raw_tag(
        "svg",
        inner,
        viewBox=f"0 0 {w} {h}",
        width=size,
        height=size if w == h else num(size * h / w),
        class_=cls,
        aria_hidden="true",
        focusable="false",
    )
