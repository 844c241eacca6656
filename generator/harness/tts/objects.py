"""Objects on the table and their handles: identity, texts, tags, transforms, buttons, spawning.

One handle per object (the same userdata every time, as in TTS); a card taken from a deck is
a new object with the old GUID. Container and dice members come from containers.py and
physics.py.
"""

from __future__ import annotations

import json
import math
from typing import Any

from generator.harness.tts import ui
from generator.harness.tts.clock import Waiting
from generator.harness.tts.containers import ContainerMembers
from generator.harness.tts.physics import DiceMembers
from generator.harness.tts.runtime import Handle, Host, ScriptError
from generator.harness.tts.screen import UIHandle
from generator.harness.tts.world import (
    SPAWN_FRAMES,
    Thing,
    Vec,
    nearest_face,
    thing_from,
    write_back,
)


class Objects:
    """Objects: spawning, handles, destroying, what players do to them."""

    def _spawn_json(self, params: Any) -> Any:
        """The global spawnObjectJSON (api base.md): an object from its save JSON.

        `json` as getJSON gives it; at `position`/`rotation` when given. It spawns over a
        few frames like a card taken from a deck, then `callback_function(obj)` runs.
        """
        p = self.from_lua(params)
        if not isinstance(p, dict) or not isinstance(p.get("json"), str):
            raise ScriptError("spawnObjectJSON needs a 'json' string")
        thing = self._add(thing_from(json.loads(p["json"])))
        if p.get("position"):
            thing.pos = self.vec(params["position"])
        if p.get("rotation"):
            thing.rot = self.vec(params["rotation"])
        thing.spawning = SPAWN_FRAMES
        thing.placed()
        handle = self.handle(thing)
        self.when_spawned(
            thing, handle, params["callback_function"] if p.get("callback_function") else None
        )
        return handle

    def when_spawned(self, thing: Thing, handle: Any, callback: Any) -> None:
        """Run a spawn's `callback(obj)` once `thing` has spawned (SPAWN_FRAMES frames)."""
        if callback is not None:
            self.add_wait(
                Waiting(
                    self._new_id(),
                    self._wrap(lambda: callback(handle)),
                    thing,
                    frame=self.frame + SPAWN_FRAMES,
                )
            )

    def _object_from_guid(self, guid: Any) -> Any:
        thing = self.things.get(str(guid))
        return None if thing is None or thing.destroyed else self.handle(thing)

    def _live(self) -> list[Thing]:
        return [t for t in self.things.values() if not t.destroyed]

    def handle(self, thing: Thing) -> ObjectHandle:
        """The one handle of a thing (the same userdata every time, as in TTS)."""
        known = self.handles.get(thing.guid)
        if known is None or known._thing is not thing:
            # A card taken from a deck is a new object with the old GUID: a new handle (the
            # old one is kept alive: Lua may still hold it).
            if known is not None:
                self.kept.append(known)
            known = self.handles[thing.guid] = ObjectHandle(self, thing)
        return known

    def destroy(self, thing: Thing) -> bool:
        """Destroy an object: onObjectDestroy, its waits dropped, its handle dead."""
        if thing.destroyed:
            return False
        self.fire("onObjectDestroy", self.handle(thing))
        thing.destroyed = True
        self.waits = [w for w in self.waits if w.owner is not thing]
        self.envs.pop(thing.guid, None)
        return True

    def click_button(self, color: str, guid: str, index: int = 0, alt: bool = False) -> Any:
        """A player clicks an object's button (buttons have no per-player visibility)."""
        if color == "Grey":
            raise ui.UIError("spectators cannot click object buttons")
        thing = self.things[guid]
        button = thing.buttons[index]
        owner = button.get("function_owner")
        target = "-1" if owner is None or isinstance(owner, GlobalHandle) else owner._thing.guid
        return self.call_in(target, button["click_function"], self.handle(thing), color, alt)

    def nudge(self, guid: str, position: Vec, rotation: Vec | None = None) -> None:
        """A piece moves without an event: the gizmo, Ctrl+Z, a nudge (no onObjectDrop)."""
        thing = self.things[guid]
        thing.pos = list(position)
        if rotation is not None:
            thing.rot = list(rotation)
        thing.placed()

    def pick_up(self, color: str, guid: str) -> None:
        """A player picks up an object: onObjectPickUp(player_color, object)."""
        thing = self.things[guid]
        if thing.locked or not thing.interactable:
            raise ValueError(f"{guid} cannot be picked up (locked or not interactable)")
        thing.held_by = color
        thing.resting = False
        self.fire("onObjectPickUp", color, self.handle(thing))

    def drop(self, color: str, guid: str, position: Vec) -> None:
        """A player drops a held object at a position: onObjectDrop(player_color, object)."""
        thing = self.things[guid]
        thing.pos = list(position)
        thing.held_by = None
        thing.resting = True
        self.fire("onObjectDrop", color, self.handle(thing))


class GlobalHandle(Handle):
    """`Global` (and `self` in the Global script)."""

    where = "Global"

    def _get_guid(self) -> str:
        return "-1"

    def _call_getVar(self, name: Any) -> Any:
        return self._table._rawget(self._table.envs["-1"], name)

    def _call_setVar(self, name: Any, value: Any) -> bool:
        self._table.envs["-1"][name] = value
        return True

    def _call_call(self, name: Any, params: Any = None) -> Any:
        # TTS copies tables between scripts: no references cross.
        copied = self._table.to_lua(self._table.from_lua(params)) if params is not None else None
        return self._table.call_in("-1", str(name), copied)

    def _get_UI(self) -> UIHandle:
        return UIHandle(self._table, None)

    def _get_script_state(self) -> str:
        return self._table.global_state

    def _call_getSnapPoints(self) -> Any:
        return _snap_points(self._table, self._table.save_data.get("SnapPoints") or [])


class ObjectHandle(ContainerMembers, DiceMembers, Handle):
    """A TTS object, as Lua sees it (userdata; dot-called members)."""

    where = "object"

    def __init__(self, table: Host, thing: Thing) -> None:
        super().__init__(table)
        self._thing = thing

    def label(self) -> str:
        """API calls on objects are counted as object.<member>."""
        return "object"

    def lua_get(self, name: str) -> Any:
        """A member of a destroyed object is an error (but isDestroyed and its GUID)."""
        if self._thing.destroyed and name not in ("isDestroyed", "guid", "getGUID"):
            raise ScriptError(f"object {self._thing.guid} has been destroyed (read '{name}')")
        return super().lua_get(name)

    # identity and texts
    def _get_guid(self) -> str:
        return self._thing.guid

    def _call_getGUID(self) -> str:
        return self._thing.guid

    def _get_name(self) -> str:
        return self._thing.type_name

    def _get_tag(self) -> str:
        return self._thing.tag

    def _get_type(self) -> str:
        return self._thing.tag

    def _call_getName(self) -> str:
        return self._thing.name

    def _call_setName(self, name: Any) -> bool:
        self._thing.name = str(name)
        return True

    def _call_getDescription(self) -> str:
        return self._thing.description

    def _call_setDescription(self, text: Any) -> bool:
        self._thing.description = str(text)
        return True

    def _call_getGMNotes(self) -> str:
        return self._thing.gm_notes

    def _call_setGMNotes(self, text: Any) -> bool:
        self._thing.gm_notes = str(text)
        return True

    def _call_isDestroyed(self) -> bool:
        return self._thing.destroyed

    def _call_destruct(self) -> bool:
        return self._table.destroy(self._thing)

    def _call_getJSON(self, indented: Any = True) -> str:
        # api object.md getJSON: the object's save entry as JSON text (contents included).
        return json.dumps(write_back(self._thing), indent=2 if indented else None)

    # tags
    def _call_getTags(self) -> Any:
        return self._table.to_lua(list(self._thing.tags))

    def _call_setTags(self, tags: Any) -> bool:
        self._thing.tags = [str(t) for t in self._table.from_lua(tags) or []]
        return True

    def _call_addTag(self, tag: Any) -> bool:
        if str(tag) in self._thing.tags:
            return False
        self._thing.tags.append(str(tag))
        return True

    def _call_removeTag(self, tag: Any) -> bool:
        if str(tag) not in self._thing.tags:
            return False
        self._thing.tags.remove(str(tag))
        return True

    def _call_hasTag(self, tag: Any) -> bool:
        return str(tag) in self._thing.tags

    # transform
    def _call_getPosition(self) -> Any:
        return self._table.vector(self._thing.pos)

    def _call_setPosition(self, position: Any) -> bool:
        self._thing.pos = self._table.vec(position)
        self._thing.smooth = None
        self._thing.placed()
        return True

    def _call_setPositionSmooth(
        self, position: Any, collide: Any = False, fast: Any = False
    ) -> bool:
        frames = 15 if fast else 40  # arrives after some frames (TTS: about half a second)
        self._thing.smooth = (self._table.vec(position), frames)
        return True

    def _call_isSmoothMoving(self) -> bool:
        return self._thing.smooth is not None

    def _call_getRotation(self) -> Any:
        return self._table.vector(self._thing.rotation())

    def _call_setRotation(self, rotation: Any) -> bool:
        rot = self._table.vec(rotation)
        self._thing.rot = rot
        if self._thing.faces:
            self._thing.face = nearest_face(self._thing.faces, rot)
            self._thing.tilt = 0.0
        self._thing.placed()
        return True

    def _axis(self, local: Vec) -> Any:
        # A local axis in the world: Unity turns an object by z, then x, then y (R = Ry Rx Rz),
        # which is what getTransformRight/Up/Forward report (a cocked die's tilt included).
        rx, ry, rz = (math.radians(a) for a in self._thing.rotation())
        x, y, z = local
        x, y = x * math.cos(rz) - y * math.sin(rz), x * math.sin(rz) + y * math.cos(rz)
        y, z = y * math.cos(rx) - z * math.sin(rx), y * math.sin(rx) + z * math.cos(rx)
        x, z = x * math.cos(ry) + z * math.sin(ry), -x * math.sin(ry) + z * math.cos(ry)
        return self._table.vector([x, y, z])

    def _call_getTransformUp(self) -> Any:
        return self._axis([0.0, 1.0, 0.0])

    def _call_getTransformRight(self) -> Any:
        return self._axis([1.0, 0.0, 0.0])

    def _call_getTransformForward(self) -> Any:
        return self._axis([0.0, 0.0, 1.0])

    def _call_getScale(self) -> Any:
        return self._table.vector(self._thing.scale)

    def _call_setScale(self, scale: Any) -> bool:
        self._thing.scale = self._table.vec(scale)
        self._thing.placed()
        return True

    # flags
    def _get_locked(self) -> bool:
        return self._thing.locked

    def _set_locked(self, value: Any) -> None:
        self._thing.locked = bool(value)

    def _call_getLock(self) -> bool:
        return self._thing.locked

    def _call_setLock(self, value: Any) -> bool:
        self._thing.locked = bool(value)
        return True

    def _get_interactable(self) -> bool:
        return self._thing.interactable

    def _set_interactable(self, value: Any) -> None:
        self._thing.interactable = bool(value)

    def _get_resting(self) -> bool:
        return self._thing.at_rest()

    def _get_spawning(self) -> bool:
        return self._thing.spawning > 0

    def _set_resting(self, value: Any) -> None:
        # SCED puts spawned objects to sleep this way (argonui/SCED src/playermat/Playermat.ttslua).
        self._thing.resting = bool(value)
        if value:
            self._thing.settle = 0

    def _get_held_by_color(self) -> Any:
        return self._thing.held_by

    def _get_script_state(self) -> str:
        return self._thing.script_state

    def _set_script_state(self, value: Any) -> None:
        self._thing.script_state = str(value)

    # buttons
    def _call_createButton(self, params: Any) -> bool:
        p = self._table.from_lua(params)
        if "click_function" not in p:
            raise ScriptError("createButton needs click_function")
        p["function_owner"] = params["function_owner"]
        self._thing.buttons.append(p)
        return True

    def _call_getButtons(self) -> Any:
        # nil, not an empty table, when there are none: real mods test for nil
        # (tjakubo2/TTS_xwing `dial.getButtons() == nil`, SCED Playermat.ttslua).
        if not self._thing.buttons:
            return None
        return self._table.to_lua(
            [
                {**{k: v for k, v in b.items() if k != "function_owner"}, "index": i}
                for i, b in enumerate(self._thing.buttons)
            ]
        )

    def _call_editButton(self, params: Any) -> bool:
        p = self._table.from_lua(params)
        index = int(p.pop("index", 0))
        if not 0 <= index < len(self._thing.buttons):
            return False
        self._thing.buttons[index].update({k: v for k, v in p.items() if k != "function_owner"})
        return True

    def _call_removeButton(self, index: Any) -> bool:
        index = int(index)
        if not 0 <= index < len(self._thing.buttons):
            return False
        del self._thing.buttons[index]
        return True

    def _call_clearButtons(self) -> bool:
        self._thing.buttons.clear()
        return True

    # scripts
    def _call_call(self, name: Any, params: Any = None) -> Any:
        copied = self._table.to_lua(self._table.from_lua(params)) if params is not None else None
        return self._table.call_in(self._thing.guid, str(name), copied)

    def _call_getVar(self, name: Any) -> Any:
        return self._table._rawget(self._table.envs[self._thing.guid], name)

    def _call_setVar(self, name: Any, value: Any) -> bool:
        self._table.envs[self._thing.guid][name] = value
        return True

    def _call_getLuaScript(self) -> str:
        return self._thing.script

    def _get_UI(self) -> UIHandle:
        return UIHandle(self._table, self._thing)

    def _call_getSnapPoints(self) -> Any:
        return _snap_points(self._table, self._thing.data.get("AttachedSnapPoints") or [])


class JSONHandle(Handle):
    """`JSON`: encode and decode (Python's json; TTS's own details are undocumented)."""

    where = "JSON"

    def _call_encode(self, value: Any) -> str:
        return json.dumps(self._table.from_lua(value), separators=(",", ":"))

    def _call_decode(self, text: Any) -> Any:
        return self._table.to_lua(json.loads(str(text)))


def _snap_points(table: Host, points: list[dict[str, Any]]) -> Any:
    return table.to_lua(
        [
            {
                "position": table.vector([float(s["Position"].get(k, 0.0)) for k in "xyz"]),
                "rotation": table.vector(
                    [float((s.get("Rotation") or {}).get(k, 0.0)) for k in "xyz"]
                ),
                "rotation_snap": "Rotation" in s,
                "tags": list(s.get("Tags") or []),
            }
            for s in points
        ]
    )
