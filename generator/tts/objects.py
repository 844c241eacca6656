"""TTS save objects as plain dicts, with the keys and value types real saves use.

Every object carries the keys TTS writes on every object (GUID, Name, Transform, Nickname,
Description, GMNotes, ColorDiffuse, the bool toggles, LuaScript, LuaScriptState, XmlUI...);
the builders below add what each kind needs. Floats are rounded so builds are reproducible.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from typing import Any

Obj = dict[str, Any]


def r(x: float) -> float:
    """A float as saves hold it: rounded to 4 places, always a float (never -0.0)."""
    value = round(float(x), 4)
    return 0.0 if value == 0 else value


@dataclass
class Guids:
    """Six-hex-digit GUIDs derived from stable ids, unique within one save."""

    namespace: str
    used: set[str] = field(default_factory=set)

    def __call__(self, stable_id: str) -> str:
        """The GUID for a stable id (the same id gives the same GUID every build)."""
        for attempt in range(1000):
            digest = hashlib.sha256(f"{self.namespace}:{stable_id}:{attempt}".encode()).hexdigest()
            guid = digest[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid
        raise RuntimeError("no free GUID")  # 16 million values: cannot happen in practice


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
            "rotY": r(self.rot_y),
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
        # TTS turns objects clockwise seen from above for positive rotY.
        wx = lx * math.cos(angle) + lz * math.sin(angle)
        wz = -lx * math.sin(angle) + lz * math.cos(angle)
        return self.x + wx, self.z + wz


def rgb(
    color: tuple[int, int, int] | tuple[float, float, float], alpha: float | None = None
) -> dict[str, float]:
    """A ColorDiffuse block (0..1 floats) from 0..255 ints or 0..1 floats."""
    parts = [c / 255 if isinstance(c, int) and not isinstance(c, bool) else c for c in color]
    out = {"r": r(parts[0]), "g": r(parts[1]), "b": r(parts[2])}
    if alpha is not None:
        out["a"] = r(alpha)
    return out


WHITE = (1.0, 1.0, 1.0)


def base(
    name: str,
    guid: str,
    place: Place,
    nickname: str = "",
    description: str = "",
    locked: bool = False,
    color: Any = WHITE,
    **extra: Any,
) -> Obj:
    """An object with every key TTS writes on every object."""
    obj: Obj = {
        "GUID": guid,
        "Name": name,
        "Transform": place.transform(),
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": color if isinstance(color, dict) else rgb(color),
        "LayoutGroupSortIndex": 0,
        "Value": 0,
        "Locked": locked,
        "Grid": not locked,
        "Snap": True,
        "IgnoreFoW": False,
        "MeasureMovement": False,
        "DragSelectable": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": False,
        "Hands": False,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }
    obj.update(extra)
    return obj


def snap(x: float, z: float, y: float = 0.1) -> Obj:
    """An attached snap point at local (x, z)."""
    return {"Position": {"x": r(x), "y": r(y), "z": r(z)}, "Tags": []}


def tile(
    guid: str,
    place: Place,
    url: str,
    nickname: str,
    thickness: float = 0.1,
    snaps: list[Obj] | None = None,
    locked: bool = True,
) -> Obj:
    """A Custom_Tile (mats): an image on a flat box."""
    extra: Obj = {
        "CustomImage": {
            "ImageURL": url,
            "ImageSecondaryURL": url,
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {"Type": 0, "Thickness": thickness, "Stackable": False, "Stretch": True},
        },
    }
    if snaps:
        extra["AttachedSnapPoints"] = snaps
    return base("Custom_Tile", guid, place, nickname, locked=locked, **extra)


def token(guid: str, place: Place, url: str, nickname: str, tags: list[str] | None = None) -> Obj:
    """A Custom_Token: an image cut out along its transparency."""
    return base(
        "Custom_Token",
        guid,
        place,
        nickname,
        Tags=list(tags or []),
        CustomImage={
            "ImageURL": url,
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomToken": {
                "Thickness": 0.2,
                "MergeDistancePixels": 15.0,
                "StandUp": False,
                "Stackable": False,
            },
        },
    )


# Which way up each d6 value shows (TTS's standard d6, the same in every real save we have).
D6_ROTATIONS = [
    (-90.0, 0.0, 0.0),
    (0.0, 0.0, 0.0),
    (0.0, 0.0, -90.0),
    (0.0, 0.0, 90.0),
    (0.0, 0.0, -180.0),
    (90.0, 0.0, 0.0),
]


def die(guid: str, place: Place, url: str, faces: list[str], nickname: str) -> Obj:
    """A Custom_Dice (d6) whose rotation values name our faces, value i on template slot i."""
    return base(
        "Custom_Dice",
        guid,
        place,
        nickname,
        CustomImage={
            "ImageURL": url,
            "ImageSecondaryURL": "",
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomDice": {"Type": 1},
        },
        RotationValues=[
            {"Value": face, "Rotation": {"x": x, "y": y, "z": z}}
            for face, (x, y, z) in zip(faces, D6_ROTATIONS, strict=True)
        ],
    )


def zone(name: str, guid: str, place: Place, nickname: str, color: Any = None, **extra: Any) -> Obj:
    """A ScriptingTrigger or HandTrigger (zones are locked and see-through)."""
    alpha = 0.0 if name == "HandTrigger" else 0.51
    return base(name, guid, place, nickname, locked=True, color=rgb(color or WHITE, alpha), **extra)


def card(guid: str, place: Place, card_id: int, custom_deck: Obj, nickname: str) -> Obj:
    """One card; its CustomDeck key is its CardID // 100, like the deck's."""
    return base(
        "Card", guid, place, nickname, CardID=card_id, SidewaysCard=False, CustomDeck=custom_deck
    )


def deck(guid: str, place: Place, cards: list[Obj], custom_deck: Obj, nickname: str) -> Obj:
    """A DeckCustom holding `cards` (the first is the top card)."""
    return base(
        "DeckCustom",
        guid,
        place,
        nickname,
        SidewaysCard=False,
        DeckIDs=[c["CardID"] for c in cards],
        CustomDeck=custom_deck,
        ContainedObjects=cards,
    )


def custom_deck(sheet_id: int, face_url: str, back_url: str, columns: int, rows: int) -> Obj:
    """The CustomDeck block of one sheet."""
    return {
        str(sheet_id): {
            "FaceURL": face_url,
            "BackURL": back_url,
            "NumWidth": columns,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
    }
