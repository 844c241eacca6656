"""Every image of the Tiny Epic Mechs mod, drawn from the card data.

A card whose record is placeholder data (cards/tem, `placeholder: true`) carries a small
"placeholder" mark in its lower right corner, so a modder sees what to replace. Every text
is fitted into its box (TextFitError when it cannot be).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from generator.engines.count import count, word
from generator.games.tem.render import words
from generator.games.tem.render.art import icon
from generator.games.tem.render.features import (
    CARD,
    MAT,
    SCORE,
    TOKEN,
    arena_features,
    arena_pixels,
    mat_features,
    score_features,
    tracks,
)
from generator.games.tem.rules.engine import act_label
from generator.i18n import tr
from generator.render.draw import INK, SEAT_RGB, TextFitError, fitted_size, shade, text_box
from generator.render.features import Rect

METAL = (52, 58, 66)
# energy and credits in colours no seat (Red, Blue, Green, Yellow) uses: turquoise and magenta
YIELD_RGB = {"energy": (0, 215, 190), "credits": (225, 80, 170)}
TYPE_RGB = {"melee": (214, 84, 60), "ranged": (70, 140, 230), "area": (170, 90, 210)}


def mark() -> str:
    """The mark on a card or mat with a value of ours, in the language being built."""
    return tr("placeholder")


# Where a card's texts go (pixels of CARD) and the size each starts from: the drawing and
# the legibility check read the same boxes.
_W, _H = CARD
TITLE = ((20, 16, _W - 20, 96), 40)
BODY = ((28, 350, _W - 28, _H - 50), 28)
LEGIBLE_TEXT = 18


def _frame(band: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", CARD, METAL)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, _W - 1, _H - 1), outline=band, width=14)
    draw.rectangle((14, 14, _W - 15, 100), fill=shade(band, 0.6))
    return image, draw


def _mark(draw: ImageDraw.ImageDraw, marked: bool, font_path: str | None, w: int, h: int) -> None:
    if marked:
        text_box(
            draw,
            (w - 170, h - 44, w - 20, h - 16),
            mark(),
            20,
            fill=(255, 210, 120),
            font_path=font_path,
        )


CAPTION = ((60, 312, _W - 60, 346), 22)  # what the big line's numbers mean


def card(
    title: str,
    band: tuple[int, int, int],
    big: str,
    body: str,
    marked: bool,
    font_path: str | None = None,
    caption: str = "",
) -> Image.Image:
    """A card: a title band, a big line in the middle (a value, an arrow's name), the body.

    `caption`: what the big line's numbers mean, under it.
    """
    image, draw = _frame(band)
    text_box(draw, TITLE[0], title, TITLE[1], font_path=font_path)
    if big:
        draw.rounded_rectangle((60, 130, _W - 60, 310), radius=24, fill=shade(band, 0.45))
        text_box(draw, (70, 140, _W - 70, 300), big, 64, font_path=font_path)
    if caption:
        text_box(draw, CAPTION[0], caption, CAPTION[1], fill=(225, 225, 230), font_path=font_path)
    if body:
        text_box(draw, BODY[0], body, BODY[1], font_path=font_path)
    _mark(draw, marked, font_path, _W, _H)
    return image


# A card of the arena (a resource zone, a base, the Mech zone) lies between every seat: its
# name and yield run along all four edges, each turned to face out, so the edge nearest a
# seat reads upright from it; the value in the middle is one figure.
EDGE = (340, 96)  # a band along one edge, in its own upright pixels
EDGE_NAME = ((8, 4, EDGE[0] - 8, 52), 32)
EDGE_LINE = ((8, 52, EDGE[0] - 8, EDGE[1] - 4), 24)
# Where each band goes (left, top) and the turn that makes it face out (PIL: counter-clockwise).
_EDGES = (
    ((30, _H - 14 - EDGE[1]), 0),  # the south edge, read from the south
    ((30, 14), 180),  # north
    ((14, 14 + EDGE[1]), -90),  # west: its top points east
    ((_W - 14 - EDGE[1], 14 + EDGE[1]), 90),  # east: its top points west
)


def arena_card(
    name: str,
    band: tuple[int, int, int],
    value: str,
    line: str,
    marked: bool,
    font_path: str | None = None,
    yields: tuple[str, ...] = (),
) -> Image.Image:
    """A card of the arena: name and line on every edge, facing out; the value in the middle.

    `yields`: the icons of what the zone yields, before the line.
    """
    image = Image.new("RGB", CARD, shade(band, 0.6))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, _W - 1, _H - 1), outline=band, width=14)
    strip = Image.new("RGB", EDGE, shade(band, 0.6))
    ink = ImageDraw.Draw(strip)
    text_box(ink, EDGE_NAME[0], name, EDGE_NAME[1], font_path=font_path)
    (x0, y0, x1, y1), size = EDGE_LINE
    for k, kind in enumerate(yields):
        icon(ink, (x0 + 18 + 36 * k, (y0 + y1) / 2), 16, kind, YIELD_RGB[kind])
    text_box(ink, (x0 + 36 * len(yields), y0, x1, y1), line, size, font_path=font_path)
    for at, turn in _EDGES:
        image.paste(strip.rotate(turn, expand=True), at)
    middle = (14 + EDGE[1], 14 + EDGE[1], _W - 14 - EDGE[1], _H - 14 - EDGE[1])
    draw.rectangle((middle[0], middle[1], middle[2] - 1, middle[3] - 1), fill=METAL)
    draw.rounded_rectangle(
        (middle[0] + 14, middle[1] + 80, middle[2] - 14, middle[3] - 80),
        radius=24,
        fill=shade(band, 0.45),
    )
    text_box(
        draw,
        (middle[0] + 20, middle[1] + 90, middle[2] - 20, middle[3] - 90),
        value,
        96,
        font_path=font_path,
    )
    # what the value is: a mine or turret here costs it and deals it (a mine adds its
    # number), and it is what the zone scores
    text_box(
        draw,
        (middle[0] + 6, middle[1] + 8, middle[2] - 6, middle[1] + 76),
        tr("value: deploy cost, damage, VP"),
        22,
        fill=(225, 225, 230),
        font_path=font_path,
    )
    if marked:
        text_box(
            draw,
            (middle[0], middle[3] - 40, middle[2], middle[3] - 10),
            mark(),
            20,
            fill=(255, 210, 120),
            font_path=font_path,
        )
    return image


def zone_card(
    zone: dict[str, Any], marked: bool, units: words.Units, font_path: str | None = None
) -> Image.Image:
    """A resource zone: its value (what a mine or turret costs and deals) and its yield."""
    y = zone["yield"]
    return arena_card(
        zone["name"],
        YIELD_RGB[y],
        str(zone["value"]),
        tr("yields {resource}", resource=word(units, 2, y)),
        marked,
        font_path,
        (y,),
    )


def base_card(base: dict[str, Any], marked: bool, font_path: str | None = None) -> Image.Image:
    """A base: its colour and value."""
    return arena_card(
        base["name"],
        SEAT_RGB[base["color"]],
        str(base["value"]),
        tr("yields energy and credits"),
        marked,
        font_path,
        ("energy", "credits"),
    )


def mech_zone_card(zone: dict[str, Any], marked: bool, font_path: str | None = None) -> Image.Image:
    """The Mech zone: where the Mighty Mech waits."""
    return arena_card(
        zone["name"],
        (200, 200, 210),
        str(zone["value"]),
        tr("yields energy and credits"),
        marked,
        font_path,
        ("energy", "credits"),
    )


def program_card(
    program: dict[str, Any],
    color: str,
    marked: bool,
    units: words.Units,
    font_path: str | None = None,
) -> Image.Image:
    """A program card: an arrow pointing to the card's top (turn the card to aim it)."""
    image, draw = _frame(SEAT_RGB[color])
    text_box(draw, TITLE[0], program["name"], TITLE[1], font_path=font_path)
    cx, top = _W // 2, 130
    arrow = program["arrow"]
    heads = 2 if arrow == "double" else 1
    if arrow == "diagonal":
        draw.line((110, 300, 290, 140), fill=INK, width=22)
        draw.polygon([(300, 128), (230, 140), (290, 200)], fill=INK)
    else:
        draw.line((cx, 310, cx, top + 20), fill=INK, width=22)
        for k in range(heads):
            y = top + k * 60
            draw.polygon([(cx, y), (cx - 50, y + 60), (cx + 50, y + 60)], fill=INK)
    body = tr("{arrow}, then: {action}", arrow=words.arrow(arrow, units),
              action=act_label(program["action"]))  # fmt: skip
    text_box(draw, BODY[0], body, BODY[1], font_path=font_path)
    _mark(draw, marked, font_path, _W, _H)
    return image


def weapon_body(weapon: dict[str, Any], kind: str, units: words.Units) -> str:
    """A weapon card's lower text: type, cost, VP and ability in words."""
    lines = [
        tr("{type} ({kind}) · cost {cost}", type=word(units, 2, weapon["type"]).upper(),
           kind=tr("basic") if kind == "basic" else tr("advanced"),
           cost=words.cost(weapon["cost"], units)),
        tr("{vp} at the end", vp=count(units, weapon["vp"], "vp")),
    ]  # fmt: skip
    text = words.ability(weapon["ability"], units)
    if text:
        lines.append(text)
    return " · ".join(lines)


def weapon_card(
    weapon: dict[str, Any],
    kind: str,
    marked: bool,
    units: words.Units,
    font_path: str | None = None,
) -> Image.Image:
    """A weapon: type, damage / power damage, cost, VP, ability in words."""
    big = f"{weapon['damage']} / {weapon['power_damage']}"
    band = TYPE_RGB[weapon["type"]]
    image = card(weapon["name"], band, big, weapon_body(weapon, kind, units), marked, font_path,
                 caption=tr("damage / power attack damage"))  # fmt: skip
    icon(ImageDraw.Draw(image), (98, 220), 26, weapon["type"], band)  # its type, by the numbers
    return image


def small_card_text(data: Any, font_path: str | None = None) -> list[tuple[str, str, int]]:
    """(file, JSON pointer, size) of every card text drawn below LEGIBLE_TEXT pixels."""
    p = data.plain
    texts = [("zones", f"/zones/{i}/name", z["name"], EDGE_NAME) for i, z in enumerate(p["zones"])]
    texts += [
        ("programs", f"/programs/{i}/name", c["name"], TITLE) for i, c in enumerate(p["programs"])
    ]
    texts += [("pilots", f"/pilots/{i}/name", q["name"], TITLE) for i, q in enumerate(p["pilots"])]
    for kind in ("basic", "advanced"):
        for i, w in enumerate(p[kind]):
            texts.append(("weapons", f"/{kind}/{i}/name", w["name"], TITLE))
            body = weapon_body(w, kind, p["game"]["units"])
            texts.append(("weapons", f"/{kind}/{i}/ability", body, BODY))
    out = []
    for file, ptr, text, (box, size) in texts:
        try:
            drawn = fitted_size(text, box, size, font_path)
        except TextFitError:
            continue  # reported as an error by the render
        if drawn < LEGIBLE_TEXT:
            out.append((file, ptr, drawn))
    return out


def pilot_card(
    pilot: dict[str, Any],
    slots: dict[str, int],
    marked: bool,
    units: words.Units,
    font_path: str | None = None,
) -> Image.Image:
    """A pilot's Pilot side: health, hand slots, ability."""
    body = tr("Hands: {n} basic", n=slots["basic"])
    text = words.ability(pilot["ability"], units)
    if text:
        body += " · " + text
    health = tr("Health {n}", n=pilot["health"])
    return card(pilot["name"], (230, 170, 60), health, body, marked, font_path)


def armor_side(armor: dict[str, Any], font_path: str | None = None) -> Image.Image:
    """The pilot cards' other side: Power Armor (shared by every pilot card)."""
    slots = armor["slots"]
    return card(
        tr("POWER ARMOR"),
        (120, 130, 150),
        tr("Health {n}", n=armor["health"]),
        tr("Hands: {n} basic · shoulders: {m} advanced", n=slots["basic"], m=slots["advanced"]),
        False,
        font_path,
    )


def mech_card(
    side: dict[str, Any],
    mech: dict[str, Any],
    marked: bool,
    units: words.Units,
    font_path: str | None = None,
) -> Image.Image:
    """One side of the Mighty Mech card."""
    body = tr("Mighty Mech · {n} weapon slots · {ability}", n=mech["slots"]["advanced"],
              ability=words.ability(side["ability"], units) or tr("no power"))  # fmt: skip
    health = tr("Health {n}", n=mech["health"])
    return card(side["name"], (235, 235, 240), health, body, marked, font_path)


def back(title: str, band: tuple[int, int, int], game: str, font_path: str | None) -> Image.Image:
    """A deck's back: its name and the game's."""
    return card(title, band, "", game, False, font_path)


def ad_hoc_card(programs: int, font_path: str | None = None) -> Image.Image:
    """Ad Hoc Mode: a KO'd player plays any of their `programs` cards in any direction."""
    return card(
        tr("AD HOC MODE"),
        (240, 120, 40),
        tr("ANY"),
        tr("After a KO or a retreat, for the rest of the round: each turn play any of your {n} "
           "program cards, in any direction its arrow allows (on the first such turn, not into "
           "an enemy pilot's zone).", n=programs),
        False,
        font_path,
        caption=tr("any card, any direction"),
    )  # fmt: skip


def player_mat(color: str, plain: dict[str, Any], font_path: str | None = None) -> Image.Image:
    """A player's board: program slots, the pilot and Mech slots, health/energy/credits."""
    image = Image.new("RGB", MAT, shade(SEAT_RGB[color], 0.35))
    draw = ImageDraw.Draw(image)
    f = mat_features(plain)
    draw.rectangle((0, 0, MAT[0] - 1, MAT[1] - 1), outline=SEAT_RGB[color], width=16)
    cards = plain["game"]["program_cards"]
    text_box(
        draw,
        f["title"].box(),
        tr("{player}: program {n} cards, one per turn", player=color, n=cards),
        40,
        font_path=font_path,
        align="left",
    )
    for name in [*(f"program:{k + 1}" for k in range(cards)), "pilot", "mech"]:
        draw.rounded_rectangle(f[name].box(), radius=16, outline=INK, width=4)
        label = {"pilot": tr("PILOT"), "mech": tr("MECH")}.get(name) or name.split(":")[1]
        text_box(draw, f[f"{name}:label"].box(), label, 30, font_path=font_path)
    for name in tracks(plain):
        said = word(plain["game"]["units"], 2, name).upper()
        text_box(draw, f[f"{name}:label"].box(), said, 34, font_path=font_path)
        v = 0
        while f"{name}:{v}" in f:
            draw.ellipse(f[f"{name}:{v}"].box(), outline=INK, width=4)
            text_box(draw, f[f"{name}:{v}"].box(), str(v), 30, font_path=font_path)
            v += 1
    return image


def score_card(plain: dict[str, Any], font_path: str | None = None) -> Image.Image:
    """The score track (VP) and the round track (scoring rounds marked)."""
    image = Image.new("RGB", SCORE, (30, 34, 40))
    draw = ImageDraw.Draw(image)
    f = score_features(plain)
    text_box(draw, f["title"].box(), tr("VICTORY POINTS  ·  ROUND"), 40, font_path=font_path)
    scoring = set(plain["game"]["scoring_rounds"])
    for name, rect in f.items():
        if name.startswith("vp:"):
            draw.rectangle(rect.box(), outline=INK, width=3)
            text_box(
                draw,
                Rect(rect.x0, rect.y0, rect.x1, rect.y0 + 40).box(),
                name[3:],
                26,
                font_path=font_path,
            )
        elif name.startswith("round:"):
            r = int(name[6:])
            fill = (120, 80, 20) if r in scoring else None
            draw.rounded_rectangle(rect.box(), radius=20, outline=INK, width=4, fill=fill)
            label = tr("ROUND {n} · SCORE", n=r) if r in scoring else tr("ROUND {n}", n=r)
            text_box(
                draw,
                Rect(rect.x0, rect.y0, rect.x1, rect.y0 + 50).box(),
                label,
                26,
                font_path=font_path,
            )
    return image


def arena_mat(plain: dict[str, Any], font_path: str | None = None) -> Image.Image:
    """The arena: a grid of cells, the compass on its edges, each letter facing out."""
    w, h = arena_pixels(plain)
    image = Image.new("RGB", (w, h), (24, 28, 34))
    draw = ImageDraw.Draw(image)
    for rect in arena_features(plain).values():
        draw.rectangle(rect.box(), outline=(90, 100, 110), width=4)
    # (letter, where its 80 x 50 box goes, the turn that makes it face its edge's seat)
    for letter, at, turn in (
        ("S", (w // 2 - 40, h - 56), 0),
        ("N", (w // 2 - 40, 6), 180),
        ("W", (6, h // 2 - 40), -90),
        ("E", (w - 56, h // 2 - 40), 90),
    ):
        label = Image.new("RGB", (80, 50), (24, 28, 34))
        text_box(ImageDraw.Draw(label), (0, 0, 80, 50), letter, 44, font_path=font_path)
        image.paste(label.rotate(turn, expand=True), at)
    return image


def rules_card(plain: dict[str, Any], font_path: str | None = None) -> Image.Image:
    """A summary of the game, readable at the table.

    A turn, entering a zone, combat, a KO or a retreat, scoring; every number from the data.
    """
    g = plain["game"]
    vp = g["vp"]
    image = Image.new("RGB", (1000, 1400), (236, 232, 220))
    draw = ImageDraw.Draw(image)
    ink, head = (20, 20, 24), (120, 40, 20)
    units = g["units"]
    counters = tr(", ").join(
        tr("{a} beats {b}", a=word(units, 2, a), b=word(units, 2, b))
        for a, b in g["counters"].items()
    )
    rounds = tr(", ").join(map(str, g["scoring_rounds"]))
    text_box(draw, (40, 24, 960, 96), tr("{game}: how to play", game=g["name"]), 52, fill=ink,
             font_path=font_path)  # fmt: skip
    sections = [
        (
            tr("A round"),
            tr("Program: everyone picks {n} of their {cards} cards in secret, in order, each "
               "with a direction its arrow allows (a dialog only you see). Execute: in turn "
               "order, each reveals their next card and moves along its arrow (the arena's edge "
               "stops a move; a double arrow jumps over the first zone), then does its action. "
               "{n} turns a round, {rounds} rounds.", n=g["program_cards"],
               cards=len(plain["programs"]), rounds=g["rounds"]),
        ),
        (
            tr("Entering a zone"),
            tr("1. An enemy mine goes off: the zone's value + its number in damage. 2. An "
               "enemy pilot: combat (no card action). 3. An enemy turret, no combat: the zone's "
               "value in damage. 4. Else the card's action: collect, deploy a mine or turret (it "
               "costs the zone's value), buy a weapon, or power up (heal, or upgrade to Power "
               "Armor)."),
        ),
        (
            tr("Combat"),
            tr("Who entered scores {start} and attacks first; sides take turns, each attack "
               "uses one ready equipped weapon and scores 1 VP a damage. A power attack deals "
               "the second number: the first attack after a jump, or a weapon that beats the "
               "last type used against you ({counters}).",
               start=count(units, vp["combat_start"], "vp"), counters=counters),
        ),
        (
            tr("KO or retreat"),
            tr("No ready weapon: retreat to the nearest safe zone (the other scores {retreat}). "
               "Health 0: KO (the other scores {ko}; a mine's or turret's owner {trap}): back to "
               "your base at full health with at least {floor} energy and credits. Then Ad Hoc "
               "Mode for the round.", retreat=count(units, vp["retreat"], "vp"),
               ko=count(units, vp["ko"], "vp"), trap=vp["trap_ko"],
               floor=g["ko_resource_floor"]),
        ),
        (
            tr("Scoring (rounds {rounds})", rounds=rounds),
            tr("Your pilot's zone: its value; each of your mines: its zone's value; each "
               "turret: twice its zone's value; the Mighty Mech: {mech}. At the end, each "
               "weapon you bought adds its VP. Most VP wins; a tie: most weapons bought.",
               mech=vp["mech_control"]),
        ),
    ]  # fmt: skip
    top, height = 110, 252
    for title, text in sections:
        text_box(draw, (50, top, 950, top + 44), title, 36, fill=head, font_path=font_path,
                 align="left")  # fmt: skip
        text_box(draw, (50, top + 46, 950, top + height - 8), text, 28, fill=ink,
                 font_path=font_path, align="left")  # fmt: skip
        top += height
    return image


def token(kind: str, color: str | None, font_path: str | None = None) -> Image.Image:
    """A round token: a figure, a mine, a turret, a track marker (transparent outside)."""
    img = Image.new("RGBA", (TOKEN, TOKEN), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    fill = (
        SEAT_RGB[color]
        if color
        else {"health": (220, 60, 70), "round": (240, 240, 240), "mech": (200, 200, 210)}.get(
            kind, YIELD_RGB.get(kind, INK)
        )
    )
    if kind == "turret":
        draw.rectangle((24, 24, TOKEN - 24, TOKEN - 24), fill=fill, outline=(20, 20, 20), width=10)
    elif kind == "mine":
        draw.regular_polygon(
            (TOKEN / 2, TOKEN / 2, TOKEN / 2 - 8), 6, fill=fill, outline=(20, 20, 20), width=10
        )
    else:
        draw.ellipse((6, 6, TOKEN - 6, TOKEN - 6), fill=fill, outline=(20, 20, 20), width=10)
    label = {
        "figure": tr("ITEM"),
        "mech": tr("MECH"),
        "mine": tr("MINE"),
        "turret": tr("TUR"),
        "vp": "VP",
        "vp40": "+40",
        "health": "HP",
        "energy": "EN",
        "credits": "CR",
        "round": tr("RND"),
    }[kind]
    if kind in ("energy", "credits", "health", "vp"):
        # a track's marker shows its icon (the VP marker on the seat's colour)
        icon(draw, (TOKEN / 2, TOKEN / 2), TOKEN / 2 - 6, kind, fill)
        return img
    if kind == "figure" and color:
        label = color.upper()  # a figure says whose it is, read from any seat
    text_box(
        draw, (30, 60, TOKEN - 30, TOKEN - 60), label, 48, fill=(15, 15, 15), font_path=font_path
    )
    return img


def thumbnail(plain: dict[str, Any], font_path: str | None = None) -> Image.Image:
    """The save's picture in TTS's load menu."""
    image = Image.new("RGB", (512, 512), METAL)
    draw = ImageDraw.Draw(image)
    for i, color in enumerate(plain["game"]["seat_colors"]):
        draw.ellipse((60 + i * 100, 100, 140 + i * 100, 180), fill=SEAT_RGB[color])
    text_box(draw, (20, 260, 492, 460), plain["game"]["name"], 64, font_path=font_path)
    return image
