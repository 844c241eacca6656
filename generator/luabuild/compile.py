"""Compile Lua with real Lua 5.2 (lupa.lua52): the syntax gate every script must pass.

Kept apart from the lint so that checking a save's scripts needs no Lua parser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import lupa.lua52 as lua52


@dataclass(frozen=True)
class Finding:
    """A rule broken at a line of a module's source."""

    line: int
    code: str
    message: str
    col: int = 1


@cache
def compiler() -> Any:
    """A Lua function (src, name) -> error message or nil, from a plain Lua 5.2 runtime."""
    lua = lua52.LuaRuntime(register_eval=False)
    return lua.eval("function(src, name) local f, err = load(src, '=' .. name) return err end")


def compiles(source: str) -> Iterator[Finding]:
    """LUA001/LUA004: the module must compile under Lua 5.2.

    Bad: `if a != b then end` (MoonSharp-only) or `local f = |x| x + 1`.
    Good: `if a ~= b then end`, `local f = function(x) return x + 1 end`.
    """
    err = compiler()(source, "module")
    if err is None:
        return
    match = re.match(r"module:(\d+): (.*)", str(err))
    line = int(match.group(1)) if match else 1
    message = match.group(2) if match else str(err)
    text = source.split("\n")[line - 1] if line <= source.count("\n") + 1 else ""
    lambda_ = re.search(r"\|\s*[A-Za-z_][\w, ]*\|", text)
    if "!=" in text:
        col = text.index("!=") + 1
        yield Finding(line, "LUA004", "MoonSharp-only '!=': write '~='", col)
    elif lambda_:
        col = lambda_.start() + 1
        yield Finding(line, "LUA004", "MoonSharp-only lambda '|x| ...': write a function", col)
    else:
        yield Finding(line, "LUA001", f"does not compile under Lua 5.2: {message}")
