"""The Tiny Epic Galaxies table: where every object stands, and the save that holds them.

Positions are world units (TTS's inches), x to the right, z away from the south seats, y up.
Everything placed on a mat (snap points, zones, dice, tokens, ships) is placed through the
features the renderer drew (generator.render.features) and the one transform of
generator.tts.geometry, and every face-up object turns to the seat it faces (rotY = the
seat's hand rotY + 180), as in real saves.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from generator.engines.count import count, word
from generator.games.teg.cards import TegData
from generator.games.teg.tts.xmlui import global_ui
from generator.i18n import tr
from generator.render import Assets
from generator.render.draw import SEAT_RGB, wrap_columns
from generator.render.features import Features
from generator.tts import geometry as G
from generator.tts import objects as O
from generator.tts import pages
from generator.tts.geometry import UPRIGHT, Place
from generator.tts.objects import Guids, Obj
from generator.tts.save import Built, LayoutError, Table, asset_urls, write_save

# The middle of the table faces the south seats (hand rotY 0): the control mat, the row,
# the decks and the note read upright from there.
SOUTH = 0.0
CONTROL = Place(0.0, 0.0, y=1.0, rot_y=SOUTH + UPRIGHT, scale=(3.0, 1.0, 3.0))
ROW_Z = 6.4
ROW_PITCH = 3.0
PLANET_DECK = Place(-12.5, 0.0, y=1.5, rot_y=SOUTH + UPRIGHT, face_down=True)
MISSION_DECK = Place(12.5, 0.0, y=1.5, rot_y=SOUTH + UPRIGHT, face_down=True)
NOTE = Place(0.0, -6.2, y=1.05, rot_y=SOUTH)  # 3DText reads upright at the seat's own rotY
NOTE_WIDTH = 52  # characters per line of the note
MAT_SCALE = 2.6
# Seats clockwise seen from above (TTS's turn order), as (x, z, hand rotY) of each mat's
# centre; game.yaml's seat_colors take them in order. Every mat stays inside Table_RPG's
# top (about x -27..27, z -17..17).
_SE, _SW, _W = (9.0, -12.5, 0.0), (-9.0, -12.5, 0.0), (-23.5, 0.0, 90.0)
_NW, _NE, _E = (-9.0, 12.5, 180.0), (9.0, 12.5, 180.0), (23.5, 0.0, 270.0)
# Five sit three to the south and two to the north, so that nobody sits alone on a side.
_S3 = [(16.0, -12.5, 0.0), (0.0, -12.5, 0.0), (-16.0, -12.5, 0.0)]
SEAT_LAYOUTS = {
    1: [_SE],
    2: [_SE, _SW],
    3: [_SE, _SW, _NW],
    4: [_SE, _SW, _NW, _NE],
    5: [*_S3, _NW, _NE],
    6: [_SE, _SW, _W, _NW, _NE, _E],
}
# Pieces fill this share of the feature they stand on.
FILL = 0.9
# Where a seat's hand zone is: below its mat's picture (image y as a share of its height).
HAND_BELOW = 1.45


@dataclass(frozen=True)
class Seat:
    """One seat: its color, the hand's turn, and where its mat lies."""

    color: str
    hand_rot: float
    mat: Place


def seats(data: TegData) -> list[Seat]:
    """Every seat of game.yaml's seat_colors, clockwise, with its mat's place."""
    colors = data.rules.seat_colors
    if len(colors) not in SEAT_LAYOUTS:
        raise LayoutError(f"the table has room for {max(SEAT_LAYOUTS)} seats, not {len(colors)}")
    return [
        Seat(color, rot, Place(x, z, y=1.0, rot_y=rot + UPRIGHT, scale=(MAT_SCALE, 1.0, MAT_SCALE)))
        for color, (x, z, rot) in zip(colors, SEAT_LAYOUTS[len(colors)], strict=True)
    ]


def row_places(data: TegData) -> list[Place]:
    """The face-up row's places (as many as the largest row), cards upright from the south."""
    row = max(data.rules.row_sizes.values())
    return [
        Place((k - (row - 1) / 2) * ROW_PITCH, ROW_Z, y=1.0, rot_y=SOUTH + UPRIGHT)
        for k in range(row)
    ]


def notebook(data: TegData, source: str) -> str:
    """The Rules tab of the notebook: cards/teg/pages/rules.j2 with the card data's values."""
    return pages.notebook("teg", source, rules=data.rules, levels=data.levels, faces=data.faces,
                          count=functools.partial(count, data.rules.units))  # fmt: skip


def table_objects(
    data: TegData, assets: Assets, url: dict[str, str], scripts: dict[str, str]
) -> list[Obj]:
    """Every object on the Tiny Epic Galaxies table (the row is left for the table to deal)."""
    guid = Guids("teg")
    objects: list[Obj] = []
    sizes = assets.sizes

    # The control mat with snap points and scripting zones over the bay and the converter.
    control = G.tile(sizes["control_mat.png"])
    cf = assets.features["control_mat.png"]
    slots = [f"bay:{i + 1}" for i in range(data.dice_count)]
    slots += ["converter:spend:1", "converter:spend:2", "converter:set"]
    objects.append(
        O.tile(
            guid("control-mat"),
            CONTROL,
            url["control_mat.png"],
            tr("Control mat"),
            snaps=[O.snap(*control.local(*cf[name].center)) for name in slots],
        )
    )
    for name, said, feature in (
        ("Activation bay", tr("Activation bay"), "bay"),
        ("Converter", tr("Converter"), "converter"),
    ):
        objects.append(
            O.zone(
                "ScriptingTrigger", guid(f"zone:{name}"), _over(CONTROL, control, cf, feature), said
            )
        )
    die = G.die((1, 1))
    faces = [f.id for f in data.faces]
    for i in range(data.dice_count):
        rect = cf[f"bay:{i + 1}"]
        wx, wz = G.on(CONTROL, control, *rect.center)
        size = G.fit(die.size, control, CONTROL.scale[0], rect, FILL)
        objects.append(
            O.die(
                guid(f"die:{i}"),
                Place(wx, wz, y=1.8, rot_y=CONTROL.rot_y, scale=(size, size, size)),
                url["dice.png"],
                faces,
                tr("Action die {n}", n=i + 1),
            )
        )

    # The decks hold every card: the table deals the row and the missions when a game starts.
    first_key = 1
    names = {p.id: p.name for p in data.planets} | {m.id: m.name for m in data.missions}
    for kind, place in (("planets", PLANET_DECK), ("missions", MISSION_DECK)):
        cdeck: Obj = {}
        cards = []
        for key, sheet in enumerate(assets.sheets[kind], start=first_key):
            cdeck |= O.custom_deck(key, url[sheet.name], url[sheet.back], sheet.columns, sheet.rows)
            cards += [
                O.card(guid(f"card:{cid}"), place, key * 100 + index, cdeck, names[cid])
                for index, cid in enumerate(sheet.cards)
            ]
        first_key += len(assets.sheets[kind])
        nickname = tr("Planet deck") if kind == "planets" else tr("Secret missions")
        objects.append(O.deck(guid(f"deck:{kind}"), place, cards, cdeck, nickname))
    objects.append(O.text(guid("note:start"), NOTE, start_note(data), size=40))

    # Each seat: galaxy mat with snap points, ships, tokens, a hand for secret missions.
    mf = assets.features["mat"]
    mat_surface = G.tile(sizes[f"mat_{data.rules.seat_colors[0]}.png"])
    tracks = [
        f"{r.id}:{v}" for r in data.rules.resources for v in range(data.rules.resource_cap + 1)
    ]
    spaces = [f"empire:{lv.level}:space" for lv in data.levels]
    ship_slots = [f"ship:{s}" for s in range(data.rules.ships_per_player)]
    home_slots = [f"home:{s}" for s in range(data.rules.ships_per_player)]
    ship_surface = G.token(sizes[f"ship_{data.rules.seat_colors[0]}.png"])
    # A ship keeps one size wherever it stands: the size that fits its smallest slot.
    ship_size = min(
        G.fit(ship_surface.size, mat_surface, MAT_SCALE, mf[name], FILL)
        for name in ship_slots + home_slots
    )
    starts = {res.id: res.start for res in data.rules.resources}
    for seat in seats(data):
        color, mat = seat.color, seat.mat
        points = tracks + spaces + ship_slots + home_slots
        objects.append(
            O.tile(
                guid(f"mat:{color}"),
                mat,
                url[f"mat_{color}.png"],
                tr("{player} galaxy mat", player=color),
                snaps=[O.snap(*mat_surface.local(*mf[name].center)) for name in points],
            )
        )
        unlocked = data.levels[0].ships
        for s in range(data.rules.ships_per_player):
            slot = home_slots[s] if s < unlocked else ship_slots[s]
            wx, wz = G.on(mat, mat_surface, *mf[slot].center)
            objects.append(
                O.token(
                    guid(f"ship:{color}:{s}"),
                    Place(wx, wz, y=1.3, rot_y=mat.rot_y, scale=(ship_size, 1.0, ship_size)),
                    url[f"ship_{color}.png"],
                    tr("{player} ship {n}", player=color, n=s + 1),
                    [color, "ship"],
                )
            )
        for kind, space in (
            *((r, f"{r}:{starts[r]}") for r in starts),
            ("empire", spaces[0]),
        ):
            surface = G.token(sizes[f"token_{kind}.png"])
            size = G.fit(surface.size, mat_surface, MAT_SCALE, mf[space], FILL)
            wx, wz = G.on(mat, mat_surface, *mf[space].center)
            objects.append(
                O.token(
                    guid(f"token:{color}:{kind}"),
                    Place(wx, wz, y=1.3, rot_y=mat.rot_y, scale=(size, 1.0, size)),
                    url[f"token_{kind}.png"],
                    tr(
                        "{player} {token}",
                        player=color,
                        token=tr("empire") if kind == "empire" else word(data.rules.units, 2, kind),
                    ),
                    [color, kind],
                )
            )
        w, h = mat_surface.pixels
        hx, hz = G.on(mat, mat_surface, w / 2, h * HAND_BELOW)
        objects.append(
            O.zone(
                "HandTrigger",
                guid(f"hand:{color}"),
                Place(hx, hz, y=3.0, rot_y=seat.hand_rot, scale=(9.0, 5.0, 3.0)),
                tr("{player} hand", player=color),
                SEAT_RGB[color],
                FogColor=color,
            )
        )
    for obj in objects:
        if obj["Nickname"] in scripts:
            obj["LuaScript"] = scripts[obj["Nickname"]]
    return objects


def _over(host: Place, surface: G.Surface, features: Features, name: str) -> Place:
    """A scripting zone covering a feature of a host's image, 4 units tall."""
    rect = features[name]
    wx, wz = G.on(host, surface, *rect.center)
    width, depth = surface.units(rect)
    return Place(
        wx, wz, y=2.5, rot_y=host.rot_y, scale=(width * host.scale[0], 4.0, depth * host.scale[2])
    )


def start_note(data: TegData) -> str:
    """The note on the table saying how to start a game, in the language built."""
    rules = data.rules
    text = tr("{game}: sit at a galaxy mat ({low}-{high} players), then the host presses Start "
              "on the screen. The table shuffles, deals the face-up row and {missions} secret "
              "missions to each player, and runs the game: leave the cards to it.",
              game=rules.name, low=rules.min_players, high=rules.max_players,
              missions=rules.missions_dealt)  # fmt: skip
    # Short lines: 3DText does not wrap, and the note lies between the centre and the mats.
    return "\n".join(wrap_columns(text, NOTE_WIDTH))


def build_save(
    data: TegData, assets: Assets, base_url: str, global_script: str, source: str
) -> Built:
    """The TTS save: top-level settings, the notebook, the Global script and every object."""
    objects = table_objects(data, assets, asset_urls(assets, base_url), {})
    table = Table(
        name=data.rules.name,
        players=(data.rules.min_players, data.rules.max_players),
        seat_colors=list(data.rules.seat_colors),
        xml_ui=global_ui(data),
        notebook=notebook(data, source),
        objects=objects,
        snap_points=[O.table_snap(p.x, p.z, p.rot_y) for p in row_places(data)],
    )
    return write_save(table, assets, global_script, source)
