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


def test_a_pairs_walk_counts_the_same_on_every_runtime():
    """pairs sorts a table's keys before it shuffles them (the profile's own work, standing
    for MoonSharp's insertion order): none of that is the script's to count, or the count
    would follow Lua 5.2's string hashing, which each runtime seeds apart (issue 50)."""
    from generator.harness.moonsharp import counting_runtime

    counts = set()
    for _ in range(6):
        lua, count = counting_runtime(4)
        walk = lua.eval(
            "function() local t = {} for i = 1, 40 do t['k' .. i] = i end "
            "local n = 0 for k, v in pairs(t) do n = n + v end return n end"
        )
        counted, total = count(walk)
        assert total == 820
        counts.add(counted)
    assert len(counts) == 1, counts


def test_table_remove_and_insert_check_positions_as_moonsharp_does():
    lua = runtime()
    with pytest.raises(LuaError, match="position out of bounds"):
        lua.execute("table.remove({}, 1)")
    with pytest.raises(LuaError, match="position out of bounds"):
        lua.execute("table.remove({1, 2}, 3)")  # Lua 5.2 allows #t + 1; MoonSharp does not
    with pytest.raises(LuaError, match="position out of bounds"):
        lua.execute("table.insert({}, 3, 'x')")
    assert lua.execute("return table.remove({})") is None  # no position: allowed when empty
    assert lua.execute("local t = {1, 2, 3}; local x = table.remove(t, 1); return x, #t") == (1, 2)
    assert lua.execute("local t = {2}; table.insert(t, 1, 1); return t[1], t[2]") == (1, 2)


TRIM = "local s = ' ' .. string.rep('a', N) .. ' '\nreturn (s:gsub('^%s*(.-)%s*$', '%1'))"


def test_a_pattern_that_calls_the_matcher_too_often_is_too_complex():
    lua = runtime()
    # MoonSharp counts every call of its matcher within one attempt and stops at 200: the
    # usual trim works on a short string and fails on a long one (40,000 measured).
    assert lua.execute(TRIM.replace("N", "20")) == "a" * 20
    for n in (400, 40_000):
        with pytest.raises(LuaError, match="pattern too complex"):
            lua.execute(TRIM.replace("N", str(n)))
    with pytest.raises(LuaError, match="pattern too complex"):
        lua.execute("return (string.rep('a', 300)):match('^(.-)b?$')")
    # Patterns without a quantifier, and plain finds, are never too complex.
    text = "x" * 40_000 + "!"
    assert lua.execute(f"return ('{text}'):find('!', 1, true)") == (40_001, 40_001)
    assert lua.execute(f"return (('{text}'):gsub('x', 'y')):sub(1, 3)") == "yyy"


def test_ordinary_patterns_are_not_refused():
    lua = runtime()
    cases = [
        ("key = value", "^(%w+)%s*=%s*(%w+)$"),
        ("  padded  ", "^%s*(.-)%s*$"),
        ("f(a(b)c)d", "%b()"),
        ("THE (quick) fox", "%f[%a]%a+"),
        ("-12.5e+3", "^-?%d+%.?%d*[eE]?[-+]?%d*"),
        ("aaab", "a-b"),
        ("abcabc", "(abc)%1"),
    ]
    for subject, pattern in cases:
        got = lua.execute(f"return string.match({subject!r}, {pattern!r})")
        assert got is not None, (subject, pattern)
    words = lua.execute(
        "local o = {} for w in ('one two  three'):gmatch('%a+') do o[#o+1] = w end "
        "return table.concat(o, ',')"
    )
    assert words == "one,two,three"


def test_table_concat_is_charged_by_the_items_and_the_text_it_joins():
    """MoonSharp's table.concat costs by its items and characters (docs/moonsharp.md)."""
    from generator.harness.moonsharp import counting_runtime

    lua, count = counting_runtime()
    join = lua.eval("function(t, sep) return table.concat(t, sep) end")
    few, text = count(join, lua.table_from(["ab"] * 10), ",")
    many, _ = count(join, lua.table_from(["ab"] * 10_000), ",")
    long, _ = count(join, lua.table_from(["x" * 1000] * 10), ",")
    assert text == ",".join(["ab"] * 10)
    # 9,990 more items: about 0.3 an item and 1/110 a character more
    assert 2_900 < many - few < 3_400, (few, many)
    assert 80 < long - few < 110, (few, long)  # 9,980 more characters, the same items


def test_the_instruction_counter_counts_and_stays_out_of_reach():
    from generator.harness.moonsharp import counting_runtime

    lua, count = counting_runtime()
    loop = lua.eval("function(n) local s = 0 for i = 1, n do s = s + i end return s end")
    small, total = count(loop, 10)
    large, _ = count(loop, 1000)
    assert total == 55
    assert 0 < small < large and large - small == 990 * ((large - small) // 990)  # linear in n
    assert lua.eval("debug == nil")  # the scripts under test still cannot reach debug
    with pytest.raises(LuaError, match="boom"):
        count(lua.eval("function() error('boom') end"))
