"""Put a built save where TTS looks for saves, keeping whatever was there before."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path


class InstallError(Exception):
    """The save could not be installed."""


def default_saves_dir(
    platform: str = sys.platform, home: Path | None = None, env: dict[str, str] | None = None
) -> Path:
    """TTS's Saves folder on this system (the folder must exist: TTS makes it)."""
    home = home or Path.home()
    env = dict(os.environ) if env is None else env
    if platform.startswith("win"):
        root = (
            Path(env.get("USERPROFILE", str(home)))
            / "Documents"
            / "My Games"
            / "Tabletop Simulator"
        )
    elif platform == "darwin":
        root = home / "Library" / "Tabletop Simulator"
    else:
        root = home / ".local" / "share" / "Tabletop Simulator"
    saves = root / "Saves"
    if not saves.is_dir():
        raise InstallError(f"no TTS Saves folder at {saves}; give it with --saves-dir")
    return saves


def backup_name(target: Path) -> Path:
    """The first free backup name for a file: <name>.bak, <name>.bak2, ..."""
    candidate = target.with_name(target.name + ".bak")
    n = 2
    while candidate.exists():
        candidate = target.with_name(f"{target.name}.bak{n}")
        n += 1
    return candidate


def install_files(sources: list[Path], saves: Path, create: bool = False) -> Iterator[str]:
    """Copy files into `saves`, backing up any different file of the same name first."""
    if create:
        try:
            saves.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise InstallError(f"cannot create {saves}: {err.strerror}") from err
    if not saves.is_dir():
        raise InstallError(f"{saves} is not a folder")
    for source in sources:
        target = saves / source.name
        try:
            if target.exists():
                if target.read_bytes() == source.read_bytes():
                    yield f"{target}: already up to date"
                    continue
                kept = backup_name(target)
                target.rename(kept)
                yield f"{target}: the old one is kept as {kept.name}"
            shutil.copyfile(source, target)
            yield f"installed {target}"
        except OSError as err:
            raise InstallError(f"cannot write {target}: {err.strerror}") from err
