"""One transform from image pixels to the table: pixel -> object local -> world.

The conventions are TTS's, measured on real saves (TTS's own tables and published mods):

- World units are TTS's: x to the right (east), z away from the south seats (north), y up.
  A positive rotY turns an object clockwise seen from above.
- An object reads upright for a seat when its rotY is the seat's hand rotY + 180. So at
  rotY 0 an image lies with its top toward -z and its left toward +x (upside down for a
  player sitting south, whose hand has rotY 0).
- At scale 1 a stretched Custom_Tile is 2*(w/h) x 2, a Custom_Token about 2 units across
  its longer side, a card 2.14 x 3.0 (a 5:7 card), a die about 1 unit.

The layout places every zone, snap point, die and token on a mat through `Surface` and
`Place`, and the preview draws every image through the same two, so a wrong convention
shows in the preview as a mat that reads upside down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.render.features import Rect

CARD_SIZE = (2.14, 3.0)
DIE_SIZE = 1.0
# A face-up object lies at rotY = hand rotY + UPRIGHT to read upright for that seat.
UPRIGHT = 180.0


def r(x: float) -> float:
    """A float as saves hold it: rounded to 4 places, always a float (never -0.0)."""
    value = round(float(x), 4)
    return 0.0 if value == 0 else value


@dataclass(frozen=True)
class Place:
    """Where an object stands: position, rotation about the vertical axis, scale."""

    x: float
    z: float
    y: float = 1.0
    rot_y: float = 0.0
    scale: tuple[float, float, float] = (1.0, 1.0, 1.0)
    face_down: bool = False

    def transform(self) -> dict[str, float]:
        """The Transform block of a save object."""
        sx, sy, sz = self.scale
        return {
            "posX": r(self.x),
            "posY": r(self.y),
            "posZ": r(self.z),
            "rotX": 0.0,
            "rotY": r(self.rot_y % 360),
            "rotZ": 180.0 if self.face_down else 0.0,
            "scaleX": r(sx),
            "scaleY": r(sy),
            "scaleZ": r(sz),
        }

    def to_world(self, local_x: float, local_z: float) -> tuple[float, float]:
        """A point given in this object's local frame (before scaling), in world x, z."""
        sx, _, sz = self.scale
        angle = math.radians(self.rot_y)
        lx, lz = local_x * sx, local_z * sz
        # Clockwise seen from above for a positive rotY: local +x turns toward -z.
        wx = lx * math.cos(angle) + lz * math.sin(angle)
        wz = -lx * math.sin(angle) + lz * math.cos(angle)
        return self.x + wx, self.z + wz

    def to_local(self, world_x: float, world_z: float) -> tuple[float, float]:
        """The inverse of to_world: a world point in this object's local frame."""
        sx, _, sz = self.scale
        angle = math.radians(self.rot_y)
        dx, dz = world_x - self.x, world_z - self.z
        lx = dx * math.cos(angle) - dz * math.sin(angle)
        lz = dx * math.sin(angle) + dz * math.cos(angle)
        return lx / sx, lz / sz

    @classmethod
    def from_transform(cls, transform: dict[str, float]) -> Place:
        """The Place of a save object's Transform block."""
        t = transform
        return cls(
            t["posX"],
            t["posZ"],
            t["posY"],
            t["rotY"],
            (t["scaleX"], t["scaleY"], t["scaleZ"]),
            face_down=abs(t.get("rotZ", 0.0) - 180.0) < 90.0,
        )


@dataclass(frozen=True)
class Surface:
    """An image lying on an object: its size in pixels and the size it covers at scale 1."""

    pixels: tuple[int, int]
    size: tuple[float, float]  # (along local x, along local z) at scale 1

    def local(self, px: float, py: float) -> tuple[float, float]:
        """An image pixel as the object's local (x, z): top toward -z, left toward +x."""
        (w, h), (width, depth) = self.pixels, self.size
        return (0.5 - px / w) * width, (py / h - 0.5) * depth

    def pixel(self, local_x: float, local_z: float) -> tuple[float, float]:
        """The inverse of local: the image pixel under a local point."""
        (w, h), (width, depth) = self.pixels, self.size
        return (0.5 - local_x / width) * w, (local_z / depth + 0.5) * h

    def units(self, rect: Rect) -> tuple[float, float]:
        """A pixel rectangle's (width, depth) in local units at scale 1."""
        (w, h), (width, depth) = self.pixels, self.size
        return rect.width / w * width, rect.height / h * depth


def tile(pixels: tuple[int, int]) -> Surface:
    """A stretched Custom_Tile showing an image: 2*(w/h) x 2 at scale 1."""
    w, h = pixels
    return Surface(pixels, (2 * w / h, 2.0))


def token(pixels: tuple[int, int]) -> Surface:
    """A Custom_Token showing an image: 2 units across its longer side at scale 1."""
    w, h = pixels
    longer = max(w, h)
    return Surface(pixels, (2 * w / longer, 2 * h / longer))


def card(pixels: tuple[int, int]) -> Surface:
    """A card's face: CARD_SIZE at scale 1, whatever the image's pixels."""
    return Surface(pixels, CARD_SIZE)


def die(pixels: tuple[int, int]) -> Surface:
    """One face of a die seen from above: DIE_SIZE square at scale 1."""
    return Surface(pixels, (DIE_SIZE, DIE_SIZE))


def on(place: Place, surface: Surface, px: float, py: float) -> tuple[float, float]:
    """The world (x, z) of an image pixel of an object standing at `place`."""
    return place.to_world(*surface.local(px, py))


def world_pixel(place: Place, surface: Surface, wx: float, wz: float) -> tuple[float, float]:
    """The image pixel under a world point, for an object standing at `place`."""
    return surface.pixel(*place.to_local(wx, wz))


def fit(
    piece: tuple[float, float], host: Surface, host_scale: float, feature: Rect, fill: float
) -> float:
    """The uniform scale at which a piece fills `fill` of a feature drawn on a host image.

    `piece` is the piece's (width, depth) at scale 1; the host stands at uniform scale
    `host_scale` (its x and z scales are equal).
    """
    width, depth = host.units(feature)
    return fill * min(width * host_scale / piece[0], depth * host_scale / piece[1])


def footprint(place: Place, size: tuple[float, float] = CARD_SIZE) -> list[tuple[float, float]]:
    """The four corners (world x, z) of an object of `size` (at scale 1) standing at `place`."""
    w, h = size[0] / 2, size[1] / 2
    return [place.to_world(dx, dz) for dx, dz in ((-w, -h), (w, -h), (w, h), (-w, h))]


def overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Whether two convex footprints overlap (a separating axis test; touching edges do not)."""
    for poly in (a, b):
        for i in range(len(poly)):
            (x1, z1), (x2, z2) = poly[i], poly[(i + 1) % len(poly)]
            nx, nz = z2 - z1, x1 - x2
            pa = [nx * x + nz * z for x, z in a]
            pb = [nx * x + nz * z for x, z in b]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True
