#!/usr/bin/env python3
"""Bot speed inside Pyodide (under Node) against CPython, on the same positions.

    uv run python bench/bench_bots_pyodide.py [--game G] [--players 2 3 4] [--positions P]
                                              [--budget-ms B] [--json out.json]

Builds the wheels (``build.py``), loads Pyodide from ``node_modules/pyodide`` under Node,
unpacks tablero-core, the game's wheel (``--game``, default ``arribada``) and
tablero-bots, and runs :func:`measure` there: ``hard`` (``budget_ms=B``) decides ``P``
positions per player count taken by ``bench/bench_bots.py``'s ``positions()`` (2+ legal
moves, every phase of the turn); the figures are total iterations over total search time,
as in ``bench_bots.py``, and the mean and longest wall time of a decision.  Then
the same function runs here in CPython, and the ratio is printed.  Pyodide in Chromium
(the bot worker) runs the same wasm; ``tests/browser/test_bots_play.py`` prints its
figure.
"""

from __future__ import annotations

import argparse
import datetime
import inspect
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def measure(params: dict) -> list[dict]:
    """Run in both interpreters: ``hard``'s iterations per second per player count."""
    import time

    from bench_bots import positions
    from tablero.bots import make_bot

    rows = []
    for n in params["players"]:
        states = positions(params["game"], n, params["positions"])
        iters, secs, walls = 0, 0.0, []
        for i, s in enumerate(states):
            bot = make_bot("hard", seed=i, budget_ms=params["budget_ms"])
            start = time.perf_counter()
            bot.choose(s.view(s.current_player))
            walls.append(time.perf_counter() - start)
            iters += bot.stats.iterations
            secs += bot.stats.seconds
        rows.append({
            "players": n,
            "positions": len(states),
            "iterations": iters,
            "seconds": round(secs, 3),
            "iterations_per_s": round(iters / secs, 1),
            "ms_mean": round(1000 * sum(walls) / len(walls)),
            "ms_max": round(1000 * max(walls)),
        })  # fmt: skip
    return rows


def main() -> int:
    import build

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="arribada")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--budget-ms", type=float, default=1000)
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    node = shutil.which("node")
    if node is None:
        print("Node.js is needed (node_modules/pyodide runs under it)", file=sys.stderr)
        return 1
    params = {
        "game": args.game,
        "players": args.players,
        "positions": args.positions,
        "budget_ms": args.budget_ms,
    }
    with tempfile.TemporaryDirectory(prefix="tablero-bench-") as tmp:
        wheels = build.build_wheels(
            Path(tmp), ("tablero-core", f"tablero-{args.game}", "tablero-bots")
        )
        job = {
            **params,
            "wheels": [str(w) for w in wheels],
            "bench": str(ROOT / "bench" / "bench_bots.py"),
            "code": inspect.getsource(measure),
        }
        job_path = Path(tmp) / "job.json"
        job_path.write_text(json.dumps(job))
        out = subprocess.run(
            [node, str(ROOT / "bench" / "bench_bots_pyodide.mjs"), str(job_path)],
            cwd=ROOT, capture_output=True, text=True,
        )  # fmt: skip
    if out.returncode != 0:
        # Node prints the offending (minified, very long) source line: skip such lines.
        lines = [line for line in out.stderr.splitlines() if len(line) < 400]
        print("\n".join(lines[-30:]), file=sys.stderr)
        return 1
    pyodide = json.loads(out.stdout.strip().splitlines()[-1])
    cpython = measure(params)
    rows = []
    for p_row, c_row in zip(pyodide["rows"], cpython, strict=True):
        ratio = p_row["iterations_per_s"] / c_row["iterations_per_s"]
        rows.append({"players": p_row["players"], "pyodide": p_row, "cpython": c_row,
                     "ratio": round(ratio, 2)})  # fmt: skip
        print(
            f"{p_row['players']} players: Pyodide {p_row['iterations_per_s']:,.0f} "
            f"iterations/s, CPython {c_row['iterations_per_s']:,.0f} iterations/s "
            f"(Pyodide {ratio:.2f}x); a decision in Pyodide: mean {p_row['ms_mean']} ms, "
            f"longest {p_row['ms_max']} ms",
            flush=True,
        )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    meta = {
        "date": datetime.date.today().isoformat(),
        "pyodide_python": pyodide["python"],
        "cpython": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average_1min": load,
        "budget_ms": args.budget_ms,
        "game": args.game,
    }
    print(f"Pyodide's Python {pyodide['python']}, CPython {meta['cpython']}; load average "
          f"(1 min) at the end: {load}")  # fmt: skip
    if args.json:
        Path(args.json).write_text(json.dumps({"meta": meta, "rows": rows}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
