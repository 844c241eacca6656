"""The Tiny Epic Galaxies table: where every object stands, and the save that holds them.

Positions are world units (TTS's inches), x to the right, z away from the Red/Blue side,
y up. Sizes follow one footprint model, shared with the preview: a card is 2 x 2.8 units at
scale 1, a tile 2 units deep and 2 x (width/height) wide, tokens and dice 1 x 1.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator import __version__
from generator.cards.teg import TegData
from generator.render import Assets
from generator.render import components as C
from generator.render.draw import SEAT_RGB
from generator.tts import objects as O
from generator.tts.objects import Guids, Obj, Place

CARD_SIZE = (2.0, 2.8)
CONTROL = Place(0.0, 0.0, y=1.0, scale=(3.0, 1.0, 3.0))
ROW_Z = 6.8
PLANET_DECK = Place(-12.5, 0.5, y=1.5, face_down=True)
MISSION_DECK = Place(12.5, 0.5, y=1.5, face_down=True)
MAT_SCALE = (2.6, 1.0, 2.6)
# Seats around the table: mat centre and turn (players sit on the outside of their mat).
SEATS = {
    "Red": (-9.0, -12.5, 0.0),
    "Blue": (9.0, -12.5, 0.0),
    "Green": (9.0, 13.5, 180.0),
    "Yellow": (-9.0, 13.5, 180.0),
    "Purple": (-25.0, 0.5, 90.0),
    "White": (25.0, 0.5, 270.0),
    "Orange": (-25.0, -12.5, 0.0),
    "Teal": (25.0, -12.5, 0.0),
    "Pink": (-25.0, 13.5, 180.0),
    "Brown": (25.0, 13.5, 180.0),
}


def local(px: float, py: float, size: tuple[int, int]) -> tuple[float, float]:
    """A pixel of a tile's image as the tile's local (x, z) at scale 1."""
    w, h = size
    aspect = w / h
    return (px / w * 2 - 1) * aspect, 1 - py / h * 2


def footprint(obj: Obj, sizes: dict[str, tuple[int, int]]) -> tuple[float, float]:
    """The (width, depth) an object covers on the table, in our footprint model."""
    t = obj["Transform"]
    sx, sz = t["scaleX"], t["scaleZ"]
    name = obj["Name"]
    if name in ("Card", "DeckCustom"):
        return CARD_SIZE[0] * sx, CARD_SIZE[1] * sz
    if name == "Custom_Tile":
        w, h = sizes.get(asset_name(obj["CustomImage"]["ImageURL"]), (1, 1))
        return 2 * sx * w / h, 2 * sz
    return sx, sz


def asset_name(url: str) -> str:
    """The asset file name behind a URL (ours end in /<name>-<hash>.png)."""
    file = url.rsplit("/", 1)[-1]
    stem, _, rest = file.rpartition("-")
    return f"{stem}.png" if rest.endswith(".png") and stem else file


@dataclass(frozen=True)
class Built:
    """The save and the image files it points to."""

    save: dict[str, Any]
    assets: dict[str, bytes]  # file name in build/assets -> PNG bytes
    thumbnail: bytes


def asset_files(assets: Assets) -> dict[str, str]:
    """Asset name -> file name with a content hash (TTS caches images by URL)."""
    out = {}
    for name, data in sorted(assets.files.items()):
        stem = name.removesuffix(".png")
        out[name] = f"{stem}-{hashlib.sha256(data).hexdigest()[:10]}.png"
    return out


def notebook(data: TegData, source: str) -> str:
    """The Rules tab of the notebook, written from the card data (templates/notebook.txt.j2)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(
        loader=FileSystemLoader(Path(__file__).parent / "templates"),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )

    def amounts(a: Any) -> str:
        return " and ".join(f"{n} {r}" for r, n in sorted(a.items()))

    return env.get_template("notebook.txt.j2").render(
        name=data.rules.name,
        rules=data.rules,
        levels=data.levels,
        faces=data.faces,
        rows=sorted(data.rules.row_sizes.items()),
        reroll_cost=amounts(data.rules.reroll_cost),
        follow_cost=amounts(data.rules.follow_cost),
        version=__version__,
        source=source,
    )


def table_objects(
    data: TegData, assets: Assets, url: dict[str, str], scripts: dict[str, str]
) -> list[Obj]:
    """Every object on the Tiny Epic Galaxies table."""
    guid = Guids("teg")
    objects: list[Obj] = []
    sizes = assets.sizes

    # The control mat with snap points and scripting zones over the bay and the converter.
    control_size = sizes["control_mat.png"]
    bay = [(40 + i * 145 + 65, 185) for i in range(data.dice_count)]
    converter = [(1220, 220), (1440, 220), (1330, 510)]
    snaps = [O.snap(*local(px, py, control_size)) for px, py in bay + converter]
    objects.append(
        O.tile(guid("control-mat"), CONTROL, url["control_mat.png"], "Control mat", snaps=snaps)
    )
    for name, (x0, y0, x1, y1) in (
        ("Activation bay", (40, 120, 1055, 300)),
        ("Converter", (1100, 20, 1570, 670)),
    ):
        lx, lz = local((x0 + x1) / 2, (y0 + y1) / 2, control_size)
        wx, wz = CONTROL.to_world(lx, lz)
        width = (
            (x1 - x0) / control_size[0] * 2 * control_size[0] / control_size[1] * CONTROL.scale[0]
        )
        depth = (y1 - y0) / control_size[1] * 2 * CONTROL.scale[2]
        objects.append(
            O.zone(
                "ScriptingTrigger",
                guid(f"zone:{name}"),
                Place(wx, wz, y=2.5, scale=(width, 4.0, depth)),
                name,
            )
        )
    faces = [f.id for f in data.faces]
    for i, (px, py) in enumerate(bay):
        wx, wz = CONTROL.to_world(*local(px, py, control_size))
        objects.append(
            O.die(
                guid(f"die:{i}"),
                Place(wx, wz, y=1.8, scale=(1.0, 1.0, 1.0)),
                url["dice.png"],
                faces,
                f"Action die {i + 1}",
            )
        )

    # Decks: planets (the face-up row dealt for the largest player count) and missions.
    for kind, sheet_id, place in (("planets", 1, PLANET_DECK), ("missions", 2, MISSION_DECK)):
        sheet = assets.sheets[kind]
        cdeck = O.custom_deck(sheet_id, url[sheet.name], url[sheet.back], sheet.columns, sheet.rows)
        names = {p.id: p.name for p in data.planets} | {m.id: m.name for m in data.missions}
        cards = [
            O.card(
                guid(f"card:{cid}"),
                Place(place.x, place.z, face_down=True),
                sheet_id * 100 + index,
                cdeck,
                names[cid],
            )
            for index, cid in enumerate(sheet.cards)
        ]
        if kind == "planets":
            row = max(data.rules.row_sizes.values())
            for k, face_up in enumerate(cards[:row]):
                x = (k - (row - 1) / 2) * 3.0
                face_up["Transform"] = Place(x, ROW_Z, y=1.2).transform()
                objects.append(face_up)
            cards = cards[row:]
        objects.append(
            O.deck(
                guid(f"deck:{kind}"),
                place,
                cards,
                cdeck,
                "Planet deck" if kind == "planets" else "Secret missions",
            )
        )

    # Each seat: galaxy mat with snap points, ships, tokens, a hand for secret missions.
    mat_size = sizes[f"mat_{data.rules.seat_colors[0]}.png"]
    cap = data.rules.resource_cap
    step = (C.MAT[0] - 260) // (cap + 1)
    track = {
        r: [(180 + v * step + 40, 460 + i * 130) for v in range(cap + 1)]
        for i, r in enumerate(("energy", "culture"))
    }
    col = (C.MAT[0] - 120) // len(data.levels)
    empire = [(60 + i * col + col // 2, 300) for i in range(len(data.levels))]
    ship_track = [(90 + s * 165 + 70, 830) for s in range(data.rules.ships_per_player)]
    home = [(900 + s * 150, 800) for s in range(data.rules.ships_per_player)]
    for color in data.rules.seat_colors:
        x, z, turn = SEATS[color]
        mat = Place(x, z, y=1.0, rot_y=turn, scale=MAT_SCALE)
        points = [*track["energy"], *track["culture"], *empire, *ship_track, *home]
        objects.append(
            O.tile(
                guid(f"mat:{color}"),
                mat,
                url[f"mat_{color}.png"],
                f"{color} galaxy mat",
                snaps=[O.snap(*local(px, py, mat_size)) for px, py in points],
            )
        )

        def at(px: float, py: float, mat: Place = mat) -> tuple[float, float]:
            return mat.to_world(*local(px, py, mat_size))

        unlocked = data.levels[0].ships
        for s in range(data.rules.ships_per_player):
            wx, wz = at(*(home[s] if s < unlocked else ship_track[s]))
            objects.append(
                O.token(
                    guid(f"ship:{color}:{s}"),
                    Place(wx, wz, y=1.4, rot_y=turn, scale=(0.45, 1.0, 0.45)),
                    url[f"ship_{color}.png"],
                    f"{color} ship {s}",
                    [color, "ship"],
                )
            )
        starts = {res.id: res.start for res in data.rules.resources}
        for kind, (px, py) in (
            ("energy", track["energy"][starts["energy"]]),
            ("culture", track["culture"][starts["culture"]]),
            ("empire", empire[0]),
        ):
            wx, wz = at(px, py)
            objects.append(
                O.token(
                    guid(f"token:{color}:{kind}"),
                    Place(wx, wz, y=1.4, scale=(0.35, 1.0, 0.35)),
                    url[f"token_{kind}.png"],
                    f"{color} {kind}",
                    [color, kind],
                )
            )
        hx, hz = mat.to_world(0.0, -1.9)
        objects.append(
            O.zone(
                "HandTrigger",
                guid(f"hand:{color}"),
                Place(hx, hz, y=3.0, rot_y=turn, scale=(9.0, 5.0, 3.0)),
                f"{color} hand",
                SEAT_RGB[color],
                FogColor=color,
            )
        )
    for obj in objects:
        if obj["Nickname"] in scripts:
            obj["LuaScript"] = scripts[obj["Nickname"]]
    return objects


def row_snap_points(data: TegData) -> list[Obj]:
    """Save-level snap points for the face-up planet row."""
    row = max(data.rules.row_sizes.values())
    return [
        {
            "Position": {"x": O.r((k - (row - 1) / 2) * 3.0), "y": 1.0, "z": ROW_Z},
            "Rotation": {"x": 0.0, "y": 0.0, "z": 0.0},
        }
        for k in range(row)
    ]


def build_save(
    data: TegData, assets: Assets, base_url: str, global_script: str, source: str
) -> Built:
    """The TTS save: top-level settings, the notebook, the Global script and every object."""
    files = asset_files(assets)
    url = {name: base_url + file for name, file in files.items()}
    save = {
        "SaveName": data.rules.name,
        "GameMode": data.rules.name,
        "Date": "1/1/2026 12:00:00 PM",  # TTS writes a date; ours is fixed so builds repeat
        "GameType": "Game",
        "GameComplexity": "",
        "PlayerCounts": [data.rules.min_players, data.rules.max_players],
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "Table_RPG",
        "Sky": "Sky_Museum",
        "Note": f"Built by ttsmod {__version__} from sources {source}",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": global_script,
        "LuaScriptState": "",
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
        "Turns": {
            "Enable": False,
            "Type": 1,
            "TurnOrder": list(data.rules.seat_colors),
            "Reverse": False,
            "SkipEmpty": True,
            "DisableInteractions": False,
            "PassTurns": True,
            "TurnColor": "",
        },
        "TabStates": {
            "0": {
                "title": "Rules",
                "body": notebook(data, source),
                "color": "Grey",
                "visibleColor": {"r": 0.5, "g": 0.5, "b": 0.5},
                "id": 0,
            }
        },
        "SnapPoints": row_snap_points(data),
        "ObjectStates": table_objects(data, assets, url, {}),
    }
    return Built(
        save, {files[name]: data_ for name, data_ in assets.files.items()}, assets.thumbnail
    )
