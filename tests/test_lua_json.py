"""lib/json.lua: canonical text out, JSON in (with the shortcuts for records checked)."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.harness.moonsharp import runtime
from generator.luabuild.bundle import Module, collect, write_bundle
from generator.paths import ROOT

ROOT_MODULE = """
local json = require("lib.json")
return { roundtrip = function(text) return json.encode(json.decode(text)) end,
         decode = json.decode }
"""


@pytest.fixture(scope="module")
def codec():
    bundle = write_bundle(collect(Module("__root", ROOT_MODULE, "<test>"), ROOT / "lua", {}))
    return runtime(2).execute(bundle.text)


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**9), 10**9) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, min_size=1, max_size=4)
        | st.dictionaries(st.text(min_size=1, max_size=6), inner, min_size=1, max_size=4)
    ),
    max_leaves=12,
)


@given(VALUES)
def test_decoding_then_encoding_gives_pythons_canonical_text(codec, value):
    text = canonical(value)
    assert codec.roundtrip(text) == text
    # Spaced and escaped forms decode to the same value.
    assert codec.roundtrip(json.dumps(value, indent=2, ensure_ascii=True)) == text


@pytest.mark.parametrize(
    "text",
    [
        '{"a": -12, "b": [0, 7, 123], "c": -0}',
        '"tab\\tquote\\"back\\\\"',
        '"\\u00e9\\ud83d\\ude00 and \\u0001"',
        # spaces where the decoder expects a token, and strings past its first window
        " [ ]\n",
        "{\t}",
        '{"a" :1 ,"b":[ 1 ,2] , "c" : { } }',
        '["' + "x" * 200 + '", "' + "y" * 70 + '\\n"]',
        # whole numbers either side of 10^14, where the encoder stops writing them by tostring
        "[256, -99999, 2147483648, 99999999999999, -99999999999999, 100000000000000, "
        "9007199254740992, -100000000000000]",
    ],
)
def test_numbers_and_escapes(codec, text):
    assert codec.roundtrip(text) == canonical(json.loads(text))


def test_a_fraction_is_a_float_marker_and_garbage_fails(codec):
    assert codec.roundtrip("[1.5, 2e3]") == "[1.5,2e3]"
    bad_texts = ("[1,", "-", "[-x]", '{"a" 1}', "tru", "[1 2]", '{"a":1 "b":2}', "{,}", '{"a":}')
    for bad in (*bad_texts, " "):
        with pytest.raises(Exception, match="json"):
            codec.decode(bad)


def test_decoding_costs_what_the_text_is_long_even_where_string_functions_copy_it():
    """MoonSharp's string.find copies its whole subject on every call (docs/moonsharp.md):
    with the profile's charge for that, decoding ten times the text costs about ten times
    as much, not a hundred."""
    from generator.harness.moonsharp import counting_runtime

    lua, count = counting_runtime(2)
    bundle = write_bundle(collect(Module("__root", ROOT_MODULE, "<test>"), ROOT / "lua", {}))
    decode = lua.execute(bundle.text).decode
    action = {"type": "move", "player": "Red", "ship": 1, "to": {"planet": "jakks"},
              "use": {"ability": {}}, "faces": ["move", "energy"]}  # fmt: skip

    def cost(n):
        text = json.dumps({"actions": [action] * n, "setup": {"deck": ["a", "b"]}})
        return count(decode, text)[0]

    small, large = cost(100), cost(1000)
    assert large < 12 * small, (small, large)


def test_encoding_counts_the_same_on_every_runtime():
    """The same object costs the same count on every runtime (issue 50). Lua 5.2 seeds its
    string hashing per runtime, so `next` walks an object's keys in a different order on
    each: a sort with a Lua comparator would make a different number of calls; the keys'
    hex texts sort natively instead. An object with a key that is not ASCII still sorts as
    Python does."""
    from generator.harness.moonsharp import counting_runtime

    value = {f"{word}_{i}": i for i, word in enumerate(["red", "Blue", "x-0", "ab", "a"] * 8)}
    counts = set()
    for _ in range(6):
        lua, count = counting_runtime(2)
        bundle = write_bundle(collect(Module("__root", ROOT_MODULE, "<test>"), ROOT / "lua", {}))
        codec = lua.execute(bundle.text)
        text = canonical(value)
        counted, encoded = count(codec.roundtrip, text)
        assert encoded == text
        counts.add(counted)
    assert len(counts) == 1, counts
    mixed = {"é": 1, "z": 2, "A": 3, "日本": 4, "a-b": 5}
    assert codec.roundtrip(canonical(mixed)) == canonical(mixed)


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("{players = {{}, {stock = {1, 2, nil, 4}}}}",
         "json: an array with a hole: /players/1/stock/2 is nil, with items after it"),
        ("{a = {1.5}}", "json: 1.5 is not an integer (at /a/0)"),
        ("{a = {[true] = 1}}", "json: array with key true (at /a)"),
        ("{f = print}", "json: cannot encode a function (at /f)"),
        ("{1, 2, x = 3}", "json: object key 1 is not a string (at the top)"),
    ],
)  # fmt: skip
def test_a_value_json_cannot_encode_is_named_by_where_it_lies(value, said):
    """A slip in a game's core (a nil left in a list) is found by the codec far from where it
    was made: the message names the field, so the modder finds the rule that wrote it."""
    lua = runtime(2)
    root = Module("__root", 'return require("lib.json").encode', "<test>")
    encode = lua.execute(write_bundle(collect(root, ROOT / "lua", {})).text)
    with pytest.raises(Exception, match=re.escape(said)):
        encode(lua.execute(f"return {value}"))
