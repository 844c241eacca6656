"""The table the framework builds for a game that gives only its columns and rules text.

A hand zone at each seat (or the card layer's hands, stock and pile places, when the game
has a deck), the shared panels, and the notebook's Rules page; and the `<game>.layout` module
the table scripts read of it. A game with its own `tts/table.py` builds its own instead.
"""

from __future__ import annotations

from typing import Any

from generator.render import Assets
from generator.tts import cards, pages, panels
from generator.tts import objects as O
from generator.tts.save import Built, Table, hands_round, write_save


def layout(game: Any, plain: dict[str, Any]) -> dict[str, Any]:
    """The seats, the panels' sizes and, with a deck, the card layer's places."""
    colors = list(plain["game"]["seat_colors"])
    out = {"seats": [{"color": c} for c in colors], **panels.places(colors, game.columns())}
    deck = game.deck(plain)
    if deck is not None:
        out["cards"] = cards.layout_of(deck, colors, game.id, game.piles(plain))
    return out


def build_save(
    game: Any, data: Any, assets: Assets, base_url: str, global_script: str, source: str
) -> Built:
    """The TTS save: the hand zones or the card layer's objects, the panels, the notebook."""
    g = data.plain["game"]
    colors = list(g["seat_colors"])
    deck = game.deck(data.plain)
    if deck is None:
        objects, snaps = hands_round(colors, O.Guids(game.id)), []
    else:
        objects = cards.table_objects(deck, assets, base_url, colors, game.id)
        snaps = cards.snap_points(colors, game.piles(data.plain))
    start = pages.render(game.id, "start", g=g)
    table = Table(
        name=g["name"],
        players=(g["players"]["min"], g["players"]["max"]),
        seat_colors=colors,
        xml_ui=panels.table_ui(g["name"], colors, start, game.columns()),
        notebook=pages.notebook(game.id, source, g=g),
        objects=objects,
        snap_points=snaps,
    )
    return write_save(table, assets, global_script, source)
