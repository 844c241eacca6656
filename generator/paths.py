"""Where the project's source folders are.

The package is installed editable (see the Makefile), so the data folders are found beside it.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
SCHEMAS = ROOT / "schemas"
BUILD = ROOT / "build"


def display(path: Path) -> str:
    """Return `path` relative to the working directory when it lies below it, else absolute.

    Error messages then read like `cards/teg/planets.yaml:12:5`, which editors and terminals
    turn into links.
    """
    path = Path(path).absolute()
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()
