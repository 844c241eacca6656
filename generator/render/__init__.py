"""The shared side of rendering a game's images: the cache, sheets, assets.

Each game draws its own images (generator/render/<game>/); this module caches each by a hash
of what it is drawn from.

An image's cache key hashes the drawing code (every module of generator/render), the font
and the exact data the image shows, so an unchanged image is never drawn again, and a
changed card redraws only itself and the sheet that holds it. A cached file is used only
when its size and hash match what was recorded when it was written, so a truncated or
damaged file is drawn again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from generator.render.features import Features


def _drawing_code() -> str:
    """A hash of every drawing module: generator/render and each game's `render/` package.

    A change to any drawing draws again. (A version number bumped by hand was forgotten once,
    and a build then kept the old pictures of changed cards; a game's drawings left out of
    the hash once its render moved into generator/games/<game>/ did the same.)
    """
    digest = hashlib.sha256()
    generator = Path(__file__).parent.parent
    for path in drawing_modules():
        digest.update(path.relative_to(generator).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def drawing_modules() -> list[Path]:
    """Every module whose code draws an image: generator/render and each game's render/."""
    generator = Path(__file__).parent.parent
    return sorted([*generator.glob("render/**/*.py"), *generator.glob("games/*/render/**/*.py")])


RENDER_VERSION = _drawing_code()


def plain(value: Any) -> Any:
    """Card data as JSON-ready data (dataclasses, read-only mappings, tuples, sets)."""
    if dataclasses.is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "items"):
        return {str(k): plain(v) for k, v in sorted(value.items())}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(plain(v) for v in value)
    return value


def png(image: Image.Image) -> bytes:
    """PNG bytes of an image (no timestamps or metadata: the same pixels, the same bytes)."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


class Cache:
    """PNG files in a folder, named by the hash of what they were drawn from.

    Beside each `<key>.png` a `<key>.json` records its size and SHA-256; a file that does not
    match them (cut short by a crash or a full disk, or edited) is drawn again.
    """

    def __init__(self, folder: Path | None, words: str = "") -> None:
        """A cache in `folder` (None: none).

        `words` names the language the images' own words are written in, beyond their keys
        (a language and its catalogue's hash), so another language's drawing is never reused.
        """
        self.folder = folder
        self.words = words
        self.drawn = 0  # every PNG drawn (a sheet's cards too)
        self.reused = 0
        self.files_drawn = 0  # of the asset files: drawn anew (any part of it) or reused whole
        self.files_reused = 0

    def _path(self, key: Any) -> Path | None:
        parts = [RENDER_VERSION, key] + ([self.words] if self.words else [])
        digest = hashlib.sha256(json.dumps(parts, sort_keys=True).encode())
        return self.folder / f"{digest.hexdigest()}.png" if self.folder else None

    @staticmethod
    def _verified(path: Path) -> bytes | None:
        try:
            meta = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
            data = path.read_bytes()
        except (OSError, ValueError):
            return None
        if not isinstance(meta, dict) or meta.get("size") != len(data):
            return None
        return data if meta.get("sha256") == hashlib.sha256(data).hexdigest() else None

    def png(self, key: Any, draw: Callable[[], Image.Image]) -> bytes:
        """The PNG bytes for `key`: from the cache, or drawn, encoded and stored."""
        path = self._path(key)
        cached = self._verified(path) if path is not None else None
        if cached is not None:
            self.reused += 1
            return cached
        data = png(draw())
        self.drawn += 1
        if path is not None:
            meta = {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                for target, content in ((path, data), (path.with_suffix(".json"), meta)):
                    temporary = target.with_suffix(".tmp")
                    if isinstance(content, bytes):
                        temporary.write_bytes(content)
                    else:
                        temporary.write_text(json.dumps(content), encoding="utf-8")
                    temporary.replace(target)
            except OSError:
                pass  # the cache only saves time; a build without it is still right
        return data

    def asset(self, key: Any, draw: Callable[[], Image.Image]) -> bytes:
        """`png`, for one of the build's asset files: counted as drawn anew or reused whole."""
        drawn = self.drawn
        data = self.png(key, draw)
        if self.drawn > drawn:
            self.files_drawn += 1
        else:
            self.files_reused += 1
        return data

    def image(self, key: Any, draw: Callable[[], Image.Image]) -> Image.Image:
        """The image for `key` (through the PNG cache)."""
        with Image.open(io.BytesIO(self.png(key, draw))) as decoded:
            return decoded.copy()


@dataclass(frozen=True)
class Sheet:
    """A deck sheet: its asset file name, back, grid, and the card ids in sheet order."""

    name: str
    back: str
    columns: int
    rows: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class TextProblem:
    """Text of the card data that does not fit where it is drawn."""

    file: str  # the card-data file, without .yaml
    pointer: str
    message: str


class RenderError(Exception):
    """Some images could not be drawn; `problems` says which text did not fit where."""

    def __init__(self, problems: list[TextProblem]) -> None:
        super().__init__(f"{len(problems)} text(s) do not fit")
        self.problems = problems


@dataclass(frozen=True)
class Assets:
    """Every rendered image (file name -> PNG bytes) and what the layout needs to know.

    `features` gives, per image, the named rectangles (in its pixels) of what was drawn on
    it: `mat` for every galaxy mat, `control_mat.png`, and `planet:<id>` for planet faces.
    """

    files: dict[str, bytes]
    sheets: dict[str, tuple[Sheet, ...]]  # "planets", "missions": one or more sheets each
    sizes: dict[str, tuple[int, int]]  # file name -> pixel size
    thumbnail: bytes
    features: dict[str, Features]


def sheet_name(kind: str, number: int) -> str:
    """The asset name of a deck's sheet number `number` (from 1)."""
    return f"{kind}_sheet_{number}.png"


def png_size(data: bytes) -> tuple[int, int]:
    """The pixel size of PNG bytes."""
    # The IHDR chunk holds width and height at bytes 16-24: no need to decode the image.
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
