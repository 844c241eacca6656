"""The documents that describe game records stay true to what the engine accepts."""

from __future__ import annotations

import json
import re

from generator.games.teg.rules import load_engine
from generator.paths import ROOT

from scenarios import load_scenarios

ROW = re.compile(r"^\| .+ \(`(?P<id>[a-z0-9-]+)`\) \| `(?P<effect>\w+)` \| `(?P<example>.+)` \|$")


def test_every_planet_has_the_tested_example_in_abilities_md():
    documented = {}
    for line in (ROOT / "docs" / "abilities.md").read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            documented[match["id"]] = (match["effect"], json.loads(match["example"]))
    engine = load_engine()
    assert sorted(documented) == sorted(p.id for p in engine.data.planets)
    played = {}
    for name, case in load_scenarios():
        planet = name.removeprefix("planets:").split(":")[0]
        if name.startswith("planets:") and planet not in played:
            played[planet] = case["actions"][0]["ability"]
    for planet in engine.data.planets:
        effect, example = documented[planet.id]
        assert effect == planet.ability.effect, planet.id
        assert example == played[planet.id], f"{planet.id}: docs and scenario disagree"


def test_the_worked_example_in_choices_md_is_what_both_engines_do():
    from generator.harness.lua_engine import LuaEngine

    from scenarios import setup_for, start_state

    text = (ROOT / "docs" / "choices.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)\n```", text, re.S)
    example, halfway = json.loads(blocks[0]), json.loads(blocks[1])
    engine = load_engine()
    name = "planets:rule 12: umbra-forum may reach an action that reaches others (Nagato)"
    case = dict(load_scenarios())[name]
    assert case["actions"][0] == example["action"]
    seats = list(engine.data.rules.seat_colors)
    setup = setup_for(case, [p.id for p in engine.data.planets], seats)
    state = start_state(case, engine.new_game(setup))
    assert engine.path_of(state, example["action"]) == example["path"]
    lua = LuaEngine()
    lua_state = lua.load_state(state)
    for choices in (engine.choices, lua.choices):
        target = state if choices == engine.choices else lua_state
        done = choices(target, example["path"])
        assert done == {"complete": True, "action": example["action"]}
        assert choices(target, example["path"][:5]) == halfway
