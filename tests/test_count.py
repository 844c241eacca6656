"""Counts in words from one place (issue 49): game.yaml `units`, read by lib/count.lua and
generator/engines/count.py alike."""

from __future__ import annotations

import pytest

from generator import cards, games
from generator.engines.count import count, signed, word
from generator.harness.moonsharp import runtime
from generator.luabuild.bundle import Module, collect, write_bundle
from generator.paths import ROOT

ROOT_MODULE = """
local Count = require("lib.count")
return { of = Count.of, word = Count.word, signed = Count.signed }
"""


@pytest.fixture(scope="module")
def lua():
    bundle = write_bundle(collect(Module("__root", ROOT_MODULE, "<test>"), ROOT / "lua", {}))
    rt = runtime(2)
    return rt, rt.execute(bundle.text)


def _units(game):
    return cards.validate(game).documents["game"]["units"]


@pytest.mark.parametrize("game", games.ids())
def test_both_engines_word_every_unit_alike(game, lua):
    rt, mod = lua
    units = _units(game)
    table = rt.table_from({k: rt.table_from(v) for k, v in units.items()})
    for unit in units:
        for n in (-2, -1, 0, 1, 2, 7):
            assert mod.of(table, n, unit) == count(units, n, unit), (unit, n)
            assert mod.signed(table, n, unit) == signed(units, n, unit), (unit, n)


def test_a_change_always_writes_its_sign():
    units = _units("tem")
    assert [signed(units, n, "credits") for n in (1, -1, 0, 2)] == [
        "+1 credit",
        "-1 credit",
        "+0 credits",
        "+2 credits",
    ]


def test_one_and_minus_one_take_the_singular():
    units = _units("tem")
    assert [count(units, n, "credits") for n in (1, -1, 0, 2)] == [
        "1 credit",
        "-1 credit",
        "0 credits",
        "2 credits",
    ]
    assert count(_units("liars"), 2, "face6") == "2 sixes"
    assert count(_units("teg"), 1, "colonies") == "1 colony"


def test_a_unit_the_data_lacks_names_game_yaml(lua):
    with pytest.raises(KeyError, match=r"no unit word 'coins' in game\.yaml's units"):
        word(_units("tem"), 2, "coins")
    rt, mod = lua
    with pytest.raises(Exception, match=r"no unit word 'coins' in game\.yaml's units"):
        mod.of(rt.table_from({}), 2, "coins")
