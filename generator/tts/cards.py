"""A card game's cards at the table, for any game: faces, the stock, the hands, the piles.

A game declares its deck (`Deck`: a face layout and each card's fields, the first field
`id`); the framework renders the faces (generator/render/cards.py) into deck sheets, and
lays out the save: a hand zone at each seat, the stock, a row of pile places before each
seat. The table's card layer (lua/glue/cards.lua) then keeps the card objects as the state
says.

Secrets at TTS's own level: a Search shows a deck's faces in order (api events.md,
onObjectSearchStart: the search cannot be refused), so the stock is a deck of **backs** (a
card sheet of the back alone) and holds nothing a player could read; a card that leaves it
is spawned by identity (spawnObjectJSON) where the state puts it: into its owner's hand
zone, face down, or face up on a pile. What a spawn needs beyond the card's sheet number
(the sheets' URLs, known once the images are written) is the stock's GM notes, which only
Black reads (api object.md: getGMNotes), who sees every hand anyway.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from generator.render import Assets, Cache, Sheet, png_size, sheet_name
from generator.render import cards as faces
from generator.render import sheets as S
from generator.render.bare import thumbnail
from generator.tts import objects as O
from generator.tts.geometry import Place
from generator.tts.save import asset_urls, hands_round

KIND = "cards"
BACK = "card_back.png"
BACKS = "card_backs.png"  # the stock's sheet: the back, and the back as its hidden card
CARD_SCALE = 1.3  # a 250x350 card at TTS's standard card size, a little larger to read


@dataclass(frozen=True)
class Deck:
    """A game's deck: its face layout and each card's fields (each with its `id`)."""

    layout: dict[str, Any]
    cards: tuple[dict[str, str], ...]

    @property
    def ids(self) -> list[str]:
        """The card ids, in the order the sheets hold them."""
        return [c["id"] for c in self.cards]


def card_ids(deck: Deck) -> dict[str, int]:
    """Card id -> TTS CardID: the sheet's number (from 1) times 100 and the place on it."""
    per = S.SHEET_CARDS
    return {c: (k // per + 1) * 100 + k % per for k, c in enumerate(deck.ids)}


def sheets_of(deck: Deck) -> int:
    """How many sheets the faces take (the backs' sheet is the next number)."""
    return -(-len(deck.cards) // S.SHEET_CARDS)


def render(
    deck: Deck,
    title: str,
    cache: Cache,
    font_path: str | None = None,
    step: Callable[[str], None] = lambda name: None,
) -> Assets:
    """The deck's sheets and back, and the save's thumbnail (the title on felt)."""
    spec = deck.layout
    size = tuple(spec["size"])
    files: dict[str, bytes] = {BACK: cache.asset(["card-back", spec], partial(faces.back, spec))}
    back = cache.image(["card-back", spec], partial(faces.back, spec))  # (the file just made)
    files[BACKS] = cache.asset(["card-backs", spec], lambda: S.sheet([back], back, size)[0])  # type: ignore[arg-type]
    found = []
    for n in range(sheets_of(deck)):
        part = deck.cards[n * S.SHEET_CARDS : (n + 1) * S.SHEET_CARDS]

        def compose(part: tuple[dict[str, str], ...] = part) -> Any:
            drawn = [cache.image(["card", spec, c], partial(faces.face, c, spec, font_path))
                     for c in part]  # fmt: skip
            return S.sheet(drawn, back, size)[0]  # type: ignore[arg-type]

        name = sheet_name(KIND, n + 1)
        files[name] = cache.asset(["card-sheet", spec, list(part)], compose)
        columns, rows = S.grid(len(part))
        found.append(Sheet(name, BACK, columns, rows, tuple(c["id"] for c in part)))
        step(name)
    picture = cache.png(["bare", "thumbnail", title, font_path],
                        partial(thumbnail, title, font_path))  # fmt: skip
    step("thumbnail")
    sizes = {n: png_size(d) for n, d in files.items()}
    return Assets(files, {KIND: tuple(found)}, sizes, picture, {})


def expected_steps(deck: Deck) -> int:
    """The render's steps (each sheet and the thumbnail)."""
    return sheets_of(deck) + 1


def templates(deck: Deck, assets: Assets, base_url: str) -> dict[str, Any]:
    """What a spawn of a card needs that the data does not say: each sheet's CustomDeck."""
    urls = asset_urls(assets, base_url)
    out = {}
    for n, sheet in enumerate(assets.sheets[KIND], 1):
        out[str(n)] = O.custom_deck(n, urls[sheet.name], urls[BACK], sheet.columns,
                                    sheet.rows)[str(n)]  # fmt: skip
    backs = sheets_of(deck) + 1  # the stock's: the back on both sides
    out[str(backs)] = O.custom_deck(backs, urls[BACKS], urls[BACK], 2, 1)[str(backs)]
    return out


def stock(deck: Deck, assets: Assets, base_url: str, place: Place, guids: O.Guids) -> O.Obj:
    """The stock: a face-down deck of backs, one for each card, with the spawn templates.

    Each back says "stock" in its GM notes (the card layer finds the stock by them).
    """
    urls = asset_urls(assets, base_url)
    backs = sheets_of(deck) + 1
    blank = O.custom_deck(backs, urls[BACKS], urls[BACK], 2, 1)
    scale = (CARD_SCALE, 1.0, CARD_SCALE)
    down = Place(place.x, place.z, place.y, place.rot_y, scale, face_down=True)
    cards = [O.card(guids(f"stock:{k}"), down, backs * 100, blank, "")
             for k in range(len(deck.cards))]  # fmt: skip
    for card in cards:
        card["GMNotes"] = "stock"
    obj = O.deck(guids("stock"), down, cards, blank, "")
    obj["GMNotes"] = "stock"
    return obj


def places(colors: list[str], row: int = 1, radius: float = 22.0) -> dict[str, Any]:
    """Where the card layer puts things, for the `<game>.layout` module.

    The stock in the middle; before each seat (as `hands_round` places the hand zones), a
    row of `row` pile places along the seat's edge, fanned (each overlapping the last, a
    little higher: Go Fish's books).
    """
    near, gap = radius - 10.0, 0.9
    piles = {}
    for i, color in enumerate(colors):
        turn = math.radians(360.0 * i / len(colors))
        cx, cz = -near * math.sin(turn), -near * math.cos(turn)
        piles[color] = [
            {"x": round(cx + d * math.cos(turn), 3), "y": round(1.2 + k * 0.05, 3),
             "z": round(cz - d * math.sin(turn), 3), "ry": round(math.degrees(turn), 3)}
            for k, d in enumerate((k - (row - 1) / 2) * gap for k in range(row))
        ]  # fmt: skip
    return {"stock": {"x": 0.0, "y": 1.5, "z": 0.0, "ry": 0.0}, "piles": piles,
            "scale": CARD_SCALE}  # fmt: skip


def snap_points(colors: list[str], row: int = 1) -> list[O.Obj]:
    """A save-level snap point at each pile place: where the table lays cards down."""
    rows = places(colors, row)["piles"]
    return [O.table_snap(p["x"], p["z"], p["ry"], p["y"]) for c in colors for p in rows[c]]


def _guids(namespace: str, colors: list[str]) -> tuple[O.Guids, dict[str, str], str]:
    """The GUIDs the save and the layout share: each hand zone's, the card layer's zone's."""
    guids = O.Guids(namespace)
    hands = {c: guids(f"hand:{c}") for c in colors}
    return guids, hands, guids("cards")


def table_objects(
    deck: Deck, assets: Assets, base_url: str, colors: list[str], namespace: str
) -> list[O.Obj]:
    """The card layer's save objects: the hand zones, its zone, the stock of backs.

    The zone's GM notes hold the spawn templates.
    """
    guids, _, zone = _guids(namespace, colors)
    hands = hands_round(colors, O.Guids(namespace))
    spot = places(colors)["stock"]
    marker = O.zone("ScriptingTrigger", zone, Place(spot["x"], spot["z"], 1.0, 0.0, (4, 1, 5)),
                    "Stock")  # fmt: skip
    marker["GMNotes"] = json.dumps(templates(deck, assets, base_url), sort_keys=True)
    return [*hands, marker, stock(deck, assets, base_url, Place(spot["x"], spot["z"], spot["y"]),
                                   guids)]  # fmt: skip


def layout_of(deck: Deck, colors: list[str], namespace: str, row: int = 1) -> dict[str, Any]:
    """The card layer's part of the `<game>.layout` module (`row`: pile places a seat)."""
    _, hands, zone = _guids(namespace, colors)
    extra = {"ids": card_ids(deck), "backs": sheets_of(deck) + 1, "zone": zone, "hands": hands}
    return {**places(colors, row), **extra}
