"""The documents that describe game records stay true to what the engine accepts."""

from __future__ import annotations

import json
import re

from generator.engines.teg import load_engine
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
