"""What each player sees: XmlUI with per-player visibility, clicks, dialogs, what is readable.

The XML model is ui.py; this is the table's side of it: `UI` (UIHandle) as scripts set it, a
player's click as TTS calls the handler, the options dialog on one player's screen, and
everything a colour can read anywhere at the table (the secrets checks search it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.harness.tts import ui
from generator.harness.tts.containers import _face_down
from generator.harness.tts.runtime import Handle, Host, ScriptError, Strictness

if TYPE_CHECKING:
    from generator.harness.tts.world import Thing


@dataclass
class Dialog:
    """A Player.showOptionsDialog on one player's screen (API player/instance.md).

    The API shows it to that player alone; its callback runs only when they press OK
    (`callback(selected_text, selected_index, player_color)`, the index from 1), never on
    close: the table must offer another way back to it.
    """

    description: str
    options: list[str]
    callback: Any


class Screen:
    """What each player sees and clicks."""

    def _apply_xml(self) -> None:
        for owner, (tree, frame) in list(self.pending_xml.items()):
            if frame <= self.frame:
                if owner == "-1":
                    self.global_xml = tree
                    self.xml_changed = True
                    self.xml_version += 1
                else:
                    self.things[owner].xml = ui.write(tree)
                del self.pending_xml[owner]

    def viewer(self, color: str) -> ui.Viewer:
        """How the UI sees a colour (Grey: a spectator; host and promoted from the player)."""
        player = self.player_at(color) if color != "Grey" else None
        return ui.Viewer(
            color,
            player.team if player else "None",
            bool(player and player.host),
            bool(player and (player.promoted or player.host)),
        )

    def click(self, color: str, element_id: str, owner: str = "-1", value: str = "-1") -> Any:
        """A player clicks an XmlUI element; refused when they cannot see it or it is inactive.

        `value` is the mouse button: "-1" left, "-2" right, "-3" middle (SCED Global.ttslua:
        a plain onClick passes it); an `onClick="fn(arg)"` passes `arg` instead, whatever the
        button.
        """
        tree = self.global_xml if owner == "-1" else ui.parse(self.things[owner].xml)
        found = next(((e, ps) for e, ps in ui.walk(tree) if e.id == element_id), None)
        if found is None:
            raise ui.UIError(f"no XmlUI element has the id '{element_id}'")
        element, parents = found
        if not ui.shown(element, parents, self.viewer(color)):
            raise ui.UIError(f"{color} cannot see '{element_id}' (visibility or active)")
        if element.attributes.get("interactable", "true").lower() == "false":
            raise ui.UIError(f"'{element_id}' is not interactable")
        handler = element.attributes.get("onClick")
        if not handler:
            raise ui.UIError(f"'{element_id}' has no onClick")
        return self._ui_call(owner, handler, color, value, element_id)

    def _ui_call(self, owner: str, handler: str, color: str, value: str, element_id: str) -> Any:
        target = owner
        if "/" in handler:
            where, handler = handler.split("/", 1)
            target = "-1" if where == "Global" else where
        if "(" in handler and handler.endswith(")"):
            handler, value = handler[:-1].split("(", 1)
        who = self.player_at(color) or next(
            (p for p in self.players.values() if p.color == color), None
        )
        name = who.name if who else color
        # (the Player object from the table's seats: this part does not import them)
        return self.call_in(target, handler, self.player_handle(name, color), value, element_id)

    def dump(self, color: str, owner: str = "-1") -> str:
        """What one colour sees of the Global UI (or an object's UI)."""
        tree = self.global_xml if owner == "-1" else ui.parse(self.things[owner].xml)
        return ui.dump(tree, self.viewer(color))

    def dialog(self, color: str) -> Dialog | None:
        """The options dialog open on `color`'s screen, if any."""
        return self.dialogs.get(color)

    def answer(self, color: str, index: int) -> Any:
        """The player at `color` picks option `index` (from 1) of their dialog and presses OK."""
        shown = self.dialogs.pop(color, None)
        if shown is None:
            raise ui.UIError(f"{color} has no dialog open")
        if self.player_at(color) is None and color not in self.hotseat_colors:
            raise ui.UIError(f"no one sits at {color} to answer the dialog")
        if not 1 <= index <= len(shown.options):
            raise ui.UIError(f"{color}'s dialog has {len(shown.options)} options, not {index}")
        return self._run("-1: dialog", shown.callback, shown.options[index - 1], index, color)

    def close_dialog(self, color: str) -> None:
        """The player closes their dialog without OK (the API calls nothing)."""
        self.dialogs.pop(color, None)

    def hand_owners(self) -> dict[str, str]:
        """Each object in a hand zone now: its GUID -> the zone's colour."""
        hands = self._hand_zones()
        owners = {}
        for thing in self._live():
            if not thing.is_zone:
                owner = next((z.hand_color for z in hands if z.contains_point(thing.pos)), None)
                if owner is not None:
                    owners[thing.guid] = owner
        return owners

    def readable(self, color: str, owners: dict[str, str] | None = None) -> list[str]:
        """Every text a colour can read at the table now.

        `owners`: `hand_owners()` when the caller has it (nothing moved since).

        Its view of the UI, its chat, the notebook pages it may open, the names,
        descriptions (and, for Black, GM notes) of the objects it can see, and everything
        inside the containers it could search.

        Hidden from it: cards in another colour's hand (Black sees all hands: KB player
        roles) and the faces of face-down cards that hide when face down (api object.md
        hide_when_face_down). Spectators search nothing.
        """
        texts = [self.dump(color), *self.messages(color)]
        shown = self.dialogs.get(color)
        if shown is not None:
            texts.append("\n".join([shown.description, *shown.options]))
        texts += [f"{title}\n{body}" for title, body in self.notebook(color)]
        owners = owners if owners is not None else self.hand_owners()
        for thing in self._live():
            if thing.is_zone:
                continue
            owner = owners.get(thing.guid)
            if owner is not None and owner != color and color != "Black":
                continue
            if (
                thing.is_card
                and owner is None
                and _face_down(thing)
                and thing.data.get("HideWhenFaceDown", True)
            ):
                continue
            texts += [thing.name, thing.description]
            if color == "Black":
                texts.append(thing.gm_notes)
        texts += self.searchable(color)
        return [t for t in texts if t]

    def seen(self, color: str) -> list[tuple[str, str]]:
        """Every text a colour reads at the table now, each with where it is (its surface).

        Words only, no markup: the UI's texts and tooltips (by the nearest element id), chat,
        its own dialog, the notebook, the names and descriptions of the objects it can see.
        """
        out: list[tuple[str, str]] = []
        viewer = self.viewer(color)

        def visit(nodes: list[ui.Element], where: str) -> None:
            for e in nodes:
                attrs = e.attributes
                if attrs.get("active", "true").lower() == "false" or not ui.listed(e, viewer):
                    continue
                here = f"UI #{e.id}" if e.id else where
                for text in (e.text, attrs.get("text", ""), attrs.get("tooltip", "")):
                    if text:
                        out.append((here, text))
                visit(e.children, here)

        visit(self.global_xml, "UI")
        out += [("chat", text) for text in self.messages(color)]
        shown = self.dialogs.get(color)
        if shown is not None:
            out += [("dialog", text) for text in (shown.description, *shown.options)]
        for title, body in self.notebook(color):
            out += [("notebook tab", title), (f"notebook page {title}", body)]
        out.append(("the save's note", str(self.save_data.get("Note") or "")))  # Notes, all
        owners = self.hand_owners()
        for thing in self._live():
            owner = owners.get(thing.guid)
            if thing.is_zone or (owner is not None and owner != color):
                continue
            if thing.is_card and owner is None and _face_down(thing):
                continue
            out += [(f"object {thing.guid} name", thing.name),
                    (f"object {thing.guid} description", thing.description)]  # fmt: skip
        return [(where, text) for where, text in out if text]

    def searchable(self, color: str) -> list[str]:
        """What a search of each container on the table shows a colour, one text each.

        The names and descriptions inside, in order (spectators search nothing).
        """
        if color == "Grey":
            return []
        return [
            "\n".join(
                f"{entry.get('Nickname', '')}: {entry.get('Description', '')}"
                for entry in thing.contents
            )
            for thing in self._live()
            if thing.contents
        ]


class UIHandle(Handle):
    """`UI` (Global) or `obj.UI`: an XmlUI tree; setXml applies a frame later (UI.loading)."""

    where = "UI"

    def __init__(self, table: Host, thing: Thing | None) -> None:
        super().__init__(table)
        self._thing = thing

    def _owner(self) -> str:
        return "-1" if self._thing is None else self._thing.guid

    def _tree(self) -> list[ui.Element]:
        if self._thing is None:
            return self._table.global_xml
        return ui.parse(self._thing.xml)

    def _store(self, tree: list[ui.Element]) -> None:
        if self._thing is not None:
            self._thing.xml = ui.write(tree)
        else:
            self._table.xml_changed = True
            self._table.xml_version += 1

    def _element(self, element_id: Any) -> ui.Element:
        try:
            return ui.find(self._tree(), str(element_id))
        except ui.UIError as err:
            raise ScriptError(str(err)) from None

    def _get_loading(self) -> bool:
        return self._owner() in self._table.pending_xml

    def _call_getXml(self) -> str:
        return ui.write(self._tree())

    def _call_setXml(self, xml: Any, assets: Any = None) -> bool:
        if assets is not None:
            raise Strictness("UI.setXml: custom assets are not modelled (docs/emulator.md)")
        self._table.pending_xml[self._owner()] = (ui.parse(str(xml)), self._table.frame + 1)
        return True

    def _call_getAttribute(self, element_id: Any, name: Any) -> Any:
        return self._element(element_id).attributes.get(str(name))

    def _call_getAttributes(self, element_id: Any) -> Any:
        return self._table.to_lua(dict(self._element(element_id).attributes))

    def _call_setAttribute(self, element_id: Any, name: Any, value: Any) -> bool:
        tree = self._tree()
        element = ui.find(tree, str(element_id))
        element.attributes[str(name)] = _xml_value(value)
        self._store(tree)
        return True

    def _call_setAttributes(self, element_id: Any, values: Any) -> bool:
        tree = self._tree()
        element = ui.find(tree, str(element_id))
        for k, v in (self._table.from_lua(values) or {}).items():
            element.attributes[str(k)] = _xml_value(v)
        self._store(tree)
        return True

    def _call_show(self, element_id: Any) -> bool:
        return self._call_setAttribute(element_id, "active", "true")

    def _call_hide(self, element_id: Any) -> bool:
        return self._call_setAttribute(element_id, "active", "false")

    def _call_getValue(self, element_id: Any) -> str:
        return self._element(element_id).text

    def _call_setValue(self, element_id: Any, value: Any) -> bool:
        tree = self._tree()
        ui.find(tree, str(element_id)).text = str(value)
        self._store(tree)
        return True


def _xml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
