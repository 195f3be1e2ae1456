"""The wheels: one per distribution under pyapp/, built by uv (hatchling), after the
message catalogs they carry are compiled."""

from __future__ import annotations

import tomllib
from pathlib import Path

from buildtools.common import DEFAULT_WHEEL_DIR, ROOT, TOOLS, BuildError, step
from buildtools.environment import uv


def compile_catalogs() -> None:
    """Compile the PO message catalogs into the MO files the app reads (beside them, not in
    git), with Babel from the Python environment: buildtools/catalogs.py."""
    step("compiling the message catalogs (PO -> MO)")
    uv("run", "--frozen", "python", str(TOOLS / "catalogs.py"), "compile")


def distributions() -> list[str]:
    """The distribution name of every package under pyapp/."""
    names = []
    for pyproject in sorted(ROOT.glob("pyapp/*/pyproject.toml")):
        with pyproject.open("rb") as f:
            names.append(tomllib.load(f)["project"]["name"])
    return names


def build_wheels(
    out_dir: Path | str = DEFAULT_WHEEL_DIR, names: tuple[str, ...] | None = None
) -> list[Path]:
    """Build one wheel per distribution under pyapp/ (or of ``names``) into ``out_dir``."""
    out_dir = Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    compile_catalogs()  # the web wheel carries the MO files
    wheels = []
    for name in names or distributions():
        prefix = name.replace("-", "_")
        for old in out_dir.glob(f"{prefix}-*.whl"):
            old.unlink()
        step(f"building the wheel of {name}")
        uv("build", "--wheel", "--package", name, "--out-dir", str(out_dir))
        built = sorted(out_dir.glob(f"{prefix}-*.whl"))
        if len(built) != 1:
            raise BuildError(f"expected one wheel for {name} in {out_dir}, found {built}")
        wheels.append(built[0])
    return wheels
