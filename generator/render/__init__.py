"""Render every image of a game's mod, caching each by a hash of what it is drawn from.

An image's cache key hashes the renderer version, the font and the exact data the image
shows, so an unchanged image is never drawn again, and a changed card redraws only itself
and the sheet that holds it. A cached file is used only when its size and hash match what
was recorded when it was written, so a truncated or damaged file is drawn again.
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
from generator.render.draw import TextFitError
from generator.render.features import (
    Features,
    control_features,
    mat_features,
    planet_features,
)

# Bump when any drawing code changes, so cached images are drawn again.
RENDER_VERSION = "3"


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

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.drawn = 0  # every PNG drawn (a sheet's cards too)
        self.reused = 0
        self.files_drawn = 0  # of the asset files: drawn anew (any part of it) or reused whole
        self.files_reused = 0

    def _path(self, key: Any) -> Path | None:
        digest = hashlib.sha256(json.dumps([RENDER_VERSION, key], sort_keys=True).encode())
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


def render(
    data: TegData,
    cache: Cache,
    font_path: str | None = None,
    step: Callable[[str], None] = lambda name: None,
) -> Assets:
    """Render every image of the mod. `step(name)` is called after each one (for progress).

    Raises RenderError listing every text that does not fit its box.
    """
    files: dict[str, bytes] = {}
    sizes: dict[str, tuple[int, int]] = {}
    problems: list[TextProblem] = []

    def keep(name: str, key: Any, draw: Callable[[], Image.Image], where: tuple[str, str]) -> None:
        drawn = cache.drawn
        try:
            files[name] = cache.png([key, font_path], draw)
            if cache.drawn > drawn:
                cache.files_drawn += 1
            else:
                cache.files_reused += 1
        except TextFitError as err:
            problems.append(TextProblem(*where, str(err)))
            return
        except _CardTextErrors as err:
            problems.extend(err.problems)
            return
        sizes[name] = _png_size(files[name])
        step(name)

    sheets: dict[str, tuple[Sheet, ...]] = {}
    for kind, cards, draw_card in (
        ("planets", data.planets, C.planet_card),
        ("missions", data.missions, C.mission_card),
    ):
        back_kind = "planet" if kind == "planets" else "mission"
        back_key = [["back", back_kind, data.rules.name], font_path]
        keep(
            f"{back_kind}_back.png",
            back_key[0],
            lambda k=back_kind: C.card_back(k, data.rules.name, font_path),
            ("game", "/name"),
        )
        found = []
        for number, first in enumerate(range(0, len(cards), C.SHEET_CARDS), start=1):
            chunk = list(cards[first : first + C.SHEET_CARDS])
            card_keys = [[[kind, plain(c)], font_path] for c in chunk]
            pointers = [f"/{kind}/{first + i}" for i in range(len(chunk))]
            compose = partial(
                _compose,
                cache,
                chunk,
                pointers,
                kind,
                draw_card,
                card_keys,
                back_kind,
                back_key,
                font_path,
            )
            name = sheet_name(kind, number)
            keep(name, ["sheet", card_keys, back_key], compose, (kind, f"/{kind}"))
            columns, rows = C.grid(len(chunk))
            found.append(
                Sheet(name, f"{back_kind}_back.png", columns, rows, tuple(c.id for c in chunk))
            )
        sheets[kind] = tuple(found)
    mat_inputs = [plain(data.levels), plain(data.rules)]
    for index, color in enumerate(data.rules.seat_colors):
        keep(
            f"mat_{color}.png",
            ["mat", color, mat_inputs],
            lambda c=color: C.galaxy_mat(c, data, font_path),
            ("game", f"/seat_colors/{index}"),
        )
        keep(
            f"ship_{color}.png",
            ["ship", color],
            lambda c=color: C.ship(c),
            ("game", f"/seat_colors/{index}"),
        )
    keep(
        "control_mat.png",
        ["control", data.dice_count],
        lambda: C.control_mat(data, font_path),
        ("dice", "/count"),
    )
    keep(
        "dice.png",
        ["dice", plain(data.faces)],
        lambda: C.dice_texture(data, font_path),
        ("dice", "/faces"),
    )
    for kind in ("energy", "culture", "empire"):
        keep(
            f"token_{kind}.png",
            ["token", kind],
            lambda k=kind: C.token(k, font_path),
            ("game", "/resources"),
        )
    try:
        thumbnail = cache.png(
            [["thumbnail", data.rules.name], font_path], lambda: C.thumbnail(data, font_path)
        )
    except TextFitError as err:
        problems.append(TextProblem("game", "/name", str(err)))
    if problems:
        raise RenderError(problems)
    features: dict[str, Features] = {
        "mat": mat_features(data),
        "control_mat.png": control_features(data),
        **{f"planet:{p.id}": planet_features(p) for p in data.planets},
    }
    return Assets(files, sheets, sizes, thumbnail, features)


class _CardTextErrors(Exception):
    def __init__(self, problems: list[TextProblem]) -> None:
        super().__init__(f"{len(problems)} card(s) with text that does not fit")
        self.problems = problems


def _compose(
    cache: Cache,
    cards: list[Any],
    pointers: list[str],
    kind: str,
    draw_card: Callable[..., Image.Image],
    card_keys: list[Any],
    back_kind: str,
    back_key: Any,
    font_path: str | None,
) -> Image.Image:
    faces = []
    problems = []
    for key, card, ptr in zip(card_keys, cards, pointers, strict=True):
        try:
            faces.append(cache.image(key, partial(draw_card, card, font_path)))
        except TextFitError as err:
            # Name the field whose text it is, so the message points at the line to shorten.
            field = next((f for f in ("name", "text") if getattr(card, f) == err.text), None)
            problems.append(TextProblem(kind, f"{ptr}/{field}" if field else ptr, str(err)))
    if problems:
        raise _CardTextErrors(problems)
    back = cache.image(back_key, partial(C.card_back, back_kind, font_path))
    return C.sheet(faces, back)[0]


def _png_size(data: bytes) -> tuple[int, int]:
    # The IHDR chunk holds width and height at bytes 16-24: no need to decode the image.
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def expected_steps(data: TegData) -> int:
    """How many images render() makes (for a progress bar)."""
    sheets = sum(-(-len(cards) // C.SHEET_CARDS) for cards in (data.planets, data.missions))
    return sheets + 2 + 2 * len(data.rules.seat_colors) + 2 + 3
