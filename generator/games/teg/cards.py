"""Tiny Epic Galaxies card data: the typed, frozen form and the checks no schema can make.

Schemas check each file alone. The checks here look across files (ids unique everywhere,
every resource and track a planet names is one the dice and the game define, empire levels
that increase, a row size for every player count, ability parameters that make sense) and
each one reports a located Problem instead of raising.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any

from generator.cards.ids import id_for
from generator.cards.yamlfile import YamlDoc
from generator.paths import file_stem
from generator.problems import Problem

GAME = "teg"
# Card-data files of the game, in load order; each has schemas/teg/<name>.schema.json.
FILES = ("game", "dice", "empire", "planets", "missions")
# How many seats' mats generator.games.teg.tts.table can lay out on the table.
TABLE_SEATS = 6
# Ids with a meaning of their own in game records: `to: home`, `colony: empire`.
RESERVED_IDS = frozenset({"home", "empire", "any"})

Docs = Mapping[str, YamlDoc]
Check = Callable[[Docs], Iterator[Problem]]


# --- typed data ---------------------------------------------------------------------------


def freeze(value: Any) -> Any:
    """Return a read-only copy of plain data: mappings become proxies, lists become tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: freeze(v) for k, v in sorted(value.items())})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class Resource:
    """A player resource (energy, culture) and its starting amount."""

    id: str
    name: str
    start: int


@dataclass(frozen=True)
class Face:
    """One action die face: `action` is move, acquire (a resource), advance (a track) or utilize."""

    id: str
    name: str
    action: str
    text: str
    resource: str | None = None
    track: str | None = None


@dataclass(frozen=True)
class Level:
    """One empire level: its cost to reach (None for the start), dice, ships and VP."""

    level: int
    cost: int | None
    dice: int
    ships: int
    vp: int


@dataclass(frozen=True)
class Ability:
    """A planet's action as data.

    `params` holds the effect's own parameters (see schemas/teg/planets.schema.json);
    `cost` what is paid first (energy, culture, dice); `limits` the restrictions.
    """

    effect: str
    params: Mapping[str, Any]
    cost: Mapping[str, int]
    limits: frozenset[str]

    @property
    def once_per_turn(self) -> bool:
        """True when the action can be used at most once each turn."""
        return "once_per_turn" in self.limits

    @property
    def own_turn_only(self) -> bool:
        """True when the action can be used only during its user's own turn."""
        return "own_turn_only" in self.limits


@dataclass(frozen=True)
class Planet:
    """A planet card."""

    id: str
    name: str
    vp: int
    track: str
    steps: int
    resource: str
    ability: Ability
    text: str


@dataclass(frozen=True)
class Mission:
    """A secret mission card; `condition` is its plain-data condition (kind + parameters)."""

    id: str
    name: str
    vp: int
    tied_vp: int | None
    condition: Mapping[str, Any]
    text: str


@dataclass(frozen=True)
class Rules:
    """Table-wide numbers from game.yaml."""

    id: str
    name: str
    min_players: int
    max_players: int
    seat_colors: tuple[str, ...]
    row_sizes: Mapping[int, int]
    resources: tuple[Resource, ...]
    resource_cap: int
    end_vp: int
    follow_cost: Mapping[str, int]
    free_rerolls: int
    reroll_cost: Mapping[str, int]
    ships_per_player: int
    missions_dealt: int
    missions_kept: int
    units: Mapping[str, Mapping[str, str]]  # the words each count is said in (game.yaml)


@dataclass(frozen=True)
class TegData:
    """All of Tiny Epic Galaxies' card data, validated and read-only."""

    rules: Rules
    dice_count: int
    faces: tuple[Face, ...]
    levels: tuple[Level, ...]
    planets: tuple[Planet, ...]
    missions: tuple[Mission, ...]

    @cached_property
    def _by_id(self) -> dict[str, Any]:
        # Built once: the engines look cards up on every action. (A cached_property writes
        # to the instance dict directly, which a frozen dataclass allows.)
        return {
            **{f"face:{f.id}": f for f in self.faces},
            **{f"planet:{p.id}": p for p in self.planets},
            **{f"mission:{m.id}": m for m in self.missions},
        }

    def planet(self, planet_id: str) -> Planet:
        """Return the planet with this id (KeyError if there is none)."""
        return self._by_id[f"planet:{planet_id}"]

    def mission(self, mission_id: str) -> Mission:
        """Return the mission with this id (KeyError if there is none)."""
        return self._by_id[f"mission:{mission_id}"]

    def face(self, face_id: str) -> Face:
        """Return the die face with this id (KeyError if there is none)."""
        return self._by_id[f"face:{face_id}"]

    @property
    def tracks(self) -> tuple[str, ...]:
        """Colony track types, in die-face order."""
        return tuple(f.track for f in self.faces if f.track)

    def summary(self) -> str:
        """One line saying what was loaded."""
        r = self.rules
        return (
            f"{r.id}: {len(self.planets)} planets, {len(self.missions)} missions, "
            f"{len(self.levels)} empire levels, {len(self.faces)} die faces on "
            f"{self.dice_count} dice, {r.min_players}-{r.max_players} players"
        )


def build(docs: Docs) -> TegData:
    """Turn validated documents into TegData. Call only when every check has passed."""
    g = docs["game"].data
    rules = Rules(
        id=g["id"],
        name=g["name"],
        min_players=g["players"]["min"],
        max_players=g["players"]["max"],
        seat_colors=tuple(g["seat_colors"]),
        row_sizes=freeze({r["players"]: r["planets"] for r in g["face_up_row"]}),
        resources=tuple(Resource(**r) for r in g["resources"]),
        resource_cap=g["resource_cap"],
        end_vp=g["end_vp"],
        follow_cost=freeze(g["follow_cost"]),
        free_rerolls=g["reroll"]["free_per_turn"],
        reroll_cost=freeze(g["reroll"]["cost"]),
        ships_per_player=g["ships_per_player"],
        missions_dealt=g["missions"]["dealt"],
        missions_kept=g["missions"]["kept"],
        units=freeze(g["units"]),
    )
    dice = docs["dice"].data
    levels = tuple(
        Level(lv["level"], lv.get("cost"), lv["dice"], lv["ships"], lv["vp"])
        for lv in docs["empire"].data["levels"]
    )
    return TegData(
        rules=rules,
        dice_count=dice["count"],
        faces=tuple(Face(**f) for f in dice["faces"]),
        levels=levels,
        planets=tuple(_planet(p) for p in docs["planets"].data["planets"]),
        missions=tuple(_mission(m) for m in docs["missions"].data["missions"]),
    )


def _planet(p: Mapping[str, Any]) -> Planet:
    a = dict(p["ability"])
    ability = Ability(
        effect=a.pop("effect"),
        cost=freeze(a.pop("cost", {})),
        limits=frozenset(a.pop("limits", ())),
        params=freeze(a),
    )
    fields = {k: p[k] for k in ("id", "name", "vp", "track", "steps", "resource", "text")}
    return Planet(ability=ability, **fields)


def _mission(m: Mapping[str, Any]) -> Mission:
    return Mission(
        id=m["id"],
        name=m["name"],
        vp=m["vp"],
        tied_vp=m.get("tied_vp"),
        condition=freeze(m["condition"]),
        text=m["text"],
    )


# --- cross-checks ---------------------------------------------------------------------------

CHECKS: list[tuple[tuple[str, ...], Check]] = []


def check(*files: str) -> Callable[[Check], Check]:
    """Register a cross-check that runs only when these files passed their schemas.

    A check never sees data of the wrong shape, so it can index freely; files that failed
    their schema have already been reported.
    """

    def register(fn: Check) -> Check:
        CHECKS.append((files, fn))
        return fn

    return register


def _cards(docs: Docs, file: str) -> list[tuple[str, dict[str, Any]]]:
    """(pointer, card) for every card of a planets/missions file."""
    key = file  # the list key equals the file name: planets.yaml holds `planets:`
    return [(f"/{key}/{i}", card) for i, card in enumerate(docs[file].data[key])]


@check("planets", "missions")
def unique_ids(docs: Docs) -> Iterator[Problem]:
    """Ids are unique within and across files, match their names and avoid reserved words."""
    first: dict[str, str] = {}
    for file in ("planets", "missions"):
        doc = docs[file]
        for ptr, card in _cards(docs, file):
            cid = card["id"]
            where = f"{file}.yaml {ptr}"
            if cid in first:
                yield doc.problem(
                    f"{ptr}/id", "DUPID", f"id '{cid}' is already used by {first[cid]}"
                )
            else:
                first[cid] = where
            if cid in RESERVED_IDS:
                yield doc.problem(
                    f"{ptr}/id", "DUPID", f"id '{cid}' is reserved in game records; rename it"
                )
            expected = id_for(card["name"])
            if expected and cid != expected:
                yield doc.problem(
                    f"{ptr}/id",
                    "ID",
                    f"id '{cid}' does not match name '{card['name']}': expected '{expected}'",
                )


@check("game", "dice")
def faces_and_resources(docs: Docs) -> Iterator[Problem]:
    """Each face id is unique, each acquired resource exists, and every resource can be acquired."""
    dice, game = docs["dice"], docs["game"]
    resources = [r["id"] for r in game.data["resources"]]
    for rid, n in Counter(resources).items():
        if n > 1:
            yield game.problem("/resources", "DUPID", f"resource '{rid}' is listed {n} times")
    faces = dice.data["faces"]
    seen: set[str] = set()
    for i, face in enumerate(faces):
        if face["id"] in seen:
            yield dice.problem(f"/faces/{i}/id", "DUPID", f"face '{face['id']}' appears twice")
        seen.add(face["id"])
        if face.get("resource") and face["resource"] not in resources:
            yield dice.problem(
                f"/faces/{i}/resource", "REF", _unknown("resource", face["resource"], "game.yaml")
            )
    acquired = {f.get("resource") for f in faces}
    for i, rid in enumerate(resources):
        if rid not in acquired:
            yield game.problem(
                f"/resources/{i}/id", "REF", f"no die face in dice.yaml acquires '{rid}'"
            )
    for action in ("move", "utilize"):
        if not any(f["action"] == action for f in faces):
            yield dice.problem("/faces", "REF", f"no die face has action '{action}'")


def _unknown(kind: str, value: str, where: str) -> str:
    return f"{kind} '{value}' is not defined in {where}"


def _amount_keys(ability: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(parameter, resource) for every resource an ability names."""
    for param in ("gain", "others_gain", "take", "pay_owner", "follow_cost", "cost"):
        for key in ability.get(param, {}):
            if key != "dice":  # `cost: {dice: n}` is dice, not a resource
                yield f"{param}/{key}", key
    for param in ("from", "to"):
        if param in ability:
            yield param, ability[param]
    for i, rid in enumerate(ability.get("choice", [])):
        yield f"choice/{i}", rid


@check("game", "dice", "planets")
def planet_references(docs: Docs) -> Iterator[Problem]:
    """Planet tracks, resources and ability parameters name things the game defines."""
    resources = {r["id"] for r in docs["game"].data["resources"]}
    tracks = {f["track"] for f in docs["dice"].data["faces"] if f.get("track")}
    doc = docs["planets"]
    for ptr, p in _cards(docs, "planets"):
        if p["track"] not in tracks:
            yield doc.problem(f"{ptr}/track", "REF", _unknown("track", p["track"], "dice.yaml"))
        if p["resource"] not in resources:
            yield doc.problem(
                f"{ptr}/resource", "REF", _unknown("resource", p["resource"], "game.yaml")
            )
        ability = p["ability"]
        for param, rid in _amount_keys(ability):
            if rid not in resources:
                yield doc.problem(
                    f"{ptr}/ability/{param}", "REF", _unknown("resource", rid, "game.yaml")
                )
        track = ability.get("track")
        if track not in (None, "any") and track not in tracks:
            yield doc.problem(f"{ptr}/ability/track", "REF", _unknown("track", track, "dice.yaml"))


@check("game", "dice", "missions")
def mission_references(docs: Docs) -> Iterator[Problem]:
    """Mission conditions name defined resources and tracks, and tie bonuses fit their kind."""
    resources = {r["id"] for r in docs["game"].data["resources"]}
    tracks = {f["track"] for f in docs["dice"].data["faces"] if f.get("track")}
    doc = docs["missions"]
    for ptr, m in _cards(docs, "missions"):
        cond = m["condition"]
        kind = cond["kind"]
        measure = cond.get("measure")
        if measure in ("energy", "culture") and measure not in resources:
            yield doc.problem(
                f"{ptr}/condition/measure", "REF", _unknown("resource", measure, "game.yaml")
            )
        if "track" in cond and measure != "colonies":
            yield doc.problem(
                f"{ptr}/condition/track", "MISSION", "'track' applies only to measure 'colonies'"
            )
        for i, track in enumerate([cond.get("track"), *cond.get("tracks", [])]):
            if track is not None and track not in tracks:
                sub = "track" if i == 0 else f"tracks/{i - 1}"
                yield doc.problem(
                    f"{ptr}/condition/{sub}", "REF", _unknown("track", track, "dice.yaml")
                )
        for key in cond.get("amounts", {}):
            if key in ("energy", "culture") and key not in resources:
                yield doc.problem(
                    f"{ptr}/condition/amounts/{key}", "REF", _unknown("resource", key, "game.yaml")
                )
        tied = kind in ("most", "fewest")
        if tied and "tied_vp" not in m:
            yield doc.problem(ptr, "MISSION", f"kind '{kind}' needs 'tied_vp' (VP when tied)")
        if not tied and "tied_vp" in m:
            yield doc.problem(
                f"{ptr}/tied_vp", "MISSION", f"kind '{kind}' cannot tie; remove 'tied_vp'"
            )
        if "tied_vp" in m and m["tied_vp"] >= m["vp"]:
            yield doc.problem(
                f"{ptr}/tied_vp",
                "MISSION",
                f"tied_vp {m['tied_vp']} must be less than vp {m['vp']}",
            )


@check("empire")
def empire_levels(docs: Docs) -> Iterator[Problem]:
    """Levels count up from 1, only the start is free, and cost, VP, dice and ships never drop."""
    doc = docs["empire"]
    levels = doc.data["levels"]
    for i, lv in enumerate(levels):
        ptr = f"/levels/{i}"
        if lv["level"] != i + 1:
            yield doc.problem(
                f"{ptr}/level", "EMPIRE", f"level {lv['level']} is listed at position {i + 1}"
            )
        if i == 0 and "cost" in lv:
            yield doc.problem(f"{ptr}/cost", "EMPIRE", "the starting level has no cost")
        if i > 0 and "cost" not in lv:
            yield doc.problem(ptr, "EMPIRE", f"level {lv['level']} needs a cost")
        if i == 0:
            continue
        prev = levels[i - 1]
        for key, strict in (("cost", True), ("vp", True), ("dice", False), ("ships", False)):
            if key not in lv or key not in prev:
                continue
            if lv[key] < prev[key] or (strict and lv[key] == prev[key]):
                word = "increase" if strict else "not decrease"
                yield doc.problem(
                    f"{ptr}/{key}",
                    "EMPIRE",
                    f"{key} must {word} from level to level ({prev[key]} then {lv[key]})",
                )


@check("game", "dice", "empire")
def empire_fits_the_box(docs: Docs) -> Iterator[Problem]:
    """No level asks for more dice or ships than the box holds."""
    doc = docs["empire"]
    most_dice = docs["dice"].data["count"]
    most_ships = docs["game"].data["ships_per_player"]
    for i, lv in enumerate(doc.data["levels"]):
        if lv["dice"] > most_dice:
            yield doc.problem(
                f"/levels/{i}/dice", "EMPIRE", f"{lv['dice']} dice, but dice.yaml has {most_dice}"
            )
        if lv["ships"] > most_ships:
            yield doc.problem(
                f"/levels/{i}/ships",
                "EMPIRE",
                f"{lv['ships']} ships, but each player has {most_ships}",
            )


@check("game")
def setup_numbers(docs: Docs) -> Iterator[Problem]:
    """Player counts, seats, row sizes for every count, starting resources, mission deal."""
    game = docs["game"]
    g = game.data
    low, high = g["players"]["min"], g["players"]["max"]
    if low > high:
        yield game.problem("/players", "SETUP", f"min players {low} is more than max {high}")
    if len(g["seat_colors"]) < high:
        yield game.problem(
            "/seat_colors", "SETUP", f"{len(g['seat_colors'])} seat colors for up to {high} players"
        )
    if len(g["seat_colors"]) > TABLE_SEATS:
        yield game.problem(
            "/seat_colors",
            "SETUP",
            f"{len(g['seat_colors'])} seat colors, but the table has room for {TABLE_SEATS} mats",
        )
    if not file_stem(g["name"]):
        yield game.problem(
            "/name",
            "NAME",
            f"{g['name']!r} has no letter or digit to name the save file after "
            "(files are named from A-Z, a-z, 0-9, '-' and '_')",
        )
    rows = [r["players"] for r in g["face_up_row"]]
    for i, count in enumerate(rows):
        if rows.index(count) != i:
            yield game.problem(
                f"/face_up_row/{i}/players", "ROWS", f"row size for {count} players is given twice"
            )
        elif not low <= count <= high:
            yield game.problem(
                f"/face_up_row/{i}/players", "ROWS", f"{count} players is outside {low}-{high}"
            )
    for count in range(low, high + 1):
        if count not in rows:
            yield game.problem("/face_up_row", "ROWS", f"no row size for {count} players")
    for i, res in enumerate(g["resources"]):
        if res["start"] > g["resource_cap"]:
            yield game.problem(
                f"/resources/{i}/start",
                "SETUP",
                f"start {res['start']} is above the cap of {g['resource_cap']}",
            )
    dealt, kept = g["missions"]["dealt"], g["missions"]["kept"]
    if kept > dealt:
        yield game.problem("/missions/kept", "SETUP", f"keeps {kept} of only {dealt} dealt")


@check("game", "planets", "missions", "empire")
def enough_cards(docs: Docs) -> Iterator[Problem]:
    """Check the decks can fill the largest row and deal every player their missions."""
    game = docs["game"]
    g = game.data
    high = g["players"]["max"]
    n_planets = len(docs["planets"].data["planets"])
    n_missions = len(docs["missions"].data["missions"])
    for i, row in enumerate(g["face_up_row"]):
        if row["planets"] >= n_planets:
            yield game.problem(
                f"/face_up_row/{i}/planets",
                "ROWS",
                f"a row of {row['planets']} leaves no deck from the {n_planets} planets",
            )
    dealt = g["missions"]["dealt"]
    if dealt * high > n_missions:
        yield game.problem(
            "/missions/dealt",
            "SETUP",
            f"dealing {dealt} to each of {high} players needs {dealt * high} missions, "
            f"missions.yaml has {n_missions}",
        )
    start_ships = docs["empire"].data["levels"][0]["ships"]
    if start_ships > g["ships_per_player"]:
        yield game.problem(
            "/ships_per_player",
            "SETUP",
            f"{g['ships_per_player']} ships, but the first empire level unlocks {start_ships}",
        )


# Effects that act on the user's own dice, or on how rivals follow the user, make sense only
# on the user's own turn: a follower has no dice of their own and no one follows a follower.
OWN_TURN_EFFECTS = frozenset({"reroll", "set_face", "follow_bonus", "follow_tax"})


@check("planets")
def ability_parameters(docs: Docs) -> Iterator[Problem]:
    """Ability parameters that the schema allows one by one but that contradict each other."""
    doc = docs["planets"]
    for ptr, p in _cards(docs, "planets"):
        a = p["ability"]
        at = f"{ptr}/ability"
        limits = a.get("limits", [])
        effect = a["effect"]
        dice_cost = "dice" in a.get("cost", {})
        if (effect in OWN_TURN_EFFECTS or dice_cost) and ("own_turn_only" not in limits):
            what = "discards dice" if dice_cost else f"effect '{effect}'"
            yield doc.problem(
                at, "ABILITY", f"{what} works only on the user's turn: add own_turn_only to limits"
            )
        if effect == "trade" and a["from"] == a["to"]:
            yield doc.problem(f"{at}/to", "ABILITY", "trade 'from' and 'to' are the same resource")
        if effect == "gain":
            both = set(a["gain"]) & set(a.get("cost", {}))
            for rid in sorted(both):
                yield doc.problem(
                    f"{at}/cost/{rid}", "ABILITY", f"pays and gains '{rid}': net the amounts"
                )
