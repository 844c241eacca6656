"""The Global XmlUI of the game's table: every panel, written once at build.

The table scripts never rewrite this XML during play (API ui.md: whole-XML rewrites are
asynchronous; mrdrouf/root-tabletop-tournament reports one that wedged a live table); they
only set text, `active` and
`onClick` on these elements. Each seat's panel is visible to that seat's colour alone, so
what a player may choose is shown to them only; the status line and the scoreboard are for
everyone; the host panel for the host and promoted players.

Element ids (the contract with lua/teg/table/, checked by tests/test_table.py):
`status`, `start`, `start:text`, `start:go`, `board`, `board:<k>` (a player's row, k from 1
to the seat count) with `board:<k>:<column>:text`, `board:final:text`, `host`,
`host:undo`, `host:new`, `proxy` (the host deciding for a player who is not seated) with
`proxy:title`, `proxy:opt:<k>`, `proxy:back`, `proxy:drop`, and per seat colour C:
`seat:C`, `seat:C:title`, `seat:C:opt:<k>` (k from 1 to OPTION_SLOTS), `seat:C:back`,
`seat:C:auto`.

Buttons whose meaning changes with the game (options, Back, the host's) name a handler
that cycles with the table's version (onButton0 .. onButton7, teg.table.view), so a click
that crossed an update is refused; every onClick is plain, so the handler gets TTS's mouse
button and only a left click acts. Panels keep clear of TTS's own top bar and its player
list on the right (they start BAR_CLEARANCE pixels down).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from generator.cards.teg import TegData

OPTION_SLOTS = 12  # option buttons per panel; a longer list pages (the last slot: "More")
PANEL_WIDTH = 380
BUTTON_HEIGHT = 34
BAR_CLEARANCE = 60  # TTS's menu bar and the top of its player list
PLAYER_LIST_WIDTH = 220  # the player list down the right edge
BOARD_COLUMNS = (("color", "Player", 110), ("vp", "VP", 50), ("energy", "Energy", 64),
                 ("culture", "Culture", 64), ("empire", "Empire", 62),
                 ("colonies", "Colonies", 70))  # fmt: skip
BOARD_ROW_HEIGHT = 26


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
                 offsetXY=f"0 -{BAR_CLEARANCE}")  # fmt: skip
    _el(status, "Text", data.rules.name, id="status:text", alignment="MiddleCenter")
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

    seats = len(data.rules.seat_colors)
    width = sum(w for _, _, w in BOARD_COLUMNS) + 16
    height = (seats + 1) * BOARD_ROW_HEIGHT + 56
    board = _el(None, "Panel", id="board", active="false", rectAlignment="UpperLeft",
                width=str(width), height=str(height),
                offsetXY=f"10 -{BAR_CLEARANCE + 50}")  # fmt: skip
    column = _el(board, "VerticalLayout", padding="8 8 6 6", childForceExpandHeight="false")
    grid = _el(column, "TableLayout", preferredHeight=str((seats + 1) * BOARD_ROW_HEIGHT),
               columnWidths=" ".join(str(w) for _, _, w in BOARD_COLUMNS))  # fmt: skip
    head = _el(grid, "Row", preferredHeight=str(BOARD_ROW_HEIGHT))
    for _, title, _ in BOARD_COLUMNS:
        _el(_el(head, "Cell"), "Text", title, fontSize="14", fontStyle="Bold")
    for k in range(1, seats + 1):
        row = _el(grid, "Row", id=f"board:{k}", active="false",
                  preferredHeight=str(BOARD_ROW_HEIGHT))  # fmt: skip
        for name, _, _ in BOARD_COLUMNS:
            _el(_el(row, "Cell"), "Text", "", id=f"board:{k}:{name}:text", fontSize="14")
    _el(column, "Text", "", id="board:final:text", fontSize="14", preferredHeight="40",
        horizontalOverflow="Wrap", alignment="UpperLeft")  # fmt: skip
    top.append(board)

    host = _el(None, "Panel", id="host", visibility="Host|Admin", active="false",
               rectAlignment="UpperRight", width="240", height="84",
               offsetXY=f"-{PLAYER_LIST_WIDTH + 10} -{BAR_CLEARANCE}")  # fmt: skip
    layout = _el(host, "VerticalLayout", spacing="4", padding="6 6 6 6")
    _el(layout, "Button", "Undo the last action", id="host:undo", onClick="onButton0")
    _el(layout, "Button", "Start a new game", id="host:new", onClick="onButton0",
        active="false")  # fmt: skip
    top.append(host)

    # The host's stand-in panel: the decision of a player who is not seated (lower left, clear
    # of the seat panel on the right and of the scoreboard above it).
    height = 60 + (OPTION_SLOTS + 2) * (BUTTON_HEIGHT + 4)
    proxy = _el(None, "Panel", id="proxy", visibility="Host|Admin", active="false",
                rectAlignment="LowerLeft", width=str(PANEL_WIDTH), height=str(height),
                offsetXY="10 10")  # fmt: skip
    column = _el(proxy, "VerticalLayout", spacing="4", padding="8 8 8 8",
                 childForceExpandHeight="false")  # fmt: skip
    _el(column, "Text", "", id="proxy:title", preferredHeight="52", fontSize="15")
    for k in range(1, OPTION_SLOTS + 1):
        _el(column, "Button", "", id=f"proxy:opt:{k}", onClick="onButton0",
            preferredHeight=str(BUTTON_HEIGHT), active="false")  # fmt: skip
    _el(column, "Button", "Back", id="proxy:back", onClick="onButton0",
        preferredHeight=str(BUTTON_HEIGHT), active="false")  # fmt: skip
    _el(column, "Button", "Remove from the game", id="proxy:drop", onClick="onButton0",
        preferredHeight=str(BUTTON_HEIGHT), active="false")  # fmt: skip
    top.append(proxy)

    height = 60 + (OPTION_SLOTS + 2) * (BUTTON_HEIGHT + 4)
    for color in data.rules.seat_colors:
        panel = _el(None, "Panel", id=f"seat:{color}", visibility=color, active="false",
                    rectAlignment="MiddleRight", width=str(PANEL_WIDTH), height=str(height),
                    offsetXY=f"-{PLAYER_LIST_WIDTH + 10} -{BAR_CLEARANCE // 2}")  # fmt: skip
        column = _el(panel, "VerticalLayout", spacing="4", padding="8 8 8 8",
                     childForceExpandHeight="false")  # fmt: skip
        _el(column, "Text", "", id=f"seat:{color}:title", preferredHeight="52", fontSize="15")
        for k in range(1, OPTION_SLOTS + 1):
            _el(column, "Button", "", id=f"seat:{color}:opt:{k}", onClick="onButton0",
                preferredHeight=str(BUTTON_HEIGHT), active="false")  # fmt: skip
        _el(column, "Button", "Back", id=f"seat:{color}:back", onClick="onButton0",
            preferredHeight=str(BUTTON_HEIGHT), active="false")  # fmt: skip
        _el(column, "Button", "Pass automatically: off", id=f"seat:{color}:auto",
            onClick="onAutoPass", preferredHeight=str(BUTTON_HEIGHT))  # fmt: skip
        top.append(panel)
    return "".join(ET.tostring(node, encoding="unicode") for node in top)
