"""A Lua module, a bundle of them, and the map from a bundle's lines back to its files.

What the bundler (generator.luabuild.bundle) writes and the lint (generator.luabuild.lint)
and the runtimes read: kept apart so that each of them imports this, and neither the other.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

# The generated module every bundle ends with: where each module's source begins in the
# bundle, so an error can name its source file and line (glue.sources, SourceMap).
SOURCES = "bundle.sources"


@dataclass(frozen=True)
class Module:
    """One Lua module: its require name, its source text and where it came from."""

    name: str
    source: str
    origin: str  # a file path as shown in messages, or "<generated ...>"


@dataclass(frozen=True)
class Bundle:
    """A bundled script and, for each module, the bundle line its first source line is on.

    The text ends with a generated module, SOURCES, not in `modules`: the same map, for the
    script itself (glue.sources) and for whoever holds only the text (SourceMap.of_text).
    """

    text: str
    modules: tuple[Module, ...]
    first_lines: tuple[int, ...]

    def locate(self, line: int) -> tuple[Module, int] | None:
        """Map a line of the bundle to (module, line in that module's source)."""
        for module, first in zip(self.modules, self.first_lines, strict=True):
            count = module.source.rstrip("\n").count("\n") + 1
            if first <= line < first + count:
                return module, line - first + 1
        return None

    def explain(self, message: str) -> str:
        """A Lua error message with every place in the bundle named by its source file."""
        return explain(message, SourceMap.of_text(self.text))


# "<chunk>:16:" (Lua 5.2, lupa) or "<chunk>:(16,4-20):" (MoonSharp): a place in a script, the
# chunk being a script's name ("Global", "chunk_0", '[string "..."]'), never a source path
PLACE = re.compile(
    r'((?:\[string "[^"]*"\])|[^\s:/"]+(?: \([^)\s]*\))?):(?:(\d+)|\((\d+),[\d-]+\)):'
)


@dataclass(frozen=True)
class SourceMap:
    """Where each module of a bundle lies: (first bundle line, last, source origin), in order."""

    spans: tuple[tuple[int, int, str], ...]

    @classmethod
    def of_text(cls, text: str) -> SourceMap:
        """The map a bundle carries in its SOURCES module (empty for a script without one)."""
        marker = f'__bundle_register("{SOURCES}",'
        at = text.rfind(marker)
        if at < 0:
            return cls(())
        line = text[at:].split("\n", 2)[1]
        found = re.findall(r'(\d+),(\d+),("(?:[^"\\]|\\.)*")', line)
        return cls(tuple((int(a), int(b), json.loads(origin)) for a, b, origin in found))

    def place(self, line: int) -> tuple[str, int] | None:
        """(source origin, line in it) of a bundle line; None outside every module."""
        for first, last, origin in self.spans:
            if first <= line <= last:
                return origin, line - first + 1
        return None

    def explain(self, message: str, chunk: str | None = None) -> str:
        """`message` with each bundle place ("Global:11377:") as its source's ("lua/a.lua:16:").

        With `chunk` (the name the script was loaded under), only that script's places.
        """
        return explain(message, {chunk: self} if chunk is not None else self)


def explain(message: str, maps: dict[str, SourceMap] | SourceMap) -> str:
    """`message` with each place in a bundle named by its source file and line.

    `maps`: one SourceMap for every place, or a map per chunk name (the scripts' names).
    """

    def swap(match: re.Match[str]) -> str:
        chunk = match.group(1)
        if chunk.startswith('[string "'):
            chunk = chunk[9:-2]
        found_map = maps if isinstance(maps, SourceMap) else maps.get(chunk)
        line = int(match.group(2) or match.group(3))
        found = None if found_map is None else found_map.place(line)
        return match.group(0) if found is None else f"{found[0]}:{found[1]}:"

    return PASSED_ON.sub("", PLACE.sub(swap, message)) if maps else message


# A place followed at once by another: where a guard passed the error on (MoonSharp prefixes
# every error() outside a coroutine with its own place, whatever the level); the second is
# where it came from (glue.sources)
PASSED_ON = re.compile(r"(?<![^\s])[^\s:]+\.lua:\d+: (?=[^\s:]+:\d+: )")
