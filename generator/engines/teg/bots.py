"""Two self-play bots: `random` (uniform over legal actions) and `greedy` (a cheap heuristic).

A bot is a function (engine, state, rng) -> a complete action (roll outcomes filled from the
same rng), so a seeded game is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from generator.engines.teg.engine import Engine
from generator.engines.teg.state import Action, State, seat

Bot = Callable[[Engine, State, random.Random], Action]


def random_bot(engine: Engine, s: State, rng: random.Random) -> Action:
    """Pick uniformly among the legal actions."""
    return engine.complete(s, rng.choice(engine.legal_actions(s)), rng)


def greedy_bot(engine: Engine, s: State, rng: random.Random) -> Action:
    """Pick the action a simple heuristic likes best: colonize, upgrade, advance, settle in.

    It never rerolls or converts and follows only when the follow is clearly worth its cost.
    Ties are broken by the rng, so seeded games differ but replay exactly.
    """
    legal = engine.legal_actions(s)
    best: list[Action] = []
    top = float("-inf")
    for action in legal:
        value = _value(engine, s, action)
        if value > top:
            best, top = [action], value
        elif value == top:
            best.append(action)
    return engine.complete(s, rng.choice(best), rng)


def _value(engine: Engine, s: State, action: Action) -> float:
    kind = action["type"]
    if kind in ("roll", "end_turn"):
        return 0.0
    if kind == "pass":
        return 15.0  # follow only when the use is worth more than this
    if kind in ("reroll", "convert"):
        return -1.0
    if kind == "activate":
        who, face = seat(s, s["active"]), s["dice"][action["die"]]["face"]
        return _use_value(engine, s, who, face, action)
    who = seat(s, action["player"])
    return _use_value(engine, s, who, s["follow"][0]["face"], action) - 5.0


def _use_value(engine: Engine, s: State, who: int, face: str, use: dict[str, Any]) -> float:
    uses = engine.uses
    player = s["players"][who]
    kind = uses.faces[face].action
    if kind == "advance":
        ship = next(
            x for x in player["ships"] if x.get("planet") == use["planet"] and x["at"] == "orbit"
        )
        planet = uses.planets[use["planet"]]
        if ship["step"] + 1 >= planet.steps:
            return 100.0 + 10 * planet.vp
        return 40.0 + 5 * planet.vp
    if kind == "utilize":
        if use["colony"] == "empire":
            return 80.0
        return 25.0
    if kind == "acquire":
        resource = uses.faces[face].resource or ""
        return 8.0 * min(uses.acquire_amount(player, resource), uses.cap - player[resource])
    # move
    ship = player["ships"][use["ship"]]
    lost = 20.0 * ship.get("step", 0) + (10.0 if ship["at"] == "orbit" else 0.0)
    if use["to"] == "home":
        return 2.0 - lost
    planet = uses.planets[use["to"]]
    if use["mode"] == "orbit":
        return 30.0 + 5.0 * planet.vp / planet.steps - lost
    return (20.0 if "ability" in use else 5.0) - lost


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
