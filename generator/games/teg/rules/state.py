"""The canonical state of a Tiny Epic Galaxies game, and the plain functions that read it.

The state is plain JSON data (dicts, lists, strings, ints, booleans, null) with exactly the
shape of schemas/teg/state.schema.json, so the Lua core can produce the same document and the
two can be compared byte for byte. Nothing here changes a state; engine.py does that on a
clone.
"""

from __future__ import annotations

from typing import Any

from generator.engines.errors import BadSetup, IllegalAction, canonical
from generator.games.teg.cards import TegData

State = dict[str, Any]
Action = dict[str, Any]

NO_AMOUNT = {"energy": 0, "culture": 0}


def action_str(action: Action) -> str:
    """Return the canonical string of an action, for logs, sorting and golden files."""
    return canonical(action)


def amounts(partial: dict[str, int] | Any) -> dict[str, int]:
    """Return a full resource amount (every resource present, zeros included)."""
    return {**NO_AMOUNT, **dict(partial)}


def clone(s: State) -> State:
    """Return a copy of a state that shares nothing mutable with it."""
    return {
        **s,
        "players": [
            {
                **p,
                "colonies": list(p["colonies"]),
                "ships": [dict(x) for x in p["ships"]],
                "once_used": list(p["once_used"]),
            }
            for p in s["players"]
        ],
        "row": list(s["row"]),
        "deck": list(s["deck"]),
        "discard": list(s["discard"]),
        "dice": [dict(d) for d in s["dice"]],
        "turn": {
            **s["turn"],
            "follow_cost": dict(s["turn"]["follow_cost"]),
            "follow_bonus": dict(s["turn"]["follow_bonus"]),
        },
        "follow": [
            {**w, "cost": dict(w["cost"]), "waiting": list(w["waiting"])} for w in s["follow"]
        ],
        "ranking": None if s["ranking"] is None else [list(t) for t in s["ranking"]],
    }


def new_state(data: TegData, setup: dict[str, Any]) -> State:
    """Build the opening state from a setup {players, deck, missions?}; raise BadSetup."""
    if not isinstance(setup, dict):
        raise BadSetup("setup must be an object")
    rules = data.rules
    players = setup.get("players")
    if not isinstance(players, list) or not all(isinstance(c, str) for c in players):
        raise BadSetup("setup.players must be a list of seat colors")
    if not rules.min_players <= len(players) <= rules.max_players:
        raise BadSetup(
            f"{len(players)} players; this game takes {rules.min_players}-{rules.max_players}"
        )
    if len(set(players)) != len(players):
        raise BadSetup("setup.players names a seat twice")
    for color in players:
        if color not in rules.seat_colors:
            raise BadSetup(f"'{color}' is not a seat ({', '.join(rules.seat_colors)})")
    deck = setup.get("deck")
    ids = {p.id for p in data.planets}
    if not isinstance(deck, list):
        raise BadSetup(f"setup.deck must list each of the {len(ids)} planet ids exactly once")
    listed: set[str] = set()
    for planet in deck:
        if not isinstance(planet, str) or planet not in ids:
            raise BadSetup(f"setup.deck: unknown planet '{planet}'")
        if planet in listed:
            raise BadSetup(f"setup.deck lists planet '{planet}' twice")
        listed.add(planet)
    missing = [p.id for p in data.planets if p.id not in listed]
    if missing:
        raise BadSetup(f"setup.deck leaves out planet '{missing[0]}' (it must list all {len(ids)})")
    missions = setup.get("missions") or {}
    if not isinstance(missions, dict):
        raise BadSetup("setup.missions must map seat colors to mission ids")
    mission_ids = {m.id for m in data.missions}
    for color, mission in missions.items():
        if color not in players:
            raise BadSetup(f"setup.missions names '{color}', who is not playing")
        if mission not in mission_ids:
            raise BadSetup(f"setup.missions: unknown mission '{mission}'")
    if len(set(missions.values())) != len(missions):
        raise BadSetup("setup.missions deals one mission card to two players")

    row_size = rules.row_sizes[len(players)]
    start = {r.id: r.start for r in rules.resources}
    unlocked = data.levels[0].ships
    return {
        "game": rules.id,
        "phase": "playing",
        "stage": "roll",
        "round": 1,
        "active": players[0],
        "end_triggered_by": None,
        "final_round": False,
        "players": [
            {
                "color": color,
                "vp": data.levels[0].vp,
                "mission_vp": 0,
                "energy": start["energy"],
                "culture": start["culture"],
                "empire": 1,
                "colonies": [],
                "ships": [
                    {"at": "home"} if i < unlocked else {"at": "locked"}
                    for i in range(rules.ships_per_player)
                ],
                "mission": missions.get(color),
                "once_used": [],
            }
            for color in players
        ],
        "row": list(deck[:row_size]),
        "deck": list(deck[row_size:]),
        "discard": [],
        "dice": [],
        "turn": fresh_turn(data),
        "follow": [],
        "ranking": None,
    }


def fresh_turn(data: TegData) -> dict[str, Any]:
    """The per-turn bookkeeping at the start of a turn."""
    return {
        "rerolls": 0,
        "converted": False,
        "follow_cost": amounts(data.rules.follow_cost),
        "follow_bonus": dict(NO_AMOUNT),
    }


def seat(s: State, color: str) -> int:
    """Return the seat index of a color; IllegalAction if nobody sits there."""
    for i, p in enumerate(s["players"]):
        if p["color"] == color:
            return i
    raise IllegalAction(f"'{color}' is not playing")


def active_index(s: State) -> int:
    """Seat index of the player whose turn it is."""
    return seat(s, s["active"])


def clockwise_from(s: State, index: int) -> list[int]:
    """Seat indexes of every other player, clockwise from the left of seat `index`."""
    n = len(s["players"])
    return [(index + k) % n for k in range(1, n)]


def colony_vp(data: TegData, player: dict[str, Any]) -> int:
    """VP from a player's colonies."""
    return sum(data.planet(c).vp for c in player["colonies"])


def running_vp(data: TegData, player: dict[str, Any]) -> int:
    """VP without missions: colonies plus the current empire level."""
    return colony_vp(data, player) + data.levels[player["empire"] - 1].vp


def mission_measure(data: TegData, player: dict[str, Any], measure: str, track: Any) -> int:
    """A number a mission compares: a resource, or colonies (of one track type)."""
    if measure == "colonies":
        return sum(1 for c in player["colonies"] if track is None or data.planet(c).track == track)
    return int(player[measure])


def threshold_value(data: TegData, player: dict[str, Any], key: str) -> int:
    """A number a mission threshold reads (at_least / at_most)."""
    ships = [x for x in player["ships"] if x["at"] != "locked"]
    if key == "ships_home":
        return sum(1 for x in ships if x["at"] == "home")
    if key == "ships_away":
        return sum(1 for x in ships if x["at"] != "home")
    if key == "colonies":
        return len(player["colonies"])
    return int(player[key])


def mission_vp(data: TegData, s: State, index: int) -> int:
    """VP the player at seat `index` scores for their mission at the end (0 without one)."""
    player = s["players"][index]
    if player["mission"] is None:
        return 0
    mission = data.mission(player["mission"])
    cond = mission.condition
    kind = cond["kind"]
    if kind in ("most", "fewest"):
        values = [
            mission_measure(data, p, cond["measure"], cond.get("track")) for p in s["players"]
        ]
        best = max(values) if kind == "most" else min(values)
        if values[index] != best:
            return 0
        return mission.vp if values.count(best) == 1 else int(mission.tied_vp or 0)
    if kind == "equal":
        counts = {mission_measure(data, player, "colonies", t) for t in cond["tracks"]}
        return mission.vp if len(counts) == 1 else 0
    if kind == "at_least":
        ok = all(threshold_value(data, player, k) >= v for k, v in cond["amounts"].items())
        return mission.vp if ok else 0
    if kind == "at_most":
        ok = all(threshold_value(data, player, k) <= v for k, v in cond["amounts"].items())
        return mission.vp if ok else 0
    if kind == "triggered_end":
        return mission.vp if s["end_triggered_by"] == player["color"] else 0
    if kind == "top_empire":
        return mission.vp if player["empire"] == len(data.levels) else 0
    raise ValueError(f"unknown mission kind '{kind}'")  # the schema rules this out


def ranking(s: State) -> list[list[str]]:
    """Places from first to last; players still tied after every tie-break share a place.

    Order: VP, then most colonies, then highest empire level, then energy + culture.
    """

    def key(p: dict[str, Any]) -> tuple[int, int, int, int]:
        return (p["vp"], len(p["colonies"]), p["empire"], p["energy"] + p["culture"])

    places: list[list[str]] = []
    last: tuple[int, int, int, int] | None = None
    for p in sorted(s["players"], key=key, reverse=True):
        if key(p) == last:
            places[-1].append(p["color"])
        else:
            places.append([p["color"]])
            last = key(p)
    return places


def scores(s: State) -> dict[str, int]:
    """VP by color: running VP during play, final VP (with missions) once the game is over."""
    return {p["color"]: p["vp"] for p in s["players"]}


def observe(s: State, color: str) -> State:
    """What one player may see: other players' secret missions hidden until the game ends."""
    seen = clone(s)
    if s["phase"] != "over":
        for p in seen["players"]:
            if p["color"] != color:
                p["mission"] = None
    return seen
