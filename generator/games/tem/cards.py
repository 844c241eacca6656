"""Tiny Epic Mechs card data: the plain form the engines read and the checks no schema can make.

A value the printed game fixes but that is not public is written `{value: N, placeholder:
true}` (a constant in game.yaml) or carried by a record marked `placeholder: true` (a card
whose numbers are ours). `build` unwraps the first kind, so the engines read plain numbers;
`TemData.placeholders` counts both kinds, for `ttsmod validate tem`'s summary.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from generator.cards.ids import id_for
from generator.cards.yamlfile import YamlDoc
from generator.problems import Problem

GAME = "tem"
# Card-data files of the game, in load order; each has schemas/tem/<name>.schema.json.
FILES = ("game", "arena", "zones", "programs", "weapons", "pilots", "mech")
ATTACK_ABILITIES = frozenset(
    {"none", "gain", "vp", "drain", "pay_for_damage", "heal", "shield", "pierce"}
)
STANDING_ABILITIES = frozenset(
    {"none", "extra_vp_on_ko", "cheaper_deploy", "mine_immune", "turret_immune",
     "first_strike_power"}
)  # fmt: skip
# The parameters each ability kind needs (others are refused by the schema or here).
ABILITY_PARAMS = {
    "gain": {"resource", "n"},
    "vp": {"n"},
    "drain": {"resource", "n"},
    "pay_for_damage": {"resource", "max"},
    "heal": {"n"},
    "shield": {"n"},
    "extra_vp_on_ko": {"n"},
    "cheaper_deploy": {"n"},
}

Docs = Mapping[str, YamlDoc]
Check = Callable[[Docs], Iterator[Problem]]


def unwrap(value: Any) -> Any:
    """Plain data with every `{value: X, placeholder: true}` replaced by X."""
    if isinstance(value, dict):
        if set(value) == {"value", "placeholder"}:
            return unwrap(value["value"])
        return {k: unwrap(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unwrap(v) for v in value]
    return value


def count_placeholders(value: Any) -> int:
    """How many `placeholder: true` marks the data holds."""
    if isinstance(value, dict):
        own = 1 if value.get("placeholder") is True else 0
        return own + sum(count_placeholders(v) for k, v in value.items() if k != "placeholder")
    if isinstance(value, list):
        return sum(count_placeholders(v) for v in value)
    return 0


def plain_data(documents: Mapping[str, Any]) -> dict[str, Any]:
    """The card data as both engines read it (placeholders unwrapped, marks dropped)."""

    def cards(items: list[Any]) -> list[Any]:
        return [{k: unwrap(v) for k, v in c.items() if k != "placeholder"} for c in items]

    zones = documents["zones"]
    mech_zone = {k: v for k, v in zones["mech_zone"].items() if k != "placeholder"}
    layouts = sorted(documents["arena"]["layouts"], key=lambda la: la["players"])
    return {
        "game": unwrap(documents["game"]),
        "layouts": [{"players": la["players"], "rows": list(la["rows"])} for la in layouts],
        "zones": cards(zones["zones"]),
        "bases": cards(zones["bases"]),
        "mech_zone": mech_zone,
        "programs": cards(documents["programs"]["programs"]),
        "basic": cards(documents["weapons"]["basic"]),
        "advanced": cards(documents["weapons"]["advanced"]),
        "weapons": {"basic_copies": documents["weapons"]["basic_copies"],
                    "row": documents["weapons"]["row"]},
        "pilots": cards(documents["pilots"]["pilots"]),
        "sides": cards(documents["mech"]["sides"]),
    }  # fmt: skip


@dataclass(frozen=True)
class TemData:
    """Validated Tiny Epic Mechs data: `plain` is what both engines read."""

    plain: dict[str, Any]
    placeholders: int
    marked: frozenset[str] = frozenset()  # ids of the records holding placeholder data

    @property
    def rules(self) -> Any:
        """The game constants (name, players, colours, costs, VP)."""
        return _Rules(self.plain["game"])

    def summary(self) -> str:
        """One line for `ttsmod validate`."""
        p = self.plain
        counts = sorted(la["players"] for la in p["layouts"])
        zones = len(p["zones"]) + len(p["bases"]) + 1
        return (
            f"tem: {zones} zones, {len(p['programs'])} program cards, "
            f"{len(p['basic']) * p['weapons']['basic_copies'] + len(p['advanced'])} weapons, "
            f"{len(p['pilots'])} pilots, {len(p['sides'])} Mech sides, "
            f"arenas for {counts[0]}-{counts[-1]} players"
        )

    def placeholder_note(self, folder: str = "cards/tem") -> str:
        """How many placeholder values remain in `folder` (not an error: it is playable)."""
        return (
            f"placeholders: {self.placeholders} value(s) in {folder} are ours, marked "
            "`placeholder: true`; replace them with the printed ones (README: Tiny Epic Mechs)"
        )


class _Rules:
    def __init__(self, game: Mapping[str, Any]) -> None:
        self.name = game["name"]
        self.min_players = game["players"]["min"]
        self.max_players = game["players"]["max"]
        self.seat_colors = tuple(game["seat_colors"])


def build(docs: Docs) -> TemData:
    """The typed data of validated documents."""
    documents = {name: doc.data for name, doc in docs.items()}
    return TemData(plain_data(documents), count_placeholders(documents), _marked(documents))


def _marked(value: Any) -> frozenset[str]:
    """The ids of the records (anything with an id) that hold a placeholder mark."""
    if isinstance(value, list):
        return frozenset().union(*(_marked(v) for v in value))
    if not isinstance(value, dict):
        return frozenset()
    inner = frozenset().union(*(_marked(v) for v in value.values()))
    if isinstance(value.get("id"), str) and count_placeholders(value):
        return inner | {value["id"]}
    return inner


# --- cross-checks ---------------------------------------------------------------------------

CHECKS: list[tuple[tuple[str, ...], Check]] = []


def check(*files: str) -> Callable[[Check], Check]:
    """Register a cross-check that runs only when these files passed their schemas."""

    def register(fn: Check) -> Check:
        CHECKS.append((files, fn))
        return fn

    return register


CARD_LISTS = (
    ("zones", "zones"),
    ("zones", "bases"),
    ("programs", "programs"),
    ("weapons", "basic"),
    ("weapons", "advanced"),
    ("pilots", "pilots"),
    ("mech", "sides"),
)


@check("zones", "programs", "weapons", "pilots", "mech")
def unique_ids(docs: Docs) -> Iterator[Problem]:
    """Ids are unique across every file and are their names folded."""
    first: dict[str, str] = {}
    items = [
        (f, f"/{key}/{i}", c) for f, key in CARD_LISTS for i, c in enumerate(docs[f].data[key])
    ]
    items.append(("zones", "/mech_zone", docs["zones"].data["mech_zone"]))
    for file, ptr, card in items:
        cid, name = card["id"], card["name"]
        doc = docs[file]
        want = id_for(name)
        if want and cid != want and not (file == "zones" and ptr.startswith("/bases")):
            yield doc.problem(f"{ptr}/id", "ID", f"id '{cid}' should be '{want}' (from {name!r})")
        if cid in first:
            yield doc.problem(f"{ptr}/id", "DUPID", f"id '{cid}' is already used at {first[cid]}")
        else:
            first[cid] = f"{file}.yaml {ptr}"


@check("game", "arena", "zones")
def arena_layouts(docs: Docs) -> Iterator[Problem]:
    """A layout per player count, with one base slot per player, one Mech zone, even rows."""
    game = unwrap(docs["game"].data)
    arena = docs["arena"]
    resources = len(docs["zones"].data["zones"])
    seen: dict[int, int] = {}
    for i, layout in enumerate(arena.data["layouts"]):
        ptr = f"/layouts/{i}"
        n = layout["players"]
        if n in seen:
            yield arena.problem(f"{ptr}/players", "ARENA", f"a second layout for {n} players")
        seen[n] = i
        rows = layout["rows"]
        if len({len(r) for r in rows}) > 1:
            yield arena.problem(f"{ptr}/rows", "ARENA", "rows must all have the same length")
        cells = Counter("".join(rows))
        if cells["B"] != n:
            yield arena.problem(
                f"{ptr}/rows", "ARENA", f"{cells['B']} base slot(s) (B) for {n} players"
            )
        if cells["M"] != 1:
            yield arena.problem(f"{ptr}/rows", "ARENA", f"{cells['M']} Mech zones (M); need 1")
        if cells["R"] > resources:
            yield arena.problem(
                f"{ptr}/rows", "ARENA",
                f"{cells['R']} resource cells (R) but zones.yaml has {resources} resource zones",
            )  # fmt: skip
    for n in range(game["players"]["min"], game["players"]["max"] + 1):
        if n not in seen:
            yield arena.problem("/layouts", "ARENA", f"no layout for {n} players")


@check("game", "zones", "programs", "weapons")
def setup_numbers(docs: Docs) -> Iterator[Problem]:
    """Players, colours, bases, rounds, programs and the weapon row agree with each other."""
    doc = docs["game"]
    game = unwrap(doc.data)
    low, high = game["players"]["min"], game["players"]["max"]
    if low > high:
        yield doc.problem("/players", "SETUP", f"min {low} is more than max {high}")
    if high > len(game["seat_colors"]):
        yield doc.problem("/seat_colors", "SETUP", f"{high} players need {high} seat colours")
    for i, r in enumerate(game["scoring_rounds"]):
        if r > game["rounds"]:
            yield doc.problem(f"/scoring_rounds/{i}", "SETUP", f"round {r} is past the last")
    colors = [b["color"] for b in docs["zones"].data["bases"]]
    for c in game["seat_colors"]:
        if c not in colors:
            yield docs["zones"].problem("/bases", "SETUP", f"no base for seat colour {c}")
    programs = len(docs["programs"].data["programs"])
    if game["program_cards"] > programs:
        yield doc.problem("/program_cards", "SETUP", f"more than the {programs} program cards")
    counters = game["counters"]
    if sorted(counters.values()) != sorted(counters):
        yield doc.problem("/counters", "SETUP", "each type must be countered by exactly one")
    if any(k == v for k, v in counters.items()):
        yield doc.problem("/counters", "SETUP", "a type cannot counter itself")
    weapons = docs["weapons"]
    if len(weapons.data["advanced"]) < weapons.data["row"]:
        yield weapons.problem("/row", "SETUP", "fewer advanced weapons than the row holds")
    if weapons.data["basic_copies"] < high:
        yield weapons.problem("/basic_copies", "SETUP", f"{high} players need one each")
    cap = game["resource_cap"]
    for res in ("energy", "credits"):
        if game["start"][res] > cap:
            yield doc.problem(
                "/resource_cap",
                "SETUP",
                f"the track's cap {cap} is below the {game['start'][res]} {res} each player "
                "starts with",
            )
    floor = game["ko_resource_floor"]
    if floor > cap:
        yield doc.problem(
            "/ko_resource_floor", "SETUP", f"a KO raises resources to {floor}, past the cap {cap}"
        )


@check("weapons", "pilots", "mech")
def ability_parameters(docs: Docs) -> Iterator[Problem]:
    """Each ability has exactly its kind's parameters and fits where it is used."""
    places = [
        ("weapons", "basic", ATTACK_ABILITIES),
        ("weapons", "advanced", ATTACK_ABILITIES),
        ("pilots", "pilots", STANDING_ABILITIES),
        ("mech", "sides", STANDING_ABILITIES),
    ]
    for file, key, allowed in places:
        doc = docs[file]
        for i, card in enumerate(doc.data[key]):
            ability = card["ability"]
            ptr = f"/{key}/{i}/ability"
            kind = ability["kind"]
            if kind not in allowed:
                where = "a weapon" if allowed is ATTACK_ABILITIES else "a pilot or Mech side"
                yield doc.problem(
                    f"{ptr}/kind", "ABILITY", f"'{kind}' is not an ability of {where}"
                )
                continue
            need = ABILITY_PARAMS.get(kind, set())
            have = set(ability) - {"kind", "on_power"}
            for missing in sorted(need - have):
                yield doc.problem(ptr, "ABILITY", f"{kind} needs '{missing}'")
            for extra in sorted(have - need):
                yield doc.problem(f"{ptr}/{extra}", "ABILITY", f"{kind} takes no '{extra}'")
