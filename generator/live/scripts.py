"""What we push to TTS and how we read back what it says: script states, error lines, diffs.

A TTS error names a line of the bundled script ("chunk_3:(1088,6-31): attempt to index a nil
value"). The bundle is made of our modules, each at a known line, so that line maps back to
`lua/<module>.lua:<line>` and the source line itself.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from generator import games
from generator.luabuild.bundle import ROOT_NAME, unbundle
from generator.paths import ROOT

# "(line,col)" or "(line,col-col)" as MoonSharp writes positions in its messages; also
# "name:line:" as standard Lua does (a message a script built with error() may carry it).
POSITION = re.compile(r"\((\d+),(\d+)(?:-\d+)?\)|^[\w.\[\]\" ]+:(\d+): ")


def positions(message: str) -> list[tuple[int, int]]:
    """Every (line, column) a message names (column 1 when only a line is given)."""
    out = []
    for m in POSITION.finditer(message):
        if m.group(1):
            out.append((int(m.group(1)), int(m.group(2))))
        else:
            out.append((int(m.group(3)), 1))
    return out


def script_states(save: dict[str, Any]) -> list[dict[str, Any]]:
    """Save & Play's scriptStates: Global, then every object with a script or a UI, by GUID.

    Both `script` and `ui` are always given: a missing key would delete that script or UI
    in TTS (SAVE-FORMAT.md §12).
    """
    states = [
        {
            "name": "Global",
            "guid": "-1",
            "script": save.get("LuaScript", "") or "",
            "ui": save.get("XmlUI", "") or "",
        }
    ]
    for obj in save.get("ObjectStates") or []:
        if obj.get("LuaScript") or obj.get("XmlUI"):
            states.append(
                {
                    "name": obj.get("Nickname") or obj.get("Name", ""),
                    "guid": obj.get("GUID", ""),
                    "script": obj.get("LuaScript", "") or "",
                    "ui": obj.get("XmlUI", "") or "",
                }
            )
    return states


def origin(module: str, game: str, script: str = "Global") -> str:
    """Where a bundled module's source lives, as a path from the project root."""
    if module == ROOT_NAME:
        root = (games.get(game).scripted_objects if game in games.MODULES else {}).get(script)
        return f"lua/{root}" if root else "(the script itself)"
    path = ROOT / "lua" / (module.replace(".", "/") + ".lua")
    if path.is_file():
        return path.relative_to(ROOT).as_posix()
    return f"{module} (generated from cards/{game})"


@dataclass(frozen=True)
class Place:
    """A bundle position mapped to our source: file, line, column and the line's text."""

    file: str
    line: int
    col: int
    text: str

    def format(self) -> str:
        """`lua/teg/core/rules.lua:120:7` and, indented below it, the source line."""
        return f"{self.file}:{self.line}:{self.col}\n    {self.text.strip()}"


def locate(bundle_text: str, line: int, col: int, game: str, script: str = "Global") -> Place:
    """Map a line and column of a bundled script to the module source it came from."""
    for name, first, source in unbundle(bundle_text):
        lines = source.rstrip("\n").split("\n")
        if first <= line < first + len(lines):
            k = line - first
            return Place(origin(name, game, script), k + 1, col, lines[k])
    lines = bundle_text.split("\n")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return Place(f"({script} bundle)", line, col, text)


# A place the table's Lua already named by its source (glue.sources: the framework's handlers
# pass an error on so, and TTS puts the place where it was passed on in front of it)
NAMED = re.compile(r"(?<![\w/])(lua/[\w./-]+\.lua):(\d+):")


def _named(file: str, line: int) -> Place:
    path = ROOT / file
    lines = path.read_text(encoding="utf-8").split("\n") if path.is_file() else []
    return Place(file, line, 1, lines[line - 1] if 0 < line <= len(lines) else "")


def map_error(message: str, bundle_text: str | None, game: str, script: str = "Global") -> str:
    """A TTS error message with every bundle position it names mapped to our source.

    Where the message already names its source (a framework handler's error), that place.
    """
    named = [_named(file, int(line)) for file, line in NAMED.findall(message)]
    if named:
        return message + "".join(f"\n  at {p.format()}" for p in named)
    if not bundle_text:
        return message
    places = [locate(bundle_text, line, col, game, script) for line, col in positions(message)]
    if not places:
        return message
    return message + "".join(f"\n  at {p.format()}" for p in places)


@dataclass(frozen=True)
class ModuleDiff:
    """How one module of a script differs between our build and TTS's copy."""

    module: str
    status: str  # "same", "changed", "only in TTS", "only in our build"
    diff: str = ""


def compare(ours: str, theirs: str, game: str, script: str = "Global") -> list[ModuleDiff]:
    """Module by module: the unbundled modules of our script against TTS's."""
    mine = {name: source for name, _, source in unbundle(ours)}
    tts = {name: source for name, _, source in unbundle(theirs)}
    out = []
    for name in sorted(set(mine) | set(tts)):
        if name not in tts:
            out.append(ModuleDiff(name, "only in our build"))
        elif name not in mine:
            out.append(ModuleDiff(name, "only in TTS"))
        elif mine[name] == tts[name]:
            out.append(ModuleDiff(name, "same"))
        else:
            path = origin(name, game, script)
            diff = difflib.unified_diff(
                mine[name].splitlines(keepends=True),
                tts[name].splitlines(keepends=True),
                f"{path} (our build)",
                f"{path} (in TTS)",
            )
            out.append(ModuleDiff(name, "changed", "".join(diff)))
    return out
