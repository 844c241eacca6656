"""Bundle Lua modules into one script per scripted object, in luabundle's format.

`require("a.b")` is resolved to `lua/a/b.lua` or to a generated module (the card data), found
by walking a parsed syntax tree, never a regular expression. The output has luabundle's
metadata header, one `__bundle_register(name, function(require, _LOADED, __bundle_register,
__bundle_modules) ... end)` per module and an explicit root module, so TTS editor plugins and
save splitters that unbundle luabundle scripts can take ours apart again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

# (SourceMap: read from here by the tests and tools that bundle)
from generator.luabuild.modules import SOURCES, Bundle, Module
from generator.luabuild.modules import SourceMap as SourceMap
from generator.paths import BUILD, ROOT, display
from generator.problems import Problem

ROOT_NAME = "__root"
# The luabundle release whose format we write; unbundlers read it from the header.
LUABUNDLE_VERSION = "1.6.0"

# The module runtime, our own code with luabundle's interface: (superRequire) -> require,
# loaded, register, modules. Bundles are isolated: nothing is looked up outside the bundle.
RUNTIME = """(function(superRequire)
\tlocal loading = {}
\tlocal modules = {}
\tlocal loaded = {}
\tlocal require
\tlocal function register(name, body)
\t\tif not modules[name] then
\t\t\tmodules[name] = body
\t\tend
\tend
\trequire = function(name)
\t\tlocal module = loaded[name]
\t\tif module == loading then
\t\t\treturn nil
\t\tend
\t\tif module == nil then
\t\t\tif not modules[name] then
\t\t\t\tif superRequire then
\t\t\t\t\treturn superRequire(name)
\t\t\t\tend
\t\t\t\terror("Tried to require \\"" .. tostring(name) .. "\\", but no such module has been "
\t\t\t\t\t.. "registered")
\t\t\tend
\t\t\tloaded[name] = loading
\t\t\tmodule = modules[name](require, loaded, register, modules)
\t\t\tloaded[name] = module
\t\tend
\t\treturn module
\tend
\treturn require, loaded, register, modules
end)"""


class BundleError(Exception):
    """Modules could not be bundled; `problems` say where and why."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.format() for p in problems))
        self.problems = problems


def parse(module: Module) -> Any:
    """Parse a module, turning a syntax error into a BundleError located in its file.

    Lua 5.2 compiles it first, so a syntax error is reported as Lua (and MoonSharp) sees it,
    with its line and column and the lint's code (LUA001, LUA004 for MoonSharp-only syntax);
    luaparser then reads code that is known to be valid.
    """
    from generator.luabuild.compile import compiles
    from generator.luabuild.lint import explain as specific
    from generator.luabuild.trees import tree

    broken = specific(module, list(compiles(module.source)))
    if broken:
        raise BundleError(
            [Problem(module.origin, f.line, f.col, "", f.code, f.message) for f in broken]
        )
    try:
        return tree(module.source)
    except Exception as err:  # luaparser raises several types, some without positions
        problem = Problem(module.origin, None, None, "", "LUA000", f"luaparser: {err}")
        raise BundleError([problem]) from None


def requires(module: Module, cache_dir: Path | None = None) -> list[tuple[str, int]]:
    """The modules a module requires, with the line of each `require`, in source order.

    With `cache_dir`, the answer is kept by a hash of the source (parsing is slow: seconds
    for a game's core, in every process that loads one).
    """
    if cache_dir is not None:
        key = hashlib.sha256(f"{module.origin}\0{module.source}".encode()).hexdigest()
        path = cache_dir / f"requires-{key}.json"
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            return [(str(name), int(line)) for name, line in kept]
        except (OSError, ValueError, TypeError):
            pass  # absent or unreadable: parse
        found = requires(module)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # written beside, then renamed: a process reading it at once sees all or nothing
            staged = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            staged.write_text(json.dumps(found), encoding="utf-8")
            os.replace(staged, path)
        except OSError:
            pass  # the cache only saves time
        return found
    from luaparser import ast, astnodes

    found = []
    problems = []
    for node in ast.walk(parse(module)):
        if not isinstance(node, astnodes.Call):
            continue
        if not (isinstance(node.func, astnodes.Name) and node.func.id == "require"):
            continue
        args = node.args
        if len(args) != 1 or not isinstance(args[0], astnodes.String):
            problems.append(
                Problem(
                    module.origin,
                    node.line,
                    1,
                    "",
                    "LUA010",
                    "require needs one literal module name (the bundler resolves it)",
                )
            )
            continue
        found.append((args[0].s.decode("utf-8"), node.line))
    if problems:
        raise BundleError(problems)
    return sorted(found, key=lambda item: item[1])


def find_module(name: str, lua_root: Path, generated: dict[str, str]) -> Module | None:
    """Resolve a require name: a generated or replaced module first, else lua_root/a/b.lua.

    Generated card-data modules are named `<game>.data`; any other name in `generated`
    replaces a module of lua/ (tests plant bugs that way).
    """
    if name in generated:
        origin = f"<generated {name}>" if name.endswith(".data") else f"<replaced {name}>"
        return Module(name, generated[name], origin)
    path = lua_root.joinpath(*name.split(".")).with_suffix(".lua")
    if not path.is_file():
        return None
    return Module(name, path.read_text(encoding="utf-8"), display(path))


def collect(
    root: Module, lua_root: Path, generated: dict[str, str], cache_dir: Path | None = None
) -> list[Module]:
    """The root and every module it needs, each once: root first, the rest by name.

    Which modules a module requires is kept in `cache_dir` (build/.cache when None).
    """
    if cache_dir is None:
        from generator.outputs import OutputError, inside

        with contextlib.suppress(OutputError):  # a link out of build/: nothing is kept
            cache_dir = inside(BUILD, ".cache")
    seen: dict[str, Module] = {}
    problems: list[Problem] = []
    pending = [root]
    while pending:
        module = pending.pop()
        if module.name in seen:
            continue
        seen[module.name] = module
        if module.origin.startswith("<generated"):
            continue  # generated modules are data (card facts): they require nothing
        for name, line in requires(module, cache_dir):
            if name in seen or name == SOURCES:  # (write_bundle adds it to every bundle)
                continue
            found = find_module(name, lua_root, generated)
            if found is None:
                where = display(lua_root.joinpath(*name.split(".")).with_suffix(".lua"))
                problems.append(
                    Problem(
                        module.origin,
                        line,
                        1,
                        "",
                        "LUA011",
                        f'require("{name}"): no module {where} and no generated one',
                    )
                )
            else:
                pending.append(found)
    if problems:
        raise BundleError(problems)
    rest = sorted((m for m in seen.values() if m is not root), key=lambda m: m.name)
    return [root, *rest]


REGISTERED = re.compile(
    r'^__bundle_register\("([^"]+)", function\(require, _LOADED, __bundle_register, '
    r"__bundle_modules\)$"
)


def unbundle(text: str) -> list[tuple[str, int, str]]:
    """The modules of a bundle in our format: (name, first line in the bundle, source).

    The inverse of write_bundle, read from the text alone (a script TTS sends back, say).
    A script that is not a bundle gives one module, "__root", holding all of it.
    """
    lines = text.split("\n")
    found: list[tuple[str, int, str]] = []
    i = 0
    while i < len(lines):
        match = REGISTERED.match(lines[i])
        if not match:
            i += 1
            continue
        first = i + 1  # 0-based index of the module's first source line
        end = first
        # A module ends at the last "end)" before the next registration or the bundle's end.
        while (
            end < len(lines)
            and not REGISTERED.match(lines[end])
            and not lines[end].startswith("return __bundle_require(")
        ):
            end += 1
        body = lines[first:end]
        while body and body[-1] != "end)":
            body.pop()
        found.append((match.group(1), first + 1, "\n".join(body[:-1]) + "\n"))
        i = end
    return found or [(ROOT_NAME, 1, text)]


def write_bundle(modules: list[Module]) -> Bundle:
    """Join modules (the root first) into one luabundle-format script."""
    metadata = json.dumps(
        {"luaVersion": "5.2", "version": LUABUNDLE_VERSION}, separators=(",", ":")
    )
    text = (
        f"-- Bundled by luabundle {metadata}\n"
        "local __bundle_require, __bundle_loaded, __bundle_register, __bundle_modules = "
        f"{RUNTIME}(nil)\n"
    )
    firsts = []
    modules = [m for m in modules if m.name != SOURCES]
    for index, module in enumerate(modules):
        name = ROOT_NAME if index == 0 else module.name
        text += (
            f'__bundle_register("{name}", function(require, _LOADED, __bundle_register, '
            "__bundle_modules)\n"
        )
        firsts.append(text.count("\n") + 1)
        text += module.source.rstrip("\n") + "\nend)\n"
    # The map of where each module lies, on one line, so that writing it moves nothing
    places = ",".join(
        f"{first},{first + m.source.rstrip(chr(10)).count(chr(10))},"
        f"{json.dumps(m.origin, ensure_ascii=False)}"
        for m, first in zip(modules, firsts, strict=True)
    )
    sources = Module(SOURCES, f"return {{{places}}}\n", f"<generated {SOURCES}>")
    text += (
        f'__bundle_register("{SOURCES}", function(require, _LOADED, __bundle_register, '
        "__bundle_modules)\n"
    )
    text += sources.source + "end)\n"
    text += f'return __bundle_require("{ROOT_NAME}")'
    return Bundle(text, tuple(modules), tuple(firsts))


def bundle(
    root_path: Path,
    generated: dict[str, str] | None = None,
    lua_root: Path = ROOT / "lua",
    cache_dir: Path | None = None,
    words: dict[str, str] | None = None,
) -> Bundle:
    """Bundle the script at root_path with every module it requires.

    With `words` (English -> another language, generator.i18n), each `tr("...")` literal of
    a module of lua/ is replaced by its translation on its own line.
    """
    root = Module(ROOT_NAME, root_path.read_text(encoding="utf-8"), display(root_path))
    return write_bundle(translate(collect(root, lua_root, generated or {}, cache_dir), words))


def translate(modules: list[Module], words: dict[str, str] | None) -> list[Module]:
    """The modules, each `tr("...")` literal of a lua/ file in `words`' language.

    `words` None: the modules as they are (English).
    """
    if words is None:
        return modules
    from generator.i18n.lua import translated

    return [
        m
        if m.origin.startswith("<")
        else Module(m.name, translated(m.source, words.__getitem__), m.origin)
        for m in modules
    ]


def bundle_module(
    name: str, generated: dict[str, str] | None = None, lua_root: Path = ROOT / "lua"
) -> Bundle:
    """Bundle a library module as the root: running the bundle returns the module."""
    found = find_module(name, lua_root, generated or {})
    if found is None:
        raise BundleError([Problem("<bundle>", None, None, "", "LUA011", f"no module {name}")])
    root = Module(ROOT_NAME, found.source, found.origin)
    return write_bundle(collect(root, lua_root, generated or {}))
