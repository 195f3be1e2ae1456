"""The DOM glue (placeholder until the app shell lands): shows that Python booted."""

from __future__ import annotations


def start() -> None:
    from pyscript import document, window  # noqa: PLC0415 - browser only

    document.getElementById("app").innerHTML = "<p>Tablero is ready.</p>"
    document.body.dataset.ready = "1"
    window.dispatchEvent(window.CustomEvent.new("tablero:ready"))
