"""Two self-play bots that take an action one decision at a time, as a player at the table.

`random` picks uniformly among the options of each decision; `greedy` scores each option
with cheap preferences (colonize, upgrade, advance, settle in). A roll's outcome is drawn
from the same seeded generator, so a seeded game is reproducible. A bot is a function
(engine, state, rng) -> a chooser: the function that answers each decision of the next
action (`Engine.play` asks it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from generator.engines.selfplay import best_option, level_bot
from generator.games.teg.rules.engine import Engine
from generator.games.teg.rules.sources import Chooser, Decision
from generator.games.teg.rules.state import State, seat

Bot = Callable[[Engine, State, random.Random], Chooser]


def roll(engine: Engine, decision: Decision, rng: random.Random) -> str:
    """A seeded outcome for a roll decision ('faces:move,energy')."""
    faces = [rng.choice(engine.uses.face_ids) for _ in range(decision["roll"])]
    return "faces:" + ",".join(faces)


def random_bot(engine: Engine, s: State, rng: random.Random) -> Chooser:
    """Pick uniformly among the options of every decision."""

    def choose(decision: Decision) -> str:
        if "roll" in decision:
            return roll(engine, decision, rng)
        return str(rng.choice(decision["options"])["id"])

    return choose


def greedy_bot(engine: Engine, s: State, rng: random.Random) -> Chooser:
    """Pick the option a simple preference likes best at every decision (ties: the rng).

    It never rerolls or converts, uses every planet action it lands on, and follows only
    faces that move it on (advance, utilize).
    """

    def choose(decision: Decision) -> str:
        if "roll" in decision:
            return roll(engine, decision, rng)
        return best_option(decision, lambda o: _value(engine, s, decision, o), rng)

    return choose


FACE_VALUE = {"advance": 40.0, "utilize": 30.0, "move": 20.0, "acquire": 8.0}


def _value(engine: Engine, s: State, decision: Decision, option: str) -> float:
    uses = engine.uses
    name = decision["name"]
    kind, _, rest = option.partition(":")
    if name == "type":
        if s["follow"]:
            face = uses.faces[s["follow"][0]["face"]].action
            return 1.0 if (kind == "follow") == (face in ("advance", "utilize")) else 0.0
        return {"roll": 3.0, "activate": 2.0, "end_turn": 1.0}.get(kind, -1.0)
    if name == "die" and s["dice"]:
        return FACE_VALUE[uses.faces[s["dice"][int(rest)]["face"]].action]
    if name == "ability":
        return 1.0 if option == "use" else 0.0
    if name == "colony":
        return 80.0 if option == "empire" else 25.0
    if name == "to" and (option == "home" or kind in ("land", "orbit")):
        if option == "home":
            return 0.0
        planet = uses.planets[rest]
        if kind == "orbit":
            return 30.0 + 5.0 * planet.vp / planet.steps
        return 10.0
    if name == "ship" and decision["player"] is not None:
        x = s["players"][seat(s, decision["player"])]["ships"][int(rest)]
        return -20.0 * x.get("step", 0) - (10.0 if x["at"] == "orbit" else 0.0)
    if name == "planet" and kind == "planet" and rest in uses.planets:
        return _closeness(s, decision, rest, uses)
    return 0.0


def _closeness(s: State, decision: Decision, planet: str, uses: Any) -> float:
    # Advance where a ship is closest to colonizing (a planet from the row otherwise).
    if decision["player"] is None:
        return 0.0
    for x in s["players"][seat(s, decision["player"])]["ships"]:
        if x["at"] == "orbit" and x["planet"] == planet:
            return float(x["step"] + 1 - uses.planets[planet].steps) + uses.planets[planet].vp
    return 0.0


# --- the table's levels: from the bot's own view, whole numbers ----------------------------


class Know:
    """The card facts a bot reads, looked up once (the bot's Lua twin builds the same)."""

    def __init__(self, engine: Engine) -> None:
        uses = engine.uses
        self.action = {f: face.action for f, face in uses.faces.items()}
        self.planets = {p: (plan.vp, plan.steps) for p, plan in uses.planets.items()}


# The greedy preferences above in tenths: what a die face is worth to use now.
FACE_TENTHS = {"advance": 400, "utilize": 300, "move": 200, "acquire": 80}


def level_value(k: Know, v: State, decision: Decision, path: list[str], option: str) -> int:
    """How much both levels like an option (docs/bots.md), from the bot's view, in tenths.

    The greedy bot's preferences: colonize, upgrade the empire, advance, settle in; follow only
    faces that move it on; never reroll or convert.
    """
    name = decision["name"]
    kind, _, rest = option.partition(":")
    if name == "type":
        if v["follow"]:
            face = k.action[v["follow"][0]["face"]]
            return 10 if (kind == "follow") == (face in ("advance", "utilize")) else 0
        return {"roll": 30, "activate": 20, "end_turn": 10}.get(kind, -10)
    if name == "die" and v["dice"]:
        return FACE_TENTHS[k.action[v["dice"][int(rest)]["face"]]]
    if name == "ability":
        return 10 if option == "use" else 0
    if name == "colony":
        return 800 if option == "empire" else 250
    if name == "to" and (option == "home" or kind in ("land", "orbit")):
        if option == "home":
            return 0
        vp, steps = k.planets[rest]
        return 300 + 50 * vp // steps if kind == "orbit" else 100
    if name == "ship" and decision["player"] is not None:
        x = v["players"][seat(v, decision["player"])]["ships"][int(rest)]
        return -200 * x.get("step", 0) - (100 if x["at"] == "orbit" else 0)
    if name == "planet" and kind == "planet" and rest in k.planets and decision["player"]:
        # advance where a ship is closest to colonizing
        for x in v["players"][seat(v, decision["player"])]["ships"]:
            if x["at"] == "orbit" and x["planet"] == rest:
                vp, steps = k.planets[rest]
                return 10 * (x["step"] + 1 - steps + vp)
    return 0


BOTS: dict[str, Bot] = {
    "random": random_bot,
    "greedy": greedy_bot,
    **{level: level_bot(level, Know, level_value, roll) for level in ("easy", "strong")},
}
