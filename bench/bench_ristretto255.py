#!/usr/bin/env python3
"""ristretto255's speed (tablero.core.ristretto255) in CPython and in Pyodide under Node.

    uv run python bench/bench_ristretto255.py [--cards 80] [--repeats 7] [--seed 1]
                                              [--cpython-only] [--json out.json]

Measures, with :func:`measure` (the same code in both interpreters, the median of the
repeats):

* ``scalar_mult_ms``: one scalar multiplication of a random element by a random scalar
  (the median of ``10 * repeats`` multiplications);
* ``base_mult_ms``: one multiple of BASE (its precomputed table); ``base_table_ms``: the
  first one, which builds the table;
* ``pass_ms``: what one player's masking pass over a deck costs: ``--cards`` elements,
  each multiplied by its own random scalar, and encoded (``to_bytes``);
* ``hash_ms``: ``hash_to_element`` of ``--cards`` labels.

Builds tablero-core's wheel (``build.py``), loads Pyodide from ``node_modules/pyodide``
under Node (``bench/bench_ristretto255_pyodide.mjs``, its Node half), runs
:func:`measure` there, then here in CPython, and prints a table with their ratio.
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


def measure(params: dict) -> dict:
    """Run in both interpreters: the timings in milliseconds (medians)."""
    import random
    import statistics
    import time

    from tablero.core.ristretto255 import BASE, ORDER, hash_to_element

    rng = random.Random(params["seed"])
    cards, repeats = params["cards"], params["repeats"]

    def median_ms(samples: list[float]) -> float:
        return round(1000 * statistics.median(samples), 3)

    start = time.perf_counter()
    BASE * rng.randrange(ORDER)  # the first multiple of BASE builds its table
    base_table = time.perf_counter() - start

    labels = [b"card %d" % i for i in range(cards)]
    hashes = []
    for _ in range(repeats):
        start = time.perf_counter()
        deck = [hash_to_element(b"tablero bench", label) for label in labels]
        hashes.append(time.perf_counter() - start)

    singles, bases = [], []
    for i in range(10 * repeats):
        element, k = deck[i % cards], rng.randrange(ORDER)
        start = time.perf_counter()
        element * k
        singles.append(time.perf_counter() - start)
        start = time.perf_counter()
        BASE * k
        bases.append(time.perf_counter() - start)

    passes = []
    for _ in range(repeats):
        scalars = [rng.randrange(1, ORDER) for _ in deck]
        start = time.perf_counter()
        masked = [(k * element).to_bytes() for k, element in zip(scalars, deck, strict=True)]
        passes.append(time.perf_counter() - start)
        assert len(set(masked)) == cards

    return {
        "scalar_mult_ms": median_ms(singles),
        "base_mult_ms": median_ms(bases),
        "base_table_ms": round(1000 * base_table, 1),
        "pass_ms": median_ms(passes),
        "hash_ms": median_ms(hashes),
    }


ROWS = [
    ("scalar_mult_ms", "one scalar multiplication"),
    ("base_mult_ms", "one multiple of BASE"),
    ("base_table_ms", "BASE's table (first use)"),
    ("pass_ms", "{cards} multiplications + encodings"),
    ("hash_ms", "{cards} hash_to_element"),
]


def run_pyodide(params: dict) -> dict:
    """:func:`measure` in Pyodide under Node: {"python": version, "result": {...}}."""
    import build

    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js is needed (node_modules/pyodide runs under it)")
    with tempfile.TemporaryDirectory(prefix="tablero-bench-") as tmp:
        wheels = build.build_wheels(Path(tmp), ("tablero-core",))
        job = {**params, "wheels": [str(w) for w in wheels], "code": inspect.getsource(measure)}
        job_path = Path(tmp) / "job.json"
        job_path.write_text(json.dumps(job))
        out = subprocess.run(
            [node, str(ROOT / "bench" / "bench_ristretto255_pyodide.mjs"), str(job_path)],
            cwd=ROOT, capture_output=True, text=True,
        )  # fmt: skip
    if out.returncode != 0:
        # Node prints the offending (minified, very long) source line: skip such lines.
        lines = [line for line in out.stderr.splitlines() if len(line) < 400]
        raise SystemExit("\n".join(lines[-30:]))
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cards", type=int, default=80)
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cpython-only", action="store_true", help="skip Pyodide")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    params = {"cards": args.cards, "repeats": args.repeats, "seed": args.seed}
    pyodide = None if args.cpython_only else run_pyodide(params)
    sys.path.insert(0, str(ROOT / "pyapp" / "core" / "src"))  # without `uv run` too
    cpython = measure(params)

    header = f"{'':40} {'CPython':>10}"
    if pyodide:
        header += f" {'Pyodide':>10} {'ratio':>7}"
    print(header)
    for key, label in ROWS:
        line = f"{label.format(cards=args.cards):40} {cpython[key]:>8.2f}ms"
        if pyodide:
            theirs = pyodide["result"][key]
            line += f" {theirs:>8.2f}ms {theirs / cpython[key]:>6.2f}x"
        print(line)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    meta = {
        "date": datetime.date.today().isoformat(),
        "cpython": sys.version.split()[0],
        "pyodide_python": pyodide["python"] if pyodide else None,
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average_1min": load,
        **params,
    }
    pyodide_python = f"Pyodide's Python {meta['pyodide_python']}, " if pyodide else ""
    print(f"{pyodide_python}CPython {meta['cpython']}; load average (1 min) at the end: {load}")
    if args.json:
        result = {"meta": meta, "cpython": cpython, "pyodide": pyodide and pyodide["result"]}
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
