"""The Global XmlUI of the Tiny Epic Mechs table (the shared panels of generator.tts.panels).

Element ids (the contract with lua/tem/table/): the shared panels', with the scoreboard
columns below (each seat's `seat:C:private`, which opens the player's private dialog, is the
framework's: a secret decision's options go to that player's client alone, never into this
XML).
"""

from __future__ import annotations

from typing import Any

from generator.tts import panels

BOARD_COLUMNS = (
    ("color", "Player", 150),
    ("vp", "VP", 40),
    ("health", "Health", 56),
    ("energy", "Energy", 56),
    ("credits", "Credits", 58),
    ("status", "Status", 110),
)


def global_ui(plain: dict[str, Any]) -> str:
    """The save's XmlUI string."""
    g = plain["game"]
    how = (
        f"Sit at a seat with a board ({', '.join(g['seat_colors'])}): {g['players']['min']} to "
        f"{g['players']['max']} players. When everyone is seated, the host (or a promoted "
        "player) presses Start: the table shuffles the zones, pilots and weapons, lays out "
        "the arena and picks who starts. Secret choices (pilot, base mine, basic weapon, "
        "programs) are made in a dialog only you see."
    )
    return panels.table_ui(g["name"], list(g["seat_colors"]), how, BOARD_COLUMNS)
