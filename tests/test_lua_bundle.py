"""The bundler: requires resolved by parsing, luabundle's format, located errors."""

from __future__ import annotations

import re

import pytest
from luaparser import ast, astnodes
from lupa.lua52 import LuaError

from generator.harness.moonsharp import runtime
from generator.luabuild.bundle import (
    BundleError,
    Module,
    SourceMap,
    bundle,
    collect,
    write_bundle,
)
from generator.luabuild.scripts import shipped_modules
from generator.paths import ROOT


def write(root, name, text):
    path = root.joinpath(*name.split(".")).with_suffix(".lua")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def unbundle(text):
    """What an unbundler does: find each __bundle_register("name", function(...) body end)."""
    modules = {}
    for node in ast.walk(ast.parse(text)):
        if (
            isinstance(node, astnodes.Call)
            and isinstance(node.func, astnodes.Name)
            and node.func.id == "__bundle_register"
        ):
            name = node.args[0].s.decode()
            function = node.args[1]
            assert [a.id for a in function.args] == [
                "require",
                "_LOADED",
                "__bundle_register",
                "__bundle_modules",
            ]
            modules[name] = function
    return modules


def test_the_global_script_bundles_the_core_the_library_and_the_data():
    result = bundle(ROOT / "lua" / "teg" / "table" / "global.lua", shipped_modules("teg"))
    names = [m.name for m in result.modules]
    assert names == [
        "__root",
        "glue.botplay",
        "glue.bots",
        "glue.clicks",
        "glue.dice",
        "glue.flow",
        "glue.frames",
        "glue.game",
        "glue.log",
        "glue.paint",
        "glue.panels",
        "glue.piles",
        "glue.record",
        "glue.seats",
        "glue.sources",
        "glue.table",
        "lib.count",
        "lib.fill",
        "lib.json",
        "lib.signal",
        "lib.tr",
        "teg.core.engine",
        "teg.core.rules",
        "teg.core.sources",
        "teg.core.state",
        "teg.data",
        "teg.layout",
        "teg.table.bots",
        "teg.table.deal",
        "teg.table.drags",
        "teg.table.flow",
        "teg.table.inputs",
        "teg.table.prompts",
        "teg.table.spec",
        "teg.table.story",
        "teg.table.view",
        "teg.table.words",
    ]
    first = result.text.split("\n")[0]
    assert re.fullmatch(
        r'-- Bundled by luabundle \{"luaVersion":"5\.2","version":"[\d.]+"\}', first
    )
    assert result.text.endswith('return __bundle_require("__root")')
    assert set(unbundle(result.text)) == {*names, "bundle.sources"}  # and where each lies


def test_each_module_body_is_found_again_at_the_recorded_line():
    result = bundle(ROOT / "lua" / "teg" / "table" / "global.lua", shipped_modules("teg"))
    lines = result.text.split("\n")
    for module, first in zip(result.modules, result.first_lines, strict=True):
        body = module.source.rstrip("\n").split("\n")
        assert lines[first - 1 : first - 1 + len(body)] == body
        assert result.locate(first + 2) == (module, 3)


def test_requires_are_found_in_the_syntax_tree_not_in_comments_or_strings(tmp_path):
    write(
        tmp_path,
        "a",
        'local b = require("b")\n-- require("ghost")\nlocal s = "require(\'x\')"\nreturn b\n',
    )
    write(tmp_path, "b", "return 2\n")
    root = write(tmp_path, "main", 'local a = require("a")\nreturn a + 1\n')
    result = bundle(root, lua_root=tmp_path)
    assert [m.name for m in result.modules] == ["__root", "a", "b"]
    assert runtime(1).execute(result.text) == 3


def test_a_missing_module_names_the_requiring_file_and_line(tmp_path):
    root = write(tmp_path, "main", 'local ok = 1\n\nlocal x = require("teg.nowhere")\nreturn x\n')
    with pytest.raises(BundleError) as err:
        bundle(root, lua_root=tmp_path)
    (problem,) = err.value.problems
    assert problem.file.endswith("main.lua") and problem.line == 3 and problem.code == "LUA011"
    assert 'require("teg.nowhere")' in problem.message and "nowhere.lua" in problem.message


def test_a_require_with_a_computed_name_is_refused(tmp_path):
    root = write(tmp_path, "main", 'local name = "a"\nlocal x = require(name)\nreturn x\n')
    with pytest.raises(BundleError) as err:
        bundle(root, lua_root=tmp_path)
    assert err.value.problems[0].code == "LUA010" and err.value.problems[0].line == 2


def test_cycles_are_bundled_once_and_the_bundle_is_isolated(tmp_path):
    write(tmp_path, "a", 'local b = require("b")\nreturn {b = b}\n')
    write(tmp_path, "b", 'local a = require("a")\nreturn "b"\n')
    root = write(tmp_path, "main", 'return require("a").b\n')
    result = bundle(root, lua_root=tmp_path)
    assert sorted(m.name for m in result.modules) == ["__root", "a", "b"]
    assert runtime(2).execute(result.text) == "b"
    assert "(nil)\n" in result.text  # no fall-back to a global require (TTS has none)


def test_bundles_are_byte_identical_for_the_same_sources():
    data = shipped_modules("teg")
    root = ROOT / "lua" / "teg" / "table" / "global.lua"
    assert bundle(root, data).text == bundle(root, data).text


def test_an_override_replaces_a_module_and_keeps_its_requires(tmp_path):
    write(tmp_path, "a", 'return require("b") + 1\n')
    write(tmp_path, "b", "return 1\n")
    root = Module("__root", 'return require("a")\n', "<test>")
    modules = collect(root, tmp_path, {"a": 'return require("b") + 10\n'})
    assert runtime(0).execute(write_bundle(modules).text) == 11


# --- errors at their source (issue 37) ----------------------------------------------------


def test_a_lua_error_is_named_by_its_source_file_and_line_not_the_bundles(tmp_path):
    write(tmp_path, "a", 'local A = {}\nfunction A.go()\n  error("boom")\nend\nreturn A\n')
    root = write(tmp_path, "main", 'local a = require("a")\nreturn a.go\n')
    result = bundle(root, lua_root=tmp_path)
    with pytest.raises(LuaError) as err:
        runtime(0).execute(result.text)()
    raw = str(err.value)
    assert not re.search(r"a\.lua:3:", raw)  # Lua itself gives the bundle's line
    named = result.explain(raw)
    assert re.search(r"a\.lua:3: boom", named), named
    # MoonSharp's form of the same place, as TTS prints it
    first = result.first_lines[[m.name for m in result.modules].index("a")]
    assert (
        SourceMap.of_text(result.text)
        .explain(f"chunk_0:({first + 2},3-15): boom")
        .endswith("a.lua:3: boom")
    )


def test_a_place_outside_every_module_and_a_source_place_are_left_alone(tmp_path):
    root = write(tmp_path, "main", "return 1\n")
    result = bundle(root, lua_root=tmp_path)
    assert result.explain("Global:2: in the runtime") == "Global:2: in the runtime"
    assert result.explain("lua/glue/x.lua:40: boom") == "lua/glue/x.lua:40: boom"


def test_glue_sources_names_the_place_inside_the_script_itself():
    # what the framework's handlers do in TTS, where no Python reads the error
    text = (
        'local S = require("glue.sources")\nlocal f = require("a")\n'
        'return { S.guard("onButton3", f), S.explain }\n'
    )
    planted = {"a": 'return function()\n  error("boom")\nend\n'}
    result = write_bundle(collect(Module("__root", text, "<test root>"), ROOT / "lua", planted))
    guarded, explain = runtime(0).execute(result.text).values()
    with pytest.raises(LuaError) as err:
        guarded()
    message = str(err.value)
    assert re.search(r"<replaced a>:2: boom \(in onButton3\)$", message), message
    first = result.first_lines[[m.name for m in result.modules].index("a")]
    assert explain(f"chunk_0:({first + 1},3-15): boom") == "<replaced a>:2: boom"
    assert explain(f"chunk_0:({first + 1},3-15): boom", "frame job menus") == (
        "<replaced a>:2: boom (in frame job menus)"
    )
