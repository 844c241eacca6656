"""A picture of the whole table seen from above, drawn from a built save and its images.

Each object is drawn at its position, turned by its rotation, at the size of the footprint
model in generator.tts.table (cards from their sheet, decks by their back, tiles, tokens and
dice from their images, zones as outlines), so a designer can check the layout without TTS.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from generator.render.components import DIE_FACE, DIE_SLOTS
from generator.render.draw import font
from generator.tts.table import footprint

PIXELS_PER_UNIT = 32
MARGIN = 3.0
ORDER = {
    "Custom_Tile": 0,
    "DeckCustom": 1,
    "Card": 2,
    "Custom_Token": 3,
    "Custom_Dice": 4,
    "ScriptingTrigger": 5,
    "HandTrigger": 5,
}


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

    def size(self, url: str) -> tuple[int, int]:
        return self(url).size


def _card_face(images: _Images, obj: dict[str, Any], face_up: bool) -> Image.Image:
    sheet = next(iter(obj["CustomDeck"].values()))
    if not face_up:
        return images(sheet["BackURL"])
    index = obj["CardID"] % 100
    full = images(sheet["FaceURL"])
    w, h = full.width // sheet["NumWidth"], full.height // sheet["NumHeight"]
    col, row = index % sheet["NumWidth"], index // sheet["NumWidth"]
    return full.crop((col * w, row * h, (col + 1) * w, (row + 1) * h))


def _picture(images: _Images, obj: dict[str, Any]) -> Image.Image | None:
    name = obj["Name"]
    face_up = abs(obj["Transform"]["rotZ"]) < 90
    if name == "Card":
        return _card_face(images, obj, face_up)
    if name == "DeckCustom":
        return _card_face(images, obj["ContainedObjects"][0], face_up)
    if name == "Custom_Dice":
        x, y, _ = DIE_SLOTS[2]  # the face a d6 shows at rotation 0 is value 2
        scale = images(obj["CustomImage"]["ImageURL"]).width / 1024
        return images(obj["CustomImage"]["ImageURL"]).crop(
            (
                int(x * scale),
                int(y * scale),
                int((x + DIE_FACE) * scale),
                int((y + DIE_FACE) * scale),
            )
        )
    if "CustomImage" in obj:
        return images(obj["CustomImage"]["ImageURL"])
    return None


def draw_preview(save: dict[str, Any], asset_dir: Path) -> tuple[Image.Image, int]:
    """The table from above, and how many of its objects were drawn."""
    images = _Images(asset_dir)
    objects = save["ObjectStates"]
    sizes = {}
    for obj in objects:
        url = (obj.get("CustomImage") or {}).get("ImageURL")
        if url:
            sizes[url.rsplit("/", 1)[-1].rpartition("-")[0] + ".png"] = images.size(url)
    boxes = []
    for obj in objects:
        t = obj["Transform"]
        w, d = footprint(obj, sizes)
        boxes.append((t["posX"], t["posZ"], w, d, t["rotY"]))
    reach = [max(w, d) / 2 for _, _, w, d, _ in boxes]
    min_x = min(x - e for (x, _, _, _, _), e in zip(boxes, reach, strict=True)) - MARGIN
    max_x = max(x + e for (x, _, _, _, _), e in zip(boxes, reach, strict=True)) + MARGIN
    min_z = min(z - e for (_, z, _, _, _), e in zip(boxes, reach, strict=True)) - MARGIN
    max_z = max(z + e for (_, z, _, _, _), e in zip(boxes, reach, strict=True)) + MARGIN
    canvas = Image.new(
        "RGBA",
        (int((max_x - min_x) * PIXELS_PER_UNIT), int((max_z - min_z) * PIXELS_PER_UNIT)),
        (58, 44, 32, 255),
    )
    draw = ImageDraw.Draw(canvas)
    label_font = font(14)
    drawn = 0
    order = sorted(range(len(objects)), key=lambda i: (ORDER.get(objects[i]["Name"], 9), i))
    for i in order:
        obj = objects[i]
        x, z, w, d, rot = boxes[i]
        cx = (x - min_x) * PIXELS_PER_UNIT
        cz = (max_z - z) * PIXELS_PER_UNIT
        pw, pd = max(1, int(w * PIXELS_PER_UNIT)), max(1, int(d * PIXELS_PER_UNIT))
        picture = _picture(images, obj)
        if picture is None:  # a zone: its outline, turned like the zone, and its name
            angle = math.radians(rot)
            corners = []
            for sx, sz in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                lx, lz = sx * pw / 2, sz * pd / 2
                # Turned clockwise seen from above, like TTS (z grows up the picture).
                corners.append(
                    (
                        cx + lx * math.cos(angle) + lz * math.sin(angle),
                        cz + lx * math.sin(angle) - lz * math.cos(angle),
                    )
                )
            draw.polygon(corners, outline=(255, 255, 255, 200), width=2)
            draw.text(
                (min(c[0] for c in corners) + 4, min(c[1] for c in corners) + 2),
                obj["Nickname"],
                font=label_font,
                fill=(255, 255, 255, 220),
            )
        else:
            piece = picture.resize((pw, pd)).rotate(-rot, expand=True)
            canvas.alpha_composite(piece, (int(cx - piece.width / 2), int(cz - piece.height / 2)))
            if obj["Name"] == "DeckCustom":
                count = len(obj["ContainedObjects"])
                draw.text(
                    (cx - pw / 2 + 4, cz + pd / 2 + 2),
                    f"{obj['Nickname']} ({count})",
                    font=label_font,
                    fill=(255, 255, 255, 255),
                )
        drawn += 1
    return canvas.convert("RGB"), drawn
