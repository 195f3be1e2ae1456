"""``build.py serve``: the site built into dist/ and served on 127.0.0.1 with the MIME
types a static host must use."""

from __future__ import annotations

import functools
import http.server

from buildtools.common import DIST, BuildError
from buildtools.site import build_site


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",  # anything else makes Pyodide hang at boot
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".gz": "application/gzip",  # the snapshot: gunzipped by the page, not the browser
        ".zip": "application/zip",
        ".png": "image/png",
        ".css": "text/css",
    }

    def end_headers(self) -> None:
        # Revalidate every time, so a rebuilt file is never served stale while developing
        # (unchanged files get a 304 from their Last-Modified date).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def cmd_serve(port: int) -> int:
    site = build_site(DIST)
    handler = functools.partial(SiteHandler, directory=str(site))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise BuildError(
            f"cannot serve on 127.0.0.1:{port} ({exc.strerror}): pick another port with "
            "--port N (--port 0 takes any free one)"
        ) from exc
    with server:
        host, real_port = server.server_address[:2]
        print(f"Serving {site} at http://{host}:{real_port}/ (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")
    return 0
