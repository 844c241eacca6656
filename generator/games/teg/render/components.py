"""Every image of the Tiny Epic Galaxies mod, drawn from the card data.

Sizes are chosen so that text stays legible at TTS's normal zoom and no sheet side passes
4096 px (TTS's advice for deck sheets).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from generator.engines.count import count, word
from generator.games.teg.cards import Mission, Planet, TegData
from generator.games.teg.render.art import (
    RESOURCE_RGB,
    SPACE,
    TRACK_RGB,
    planet_art,
    resource_icon,
    starfield,
    track_icon,
)
from generator.games.teg.render.features import (
    CARD,
    CONTROL,
    MAT,
    TOKEN,
    control_features,
    mat_features,
    planet_features,
)
from generator.i18n import tr
from generator.render import sheets
from generator.render.dice import DIE_FACE, DIE_SLOTS, DIE_TEXTURE
from generator.render.draw import INK, SEAT_RGB, TextFitError, fitted_size, shade, text_box
from generator.render.features import Features, Rect

SHEET_CARDS = sheets.SHEET_CARDS
grid = sheets.grid


# Where a card's own texts are fitted (pixels of CARD) and the size each starts from, by
# field: the drawing and the legibility check (small_card_text) read the same boxes.
_W, _H = CARD
PLANET_TEXT = {"name": ((20, 16, _W - 100, 70), 36), "text": ((28, 468, _W - 28, _H - 22), 26)}
MISSION_TEXT = {"name": ((20, 100, _W - 20, 180), 52), "text": ((34, 370, _W - 34, _H - 30), 30)}
# Below this a card's text is hard to read at the card's print size (CARD is drawn at it).
LEGIBLE_TEXT = 18


def small_card_text(data: Any, font_path: str | None = None) -> list[tuple[str, str, int]]:
    """(file, JSON pointer, size) of every card text drawn below LEGIBLE_TEXT pixels."""
    out = []
    for file, cards, boxes in (
        ("planets", data.planets, PLANET_TEXT),
        ("missions", data.missions, MISSION_TEXT),
    ):
        for i, card in enumerate(cards):
            for field, (box, size) in boxes.items():
                try:
                    drawn = fitted_size(getattr(card, field), box, size, font_path)
                except TextFitError:
                    continue  # reported as an error by the render
                if drawn < LEGIBLE_TEXT:
                    out.append((file, f"/{file}/{i}/{field}", drawn))
    return out


def planet_card(
    p: Planet, font_path: str | None = None, data: TegData | None = None
) -> Image.Image:
    """A planet: name, VP, its colony track (steps and type), resource and action text.

    `data`: the game's words (its units, and the face that acquires the planet's resource).
    """
    assert data is not None
    w, h = CARD
    track_color = TRACK_RGB[p.track]
    card = starfield(CARD, p.id)
    draw = ImageDraw.Draw(card)
    draw.rectangle((0, 0, w - 1, h - 1), outline=track_color, width=10)
    text_box(draw, PLANET_TEXT["name"][0], p.name, PLANET_TEXT["name"][1], font_path=font_path)
    draw.ellipse((w - 92, 14, w - 18, 88), fill=(250, 250, 250), outline=track_color, width=5)
    # the number, and under it the unit (as on the missions): a bare number is unexplained
    text_box(draw, (w - 92, 20, w - 18, 64), str(p.vp), 36, fill=SPACE, font_path=font_path)
    vp = word(data.rules.units, p.vp, "vp")
    text_box(draw, (w - 92, 60, w - 18, 80), vp, 16, fill=SPACE, font_path=font_path)
    f = planet_features(p)
    surface = f["surface"].box()
    art = planet_art(surface[2] - surface[0], p.id)
    card.paste(art, surface[:2], art)
    # The colony track: one box per place a ship may orbit at, then the track symbol. A box
    # shows the steps still to go from it ("1": one step more colonizes), never a bare 0.
    track_icon(draw, _center(f["orbit:icon"]), round(f["orbit:icon"].width / 2) + 4, p.track)
    for k in range(p.steps):
        step = f[f"orbit:{k}"].box()
        draw.rounded_rectangle(
            step, radius=8, fill=shade(track_color, 0.45), outline=track_color, width=3
        )
        text_box(draw, step, str(p.steps - k), 24, font_path=font_path)
    units = data.rules.units
    label = tr("{track}  -  {steps} to colonize", track=word(units, 2, p.track).upper(),
               steps=count(units, p.steps, "steps"))  # fmt: skip
    text_box(
        draw, (16, 370, w - 16, 398), label, 20, fill=shade(track_color, 1.3), font_path=font_path
    )
    resource_icon(draw, (48, 432), 28, p.resource, font_path)
    text_box(
        draw,
        (86, 412, w - 20, 452),
        next(x.name for x in data.faces if x.action == "acquire" and x.resource == p.resource),
        24,
        fill=RESOURCE_RGB[p.resource],
        font_path=font_path,
        align="left",
    )
    draw.rounded_rectangle((16, 462, w - 16, h - 16), radius=12, fill=(240, 238, 230))
    box, size = PLANET_TEXT["text"]
    text_box(draw, box, p.text, size, fill=SPACE, font_path=font_path)
    return card


def mission_card(m: Mission, font_path: str | None = None) -> Image.Image:
    """A secret mission: name, VP (and VP when tied), condition text."""
    w, h = CARD
    card = Image.new("RGB", CARD, (30, 24, 52))
    draw = ImageDraw.Draw(card)
    draw.rectangle((0, 0, w - 1, h - 1), outline=(200, 170, 90), width=10)
    text_box(
        draw,
        (20, 30, w - 20, 90),
        tr("SECRET MISSION"),
        26,
        fill=(200, 170, 90),
        font_path=font_path,
    )
    text_box(draw, MISSION_TEXT["name"][0], m.name, MISSION_TEXT["name"][1], font_path=font_path)
    draw.ellipse(
        (w // 2 - 70, 200, w // 2 + 70, 340), fill=(250, 250, 250), outline=(200, 170, 90), width=6
    )
    text_box(
        draw, (w // 2 - 70, 200, w // 2 + 70, 300), str(m.vp), 70, fill=SPACE, font_path=font_path
    )
    vp = tr("VP")
    text_box(draw, (w // 2 - 70, 290, w // 2 + 70, 330), vp, 26, fill=SPACE, font_path=font_path)
    draw.rounded_rectangle((20, 360, w - 20, h - 20), radius=12, fill=(240, 238, 230))
    box, size = MISSION_TEXT["text"]
    text_box(draw, box, m.text, size, fill=SPACE, font_path=font_path)
    return card


def card_back(kind: str, game: str, font_path: str | None = None) -> Image.Image:
    """The back of a deck: a sky with the deck's name and the game's (`game`, game.yaml)."""
    w, h = CARD
    back = starfield(CARD, f"back:{kind}", base=(10, 12, 30) if kind == "planet" else (30, 14, 36))
    draw = ImageDraw.Draw(back)
    draw.rectangle((0, 0, w - 1, h - 1), outline=(200, 200, 220), width=10)
    if kind == "planet":
        art = planet_art(260, "back")
        back.paste(art, ((w - 260) // 2, 120), art)
    text_box(
        draw,
        (20, 400, w - 20, 480),
        tr("PLANET") if kind == "planet" else tr("SECRET MISSION"),
        44,
        font_path=font_path,
    )
    text_box(
        draw,
        (20, 480, w - 20, 530),
        game,
        26,
        fill=(180, 180, 200),
        font_path=font_path,
    )
    return back


def sheet(cards: list[Image.Image], hidden: Image.Image) -> tuple[Image.Image, int, int]:
    """Pack cards into one deck sheet (generator.render.sheets); returns it and its grid."""
    return sheets.sheet(cards, hidden, CARD)


def galaxy_mat(color: str, data: TegData, font_path: str | None = None) -> Image.Image:
    """A player's galaxy mat: empire track, energy and culture tracks, ship track, home.

    Every feature is drawn at its rectangle from features.mat_features, which the table
    layout uses to place tokens, ships and snap points.
    """
    w, h = MAT
    f = mat_features(data)
    seat = SEAT_RGB[color]
    mat = starfield(MAT, f"mat:{color}", base=shade(seat, 0.22))
    draw = ImageDraw.Draw(mat)
    draw.rectangle((0, 0, w - 1, h - 1), outline=seat, width=16)
    text_box(draw, f["title"].box(), tr("{player} galaxy", player=color), 48, font_path=font_path)
    for lv in data.levels:
        box = f[f"empire:{lv.level}"]
        draw.rounded_rectangle(box.box(), radius=14, fill=shade(seat, 0.45), outline=seat, width=4)
        title = f[f"empire:{lv.level}:title"].box()
        text_box(draw, title, tr("LEVEL {level}", level=lv.level), 28, font_path=font_path)
        x0, y0, x1, _ = f[f"empire:{lv.level}:text"].box()
        cost = tr("start") if lv.cost is None else tr("cost {cost}", cost=lv.cost)
        units = data.rules.units
        said = (count(units, lv.dice, "dice"), count(units, lv.ships, "ships"),
                count(units, lv.vp, "vp"))  # fmt: skip
        for k, line in enumerate((cost, *said)):
            top = y0 + k * 34
            text_box(draw, (x0, top, x1, top + 32), line, 26, font_path=font_path)
        space = f[f"empire:{lv.level}:space"]
        draw.ellipse(space.box(), outline=INK, width=5, fill=shade(seat, 0.3))
    for resource in (r.id for r in data.rules.resources):
        icon = f[f"{resource}:icon"]
        resource_icon(draw, _center(icon), int(icon.width / 2), resource, font_path)
        for v in range(data.rules.resource_cap + 1):
            space = f[f"{resource}:{v}"]
            draw.ellipse(
                space.box(), outline=RESOURCE_RGB[resource], width=6, fill=shade(seat, 0.3)
            )
            text_box(draw, space.box(), str(v), 40, font_path=font_path)
    unlock = {}
    for lv in data.levels:
        for s in range(lv.ships):
            unlock.setdefault(s, lv.level)
    _area(draw, f, "ships", tr("SHIP TRACK"), font_path)
    for s in range(data.rules.ships_per_player):
        draw.rounded_rectangle(f[f"ship:{s}"].box(), radius=14, fill=shade(seat, 0.4))
        label = tr("start") if unlock.get(s, 1) == 1 else tr("level {level}", level=unlock.get(s))
        text_box(draw, f[f"ship:{s}:label"].box(), label, 24, font_path=font_path)
    _area(draw, f, "home", tr("HOME (galaxy)"), font_path, fill=shade(seat, 0.35))
    for s in range(data.rules.ships_per_player):
        draw.rounded_rectangle(f[f"home:{s}"].box(), radius=12, outline=shade(seat, 1.3), width=3)
    text = tr("Ships here make energy when you acquire energy.")
    text_box(draw, f["home:text"].box(), text, 24, font_path=font_path)
    return mat


def _center(rect: Rect) -> tuple[int, int]:
    x, y = rect.center
    return round(x), round(y)


def _area(
    draw: ImageDraw.ImageDraw,
    f: Features,
    name: str,
    title: str,
    font_path: str | None,
    fill: tuple[int, int, int] | None = None,
) -> None:
    """A framed area (feature `name`) with its title (`<name>:title`) along the top edge."""
    draw.rounded_rectangle(f[name].box(), radius=18, outline=INK, width=4, fill=fill)
    text_box(draw, f[f"{name}:title"].box(), title, 28, font_path=font_path)


def control_mat(data: TegData, font_path: str | None = None) -> Image.Image:
    """The control mat: the activation bay (a slot per die) and the converter.

    Every slot is drawn at its rectangle from features.control_features.
    """
    w, h = CONTROL
    f = control_features(data)
    gold = (230, 190, 90)
    mat = starfield(CONTROL, "control", base=(22, 26, 44))
    draw = ImageDraw.Draw(mat)
    draw.rectangle((0, 0, w - 1, h - 1), outline=(200, 200, 220), width=12)
    text_box(draw, f["bay:title"].box(), tr("ACTIVATION BAY"), 44, font_path=font_path)
    draw.rounded_rectangle(f["bay"].box(), radius=20, outline=shade(INK, 0.6), width=3)
    for i in range(data.dice_count):
        slot = f[f"bay:{i + 1}"]
        draw.rounded_rectangle(slot.box(), radius=16, outline=INK, width=5)
        text_box(draw, f[f"bay:{i + 1}:label"].box(), str(i + 1), 30, font_path=font_path)
    draw.rounded_rectangle(f["converter"].box(), radius=20, outline=gold, width=6)
    title = f["converter:title"].box()
    text_box(draw, title, tr("CONVERTER"), 44, fill=gold, font_path=font_path)
    for k in (1, 2):
        draw.rounded_rectangle(f[f"converter:spend:{k}"].box(), radius=16, outline=INK, width=5)
    spend = f["converter:spend:text"].box()
    text_box(draw, spend, tr("spend two unused dice..."), 28, font_path=font_path)
    draw.rounded_rectangle(f["converter:set"].box(), radius=16, outline=gold, width=6)
    target = f["converter:set:text"].box()
    text_box(draw, target, tr("...to set a third to any face"), 28, font_path=font_path)
    draw.rounded_rectangle(f["used"].box(), radius=20, outline=shade(INK, 0.6), width=3)
    text_box(draw, f["used:title"].box(), tr("ACTIVATED"), 32, font_path=font_path)
    for i in range(data.dice_count):
        draw.rounded_rectangle(
            f[f"used:{i + 1}"].box(), radius=16, outline=shade(INK, 0.6), width=3
        )
    text_box(
        draw,
        f["used:text"].box(),
        _turn_text(data),
        28,
        font_path=font_path,
    )
    return mat


def die_face(face_id: str, name: str, font_path: str | None = None) -> Image.Image:
    """One face of the action die: a symbol and the face's name."""
    img = Image.new("RGB", (DIE_FACE, DIE_FACE), (245, 245, 240))
    draw = ImageDraw.Draw(img)
    c = DIE_FACE // 2
    if face_id in RESOURCE_RGB:
        resource_icon(draw, (c, c - 20), 70, face_id, font_path)
    elif face_id in TRACK_RGB:
        track_icon(draw, (c, c - 20), 70, face_id)
    elif face_id == "move":
        draw.polygon(
            [(c - 60, c + 20), (c + 70, c - 20), (c - 60, c - 60), (c - 30, c - 20)],
            fill=(40, 110, 220),
        )
    else:  # utilize
        draw.ellipse((c - 62, c - 82, c + 62, c + 42), fill=(60, 160, 90))
        draw.rectangle((c - 12, c - 60, c + 12, c + 20), fill=(245, 245, 240))
        draw.rectangle((c - 40, c - 32, c + 40, c - 8), fill=(245, 245, 240))
    text_box(
        draw,
        (10, DIE_FACE - 70, DIE_FACE - 10, DIE_FACE - 10),
        name,
        30,
        fill=SPACE,
        font_path=font_path,
    )
    return img


def dice_texture(data: TegData, font_path: str | None = None) -> Image.Image:
    """The d6 texture: die face i of dice.yaml drawn in the template's slot for value i."""
    texture = Image.new("RGB", (DIE_TEXTURE, DIE_TEXTURE), (245, 245, 240))
    for number, face in enumerate(data.faces, start=1):
        x, y, flipped = DIE_SLOTS[number]
        image = die_face(face.id, face.name.split()[-1], font_path)
        texture.paste(image.rotate(180) if flipped else image, (x, y))
    return texture


def _turn_text(data: TegData) -> str:
    """A turn in short, with its costs from game.yaml: following, and the rerolls."""
    rules, units = data.rules, data.rules.units
    follow = tr(" and ").join(count(units, n, r) for r, n in rules.follow_cost.items() if n)
    reroll = tr(" and ").join(count(units, n, r) for r, n in rules.reroll_cost.items() if n)
    return tr("Roll, then activate dice one by one; rivals may follow each for {follow}. "
              "Rerolls: {free} a turn free, then {cost} each.", follow=follow,
              free=rules.free_rerolls, cost=reroll)  # fmt: skip


def token(kind: str, font_path: str | None = None) -> Image.Image:
    """A round token (energy, culture, empire), transparent outside the circle."""
    img = Image.new("RGBA", (TOKEN, TOKEN), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    if kind in RESOURCE_RGB:
        resource_icon(draw, (TOKEN // 2, TOKEN // 2), TOKEN // 2 - 4, kind, font_path)
    else:
        draw.ellipse(
            (4, 4, TOKEN - 4, TOKEN - 4), fill=(240, 240, 240), outline=(40, 40, 40), width=8
        )
        text_box(
            draw,
            (20, 20, TOKEN - 20, TOKEN - 20),
            tr("EMPIRE"),
            34,
            fill=SPACE,
            font_path=font_path,
        )
    return img


def ship(color: str) -> Image.Image:
    """A ship seen from above, in a seat color, transparent around it."""
    img = Image.new("RGBA", (TOKEN, TOKEN), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    body = SEAT_RGB[color]
    c = TOKEN // 2
    draw.polygon(
        [
            (c, 10),
            (c + 45, 120),
            (c + 80, 170),
            (c + 30, 160),
            (c, 190),
            (c - 30, 160),
            (c - 80, 170),
            (c - 45, 120),
        ],
        fill=body,
        outline=shade(body, 0.4),
    )
    draw.ellipse((c - 18, 60, c + 18, 100), fill=(200, 230, 255))
    return img


def thumbnail(data: TegData, font_path: str | None = None) -> Image.Image:
    """The save's picture in TTS's load menu."""
    image = starfield((512, 512), "thumbnail")
    art = planet_art(300, "thumbnail")
    image.paste(art, (106, 40), art)
    draw = ImageDraw.Draw(image)
    text_box(draw, (20, 350, 492, 480), data.rules.name, 60, font_path=font_path)
    return image
