"""Tiny Epic Mechs' bots, answering one decision at a time.

`random` picks uniformly; `greedy` prefers what scores now (buy, deploy, attack with the
hardest hitter, take the Mech) and programs by its wealth, in any direction. The table's
levels (`easy`, `strong`) read only their own colour's view (docs/bots.md says what each
values and how it breaks ties); `lua/tem/table/bots.lua` is their twin, and the cross-check
proves the two choose alike. Values are whole numbers, so both languages compare them alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from generator.engines.selfplay import best_option, level_bot
from generator.engines.steps import Chooser, Decision
from generator.games.tem.rules.engine import Engine
from generator.games.tem.rules.state import State
from generator.i18n import tr

Bot = Callable[[Engine, State, random.Random], Chooser]


def random_bot(engine: Engine, s: State, rng: random.Random) -> Chooser:
    """Pick uniformly among the options of every decision."""

    def choose(decision: Decision) -> str:
        return str(rng.choice(decision["options"])["id"])

    return choose


# How much the greedy bot likes an option, by decision and option id (absent: 0).
PREFER = {
    "act": {"skip": -1.0},
    "mech": {"take": 5.0},
    "equip_start": {"done": 0.5},
    "equip_end": {"done": 0.5},
    "equip_status": {"done": 0.5},
}


def greedy_bot(engine: Engine, s: State, rng: random.Random) -> Chooser:
    """Pick the option a simple preference likes best at every decision (ties: the rng)."""

    def choose(decision: Decision) -> str:
        return best_option(decision, lambda o: _value(engine, s, decision, o), rng)

    return choose


def _value(engine: Engine, s: State, decision: Decision, option: str) -> float:
    name = decision["name"]
    if name in ("attack",):
        w = engine.weapons[option]
        return float(w["damage"] + w["power_damage"])
    if name == "buy":
        w = engine.weapons[option]
        price = sum(w["cost"].values())
        return (w["vp"] + w["damage"] + w["power_damage"]) / (1.0 + price)
    if name == "boost":
        return float(option)
    if name in ("equip_start", "equip_end", "equip_status"):
        if option.startswith("equip:"):
            w = engine.weapons[option.split(":", 1)[1]]
            return 1.0 + w["damage"]
        return PREFER[name].get(option, -1.0)
    if name == "power_up":
        return 3.0 if option == "upgrade" else 1.0
    if name == "program" or name == "ad_hoc_card":
        return _program_value(engine, s, decision["player"], option)
    return PREFER.get(name, {}).get(option, 0.0)


def _program_value(engine: Engine, s: State, color: str, card: str) -> float:
    """What the card's action is worth to this player now (wealth, health, status)."""
    p = next(q for q in s["players"] if q["color"] == color)
    action = engine.programs[card]["action"]
    wealth = p["energy"] + p["credits"]
    hurt = p["status"] != "mech" and p["health"] < engine._health_max(p)
    value = {
        "buy": 3.0 if wealth >= 5 else 0.5,
        "collect": 3.5 if wealth < 5 else 1.0,
        "power_up": 3.2 if hurt or (p["status"] == "pilot" and wealth >= 7) else 0.2,
        "mine": 2.0 if p["mines"] and p["credits"] >= 2 else 0.3,
        "turret": 2.5 if p["turrets"] and p["credits"] >= 2 else 0.3,
    }[action]
    arrow = engine.programs[card]["arrow"]
    return value + {"double": 0.3, "diagonal": 0.2, "step": 0.1}[arrow]


# --- the table's levels: from the bot's own view, whole numbers ----------------------------

DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1),
         "NE": (-1, 1), "SE": (1, 1), "SW": (1, -1), "NW": (-1, -1)}  # fmt: skip
ORTHO = ("N", "E", "S", "W")
DIAGONALS = ("NE", "SE", "SW", "NW")
EQUIPS = ("equip_start", "equip_end", "equip_status")
CELLS = ("retreat", "ko_zone")


class Know:
    """The card facts a bot reads, looked up once (the bot's Lua twin builds the same)."""

    def __init__(self, engine: Engine) -> None:
        d = engine.d
        self.g = d["game"]
        self.zones = {z["id"]: z for z in d["zones"]}
        self.base_value = {b["id"]: int(b["value"]) for b in d["bases"]}
        self.mech_value = int(d["mech_zone"]["value"])
        self.programs = {p["id"]: p for p in d["programs"]}
        self.weapons = {w["id"]: w for w in [*d["basic"], *d["advanced"]]}
        self.pilots = {p["id"]: p for p in d["pilots"]}


def _me(v: State, color: str) -> dict[str, Any]:
    return next(q for q in v["players"] if q["color"] == color)


def _zone_value(k: Know, v: State, cell: str) -> int:
    c = v["cells"][cell]
    if c["kind"] == "R":
        return int(k.zones[c["zone"]]["value"])
    if c["kind"] == "M":
        return k.mech_value
    return k.base_value[c["zone"]]


def _landing(v: State, cell: str, arrow: str, d: str) -> str:
    """Where a move from `cell` ends (where it began when a wall stops it)."""
    r, c = (int(x) for x in cell[1:].split("c"))
    dr, dc = DELTA[d]
    first = f"r{r + dr}c{c + dc}"
    if arrow != "double":
        return first if first in v["cells"] else cell
    second = f"r{r + 2 * dr}c{c + 2 * dc}"
    if second in v["cells"]:
        return second
    return first if first in v["cells"] else cell


def _health_max(k: Know, p: dict[str, Any]) -> int:
    if p["status"] == "pilot":
        return int(k.pilots[p["pilot"]]["health"])
    return int(k.g["statuses"][p["status"]]["health"])


def _price(w: dict[str, Any]) -> int:
    return int(w["cost"].get("energy", 0)) + int(w["cost"].get("credits", 0))


def _cheapest(k: Know, v: State, p: dict[str, Any]) -> int:
    """The lowest price of a weapon the player could buy (a large number: none)."""
    best = 99
    for w in v["row"]:
        best = min(best, _price(k.weapons[w]))
    for w, n in sorted(v["piles"].items()):
        if n > 0 and w not in p["owned"]:
            best = min(best, _price(k.weapons[w]))
    return best


def _where(k: Know, v: State, decision: Decision, path: list[str]) -> tuple[str, int]:
    """Where the player will stand when the card now being chosen moves, and its slot (0-3).

    Programming: their zone moved by the cards already chosen in this action (others' moves
    and what the zones do are not foreseen). Ad Hoc Mode: their zone, this turn.
    """
    p = _me(v, decision["player"])
    at = p["zone"]
    if decision["name"] in ("ad_hoc_card", "ad_hoc_direction"):
        return at, int(v["turn"]) - 1
    steps = path[: len(path) - len(path) % 2]
    for i in range(0, len(steps), 2):
        at = _landing(v, at, k.programs[steps[i]]["arrow"], steps[i + 1])
    return at, len(steps) // 2


def _move_value(k: Know, v: State, p: dict[str, Any], card: str, at: str, d: str,
                slot: int) -> int:  # fmt: skip
    """What moving `card` in direction `d` from `at` and doing its action is worth."""
    prog = k.programs[card]
    to = _landing(v, at, prog["arrow"], d)
    cell = v["cells"][to]
    value = _zone_value(k, v, to)
    ability = k.pilots[p["pilot"]]["ability"]["kind"] if p["pilot"] else "none"
    score = 5 * value
    if slot == int(k.g["program_cards"]) - 1 and v["round"] in k.g["scoring_rounds"]:
        score += 30 * value  # where the round ends is what scores
    mine = cell["mine"]
    if mine is not None and mine["owner"] != p["color"] and ability != "mine_immune":
        score -= 10 * (value + 2)
    if cell["turret"] is not None and cell["turret"] != p["color"] and ability != "turret_immune":
        score -= 10 * value
    enemies = [q for q in v["players"] if q["zone"] == to and q["color"] != p["color"]]
    if enemies and to != at:
        power = sum(int(k.weapons[w]["damage"]) for w in p["equipped"])
        score += 20 if power >= 4 and p["health"] >= 4 else -30
        return score  # a fight: the card's action is skipped
    action = prog["action"]
    free = mine is None and cell["turret"] is None and not (
        cell["kind"] == "M" and v["mech"]["controller"] != p["color"]
        and v["mech"]["zone"] == to
    )  # fmt: skip
    if action == "collect":
        held = sum(
            1 for c in v["cells"].values()
            if (c["mine"] is not None and c["mine"]["owner"] == p["color"])
            or c["turret"] == p["color"]
        )  # fmt: skip
        score += 10 + 10 * held
    elif action == "mine":
        if free and p["mines"] and p["credits"] >= value:
            score += 10 * value + 5
    elif action == "turret":
        res = k.g["costs"]["turret"]["resource"]
        if free and p["turrets"] > 0 and p[res] >= value:
            score += 20 * value + 10
    elif action == "buy":
        if p["energy"] + p["credits"] >= _cheapest(k, v, p):
            score += 25
    elif action == "power_up":
        up = k.g["costs"]["upgrade"]
        if p["status"] == "pilot" and p[up["resource"]] >= int(up["pay"]):
            score += 40
        elif p["status"] != "mech" and p["health"] < _health_max(k, p):
            score += 5 * (_health_max(k, p) - p["health"])
    if (
        to == v["mech"]["zone"] and v["mech"]["controller"] is None
        and p["status"] == "armor" and p["health"] == _health_max(k, p)
    ):  # fmt: skip
        score += 40
    return score


def _dirs(k: Know, card: str) -> tuple[str, ...]:
    return DIAGONALS if k.programs[card]["arrow"] == "diagonal" else ORTHO


def level_value(k: Know, v: State, decision: Decision, path: list[str], option: str) -> int:
    """How much both levels like an option, in whole numbers (docs/bots.md).

    A program card: where it takes the bot and what it can do there.
    """
    name = decision["name"]
    p = _me(v, decision["player"])
    if name in ("program", "ad_hoc_card"):
        at, slot = _where(k, v, decision, path)
        return max(_move_value(k, v, p, option, at, d, slot) for d in _dirs(k, option))
    if name in ("direction", "ad_hoc_direction"):
        at, slot = _where(k, v, decision, path)
        return _move_value(k, v, p, path[-1], at, option, slot)
    if name == "attack":
        w = k.weapons[option]
        power = tr(" (power attack)") in next(o["label"] for o in decision["options"]
                                         if o["id"] == option)  # fmt: skip
        return 10 * int(w["power_damage"] if power else w["damage"])
    if name == "buy":
        w = k.weapons[option]
        return 100 * (3 * w["vp"] + w["damage"] + w["power_damage"]) // (1 + _price(w))
    if name == "fight":
        return -_me(v, option)["health"]
    if name in CELLS or name == "move_mine" or name == "move_turret":
        sign = -1 if name.startswith("move_") else 1
        return sign * _zone_value(k, v, option)
    if name == "base":
        r, c = (int(x) for x in option[1:].split("c"))
        near = (f"r{r + dr}c{c + dc}" for dr, dc in (DELTA[d] for d in ORTHO))
        return sum(_zone_value(k, v, x) for x in near if x in v["cells"])
    if name == "pilot":
        return int(k.pilots[option]["health"])
    if name == "basic":
        w = k.weapons[option]
        return w["damage"] + w["power_damage"]
    if name in EQUIPS:
        if option.startswith("equip:"):
            w = k.weapons[option[6:]]
            return 10 + 10 * (w["damage"] + w["power_damage"])
        return 5 if option == "done" else -10
    if name == "power_up":
        return 100 if option == "upgrade" else int(option.split(":")[1])
    if name in ("boost", "mine_number", "base_mine"):
        return int(option)
    return {"act": {"skip": -10}, "mech": {"take": 50}}.get(name, {}).get(option, 0)


BOTS: dict[str, Any] = {
    "random": random_bot,
    "greedy": greedy_bot,
    **{level: level_bot(level, Know, level_value) for level in ("easy", "strong")},
}
