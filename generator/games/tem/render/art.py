"""Tiny Epic Mechs' own icons: energy, credits, VP, health and the three weapon types.

Drawn with shapes, not glyphs (a font may lack a symbol: that is a build error), each on a
coin of its colour so it reads at the size of a token on the table.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from generator.render.draw import Color, shade

ICON_INK: Color = (25, 25, 30)


def _coin(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float, color: Color) -> None:
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=color,
        outline=shade(color, 0.5),
        width=max(2, int(radius // 8)),
    )


def _star(x: float, y: float, r: float, points: int = 5, inner: float = 0.45) -> list:
    out = []
    for k in range(2 * points):
        angle = -math.pi / 2 + k * math.pi / points
        radial = r if k % 2 == 0 else r * inner
        out.append((x + radial * math.cos(angle), y + radial * math.sin(angle)))
    return out


def icon(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    radius: float,
    kind: str,
    color: Color,
) -> None:
    """An icon on a coin of `color`.

    Energy a bolt, credits a stack of coins, vp a star, health a heart, melee a blade,
    ranged a crosshair, area a burst.
    """
    x, y = center
    _coin(draw, x, y, radius, color)
    r = radius * 0.62
    width = max(2, int(radius // 6))
    if kind == "energy":
        draw.polygon(
            [(x + 0.15 * r, y - r), (x - 0.55 * r, y + 0.1 * r), (x - 0.05 * r, y + 0.1 * r),
             (x - 0.2 * r, y + r), (x + 0.55 * r, y - 0.15 * r), (x + 0.05 * r, y - 0.15 * r)],
            fill=ICON_INK,
        )  # fmt: skip
    elif kind == "credits":
        for k in range(3):
            top = y + r * 0.55 - k * r * 0.5
            draw.ellipse((x - r * 0.8, top - r * 0.3, x + r * 0.8, top + r * 0.3), fill=ICON_INK,
                         outline=color, width=max(1, width // 2))  # fmt: skip
    elif kind == "vp":
        draw.polygon(_star(x, y, r), fill=ICON_INK)
    elif kind == "health":
        h = r * 0.55
        draw.ellipse((x - 2 * h, y - 1.3 * h, x, y + 0.5 * h), fill=ICON_INK)
        draw.ellipse((x, y - 1.3 * h, x + 2 * h, y + 0.5 * h), fill=ICON_INK)
        draw.polygon([(x - 1.93 * h, y - 0.1 * h), (x + 1.93 * h, y - 0.1 * h), (x, y + 1.8 * h)],
                     fill=ICON_INK)  # fmt: skip
    elif kind == "melee":  # a blade with its guard
        draw.line((x - r * 0.7, y + r * 0.7, x + r * 0.7, y - r * 0.7), fill=ICON_INK, width=width)
        draw.line((x - r * 0.7, y + r * 0.1, x - r * 0.1, y + r * 0.7), fill=ICON_INK, width=width)
    elif kind == "ranged":  # a crosshair
        draw.ellipse((x - r * 0.6, y - r * 0.6, x + r * 0.6, y + r * 0.6), outline=ICON_INK,
                     width=width)  # fmt: skip
        draw.line((x - r, y, x + r, y), fill=ICON_INK, width=max(1, width // 2))
        draw.line((x, y - r, x, y + r), fill=ICON_INK, width=max(1, width // 2))
    elif kind == "area":  # a burst
        draw.polygon(_star(x, y, r, points=8, inner=0.55), fill=ICON_INK)
    else:
        raise ValueError(f"no icon for '{kind}'")
