"""The Tiny Epic Mechs table: where every object stands, and the save that holds them.

Positions are world units (TTS's inches), x to the right (east), z away from the south seat
(north), y up. The arena lies in the middle with north at the top, as the program cards'
directions name it (N is +z); the four seats sit round it clockwise seen from above (south,
west, north, east: TTS's turn order), each with its board, hand, figure, mines and
turrets. Everything placed on an image is placed through the features the renderer drew
(generator.games.tem.render.features) and the one transform of generator.tts.geometry; every
face-up object turns to the seat it belongs to (rotY = the seat's hand rotY + 180), the
arena and the shared cards to the south.

`plan(data, sizes)` is the one source of every place: the save's objects and the Lua
layout module (generator.games.tem.tts.layout) both read it.
"""

from __future__ import annotations

import hashlib
from typing import Any

from generator.engines.count import word
from generator.games.tem.render.features import (
    CARD,
    CELL,
    MAT,
    SCORE,
    SLOT,
    TOKEN,
    arena_features,
    arena_pixels,
    mat_features,
    score_features,
    tracks,
)
from generator.games.tem.tts.xmlui import global_ui
from generator.i18n import tr
from generator.render import Assets
from generator.render.draw import SEAT_RGB
from generator.tts import geometry as G
from generator.tts import objects as O
from generator.tts import pages
from generator.tts.geometry import UPRIGHT, Place
from generator.tts.objects import Obj
from generator.tts.save import Built, LayoutError, Table, asset_urls, write_save

CELL_UNITS = 3.2  # an arena cell's side in world units
MAT_SCALE = 3.2  # a board: 12.8 x 6.4 units
GAP = 0.6  # between the arena and a board
CARD_Y, PIECE_Y = 1.05, 1.3
FILL = 0.9
# Seats clockwise seen from above: (hand rotY) of each; a board's middle lies toward it.
SEAT_TURNS = (0.0, 90.0, 180.0, 270.0)
# The shared piles, upright from the south: (x, z) of each.
WEAPON_DECK = (16.5, 14.0)
ROW_PITCH = 2.2
BASIC_ROW_Z = 10.6
ZONE_DECK, PILOT_DECK = (-25.0, -11.5), (-21.8, -11.5)
MECH_CARD = (-18.6, -11.5)
RULES = (20.5, -13.0)
SCORE_AT = (-23.0, 13.5)
STORED_PLACES, STORED_PITCH = 8, 200  # weapons not equipped: their places, pitch (board px)
SHARED_SCALE = 0.8  # cards in the shared piles and the row
HAND_SLOTS, HAND_PITCH = 10, 265  # cards in a hand side by side, their pitch in board pixels
HAND_WIDTH = 17.6  # the hand zone holds every slot
SEAT_OFFSETS = ((-0.6, 0.6), (0.6, 0.6), (-0.6, -0.6), (0.6, -0.6))  # figures in one cell


def guid_of(stable_id: str) -> str:
    """The GUID the save gives a stable id (generator.tts.objects.Guids, first attempt)."""
    return hashlib.sha256(f"tem:{stable_id}:0".encode()).hexdigest()[:6]


def _at(
    place: Place, surface: G.Surface, px: float, py: float, y: float, ry: float
) -> dict[str, float]:
    x, z = G.on(place, surface, px, py)
    return {"x": G.r(x), "y": y, "z": G.r(z), "ry": G.r(ry % 360)}


def arena_place(plain: dict[str, Any]) -> Place:
    """The arena mat's place: the middle of the table, north at the top."""
    h = arena_pixels(plain)[1]
    scale = CELL_UNITS / CELL * h / 2
    return Place(0.0, 0.0, y=1.0, rot_y=UPRIGHT, scale=(scale, 1.0, scale))


def seat_places(plain: dict[str, Any]) -> list[tuple[str, float, Place]]:
    """(colour, hand rotY, board place) of every seat, clockwise from the south."""
    colors = plain["game"]["seat_colors"]
    if len(colors) > len(SEAT_TURNS):
        raise LayoutError(f"the table has room for {len(SEAT_TURNS)} seats, not {len(colors)}")
    half = arena_pixels(plain)[1] / 2 * CELL_UNITS / 300
    out = []
    for color, turn in zip(colors, SEAT_TURNS, strict=False):
        reach = half + GAP + MAT_SCALE  # a board is 2*MAT_SCALE deep
        south = Place(0.0, -reach)
        x, z = Place(0.0, 0.0, rot_y=turn).to_world(south.x, south.z)
        out.append(
            (
                color,
                turn,
                Place(x, z, y=1.0, rot_y=turn + UPRIGHT, scale=(MAT_SCALE, 1.0, MAT_SCALE)),
            )
        )
    return out


def plan(plain: dict[str, Any], sizes: dict[str, tuple[int, int]]) -> dict[str, Any]:
    """Every place the build puts an object and the glue moves one to, as plain data."""
    del sizes  # every image's size is fixed by its features
    card_surface = G.card(CARD)
    arena = arena_place(plain)
    arena_surface = G.tile(arena_pixels(plain))
    cells = {}
    cell_scale = 0.0
    for name, rect in arena_features(plain).items():
        cells[name.removeprefix("cell:")] = _at(arena, arena_surface, *rect.center, CARD_Y, UPRIGHT)
        cell_scale = G.fit(card_surface.size, arena_surface, arena.scale[0], rect, 0.85)
    mat_surface = G.tile(MAT)
    mf = mat_features(plain)
    slot_rect = mf["program:1"]
    slot_scale = G.fit(card_surface.size, mat_surface, MAT_SCALE, slot_rect, 0.95)
    # A card that may lie turned (a program card aimed E or W, a weapon not equipped) fits its
    # slot either way: loose cards that touch merge into a deck in TTS.
    side = min(mat_surface.units(slot_rect)) * MAT_SCALE
    turn_scale = 0.92 * side / max(card_surface.size)
    token_surface = G.token((TOKEN, TOKEN))
    marker = G.fit(token_surface.size, mat_surface, MAT_SCALE, mf["health:0"], 1.0)
    equip_places = max(sum(st["slots"].values()) for st in plain["game"]["statuses"].values())
    seats = []
    for color, turn, board in seat_places(plain):
        face = turn + UPRIGHT

        def at(
            px: float, py: float, y: float = PIECE_Y, board: Place = board, ry: float = face
        ) -> Any:
            return _at(board, mat_surface, px, py, y, ry)

        def feature(name: str, y: float = PIECE_Y) -> Any:
            return at(*mf[name].center, y=y)

        # Beside the board, a row of weapons equipped (the side toward the arena: as many
        # places as the most a status can equip; a card fits its place turned, as an
        # exhausted weapon lies) and a row of those not equipped, which never turn and
        # stand closer (past its places they pile on the last, where cards that touch
        # merge into a deck).
        def weapon_row(row: int, places: int, pitch: float) -> list[dict[str, float]]:
            py = 100 + SLOT[1] / 2 + row * (SLOT[1] + 50)
            return [
                at(MAT[0] + 40 + SLOT[0] / 2 + col * pitch, py, y=CARD_Y) for col in range(places)
            ]

        stash = [at(-150, 120 + k * 110) for k in range(8)]
        seats.append(
            {
                "color": color,
                "turn": turn,
                "board": {**at(MAT[0] / 2, MAT[1] / 2, y=1.0), "s": MAT_SCALE},
                "programs": [
                    feature(f"program:{k + 1}", y=CARD_Y + 0.2)
                    for k in range(plain["game"]["program_cards"])
                ],
                "covers": [
                    feature(f"program:{k + 1}", y=CARD_Y)
                    for k in range(plain["game"]["program_cards"])
                ],
                "pilot": feature("pilot", y=CARD_Y),
                "mech": feature("mech", y=CARD_Y),
                "equipped": weapon_row(0, equip_places, SLOT[0]),
                "stored": weapon_row(1, STORED_PLACES, STORED_PITCH),
                "tracks": {
                    name: [feature(f"{name}:{v}") for v in range(top + 1)]
                    for name, top in tracks(plain).items()
                },
                "hand": at(MAT[0] / 2, MAT[1] * 1.45, y=3.0),
                # Cards in the hand, side by side (loose cards never lie on one another).
                "hand_slots": [
                    at(
                        MAT[0] / 2 + (k - (HAND_SLOTS - 1) / 2) * HAND_PITCH,
                        MAT[1] * 1.45,
                        y=CARD_Y + 2.0,
                    )
                    for k in range(HAND_SLOTS)
                ],
                "stash": stash,  # mines and turrets not on the arena
                "adhoc": at(-420, MAT[1] - 200, y=1.0),
            }
        )
    score = Place(*SCORE_AT, y=1.0, rot_y=UPRIGHT, scale=(2.4, 1.0, 2.4))
    score_surface = G.tile(SCORE)
    sf = score_features(plain)
    vp_scale = G.fit(token_surface.size, score_surface, 2.4, sf["vp:0"], 0.5)
    shared = UPRIGHT

    def spot(x: float, z: float, y: float = CARD_Y) -> dict[str, float]:
        return {"x": x, "y": y, "z": z, "ry": shared}

    row = plain["weapons"]["row"]
    return {
        "arena": {
            **_at(arena, arena_surface, *[v / 2 for v in arena_pixels(plain)], 1.0, UPRIGHT),
            "s": arena.scale[0],
        },
        "cells": cells,
        "cell_scale": G.r(cell_scale),
        "slot_scale": G.r(slot_scale),
        "turn_scale": G.r(turn_scale),
        "marker_scale": G.r(marker),
        "offsets": [list(o) for o in SEAT_OFFSETS],
        "seats": seats,
        "score": {**_at(score, score_surface, SCORE[0] / 2, SCORE[1] / 2, 1.0, UPRIGHT), "s": 2.4},
        "vp": [
            _at(score, score_surface, *sf[f"vp:{v}"].center, PIECE_Y, UPRIGHT)
            for v in range(sum(1 for k in sf if k.startswith("vp:")))
        ],
        "vp_scale": G.r(vp_scale),
        "rounds": [
            _at(score, score_surface, *sf[f"round:{r + 1}"].center, PIECE_Y, UPRIGHT)
            for r in range(plain["game"]["rounds"])
        ],
        "weapon_deck": spot(*WEAPON_DECK),
        "row": [spot(WEAPON_DECK[0] + (k + 1) * ROW_PITCH, WEAPON_DECK[1]) for k in range(row)],
        "basic": [
            spot(WEAPON_DECK[0] + k * ROW_PITCH, BASIC_ROW_Z) for k in range(len(plain["basic"]))
        ],
        "zone_deck": spot(*ZONE_DECK),
        "pilot_deck": spot(*PILOT_DECK),
        "mech_card": spot(*MECH_CARD),
        "rules": spot(*RULES, y=1.0),
        "shared_scale": SHARED_SCALE,
    }


def _place(p: dict[str, Any], scale: float = 1.0, face_down: bool = False) -> Place:
    return Place(
        p["x"], p["z"], y=p["y"], rot_y=p["ry"], scale=(scale, 1.0, scale), face_down=face_down
    )


def program_card_name(color: str, card: str) -> str:
    """A program card's name: whose it is and which ("Red program: Flank Deal")."""
    return tr("{player} program: {card}", player=color, card=card)


def card_names(plain: dict[str, Any]) -> dict[str, str]:
    """Every card's id -> the name a player reads on it (program cards are per colour)."""
    names = {z["id"]: z["name"] for z in (*plain["zones"], *plain["bases"], plain["mech_zone"])}
    names |= {w["id"]: w["name"] for w in (*plain["basic"], *plain["advanced"])}
    names |= {q["id"]: q["name"] for q in plain["pilots"]}
    names |= {s["id"]: s["name"] for s in plain["sides"]}
    return names


def table_objects(plain: dict[str, Any], assets: Assets, url: dict[str, str]) -> list[Obj]:
    """Every object on the table; the arena's cards wait in the zone deck until Start."""
    where = plan(plain, assets.sizes)
    objects: list[Obj] = []
    units = plain["game"]["units"]
    used: set[str] = set()

    def guid(stable: str) -> str:
        g = guid_of(stable)
        if g in used:  # pragma: no cover - 16 million values
            raise LayoutError(f"two objects share the GUID of {stable}")
        used.add(g)
        return g

    a = where["arena"]
    objects.append(
        O.tile(
            guid("arena"),
            _place(a, a["s"]),
            url["arena.png"],
            tr("Arena"),
            snaps=[
                O.snap(*G.tile(arena_pixels(plain)).local(*r.center))
                for r in arena_features(plain).values()
            ],
        )
    )
    s = where["score"]
    objects.append(
        O.tile(guid("score"), _place(s, s["s"]), url["score.png"], tr("Score and round"))
    )
    objects.append(
        O.tile(guid("rules"), _place(where["rules"], 2.6), url["rules.png"], tr("Rules summary"))
    )
    names = card_names(plain)
    key = 1

    def deck_of(
        kind: str,
        ids: list[tuple[str, str, str]],
        at: dict[str, Any],
        scale: float,
        nickname: str,
        face_down: bool = True,
        shown: str | None = None,
    ) -> Obj:
        """A deck of (stable id, card id in the sheet, name) cards.

        `nickname` keeps its GUID; `shown` (else the nickname) is its name in the language built.
        """
        nonlocal key
        sheet = assets.sheets[kind][0]
        cdeck = O.custom_deck(key, url[sheet.name], url[sheet.back], sheet.columns, sheet.rows)
        place = _place(at, scale, face_down)
        cards = [
            O.card(guid(stable), place, key * 100 + sheet.cards.index(cid), cdeck, name)
            for stable, cid, name in ids
        ]
        return O.deck(guid(f"deck:{kind}:{nickname}"), place, cards, cdeck, shown or nickname)

    zone_ids = [
        (f"card:{z['id']}", z["id"], names[z["id"]])
        for z in (*plain["zones"], *plain["bases"], plain["mech_zone"])
    ]
    objects.append(
        deck_of(
            "zones",
            zone_ids,
            where["zone_deck"],
            where["cell_scale"],
            "Arena zones",
            shown=tr("Arena zones"),
        )
    )
    key += 1
    pilots = [(f"card:{q['id']}", q["id"], tr("Pilot")) for q in plain["pilots"]]
    objects.append(deck_of("pilots", pilots, where["pilot_deck"], where["shared_scale"], "Pilots",
                           shown=tr("Pilots")))  # fmt: skip
    key += 1
    adv = [(f"card:{w['id']}", w["id"], names[w["id"]]) for w in plain["advanced"]]
    objects.append(
        deck_of(
            "weapons",
            adv,
            where["weapon_deck"],
            where["shared_scale"],
            "Weapon deck",
            shown=tr("Weapon deck"),
        )
    )
    copies = plain["weapons"]["basic_copies"]
    for k, w in enumerate(plain["basic"]):
        ids = [(f"card:{w['id']}:{n}", w["id"], names[w["id"]]) for n in range(copies)]
        objects.append(
            deck_of(
                "weapons",
                ids,
                where["basic"][k],
                where["shared_scale"],
                f"{names[w['id']]} pile",
                face_down=False,
                shown=tr("{weapon} pile", weapon=names[w["id"]]),
            )
        )
    key += 1
    sheet = assets.sheets["mech"][0]
    cdeck = O.custom_deck(key, url[sheet.name], url[sheet.back], sheet.columns, sheet.rows)
    mech_card = O.card(
        guid("card:mech"),
        _place(where["mech_card"], where["shared_scale"]),
        key * 100,
        cdeck,
        tr("Mighty Mech"),
    )
    mech_card["CustomDeck"][str(key)]["UniqueBack"] = True
    objects.append(mech_card)
    key += 1
    cell_size = where["cell_scale"]
    mech_cell = next(
        f"r{r + 1}c{c + 1}"
        for la in plain["layouts"][-1:]
        for r, row in enumerate(la["rows"])
        for c, k in enumerate(row)
        if k == "M"
    )
    m = where["cells"][mech_cell]
    objects.append(
        O.token(
            guid("figure:mech"),
            _place({**m, "y": PIECE_Y}, 0.55 * cell_size),
            url["mech.png"],
            tr("Mighty Mech"),
            ["mech"],
        )
    )
    programs = [(c["id"], c["name"]) for c in plain["programs"]]
    vp_scale = where["vp_scale"]
    for seat in where["seats"]:
        color = seat["color"]
        b = seat["board"]
        objects.append(
            O.tile(
                guid(f"board:{color}"),
                _place(b, b["s"]),
                url[f"mat_{color}.png"],
                tr("{player} board", player=color),
            )
        )
        ids = [
            (f"card:{color}:{pid}", f"{color}:{pid}", program_card_name(color, name))
            for pid, name in programs
        ]
        objects.append(
            deck_of(
                "programs",
                ids,
                {**seat["hand"], "y": CARD_Y},
                where["slot_scale"],
                f"{color} program cards",
                shown=tr("{player} program cards", player=color),
            )
        )
        for k, cover in enumerate(seat["covers"]):
            objects.append(
                O.tile(
                    guid(f"cover:{color}:{k}"),
                    _place(cover, where["slot_scale"] * 1.07),
                    url["programs_back.png"],
                    tr("{player} program {n}", player=color, n=k + 1),
                )
            )
        objects.append(
            O.tile(
                guid(f"adhoc:{color}"),
                _place(seat["adhoc"], 0.9),
                url["adhoc.png"],
                tr("Ad Hoc Mode"),
                locked=False,
            )
        )
        home = seat["stash"][0]
        objects.append(
            O.token(
                guid(f"figure:{color}"),
                _place({**home, "y": PIECE_Y}, 0.4 * cell_size),
                url[f"figure_{color}.png"],
                tr("{player} figure", player=color),
                [color, "figure"],
            )
        )
        for n in range(len(plain["game"]["mine_numbers"])):
            objects.append(
                O.token(
                    guid(f"mine:{color}:{n}"),
                    _place(seat["stash"][1 + n], 0.28 * cell_size),
                    url[f"mine_{color}.png"],
                    tr("{player} mine", player=color),
                    [color, "mine"],
                )
            )
        for n in range(plain["game"]["turrets"]):
            objects.append(
                O.token(
                    guid(f"turret:{color}:{n}"),
                    _place(seat["stash"][5 + n], 0.28 * cell_size),
                    url[f"turret_{color}.png"],
                    tr("{player} turret", player=color),
                    [color, "turret"],
                )
            )
        for kind in ("health", "energy", "credits"):
            objects.append(
                O.token(
                    guid(f"marker:{color}:{kind}"),
                    _place(seat["tracks"][kind][0], where["marker_scale"]),
                    url[f"{kind}.png"],
                    tr("{player} {track}", player=color, track=word(units, 2, kind)),
                    [color, kind],
                )
            )
        # a two-sided tile: past the track's end it turns over to its "+40" side (the
        # rules: the token starts "blank side facing up, not the +40 side")
        objects.append(
            O.tile(
                guid(f"marker:{color}:vp"),
                _place(where["vp"][0], vp_scale),
                url[f"vp_{color}.png"],
                tr("{player} VP", player=color),
                thickness=0.2,
                locked=False,
                back=url[f"vp40_{color}.png"],
                shape=2,
                tags=[color, "vp"],
            )
        )
        h = seat["hand"]
        objects.append(
            O.zone(
                "HandTrigger",
                guid(f"hand:{color}"),
                Place(h["x"], h["z"], y=3.0, rot_y=seat["turn"], scale=(HAND_WIDTH, 5.0, 3.4)),
                tr("{player} hand", player=color),
                SEAT_RGB[color],
                FogColor=color,
            )
        )
    objects.append(
        O.token(
            guid("marker:round"),
            _place(where["rounds"][0], vp_scale * 1.6),
            url["round.png"],
            tr("Round"),
            ["round"],
        )
    )
    return objects


def notebook(plain: dict[str, Any], source: str) -> str:
    """The Rules tab of the notebook: cards/tem/pages/rules.j2 with the card data's game."""
    return pages.notebook("tem", source, g=plain["game"])


def build_save(data: Any, assets: Assets, base_url: str, global_script: str, source: str) -> Built:
    """The TTS save: top-level settings, the notebook, the Global script and every object."""
    plain = data.plain
    objects = table_objects(plain, assets, asset_urls(assets, base_url))
    g = plain["game"]
    table = Table(
        name=g["name"],
        players=(g["players"]["min"], g["players"]["max"]),
        seat_colors=list(g["seat_colors"]),
        xml_ui=global_ui(plain),
        notebook=notebook(plain, source),
        objects=objects,
        snap_points=[O.table_snap(p["x"], p["z"], p["ry"]) for p in where_row(plain, assets)],
    )
    return write_save(table, assets, global_script, source)


def where_row(plain: dict[str, Any], assets: Assets) -> list[dict[str, Any]]:
    """The weapon row's places (save-level snap points)."""
    return list(plan(plain, assets.sizes)["row"])
