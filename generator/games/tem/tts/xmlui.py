"""The Global XmlUI of the Tiny Epic Mechs table (the shared panels of generator.tts.panels).

Element ids (the contract with lua/tem/table/): the shared panels', with the scoreboard
columns below (each seat's `seat:C:private`, which opens the player's private dialog, is the
framework's: a secret decision's options go to that player's client alone, never into this
XML).
"""

from __future__ import annotations

from typing import Any

from generator.i18n import tr
from generator.tts import pages, panels


def board_columns() -> tuple[tuple[str, str, int], ...]:
    """The scoreboard's columns (id, heading, width), in the language being built."""
    return (("color", tr("Player"), 150), ("vp", tr("VP"), 40), ("health", tr("Health"), 56),
            ("energy", tr("Energy"), 56), ("credits", tr("Credits"), 58),
            ("status", tr("Status"), 110))  # fmt: skip


BOARD_COLUMNS = board_columns()  # in English: the ids and widths the layout reads


def global_ui(plain: dict[str, Any]) -> str:
    """The save's XmlUI string."""
    g = plain["game"]
    how = pages.render("tem", "start", g=g)
    return panels.table_ui(g["name"], list(g["seat_colors"]), how, board_columns())
