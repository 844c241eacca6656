"""The save writer every game's table uses: TTS's top level around a game's own objects.

A game's layout gives its objects, its Global XmlUI, its notebook page and its snap points
(`Table`); the rest of a save (the version, the room, the settings, the turn order, the tag
dictionary, the asset files named by content) is the same for every game and written here.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any

from generator import __version__
from generator.i18n import tr
from generator.render import Assets
from generator.render.draw import SEAT_RGB
from generator.tts import objects as O
from generator.tts.geometry import Place
from generator.tts.objects import Obj

# The TTS version whose save format ours follows (the keys real v13.1 saves carry).
TTS_VERSION = "v13.1.1"
DATE = "1/1/2026 12:00:00 PM"  # TTS writes a date; ours is fixed so builds repeat


class LayoutError(ValueError):
    """The table has no room for what the card data asks (too many seats)."""


@dataclass(frozen=True)
class Built:
    """The save and the image files it points to."""

    save: dict[str, Any]
    assets: dict[str, bytes]  # file name in build/<game>/assets -> PNG bytes
    thumbnail: bytes


@dataclass(frozen=True)
class Table:
    """What a game's layout puts in its save."""

    name: str  # the save's and the game mode's name
    players: tuple[int, int]  # fewest and most
    seat_colors: list[str]  # TTS's turn order
    xml_ui: str  # the Global XmlUI
    notebook: str  # the notebook's Rules page
    objects: list[Obj]
    snap_points: list[Obj]  # save-level snap points (O.table_snap)


def asset_files(assets: Assets) -> dict[str, str]:
    """Asset name -> file name with a content hash (TTS caches images by URL)."""
    return {
        name: f"{name.removesuffix('.png')}-{hashlib.sha256(data).hexdigest()[:10]}.png"
        for name, data in sorted(assets.files.items())
    }


def asset_urls(assets: Assets, base_url: str) -> dict[str, str]:
    """Asset name -> the URL the save gives it (`base_url` and its file name)."""
    return {name: base_url + file for name, file in asset_files(assets).items()}


def component_tags(objects: list[Obj]) -> Obj:
    """The save's tag dictionary: every tag its objects use, as TTS lists them."""
    tags = sorted({tag for obj in objects for tag in obj.get("Tags", [])}, key=str.lower)
    return {"labels": [{"displayed": t, "normalized": t.lower()} for t in tags]}


def hands_round(colors: list[str], guids: O.Guids, radius: float = 22.0) -> list[Obj]:
    """A hand zone for each seat colour, evenly round the table (a table with no mats).

    The first colour sits to the south, facing north, the others clockwise seen from above
    (TTS's turn order); each zone faces the table's middle.
    """
    hands = []
    for i, color in enumerate(colors):
        turn = 360.0 * i / len(colors)
        x = -radius * math.sin(math.radians(turn))
        z = -radius * math.cos(math.radians(turn))
        place = Place(round(x, 3), round(z, 3), y=3.0, rot_y=turn, scale=(14.0, 5.0, 3.4))
        hands.append(O.zone("HandTrigger", guids(f"hand:{color}"), place, f"{color} hand",
                            SEAT_RGB[color], FogColor=color))  # fmt: skip
    return hands


def write_save(table: Table, assets: Assets, global_script: str, source: str) -> Built:
    """The TTS save of a game's table, with its Global script, and the files it points to."""
    files = asset_files(assets)
    save = {
        "SaveName": table.name,
        "GameMode": table.name,
        "Date": DATE,
        "VersionNumber": TTS_VERSION,
        "GameType": "Game",
        "GameComplexity": "",
        "PlayerCounts": list(table.players),
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "Table_RPG",
        "Sky": "Sky_Museum",
        "Note": tr(
            "Built by ttsmod {version} from sources {source}.", version=__version__, source=source
        ),
        "Rules": "",
        "XmlUI": table.xml_ui,
        "LuaScript": global_script,
        "LuaScriptState": "",
        **O.table_settings(),
        "Turns": {
            "Enable": False,
            "Type": 1,
            "TurnOrder": list(table.seat_colors),
            "Reverse": False,
            "SkipEmpty": True,
            "DisableInteractions": False,
            "PassTurns": True,
            "TurnColor": "",
        },
        "TabStates": {
            "0": {
                "title": tr("Rules"),
                "body": table.notebook,
                "color": "Grey",
                "visibleColor": {"r": 0.5, "g": 0.5, "b": 0.5},
                "id": 0,
            }
        },
        "ComponentTags": component_tags(table.objects),
        "DecalPallet": [],
        "SnapPoints": table.snap_points,
        "ObjectStates": table.objects,
    }
    return Built(save, {files[n]: d for n, d in assets.files.items()}, assets.thumbnail)
