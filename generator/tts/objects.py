"""TTS save objects as plain dicts, with the keys and value types real saves use.

Every object carries the keys TTS writes on every object (GUID, Name, Transform, Nickname,
Description, GMNotes, ColorDiffuse, the bool toggles, LuaScript, LuaScriptState, XmlUI...);
the builders below add what each kind needs. Floats are rounded so builds are reproducible.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from generator.tts.geometry import Place, r

Obj = dict[str, Any]


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
    """An attached snap point at local (x, z) (unscaled: it moves and scales with its object)."""
    return {
        "Position": {"x": r(x), "y": r(y), "z": r(z)},
        "Rotation": {"x": 0.0, "y": 0.0, "z": 0.0},  # a piece dropped here turns with the mat
        "Tags": [],
    }


def table_snap(x: float, z: float, rot_y: float, y: float = 1.0) -> Obj:
    """A save-level snap point at world (x, z) that turns what snaps to it to rot_y."""
    return {
        "Position": {"x": r(x), "y": r(y), "z": r(z)},
        "Rotation": {"x": 0.0, "y": r(rot_y % 360), "z": 0.0},
    }


def tile(
    guid: str,
    place: Place,
    url: str,
    nickname: str,
    thickness: float = 0.1,
    snaps: list[Obj] | None = None,
    locked: bool = True,
    back: str | None = None,
    shape: int = 0,
    tags: list[str] | None = None,
) -> Obj:
    """A Custom_Tile (mats, a two-sided marker): an image on a flat box.

    `back`: the image underneath (default: the same). `shape`: TTS's tile types, 0 box, 1
    hex, 2 circle, 3 rounded (the Custom Tile import dialog's order, as saves store it).
    """
    extra: Obj = {
        "CustomImage": {
            "ImageURL": url,
            "ImageSecondaryURL": back or url,
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {
                "Type": shape,
                "Thickness": thickness,
                "Stackable": False,
                "Stretch": True,
            },
        },
    }
    if snaps:
        extra["AttachedSnapPoints"] = snaps
    if tags:
        extra["Tags"] = list(tags)
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
    """One card; its CustomDeck key is its CardID // 100, like the deck's.

    Cards may go into hands (secret missions do) and hide their face when face down, as in
    every real save.
    """
    return base(
        "Card",
        guid,
        place,
        nickname,
        HideWhenFaceDown=True,
        Hands=True,
        CardID=card_id,
        SidewaysCard=False,
        CustomDeck={str(card_id // 100): custom_deck[str(card_id // 100)]},
    )


def deck(guid: str, place: Place, cards: list[Obj], custom_deck: Obj, nickname: str) -> Obj:
    """A DeckCustom holding `cards` (the first is the top card), locked.

    The table deals from it; players do not carry it off.

    `custom_deck` holds every sheet its cards come from (one key per sheet).
    """
    return base(
        "DeckCustom",
        guid,
        place,
        nickname,
        locked=True,
        HideWhenFaceDown=True,
        SidewaysCard=False,
        DeckIDs=[c["CardID"] for c in cards],
        CustomDeck=custom_deck,
        ContainedObjects=cards,
    )


def text(guid: str, place: Place, content: str, size: int = 48) -> Obj:
    """A 3DText lying flat on the table (rotX 90); at rotY 0 it reads upright from the south."""
    obj = base(
        "3DText",
        guid,
        place,
        locked=True,
        Text={
            "Text": content,
            "colorstate": {"r": 1.0, "g": 1.0, "b": 1.0},
            "fontSize": size,
        },
    )
    obj["Transform"]["rotX"] = 90.0
    return obj


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


def table_settings() -> Obj:
    """The save's fixed table settings (grid, lighting, hands), as real v13.1 saves write them.

    Every game's table uses the same: no grid lines or snapping, TTS's default light, hands on.
    """
    return {
        "Grid": {
            "Type": 0,
            "Lines": False,
            "Color": {"r": 0.0, "g": 0.0, "b": 0.0},
            "Opacity": 0.75,
            "ThickLines": False,
            "Snapping": False,
            "Offset": False,
            "BothSnapping": False,
            "xSize": 2.0,
            "ySize": 2.0,
            "PosOffset": {"x": 0.0, "y": 1.0, "z": 0.0},
        },
        "Lighting": {
            "LightIntensity": 0.54,
            "LightColor": {"r": 1.0, "g": 0.98, "b": 0.89},
            "AmbientIntensity": 1.3,
            "AmbientType": 0,
            "AmbientSkyColor": {"r": 0.5, "g": 0.5, "b": 0.5},
            "AmbientEquatorColor": {"r": 0.5, "g": 0.5, "b": 0.5},
            "AmbientGroundColor": {"r": 0.5, "g": 0.5, "b": 0.5},
            "ReflectionIntensity": 1.0,
            "LutIndex": 0,
            "LutContribution": 1.0,
        },
        "Hands": {"Enable": True, "DisableUnused": False, "Hiding": 0},
    }
