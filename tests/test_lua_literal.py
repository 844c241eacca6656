"""Card data as a Lua module: any text and any plain data survive the trip into Lua exactly."""

from __future__ import annotations

import math

import lupa.lua52 as lua52
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.harness.moonsharp import runtime
from generator.luabuild.literal import NotLuaData, lua_literal, lua_string
from generator.luabuild.scripts import shipped_data_module

LUA = lua52.LuaRuntime(unpack_returned_tuples=True)


def back(value):
    """A Lua value as Python data (tables with keys 1..n become lists)."""
    if lua52.lua_type(value) != "table":
        return value
    items = dict(value.items())
    if items and sorted(items) == list(range(1, len(items) + 1)):
        return [back(items[i]) for i in range(1, len(items) + 1)]
    return {k: back(v) for k, v in items.items()}


def roundtrip(value):
    return back(LUA.execute("return " + lua_literal(value)))


TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
SPECIAL = st.sampled_from(
    ['"', "\\", "]]", "[[", "\n", "\r\n", "\x00", "\x07", "\x7f", "é", "🚀", "\\123", '"1']
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(TEXT, SPECIAL), max_size=5).map("".join))
def test_any_text_round_trips(text):
    assert LUA.execute("return " + lua_string(text)) == text


DATA = st.recursive(
    st.one_of(st.booleans(), st.integers(-(2**31), 2**31), TEXT),
    lambda children: st.one_of(
        st.lists(children, min_size=1, max_size=4),
        st.dictionaries(st.one_of(TEXT.filter(bool), SPECIAL), children, min_size=1, max_size=4),
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(DATA)
def test_nested_data_round_trips(value):
    assert roundtrip(value) == value


def test_keys_that_are_not_identifiers_are_bracketed():
    text = lua_literal({"end": 1, "a-b": 2, "ok_1": 3})
    assert '["end"] = 1' in text and '["a-b"] = 2' in text and "ok_1 = 3" in text
    assert roundtrip({"end": 1, "a-b": 2}) == {"end": 1, "a-b": 2}


def test_digits_after_an_escape_stay_digits():
    assert lua_string('"1') == '"\\0341"'
    assert LUA.execute("return " + lua_string("\x001")) == "\x001"


def test_output_is_byte_identical_for_equal_data():
    one = lua_literal({"b": [1, 2], "a": {"y": "x", "x": "y"}})
    two = lua_literal({"a": {"x": "y", "y": "x"}, "b": [1, 2]})
    assert one == two


@pytest.mark.parametrize(
    "bad", [float("nan"), math.inf, {1.5}, [1, None], {"\ud800": 1}, {(1,): 2}]
)
def test_values_without_a_lua_literal_are_refused(bad):
    with pytest.raises(NotLuaData):
        lua_literal(bad)


def test_the_card_data_module_loads_under_the_moonsharp_profile():
    data = runtime(3).execute(shipped_data_module("teg"))
    assert len(back(data.planets)) == 40
    assert data.planets[1].id == "jakks" and data.planets[1].ability.effect == "gain"
    assert data.game.players.max == 5
