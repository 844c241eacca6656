"""Every rule scenario of tests/rules against the Python engine."""

from __future__ import annotations

import copy

import pytest

from generator.games.teg.rules import BadSetup, IllegalAction, canonical, load_engine
from generator.schemas import errors, schema_path

from scenarios import get, load_scenarios, offered_along, setup_for, start_state

SCENARIOS = load_scenarios()
STATE_SCHEMA = schema_path("teg", "state")


@pytest.fixture(scope="module")
def engine():
    return load_engine()


def test_scenario_names_are_unique():
    names = [name for name, _ in SCENARIOS]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(("name", "case"), SCENARIOS, ids=[n for n, _ in SCENARIOS])
def test_scenario(name, case, engine):
    seats = list(engine.data.rules.seat_colors)
    setup = setup_for(case, [p.id for p in engine.data.planets], seats)
    if "setup_error" in case:
        with pytest.raises(BadSetup) as bad:
            engine.new_game(setup)
        assert case["setup_error"] in str(bad.value)
        return
    s = start_state(case, engine.new_game(setup))
    actions = case.get("actions", [])
    for index, action in enumerate(actions):
        last = index == len(actions) - 1
        if last and "refuse" in case:
            before = copy.deepcopy(s)
            with pytest.raises(IllegalAction) as refused:
                engine.apply(s, action)
            assert case["refuse"] in refused.value.reason
            assert s == before, "a refused action changed the state"
            break
        s = engine.apply(s, action)
        problems = [e.message for e in errors(s, STATE_SCHEMA)]
        assert not problems, f"after action {index}: {problems}"
    else:
        assert "refuse" not in case, "the last action was not refused"
    for ptr, value in case.get("expect", {}).items():
        assert get(s, ptr) == value, f"{ptr}: {get(s, ptr)!r} != {value!r}"
    for action in case.get("offered", []):
        assert is_offered(engine, s, action), f"not offered: {action}"
    for action in case.get("not_offered", []):
        assert not is_offered(engine, s, action), f"offered: {action}"


def is_offered(engine, s, action):
    """Whether the choices lead to `action` through offered options only."""
    try:
        path = engine.path_of(s, action)
    except IllegalAction:
        return False
    trace, built = engine.trace(s, path)
    assert (built is not None and canonical(built) == canonical(action)) or not offered_along(
        trace, path
    )
    return offered_along(trace, path)
