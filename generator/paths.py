"""Where the project's source folders are.

The package is installed editable (see the Makefile), so the data folders are found beside it.
"""

import re
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
SCHEMAS = ROOT / "schemas"
BUILD = ROOT / "build"
# the framework's page templates (a game's are in cards/<game>/pages/: generator.tts.pages)
FRAMEWORK_PAGES = ROOT / "generator" / "tts" / "pages"


def page_templates(game: str | None) -> list[Path]:
    """The page templates of a game (None: the framework's), in name order."""
    where = FRAMEWORK_PAGES if game is None else CARDS / game / "pages"
    return sorted(where.glob("*.j2"))


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


# Names Windows will not give a file, whatever the extension.
_WINDOWS_RESERVED = frozenset(
    {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(10)), *(f"LPT{i}" for i in range(10))}
)


def file_stem(name: str) -> str:
    """A file name made from a title: its ASCII letters, digits, '-' and '_' only.

    "Tiny Epic Galaxies" gives "TinyEpicGalaxies"; "Café Noir" gives "CafeNoir"; a name
    with path parts ("../../x", "/abs") gives a plain name ("x", "abs"), so an output can
    never land outside its folder. The result is valid on Windows too; it is empty when the
    name has nothing usable (callers refuse that), and a Windows device name gets a "_".
    """
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^A-Za-z0-9_-]", "", ascii_name)[:100]
    return f"{stem}_" if stem.upper() in _WINDOWS_RESERVED else stem
