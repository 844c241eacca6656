"""The Global XmlUI panels every game's table has, written once at build (any game).

The table scripts never rewrite this XML during play (API ui.md: whole-XML rewrites are
asynchronous; mrdrouf/root-tabletop-tournament reports one that wedged a live table); they
only set text, `active` and `onClick` on these elements. A seat's panel is visible to that
seat's colour alone; the status line and the scoreboard are for everyone; the host panel
for the host and promoted players. Panels keep clear of TTS's own top bar and its player
list on the right (they start BAR_CLEARANCE pixels down).

Element ids: `status`, `start`, `start:text`, `start:go`, `board`, `board:<k>` with
`board:<k>:<column>:text`, `board:final:text`, `host` with its buttons, `proxy` with
`proxy:title`, `proxy:opt:<k>`, `proxy:back`, `proxy:drop`, `bots` with `bots:<C>` per seat
colour C and `bots:pace`, and per seat colour C:
`seat:C`, `seat:C:title`, `seat:C:opt:<k>`, `seat:C:back` and the game's extra buttons;
per colour C and for spectators (Grey), the game log: `log:C` with `log:C:text` (the last
entries) and `log:C:open`, and `log:C:all` with `log:C:all:text` (a page of the whole game,
scrolled), `log:C:page`, `log:C:earlier`, `log:C:later` and `log:C:close`.
Buttons whose meaning changes with the game name a handler that cycles with the table's
version (onButton0 .. onButton7), so a click that crossed an update is refused.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from generator.i18n import tr

OPTION_SLOTS = 12  # option buttons per panel; a longer list pages (the last slot: "More")
PANEL_WIDTH = 380
BUTTON_HEIGHT = 34
BAR_CLEARANCE = 60  # TTS's menu bar and the top of its player list
PLAYER_LIST_WIDTH = 220  # the player list down the right edge
BOARD_ROW_HEIGHT = 26


def el(parent: ET.Element | None, tag: str, text: str = "", **attrs: str) -> ET.Element:
    """An XML element (under `parent` when given) with its text and attributes."""
    node = ET.Element(tag, attrs) if parent is None else ET.SubElement(parent, tag, attrs)
    node.text = text or None
    return node


def defaults() -> ET.Element:
    """The Defaults block: text, button and panel looks."""
    node = el(None, "Defaults")
    el(node, "Text", color="#F2F2F2", fontSize="16", alignment="MiddleLeft")
    el(
        node,
        "Button",
        fontSize="15",
        textColor="#111111",
        colors="#E8E4D8|#FFFFFF|#C8C0A8|#77777780",
    )
    el(node, "Panel", color="#101426E6")
    return node


def status(name: str) -> ET.Element:
    """The status line at the top."""
    node = el(
        None,
        "Panel",
        id="status",
        rectAlignment="UpperCenter",
        width="760",
        height="38",
        offsetXY=f"0 -{BAR_CLEARANCE}",
    )
    el(node, "Text", name, id="status:text", alignment="MiddleCenter")
    return node


def start(how: str) -> ET.Element:
    """The panel that says how to start, with the Start button."""
    node = el(None, "Panel", id="start", rectAlignment="MiddleCenter", width="560", height="240")
    el(
        node,
        "Text",
        how,
        id="start:text",
        rectAlignment="UpperCenter",
        height="170",
        alignment="UpperLeft",
        offsetXY="0 -12",
        width="520",
    )
    el(
        node,
        "Button",
        tr("Start the game"),
        id="start:go",
        onClick="onStart",
        rectAlignment="LowerCenter",
        width="240",
        height="40",
        offsetXY="0 14",
    )
    return node


FINAL_LINE = 20  # pixels a line of the scoreboard's final text takes (glue.panels grows it)


FINAL_CHAR = 8  # pixels a character of that 14 px text takes at most (a generous average)


def board_height(seats: int) -> int:
    """The scoreboard's height before the end (its final text of two lines)."""
    return (seats + 1) * BOARD_ROW_HEIGHT + 56


def board_size(seats: int, columns: tuple[tuple[str, str, int], ...]) -> dict[str, int]:
    """What the table needs to grow the scoreboard to its final text (glue.panels).

    The panel's height before the end, a line's height and the characters a line holds.
    """
    width = sum(w for _, _, w in columns)
    return {"height": board_height(seats), "line": FINAL_LINE, "chars": width // FINAL_CHAR}


def board(seats: int, columns: tuple[tuple[str, str, int], ...]) -> ET.Element:
    """The scoreboard: a row per player, one text per column, and the text for the end.

    At the end the table grows the panel to the final text: the score by category and who
    won (glue.panels, from the layout's `board`).
    """
    width = sum(w for _, _, w in columns) + 16
    height = board_height(seats)
    node = el(
        None,
        "Panel",
        id="board",
        active="false",
        rectAlignment="UpperLeft",
        width=str(width),
        height=str(height),
        offsetXY=f"10 -{BAR_CLEARANCE + 50}",
    )
    column = el(node, "VerticalLayout", padding="8 8 6 6", childForceExpandHeight="false")
    grid = el(
        column,
        "TableLayout",
        preferredHeight=str((seats + 1) * BOARD_ROW_HEIGHT),
        columnWidths=" ".join(str(w) for _, _, w in columns),
    )
    head = el(grid, "Row", preferredHeight=str(BOARD_ROW_HEIGHT))
    for _, title, _ in columns:
        el(el(head, "Cell"), "Text", title, fontSize="14", fontStyle="Bold")
    for k in range(1, seats + 1):
        row = el(
            grid, "Row", id=f"board:{k}", active="false", preferredHeight=str(BOARD_ROW_HEIGHT)
        )
        for name, _, _ in columns:
            el(el(row, "Cell"), "Text", "", id=f"board:{k}:{name}:text", fontSize="14")
    el(
        column,
        "Text",
        "",
        id="board:final:text",
        fontSize="14",
        preferredHeight="40",
        horizontalOverflow="Wrap",
        alignment="UpperLeft",
    )
    return node


def host() -> ET.Element:
    """The host's panel: undo and a new game."""
    node = el(
        None,
        "Panel",
        id="host",
        visibility="Host|Admin",
        active="false",
        rectAlignment="UpperRight",
        width="240",
        height="84",
        offsetXY=f"-{PLAYER_LIST_WIDTH + 10} -{BAR_CLEARANCE}",
    )
    layout = el(node, "VerticalLayout", spacing="4", padding="6 6 6 6")
    el(layout, "Button", tr("Undo the last action"), id="host:undo", onClick="onButton0")
    el(layout, "Button", tr("Start a new game"), id="host:new", onClick="onButton0", active="false")
    return node


def bots(colors: list[str]) -> ET.Element:
    """The host's seats for bots, under the host's panel (glue.botplay).

    A button per seat colour cycles nobody, an easy bot, a strong bot; one sets the pace.
    """
    node = el(
        None,
        "Panel",
        id="bots",
        visibility="Host|Admin",
        active="false",
        rectAlignment="UpperRight",
        width="240",
        height=str(12 + (BUTTON_HEIGHT + 4) * (len(colors) + 2)),
        offsetXY=f"-{PLAYER_LIST_WIDTH + 10} -{BAR_CLEARANCE + 90}",
    )
    layout = el(node, "VerticalLayout", spacing="4", padding="6 6 6 6")
    el(layout, "Text", tr("Bots: a seat nobody sits at"), id="bots:title", fontSize="14")
    for color in colors:
        el(layout, "Button", tr("{color}: no bot", color=color), id=f"bots:{color}",
           onClick="onBots")  # fmt: skip
    pace = tr("Bots' pace: a move every {seconds} s", seconds=0.6)
    el(layout, "Button", pace, id="bots:pace", onClick="onBots")
    return node


def proxy(slots: int = OPTION_SLOTS) -> ET.Element:
    """The host's stand-in panel for a player who is not seated (lower left), `slots` options."""
    height = 60 + (slots + 2) * (BUTTON_HEIGHT + 4)
    node = el(
        None,
        "Panel",
        id="proxy",
        visibility="Host|Admin",
        active="false",
        rectAlignment="LowerLeft",
        width=str(PANEL_WIDTH),
        height=str(height),
        offsetXY="10 10",
    )
    column = el(
        node, "VerticalLayout", spacing="4", padding="8 8 8 8", childForceExpandHeight="false"
    )
    el(column, "Text", "", id="proxy:title", preferredHeight="52", fontSize="15")
    for k in range(1, slots + 1):
        el(
            column,
            "Button",
            "",
            id=f"proxy:opt:{k}",
            onClick="onButton0",
            preferredHeight=str(BUTTON_HEIGHT),
            active="false",
        )
    el(
        column,
        "Button",
        tr("Back"),
        id="proxy:back",
        onClick="onButton0",
        preferredHeight=str(BUTTON_HEIGHT),
        active="false",
    )
    el(
        column,
        "Button",
        tr("Remove from the game"),
        id="proxy:drop",
        onClick="onButton0",
        preferredHeight=str(BUTTON_HEIGHT),
        active="false",
    )
    return node


def seat(color: str, extra: list[tuple[str, str, str]], slots: int = OPTION_SLOTS) -> ET.Element:
    """A seat's panel: title, `slots` options, Back, `extra`, the private decision's button.

    `extra`: the game's own buttons (id suffix, label, onClick). The last button opens a
    private decision's dialog again; the table shows it while one is the player's.
    """
    height = 84 + (slots + 2 + len(extra)) * (BUTTON_HEIGHT + 4)
    node = el(
        None,
        "Panel",
        id=f"seat:{color}",
        visibility=color,
        active="false",
        rectAlignment="MiddleRight",
        width=str(PANEL_WIDTH),
        height=str(height),
        offsetXY=f"-{PLAYER_LIST_WIDTH + 10} -{BAR_CLEARANCE // 2}",
    )
    column = el(
        node, "VerticalLayout", spacing="4", padding="8 8 8 8", childForceExpandHeight="false"
    )
    el(column, "Text", "", id=f"seat:{color}:title", preferredHeight="76", fontSize="15")
    for k in range(1, slots + 1):
        el(
            column,
            "Button",
            "",
            id=f"seat:{color}:opt:{k}",
            onClick="onButton0",
            preferredHeight=str(BUTTON_HEIGHT),
            active="false",
        )
    el(
        column,
        "Button",
        tr("Back"),
        id=f"seat:{color}:back",
        onClick="onButton0",
        preferredHeight=str(BUTTON_HEIGHT),
        active="false",
    )
    for suffix, label, handler in extra:
        el(
            column,
            "Button",
            label,
            id=f"seat:{color}:{suffix}",
            onClick=handler,
            preferredHeight=str(BUTTON_HEIGHT),
        )
    # every game's: the table shows it while a private decision (its spec's `private`) is
    # the player's, so a game with one needs no XmlUI of its own (lua/glue/panels.lua)
    el(
        column,
        "Button",
        tr("Open my private choice"),
        id=f"seat:{color}:private",
        onClick="onPrivate",
        preferredHeight=str(BUTTON_HEIGHT),
        active="false",
    )
    return node


LOG_RECENT = 5  # entries the log panel shows at a glance (glue.panels shows as many)
LOG_WIDTH = 520


def logs(colors: list[str]) -> list[ET.Element]:
    """Each colour's game log (and the spectators', Grey).

    The last entries at the bottom of the screen, and the whole game in a scrolled panel
    that the log's button opens. Each is visible to its colour alone: an entry is worded for
    the colour reading it.
    """
    nodes = []
    for color in [*colors, "Grey"]:
        small = el(
            None,
            "Panel",
            id=f"log:{color}",
            visibility=color,
            active="false",
            rectAlignment="LowerCenter",
            width=str(LOG_WIDTH),
            height="150",
            offsetXY="0 10",
        )
        column = el(
            small, "VerticalLayout", spacing="2", padding="8 8 6 6", childForceExpandHeight="false"
        )
        el(
            column,
            "Text",
            "",
            id=f"log:{color}:text",
            fontSize="13",
            preferredHeight="108",
            alignment="LowerLeft",
            horizontalOverflow="Wrap",
            verticalOverflow="Truncate",
        )
        el(
            column,
            "Button",
            tr("The whole game log"),
            id=f"log:{color}:open",
            onClick="onLog",
            preferredHeight="26",
            fontSize="13",
        )
        whole = el(
            None,
            "Panel",
            id=f"log:{color}:all",
            visibility=color,
            active="false",
            rectAlignment="MiddleCenter",
            width="760",
            height="600",
        )
        column = el(
            whole, "VerticalLayout", spacing="4", padding="8 8 8 8", childForceExpandHeight="false"
        )
        pages = el(column, "HorizontalLayout", spacing="8", preferredHeight="30")
        el(pages, "Button", tr("Earlier"), id=f"log:{color}:earlier", onClick="onLog",
           preferredWidth="160")  # fmt: skip
        el(pages, "Text", "", id=f"log:{color}:page", alignment="MiddleCenter", fontSize="14")
        el(pages, "Button", tr("Later"), id=f"log:{color}:later", onClick="onLog",
           preferredWidth="160")  # fmt: skip
        scroll = el(
            column, "VerticalScrollView", preferredHeight="506", scrollSensitivity="30",
            color="#00000000",
        )  # fmt: skip
        el(
            scroll,
            "Text",
            "",
            id=f"log:{color}:all:text",
            fontSize="14",
            height="540",
            alignment="UpperLeft",
            horizontalOverflow="Wrap",
            verticalOverflow="Overflow",
        )
        el(
            column,
            "Button",
            tr("Close the log"),
            id=f"log:{color}:close",
            onClick="onLog",
            preferredHeight="30",
        )
        nodes += [small, whole]
    return nodes


def text(nodes: list[ET.Element]) -> str:
    """The XmlUI string of top-level nodes."""
    return "".join(ET.tostring(node, encoding="unicode") for node in nodes)


Columns = tuple[tuple[str, str, int], ...]  # the scoreboard's (id, heading, width) each


def table_ui(
    name: str,
    colors: list[str],
    how: str,
    columns: Columns,
    extras: tuple[tuple[str, str, str], ...] = (),
) -> str:
    """A table's whole Global XmlUI: every shared panel, a seat panel per colour, the logs.

    `how` is the Start panel's text; `extras` the game's own buttons on every seat panel
    (id suffix, text, handler).
    """
    nodes = [
        defaults(),
        status(name),
        start(how),
        board(len(colors), columns),
        host(),
        bots(list(colors)),
        proxy(OPTION_SLOTS),
    ]
    nodes += [seat(color, list(extras), OPTION_SLOTS) for color in colors]
    nodes += logs(list(colors))
    return text(nodes)


def places(colors: list[str], columns: Columns) -> dict[str, object]:
    """What the table scripts read of these panels (the `<game>.layout` module's part)."""
    return {
        "colors": list(colors),
        "option_slots": OPTION_SLOTS,
        "board": board_size(len(colors), columns),
    }
