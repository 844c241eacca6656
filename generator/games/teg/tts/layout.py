"""Where the table scripts put every piece: the layout as plain data, for the Lua glue.

The table scripts re-draw the table from the game state after every action (ships, tokens,
dice, planet cards, missions). They get every place from the generated module `teg.layout`,
which this module computes through the same features (generator.render.features) and the
same transform (generator.tts.geometry) as the save's own objects, so a piece the glue
moves lands where the build put it and where the image shows its slot. GUIDs are the
save's (derived from stable ids); tests/test_table_layout.py checks both against a build.

Places are world `{x, y, z, ry}` (ry: rotation about the vertical axis, degrees). A planet
card's features are given in card pixels with each row slot's affine map from card pixels
to the world, so the glue can stand a ship on any card in any slot.
"""

from __future__ import annotations

import hashlib
from typing import Any

from generator.games.teg.cards import TegData
from generator.games.teg.render.features import (
    CARD,
    CONTROL,
    MAT,
    control_features,
    mat_features,
    planet_features,
)
from generator.games.teg.tts import xmlui
from generator.games.teg.tts.table import (
    CONTROL as CONTROL_PLACE,
)
from generator.games.teg.tts.table import (
    MAT_SCALE as MAT_SCALE_OF_TILE,
)
from generator.games.teg.tts.table import (
    MISSION_DECK,
    PLANET_DECK,
    row_places,
    seats,
)
from generator.tts import geometry as G
from generator.tts import panels
from generator.tts.geometry import Place, r

# The discard pile lies beside the planet deck, outward (clear of the colonies of the seats
# on that side).
DISCARD_PILE = (PLANET_DECK.x - 3.2, PLANET_DECK.z)

# Heights: pieces stand on mats (y 1.0 + thickness); a dealt card pile grows by CARD_STEP.
PIECE_Y = 1.3
DIE_Y = 1.6
CARD_Y = 1.05
CARD_STEP = 0.02
# Ships of different players share a planet's surface and its track steps: each seat stands
# at its own offset (card pixels) from the feature's centre.
SURFACE_OFFSETS = [(-55, -55), (55, -55), (-55, 55), (55, 55), (0, 0)]
ORBIT_PITCH = 42  # card pixels between seats' ships on one track step (down the card)
# A player's colonies lie in a row beyond the mat's top edge (toward the middle), smaller
# than the face-up row's cards and never touching: loose cards that touch in TTS can merge
# into a deck. Past MAX_COLONIES they pile on the last place (a deck).
COLONY_SCALE = 0.55
COLONY_GAP = 0.12  # world units between neighbouring colonies and from the mat's edge
MAX_COLONIES = 10


def guid_of(stable_id: str) -> str:
    """The GUID the save gives a stable id (generator.tts.objects.Guids, first attempt)."""
    return hashlib.sha256(f"teg:{stable_id}:0".encode()).hexdigest()[:6]


def _place(x: float, z: float, y: float, ry: float) -> dict[str, float]:
    return {"x": r(x), "y": r(y), "z": r(z), "ry": r(ry % 360)}


def _affine(place: Place, surface: G.Surface) -> dict[str, float]:
    """Image pixel (px, py) -> world: x = ox + px*xx + py*yx, z = oz + px*xz + py*yz."""
    ox, oz = G.on(place, surface, 0, 0)
    ax, az = G.on(place, surface, 1, 0)
    bx, bz = G.on(place, surface, 0, 1)
    return {
        "ox": round(ox, 5),
        "oz": round(oz, 5),
        "xx": round(ax - ox, 7),
        "xz": round(az - oz, 7),
        "yx": round(bx - ox, 7),
        "yz": round(bz - oz, 7),
        "ry": r(place.rot_y % 360),
    }


def colony_places(mat: G.Surface, at: Any) -> list[dict[str, float]]:
    """Where a seat's colonies lie: `at(px, py, y)` turns mat pixels into a world place."""
    per_px = mat.size[0] * MAT_SCALE_OF_TILE / mat.pixels[0]
    width, depth = (v * COLONY_SCALE for v in G.CARD_SIZE)
    pitch = (width + COLONY_GAP) / per_px
    py = -(depth / 2 + COLONY_GAP) / per_px
    middle = mat.pixels[0] / 2
    return [
        {**at(middle + (k - (MAX_COLONIES - 1) / 2) * pitch, py, y=CARD_Y), "s": COLONY_SCALE}
        for k in range(MAX_COLONIES)
    ]


def layout(data: TegData) -> dict[str, Any]:
    """The table's layout for the glue (the `teg.layout` Lua module)."""
    control = G.tile(CONTROL)
    cf = control_features(data)

    def on_control(name: str) -> dict[str, float]:
        x, z = G.on(CONTROL_PLACE, control, *cf[name].center)
        return _place(x, z, DIE_Y, CONTROL_PLACE.rot_y)

    n = data.dice_count
    # Dice not in play this turn wait beside the control mat's left edge.
    spare_x = CONTROL_PLACE.x - control.size[0] * CONTROL_PLACE.scale[0] / 2 - 1.2
    dice = {
        "guids": [guid_of(f"die:{i}") for i in range(n)],
        "bay": [on_control(f"bay:{i + 1}") for i in range(n)],
        "used": [on_control(f"used:{i + 1}") for i in range(n)],
        "spend": [on_control("converter:spend:1"), on_control("converter:spend:2")],
        "set": on_control("converter:set"),
        "spare": [_place(spare_x, 2.7 - 1.2 * i, DIE_Y, CONTROL_PLACE.rot_y) for i in range(n)],
    }
    mat = G.tile(MAT)
    mf = mat_features(data)
    ships = data.rules.ships_per_player
    seat_list = []
    for seat in seats(data):
        color, place = seat.color, seat.mat

        def at(px: float, py: float, y: float = PIECE_Y, place: Place = place) -> dict[str, float]:
            x, z = G.on(place, mat, px, py)
            return _place(x, z, y, place.rot_y)

        def feature(name: str, y: float = PIECE_Y) -> dict[str, float]:
            return at(*mf[name].center, y=y)

        title_x, title_z = mat.local(*mf["title"].center)
        seat_list.append(
            {
                "color": color,
                "mat": guid_of(f"mat:{color}"),
                # Where the mat's VP label stands, in the mat's own (unscaled) frame.
                "label": {"x": r(title_x), "z": r(title_z)},
                "ships": [guid_of(f"ship:{color}:{s}") for s in range(ships)],
                "home": [feature(f"home:{s}") for s in range(ships)],
                "locked": [feature(f"ship:{s}") for s in range(ships)],
                "tokens": {
                    kind: guid_of(f"token:{color}:{kind}")
                    for kind in (*(res.id for res in data.rules.resources), "empire")
                },
                "tracks": {
                    res.id: [feature(f"{res.id}:{v}") for v in range(data.rules.resource_cap + 1)]
                    for res in data.rules.resources
                },
                "empire": [feature(f"empire:{lv.level}:space") for lv in data.levels],
                "colonies": colony_places(mat, at),
                "mission": at(MAT[0] + 260, MAT[1] / 2, y=CARD_Y),
                "hand": guid_of(f"hand:{color}"),
            }
        )
    card = G.card(CARD)
    planets = {}
    for p in data.planets:
        pf = planet_features(p)
        planets[p.id] = {
            "guid": guid_of(f"card:{p.id}"),
            "surface": [round(v, 2) for v in pf["surface"].center],
            "orbit": [
                [round(v, 2) for v in pf[f"orbit:{k}" if k < p.steps else "orbit:icon"].center]
                for k in range(p.steps + 1)
            ],
        }
    return {
        "dice": dice,
        "seats": seat_list,
        "row": [_affine(place, card) for place in row_places(data)],
        "card": {"w": CARD[0], "h": CARD[1], "y": CARD_Y, "step": CARD_STEP},
        "surface_offsets": [list(o) for o in SURFACE_OFFSETS],
        "orbit_pitch": ORBIT_PITCH,
        "planets": planets,
        "missions": {m.id: guid_of(f"card:{m.id}") for m in data.missions},
        "planet_pile": _place(PLANET_DECK.x, PLANET_DECK.z, CARD_Y, PLANET_DECK.rot_y),
        "discard_pile": _place(*DISCARD_PILE, CARD_Y, PLANET_DECK.rot_y),
        "planet_deck": guid_of("deck:planets"),
        "mission_deck": guid_of("deck:missions"),
        "mission_pile": _place(MISSION_DECK.x, MISSION_DECK.z, CARD_Y, MISSION_DECK.rot_y),
        "note": guid_of("note:start"),
        **panels.places(list(data.rules.seat_colors), xmlui.BOARD_COLUMNS),
    }
