"""Two self-play bots for Tiny Epic Mechs, answering one decision at a time.

`random` picks uniformly; `greedy` prefers what scores now (buy, deploy, attack with the
hardest hitter, take the Mech) and programs toward the zones worth most. A bot is a
function (engine, state, rng) -> a chooser (`Engine.play` asks it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from generator.engines.selfplay import best_option
from generator.engines.tem.engine import Chooser, Decision, Engine
from generator.engines.tem.state import State

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


BOTS: dict[str, Any] = {"random": random_bot, "greedy": greedy_bot}
