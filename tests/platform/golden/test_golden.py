"""Golden replays: games recorded with the engines before their refactor replay to the
byte-identical final JSON, in CPython and inside real Pyodide (see ``make_golden.py``
and ``golden_replay.py``)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from support.pyodide_node import find_node
from tablero.core import from_json

from . import golden_replay

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
FILES = sorted(HERE.glob("*/*.json"))
GAMES = ("arribada", "arboretum", "arraial", "tiny_nim")
RUNNER = HERE / "pyodide_replay.mjs"
NODE_TIMEOUT = 300  # seconds; the replays take a few


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def name(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def test_each_game_has_golden_files_finished_and_mid_game() -> None:
    for game in GAMES:
        records = [load(p) for p in FILES if p.parent.name == game]
        assert len(records) >= 3, f"{game}: {len(records)} golden files"
        assert all(r["game"] == game for r in records)
        assert all(set(r) == {"game", "setup", "moves", "final"} for r in records)
        over = [from_json(r["final"]).is_terminal() for r in records]
        assert any(over) and not all(over), f"{game}: finished {over}"
        assert len({r["setup"]["players"] for r in records}) >= 2, f"{game}: one player count"


@pytest.mark.parametrize("path", FILES, ids=name)
def test_golden_game_replays_byte_for_byte(path: Path) -> None:
    record = load(path)
    final = golden_replay.replay_final(record)
    assert final == record["final"], (
        f"{name(path)}: replay gives another state; "
        + golden_replay.first_difference(record["final"], final)
    )
    stepped = golden_replay.replay_step_by_step(record)
    assert stepped == record["final"], golden_replay.first_difference(record["final"], stepped)
    assert from_json(record["final"]).to_json() == record["final"], "the final state reads back"


def test_the_replay_driver_reports_a_changed_game(tmp_path: Path) -> None:
    """The driver the Pyodide test runs, here in CPython: it replays every file, and a
    changed move shows as another final state, not as a pass."""
    record = load(HERE / "tiny_nim" / "2p-end.json")
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps({**record, "moves": record["moves"][:-2]}), encoding="utf-8")
    results = run_driver_here([HERE / "tiny_nim" / "2p-end.json", changed])
    assert results[0]["final"] == record["final"]
    assert results[1]["final"] != record["final"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record, "moves": ["take 9"]}), encoding="utf-8")
    assert "cannot be replayed" in run_driver_here([bad])[0]["error"]
    with pytest.raises(AssertionError, match="not among"):
        golden_replay.replay_step_by_step({**record, "moves": ["swap"]})


def run_driver_here(paths: list[Path]) -> list[dict[str, Any]]:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        golden_replay.main([str(p) for p in paths])
    results: list[dict[str, Any]] = json.loads(out.getvalue())["results"]
    return results


# --- in Pyodide -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def node() -> str:
    return find_node()


def pyodide_manifest(files: list[Path]) -> dict[str, Any]:
    """What the Pyodide run needs: the sources of tablero-core and of each golden game's
    engine (the files its wheel packs, ``src/tablero/**.py``), ``support/tiny_game.py``,
    ``golden_replay.py`` and the golden files."""
    sources: dict[str, str] = {}
    dists = {"core"} | {load(f)["game"] for f in files} - {"tiny_nim"}
    for dist in sorted(dists):
        src = ROOT / "pyapp" / dist / "src"
        for py in sorted(src.glob("tablero/**/*.py")):
            sources[f"/tablero_src/{py.relative_to(src).as_posix()}"] = py.read_text("utf-8")
    tiny = ROOT / "tests" / "support" / "tiny_game.py"
    sources["/tablero_tests/support/tiny_game.py"] = tiny.read_text("utf-8")
    golden = HERE / "golden_replay.py"
    sources[f"/tablero_tests/{golden.name}"] = golden.read_text("utf-8")
    argv = []
    for f in files:
        target = f"/tablero_tests/platform/golden/{name(f)}.json"
        sources[target] = f.read_text("utf-8")
        argv.append(target)
    return {
        "files": sources,
        "path": ["/tablero_src", "/tablero_tests"],
        "module": "golden_replay",
        "argv": argv,
    }


@pytest.mark.pyodide
def test_golden_games_replay_byte_for_byte_in_pyodide(node: str, tmp_path: Path) -> None:
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps(pyodide_manifest(FILES)), encoding="utf-8")
    proc = subprocess.run(
        [node, str(RUNNER), str(manifest)],
        capture_output=True,
        text=True,
        timeout=NODE_TIMEOUT,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"{RUNNER.name} failed (exit code {proc.returncode}):\n{proc.stderr}")
    result = json.loads(proc.stdout)
    assert result["platform"] == "emscripten", "the replays did not run in Pyodide"
    print(f"Python in Pyodide: {result['python']}")
    assert len(result["results"]) == len(FILES)
    problems = []
    for path, got in zip(FILES, result["results"], strict=True):
        expected = load(path)["final"]
        if "error" in got:
            problems.append(f"{name(path)}: {got['error']}")
        elif got["final"] != expected:
            diff = golden_replay.first_difference(expected, got["final"])
            problems.append(f"{name(path)}: {diff}")
    assert not problems, "in Pyodide:\n" + "\n".join(problems)
