"""The MoonSharp-safe lint: each rule catches its mistake, at the module's own line."""

from __future__ import annotations

import json

import pytest

from generator.luabuild.bundle import Module, write_bundle
from generator.luabuild.lint import LUA_GLOBALS, TTS_GLOBALS, lint_bundle

TABLE = "lua/teg/table/x.lua"  # table scripts may use the TTS API and define globals
CORE = "lua/teg/core/x.lua"  # the rules core may not


def findings(source, origin=TABLE):
    bundle = write_bundle([Module("__root", source, origin)])
    return [(p.line, p.code, p.message) for p in lint_bundle(bundle)]


CASES = [
    ("lua53-floor-division", "local a = 7\nlocal b = a // 2\nreturn b\n", 2, "LUA002", "'//'"),
    ("lua53-bitwise", "local a = 1\nreturn a & 3\n", 2, "LUA002", "'&'"),
    ("goto", "for i = 1, 2 do\n  goto skip\n  ::skip::\nend\n", 2, "LUA003", "goto"),
    ("moonsharp-not-equal", "local a = 1\nif a != 2 then end\n", 2, "LUA004", "'~='"),
    ("moonsharp-lambda", "local f = |x| x + 1\n", 1, "LUA004", "lambda"),
    ("syntax", "local x = \nreturn\n", 2, "LUA001", "does not compile"),
    ("load", "local f = load('return 1')\nreturn f\n", 1, "LUA005", "'load'"),
    ("io", "io.write('x')\n", 1, "LUA005", "'io'"),
    ("os-execute", "local t = os.time()\nos.execute('ls')\n", 2, "LUA005", "os.execute"),
    ("debug", "local d = debug.traceback()\nreturn d\n", 1, "LUA005", "'debug'"),
    ("undefined-global", "local score = 1\nprint(scroe)\n", 2, "LUA006", "'scroe'"),
    ("format-s", "local p = {}\nprint(string.format('%d %s', 1, p))\n", 2, "LUA008", "argument 3"),
    ("error-table", "local why = 'x'\nerror({ refused = why }, 0)\n", 2, "LUA009", "table"),
    ("error-meta", "error(setmetatable({}, {}))\n", 1, "LUA009", "string or a number"),
    (
        "select-count",
        "local function f(...)\n  return select('#', ...)\nend\nreturn f\n",
        2,
        "LUA010",
        "empty",
    ),
]


@pytest.mark.parametrize(
    ("name", "source", "line", "code", "text"), CASES, ids=[c[0] for c in CASES]
)
def test_rule_catches_its_mistake(name, source, line, code, text):
    found = findings(source)
    assert any(at == line and c == code and text in m for at, c, m in found), found


GOOD = [
    "local a = math.floor(7 / 2)\nlocal b = bit32.band(a, 3)\nreturn b\n",
    "local t = os.time()\nlocal c = os.clock()\nreturn t + c\n",
    "local p = {}\nprint(string.format('%s and %s', tostring(p), 'x' .. 'y'))\n",
    "print(string.format('%d%%', 5))\n",
    "function onLoad()\n  helper()\nend\nfunction helper()\n  Wait.time(function() end, 1)\nend\n",
    "local t = {}\nfor k, v in pairs(t) do print(k, v) end\nrepeat local z = 1 until z == 1\n",
    "local M = {}\nfunction M.f(a, ...) local n = #{ ... } return a + n end\n"
    "function M:g() return self end\nreturn M\n",
    "local why = 'x'\nerror('refused: ' .. why, 0)\n",
    "local function second(...) return (select(2, ...)) end\nreturn second\n",
]


@pytest.mark.parametrize("source", GOOD)
def test_correct_code_is_clean(source):
    assert findings(source) == []


def test_the_core_may_not_use_tts_or_write_globals():
    found = findings("counter = 0\nprintToAll('hi')\nreturn counter\n", CORE)
    assert (1, "LUA007", "global 'counter' written in pure code: make it local") in found
    assert any(c == "LUA006" and "printToAll" in m for _, c, m in found)
    assert findings("printToAll('hi')\n", TABLE) == []


def test_findings_name_the_module_file_not_the_bundle():
    bundle = write_bundle(
        [
            Module("__root", 'local m = require("m")\nreturn m\n', "lua/teg/table/main.lua"),
            Module("m", "local a = 1\n\nreturn a // 2\n", "lua/lib/m.lua"),
        ]
    )
    (problem,) = lint_bundle(bundle)
    assert (problem.file, problem.line, problem.code) == ("lua/lib/m.lua", 3, "LUA002")


def test_the_shipped_scripts_are_clean(cli):
    run = cli("lint", "teg")
    assert run.code == 0 and "clean" in run.stdout, run


def test_our_tts_global_names_are_the_api_docs_globals(shared):
    api = json.loads((shared / "tts" / "api.json").read_text(encoding="utf-8"))
    assert set(TTS_GLOBALS) == set(api["globals"])
    assert not LUA_GLOBALS & {"load", "io", "debug", "require", "dofile"}
