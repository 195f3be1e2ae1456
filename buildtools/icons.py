"""Draw Tablero's app icons (a sea turtle on the sand, seen from above) as PNG files.

Standard library only: a tiny rasteriser with adaptive 4x4 supersampling on the edges and
a zlib PNG writer. `python3 build.py icons` runs this and writes static/icons/icon-*.png,
which are committed (the site build only copies them).
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

SAND = (241, 221, 176)
SAND_DOT = (226, 199, 146)
SEA = (43, 122, 155)
FOAM = (196, 230, 238)
SKIN = (110, 158, 107)
SKIN_DARK = (74, 116, 72)
SHELL_RIM = (47, 82, 48)
SHELL = (111, 154, 74)
SEAM = (56, 92, 50)
EYE = (28, 40, 30)

SIZES = (192, 512)


def _in_ellipse(u, v, cx, cy, rx, ry, angle=0.0):
    x, y = u - cx, v - cy
    if angle:
        c, s = math.cos(angle), math.sin(angle)
        x, y = x * c + y * s, -x * s + y * c
    return (x / rx) ** 2 + (y / ry) ** 2 <= 1.0


def colour(u: float, v: float) -> tuple[int, int, int]:
    """The colour at (u, v) in [0, 1]^2, v downwards; the turtle swims up to the sea."""
    # Shell (drawn first in the test order because it is on top).
    cx, cy, rx, ry = 0.5, 0.585, 0.2, 0.235
    x, y = (u - cx) / rx, (v - cy) / ry
    r = math.hypot(x, y)
    if r <= 1.0:
        if r > 0.84:
            return SHELL_RIM
        ax = abs(x)
        if 0.25 <= ax <= 0.31:  # the seams between the central and the side scutes
            return SEAM
        if ax < 0.25 and (abs(y + 0.3) < 0.03 or abs(y - 0.3) < 0.03):
            return SEAM
        if ax > 0.31 and abs(y - 0.08 - 0.25 * (ax - 0.31)) < 0.035:
            return SEAM
        return SHELL
    # Head, with two eyes.
    if _in_ellipse(u, v, 0.5, 0.315, 0.062, 0.075):
        if _in_ellipse(u, v, 0.475, 0.295, 0.011, 0.013) or _in_ellipse(
            u, v, 0.525, 0.295, 0.011, 0.013
        ):
            return EYE
        return SKIN
    # Neck.
    if abs(u - 0.5) < 0.045 and 0.33 < v < 0.37:
        return SKIN_DARK
    # Front flippers (long, swept back) and rear flippers.
    for side in (-1, 1):
        if _in_ellipse(u, v, 0.5 + side * 0.225, 0.455, 0.15, 0.052, side * -0.55):
            return SKIN
        if _in_ellipse(u, v, 0.5 + side * 0.145, 0.775, 0.085, 0.042, side * 0.7):
            return SKIN
    # Tail.
    if 0.8 < v < 0.86 and abs(u - 0.5) < 0.03 * (0.86 - v) / 0.06:
        return SKIN_DARK
    # The sea along the top with a line of foam, then the sand.
    shore = 0.2 + 0.022 * math.sin(2 * math.pi * (u * 2.2 + 0.1))
    if v < shore - 0.022:
        return SEA
    if v < shore:
        return FOAM
    # A few darker grains of sand.
    gx, gy = (u * 13.0) % 1.0, (v * 11.0 + 0.5 * (int(u * 13.0) % 2)) % 1.0
    if (gx - 0.5) ** 2 + (gy - 0.5) ** 2 < 0.006:
        return SAND_DOT
    return SAND


def render(size: int) -> bytes:
    """RGB rows of a size x size icon."""
    n = size
    corners = [[colour(i / n, j / n) for i in range(n + 1)] for j in range(n + 1)]
    rows = []
    for j in range(n):
        row = bytearray()
        for i in range(n):
            c = corners[j][i]
            if c == corners[j][i + 1] == corners[j + 1][i] == corners[j + 1][i + 1]:
                row.extend(c)
                continue
            acc = [0, 0, 0]
            for sj in range(4):
                for si in range(4):
                    s = colour((i + (si + 0.5) / 4) / n, (j + (sj + 0.5) / 4) / n)
                    acc[0] += s[0]
                    acc[1] += s[1]
                    acc[2] += s[2]
            row.extend(round(a / 16) for a in acc)
        rows.append(bytes(row))
    return b"".join(b"\x00" + r for r in rows)  # filter type 0 on every row


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def write_icons(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for size in SIZES:
        path = out_dir / f"icon-{size}.png"
        path.write_bytes(png(size, render(size)))
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in write_icons(Path(__file__).resolve().parent.parent / "static" / "icons"):
        print(p)
