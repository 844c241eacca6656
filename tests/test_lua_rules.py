"""Every rule scenario of tests/rules, run against the Lua core under the MoonSharp profile.

The same files drive tests/test_rules.py for the Python engine, so every rule, planet and
mission is checked in both engines from one description.
"""

from __future__ import annotations

import json

import pytest

from generator.games.teg.rules import BadSetup, IllegalAction, canonical, load_engine
from generator.harness.lua_engine import LuaEngine

from scenarios import get, load_scenarios, offered_along, setup_for, start_state

SCENARIOS = load_scenarios()


@pytest.fixture(scope="module")
def lua():
    return LuaEngine(seed=11)


@pytest.mark.parametrize(("name", "case"), SCENARIOS, ids=[n for n, _ in SCENARIOS])
def test_scenario_in_lua(name, case, lua):
    python = load_engine()
    seats = list(python.data.rules.seat_colors)
    setup = setup_for(case, [p.id for p in python.data.planets], seats)
    if "setup_error" in case:
        with pytest.raises(BadSetup):
            lua.new_game(setup)
        return
    py_state = start_state(case, python.new_game(setup))
    state = lua.load_state(py_state)
    actions = case.get("actions", [])
    for index, action in enumerate(actions):
        if index == len(actions) - 1 and "refuse" in case:
            before = lua.encode(state)
            with pytest.raises(IllegalAction) as refused:
                lua.apply(state, action)
            assert case["refuse"] in refused.value.reason
            assert lua.encode(state) == before, "a refused action changed the state"
            break
        state = lua.apply(state, action)
        py_state = python.apply(py_state, action)
        assert lua.audit(state) is None, f"not a proper sequence at {lua.audit(state)}"
    final = json.loads(lua.encode(state))
    for ptr, value in case.get("expect", {}).items():
        assert get(final, ptr) == value, f"{ptr}: {get(final, ptr)!r} != {value!r}"
    for action in case.get("offered", []):
        path = python.path_of(py_state, action)
        trace, built = lua.trace(state, path)
        assert offered_along(trace, path), f"not offered: {action}"
        assert canonical(built) == canonical(action)
    for action in case.get("not_offered", []):
        try:
            path = python.path_of(py_state, action)
        except IllegalAction:
            continue
        assert not offered_along(lua.trace(state, path)[0], path), f"offered: {action}"
