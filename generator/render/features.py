"""Features: named rectangles in an image's pixels, the one source of a table's geometry.

A game's drawing code draws each slot, track space and zone at the rectangle its feature
functions give (generator/render/<game>/features.py), and its layout places every zone, snap
point and piece through the same rectangles (generator.tts.geometry), so a piece can only land
where its feature is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in image pixels (x grows right, y grows down)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def center(self) -> tuple[float, float]:
        """The middle of the rectangle."""
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    @property
    def width(self) -> float:
        """Width in pixels."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """Height in pixels."""
        return self.y1 - self.y0

    def box(self) -> tuple[int, int, int, int]:
        """The rectangle as Pillow's integer (x0, y0, x1, y1)."""
        return round(self.x0), round(self.y0), round(self.x1), round(self.y1)

    def contains(self, x: float, y: float, tolerance: float = 0.0) -> bool:
        """True when the point lies inside (or within `tolerance` pixels of) the rectangle."""
        t = tolerance
        return self.x0 - t <= x <= self.x1 + t and self.y0 - t <= y <= self.y1 + t


Features = dict[str, Rect]
