"""The Global XmlUI of the Tiny Epic Galaxies table: every panel, written once at build.

The table scripts never rewrite this XML during play (TABLE-AUTOMATION.md §5: whole-XML
rewrites are asynchronous and have wedged live tables); they only set text, `active` and
`onClick` on these elements. Each seat's panel is visible to that seat's colour alone, so
what a player may choose is shown to them only; the status line and the scoreboard are for
everyone; the host panel for the host and promoted players.

Element ids (the contract with lua/teg/table/, checked by tests/test_table.py):
`status`, `start`, `start:text`, `start:go`, `board:text`, `host`, `host:undo`,
`host:pass`, and per seat colour C: `seat:C`, `seat:C:title`, `seat:C:opt:<k>` (k from 1 to
OPTION_SLOTS), `seat:C:back`, `seat:C:auto`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from generator.cards.teg import TegData

OPTION_SLOTS = 12  # option buttons per panel; a longer list pages (the last slot: "More")
PANEL_WIDTH = 380
BUTTON_HEIGHT = 34


def _el(parent: ET.Element | None, tag: str, text: str = "", **attrs: str) -> ET.Element:
    node = ET.Element(tag, attrs) if parent is None else ET.SubElement(parent, tag, attrs)
    node.text = text or None
    return node


def global_ui(data: TegData) -> str:
    """The save's XmlUI string."""
    top: list[ET.Element] = []
    defaults = _el(None, "Defaults")
    _el(defaults, "Text", color="#F2F2F2", fontSize="16", alignment="MiddleLeft")
    _el(
        defaults,
        "Button",
        fontSize="15",
        textColor="#111111",
        colors="#E8E4D8|#FFFFFF|#C8C0A8|#77777780",
    )
    _el(defaults, "Panel", color="#101426E6")
    top.append(defaults)

    status = _el(None, "Panel", id="status", rectAlignment="UpperCenter", width="760", height="38",
                 offsetXY="0 -8")  # fmt: skip
    _el(status, "Text", "Tiny Epic Galaxies", id="status:text", alignment="MiddleCenter")
    top.append(status)

    start = _el(None, "Panel", id="start", rectAlignment="MiddleCenter", width="560", height="240")
    colors = ", ".join(data.rules.seat_colors)
    how = (
        f"Sit at a seat with a galaxy mat ({colors}): {data.rules.min_players} to "
        f"{data.rules.max_players} players. When everyone is seated, the host (or a promoted "
        "player) presses Start: the table shuffles the planets, picks who starts and deals "
        "two secret missions to each player. Each keeps one in their own panel."
    )
    _el(start, "Text", how, id="start:text", rectAlignment="UpperCenter", height="170",
        alignment="UpperLeft", offsetXY="0 -12", width="520")  # fmt: skip
    _el(start, "Button", "Start the game", id="start:go", onClick="onStart",
        rectAlignment="LowerCenter", width="240", height="40", offsetXY="0 14")  # fmt: skip
    top.append(start)

    board = _el(None, "Panel", id="board", active="false", rectAlignment="UpperLeft",
                width="400", height="190", offsetXY="10 -60")  # fmt: skip
    _el(board, "Text", "", id="board:text", alignment="UpperLeft", fontSize="14",
        font="Fonts/LiberationMono-Regular", offsetXY="8 -6")  # fmt: skip
    top.append(board)

    host = _el(None, "Panel", id="host", visibility="Host|Admin", active="false",
               rectAlignment="UpperRight", width="240", height="84",
               offsetXY="-10 -60")  # fmt: skip
    layout = _el(host, "VerticalLayout", spacing="4", padding="6 6 6 6")
    _el(layout, "Button", "Undo the last action", id="host:undo", onClick="onUndo(0)")
    _el(layout, "Button", "Pass for an absent player", id="host:pass", onClick="onHostPass(0)",
        active="false")  # fmt: skip
    top.append(host)

    height = 60 + (OPTION_SLOTS + 2) * (BUTTON_HEIGHT + 4)
    for color in data.rules.seat_colors:
        panel = _el(None, "Panel", id=f"seat:{color}", visibility=color, active="false",
                    rectAlignment="MiddleRight", width=str(PANEL_WIDTH), height=str(height),
                    offsetXY="-10 0")  # fmt: skip
        column = _el(panel, "VerticalLayout", spacing="4", padding="8 8 8 8",
                     childForceExpandHeight="false")  # fmt: skip
        _el(column, "Text", "", id=f"seat:{color}:title", preferredHeight="52", fontSize="15")
        for k in range(1, OPTION_SLOTS + 1):
            _el(column, "Button", "", id=f"seat:{color}:opt:{k}", onClick=f"onOption(0:{k})",
                preferredHeight=str(BUTTON_HEIGHT), active="false")  # fmt: skip
        _el(column, "Button", "Back", id=f"seat:{color}:back", onClick="onBack(0)",
            preferredHeight=str(BUTTON_HEIGHT), active="false")  # fmt: skip
        _el(column, "Button", "Pass automatically: off", id=f"seat:{color}:auto",
            onClick="onAutoPass", preferredHeight=str(BUTTON_HEIGHT))  # fmt: skip
        top.append(panel)
    return "".join(ET.tostring(node, encoding="unicode") for node in top)
