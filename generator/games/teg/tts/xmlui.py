"""The Global XmlUI of the Tiny Epic Galaxies table (the shared panels of generator.tts.panels).

Element ids (the contract with lua/teg/table/, checked by tests/test_table.py): the shared
panels' (generator.tts.panels), with the scoreboard columns below, and per seat colour C
`seat:C:auto` (Pass automatically).
"""

from __future__ import annotations

from generator.games.teg.cards import TegData
from generator.i18n import tr
from generator.tts import pages, panels
from generator.tts.panels import (  # noqa: F401 - the layout and the tests read them here
    BAR_CLEARANCE,
    OPTION_SLOTS,
    PLAYER_LIST_WIDTH,
)


def board_columns() -> panels.Columns:
    """The scoreboard's columns (id, heading, width), in the language being built."""
    return (("color", tr("Player"), 150), ("vp", tr("VP"), 50), ("energy", tr("Energy"), 64),
            ("culture", tr("Culture"), 64), ("empire", tr("Empire"), 62),
            ("colonies", tr("Colonies"), 70))  # fmt: skip


BOARD_COLUMNS = board_columns()  # in English: the ids and widths the layout reads


def global_ui(data: TegData) -> str:
    """The save's XmlUI string."""
    how = pages.render("teg", "start", rules=data.rules)
    extras = (("auto", tr("{switch}: off", switch=tr("Pass automatically")), "onAutoPass"),)
    seats = list(data.rules.seat_colors)
    return panels.table_ui(data.rules.name, seats, how, board_columns(), extras)
