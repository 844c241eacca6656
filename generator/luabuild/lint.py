"""Lint Lua for TTS: what compiles under Lua 5.2 and runs the same on MoonSharp.

Each rule is a function with a docstring showing a bad and a good example. Findings are
Problems located in the module's own source file and line (not the bundle's), with a code:

    LUA001 does not compile      LUA005 a library TTS lacks    LUA008 string.format %s
    LUA002 a Lua 5.3 operator    LUA006 an undefined global    LUA009 error() with a table
    LUA003 goto / labels         LUA007 a global written in pure code
    LUA004 MoonSharp-only syntax                               LUA010 select("#", ...)

LUA008 to LUA010 stand for differences measured on a real MoonSharp 2.0 (docs/moonsharp.md)
that the test profile cannot imitate everywhere.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from luaparser import astnodes

from generator.luabuild.compile import Finding, compiler, compiles
from generator.luabuild.modules import Bundle, Module
from generator.problems import Problem

# What MoonSharp gives TTS scripts (Lua 5.2 base, bit32, coroutine, math, os time functions,
# string, table, plus unpack/pack at top level).
LUA_GLOBALS = frozenset(
    {
        *("_G", "_VERSION", "_MOONSHARP", "assert", "collectgarbage", "error", "getmetatable"),
        *("ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset"),
        *("select", "setmetatable", "tonumber", "tostring", "type", "xpcall", "unpack", "pack"),
        *("bit32", "coroutine", "math", "os", "string", "table"),
    }
)
# The TTS scripting API's global names (tests check this list against the API docs).
TTS_GLOBALS = frozenset(
    {
        *("addContextMenuItem", "clearContextMenu", "chooseInHand", "chooseInHandOrCancel"),
        *("clearChooseInHand", "currentChooseInHand", "copy", "destroyObject", "flipTable"),
        *("getAllObjects", "getObjectFromGUID", "getObjects", "getObjectsWithTag"),
        *("getObjectsWithAnyTags", "getObjectsWithAllTags", "getSeatedPlayers", "group"),
        *("paste", "setLookingForPlayers", "spawnObject", "spawnObjectData", "spawnObjectJSON"),
        *("startLuaCoroutine", "stringColorToRGB", "storeRewindState", "allowRewindStore"),
        *("addHotkey", "clearHotkeys", "showHotkeyConfig", "broadcastToAll", "broadcastToColor"),
        *("log", "logString", "logStyle", "print", "printToAll", "printToColor"),
        *("sendExternalMessage", "Wait", "Turns", "UI", "Notes", "JSON", "Player", "Color"),
        *("Vector", "Time", "Info", "Hands", "Tables", "Timer", "Physics", "Lighting", "Grid"),
        *("MusicPlayer", "WebRequest", "Backgrounds", "Global", "self"),
    }
)
MISSING_IN_TTS = frozenset({"load", "loadfile", "dofile", "loadstring", "io", "debug", "package"})
OS_ALLOWED = frozenset({"clock", "date", "time", "difftime"})
LUA53_OPERATORS = {
    astnodes.FloorDivOp: "//",
    astnodes.BAndOp: "&",
    astnodes.BOrOp: "|",
    astnodes.BXorOp: "~",
    astnodes.UBNotOp: "~",
    astnodes.BShiftLOp: "<<",
    astnodes.BShiftROp: ">>",
}
# In pure code (a game's rules core, the shared library) nothing may touch a global beyond
# the Lua library: it must run anywhere, TTS or not.
PURE_AREAS = ("lua/lib/", "/core/")


@dataclass
class Scope:
    """Local names visible in a block."""

    names: set[str] = field(default_factory=set)
    parent: Scope | None = None

    def has(self, name: str) -> bool:
        """True when a local of this name is visible here."""
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                return True
            scope = scope.parent
        return False


@dataclass
class Usage:
    """What a module does with globals and risky syntax, collected in one walk."""

    reads: list[tuple[str, int]] = field(default_factory=list)
    writes: list[tuple[str, int]] = field(default_factory=list)
    nodes: list[astnodes.Node] = field(default_factory=list)
    lines: dict[int, int] = field(default_factory=dict)  # id(node) -> its line, or the nearest

    def line(self, node: astnodes.Node) -> int:
        """The node's line (luaparser leaves some nodes without one: the statement's line)."""
        return self.lines.get(id(node), 0)


def _children(node: astnodes.Node) -> Iterator[astnodes.Node]:
    for key, value in vars(node).items():
        if key.startswith("_") or key in ("comments", "first_token", "last_token"):
            continue
        if isinstance(value, astnodes.Node):
            yield value
        elif isinstance(value, list):
            yield from (v for v in value if isinstance(v, astnodes.Node))


def _names(items: list[Any]) -> set[str]:
    return {n.id for n in items if isinstance(n, astnodes.Name)}


class _Walker:
    """One pass over a module: scopes, global reads and writes, every node visited."""

    def __init__(self) -> None:
        self.usage = Usage()
        self.line = 1  # the last line seen, for nodes luaparser gives none

    def block(self, node: astnodes.Node, scope: Scope, names: set[str] | None = None) -> None:
        inner = Scope(set(names or ()), scope)
        body = node.body if isinstance(node, astnodes.Block) else node
        for stmt in body.body if isinstance(body, astnodes.Block) else body:
            self.visit(stmt, inner)

    def function(self, args: list[Any], body: astnodes.Node, scope: Scope, extra: set[str]) -> None:
        self.block(body, scope, _names(args) | extra)

    def assign_target(self, target: astnodes.Node, scope: Scope) -> None:
        if isinstance(target, astnodes.Name):
            if not scope.has(target.id):
                self.usage.writes.append((target.id, target.line or self.line))
        else:
            self.visit(target, scope)

    def visit(self, node: astnodes.Node, scope: Scope) -> None:
        if node.line:
            self.line = node.line
        self.usage.nodes.append(node)
        self.usage.lines[id(node)] = self.line
        if isinstance(node, astnodes.Chunk):
            self.block(node.body, scope)
        elif isinstance(node, astnodes.Block):
            self.block(node, scope)
        elif isinstance(node, astnodes.LocalAssign):
            for value in node.values:
                self.visit(value, scope)
            scope.names |= _names(node.targets)
        elif isinstance(node, astnodes.Assign):
            for value in node.values:
                self.visit(value, scope)
            for target in node.targets:
                self.assign_target(target, scope)
        elif isinstance(node, astnodes.LocalFunction):
            scope.names.add(node.name.id)
            self.function(node.args, node.body, scope, set())
        elif isinstance(node, astnodes.Function):
            self.assign_target(node.name, scope)
            self.function(node.args, node.body, scope, set())
        elif isinstance(node, astnodes.Method):
            self.visit(node.source, scope)
            self.function(node.args, node.body, scope, {"self"})
        elif isinstance(node, astnodes.AnonymousFunction):
            self.function(node.args, node.body, scope, set())
        elif isinstance(node, astnodes.Fornum):
            for part in (node.start, node.stop, node.step):
                if isinstance(part, astnodes.Node):
                    self.visit(part, scope)
            self.block(node.body, scope, {node.target.id})
        elif isinstance(node, astnodes.Forin):
            for part in node.iter:
                self.visit(part, scope)
            self.block(node.body, scope, _names(node.targets))
        elif isinstance(node, astnodes.Repeat):
            inner = Scope(set(), scope)
            for stmt in node.body.body:
                self.visit(stmt, inner)
            self.visit(node.test, inner)  # `until` sees the loop body's locals
        elif isinstance(node, astnodes.Name):
            if not scope.has(node.id):
                self.usage.reads.append((node.id, self.line))
        elif isinstance(node, astnodes.Index):
            self.visit(node.value, scope)
            if node.notation == astnodes.IndexNotation.SQUARE:
                self.visit(node.idx, scope)
        elif isinstance(node, astnodes.Invoke):
            self.visit(node.source, scope)
            for arg in node.args:
                self.visit(arg, scope)
        elif isinstance(node, astnodes.Field):
            if node.between_brackets:
                self.visit(node.key, scope)
            self.visit(node.value, scope)
        elif isinstance(node, astnodes.Goto | astnodes.Label):
            return
        else:
            for child in _children(node):
                self.visit(child, scope)


# --- rules: each takes what it needs and yields findings -------------------------------------


def no_lua53_operators(usage: Usage) -> Iterator[Finding]:
    """LUA002: no Lua 5.3 operators; MoonSharp (Lua 5.2) has none of them.

    Bad: `local half = n // 2`, `local bits = a & b`.
    Good: `local half = math.floor(n / 2)`, `local bits = bit32.band(a, b)`.
    """
    for node in usage.nodes:
        operator = LUA53_OPERATORS.get(type(node))
        if operator:
            yield Finding(usage.line(node), "LUA002", f"Lua 5.3 operator '{operator}'")


def no_goto(usage: Usage) -> Iterator[Finding]:
    """LUA003: no goto or labels (kept out so every script reads the same in any Lua).

    Bad: `goto continue ... ::continue::`.
    Good: an `if` around the loop body.
    """
    for node in usage.nodes:
        if isinstance(node, astnodes.Goto | astnodes.Label):
            yield Finding(usage.line(node), "LUA003", "goto and labels are not allowed")


def only_tts_libraries(usage: Usage) -> Iterator[Finding]:
    """LUA005: no library TTS removes (load, io, debug, os.execute, ...).

    Bad: `local f = load(text)`, `io.write(x)`, `os.getenv("HOME")`.
    Good: data as Lua tables, print/log for output, os.time/os.clock only.
    """
    for name, line in usage.reads:
        if name in MISSING_IN_TTS:
            yield Finding(line, "LUA005", f"'{name}' does not exist in TTS")
    for node in usage.nodes:
        if (
            isinstance(node, astnodes.Index)
            and isinstance(node.value, astnodes.Name)
            and node.value.id == "os"
            and isinstance(node.idx, astnodes.Name)
            and node.notation != astnodes.IndexNotation.SQUARE
            and node.idx.id not in OS_ALLOWED
        ):
            yield Finding(usage.line(node), "LUA005", f"os.{node.idx.id} does not exist in TTS")


def defined_globals(usage: Usage, allowed: frozenset[str]) -> Iterator[Finding]:
    """LUA006: every global read is the Lua library, the TTS API or defined by the script.

    Bad: `print(scroe)` (a typo reads nil). Good: `print(score)` with `local score = 1`.
    """
    for name, line in usage.reads:
        if name not in allowed and name not in MISSING_IN_TTS:
            yield Finding(line, "LUA006", f"read of undefined global '{name}'")


def pure_writes(usage: Usage) -> Iterator[Finding]:
    """LUA007: pure code (the rules core, lua/lib) writes no global at all.

    Bad: `count = 0` (a global). Good: `local count = 0`, or a field of the module table.
    """
    for name, line in usage.writes:
        yield Finding(line, "LUA007", f"global '{name}' written in pure code: make it local")


# Expressions whose value is a number (MoonSharp's %s accepts numbers as well as strings).
NUMERIC = (
    astnodes.Number,
    astnodes.AddOp,
    astnodes.SubOp,
    astnodes.MultOp,
    astnodes.FloatDivOp,
    astnodes.ModOp,
    astnodes.ExpoOp,
    astnodes.UMinusOp,
    astnodes.ULengthOP,
)


def _string_expression(node: astnodes.Node) -> bool:
    if isinstance(node, (astnodes.String, astnodes.Concat, *NUMERIC)):
        return True
    if isinstance(node, astnodes.Call):
        func = node.func
        if isinstance(func, astnodes.Name) and func.id == "tostring":
            return True
        if (
            isinstance(func, astnodes.Index)
            and isinstance(func.value, astnodes.Name)
            and func.value.id == "string"
        ):
            return True  # string.sub, string.rep, ... return strings
    return False


def _format_calls(usage: Usage) -> Iterator[tuple[int, astnodes.Node, list[astnodes.Node]]]:
    for node in usage.nodes:
        if (
            isinstance(node, astnodes.Call)
            and isinstance(node.func, astnodes.Index)
            and isinstance(node.func.value, astnodes.Name)
            and node.func.value.id == "string"
            and isinstance(node.func.idx, astnodes.Name)
            and node.func.idx.id == "format"
            and node.args
        ):
            yield usage.line(node), node.args[0], node.args[1:]


def format_strings(usage: Usage) -> Iterator[Finding]:
    """LUA008: each `%s` of string.format visibly gets a string or a number.

    Measured on MoonSharp 2.0: `%s` accepts strings and numbers and raises on booleans, nil
    and tables (Lua 5.2 converts them all). A variable could hold any of these, so the
    argument must be a literal, a concatenation, arithmetic, a length, tostring(...) or a
    string.* call.
    Bad: `string.format("%s wins", player)` with player a table or nil.
    Good: `string.format("%s wins", tostring(player))`, `string.format("%s left", #dice)`.
    """
    for line, fmt, args in _format_calls(usage):
        if not isinstance(fmt, astnodes.String):
            continue
        text = fmt.s.decode("utf-8", "replace")
        conversions = re.findall(r"%[-+ #0]*\d*(?:\.\d*)?([a-zA-Z%])", text)
        index = 0
        for conversion in conversions:
            if conversion == "%":
                continue
            if conversion == "s" and index < len(args) and not _string_expression(args[index]):
                yield Finding(
                    line,
                    "LUA008",
                    f"argument {index + 2} of string.format for %s may be nil, a boolean or a "
                    "table, which MoonSharp refuses: wrap it in tostring()",
                )
            index += 1


def _called(node: Any, name: str) -> bool:
    return (
        isinstance(node, astnodes.Call)
        and isinstance(node.func, astnodes.Name)
        and node.func.id == name
    )


def error_values(usage: Usage) -> Iterator[Finding]:
    """LUA009: error() is given a string or a number, never a table.

    Measured on MoonSharp 2.0: error() with a table raises "bad argument #1 to 'error'
    (string expected, got table)" instead, and pcall always hands back a string.
    Bad: `error({ refused = why })`. Good: `signal.raise("refused", why)` (lib/signal.lua).
    """
    for node in usage.nodes:
        if _called(node, "error") and node.args:
            first = node.args[0]
            if isinstance(first, astnodes.Table) or _called(first, "setmetatable"):
                yield Finding(
                    usage.line(node), "LUA009",
                    "error() with a table: MoonSharp accepts only a string or a number there",
                )  # fmt: skip


def vararg_count(usage: Usage) -> Iterator[Finding]:
    """LUA010: no select("#", ...): MoonSharp counts an empty `...` as one nil (measured).

    Bad: `local n = select("#", ...)`. Good: `local args = { ... }` and `#args`, or named
    parameters.
    """
    for node in usage.nodes:
        if _called(node, "select") and node.args:
            first = node.args[0]
            if isinstance(first, astnodes.String) and first.s == b"#":
                yield Finding(
                    usage.line(node), "LUA010",
                    'select("#", ...) is 1 for an empty ... in MoonSharp: count a table',
                )  # fmt: skip


# --- running the rules --------------------------------------------------------------------


def _pure(module: Module) -> bool:
    return any(area in module.origin for area in PURE_AREAS)


def explain(module: Module, broken: list[Finding]) -> list[Finding]:
    """The findings for a module that does not compile, as specific as can be.

    luaparser reads Lua 5.3 too: when it can, name the 5.3 operator or the goto that broke
    the compile (LUA002, LUA003) rather than only quoting Lua's syntax error (LUA001).
    """
    if any(f.code != "LUA001" for f in broken):
        return broken
    try:
        usage = walk(module)
    except Exception:  # luaparser cannot read it either
        return broken
    return [*no_lua53_operators(usage), *no_goto(usage)] or broken


# Parsed modules by source: a process that builds again and again (`ttsmod watch`) parses
# only the modules that changed. Usages are only read, never changed.
_WALKED: dict[str, Usage] = {}


def walk(module: Module) -> Usage:
    """Parse a module and collect what the rules look at (remembered by source text)."""
    key = hashlib.sha256(module.source.encode("utf-8")).hexdigest()
    if key not in _WALKED:
        if len(_WALKED) >= 256:
            _WALKED.clear()
        _WALKED[key] = _walk(module)
    return _WALKED[key]


def _walk(module: Module) -> Usage:
    from generator.luabuild.trees import tree

    walker = _Walker()
    walker.visit(tree(module.source), Scope({"require", "_LOADED", "..."}))
    return walker.usage


def lint_bundle(bundle: Bundle) -> list[Problem]:
    """Every finding in a bundle's modules, located in their own files."""
    problems: list[Problem] = []

    def add(module: Module, findings: Iterator[Finding]) -> None:
        for f in findings:
            problems.append(Problem(module.origin, f.line, f.col, "", f.code, f.message))

    usages: dict[str, Usage] = {}
    for module in bundle.modules:
        broken = list(compiles(module.source))
        if broken:
            add(module, iter(explain(module, broken)))
            continue
        if module.origin.startswith("<generated"):
            continue  # generated data has no code to lint
        usages[module.name] = walk(module)
    script_globals = {name for u in usages.values() for name, _ in u.writes}
    for module in bundle.modules:
        usage = usages.get(module.name)
        if usage is None:
            continue
        allowed = LUA_GLOBALS if _pure(module) else LUA_GLOBALS | TTS_GLOBALS | script_globals
        add(module, no_lua53_operators(usage))
        add(module, no_goto(usage))
        add(module, only_tts_libraries(usage))
        add(module, defined_globals(usage, frozenset(allowed)))
        add(module, format_strings(usage))
        add(module, error_values(usage))
        add(module, vararg_count(usage))
        if _pure(module):
            add(module, pure_writes(usage))
    err = compiler()(bundle.text, "bundle")
    if err is not None and not problems:
        problems.append(Problem("<bundle>", None, None, "", "LUA001", f"bundle: {err}"))
    return problems
