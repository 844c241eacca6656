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


def meet(a: Rect, b: Rect) -> bool:
    """True when the two rectangles share some area (touching edges do not count)."""
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def holds(outer: Rect, inner: Rect) -> bool:
    """True when `inner` lies wholly inside `outer`."""
    across = outer.x0 <= inner.x0 and inner.x1 <= outer.x1
    return across and outer.y0 <= inner.y0 and inner.y1 <= outer.y1


def clashes(features: Features) -> list[tuple[str, str]]:
    """Pairs of features that overlap where neither holds the other.

    A feature may sit inside another (a slot's label in its slot, a die's place in the bay);
    two that merely overlap would draw a label over a label, or a piece over a name.
    """
    items = sorted(features.items())
    found = [
        (a, b)
        for i, (a, ra) in enumerate(items)
        for b, rb in items[i + 1 :]
        if meet(ra, rb) and not holds(ra, rb) and not holds(rb, ra)
    ]

    def within(inner: str, outer: str) -> bool:
        return inner == outer or holds(features[outer], features[inner])

    def inside(pair: tuple[str, str], other: tuple[str, str]) -> bool:
        (a, b), (c, d) = pair, other
        return (within(a, c) and within(b, d)) or (within(a, d) and within(b, c))

    # A slot that overlaps another overlaps its label too: name the outermost pair alone.
    return [p for p in found if not any(o != p and inside(p, o) for o in found)]


def _row_tracks(features: Features) -> dict[str, dict[int, Rect]]:
    """Each track drawn in one row: features `<track>:<n>`, two or more, one centre height."""
    tracks: dict[str, dict[int, Rect]] = {}
    for name, rect in features.items():
        track, _, value = name.rpartition(":")
        if track and value.isdigit():
            tracks.setdefault(track, {})[int(value)] = rect
    return {
        track: spaces
        for track, spaces in tracks.items()
        if len(spaces) > 1
        and max(r.center[1] for r in spaces.values()) - min(r.center[1] for r in spaces.values())
        < 1
    }


def misaligned(features: Features) -> list[tuple[str, str, int]]:
    """Tracks meant to line up that do not: (track, track, first value out of column).

    Two row tracks with spaces of one size, one above the other (their spans overlap across),
    are read together (health 3 above energy 3): each value shared must stand in one column.
    """
    tracks = sorted(_row_tracks(features).items())
    out = []
    for i, (a, sa) in enumerate(tracks):
        for b, sb in tracks[i + 1 :]:
            ra, rb = next(iter(sa.values())), next(iter(sb.values()))
            if (round(ra.width), round(ra.height)) != (round(rb.width), round(rb.height)):
                continue
            span_a = (min(r.x0 for r in sa.values()), max(r.x1 for r in sa.values()))
            span_b = (min(r.x0 for r in sb.values()), max(r.x1 for r in sb.values()))
            if span_a[1] <= span_b[0] or span_b[1] <= span_a[0]:
                continue  # side by side, not stacked
            shared = sorted(set(sa) & set(sb))
            off = [v for v in shared if abs(sa[v].center[0] - sb[v].center[0]) > 1]
            if off:
                out.append((a, b, off[0]))
    return out


def layout_faults(images: dict[str, Features]) -> list[str]:
    """Every clash and misaligned pair of tracks in a game's images, as sentences."""
    out = []
    for image, features in sorted(images.items()):
        for a, b in clashes(features):
            out.append(f"{image}: '{a}' and '{b}' overlap (a label or a piece would cover another)")
        for a, b, v in misaligned(features):
            out.append(
                f"{image}: the tracks '{a}' and '{b}' are stacked but not in columns "
                f"({a}:{v} and {b}:{v} stand apart)"
            )
    return out
