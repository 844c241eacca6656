"""Tiny Epic Mechs states: the opening state of a setup, what each colour may see, the report.

A state is plain JSON data (schemas/tem/state.schema.json). It holds the hidden information
too (programs, mine numbers, the pilot kept and the basic picked before all reveal, the
weapon deck); `view(state, color)` is what one colour may know.
"""

from __future__ import annotations

from typing import Any

from generator.engines.errors import BadSetup
from generator.plaindata import plain_copy

State = dict[str, Any]
ORTHO = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
DIAG = {"NE": (-1, 1), "SE": (1, 1), "SW": (1, -1), "NW": (-1, -1)}


def cell_id(row: int, col: int) -> str:
    """A cell's id: row and column from 1, north-west first ("r1c3")."""
    return f"r{row + 1}c{col + 1}"


def clone(s: State) -> State:
    """A deep copy (apply works on one)."""
    return plain_copy(s)  # type: ignore[no-any-return]


def layout_for(data: dict[str, Any], players: int) -> list[str]:
    """The arena rows for a player count."""
    for layout in data["layouts"]:
        if layout["players"] == players:
            return list(layout["rows"])
    raise BadSetup(f"no arena layout for {players} players")


def new_state(data: dict[str, Any], setup: dict[str, Any]) -> State:
    """The opening state of a setup {players, arena, pilots_dealt, weapons}; BadSetup if bad."""
    game = data["game"]
    if not isinstance(setup, dict):
        raise BadSetup("the setup must be an object")
    colors = setup.get("players")
    if not isinstance(colors, list) or not all(isinstance(c, str) for c in colors):
        raise BadSetup("players must be a list of colours")
    low, high = game["players"]["min"], game["players"]["max"]
    if not low <= len(colors) <= high:
        raise BadSetup(f"{len(colors)} players: the game takes {low}-{high}")
    if len(set(colors)) != len(colors) or any(c not in game["seat_colors"] for c in colors):
        raise BadSetup("players must be distinct seat colours of the game")
    rows = layout_for(data, len(colors))
    arena = setup.get("arena")
    resource_cells = [
        cell_id(r, c) for r, row in enumerate(rows) for c, k in enumerate(row) if k == "R"
    ]
    zone_ids = {z["id"] for z in data["zones"]}
    if not isinstance(arena, dict) or sorted(arena) != sorted(resource_cells):
        raise BadSetup("arena must map every resource cell of the layout to a zone")
    placed = list(arena.values())
    if len(set(placed)) != len(placed) or any(z not in zone_ids for z in placed):
        raise BadSetup("arena must place distinct resource zones")
    dealt = setup.get("pilots_dealt")
    pilot_ids = {p["id"] for p in data["pilots"]}
    if not isinstance(dealt, dict) or sorted(dealt) != sorted(colors):
        raise BadSetup("pilots_dealt must give every player their pilots")
    every = (
        [p for c in colors for p in dealt[c]]
        if all(isinstance(dealt[c], list) and len(dealt[c]) == 2 for c in colors)
        else None
    )
    if every is None or len(set(every)) != len(every) or any(p not in pilot_ids for p in every):
        raise BadSetup("each player is dealt 2 distinct pilots no one else holds")
    weapons = setup.get("weapons")
    if not isinstance(weapons, list) or sorted(weapons) != sorted(
        w["id"] for w in data["advanced"]
    ):
        raise BadSetup("weapons must order every advanced weapon once")
    cells: dict[str, Any] = {}
    mech_cell = ""
    for r, row in enumerate(rows):
        for c, kind in enumerate(row):
            if kind == ".":
                continue
            cid = cell_id(r, c)
            zone = arena[cid] if kind == "R" else ("" if kind == "B" else data["mech_zone"]["id"])
            if kind == "M":
                mech_cell = cid
            cells[cid] = {"kind": kind, "zone": zone, "mine": None, "turret": None}
    row_size = data["weapons"]["row"]
    return {
        "game": "tem",
        "phase": "base",
        "round": 1,
        "turn": 1,
        "start": 0,
        "active": colors[-1],  # bases are chosen counter-clockwise from the starter's right
        "players": [
            {
                "color": c,
                "base": None,
                "pilot": None,
                "dealt": list(dealt[c]),
                "status": "pilot",
                "health": 0,
                "energy": game["start"]["energy"],
                "credits": game["start"]["credits"],
                "vp": 0,
                "vp_by": {"combat": 0, "ko": 0, "mech": 0, "rounds": [], "weapons": 0},
                "zone": None,
                "ad_hoc": False,
                "ad_hoc_fresh": False,
                "mines": list(game["mine_numbers"]),
                "turrets": game["turrets"],
                "owned": [],
                "equipped": [],
                "bought": [],
                "program": [],
                "played": [],
                "programmed": False,
                "chosen": None,
            }
            for c in colors
        ],
        "cells": cells,
        "mech": {"zone": mech_cell, "controller": None, "side": None},
        "row": list(weapons[:row_size]),
        "deck": list(weapons[row_size:]),
        "piles": {w["id"]: data["weapons"]["basic_copies"] for w in data["basic"]},
        "ranking": None,
        "events": [],
    }


def view(s: State, color: str | None) -> State:
    """What `color` may know of a state (None: a spectator). Hidden values become null.

    Others' programs (a count stays), every mine's number but one's own, others' mines in
    supply and dealt pilots, a pilot kept or a basic picked before all have chosen (`chosen`
    shows only that they have), the deck's order, the number of a mine another player
    deployed in the last action's events.
    """
    out = clone(s)
    for p in out["players"]:
        mine = p["color"] == color
        if not mine:
            p["dealt"] = [None] * len(p["dealt"])
            p["chosen"] = None if p["chosen"] is None else True
            p["program"] = [None] * len(p["program"])
            p["mines"] = [None] * len(p["mines"])
    for cell in out["cells"].values():
        m = cell["mine"]
        if m is not None and m["owner"] != color:
            m["number"] = None
    out["deck"] = [None] * len(out["deck"])
    for e in out["events"]:
        if "number" in e and e["kind"] == "deploy" and e["player"] != color:
            e["number"] = None
    return out


def report(s: State) -> dict[str, Any]:
    """What `ttsmod replay tem` prints: the state the rules name (mine numbers at the end)."""
    players = []
    for p in s["players"]:
        mines = sorted(
            (cid, c["mine"]["number"]) for cid, c in s["cells"].items()
            if c["mine"] is not None and c["mine"]["owner"] == p["color"]
        )  # fmt: skip
        turrets = sorted(cid for cid, c in s["cells"].items() if c["turret"] == p["color"])
        players.append({
            "color": p["color"], "vp": p["vp"], "energy": p["energy"], "credits": p["credits"],
            "health": p["health"], "status": p["status"], "zone": p["zone"], "ad_hoc": p["ad_hoc"],
            "pilot": p["pilot"], "equipped": p["equipped"],
            "stockpile": [w for w in p["owned"] if w not in p["equipped"]],
            "mines": [{"zone": z, "number": n if s["phase"] == "over" else None} for z, n in mines],
            "turrets": turrets,
        })  # fmt: skip
    colors = [p["color"] for p in s["players"]]
    return {
        "game": "tem",
        "phase": s["phase"],
        "round": s["round"],
        "turn": s["turn"],
        "starting_player": colors[s["start"]],
        "mech": s["mech"],
        "players": players,
        "ranking": s["ranking"],
    }
