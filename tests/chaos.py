"""A copy of the project with a game of a modder's, `dice2` (Liar's Dice under another id),
for tests that break one part of it at a time and run the CLI there.

The copy holds generator/, lua/, cards/ and schemas/ (not build/ or the tests); `ttsmod` runs
in it as a subprocess (`python -m generator`, the copy's package first on the path), so what
it reads and writes is the copy's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from generator.paths import ROOT

NEW = "dice2"
FROM = "liars"
# where a game keeps its parts: one folder per top-level folder
PARTS = ("generator/games/{game}", "lua/{game}", "cards/{game}", "schemas/{game}")


def _copy_text(source: Path, target: Path) -> None:
    for path in source.rglob("*"):
        if "__pycache__" in path.parts or path.is_dir():
            continue
        out = target / path.relative_to(source)
        out.parent.mkdir(parents=True, exist_ok=True)
        data = path.read_bytes()
        if path.suffix in (".py", ".lua", ".yaml", ".json", ".po", ".pot"):
            data = data.replace(FROM.encode(), NEW.encode())
        out.write_bytes(data)


def project_copy(where: Path) -> Path:
    """A copy of the project in `where`/project with `dice2` registered beside the others."""
    root = where / "project"
    for top in ("generator", "lua", "cards", "schemas"):
        shutil.copytree(ROOT / top, root / top, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root)
    for part in PARTS:
        _copy_text(ROOT / part.format(game=FROM), root / part.format(game=NEW))
    registry = root / "generator" / "games" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    line = f'    "{FROM}": "generator.games.{FROM}",\n'
    assert line in text, "the registry's form changed: update tests/chaos.py"
    registry.write_text(text.replace(line, line + f'    "{NEW}": "generator.games.{NEW}",\n'))
    return root


def ttsmod(root: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`ttsmod ARGS` run in the copy at `root`."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("TTSMOD_INTERPRETER", None)
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], cwd=root, env=env, capture_output=True,
        text=True, timeout=timeout,
    )  # fmt: skip
