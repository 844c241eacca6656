"""Go Fish, the card-game tutorial (docs/new-game.md), behind the Game interface.

Its table is the framework's (generator/tts/plain_table.py): the card layer with a standard
deck drawn from its data, a book's place before each seat for every rank, the shared panels.
"""

from __future__ import annotations

from typing import Any

from generator.games.binding import Binding
from generator.i18n import tr


class GoFish(Binding):
    """The `gofish` game (see generator.games.Game for each verb)."""

    id = "gofish"
    title = "Go Fish"
    languages = ("ja",)  # cards/gofish/i18n/ja.po

    def deck(self, plain: dict[str, Any]) -> Any:
        from generator.render import cards
        from generator.tts.cards import Deck

        g = plain["game"]
        return Deck(cards.layout("playing_cards"), (*cards.playing_cards(g["ranks"], g["suits"]),))

    def piles(self, plain: dict[str, Any]) -> int:
        return len(plain["game"]["ranks"])  # a book's place for each rank

    def columns(self) -> tuple[tuple[str, str, int], ...]:
        return (("color", tr("Player"), 150), ("cards", tr("Cards"), 60),
                ("books", tr("Books"), 60), ("note", "", 150))  # fmt: skip


GAME = GoFish()
