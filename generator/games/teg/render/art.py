"""Tiny Epic Galaxies' own art: resource and track icons, planets, the starfield."""

from __future__ import annotations

import math
import random

from PIL import Image, ImageDraw

from generator.render.draw import INK, Color, shade

TRACK_RGB: dict[str, Color] = {"diplomacy": (128, 90, 200), "economy": (222, 160, 40)}
RESOURCE_RGB: dict[str, Color] = {"energy": (250, 210, 40), "culture": (230, 80, 150)}
SPACE: Color = (14, 18, 38)


def resource_icon(
    draw: ImageDraw.ImageDraw,
    center: tuple[int, int],
    radius: int,
    resource: str,
    font_path: str | None = None,
) -> None:
    """A resource coin: energy is a yellow bolt, culture a pink star."""
    x, y = center
    color = RESOURCE_RGB[resource]
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=color,
        outline=shade(color, 0.5),
        width=max(2, radius // 8),
    )
    r = radius * 0.6
    if resource == "energy":
        bolt = [
            (x + 0.15 * r, y - r),
            (x - 0.55 * r, y + 0.1 * r),
            (x - 0.05 * r, y + 0.1 * r),
            (x - 0.2 * r, y + r),
            (x + 0.55 * r, y - 0.15 * r),
            (x + 0.05 * r, y - 0.15 * r),
        ]
        draw.polygon(bolt, fill=(60, 40, 0))
    else:
        points = []
        for k in range(10):
            angle = -math.pi / 2 + k * math.pi / 5
            radial = r if k % 2 == 0 else r * 0.45
            points.append((x + radial * math.cos(angle), y + radial * math.sin(angle)))
        draw.polygon(points, fill=(70, 0, 40))


def track_icon(draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: int, track: str) -> None:
    """A track symbol: diplomacy is a dove-grey handshake circle, economy a gold coin stack."""
    x, y = center
    color = TRACK_RGB[track]
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=color,
        outline=shade(color, 0.5),
        width=max(2, radius // 8),
    )
    if track == "diplomacy":  # two interlocking rings
        r = radius * 0.38
        draw.ellipse(
            (x - 1.5 * r, y - r, x + 0.5 * r, y + r), outline=INK, width=max(2, radius // 7)
        )
        draw.ellipse(
            (x - 0.5 * r, y - r, x + 1.5 * r, y + r), outline=INK, width=max(2, radius // 7)
        )
    else:  # a stack of coins
        w = radius * 0.55
        for k in range(3):
            top = y + radius * 0.35 - k * radius * 0.3
            draw.ellipse(
                (x - w, top - radius * 0.16, x + w, top + radius * 0.16),
                fill=INK,
                outline=shade(color, 0.5),
                width=max(1, radius // 12),
            )


def planet_art(size: int, seed: str) -> Image.Image:
    """A round planet with bands, craters and a glow, different for every seed."""
    rng = random.Random(f"planet:{seed}")
    base = (rng.randrange(40, 230), rng.randrange(40, 230), rng.randrange(40, 230))
    art = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(art)
    pad = size // 10
    draw.ellipse(
        (pad // 2, pad // 2, size - pad // 2, size - pad // 2), fill=(*shade(base, 1.4), 60)
    )
    body = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    bd = ImageDraw.Draw(body)
    bands = rng.randrange(4, 9)
    for k in range(bands):
        y0 = pad + (size - 2 * pad) * k / bands
        y1 = pad + (size - 2 * pad) * (k + 1) / bands
        tint = shade(base, 0.65 + 0.7 * rng.random())
        bd.rectangle((0, y0, size, y1), fill=(*tint, 255))
    for _ in range(rng.randrange(3, 9)):
        r = rng.randrange(size // 30, size // 9)
        cx, cy = rng.randrange(pad, size - pad), rng.randrange(pad, size - pad)
        bd.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*shade(base, 0.5), 255))
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).ellipse((pad, pad, size - pad, size - pad), fill=255)
    art.paste(body, (0, 0), mask)
    shadow = Image.new("L", (size, size), 0)
    ImageDraw.Draw(shadow).ellipse(
        (pad + size // 6, pad + size // 10, size - pad + size // 3, size - pad + size // 5),
        fill=110,
    )
    dark = Image.new("RGBA", (size, size), (0, 0, 0, 255))
    art.paste(dark, (0, 0), Image.composite(shadow, Image.new("L", (size, size), 0), mask))
    return art


def starfield(size: tuple[int, int], seed: str, base: Color = SPACE) -> Image.Image:
    """A dark sky with stars (seeded, so it is the same every build)."""
    rng = random.Random(f"stars:{seed}")
    image = Image.new("RGB", size, base)
    draw = ImageDraw.Draw(image)
    for _ in range(size[0] * size[1] // 900):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        level = rng.randrange(90, 255)
        draw.point((x, y), fill=(level, level, min(255, level + 20)))
    return image
