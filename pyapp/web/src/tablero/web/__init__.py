"""tablero.web: the browser layer.

Only this package may import ``js``, ``pyodide`` or ``pyscript``, and only in
``tablero.web.main`` (the DOM glue).  Everything else here is pure Python that
returns HTML/SVG text and JSON-pure data, tested in CPython.
"""
