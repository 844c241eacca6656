"""The Liar's Dice table: a hand zone at each seat, the shared panels, the notebook.

The dice are thrown by TTS's random numbers and shown to their owner alone (their panel, their
own log entry), so the table has no pieces: a die on the table, even in a hidden zone, is one
a rival could read by the headless table's rules we cannot check (docs/liars-rules.md).
"""

from __future__ import annotations

from typing import Any

from generator import __version__
from generator.i18n import tr
from generator.render import Assets
from generator.tts import objects as O
from generator.tts import panels
from generator.tts.save import Built, Table, hands_round, write_save


def columns() -> tuple[tuple[str, str, int], ...]:
    """The scoreboard's columns (id, heading, width), in the language being built."""
    return (("color", tr("Player"), 150), ("dice", tr("Dice"), 56), ("note", "", 170))


COLUMNS = columns()  # in English: the ids and widths the layout reads


def how(g: dict[str, Any]) -> str:
    """The Start panel's text."""
    return tr(
        "Sit at a seat ({colors}): {low} to {high} players, or add bots in the Bots panel. The "
        "host (or a promoted player) presses Start. Your dice are shown in your own panel, to "
        "you alone.",
        **panels.seats_said(g),
    )


def notebook(g: dict[str, Any], source: str) -> str:
    """The Rules tab of the notebook, written from the game's data."""
    rules = tr(
        "Each round everyone rolls under their cup. In turn, bid how many dice of one face there "
        "are among all dice on the table: each bid raises the last (more dice, or as many of a "
        "higher face)."
    )
    if g["ones_wild"]:
        rules += tr(" Ones are wild: they count as any face, unless the bid is of ones.")
    rules += tr(
        ' Instead of raising, call "Liar!": the cups lift; if there are fewer than bid, the '
        "bidder loses a die, else the caller does."
    )
    if g["spot_on"]:
        rules += tr(
            ' Or call "Spot on!": if the bid is exactly right, everyone else loses a die; if '
            "not, you do."
        )
    rules += tr(" Whoever lost a die starts the next round. The last player with dice wins.")
    head = tr("{game}: {low} to {high} players, {dice} dice each.", game=g["name"],
              low=g["players"]["min"], high=g["players"]["max"], dice=g["dice"])  # fmt: skip
    built = tr("Built by ttsmod {version} from sources {source}.", version=__version__,
               source=source)  # fmt: skip
    return f"{head}\n\n{rules}\n\n{built}\n"


def build_save(data: Any, assets: Assets, base_url: str, global_script: str, source: str) -> Built:
    """The TTS save: the shared panels, a hand zone at each seat, the notebook."""
    g = data.plain["game"]
    colors = list(g["seat_colors"])
    table = Table(
        name=g["name"],
        players=(g["players"]["min"], g["players"]["max"]),
        seat_colors=colors,
        xml_ui=panels.table_ui(g["name"], colors, how(g), columns()),
        notebook=notebook(g, source),
        objects=hands_round(colors, O.Guids("liars")),
        snap_points=[],
    )
    return write_save(table, assets, global_script, source)
