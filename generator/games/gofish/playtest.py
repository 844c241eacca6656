"""Go Fish at the headless table: what its playtest adds to the shared driver.

Its panel's words for an option (lua/gofish/table/words.lua says the same) and its secret:
each player's hand, every card of it named to its owner alone.
"""

from __future__ import annotations

from typing import Any

from generator.engines.count import count
from generator.games.gofish.rules.bots import BOTS
from generator.harness import flow, secrets
from generator.harness.playtest import Hooks, Runner
from generator.i18n import tr


def label(engine: Any, state: Any, d: dict[str, Any], o: dict[str, Any]) -> str:
    """An option as the panel shows it: a rank, or a player and how many cards they hold."""
    if d["name"] != "whom":
        return str(o["label"])
    held = next(len(p["hand"]) for p in state["players"] if p["color"] == o["id"])
    return tr("{player} ({cards})", player=o["id"], cards=count(engine.g["units"], held, "cards"))


def compose(steps: list[Any]) -> str:
    """An ask as one entry (words.lua's W.compose): "Ask Blue (5 cards) for queens"."""
    if len(steps) == 2:
        return tr("Ask {player} for {rank}", player=steps[1].label, rank=steps[0].label)
    return str(steps[0].label)


def masked(engine: Any, state: Any, color: str, d: dict[str, Any], e: Any) -> str:
    """An ask on the host's panel for a player away (words.lua's W.masked): no rank named."""
    k = 1 + [o["id"] for o in d["options"]].index(e.steps[0].id)
    if len(e.steps) == 2:
        return tr("Ask {player} for {color}'s rank {k}", player=e.steps[1].label, color=color, k=k)
    return tr("{color}'s rank {k}", color=color, k=k)


def facts_of(engine: Any, saved: dict[str, Any] | None, state: Any, _shown: Any = None) -> Any:
    """The hidden facts now: each card in a hand, by name, its holder's alone.

    Left out: a card another colour knows of (it held the card before and handed it over),
    and one the log showed everyone (drawn of the rank asked).
    """
    facts = secrets.Facts(secret="card ")
    if saved is None or state is None or "actions" not in saved:
        return facts
    held: dict[str, set[str]] = {}  # card -> the colours that held it
    s = engine.new_game(saved["setup"])
    for action in saved["actions"]:
        s = engine.apply(s, action)
        for p in s["players"]:
            for c in p["hand"]:
                held.setdefault(c, set()).add(p["color"])
        if s["last"] and s["last"]["lucky"]:
            held.setdefault(s["last"]["drew"], set()).add("*")
    for p in state["players"]:
        mine = {c for c in p["hand"] if held.get(c, set()) <= {p["color"]}}
        facts.private[p["color"]] = {engine.card_name(c) for c in mine}
    return facts


HOOKS = Hooks(
    bots=BOTS,
    colors=lambda engine: list(engine.g["seat_colors"]),
    facts=facts_of,
    flow=flow.Game(
        label=label,
        lookahead=lambda d: d["name"] == "rank",
        inline=lambda d, o, nxt: nxt["name"] == "whom",
        compose=compose,
        hidden=frozenset({"rank"}),
        masked=masked,
    ),
    hands=lambda engine, s: {
        p["color"]: [engine.card_name(c) for c in p["hand"]] for p in s["players"]
    },
    away=True,
    secrets_every=1,  # what every colour can read, looked at after every answer
    seed_prefix="playtest:gofish",
)
PLAYTEST = Runner(HOOKS)
play_game = PLAYTEST.play_game
run = PLAYTEST.run
