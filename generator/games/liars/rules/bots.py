"""Liar's Dice's bots, each reading only its own colour's view.

A level bot (`easy`, `strong`; `greedy` is `strong`) weighs a bid by how many dice it
expects to show the face: its own (wild ones counted) and, of the dice it cannot see, one in
`faces` for a bid of ones and two in `faces` for another face with ones wild. It calls
"Liar!" when the bid is more than a die above that, "Spot on!" when nothing is closer, and
otherwise makes the raise it finds most likely. Values are whole numbers (scaled by
`faces`), so its Lua twin, lua/liars/table/bots.lua, chooses alike.
"""

from __future__ import annotations

import random
from typing import Any

from generator.engines.selfplay import level_bot
from generator.engines.steps import Chooser, Decision, thrown


def roll(engine: Any, decision: Decision, rng: random.Random) -> str:
    """The dice the table throws: a chance decision's answer."""
    return thrown(decision, rng)


def random_bot(engine: Any, s: Any, rng: random.Random) -> Chooser:
    """Pick uniformly among the options of every decision."""
    return lambda d: roll(engine, d, rng) if "roll" in d else str(rng.choice(d["options"])["id"])


def level_value(g: dict[str, Any], view: Any, d: Decision, path: list[str], option: str) -> int:
    """How much a level bot likes `option`, from its colour's view: a whole number."""
    me = d["player"]
    mine = next(p["faces"] for p in view["players"] if p["color"] == me)
    unseen = sum(p["dice"] for p in view["players"] if p["color"] != me)
    n = g["faces"]

    def expect(face: int) -> int:  # n times the dice expected to show `face`
        wild = g["ones_wild"] and face != 1
        return n * sum(1 for f in mine if f == face or (wild and f == 1)) + unseen * (
            2 if wild else 1
        )

    bid = view["bid"]
    if d["name"] == "face":
        return expect(int(option)) - n * int(path[-1])
    if option == "liar":
        return n * bid["quantity"] - expect(bid["face"]) - n
    if option == "spot":
        return -abs(n * bid["quantity"] - expect(bid["face"])) - n
    q = int(option)
    low = bid["face"] + 1 if bid is not None and q == bid["quantity"] else 1
    return max(expect(f) for f in range(low, n + 1)) - n * q


BOTS: dict[str, Any] = {
    "random": random_bot,
    **{level: level_bot(level, lambda e: e.g, level_value, roll) for level in ("easy", "strong")},
}
BOTS["greedy"] = BOTS["strong"]
