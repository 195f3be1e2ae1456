"""The engines give bit-identical games in CPython and in real Pyodide (under Node).

The wheels that the browser will load are built, unpacked into Pyodide, and seeded
random games of every game (20 Arribada, 9 Arboretum, 6 Día de Playa, 6 Arraial) are
played in both interpreters; every state's JSON must hash the same.
"""

from __future__ import annotations

import difflib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.parity_games import PARITY_GAMES, game_of, play_hashes, play_json_at
from support.pyodide_node import find_node

ROOT = Path(__file__).resolve().parents[2]
RUNNER = ROOT / "tests" / "support" / "pyodide_run.mjs"
NODE_TIMEOUT = 300  # seconds; a run of the 29 games takes a few seconds


@pytest.fixture(scope="session")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The project's wheels, freshly built by build.py."""
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    return build.build_wheels(tmp_path_factory.mktemp("wheels"))


@pytest.fixture(scope="session")
def node() -> str:
    return find_node()


def run_in_pyodide(node: str, wheels: list[Path], specs: list[dict]) -> dict:
    proc = subprocess.run(
        [node, str(RUNNER), "--games", json.dumps(specs), *map(str, wheels)],
        capture_output=True,
        text=True,
        timeout=NODE_TIMEOUT,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"{RUNNER.name} failed (exit code {proc.returncode}):\n{proc.stderr}")
    return json.loads(proc.stdout)


def first_divergence(a: list[str], b: list[str]) -> int | None:
    """The first index where the lists differ (a missing entry counts), or None."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


def json_diff(expected: str, actual: str) -> str:
    """A unified diff of two JSON texts, one key or item per line."""

    def lines(text: str) -> list[str]:
        return json.dumps(json.loads(text), indent=1, sort_keys=True).splitlines()

    return "\n".join(
        difflib.unified_diff(lines(expected), lines(actual), "CPython", "Pyodide", lineterm="")
    )


def test_first_divergence() -> None:
    assert first_divergence(["a", "b"], ["a", "b"]) is None
    assert first_divergence(["a", "b"], ["a", "c"]) == 1
    assert first_divergence(["a", "b"], ["a"]) == 1
    assert "-" in json_diff('{"x": [1, 2]}', '{"x": [1, 3]}')


@pytest.mark.pyodide
def test_games_are_identical_in_cpython_and_pyodide(
    node: str, wheels: list[Path], record_property
) -> None:
    result = run_in_pyodide(node, wheels, PARITY_GAMES)
    assert result["platform"] == "emscripten", "the games did not run in Pyodide"
    record_property("pyodide_python", result["python"])
    print(f"Python in Pyodide: {result['python']}")
    assert len(result["games"]) == len(PARITY_GAMES)

    diverging = []  # (spec, first diverging step, CPython's and Pyodide's state counts)
    for spec, game in zip(PARITY_GAMES, result["games"], strict=True):
        expected = play_hashes(spec)
        step = first_divergence(expected, game["hashes"])
        if step is not None:
            diverging.append((spec, step, len(expected), len(game["hashes"])))
    if not diverging:
        return

    # Fetch the JSON at each first diverging step from Pyodide in one more run.
    asked = [
        {**spec, "json_at": step}
        for spec, step, n_ours, n_theirs in diverging
        if step < min(n_ours, n_theirs)
    ]
    found = run_in_pyodide(node, wheels, asked)["games"]
    theirs = {(game_of(g), g["seed"]): g["json"] for g in found}
    problems = []
    for spec, step, n_ours, n_theirs in diverging:
        text = f"game {spec} diverges at step {step} "
        text += f"(CPython has {n_ours} states, Pyodide {n_theirs})"
        key = (game_of(spec), spec["seed"])
        if key in theirs:
            ours = play_json_at(spec, step)
            text += ":\n" + json_diff(ours, theirs[key])
        problems.append(text)
    summary = f"{len(problems)} of {len(PARITY_GAMES)} games differ between CPython and Pyodide"
    pytest.fail(summary + ":\n\n" + "\n\n".join(problems), pytrace=False)
