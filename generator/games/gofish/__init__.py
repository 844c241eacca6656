"""Go Fish, the card-game tutorial (docs/new-game.md), behind the Game interface."""

from __future__ import annotations

import random
from typing import Any

from generator.games.binding import Binding


class GoFish(Binding):
    """The `gofish` game (see generator.games.Game for each verb)."""

    id = "gofish"
    title = "Go Fish"

    def player_range(self, engine: Any) -> tuple[int, int]:
        return engine.g["players"]["min"], engine.g["players"]["max"]

    def deal(self, engine: Any, players: int, rng: random.Random) -> dict[str, Any]:
        return {"players": engine.g["seat_colors"][:players]}  # the deal's shuffle is an action


GAME = GoFish()
