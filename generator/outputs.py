"""Write build outputs so that a failed build leaves build/ as it was.

Everything is written into a staging folder first; only when all of it is written is it
moved into place, by renames that are undone if one of them fails.
"""

from __future__ import annotations

import shutil
from pathlib import Path


class OutputError(Exception):
    """The outputs could not be written (the target folder is unchanged)."""


def inside(root: Path, relative: str) -> Path:
    """`root/relative`, refused (OutputError) when it leads outside `root` through a link.

    A build writes below build/ only: a link in it (build/.cache -> elsewhere) would have it
    write where nobody asked. `root` itself may be a link (build/ on another disk).
    """
    top = root.resolve()
    path = root / relative
    found = path.resolve()
    if found != top and top not in found.parents:
        raise OutputError(
            f"{path} leads outside {root} (to {found}): ttsmod writes nothing outside it; "
            f"remove the link {path}"
        )
    return path


def cache_dir(root: Path) -> Path:
    """The build's cache folder, root/.cache, checked to lie inside root (`inside`)."""
    return inside(root, ".cache")


def publish(root: Path, files: dict[str, bytes]) -> None:
    """Write `files` (paths relative to root) so that a failure changes nothing in root.

    Everything is staged beside the outputs first. Then each top-level entry (a file, or a
    folder replaced whole so stale files go) is swapped in by renames; if any rename fails,
    the ones already done are undone.
    """
    staging = root / ".staging"
    try:
        _remove(staging)  # (a link there is removed, never written through)
        for relative, content in sorted(files.items()):
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
    except OSError as err:
        shutil.rmtree(staging, ignore_errors=True)
        raise OutputError(f"cannot write {root}: {err.strerror or err}") from err
    done: list[tuple[Path, Path | None]] = []  # (target, where the old one was put)
    try:
        for entry in sorted(staging.iterdir()):
            target = root / entry.name
            retired = root / f".{entry.name}.old"
            _remove(retired)
            kept = None
            if target.exists():
                target.rename(retired)
                kept = retired
            done.append((target, kept))
            entry.rename(target)
    except OSError as err:
        undone = True
        for target, kept in reversed(done):
            try:
                if kept is not None and kept.exists():
                    _remove(target)
                    kept.rename(target)
            except OSError:
                undone = False
        where = "" if undone else f" (and some old outputs are left as {root}/.*.old)"
        raise OutputError(f"cannot write {root}: {err.strerror or err}{where}") from err
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    for _, kept in done:
        if kept is not None:
            _remove(kept)


def _remove(path: Path) -> None:
    if path.is_symlink():  # the link, never what it leads to
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    elif path.exists():
        path.unlink()
