"""Liar's Dice at the headless table: what its playtest adds to the shared driver.

Its panel's words for an option (lua/liars/table/words.lua says the same) and its secret:
each player's dice while they are under the cup.
"""

from __future__ import annotations

import re
from typing import Any

from generator.engines.count import count
from generator.games.liars.rules.bots import BOTS
from generator.harness import flow, secrets
from generator.harness.playtest import Hooks, Runner
from generator.i18n import tr


def faces_text(faces: list[int]) -> str:
    """A hand as the table writes it: its faces from low to high ("1 3 3 6")."""
    return " ".join(map(str, sorted(faces)))


def label(engine: Any, state: Any, d: dict[str, Any], o: dict[str, Any]) -> str:
    """An option as the panel shows it."""
    bid = state["bid"]
    if o["id"] == "liar":
        return tr("Liar! (there are fewer than {bid})",
                  bid=engine.bid_words(bid["quantity"], bid["face"]))  # fmt: skip
    if o["id"] == "spot":
        return tr("Spot on! (exactly {bid})", bid=engine.bid_words(bid["quantity"], bid["face"]))
    if d["name"] == "bid":
        return count(engine.g["units"], int(o["id"]), "dice")
    return str(o["label"])


def facts_of(engine: Any, saved: dict[str, Any] | None, state: Any, _shown: Any = None) -> Any:
    """The hidden facts now: each player's dice under the cup, as the table writes a hand.

    A hand of one die, or one that reads the same as part of a hand the cups already showed
    (a past round's, in the log) or of another player's, cannot be told apart from those, and
    is left out.
    """
    facts = secrets.Facts(secret="dice ")
    if saved is None or state is None or "actions" not in saved or engine.is_over(state):
        return facts
    texts, s = [], engine.new_game(saved["setup"])
    for action in saved["actions"]:
        s = engine.apply(s, action)
        if action["type"] in ("liar", "spot"):
            texts += [faces_text(f) for f in s["last"]["faces"].values()]
    hands = {p["color"]: faces_text(p["faces"]) for p in state["players"]}
    for color, hand in hands.items():
        others = texts + [h for c, h in hands.items() if c != color]
        within = re.compile(rf"\b{re.escape(hand)}\b")
        if " " in hand and not any(within.search(t) for t in others):
            facts.private[color] = {hand}
    return facts


HOOKS = Hooks(
    bots=BOTS,
    colors=lambda engine: list(engine.g["seat_colors"]),
    facts=facts_of,
    flow=flow.Game(label=label),
    seed_prefix="playtest:liars",
)
PLAYTEST = Runner(HOOKS)
play_game = PLAYTEST.play_game
run = PLAYTEST.run
