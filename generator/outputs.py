"""Write build outputs so that a failed build leaves build/ as it was.

Everything is written into a temporary folder beside the target first; only when all of it
is written does it replace the target folder, in two renames.
"""

from __future__ import annotations

import shutil
from pathlib import Path


class OutputError(Exception):
    """The outputs could not be written (the target folder is unchanged)."""


def write_tree(target: Path, files: dict[str, bytes]) -> None:
    """Replace folder `target` with exactly `files` (relative path -> content)."""
    staging = target.with_name(f".{target.name}.new")
    retired = target.with_name(f".{target.name}.old")
    try:
        shutil.rmtree(staging, ignore_errors=True)
        for relative, content in sorted(files.items()):
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        shutil.rmtree(retired, ignore_errors=True)
        if target.exists():
            target.rename(retired)
        staging.rename(target)
        shutil.rmtree(retired, ignore_errors=True)
    except OSError as err:
        shutil.rmtree(staging, ignore_errors=True)
        if retired.exists() and not target.exists():
            retired.rename(target)
        raise OutputError(f"cannot write {target}: {err.strerror or err}") from err
