"""Players and seats: who sits where, colour changes, hotseat, turns, chat and the notebook.

`Player` is a person at the table; `Player.Red` (PlayersHandle) a colour's seat as scripts
read it (PlayerHandle). Black is the game master: it reads every hand and notebook page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.harness.tts.clock import Waiting
from generator.harness.tts.runtime import Handle, Host, _only
from generator.harness.tts.screen import Dialog

SEAT_COLORS = (
    "White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink",
)  # fmt: skip
ALL_COLORS = (*SEAT_COLORS, "Grey", "Black")


@dataclass
class Player:
    """A person at the table."""

    name: str
    color: str
    host: bool = False
    promoted: bool = False
    team: str = "None"
    steam_id: str = ""


class Seats:
    """Players, seats, turns, chat and the notebook."""

    def player_handle(self, name: str | None, color: str | None = None) -> PlayerHandle:
        """The Player object a script is handed for a player (a UI handler's first argument)."""
        return PlayerHandle(self, name, color)

    def join(self, name: str, color: str, host: bool = False, team: str = "None") -> Player:
        """A player connects and takes a colour (Grey: a spectator)."""
        player = Player(name, "Grey", host=host, team=team, steam_id=str(len(self.players) + 1))
        self.players[name] = player
        self.fire("onPlayerConnect", PlayerHandle(self, name))
        if color != "Grey":
            self.change_color(name, color)
        return player

    def change_color(self, name: str, color: str) -> bool:
        """A player changes colour (refused when the colour is taken); onPlayerChangeColor."""
        if color not in ALL_COLORS:
            raise ValueError(f"'{color}' is not a TTS colour")
        if color != "Grey" and any(p.color == color for p in self.players.values()):
            return False
        player = self.players[name]
        was = player.color
        player.color = color
        if self.quirks["stand_up_ends_turns"] and was != "Grey" and color == "Grey":
            self.turns["enable"] = False  # TTS: a player standing up switches turns off
        self.fire("onPlayerChangeColor", color)
        return True

    def leave(self, name: str) -> None:
        """A player disconnects: onPlayerChangeColor("Grey"), then onPlayerDisconnect."""
        if self.players[name].color != "Grey":
            self.change_color(name, "Grey")
        handle = PlayerHandle(self, name)
        self.fire("onPlayerDisconnect", handle)
        del self.players[name]

    def seated(self) -> list[str]:
        """Colours with someone sitting there (not Grey): getSeatedPlayers()."""
        colors = [p.color for p in self.players.values() if p.color != "Grey"]
        extra = [c for c in self.hotseat_colors if c not in colors]
        return colors + extra

    def player_at(self, color: str) -> Player | None:
        """Who sits at a colour (None for an empty seat)."""
        return next((p for p in self.players.values() if p.color == color), None)

    def hotseat(self, name: str, colors: list[str]) -> None:
        """One person plays several colours at one computer (hotseat).

        Every colour is seated (getSeatedPlayers, Player[c].seated) while
        Player.getPlayers() lists the one person, at the first colour.
        """
        self.join(name, colors[0], host=True)
        self.hotseat_colors = list(colors)
        for color in colors[1:]:
            self.fire("onPlayerChangeColor", color)

    def turn(self, color: str) -> None:
        """Set the turn as TTS does (onPlayerTurn, with the quirks a test switched on)."""
        previous = self.turns["turn_color"]
        self.turns["turn_color"] = color
        if not self.turns["enable"]:
            return  # turn_color does nothing while turns are off
        args = (
            PlayerHandle(self, None, color),
            PlayerHandle(self, None, previous) if previous else None,
        )
        delay = self.quirks["turn_event_delay"]
        times = 2 if self.quirks["turn_event_twice"] else 1
        for _ in range(times):
            if delay:
                self.add_wait(
                    Waiting(
                        self._new_id(),
                        self._wrap(lambda: self.fire("onPlayerTurn", *args)),
                        None,
                        frame=self.frame + delay,
                    )
                )
            else:
                self.fire("onPlayerTurn", *args)

    def _say(self, kind: str, to: Any, message: Any) -> bool:
        text = str(message) if not isinstance(message, str) else message
        self.chat.append((kind, str(to), text))
        return True

    def messages(self, color: str) -> list[str]:
        """Chat lines a colour received (all, to that colour; the host also gets print)."""
        host = any(p.host and p.color == color for p in self.players.values())
        return [
            text for kind, to, text in self.chat if to in ("all", color) or (to == "host" and host)
        ]

    def notebook(self, color: str) -> list[tuple[str, str]]:
        """The notebook pages a colour can read: (title, body).

        A tab has a colour (Grey when added without one: api notes.md); Grey tabs are read
        by everyone, a colour's tab by that colour, and Black, the game master, reads every
        page (KB player roles).
        """
        tabs = self.save_data.get("TabStates") or {}
        out = []
        for _, tab in sorted(tabs.items(), key=lambda kv: int(kv[0])):
            owner = str(tab.get("color", "Grey") or "Grey")
            if owner in ("Grey", color) or color == "Black":
                out.append((str(tab.get("title", "")), str(tab.get("body", ""))))
        return out


class NotesHandle(Handle):
    """`Notes`: the notebook's tabs (the save's TabStates); notes.md's tab functions."""

    where = "Notes"

    def _tabs(self) -> dict[str, Any]:
        return self._table.save_data.setdefault("TabStates", {})

    def _call_getNotebookTabs(self) -> Any:
        tabs = [
            {"index": int(k), "title": v.get("title", ""), "body": v.get("body", ""),
             "color": v.get("color", "Grey")}
            for k, v in sorted(self._tabs().items(), key=lambda kv: int(kv[0]))
        ]  # fmt: skip
        return self._table.to_lua(tabs)

    def _call_addNotebookTab(self, params: Any) -> int:
        p = self._table.from_lua(params)
        _only(p, {"title", "body", "color"}, "addNotebookTab")
        tabs = self._tabs()
        index = max((int(k) for k in tabs), default=-1) + 1
        tabs[str(index)] = {
            "title": str(p.get("title", "")),
            "body": str(p.get("body", "")),
            "color": str(p.get("color", "Grey")),
            "visibleColor": {"r": 0.5, "g": 0.5, "b": 0.5},
            "id": index,
        }
        return index

    def _call_editNotebookTab(self, params: Any) -> bool:
        p = self._table.from_lua(params)
        _only(p, {"index", "title", "body", "color"}, "editNotebookTab")
        tab = self._tabs().get(str(int(p.get("index", -1))))
        if tab is None:
            return False
        for key in ("title", "body", "color"):
            if key in p:
                tab[key] = str(p[key])
        return True

    def _call_removeNotebookTab(self, index: Any) -> bool:
        return self._tabs().pop(str(int(index)), None) is not None


class TurnsHandle(Handle):
    """`Turns`: enable, turn_color, order, type."""

    where = "Turns"

    def _get_enable(self) -> bool:
        return bool(self._table.turns["enable"])

    def _set_enable(self, value: Any) -> None:
        self._table.turns["enable"] = bool(value)

    def _get_turn_color(self) -> str:
        return str(self._table.turns["turn_color"])

    def _set_turn_color(self, value: Any) -> None:
        self._table.turn(str(value))

    def _get_order(self) -> Any:
        return self._table.to_lua(list(self._table.turns["order"]))

    def _set_order(self, value: Any) -> None:
        self._table.turns["order"] = [str(c) for c in self._table.from_lua(value)]

    def _get_type(self) -> int:
        return int(self._table.turns["type"])

    def _set_type(self, value: Any) -> None:
        self._table.turns["type"] = int(value)

    # pass_turns: whether players may end their turn from TTS's own UI (the Turns page of the
    # API docs); the table's rules decide turns, so the script turns it off.
    def _get_pass_turns(self) -> bool:
        return bool(self._table.turns.get("pass_turns", True))

    def _set_pass_turns(self, value: Any) -> None:
        self._table.turns["pass_turns"] = bool(value)


class PlayersHandle(Handle):
    """`Player`: Player.Red / Player["Red"], getPlayers, getSpectators, getAvailableColors."""

    where = "Player"

    def lua_get(self, name: str) -> Any:
        """Player.Red (any colour, seated or not) or a Player function."""
        if name in ALL_COLORS:
            return PlayerHandle(self._table, None, name)
        return super().lua_get(name)

    def _call_getPlayers(self) -> Any:
        t = self._table
        return t.to_lua([PlayerHandle(t, p.name) for p in t.players.values()])

    def _call_getSpectators(self) -> Any:
        t = self._table
        return t.to_lua([PlayerHandle(t, p.name) for p in t.players.values() if p.color == "Grey"])

    def _call_getAvailableColors(self) -> Any:
        return self._table.to_lua([c for c in SEAT_COLORS if c not in self._table.seated()])

    def _call_getColors(self) -> Any:
        return self._table.to_lua(list(ALL_COLORS))


class PlayerHandle(Handle):
    """A Player instance: a colour's seat (or one named person)."""

    where = "player"

    def __init__(self, table: Host, name: str | None, color: str | None = None) -> None:
        super().__init__(table)
        self._name = name
        self._color = color
        table.kept.append(self)  # handed to Lua: must outlive it (see Handle.lua_get)

    def _player(self) -> Player | None:
        if self._name is not None and self._name in self._table.players:
            return self._table.players[self._name]
        return self._table.player_at(self._color) if self._color else None

    def label(self) -> str:
        """API calls on players are counted as player.<member>."""
        return "player"

    def _get_color(self) -> str:
        p = self._player()
        return p.color if p else str(self._color)

    def _get_steam_name(self) -> Any:
        p = self._player()
        return p.name if p else None

    def _get_steam_id(self) -> Any:
        p = self._player()
        return p.steam_id if p else None

    def _get_seated(self) -> bool:
        p = self._player()
        return bool(p and p.color != "Grey") or (
            self._color is not None and self._color in self._table.hotseat_colors
        )

    def _get_host(self) -> bool:
        p = self._player()
        return bool(p and p.host)

    def _get_admin(self) -> bool:
        p = self._player()
        return bool(p and (p.host or p.promoted))

    def _get_promoted(self) -> bool:
        p = self._player()
        return bool(p and p.promoted)

    def _get_team(self) -> str:
        p = self._player()
        return p.team if p else "None"

    def _call_changeColor(self, color: Any) -> bool:
        p = self._player()
        return bool(p) and self._table.change_color(p.name, str(color))  # type: ignore[union-attr]

    def _call_promote(self) -> bool:
        p = self._player()
        if p is None:
            return False
        p.promoted = not p.promoted
        return True

    def _call_print(self, message: Any, tint: Any = None) -> bool:
        return self._table._say("Player.print", self._get_color(), message)

    def _call_broadcast(self, message: Any, tint: Any = None) -> bool:
        return self._table._say("Player.broadcast", self._get_color(), message)

    def _call_getHandObjects(self, index: Any = 1) -> Any:
        t = self._table
        color = self._get_color()
        zone = next((z for z in t._live() if z.hand_color == color), None)
        if zone is None:
            return t.to_lua([])
        inside = sorted(t._contents_of_zone(zone))
        held = [t.handle(t.things[g]) for g in inside if t.things[g].data.get("Hands", False)]
        return t.to_lua(held)

    def _call_showOptionsDialog(
        self, description: Any, options: Any, default_value: Any = 1, callback: Any = None
    ) -> bool:
        t = self._table
        labels = [str(o) for o in (t.from_lua(options) or [])]
        t.dialogs[self._get_color()] = Dialog(str(description), labels, callback)
        return True

    def _call_getHandCount(self) -> int:
        t = self._table
        return len(t.from_lua(self._call_getHandObjects()) or [])
