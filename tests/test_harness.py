"""The MoonSharp profile of the Lua 5.2 test runtime."""

from __future__ import annotations

import pytest
from lupa.lua52 import LuaError

from generator.harness.moonsharp import runtime


@pytest.mark.parametrize(
    "name", ["load", "loadfile", "dofile", "require", "io", "debug", "package"]
)
def test_what_tts_lacks_is_gone(name):
    assert runtime().eval(f"{name} == nil")


def test_os_keeps_only_time_functions():
    lua = runtime()
    assert lua.eval("os.time ~= nil and os.clock ~= nil and os.date ~= nil and os.difftime ~= nil")
    assert lua.eval("os.execute == nil and os.getenv == nil and os.remove == nil")


def test_moonsharp_globals_unpack_and_pack_exist():
    assert runtime().eval("(select(2, unpack({1, 2, 3})))") == 2
    assert runtime().eval("pack(1, 2).n") == 2


def test_string_format_s_takes_only_strings_and_numbers():
    lua = runtime()
    assert lua.eval("string.format('%s-%s-%d%%', 'a', 2, 3)") == "a-2-3%"
    for bad in ("{}", "nil", "true"):
        with pytest.raises(LuaError, match="string expected"):
            lua.eval(f"string.format('x %s', {bad})")


def test_pairs_order_is_shuffled_by_seed_and_complete():
    program = (
        "local t = {}\nfor i = 1, 12 do t['k' .. i] = i end\n"
        "local out = {}\nfor k in pairs(t) do out[#out + 1] = k end\nreturn table.concat(out, ',')"
    )
    orders = {runtime(seed).execute(program) for seed in range(6)}
    assert len(orders) > 1  # the order depends on the seed...
    for order in orders:  # ...but every key is visited once
        assert sorted(order.split(",")) == sorted(f"k{i}" for i in range(1, 13))
    assert runtime(4).execute(program) == runtime(4).execute(program)
