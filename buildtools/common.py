"""What every build module shares: the tree's paths, the error a failed step raises, the
step messages, and the runs of commands and of the build's Node scripts."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
DEFAULT_WHEEL_DIR = DIST / "wheels"
STATIC = ROOT / "static"
# The build's own tools (Node scripts, the catalogs' compiler, the icons' drawing): never
# copied into the site.
TOOLS = ROOT / "buildtools"
# What the build's Node scripts share.
NODE_RUNTIME = TOOLS / "node-runtime.mjs"


class BuildError(Exception):
    """A step failed; the message says what to do."""


def step(message: str) -> None:
    print(f"==> {message}", flush=True)


def run(cmd: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    print("    $ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT, env=env, check=False)


def run_node(script: Path, options: dict, doing: str) -> str:
    """``node <script> OPTIONS.json`` (the options written to a temporary file); its
    standard output.  ``doing`` names the step in the messages ("making the ...")."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"Node.js is needed for {doing}")
    with tempfile.TemporaryDirectory(prefix="tablero-node-") as tmp:
        path = Path(tmp) / "options.json"
        path.write_text(json.dumps(options))
        result = subprocess.run(
            [node, str(script), str(path)], cwd=ROOT, capture_output=True, text=True
        )
    if result.returncode != 0:
        name = script.relative_to(ROOT).as_posix()
        raise BuildError(f"{doing} failed ({name}):\n{result.stderr.strip()}")
    return result.stdout


def _npm_path(*parts: str) -> Path:
    path = ROOT.joinpath("node_modules", *parts)
    if not path.exists():
        raise BuildError(f"{path.relative_to(ROOT)} is missing: run `npm ci`")
    return path


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def _folder_hash(files: list[Path]) -> str:
    h = hashlib.sha256()
    for f in sorted(files, key=lambda p: p.name):
        h.update(f.name.encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()[:12]


def _read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BuildError(f"{path.relative_to(ROOT)} is not valid JSON: {exc}") from exc
