"""Game records (setup + actions): deal a seeded game, play it with bots, replay a record.

A record is the single source of truth of a game: a saved game, a bug report and a test case
are the same file (schemas/teg/log.schema.json), and replaying it gives the same state in
either engine.
"""

from __future__ import annotations

import random
from typing import Any

from generator.engines import selfplay
from generator.engines.replay import ReplayError, replay  # noqa: F401
from generator.engines.selfplay import Played
from generator.games.teg.rules.bots import BOTS
from generator.games.teg.rules.engine import Engine

Record = dict[str, Any]


def deal(engine: Engine, players: int, rng: random.Random) -> dict[str, Any]:
    """A seeded setup: the first `players` seats, a shuffled deck, missions dealt and kept.

    Each player is dealt `missions.dealt` cards and keeps `missions.kept` (one, chosen at
    random: a bot has no reason to prefer one before the game starts).
    """
    rules = engine.data.rules
    colors = list(rules.seat_colors[:players])
    deck = [p.id for p in engine.data.planets]
    rng.shuffle(deck)
    missions = [m.id for m in engine.data.missions]
    rng.shuffle(missions)
    kept = {}
    for i, color in enumerate(colors):
        hand = missions[i * rules.missions_dealt : (i + 1) * rules.missions_dealt]
        kept[color] = rng.choice(hand)
    return {"players": colors, "deck": deck, "missions": kept}


def play(engine: Engine, setup: dict[str, Any], bots: list[str], rng: random.Random) -> Played:
    """Play a game to its end, seat i driven by bots[i]; every action goes into the record."""
    return selfplay.play(engine, setup, bots, rng, BOTS)
