"""Render every image of a game's mod, caching each by a hash of what it is drawn from.

An image's cache key hashes the renderer version, the font and the exact data the image
shows, so an unchanged image is never drawn again, and a changed card redraws only itself
and the sheet that holds it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

from generator.cards.teg import TegData
from generator.render import components as C

# Bump when any drawing code changes, so cached images are drawn again.
RENDER_VERSION = "1"


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
    """PNG files in a folder, named by the hash of what they were drawn from."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.drawn = 0
        self.reused = 0

    def _path(self, key: Any) -> Path | None:
        digest = hashlib.sha256(json.dumps([RENDER_VERSION, key], sort_keys=True).encode())
        return self.folder / f"{digest.hexdigest()}.png" if self.folder else None

    def png(self, key: Any, draw: Callable[[], Image.Image]) -> bytes:
        """The PNG bytes for `key`: from the cache, or drawn, encoded and stored."""
        path = self._path(key)
        if path is not None and path.is_file():
            self.reused += 1
            return path.read_bytes()
        data = png(draw())
        self.drawn += 1
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                temporary = path.with_suffix(".tmp")
                temporary.write_bytes(data)
                temporary.replace(path)
            except OSError:
                pass  # the cache only saves time; a build without it is still right
        return data

    def image(self, key: Any, draw: Callable[[], Image.Image]) -> Image.Image:
        """The image for `key` (through the PNG cache)."""
        with Image.open(io.BytesIO(self.png(key, draw))) as decoded:
            return decoded.copy()


@dataclass(frozen=True)
class Sheet:
    """A deck sheet: its asset file name, grid, and the card ids in sheet order."""

    name: str
    back: str
    columns: int
    rows: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Assets:
    """Every rendered image (file name -> PNG bytes) and what the layout needs to know."""

    files: dict[str, bytes]
    sheets: dict[str, Sheet]  # "planets", "missions"
    sizes: dict[str, tuple[int, int]]  # file name -> pixel size
    thumbnail: bytes


def render(
    data: TegData,
    cache: Cache,
    font_path: str | None = None,
    step: Callable[[str], None] = lambda name: None,
) -> Assets:
    """Render every image of the mod. `step(name)` is called after each one (for progress)."""
    files: dict[str, bytes] = {}
    sizes: dict[str, tuple[int, int]] = {}

    def keep(name: str, key: Any, draw: Callable[[], Image.Image]) -> None:
        files[name] = cache.png([key, font_path], draw)
        sizes[name] = _png_size(files[name])
        step(name)

    sheets = {}
    for kind, cards, draw_card in (
        ("planets", data.planets, C.planet_card),
        ("missions", data.missions, C.mission_card),
    ):
        back_kind = "planet" if kind == "planets" else "mission"
        back_key = [["back", back_kind], font_path]
        card_keys = [[[kind, plain(c)], font_path] for c in cards]

        compose = partial(
            _compose, cache, list(cards), draw_card, card_keys, back_kind, back_key, font_path
        )
        keep(f"{kind}_sheet.png", ["sheet", card_keys, back_key], compose)
        keep(f"{back_kind}_back.png", back_key[0], lambda k=back_kind: C.card_back(k, font_path))
        columns, rows = C.grid(len(cards))
        sheets[kind] = Sheet(
            f"{kind}_sheet.png", f"{back_kind}_back.png", columns, rows, tuple(c.id for c in cards)
        )
    mat_inputs = [plain(data.levels), plain(data.rules)]
    for color in data.rules.seat_colors:
        keep(
            f"mat_{color}.png",
            ["mat", color, mat_inputs],
            lambda c=color: C.galaxy_mat(c, data, font_path),
        )
        keep(f"ship_{color}.png", ["ship", color], lambda c=color: C.ship(c))
    keep("control_mat.png", ["control", data.dice_count], lambda: C.control_mat(data, font_path))
    keep("dice.png", ["dice", plain(data.faces)], lambda: C.dice_texture(data, font_path))
    for kind in ("energy", "culture", "empire"):
        keep(f"token_{kind}.png", ["token", kind], lambda k=kind: C.token(k, font_path))
    thumbnail = cache.png(
        [["thumbnail", data.rules.name], font_path], lambda: C.thumbnail(data, font_path)
    )
    return Assets(files, sheets, sizes, thumbnail)


def _compose(
    cache: Cache,
    cards: list[Any],
    draw_card: Callable[..., Image.Image],
    card_keys: list[Any],
    back_kind: str,
    back_key: Any,
    font_path: str | None,
) -> Image.Image:
    faces = [
        cache.image(key, partial(draw_card, card, font_path))
        for key, card in zip(card_keys, cards, strict=True)
    ]
    back = cache.image(back_key, partial(C.card_back, back_kind, font_path))
    return C.sheet(faces, back)[0]


def _png_size(data: bytes) -> tuple[int, int]:
    # The IHDR chunk holds width and height at bytes 16-24: no need to decode the image.
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def expected_steps(data: TegData) -> int:
    """How many images render() makes (for a progress bar)."""
    return 4 + 2 * len(data.rules.seat_colors) + 2 + 3
