"""Go Fish's bots, each reading only its own colour's view.

A level bot (`easy`, `strong`; `greedy` is `strong`) asks for the rank it holds most of
(closest to a book), first of all one another player is known to hold (they asked for it:
public), and asks a player known to hold it, never one known to hold none (they said "Go
fish" to it, or handed it over, and have drawn nothing since), else the one holding the most
cards.
Whole-number values, so its Lua twin, lua/gofish/table/bots.lua, chooses alike.
"""

from __future__ import annotations

import random
from typing import Any

from generator.engines.selfplay import level_bot
from generator.engines.steps import Chooser, Decision, chance_answer


def level_value(g: Any, view: Any, d: Decision, path: list[str], option: str) -> int:
    """How much a level bot likes `option`, from its colour's view: a whole number."""
    hands = {p["color"]: p["hand"] for p in view["players"]}
    if d["name"] == "rank":
        known = any(option in p["known"] for p in view["players"] if p["color"] != d["player"])
        return 10 * known + sum(1 for c in hands[d["player"]] if c[:-1] == option)
    them = next(p for p in view["players"] if p["color"] == option)
    return (
        100 * (path[-1] in them["known"]) - 200 * (path[-1] in them["lacks"]) + len(hands[option])
    )


def random_bot(engine: Any, s: Any, rng: random.Random) -> Chooser:
    """Pick uniformly among the options of every decision (the table shuffles)."""
    return lambda d: chance_answer(d, rng) if not d["options"] else rng.choice(d["options"])["id"]


BOTS: dict[str, Any] = {
    "random": random_bot,
    **{level: level_bot(level, lambda e: e.g, level_value,
                        lambda e, d, rng: chance_answer(d, rng)) for level in ("easy", "strong")},
}  # fmt: skip
BOTS["greedy"] = BOTS["strong"]
