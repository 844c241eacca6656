"""Go Fish at the headless table: what its playtest adds to the shared driver.

An ask's entry in words (lua/gofish/table/words.lua says the same) and its hands: every card
in one is its holder's secret (the framework's secrets.HandFacts).
"""

from __future__ import annotations

from typing import Any

from generator.games.gofish.rules.bots import BOTS
from generator.harness import flow
from generator.harness.playtest import Hooks, Runner
from generator.i18n import tr


def compose(steps: list[Any]) -> str:
    """An ask as one entry (words.lua's W.compose): "Ask Blue (5 cards) for queens"."""
    if len(steps) == 2:
        return tr("Ask {player} for {rank}", player=steps[1].label, rank=steps[0].label)
    return str(steps[0].label)


HOOKS = Hooks(
    bots=BOTS,
    flow=flow.Game(
        lookahead=lambda d: d["name"] == "rank",
        inline=lambda d, o, nxt: nxt["name"] == "whom",
        compose=compose,
        hidden=frozenset({"rank"}),
    ),
    hands=lambda engine, s: {p["color"]: p["hand"] for p in s["players"]},  # secret: each card
    seed_prefix="playtest:gofish",
)
PLAYTEST = Runner(HOOKS)
play_game = PLAYTEST.play_game
run = PLAYTEST.run
