"""The TTS scripting surface as ../shared/tts/api.json lists it (when it is there).

The emulator implements part of that surface. Touching a name it does not implement fails;
with api.json at hand the message says whether TTS has the name at all ("not part of the TTS
API") or the emulator does not model it ("not modelled by the emulator"). The project never
copies api.json: without ../shared the emulator still runs, with plainer messages.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from generator.paths import ROOT


@dataclass(frozen=True)
class Surface:
    """Names TTS gives scripts: global functions and tables, object and player members, events."""

    globals: frozenset[str] = frozenset()
    tables: dict[str, frozenset[str]] = field(default_factory=dict)
    object_members: frozenset[str] = frozenset()
    player_members: frozenset[str] = frozenset()
    events: frozenset[str] = frozenset()
    found: bool = False

    def has(self, where: str, name: str) -> bool:
        """Whether TTS has `name` in `where` ("global", "object", "player", "event", a table)."""
        if where == "global":
            return name in self.globals or name in self.tables
        if where == "object":
            return name in self.object_members
        if where == "player":
            return name in self.player_members
        if where == "event":
            return name in self.events
        return name in self.tables.get(where, frozenset())


def api_path() -> Path | None:
    """Where api.json is: $TTSMOD_SHARED/tts or ../shared/tts beside the checkout."""
    shared = os.environ.get("TTSMOD_SHARED")
    base = Path(shared) if shared else ROOT.parent / "shared"
    path = base / "tts" / "api.json"
    return path if path.is_file() else None


@cache
def surface() -> Surface:
    """The surface from api.json, or an empty one (found=False) when it is not at hand."""
    path = api_path()
    if path is None:
        return Surface()
    data = json.loads(path.read_text(encoding="utf-8"))
    tables = {
        name: frozenset(entry.get("members", {}))
        for name, entry in data["globals"].items()
        if entry.get("kind") == "table"
    }
    functions = frozenset(
        name for name, entry in data["globals"].items() if entry.get("kind") != "table"
    )
    return Surface(
        globals=functions,
        tables=tables,
        object_members=frozenset(data["object_members"]),
        player_members=frozenset(data["player_instance_members"]),
        events=frozenset(data["events"]),
        found=True,
    )
