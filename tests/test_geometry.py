"""One geometry: every piece placed on a mat lies in the feature drawn for it, mats face their
seats the way real saves do, and the preview draws through the same transform."""

from __future__ import annotations

import dataclasses
import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from generator.cards import load
from generator.games.teg.render.features import control_features, mat_features
from generator.games.teg.tts.table import SEAT_LAYOUTS, seats
from generator.render.features import Rect
from generator.tts import geometry as G
from generator.tts.geometry import Place
from generator.tts.preview import draw_preview

SAVE = "TinyEpicGalaxies"
# Objects resting on Table_RPG stay within about this (real saves; hand zones lie beyond).
TABLE_X, TABLE_Z = 27.0, 17.0


@pytest.fixture(scope="module")
def table(built_game):
    result = built_game("teg")
    return result.folder, result.read_save(), load("teg")


def objects(save, name=None, tag=None):
    return [
        o
        for o in save["ObjectStates"]
        if (name is None or o["Name"] == name) and (tag is None or tag in o.get("Tags", []))
    ]


def one(save, nickname):
    (found,) = [o for o in save["ObjectStates"] if o["Nickname"] == nickname]
    return found


def image_size(folder, obj):
    with Image.open(folder / "assets" / obj["CustomImage"]["ImageURL"].rsplit("/", 1)[1]) as im:
        return im.size


def host(folder, obj):
    """A tile's Place and Surface, read back from the save."""
    return Place.from_transform(obj["Transform"]), G.tile(image_size(folder, obj))


def corners_in(rect: Rect, pixels, tolerance=1.0):
    return all(rect.contains(x, y, tolerance) for x, y in pixels)


def footprint_pixels(folder, piece, mat_place, mat_surface):
    """The corners of a piece's footprint, as pixels of the mat it stands on."""
    place = Place.from_transform(piece["Transform"])
    if piece["Name"] == "Custom_Dice":
        surface = G.die((1, 1))
    else:
        surface = G.token(image_size(folder, piece))
    w, h = surface.pixels
    world = [G.on(place, surface, x, y) for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
    return [G.world_pixel(mat_place, mat_surface, *p) for p in world]


@given(
    x=st.floats(-30, 30),
    z=st.floats(-30, 30),
    rot=st.floats(0, 360),
    scale=st.floats(0.1, 10),
    px=st.floats(0, 1500),
    py=st.floats(0, 1000),
)
def test_pixel_to_world_and_back(x, z, rot, scale, px, py):
    place = Place(x, z, rot_y=rot, scale=(scale, 1.0, scale))
    surface = G.tile((1500, 1000))
    back = G.world_pixel(place, surface, *G.on(place, surface, px, py))
    assert back == pytest.approx((px, py), abs=1e-6)


def test_sizes_follow_the_tts_conventions():
    assert G.tile((1500, 1000)).size == (3.0, 2.0)
    assert G.token((200, 100)).size == (2.0, 1.0)
    assert 2.0 <= G.card((400, 560)).size[0] <= 2.2 and 2.8 <= G.card((1, 1)).size[1] <= 3.2
    # At rotY 0 an image's top lies toward -z and its left toward +x (upside down from the
    # south, whose hands have rotY 0): real saves lay face-up objects at hand rotY + 180.
    surface = G.tile((100, 100))
    assert surface.local(50, 0)[1] < 0 and surface.local(0, 50)[0] > 0


def test_every_mat_faces_its_seat(table):
    folder, save, data = table
    for seat in data.rules.seat_colors:
        mat = one(save, f"{seat} galaxy mat")
        hand = one(save, f"{seat} hand")
        hand_rot = hand["Transform"]["rotY"]
        assert mat["Transform"]["rotY"] == pytest.approx((hand_rot + 180) % 360), seat
        # A seat looks along its hand's +z (turned by rotY, clockwise from above).
        forward = (math.sin(math.radians(hand_rot)), math.cos(math.radians(hand_rot)))
        place, surface = host(folder, mat)
        w, h = surface.pixels
        top, bottom = G.on(place, surface, w / 2, 0), G.on(place, surface, w / 2, h)
        up = (top[0] - bottom[0], top[1] - bottom[1])
        assert up[0] * forward[0] + up[1] * forward[1] > 0, f"{seat}'s mat reads upside down"
        # The hand lies on the seat's side of the mat, and the seat faces the middle.
        hx, hz = hand["Transform"]["posX"], hand["Transform"]["posZ"]
        assert (hx - place.x) * forward[0] + (hz - place.z) * forward[1] < 0, seat
        assert -hx * forward[0] - hz * forward[1] > 0, seat


def test_tokens_and_ships_lie_in_the_spaces_the_state_gives_them(table):
    folder, save, data = table
    features = mat_features(data)
    starts = {r.id: r.start for r in data.rules.resources}
    unlocked = data.levels[0].ships
    for seat in data.rules.seat_colors:
        place, surface = host(folder, one(save, f"{seat} galaxy mat"))
        expected = {f"{seat} {r}": f"{r}:{n}" for r, n in starts.items()}
        expected[f"{seat} empire"] = f"empire:{data.levels[0].level}:space"
        for s in range(data.rules.ships_per_player):
            expected[f"{seat} ship {s + 1}"] = f"home:{s}" if s < unlocked else f"ship:{s}"
        pieces = [o for o in objects(save, "Custom_Token") if seat in o["Tags"]]
        assert sorted(o["Nickname"] for o in pieces) == sorted(expected)
        for piece in pieces:
            rect = features[expected[piece["Nickname"]]]
            pixels = footprint_pixels(folder, piece, place, surface)
            assert corners_in(rect, pixels), (piece["Nickname"], rect, pixels)
            # Sized to the feature: it fills most of it (a token twice too big or tiny fails).
            xs, ys = [p[0] for p in pixels], [p[1] for p in pixels]
            fill = max((max(xs) - min(xs)) / rect.width, (max(ys) - min(ys)) / rect.height)
            assert 0.7 <= fill <= 1.0, (piece["Nickname"], fill)
            assert piece["Transform"]["rotY"] == place.rot_y  # upright for the seat too


def test_snap_points_sit_one_on_each_slot_of_their_mat(table):
    folder, save, data = table
    mat = mat_features(data)
    cap = data.rules.resource_cap
    mat_slots = {f"{r.id}:{v}" for r in data.rules.resources for v in range(cap + 1)}
    mat_slots |= {f"empire:{lv.level}:space" for lv in data.levels}
    mat_slots |= {f"{k}:{s}" for k in ("ship", "home") for s in range(data.rules.ships_per_player)}
    control = control_features(data)
    control_slots = {f"bay:{i + 1}" for i in range(data.dice_count)}
    control_slots |= {"converter:spend:1", "converter:spend:2", "converter:set"}
    hosts = [(one(save, "Control mat"), control, control_slots)] + [
        (one(save, f"{seat} galaxy mat"), mat, mat_slots) for seat in data.rules.seat_colors
    ]
    for obj, features, slots in hosts:
        _, surface = host(folder, obj)
        hit = []
        for point in obj["AttachedSnapPoints"]:
            px, py = surface.pixel(point["Position"]["x"], point["Position"]["z"])
            inside = [name for name in slots if features[name].contains(px, py)]
            assert len(inside) == 1, (obj["Nickname"], px, py, inside)
            hit += inside
        assert sorted(hit) == sorted(slots), obj["Nickname"]


def test_dice_and_zones_lie_on_the_bay_and_the_converter(table):
    folder, save, data = table
    features = control_features(data)
    place, surface = host(folder, one(save, "Control mat"))
    for i in range(data.dice_count):
        die = one(save, f"Action die {i + 1}")
        assert corners_in(features[f"bay:{i + 1}"], footprint_pixels(folder, die, place, surface))
    for nickname, feature in (("Activation bay", "bay"), ("Converter", "converter")):
        zone = Place.from_transform(one(save, nickname)["Transform"])
        corners = [
            G.world_pixel(place, surface, *zone.to_world(x, z))
            for x, z in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5))
        ]
        rect = features[feature]
        assert corners_in(rect, corners, tolerance=2)
        assert all(  # and covers it: each corner is at a corner of the feature
            min(
                math.dist(c, k)
                for k in (
                    (rect.x0, rect.y0),
                    (rect.x1, rect.y1),
                    (rect.x0, rect.y1),
                    (rect.x1, rect.y0),
                )
            )
            < 2
            for c in corners
        )


def test_every_object_rests_inside_the_table(table):
    folder, save, _ = table
    for obj in save["ObjectStates"]:
        if obj["Name"] in ("HandTrigger", "3DText", "ScriptingTrigger"):
            continue
        place = Place.from_transform(obj["Transform"])
        if obj["Name"] in ("Card", "DeckCustom"):
            surface = G.card((400, 560))
        elif obj["Name"] == "Custom_Dice":
            surface = G.die((1, 1))
        elif obj["Name"] == "Custom_Token":
            surface = G.token(image_size(folder, obj))
        else:
            surface = G.tile(image_size(folder, obj))
        w, h = surface.pixels
        for x, z in (G.on(place, surface, px, py) for px, py in ((0, 0), (w, 0), (w, h), (0, h))):
            assert abs(x) <= TABLE_X and abs(z) <= TABLE_Z, (obj["Nickname"], x, z)


@pytest.mark.parametrize("count", sorted(SEAT_LAYOUTS))
def test_every_seat_count_fits_the_table_without_overlaps(count):
    data = load("teg")
    colors = ("Red", "Blue", "Green", "Yellow", "Purple", "White")[:count]
    data = dataclasses.replace(data, rules=dataclasses.replace(data.rules, seat_colors=colors))
    surface = G.tile((1500, 1000))
    boxes = []
    for seat in seats(data):
        xs, zs = zip(
            *(
                G.on(seat.mat, surface, x, y)
                for x, y in ((0, 0), (1500, 0), (1500, 1000), (0, 1000))
            ),
            strict=True,
        )
        assert max(map(abs, xs)) <= TABLE_X and max(map(abs, zs)) <= TABLE_Z
        boxes.append((min(xs), max(xs), min(zs), max(zs)))
    # The middle of the table (control mat, row, decks) stays clear of every mat.
    boxes.append((-13.7, 13.7, -3.1, 8.0))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2], (a, b)
    # Clockwise seen from above: the seats' angles around the middle decrease.
    angles = [math.atan2(s.mat.z, s.mat.x) for s in seats(data)]
    turns = [(a - b) % (2 * math.pi) for a, b in itertools.pairwise(angles)]
    assert all(0 < t < math.pi for t in turns), angles
    # Up to five sit in two rows, south and north (issue 49: the fifth sat alone at the east
    # end); only a sixth brings seats to the ends.
    ends = [s.color for s in seats(data) if s.hand_rot not in (0.0, 180.0)]
    assert len(ends) == (2 if count == 6 else 0), ends


def test_the_preview_shows_each_mat_upright_from_its_seat(table):
    folder, save, data = table
    preview = draw_preview(save, folder / "assets")
    for seat in data.rules.seat_colors:
        mat = one(save, f"{seat} galaxy mat")
        hand_rot = one(save, f"{seat} hand")["Transform"]["rotY"]
        place, surface = host(folder, mat)
        w, h = surface.pixels
        corners = [
            preview.pixel(*G.on(place, surface, x, y)) for x, y in ((0, 0), (w, 0), (w, h), (0, h))
        ]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        crop = preview.image.crop((min(xs) + 2, min(ys) + 2, max(xs) - 2, max(ys) - 2))
        # Turn the picture so that the seat's side is at the bottom: as the player sees it.
        seen = crop.rotate(hand_rot, expand=True)
        with Image.open(folder / "assets" / mat["CustomImage"]["ImageURL"].rsplit("/", 1)[1]) as im:
            art = im.convert("RGB").resize(seen.size)
        upright = _difference(seen, art)
        turned = _difference(seen, art.rotate(180))
        assert upright < 0.6 * turned, (seat, upright, turned)


def _difference(a, b):
    # At a coarse size the stars and the pieces on the mat blur away; the layout stays.
    small = (48, 32) if a.width > a.height else (32, 48)
    a, b = a.convert("RGB").resize(small, Image.BOX), b.resize(small, Image.BOX)
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.mark.parametrize("count", sorted(SEAT_LAYOUTS))
def test_no_two_footprints_overlap_where_the_glue_puts_cards(count):
    """The face-up row, every seat's colony places, the decks and the discard pile, the
    control mat and every mat: no two footprints overlap, through the layout the glue reads
    (a card lying on another in TTS can merge into a deck, and covers it)."""
    from generator.games.teg.render.features import CONTROL as CONTROL_PIXELS
    from generator.games.teg.render.features import MAT as MAT_PIXELS
    from generator.games.teg.tts.layout import DISCARD_PILE, layout
    from generator.games.teg.tts.table import CONTROL, MISSION_DECK, PLANET_DECK

    data = load("teg")
    colors = ("Red", "Blue", "Green", "Yellow", "Purple", "White")[:count]
    data = dataclasses.replace(data, rules=dataclasses.replace(data.rules, seat_colors=colors))
    L = layout(data)

    def card(x, z, ry, s=1.0):
        return G.footprint(Place(x, z, rot_y=ry), (G.CARD_SIZE[0] * s, G.CARD_SIZE[1] * s))

    items = []
    w, h = L["card"]["w"] / 2, L["card"]["h"] / 2
    for k, a in enumerate(L["row"]):
        x, z = a["ox"] + w * a["xx"] + h * a["yx"], a["oz"] + w * a["xz"] + h * a["yz"]
        items.append((f"row {k + 1}", card(x, z, a["ry"])))
    for name, place in (("planet deck", PLANET_DECK), ("mission deck", MISSION_DECK)):
        items.append((name, card(place.x, place.z, place.rot_y)))
    items.append(("discard", card(DISCARD_PILE[0], DISCARD_PILE[1], PLANET_DECK.rot_y)))
    control = G.tile(CONTROL_PIXELS)
    items.append(("control mat", G.footprint(CONTROL, control.size)))
    mat = G.tile(MAT_PIXELS)
    for seat, s in zip(seats(data), L["seats"], strict=True):
        items.append((f"{seat.color} mat", G.footprint(seat.mat, mat.size)))
        for k, p in enumerate(s["colonies"]):
            items.append((f"{seat.color} colony {k + 1}", card(p["x"], p["z"], p["ry"], p["s"])))
        m = s["mission"]  # where the mission lies, face up, once the game is over
        items.append((f"{seat.color} mission", card(m["x"], m["z"], m["ry"])))
    clashes = [(a, b) for (a, fa), (b, fb) in itertools.combinations(items, 2) if G.overlap(fa, fb)]
    assert not clashes, clashes
