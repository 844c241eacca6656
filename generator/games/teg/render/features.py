"""Where each Tiny Epic Galaxies image's features are, in image pixels.

The drawing code in components.py draws every bay slot, converter slot, track space, ship
slot and orbit step at the rectangle these functions give, and the layout (generator.tts)
places every zone, snap point, die and token through the same rectangles, so a piece can
only land where its feature is drawn. Names are stable strings: `energy:3` is the energy
track's space for 3, `bay:1` the activation bay's first slot.
"""

from __future__ import annotations

from generator.games.teg.cards import Planet, TegData
from generator.render.features import Features, Rect

CARD = (400, 560)  # 5:7, like a bridge-size card
MAT = (1500, 1000)
CONTROL = (1600, 700)
TOKEN = 200  # token and ship images are square


def _circle(cx: float, cy: float, diameter: float) -> Rect:
    r = diameter / 2
    return Rect(cx - r, cy - r, cx + r, cy + r)


# Track spaces and empire markers share one size, so one token size fits them all.
SPACE = 110


def mat_features(data: TegData) -> Features:
    """A player's galaxy mat: empire levels, energy and culture tracks, ship slots, home.

    Names: `title`; `empire:<level>` (the level's box), inside it `empire:<level>:title`,
    `empire:<level>:text` (its cost, dice, ships and VP) and `empire:<level>:space` (where
    the empire token stands); `<resource>:<n>` for 0..cap and `<resource>:icon`; `ships`,
    `ships:title`, `ship:<i>` and `ship:<i>:label` (the ship track); `home`, `home:title`,
    `home:<i>` (ships at home) and `home:text`.
    """
    w, _ = MAT
    out: Features = {"title": Rect(30, 18, w - 30, 84)}
    levels = data.levels
    col = (w - 120) / len(levels)
    for i, lv in enumerate(levels):
        x0 = 60 + i * col
        box = Rect(x0 + 6, 96, x0 + col - 6, 398)
        out[f"empire:{lv.level}"] = box
        out[f"empire:{lv.level}:title"] = Rect(box.x0, box.y0 + 4, box.x1, box.y0 + 42)
        out[f"empire:{lv.level}:text"] = Rect(box.x0, box.y0 + 46, box.x1, box.y0 + 46 + 4 * 34)
        out[f"empire:{lv.level}:space"] = _circle(box.center[0], 398 - 8 - SPACE / 2, SPACE)
    cap = data.rules.resource_cap
    step = (w - 240) / (cap + 1)
    for row, resource in enumerate(r.id for r in data.rules.resources):
        cy = 475 + row * 135
        out[f"{resource}:icon"] = _circle(100, cy, 90)
        for v in range(cap + 1):
            out[f"{resource}:{v}"] = _circle(180 + step * (v + 0.5), cy, SPACE)
    ships = data.rules.ships_per_player
    out["ships"] = Rect(60, 690, 760, 976)
    out["ships:title"] = _title(out["ships"])
    slot = (700 - 40) / ships
    for s in range(ships):
        x0 = 80 + s * slot
        out[f"ship:{s}"] = Rect(x0 + 6, 738, x0 + slot - 6, 924)
        out[f"ship:{s}:label"] = Rect(x0 + 6, 930, x0 + slot - 6, 968)
    out["home"] = Rect(820, 690, w - 60, 976)
    out["home:title"] = _title(out["home"])
    slot = (w - 60 - 820 - 40) / ships
    for s in range(ships):
        x0 = 840 + s * slot
        out[f"home:{s}"] = Rect(x0 + 6, 738, x0 + slot - 6, 884)
    out["home:text"] = Rect(840, 888, w - 80, 970)
    return out


def _title(area: Rect) -> Rect:
    """An area's title, along its top edge."""
    return Rect(area.x0, area.y0 + 4, area.x1, area.y0 + 42)


def control_features(data: TegData) -> Features:
    """The control mat: the activation bay and the converter.

    Names: `bay` (the area dice are rolled and read in), `bay:<n>` for each die 1..count
    and `bay:<n>:label` under it, `bay:title`, `used`, `used:title` and `used:<n>` (where
    activated dice go, one slot per die), `used:text` (how a turn goes) under it, `converter`
    (its whole area), `converter:title`, `converter:spend:1`, `converter:spend:2` (the two
    dice given up) and `converter:spend:text` under them, `converter:set` (the die set to any
    face) and `converter:set:text`.
    """
    w, h = CONTROL
    out: Features = {"bay:title": Rect(30, 20, 1060, 80), "bay": Rect(30, 100, 1070, 330)}
    pitch = (1040 - 20) / data.dice_count
    for i in range(data.dice_count):
        x0 = 40 + i * pitch
        out[f"bay:{i + 1}"] = Rect(x0 + 4, 120, x0 + pitch - 4, 120 + pitch - 8)
        bottom = out[f"bay:{i + 1}"].y1
        out[f"bay:{i + 1}:label"] = Rect(x0 + 4, bottom + 4, x0 + pitch - 4, bottom + 40)
    out["used"] = Rect(30, 350, 1070, 600)
    out["used:title"] = Rect(30, 354, 1070, 394)
    for i in range(data.dice_count):
        x0 = 40 + i * pitch
        out[f"used:{i + 1}"] = Rect(x0 + 4, 400, x0 + pitch - 4, 400 + pitch - 8)
    out["used:text"] = Rect(40, 610, 1060, h - 30)
    out["converter"] = Rect(1100, 20, w - 30, h - 30)
    out["converter:title"] = Rect(1110, 30, w - 40, 90)
    out["converter:spend:1"] = Rect(1130, 130, 1310, 310)
    out["converter:spend:2"] = Rect(1350, 130, 1530, 310)
    out["converter:spend:text"] = Rect(1120, 320, w - 50, 380)
    out["converter:set"] = Rect(1240, 420, 1420, 600)
    out["converter:set:text"] = Rect(1120, 610, w - 50, h - 40)
    return out


def planet_features(planet: Planet) -> Features:
    """A planet card's features.

    `surface` is where landed ships stand (the planet's picture); `orbit:<k>` is each step of
    its colony track (0 is where a ship enters orbit), then `orbit:icon` (the track's symbol,
    reached when the planet is colonized).
    """
    w, _ = CARD
    out: Features = {"surface": Rect((w - 230) / 2, 80, (w + 230) / 2, 310)}
    boxes = planet.steps + 1
    size, gap = 46, 8
    left = (w - (boxes * size + (boxes - 1) * gap)) / 2
    for k in range(boxes):
        x = left + k * (size + gap)
        name = "orbit:icon" if k == boxes - 1 else f"orbit:{k}"
        out[name] = Rect(x, 318, x + size, 318 + size)
    return out
