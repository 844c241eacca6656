"""A headless Tabletop Simulator for tests: load a save, run its scripts, drive it like players.

    table = Table.load(save_dict, seed=1)      # every object, every script's onLoad
    table.join("Ann", "Red", host=True)        # players sit down (onPlayerChangeColor)
    table.click("Red", "startButton")          # an XmlUI click, as TTS calls the handler
    table.run(seconds=3)                       # the frame clock: waits, dice, smooth moves
    table.dump("Red")                          # what Red sees of the UI
    save = table.save()                        # onSave of every script, the table written

Lua runs in lupa's Lua 5.2 under the MoonSharp profile, each script in its own environment
with `self`. The scripts see only what TTS gives them (its API docs,
api.tabletopsimulator.com), and only the part the emulator models: touching anything else
raises an error naming it. TTS objects and players reach Lua as opaque handles (userdata),
called with dot syntax. docs/emulator.md lists what is modelled and what is not.

The table is one class made of a part per concern, each in its own file: runtime.py (running
Lua, values and handles), clock.py (frames, Wait, coroutines, checkpoints), seats.py
(players, seats, turns, chat, notebook), screen.py (XmlUI, clicks, dialogs, what a colour can
read), objects.py (objects and their handles), containers.py (decks, merging, hands, zones),
physics.py (moves and dice); world.py holds an object's data. This file assembles them and
loads and saves the table.
"""

from __future__ import annotations

import copy
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from typing import Any

from lupa import lua52

from generator.harness.moonsharp import host_runtime
from generator.harness.tts import clr, ui
from generator.harness.tts.clock import FPS, Clock, TimeHandle, WaitHandle, Waiting
from generator.harness.tts.containers import Containers
from generator.harness.tts.objects import GlobalHandle, JSONHandle, ObjectHandle, Objects
from generator.harness.tts.physics import Physics
from generator.harness.tts.runtime import (
    PRELUDE,
    Cost,
    Handle,
    ScriptError,
    Scripts,
    Strictness,
    _attribute_get,
    _attribute_set,
    _pct,
    declared_globals,
)
from generator.harness.tts.screen import Dialog, Screen, UIHandle
from generator.harness.tts.seats import (
    ALL_COLORS,
    SEAT_COLORS,
    NotesHandle,
    Player,
    PlayerHandle,
    PlayersHandle,
    Seats,
    TurnsHandle,
)
from generator.harness.tts.world import Thing, thing_from, write_back
from generator.plaindata import plain_copy

__all__ = [
    "ALL_COLORS", "FPS", "SEAT_COLORS", "Cost", "Dialog", "GlobalHandle", "Handle", "ObjectHandle",
    "Player", "PlayerHandle", "ScriptError", "Strictness", "Table", "UIHandle", "Waiting",
    "declared_globals", "handle_members",
]  # fmt: skip


class Table(Scripts, Clock, Seats, Screen, Objects, Containers, Physics):
    """One emulated TTS table (see the module docstring)."""

    def __init__(
        self, seed: int = 0, count_instructions: bool = True, interpreter: str | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        # `interpreter`: the path of a MoonSharp.Interpreter.dll to run the scripts on (clr.py),
        # timed instead of counted; None for lupa under the MoonSharp profile.
        self.interpreter = interpreter
        self.count_instructions = count_instructions and interpreter is None
        handlers = (_attribute_get, _attribute_set)
        if interpreter is None:
            self.lua, self._load, self._count = host_runtime(seed, handlers)
            self.bridge = None
            self._raw_lua_type = lua52.lua_type
        else:
            self.lua, self._load, self._count = clr.runtime(interpreter, handlers)
            self.bridge = self.lua.bridge
            self._raw_lua_type = self.lua.lua_type
        self.H = self.lua.execute(PRELUDE)
        # TTS seeds math.random differently every session; ours follows the table's seed, so
        # a seeded playtest repeats (and nothing else shares the C library's generator).
        # lupa can hand Lua the wrong Python object once the userdata of a collected one is
        # released and its slot reused (scoder/lupa#294, met here about once in 15 games
        # with lupa 2.7 and 2.8): a table's Lua never collects garbage. A table lives for
        # one game; its runtime is freed with it. (MoonSharp collects as TTS does.)
        if interpreter is None:
            self.lua.execute("collectgarbage('stop')")
        self._math_rng = random.Random(f"{seed}:math.random")
        self.lua.globals().math.random = self._math_random
        # Lua helpers, fetched once: reading a Lua table's fields from inside a Lua -> Python
        # call gives lupa's tuple form, so nothing reads self.H there.
        self._wrap = self.H.wrap
        self._anchor = self.H.anchor
        self._rawget = self.H.rawget
        self._is_function = self.H.is_function
        self._type = self.H.type
        self._new_vector = self.H.Vector
        self._co_spawn = self.H.spawn
        self._co_resume = self.H.resume
        if interpreter is not None:  # the same answers without a call into Lua for each
            rt = self.lua
            self._wrap, self._anchor, self._rawget = rt.wrap, (lambda v: v), rt.rawget
            self._type = rt.type_of
            self._is_function = lambda v: rt.type_of(v) == "function"
        self.frame = 0
        self.things: dict[str, Thing] = {}
        self.handles: dict[str, ObjectHandle] = {}
        self.kept: list[Any] = []  # Python values handed to Lua, kept alive with the table
        self.envs: dict[str, Any] = {}  # guid ("-1" for Global) -> script environment
        self.source_maps: dict[str, Any] = {}  # script name -> where its bundle's lines come from
        self.players: dict[str, Player] = {}  # name -> player
        self.chat: list[tuple[str, str, str]] = []  # (kind, recipient, text)
        # colour -> the options dialog open on that player's screen (one at a time: a new
        # one replaces it). Not saved: after a load no dialog is open.
        self.dialogs: dict[str, Dialog] = {}
        self.waits: list[Waiting] = []
        self.next_wait = 1
        self.coroutines: list[tuple[int, Thing | None]] = []
        self.costs: dict[str, Cost] = defaultdict(Cost)
        self.ran: list[str] = []  # every run's handler, in order (Cost holds its figures)
        self.calls: Counter[str] = Counter()
        self.crossings = 0  # API calls and member reads so far (each run's share: Cost.calls)
        self.global_xml: list[ui.Element] = []
        self.xml_changed = False  # the Global UI differs from the save's text
        self.xml_version = 0  # bumped at every change of the Global UI
        self._xml_text = (-1, "")  # the Global UI written at a version
        self.pending_xml: dict[str, tuple[list[ui.Element], int]] = {}  # owner -> (tree, frame)
        self.save_data: dict[str, Any] = {}
        self.global_script = ""
        self.global_state = ""
        self.inside: dict[str, set[str]] = {}  # zone guid -> guids inside
        self._where: dict[str, Any] = {}  # every object's position at the last zone check
        self.turns = {"enable": False, "turn_color": "", "order": [], "type": 1, "pass_turns": True}
        self.hotseat_colors: list[str] = []
        self.quirks = {
            "turn_event_twice": False,
            "turn_event_delay": 0,
            "stand_up_ends_turns": False,
        }
        self.autosave_every = 10.0  # seconds between rewind checkpoints (TTS: 10 s)
        self.snapshots: list[dict[str, Any]] = []
        self.rewind_requests: list[Any] = []  # storeRewindState's callbacks, for the next frame
        self.rewind_block_until: float | None = None  # Time.time the block lifts
        self.api = self._api()

    def _math_random(self, m: Any = None, n: Any = None) -> float | int:
        if m is None:
            return self._math_rng.random()
        low, high = (1, int(m)) if n is None else (int(m), int(n))
        if low > high:
            raise ScriptError("bad argument to 'random' (interval is empty)")
        return self._math_rng.randint(low, high)

    @classmethod
    def load(
        cls,
        save: dict[str, Any],
        seed: int = 0,
        count_instructions: bool = True,
        interpreter: str | None = None,
    ) -> Table:
        """A table with the save's objects and scripts, after every onLoad."""
        table = cls(seed, count_instructions, interpreter)
        table._load_save(save)
        return table

    def _load_save(self, save: dict[str, Any]) -> None:
        self.save_data = plain_copy(save)
        self.global_script = str(save.get("LuaScript", "") or "")
        self.global_state = str(save.get("LuaScriptState", "") or "")
        self.global_xml = ui.parse(str(save.get("XmlUI", "") or ""))
        turns = save.get("Turns") or {}
        self.turns.update(
            enable=bool(turns.get("Enable", False)),
            turn_color=str(turns.get("TurnColor", "") or ""),
            order=list(turns.get("TurnOrder") or []),
            type=int(turns.get("Type", 1)),
            pass_turns=bool(turns.get("PassTurns", True)),
        )
        for data in save.get("ObjectStates") or []:
            self._add(thing_from(data))
        self.inside = {g: self._contents_of_zone(t) for g, t in self.things.items() if t.is_zone}
        # Object scripts first, then Global; each onLoad gets its saved state.
        for guid, thing in list(self.things.items()):
            if thing.script:
                self._start_script(guid, thing.script, thing)
        self._start_script("-1", self.global_script, None)
        for guid, thing in list(self.things.items()):
            if thing.script:
                self.fire_at(guid, "onLoad", thing.script_state)
        self.fire_at("-1", "onLoad", self.global_state)

    def _add(self, thing: Thing) -> Thing:
        # TTS re-GUIDs a collision with an object on the table (a card put into a deck and
        # taken out again keeps its GUID: nothing else holds it meanwhile).
        while not thing.guid or (
            thing.guid in self.things and not self.things[thing.guid].destroyed
        ):
            thing.guid = f"{self.rng.randrange(16**6):06x}"
        self.things[thing.guid] = thing
        return thing

    def save(self, share: bool = False) -> dict[str, Any]:
        """The table written as a save: every script's onSave, every object as it stands.

        With `share` the save shares what the table never changes in place (each object's
        saved data, the entries of a deck) instead of copying it: for the table's own
        checkpoints, which only a load reads (and a load copies).
        """
        for guid in list(self.envs):
            state = self.fire_at(guid, "onSave")
            if state is not None:
                if guid == "-1":
                    self.global_state = str(state)
                else:
                    self.things[guid].script_state = str(state)
        return self.written(share)

    def written(self, share: bool = False) -> dict[str, Any]:
        """The save as it stands, without calling onSave (what Save & Play keeps)."""
        # (the objects are written from the table, not copied from the save it loaded)
        out = {k: None if k == "ObjectStates" else plain_copy(v) for k, v in self.save_data.items()}
        out["LuaScript"] = self.global_script
        out["LuaScriptState"] = self.global_state
        if self.xml_changed:
            if self._xml_text[0] != self.xml_version:
                self._xml_text = (self.xml_version, ui.write(self.global_xml))
            out["XmlUI"] = self._xml_text[1]
        out["ObjectStates"] = [
            write_back(t, share) for t in self.things.values() if not t.destroyed
        ]
        out.setdefault("Turns", {})
        out["Turns"] = {
            **out["Turns"],
            "Enable": self.turns["enable"],
            "TurnColor": self.turns["turn_color"],
        }
        return out

    def save_and_play(self) -> Table:
        """Save & Play: reload the table as it stands, without calling onSave."""
        return self._reloaded(self.written())

    def rewind(self, steps: int = 1) -> Table:
        """Load the checkpoint `steps` back (onSave ran when it was taken), then onLoad."""
        return self._reloaded(self.snapshots[-steps])

    def reload(self, seed: int | None = None) -> Table:
        """Save (every onSave runs) and load the save again, the same players seated.

        What the host's Load of a fresh save does while everyone stays at the table.
        """
        return self._reloaded(self.save(), seed)

    def _reloaded(self, save: dict[str, Any], seed: int | None = None) -> Table:
        table = Table.load(
            save, self.seed + 1 if seed is None else seed, self.count_instructions,
            self.interpreter,
        )  # fmt: skip
        for player in self.players.values():
            table.players[player.name] = copy.copy(player)
        table.quirks = dict(self.quirks)
        return table

    def _api(self) -> Any:
        self.global_handle = GlobalHandle(self)
        funcs: dict[str, Callable[..., Any]] = {
            "print": lambda message=None: self._say("print", "host", message),
            "printToAll": lambda message, tint=None: self._say("printToAll", "all", message),
            "printToColor": lambda message, color, tint=None: self._say(
                "printToColor", color, message
            ),
            "broadcastToAll": lambda message, tint=None: self._say(
                "broadcastToAll", "all", message
            ),
            "broadcastToColor": lambda message, color, tint=None: self._say(
                "broadcastToColor", color, message
            ),
            "log": lambda value=None, label=None, tags=None: self._say("log", "console", value),
            "getObjectFromGUID": self._object_from_guid,
            "getObjects": lambda: self.to_lua([self.handle(t) for t in self._live()]),
            "getObjectsWithTag": lambda tag: self.to_lua(
                [self.handle(t) for t in self._live() if tag in t.tags]
            ),
            "getSeatedPlayers": lambda: self.to_lua(self.seated()),
            "destroyObject": lambda obj: self.destroy(obj._thing),
            "startLuaCoroutine": self._start_coroutine,
            "spawnObjectJSON": self._spawn_json,
            "storeRewindState": self.store_rewind_state,
            "allowRewindStore": self.allow_rewind_store,
        }
        api = {name: self.api_function(name, fn) for name, fn in funcs.items()}
        api.update(
            UI=UIHandle(self, None),
            Turns=TurnsHandle(self),
            Player=PlayersHandle(self),
            JSON=JSONHandle(self),
            Notes=NotesHandle(self),
            Time=TimeHandle(self),
            Global=self.global_handle,
            Vector=self.H.Vector,
            Color=self.H.Color,
        )
        return api

    def _api_for(self, thing: Thing | None) -> Any:
        """One script's API table: shared handles, and a Wait that knows whose waits these are."""
        return self.lua.table_from({**self.api, "Wait": WaitHandle(self, thing)})

    @classmethod
    def global_functions(cls) -> set[str]:
        """The global functions and tables the emulator gives scripts (for the surface test)."""
        return {
            "print", "printToAll", "printToColor", "broadcastToAll", "broadcastToColor", "log",
            "getObjectFromGUID", "getObjects", "getObjectsWithTag", "getSeatedPlayers",
            "destroyObject", "startLuaCoroutine", "spawnObjectJSON", "storeRewindState",
            "allowRewindStore", "Wait", "UI", "Turns",
            "Player", "JSON", "Notes", "Time", "Global", "Vector", "Color",
        }  # fmt: skip

    def report(self) -> str:
        """p50/p99/max wall time and instructions per handler, and API calls by name."""
        lines = []
        for name, cost in sorted(self.costs.items()):
            lines.append(
                f"{name}: {len(cost.ms)} runs, ms p50 {_pct(cost.ms, 0.5):.3f} "
                f"p99 {_pct(cost.ms, 0.99):.3f} max {max(cost.ms):.3f}; instructions "
                f"p50 {_pct(cost.instructions, 0.5):.0f} p99 {_pct(cost.instructions, 0.99):.0f} "
                f"max {max(cost.instructions)}"
            )
        lines += [f"API {name}: {n}" for name, n in sorted(self.calls.items())]
        return "\n".join(lines)


def handle_members() -> Iterator[tuple[str, set[str]]]:
    """(where, member names) for every handle kind: what the surface test compares."""
    yield "Wait", WaitHandle.members()
    yield "Time", TimeHandle.members()
    yield "JSON", JSONHandle.members()
    yield "Turns", TurnsHandle.members()
    yield "Notes", NotesHandle.members()
    yield "Player", PlayersHandle.members()
    yield "UI", UIHandle.members()
    yield "object", ObjectHandle.members()
    yield "player", PlayerHandle.members()
