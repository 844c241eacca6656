"""Render every image of the Tiny Epic Mechs mod (cached by what each is drawn from).

Decks (one sheet each): the zone cards (resource zones, bases, the Mech zone), the program
cards (each colour's 8), the weapons (each basic kind once: its copies share a CardID; the
advanced ones), the pilots (their back is the Power Armor side) and the Mighty Mech card
(its back is its other side). Tiles: each colour's board, the score card, the arena mat,
the rules summary, Ad Hoc Mode. Tokens: figures, mines, turrets, track markers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PIL import Image

from generator.games.tem.render import components as C
from generator.games.tem.render.features import CARD, arena_features, mat_features, score_features
from generator.i18n import tr
from generator.render import Assets, Cache, RenderError, Sheet, TextProblem, sheet_name
from generator.render import png_size as _png_size
from generator.render.draw import TextFitError
from generator.render.features import Features
from generator.render.sheets import grid, sheet

# one image per seat colour; vp40 is the VP marker's other side, shown past the track's end
TOKENS = ("figure", "mine", "turret", "vp", "vp40")
MARKERS = ("health", "energy", "credits", "round", "mech")  # one image each


def decks(data: Any) -> dict[str, list[tuple[str, str, Any]]]:
    """Each deck's cards in sheet order: (card id, JSON pointer, a drawing function)."""
    p, marked = data.plain, data.marked
    colors = p["game"]["seat_colors"]
    slots = p["game"]["statuses"]["pilot"]["slots"]
    mech = p["game"]["statuses"]["mech"]
    units = p["game"]["units"]
    zones = [
        (z["id"], f"zones/zones/{i}", partial(C.zone_card, z, z["id"] in marked, units))
        for i, z in enumerate(p["zones"])
    ]
    zones += [
        (b["id"], f"zones/bases/{i}", partial(C.base_card, b, b["id"] in marked))
        for i, b in enumerate(p["bases"])
    ]
    mz = p["mech_zone"]
    zones.append((mz["id"], "zones/mech_zone", partial(C.mech_zone_card, mz, mz["id"] in marked)))
    programs = [
        (
            f"{color}:{c['id']}",
            f"programs/programs/{i}",
            partial(C.program_card, c, color, c["id"] in marked, units),
        )
        for color in colors
        for i, c in enumerate(p["programs"])
    ]
    weapons = [
        (w["id"], f"weapons/{kind}/{i}", partial(C.weapon_card, w, kind, w["id"] in marked, units))
        for kind in ("basic", "advanced")
        for i, w in enumerate(p[kind])
    ]
    pilots = [
        (q["id"], f"pilots/pilots/{i}", partial(C.pilot_card, q, slots, q["id"] in marked, units))
        for i, q in enumerate(p["pilots"])
    ]
    side = p["sides"][0]
    return {
        "zones": zones,
        "programs": programs,
        "weapons": weapons,
        "pilots": pilots,
        "mech": [
            (
                side["id"],
                "mech/sides/0",
                partial(C.mech_card, side, mech, side["id"] in marked, units),
            )
        ],
    }


def _backs(data: Any, font_path: str | None) -> dict[str, Callable[[], Image.Image]]:
    p = data.plain
    name = p["game"]["name"]
    other = p["sides"][1]
    mech = p["game"]["statuses"]["mech"]
    return {
        "zones": partial(C.back, tr("ARENA ZONE"), (90, 100, 110), name, font_path),
        "programs": partial(C.back, tr("PROGRAM"), (60, 70, 90), name, font_path),
        "weapons": partial(C.back, tr("WEAPON"), (140, 60, 60), name, font_path),
        "pilots": partial(C.armor_side, p["game"]["statuses"]["armor"], font_path),
        "mech": partial(
            C.mech_card, other, mech, other["id"] in data.marked, p["game"]["units"], font_path
        ),
    }


def render(
    data: Any,
    cache: Cache,
    font_path: str | None = None,
    step: Callable[[str], None] = lambda name: None,
) -> Assets:
    """Render every image of the mod; RenderError lists every text that does not fit."""
    files: dict[str, bytes] = {}
    sizes: dict[str, tuple[int, int]] = {}
    problems: list[TextProblem] = []
    p = data.plain

    def keep(name: str, key: Any, draw: Callable[[], Image.Image], where: str) -> None:
        drawn = cache.drawn
        try:
            # the game's id in the key: the cache is shared with Tiny Epic Galaxies, which
            # draws an "energy" token of its own (its keys never start with "tem")
            files[name] = cache.png(["tem", key, font_path], draw)
        except TextFitError as err:
            file, _, ptr = where.partition("/")
            problems.append(TextProblem(file, "/" + ptr, str(err)))
            return
        except _Unfit as err:
            problems.extend(err.problems)
            return
        if cache.drawn > drawn:
            cache.files_drawn += 1
        else:
            cache.files_reused += 1
        sizes[name] = _png_size(files[name])
        step(name)

    sheets: dict[str, tuple[Sheet, ...]] = {}
    backs = _backs(data, font_path)
    for kind, cards in decks(data).items():
        back_name = f"{kind}_back.png"
        back_key = ["back", kind, _plain_key(data, kind)]
        keep(back_name, back_key, backs[kind], "game/name")
        keys = [["card", kind, cid, _plain_key(data, kind)] for cid, _, _ in cards]
        name = sheet_name(kind, 1)
        compose = partial(_compose, cache, cards, keys, back_key, backs[kind], font_path)
        keep(name, ["sheet", keys, back_key], compose, "game/name")
        columns, rows = grid(len(cards))
        sheets[kind] = (Sheet(name, back_name, columns, rows, tuple(c for c, _, _ in cards)),)
    colors = p["game"]["seat_colors"]
    for index, color in enumerate(colors):
        keep(
            f"mat_{color}.png",
            ["mat", color, p["game"], p["pilots"]],
            partial(C.player_mat, color, p, font_path),
            f"game/seat_colors/{index}",
        )
        for kind in TOKENS:
            keep(
                f"{kind}_{color}.png",
                ["token", kind, color],
                partial(C.token, kind, color, font_path),
                f"game/seat_colors/{index}",
            )
    for kind in MARKERS:
        keep(f"{kind}.png", ["token", kind], partial(C.token, kind, None, font_path), "game/name")
    keep("score.png", ["score", p["game"]], partial(C.score_card, p, font_path), "game/rounds")
    keep("arena.png", ["arena", p["layouts"]], partial(C.arena_mat, p, font_path), "arena/layouts")
    programs = len(p["programs"])
    keep("rules.png", ["rules", p["game"], programs], partial(C.rules_card, p, font_path),
         "game/name")  # fmt: skip
    keep("adhoc.png", ["adhoc", programs], partial(C.ad_hoc_card, programs, font_path),
         "game/name")  # fmt: skip
    try:
        thumbnail = cache.png(
            ["tem", ["thumbnail", p["game"]], font_path], partial(C.thumbnail, p, font_path)
        )
    except TextFitError as err:
        problems.append(TextProblem("game", "/name", str(err)))
    if problems:
        raise RenderError(problems)
    features: dict[str, Features] = {
        "mat": mat_features(p),
        "score.png": score_features(p),
        "arena.png": arena_features(p),
    }
    return Assets(files, sheets, sizes, thumbnail, features)


def _plain_key(data: Any, kind: str) -> Any:
    """What a deck's cards are drawn from (so a change redraws that deck only)."""
    p = data.plain
    sources = {
        "zones": ["zones", "bases", "mech_zone"],
        "programs": ["programs"],
        "weapons": ["basic", "advanced"],
        "pilots": ["pilots"],
        "mech": ["sides"],
    }[kind]
    return [p["game"], sorted(data.marked), *(p[s] for s in sources)]


class _Unfit(Exception):
    def __init__(self, problems: list[TextProblem]) -> None:
        super().__init__(f"{len(problems)} card(s) with text that does not fit")
        self.problems = problems


def _compose(
    cache: Cache,
    cards: list[tuple[str, str, Any]],
    keys: list[Any],
    back_key: Any,
    back: Callable[[], Image.Image],
    font_path: str | None,
) -> Image.Image:
    faces, problems = [], []
    for key, (_, where, draw) in zip(keys, cards, strict=True):
        try:
            faces.append(cache.image([key, font_path], partial(draw, font_path=font_path)))
        except TextFitError as err:
            file, _, ptr = where.partition("/")
            problems.append(TextProblem(file, f"/{ptr}", str(err)))
    if problems:
        raise _Unfit(problems)
    return sheet(faces, cache.image([back_key, font_path], back), CARD)[0]


def expected_steps(data: Any) -> int:
    """How many images render() makes (for a progress bar)."""
    colors = len(data.plain["game"]["seat_colors"])
    return 2 * 5 + colors * (1 + len(TOKENS)) + len(MARKERS) + 4
