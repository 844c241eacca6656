"""Words a player reads that no catalogue can translate: literals not marked `tr("...")`.

Read from the code itself, so a string is found even where no playtest goes:

- in lua/ (the table's words, not the rules cores, which speak in ids and events): a
  literal handed to what shows text to players (`T.say`, `T.announce`, `Seats.tell`,
  `broadcastToAll`, `printToColor`, `setName`, `setDescription`, `UI.setValue`, ...) or set
  as a `text`, `label`, `question`, `tooltip`, `prompt` or `title` field;
- in the build's Python (generator/tts, generator/render and each game's `tts/` and
  `render/`): a literal given as an object's `nickname`, `description`, `name`, `text`,
  `tooltip`, `label`, `title` or a save's `notebook`.

A literal counts when it holds words (two words, or a capitalised one: "Red hand", "Round");
`..` and `and`/`or` are followed into; whatever a call returns (`tr(...)`, a name) is not
a literal. Seat colours are names, not words to translate.
"""

from __future__ import annotations

import ast as pyast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.harness.tts.seats import ALL_COLORS
from generator.paths import ROOT

SINKS = frozenset({"say", "announce", "tell", "notify", "broadcastToAll", "broadcastToColor",
                   "printToAll", "printToColor", "setName", "setDescription", "setValue",
                   "deal_failed"})  # fmt: skip
FIELDS = frozenset({"text", "label", "question", "tooltip", "prompt", "title"})
KEYWORDS = frozenset({"nickname", "description", "name", "text", "tooltip", "label", "title",
                      "notebook"})  # fmt: skip
WORDS = re.compile(r"[A-Za-z]{2,}.*\s[A-Za-z]{2,}|^[A-Z][a-z]{2,}", re.S)
NAMES = frozenset(ALL_COLORS)  # seat colours are names


def _words(text: str) -> bool:
    return text.strip() not in NAMES and WORDS.search(text) is not None


def in_lua(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each unmarked literal a player would read, in one Lua module."""
    from luaparser import ast
    from luaparser import astnodes as N

    def strings(node: Any) -> Iterator[Any]:
        if isinstance(node, N.String):
            yield node
        elif isinstance(node, (N.Concat, N.AndLoOp, N.OrLoOp)):
            yield from strings(node.left)
            yield from strings(node.right)

    def called(node: Any) -> str | None:
        f = node.func
        if isinstance(f, N.Name):
            return str(f.id)
        if isinstance(f, N.Index) and isinstance(f.idx, N.Name):
            return str(f.idx.id)
        return None

    for node in ast.walk(ast.parse(source)):
        found: list[Any] = []
        if isinstance(node, (N.Call, N.Invoke)) and called(node) in SINKS:
            for arg in node.args:
                found += strings(arg)
        elif isinstance(node, N.Field) and isinstance(node.key, N.Name) and node.key.id in FIELDS:
            found += strings(node.value)
        for s in found:
            text = s.s.decode() if isinstance(s.s, bytes) else str(s.s)
            if _words(text):
                yield getattr(s, "line", None) or 1, text


def in_python(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each unmarked literal a player would read, in one Python module."""
    for node in pyast.walk(pyast.parse(source)):
        if not isinstance(node, pyast.Call):
            continue
        for kw in node.keywords:
            if kw.arg not in KEYWORDS:
                continue
            for line, text in _literals(kw.value):
                if _words(text):
                    yield line, text


def _literals(node: pyast.AST) -> Iterator[tuple[int, str]]:
    """The str literals of an expression, not inside a call (tr(...) gives words of its own).

    An f-string is read whole, each value in it a name: f"{color} hand" is "Name hand".
    """
    if isinstance(node, pyast.Constant) and isinstance(node.value, str):
        yield node.lineno, node.value
    elif isinstance(node, pyast.JoinedStr):
        text = "".join(v.value if isinstance(v, pyast.Constant) else "Name" for v in node.values)
        yield node.lineno, str(text)
    elif isinstance(node, pyast.BinOp):
        yield from _literals(node.left)
        yield from _literals(node.right)
    elif isinstance(node, pyast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)
    elif isinstance(node, pyast.BoolOp):
        for v in node.values:
            yield from _literals(v)


def files() -> list[Path]:
    """The code a player's words come from (the table's Lua, the build's Python)."""
    lua = [p for p in sorted((ROOT / "lua").rglob("*.lua")) if "core" not in p.parts]
    gen = ROOT / "generator"
    roots = [gen / "tts", gen / "render", *sorted((gen / "games").glob("*/tts")),
             *sorted((gen / "games").glob("*/render"))]  # fmt: skip
    return lua + sorted(p for root in roots for p in root.rglob("*.py"))


def found(paths: list[Path] | None = None) -> Iterator[tuple[Path, int, str]]:
    """(file, line, text) of every unmarked literal a player would read."""
    for path in files() if paths is None else paths:
        source = path.read_text(encoding="utf-8")
        reader = in_lua if path.suffix == ".lua" else in_python
        for line, text in reader(source):
            yield path, line, text
