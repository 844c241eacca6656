"""Card faces drawn from data through a layout file, for any game: no image of the modder's.

As Squib (the card-prototyping library) renders a data table through a layout file.

A layout (YAML: `generator/render/layouts/<name>.yaml`, or a game's own file) gives the card's
size, background, border and corner radius, a `palette` (a field's value -> colour), the
`elements` drawn in order - `text` (a template of the card's fields, written to fit its
`box`) or `symbol` (a suit drawn as a shape: c, d, h, s), each coloured by `color` (a colour,
or a template looked up in the palette), `turn: true` to draw it upside down (a card's
second corner) - and the `back`. Drawn shapes, not a font's glyphs: the same pixels on every
machine.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageColor, ImageDraw
from ruamel.yaml import YAML

from generator.render.draw import text_box

LAYOUTS = Path(__file__).parent / "layouts"
Box = tuple[int, int, int, int]


@cache
def layout(name: str) -> dict[str, Any]:
    """A layout shipped with the framework, by name (`playing_cards`)."""
    path = LAYOUTS / f"{name}.yaml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in LAYOUTS.glob("*.yaml")))
        raise ValueError(f"no card layout '{name}' (layouts: {known})")
    return dict(YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8")))


def _color(spec: str, fields: dict[str, str], palette: dict[str, str]) -> tuple[int, ...]:
    value = spec.format(**fields) if "{" in spec else spec
    return ImageColor.getrgb(palette.get(value, value))


def _suit(draw: ImageDraw.ImageDraw, suit: str, box: Box, fill: tuple[int, ...]) -> None:
    """A suit's mark as shapes filling `box`: club, diamond, heart or spade."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = x0 + w / 2
    r = w / 4
    if suit == "d":
        draw.polygon([(cx, y0), (x1 - w * 0.1, y0 + h / 2), (cx, y1), (x0 + w * 0.1, y0 + h / 2)],
                     fill=fill)  # fmt: skip
        return
    if suit == "c":
        for x, y in ((cx, y0 + r), (x0 + r, y0 + h * 0.55), (x1 - r, y0 + h * 0.55)):
            draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
    else:  # a heart, and a spade: a heart upside down on a stem
        lobes = y0 + h * (0.52 if suit == "s" else 0.3)
        for x in (cx - r, cx + r):
            draw.ellipse((x - r, lobes - r, x + r, lobes + r), fill=fill)
        tip = y0 if suit == "s" else y1 - h * 0.05
        side = lobes + (r * 0.3 if suit == "h" else -r * 0.3)
        draw.polygon([(x0 + 1, side), (x1 - 1, side), (cx, tip)], fill=fill)
    if suit in "cs":  # the stem
        draw.polygon([(cx, y0 + h * 0.5), (cx + w * 0.18, y1), (cx - w * 0.18, y1)], fill=fill)


def face(fields: dict[str, str], spec: dict[str, Any], font_path: str | None = None) -> Image.Image:
    """One card's face: `fields` drawn through the layout `spec`."""
    w, h = spec["size"]
    palette = spec.get("palette", {})
    image = Image.new("RGB", (w, h), ImageColor.getrgb(spec.get("border", "#000000")))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((3, 3, w - 4, h - 4), spec.get("radius", 0),
                           fill=ImageColor.getrgb(spec.get("background", "#ffffff")))  # fmt: skip
    for e in spec["elements"]:
        box: Box = tuple(e["box"])  # type: ignore[assignment]
        if e.get("turn"):  # drawn upside down in its box (a card's second corner)
            part = Image.new("RGBA", (box[2] - box[0], box[3] - box[1]), (0, 0, 0, 0))
            inner: Box = (0, 0, part.width, part.height)
            _element(ImageDraw.Draw(part), e, inner, fields, palette, font_path)
            image.paste(part.rotate(180), box[:2], part.rotate(180))
        else:
            _element(draw, e, box, fields, palette, font_path)
    return image


def _element(draw: ImageDraw.ImageDraw, e: dict[str, Any], box: Box, fields: dict[str, str],
             palette: dict[str, str], font_path: str | None) -> None:  # fmt: skip
    fill = _color(e.get("color", "#000000"), fields, palette)
    if "symbol" in e:
        _suit(draw, e["symbol"].format(**fields), box, fill)
    else:
        text_box(draw, box, e["text"].format(**fields), e.get("size", 32), fill[:3], font_path)


def back(spec: dict[str, Any]) -> Image.Image:
    """The back every card of the deck shares: a border and a lattice on its colour."""
    w, h = spec["size"]
    b = spec["back"]
    image = Image.new("RGB", (w, h), ImageColor.getrgb(b.get("border", "#ffffff")))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((10, 10, w - 11, h - 11), spec.get("radius", 0),
                           fill=ImageColor.getrgb(b["background"]))  # fmt: skip
    lattice = Image.new("RGB", (w, h), ImageColor.getrgb(b["background"]))
    lines = ImageDraw.Draw(lattice)
    for k in range(-h, w + h, 28):  # two sets of diagonals: a diamond lattice
        lines.line((k, 0, k + h, h), fill=ImageColor.getrgb(b["lattice"]), width=3)
        lines.line((k, h, k + h, 0), fill=ImageColor.getrgb(b["lattice"]), width=3)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((22, 22, w - 23, h - 23), spec.get("radius", 0), 255)
    image.paste(lattice, (0, 0), mask)
    return image


def playing_cards(ranks: list[str], suits: list[str]) -> list[dict[str, str]]:
    """The fields of a standard deck, rank-major: {id, rank (its label: A, 10, Q), suit}."""
    return [{"id": r + s, "rank": r.upper(), "suit": s} for r in ranks for s in suits]
