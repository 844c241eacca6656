"""A picture of the whole table seen from above, drawn from a built save and its images.

North (+z) is up. Every image is drawn through the same transform the layout places things
with (generator.tts.geometry: image pixel -> object local -> world), so an object turned
the wrong way shows turned the wrong way here: a seat's mat reads upright when the picture
is turned so that the seat is at the bottom. Scripting zones are drawn as coloured outlines
named in a legend under the table (their names would cover the mats' own titles); hand
zones as outlines with their name inside; save-level snap points (the face-up row) as faint
card outlines; 3DText at an approximate size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from generator.render.dice import DIE_FACE, DIE_SLOTS, DIE_TEXTURE
from generator.render.draw import font, wrap
from generator.tts import geometry as G
from generator.tts.geometry import Place

PIXELS_PER_UNIT = 32
MARGIN = 3.0
LEGEND = 60  # pixels under the table for the zones' legend
# 3DText: about one world unit of line height per 64 points of fontSize (not measured in TTS).
TEXT_POINTS_PER_UNIT = 64
ORDER = {
    "Custom_Tile": 0,
    "3DText": 1,
    "DeckCustom": 2,
    "Card": 3,
    "Custom_Token": 4,
    "Custom_Dice": 5,
    "ScriptingTrigger": 6,
    "HandTrigger": 6,
}
ZONE_COLORS = [(255, 90, 90), (90, 220, 255), (255, 220, 60), (140, 255, 120), (255, 140, 255)]


class _Images:
    """Images named by URL, read once from the built assets folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.loaded: dict[str, Image.Image] = {}

    def __call__(self, url: str) -> Image.Image:
        name = url.rsplit("/", 1)[-1]
        if name not in self.loaded:
            with Image.open(self.folder / name) as image:
                self.loaded[name] = image.convert("RGBA")
        return self.loaded[name]


def _card_face(images: _Images, obj: dict[str, Any], sheets: dict[str, Any]) -> Image.Image:
    sheet = sheets[str(obj["CardID"] // 100)]
    if Place.from_transform(obj["Transform"]).face_down:
        return images(sheet["BackURL"])
    index = obj["CardID"] % 100
    full = images(sheet["FaceURL"])
    w, h = full.width // sheet["NumWidth"], full.height // sheet["NumHeight"]
    col, row = index % sheet["NumWidth"], index // sheet["NumWidth"]
    return full.crop((col * w, row * h, (col + 1) * w, (row + 1) * h))


def _picture(images: _Images, obj: dict[str, Any]) -> tuple[Image.Image, G.Surface] | None:
    """The image an object shows from above and the surface it is drawn on."""
    name = obj["Name"]
    if name == "Card":
        face = _card_face(images, obj, obj["CustomDeck"])
        return face, G.card(face.size)
    if name in ("DeckCustom", "Deck"):  # TTS names a deck cards formed in play "Deck"
        face = _card_face(images, obj["ContainedObjects"][0], obj["CustomDeck"])
        return face, G.card(face.size)
    image_url = (obj.get("CustomImage") or {}).get("ImageURL")
    if not image_url:
        return None
    image = images(image_url)
    if name == "Custom_Dice":
        x, y, _ = DIE_SLOTS[2]  # the face a d6 shows at rotation 0 is value 2
        k = image.width / DIE_TEXTURE
        face = image.crop(
            (int(x * k), int(y * k), int((x + DIE_FACE) * k), int((y + DIE_FACE) * k))
        )
        return face, G.die(face.size)
    if name == "Custom_Token":
        return image, G.token(image.size)
    return image, G.tile(image.size)


class _Canvas:
    """The picture: world (x, z) <-> canvas pixels, north up."""

    def __init__(self, min_x: float, max_x: float, min_z: float, max_z: float) -> None:
        self.min_x, self.max_z = min_x, max_z
        size = (int((max_x - min_x) * PIXELS_PER_UNIT), int((max_z - min_z) * PIXELS_PER_UNIT))
        self.image = Image.new("RGBA", (size[0], size[1] + LEGEND), (58, 44, 32, 255))
        self.draw = ImageDraw.Draw(self.image)

    def pixel(self, wx: float, wz: float) -> tuple[float, float]:
        """The canvas pixel of a world point."""
        return (wx - self.min_x) * PIXELS_PER_UNIT, (self.max_z - wz) * PIXELS_PER_UNIT

    def world(self, cx: float, cy: float) -> tuple[float, float]:
        """The world point of a canvas pixel."""
        return self.min_x + cx / PIXELS_PER_UNIT, self.max_z - cy / PIXELS_PER_UNIT

    def paste(self, picture: Image.Image, place: Place, surface: G.Surface) -> None:
        """Draw an image lying on an object, through geometry's pixel <-> world transform."""
        w, h = surface.pixels
        corners = [self.pixel(*G.on(place, surface, px, py)) for px, py in _corners(w, h)]
        x0, y0 = (int(min(c[i] for c in corners)) for i in (0, 1))
        x1, y1 = (int(max(c[i] for c in corners)) + 1 for i in (0, 1))
        if x1 <= x0 or y1 <= y0:
            return

        def source(cx: float, cy: float) -> tuple[float, float]:
            return G.world_pixel(place, surface, *self.world(cx + x0, cy + y0))

        # The map canvas -> image is affine: read it off three points.
        coeffs = _affine(source)
        scaled = picture if picture.size == (w, h) else picture.resize((w, h))
        piece = scaled.transform((x1 - x0, y1 - y0), Image.AFFINE, coeffs, Image.BILINEAR)
        self.image.alpha_composite(piece, (x0, y0))


def _corners(w: float, h: float) -> list[tuple[float, float]]:
    return [(0, 0), (w, 0), (w, h), (0, h)]


def _affine(f: Callable[[float, float], tuple[float, float]]) -> tuple[float, ...]:
    ox, oy = f(0, 0)
    ax, ay = f(1, 0)
    bx, by = f(0, 1)
    return (ax - ox, bx - ox, ox, ay - oy, by - oy, oy)


def _extent(obj: dict[str, Any], images: _Images) -> list[tuple[float, float]]:
    """World corners of what an object covers (for the picture's bounds)."""
    place = Place.from_transform(obj["Transform"])
    shown = _picture(images, obj)
    if shown is None:  # zones are unit boxes scaled; 3DText counts by its position
        return [place.to_world(x, z) for x, z in _box()]
    w, h = shown[1].pixels
    return [G.on(place, shown[1], px, py) for px, py in _corners(w, h)]


@dataclass(frozen=True)
class Preview:
    """The picture, how many objects it shows, and where a world point is on it."""

    image: Image.Image
    drawn: int
    frame: _Canvas
    labels: list[tuple[str, tuple[float, float, float, float]]]  # piles' and hands': text, box
    pictures: list[tuple[float, float, float, float]]  # every picture's box

    def pixel(self, wx: float, wz: float) -> tuple[float, float]:
        """The picture's pixel at world (x, z)."""
        return self.frame.pixel(wx, wz)


def draw_preview(save: dict[str, Any], asset_dir: Path) -> Preview:
    """The table from above (north up), drawn through generator.tts.geometry."""
    images = _Images(asset_dir)
    objects = save["ObjectStates"]
    points = [p for obj in objects for p in _extent(obj, images)]
    canvas = _Canvas(
        min(x for x, _ in points) - MARGIN,
        max(x for x, _ in points) + MARGIN,
        min(z for _, z in points) - MARGIN,
        max(z for _, z in points) + MARGIN,
    )
    label_font = font(14)
    legend: list[tuple[str, tuple[int, int, int]]] = []
    _table_snaps(canvas, save.get("SnapPoints", []))
    drawn = 0
    pictures: list[Box] = []  # every picture drawn, its box (labels keep off them)
    wanted: list[tuple[str, list[Box], int]] = []  # a label's text, its places, its picture
    order = sorted(range(len(objects)), key=lambda i: (ORDER.get(objects[i]["Name"], 9), i))
    for i in order:
        obj = objects[i]
        place = Place.from_transform(obj["Transform"])
        shown = _picture(images, obj)
        if shown is not None:
            canvas.paste(shown[0], place, shown[1])
            xs, ys = zip(*(canvas.pixel(*p) for p in _extent(obj, images)), strict=True)
            pictures.append((min(xs), min(ys), max(xs), max(ys)))
            if obj["Name"] == "DeckCustom":
                text = f"{obj['Nickname']} ({len(obj['ContainedObjects'])})"
                wanted.append((text, _around(pictures[-1], text, label_font), len(pictures) - 1))
        elif obj["Name"] in ("ScriptingTrigger", "HandTrigger"):
            corners = [canvas.pixel(*place.to_world(x, z)) for x, z in _box()]
            if obj["Name"] == "HandTrigger":
                color = (255, 255, 255)
                box = (min(c[0] for c in corners), min(c[1] for c in corners),
                       max(c[0] for c in corners), max(c[1] for c in corners))  # fmt: skip
                wanted.append((obj["Nickname"], _inside(box, obj["Nickname"], label_font), -1))
            else:
                color = ZONE_COLORS[len(legend) % len(ZONE_COLORS)]
                legend.append((f"{obj['Nickname']} (zone)", color))
            canvas.draw.polygon(corners, outline=(*color, 230), width=2)
        elif obj["Name"] == "3DText":
            _text(canvas, obj, place)
        else:
            continue
        drawn += 1
    labels = _place_labels(canvas, wanted, pictures, label_font)
    _legend(canvas, legend, label_font)
    return Preview(canvas.image.convert("RGB"), drawn, canvas, labels, pictures)


Box = tuple[float, float, float, float]  # left, top, right, bottom (canvas pixels)
LINE = 16  # a label line's pitch in pixels


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _around(box: Box, text: str, face: Any) -> list[Box]:
    """Where a pile's label may go, best first: under it, above it, right of it, left of it.

    Under or above it, wrapped to the pile's width, so piles side by side keep apart.
    """
    width = max(box[2] - box[0], 40)
    lines = len(wrap(text, face, int(width)))
    tall = lines * LINE
    wide = max(face.getlength(text), 1)
    return [(box[0], box[3] + 2, box[0] + width, box[3] + 2 + tall),
            (box[0], box[1] - 2 - tall, box[0] + width, box[1] - 2),
            (box[2] + 4, box[1], box[2] + 4 + wide, box[1] + LINE),
            (box[0] - 4 - wide, box[1], box[0] - 4, box[1] + LINE)]  # fmt: skip


def _inside(box: Box, text: str, face: Any) -> list[Box]:
    """Where a hand zone's name may go, inside its outline: each corner, top left first."""
    wide = face.getlength(text)
    left, right = box[0] + 4, box[2] - 4 - wide
    top, bottom = box[1] + 2, box[3] - 2 - LINE
    return [(x, y, x + wide, y + LINE) for y in (top, bottom) for x in (left, right)]


def _place_labels(
    canvas: _Canvas, wanted: list[tuple[str, list[Box], int]], pictures: list[Box], face: Any
) -> list[tuple[str, Box]]:
    """Each label drawn at its first place that meets no other label and no picture.

    (Its own picture aside; at its first place when every one does.) The labels with their
    boxes.
    """
    placed: list[tuple[str, Box]] = []
    for text, places, own in wanted:
        others = [b for k, b in enumerate(pictures) if k != own]

        def free(box: Box, others: list[Box] = others) -> bool:
            return not any(_meet(box, b) for b in others) and not any(
                _meet(box, b) for _, b in placed
            )

        box = next((b for b in places if free(b)), places[0])
        width = int(box[2] - box[0])
        lines = wrap(text, face, width) if face.getlength(text) > box[2] - box[0] else [text]
        for k, line in enumerate(lines):
            at = (box[0], box[1] + k * LINE)
            canvas.draw.text(at, line, font=face, fill=(255, 255, 255, 255))
        placed.append((text, box))
    return placed


def _table_snaps(canvas: _Canvas, points: list[dict[str, Any]]) -> None:
    """Save-level snap points as faint card outlines: where the table expects cards."""
    card = G.card((1, 1))
    for point in points:
        position, rotation = point["Position"], point.get("Rotation", {})
        place = Place(position["x"], position["z"], rot_y=rotation.get("y", 0.0))
        corners = [canvas.pixel(*G.on(place, card, x, y)) for x, y in _corners(1, 1)]
        canvas.draw.polygon(corners, outline=(200, 200, 200, 140), width=1)


def _box() -> list[tuple[float, float]]:
    return [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]


def _text(canvas: _Canvas, obj: dict[str, Any], place: Place) -> None:
    """3DText lying flat, upright from the south at rotY 0 (drawn unturned: a note)."""
    text = obj["Text"]["Text"]
    size = max(8, int(obj["Text"]["fontSize"] / TEXT_POINTS_PER_UNIT * PIXELS_PER_UNIT * 0.8))
    face = font(size)
    cx, cy = canvas.pixel(place.x, place.z)
    lines = text.split("\n")
    top = cy - len(lines) * size * 1.2 / 2
    for k, line in enumerate(lines):
        width = face.getlength(line)
        canvas.draw.text((cx - width / 2, top + k * size * 1.2), line, font=face, fill="white")


def _legend(canvas: _Canvas, legend: list[tuple[str, tuple[int, int, int]]], face: Any) -> None:
    x = 10.0
    y = canvas.image.height - LEGEND + 20
    for name, color in legend:
        canvas.draw.rectangle((x, y, x + 24, y + 14), outline=(*color, 255), width=2)
        canvas.draw.text((x + 30, y - 1), name, font=face, fill=(255, 255, 255, 255))
        x += 30 + face.getlength(name) + 30
