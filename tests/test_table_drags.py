"""Pieces moved by hand become decisions when unambiguous (lua/teg/table/drags.lua).

A ship dropped on a planet of the row moves by a Move die (the panel asks Land or Orbit when
both are possible); a die dropped on the converter is spent there; a drop that fits no rule
sends the piece back with a word, and changes nothing.
"""

from __future__ import annotations

import json

from generator.games.teg import playtest as P
from generator.games.teg.tts.layout import layout
from tests.test_table import click_first, snapshot, started, status, until_rolled


def _state(t):
    return json.loads(t.call_in("-1", "stateText"))


def _center(L, k):
    aff = L["row"][k]
    px, py = L["card"]["w"] / 2, L["card"]["h"] / 2
    return [
        aff["ox"] + px * aff["xx"] + py * aff["yx"],
        1.5,
        aff["oz"] + px * aff["xz"] + py * aff["yz"],
    ]


def _rolled_with(save, face):
    """A started table whose first roll shows `face` (trying seeds in order)."""
    for seed in range(40):
        t = started(save, seed=seed)  # (the first roll is the table's: it follows by itself)
        until_rolled(t)
        if any(d["face"] == face for d in _state(t)["dice"]):
            return t
    raise AssertionError(f"no seed rolled a {face}")


def _drop(t, color, guid, at):
    t.pick_up(color, guid)
    t.drop(color, guid, at)
    P.settle(t)


def test_a_ship_dropped_on_a_planet_moves_by_a_move_die(save, engine):
    L = layout(engine.data)
    t = _rolled_with(save, "move")
    color = status(t)["decider"]
    seat = next(s for s in L["seats"] if s["color"] == color)
    planet = _state(t)["row"][0]
    before = status(t)["actions"]
    _drop(t, color, seat["ships"][0], _center(L, 0))
    st = status(t)
    if st["actions"] == before:  # land and orbit both possible: the panel asks
        assert st["path"][:1] == ["activate"] and st["path"][-1] == "ship:0"
        shown = dict((text, e) for e, text in P.panel_options(t, color))
        name = next(p.name for p in engine.data.planets if p.id == planet)
        assert "Your panel asks the rest: Where will the ship go?" in " ".join(t.messages(color))
        t.click(color, shown[f"Land on {name}"])
        P.settle(t)
        for _ in range(4):  # the planet's action, if it asks
            if status(t)["actions"] > before:
                break
            click_first(t)
    action = json.loads(t.call_in("-1", "onSave"))["actions"][before]
    assert action["type"] == "activate" and action["ship"] == 0
    assert action["to"] == planet


def test_a_die_dropped_on_the_converter_is_spent_there(save, engine):
    L = layout(engine.data)
    t = _rolled_with(save, "move")
    color = status(t)["decider"]
    spot = L["dice"]["spend"][0]
    _drop(t, color, L["dice"]["guids"][1], [spot["x"], 1.5, spot["z"]])
    assert status(t)["path"] == ["convert", "die:1"]
    assert "converter" in t.dump(color).lower()


def test_a_drop_that_fits_no_rule_goes_back_and_changes_nothing(save, engine):
    L = layout(engine.data)
    t = started(save, seed=4)
    until_rolled(t)
    color = status(t)["decider"]
    rival = next(s for s in L["seats"] if s["color"] != color and s["color"] in t.seated())
    before = snapshot(t)
    # a rival's ship dropped on a planet while it is not their decision
    _drop(t, rival["color"], rival["ships"][0], _center(L, 0))
    t.run(1)
    assert snapshot(t)[:2] == before[:2]
    assert "went back" in t.messages(rival["color"])[-1]
    assert t.things[rival["ships"][0]].pos[0] == before[2][rival["ships"][0]][0][0]
