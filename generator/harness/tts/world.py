"""The things on an emulated table, as plain Python data: objects, dice, containers, zones.

A `Thing` is one object of a save (its JSON from ObjectStates, kept for writing back) plus
what the emulator tracks while the game runs: transform, flags, buttons, a die's face and
tilt, a container's contents, a smooth move under way. The Lua side sees Things only through
opaque handles (objects.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from generator.plaindata import plain_copy
from generator.tts.geometry import CARD_SIZE, Place, footprint, overlap

Vec = list[float]

# Frames an object takes to come to rest after a script puts it somewhere (it drops the last
# bit and settles), to spawn out of a container (api object.md takeObject: "one or more
# frames"), and to turn to a rotation value (setRotationValue lifts it, turns it and lets it
# fall back: api object.md).
SETTLE_FRAMES = 10
SPAWN_FRAMES = 2
TURN_FRAMES = 30
# Two cards touch when their footprints overlap and they lie this close in height.
TOUCH_HEIGHT = 0.6

# Object types TTS reports as `tag` / `type` for the Names our saves use (others: "Generic").
TAGS = {
    "Custom_Dice": "Dice",
    "Die_6": "Dice",
    "Card": "Card",
    "CardCustom": "Card",
    "Deck": "Deck",
    "DeckCustom": "Deck",
    "Bag": "Bag",
    "Custom_Model_Bag": "Bag",
    "Custom_Tile": "Tile",
    "Custom_Token": "Generic",
    "ScriptingTrigger": "Scripting",
    "HandTrigger": "Hand",
    "3DText": "3D Text",
}
ZONES = ("Scripting", "Hand")


def transform(data: dict[str, Any]) -> tuple[Vec, Vec, Vec]:
    """Position, rotation and scale from a save's Transform (defaults for missing keys)."""
    t = data.get("Transform") or {}
    pos = [float(t.get(k, 0.0)) for k in ("posX", "posY", "posZ")]
    rot = [float(t.get(k, 0.0)) for k in ("rotX", "rotY", "rotZ")]
    scale = [float(t.get(k, 1.0)) for k in ("scaleX", "scaleY", "scaleZ")]
    return pos, rot, scale


# A card's half-diagonal at scale 1 (world units): the circle its footprint turns within.
_RADIUS = math.hypot(*CARD_SIZE) / 2


@dataclass
class Thing:
    """One object on the table."""

    guid: str
    data: dict[str, Any]  # the save's JSON for this object, updated when written back
    pos: Vec
    rot: Vec
    scale: Vec
    name: str = ""
    description: str = ""
    gm_notes: str = ""
    tags: list[str] = field(default_factory=list)
    locked: bool = False
    interactable: bool = True  # not saved by TTS: every load starts interactable
    script: str = ""
    script_state: str = ""
    xml: str = ""
    buttons: list[dict[str, Any]] = field(default_factory=list)
    contents: list[dict[str, Any]] | None = None
    faces: list[tuple[Any, Vec]] = field(default_factory=list)  # a die's RotationValues
    face: int = 0
    tilt: float = 0.0  # degrees off flat; a cocked die has some
    resting: bool = True
    tumbling: int = 0  # frames until a rolled die comes to rest
    smooth: tuple[Vec, int] | None = None  # a setPositionSmooth target and frames left
    settle: int = 0  # frames until an object a script placed comes to rest
    spawning: int = 0  # frames until an object taken out of a container has spawned
    turning: tuple[int, int] | None = None  # setRotationValue: (face index, frames left)
    held_by: str | None = None
    thrown: int = -1  # the frame a die was last thrown (a roll that tossed it)
    destroyed: bool = False
    hand_color: str | None = None  # a HandTrigger's colour

    @property
    def type_name(self) -> str:
        """The save's Name ("Custom_Dice", "DeckCustom", ...)."""
        return str(self.data.get("Name", ""))

    @property
    def tag(self) -> str:
        """What TTS calls the object's type ("Dice", "Deck", "Scripting", ...)."""
        return TAGS.get(self.type_name, "Generic")

    @property
    def is_card(self) -> bool:
        """A single card (it can merge with another card into a deck)."""
        return self.tag == "Card"

    @property
    def is_deck(self) -> bool:
        """A deck: a container of cards."""
        return self.tag == "Deck"

    def at_rest(self) -> bool:
        """Still on the table: not moving, turning, tumbling, spawning, settling or held."""
        return (
            self.resting
            and self.smooth is None
            and self.turning is None
            and not self.tumbling
            and not self.settle
            and not self.spawning
            and self.held_by is None
        )

    def placed(self) -> None:
        """A script put the object somewhere: it settles for a few frames."""
        self.settle = SETTLE_FRAMES

    def corners(self) -> list[tuple[float, float]]:
        """A card's or deck's footprint on the table: its four corners (x, z)."""
        place = Place(self.pos[0], self.pos[2], rot_y=self.rot[1], scale=tuple(self.scale))
        return footprint(place)

    def touches(self, other: Thing) -> bool:
        """Two cards (or a card and a deck) whose footprints overlap, lying on each other."""
        if abs(self.pos[1] - other.pos[1]) > TOUCH_HEIGHT:
            return False
        # Footprints lie within their circumscribed circles: centres farther apart than the
        # two radii cannot overlap (most pairs end here, without the exact test).
        reach = _RADIUS * (max(self.scale[0], self.scale[2]) + max(other.scale[0], other.scale[2]))
        if math.hypot(self.pos[0] - other.pos[0], self.pos[2] - other.pos[2]) > reach:
            return False
        return overlap(self.corners(), other.corners())

    @property
    def is_zone(self) -> bool:
        """Scripting and hand zones (they hold nothing; objects are inside their bounds)."""
        return self.tag in ZONES

    def contains_point(self, point: Vec) -> bool:
        """Whether a point lies in this zone's box (its scale is its size; rotation by y)."""
        sx, sy, sz = self.scale
        dy = point[1] - self.pos[1]
        if abs(dy) > sy / 2:
            return False
        dx, dz = point[0] - self.pos[0], point[2] - self.pos[2]
        angle = math.radians(self.rot[1])
        cos, sin = math.cos(angle), math.sin(angle)
        return abs(dx * cos - dz * sin) <= sx / 2 and abs(dx * sin + dz * cos) <= sz / 2

    def face_value(self) -> Any:
        """The value of the face closest to pointing up (a cocked die still answers one)."""
        return self.faces[self.face][0] if self.faces else None

    def rotation(self) -> Vec:
        """The rotation TTS reports: a cocked die's is tipped by its tilt."""
        return [self.rot[0] + self.tilt, self.rot[1], self.rot[2]]

    def set_face(self, index: int, tilt: float = 0.0, spin: float = 0.0) -> None:
        """Turn a die to show a face (tilted by `tilt` degrees when it lands cocked).

        On a face at x = ±90 the Euler angles are degenerate (gimbal lock: y and z turn
        about the same axis), so a die that lands there with a `spin` about the vertical
        reports it in z: Euler x/z alone cannot tell whether it lies flat.
        """
        self.face = index
        self.tilt = tilt
        x, _, z = self.faces[index][1]
        if abs(abs(x) - 90) < 1e-6:
            z = (z + spin) % 360
        self.rot = [x, self.rot[1], z]


def thing_from(data: dict[str, Any]) -> Thing:
    """A Thing from one ObjectStates entry (the entry is copied, never changed)."""
    data = plain_copy(data)
    pos, rot, scale = transform(data)
    faces = [
        (rv.get("Value"), [float(rv["Rotation"].get(k, 0.0)) for k in ("x", "y", "z")])
        for rv in data.get("RotationValues") or []
    ]
    thing = Thing(
        guid=str(data.get("GUID", "")),
        data=data,
        pos=pos,
        rot=rot,
        scale=scale,
        name=str(data.get("Nickname", "")),
        description=str(data.get("Description", "")),
        gm_notes=str(data.get("GMNotes", "")),
        tags=list(data.get("Tags") or []),
        locked=bool(data.get("Locked", False)),
        script=str(data.get("LuaScript", "") or ""),
        script_state=str(data.get("LuaScriptState", "") or ""),
        xml=str(data.get("XmlUI", "") or ""),
        faces=faces,
        hand_color=data.get("FogColor") if data.get("Name") == "HandTrigger" else None,
    )
    if "ContainedObjects" in data:
        thing.contents = list(data["ContainedObjects"])
    if faces:
        thing.face = nearest_face(faces, rot)
    return thing


def nearest_face(faces: list[tuple[Any, Vec]], rot: Vec) -> int:
    """The face whose rotation is closest to `rot` (x and z; y spins the die in place)."""

    def gap(a: float, b: float) -> float:
        d = abs(a - b) % 360
        return min(d, 360 - d)

    return min(
        range(len(faces)), key=lambda i: gap(faces[i][1][0], rot[0]) + gap(faces[i][1][2], rot[2])
    )


def write_back(thing: Thing, share: bool = False) -> dict[str, Any]:
    """The thing's save entry as it stands now (transform, flags, texts, contents, state).

    With `share` the entry shares the thing's saved data and a deck's entries, which the
    table never changes in place (a change replaces them), instead of copying them.
    """
    data = dict(thing.data) if share else plain_copy(thing.data)
    rot = thing.rotation()
    data["Transform"] = {
        **(data.get("Transform") or {}),
        "posX": round(thing.pos[0], 4),
        "posY": round(thing.pos[1], 4),
        "posZ": round(thing.pos[2], 4),
        "rotX": round(rot[0], 4),
        "rotY": round(rot[1], 4),
        "rotZ": round(rot[2], 4),
        "scaleX": thing.scale[0],
        "scaleY": thing.scale[1],
        "scaleZ": thing.scale[2],
    }
    data["Nickname"] = thing.name
    data["Description"] = thing.description
    data["GMNotes"] = thing.gm_notes
    data["Locked"] = thing.locked
    data["LuaScript"] = thing.script
    data["LuaScriptState"] = thing.script_state
    data["XmlUI"] = thing.xml
    if thing.tags or "Tags" in data:
        data["Tags"] = list(thing.tags)
    if thing.contents is not None:
        data["ContainedObjects"] = list(thing.contents) if share else plain_copy(thing.contents)
        if "DeckIDs" in data:
            data["DeckIDs"] = [c.get("CardID") for c in thing.contents]
    return data
