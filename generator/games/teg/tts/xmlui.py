"""The Global XmlUI of the Tiny Epic Galaxies table (the shared panels of generator.tts.panels).

Element ids (the contract with lua/teg/table/, checked by tests/test_table.py): the shared
panels' (generator.tts.panels), with the scoreboard columns below, and per seat colour C
`seat:C:auto` (Pass automatically).
"""

from __future__ import annotations

from generator.games.teg.cards import TegData
from generator.tts import panels
from generator.tts.panels import (  # noqa: F401 - the layout and the tests read them here
    BAR_CLEARANCE,
    OPTION_SLOTS,
    PLAYER_LIST_WIDTH,
)

BOARD_COLUMNS = (("color", "Player", 150), ("vp", "VP", 50), ("energy", "Energy", 64),
                 ("culture", "Culture", 64), ("empire", "Empire", 62),
                 ("colonies", "Colonies", 70))  # fmt: skip


def global_ui(data: TegData) -> str:
    """The save's XmlUI string."""
    colors = ", ".join(data.rules.seat_colors)
    how = (
        f"Sit at a seat with a galaxy mat ({colors}): {data.rules.min_players} to "
        f"{data.rules.max_players} players. When everyone is seated, the host (or a promoted "
        "player) presses Start: the table shuffles the planets, picks who starts and deals "
        "two secret missions to each player. Each keeps one in their own panel."
    )
    extras = (("auto", "Pass automatically: off", "onAutoPass"),)
    seats = list(data.rules.seat_colors)
    return panels.table_ui(data.rules.name, seats, how, BOARD_COLUMNS, extras)
