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

    def deck(self, plain: dict[str, Any]) -> Any:
        """A standard deck, drawn by the framework's playing-card layout."""
        from generator.render import cards
        from generator.tts.cards import Deck

        g = plain["game"]
        return Deck(
            cards.layout("playing_cards"), tuple(cards.playing_cards(g["ranks"], g["suits"]))
        )


GAME = GoFish()
