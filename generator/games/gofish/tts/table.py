"""The Go Fish table: the framework's card layer and the shared panels.

The card layer gives a hand zone at each seat, the stock, and each seat's book pile.
"""

from __future__ import annotations

from typing import Any

from generator.i18n import tr
from generator.render import Assets
from generator.tts import cards, panels
from generator.tts.save import Built, Table, write_save


def columns() -> tuple[tuple[str, str, int], ...]:
    """The scoreboard's columns (id, heading, width), in the language being built."""
    return (("color", tr("Player"), 150), ("cards", tr("Cards"), 60), ("books", tr("Books"), 60),
            ("note", "", 150))  # fmt: skip


def notebook(g: dict[str, Any]) -> str:
    """The Rules tab: the variant the table plays (docs/gofish-rules.md)."""
    return tr(
        "On your turn, ask another player for a rank you hold: they hand over every card of "
        'it, or say "Go fish!" and you draw from the stock. You go again when you got the '
        "rank you asked for. Four of a rank is a book, laid face up before you. When every "
        "book is made, the most books win. Click a rank in your panel, then a player."
    )


def build_save(data: Any, assets: Assets, base_url: str, global_script: str, source: str) -> Built:
    """The TTS save: the card layer's objects, the shared panels, the notebook."""
    from generator.games.gofish import GAME

    g = data.plain["game"]
    colors = list(g["seat_colors"])
    objects = cards.table_objects(GAME.deck(data.plain), assets, base_url, colors, "gofish")
    table = Table(
        name=g["name"],
        players=(g["players"]["min"], g["players"]["max"]),
        seat_colors=colors,
        xml_ui=panels.table_ui(g["name"], colors, panels.how(g), columns()),
        notebook=panels.notebook(g, notebook(g), source),
        objects=objects,
        snap_points=cards.snap_points(colors, len(g["ranks"])),  # the books' places
    )
    return write_save(table, assets, global_script, source)
