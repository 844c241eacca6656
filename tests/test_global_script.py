"""The Global script's record: onLoad replays it, onSave returns it, applyAction appends to it.

The script runs as built, in the headless TTS (under the MoonSharp profile). The save text
must be the record file the Python side writes, byte for byte, at every length, without
re-encoding the record.
"""

from __future__ import annotations

import random

import pytest

from generator.games.teg.rules import canonical, load_engine
from generator.games.teg.rules.records import deal, play
from generator.harness.play import settle
from generator.harness.tts.emulator import Table


@pytest.fixture(scope="module")
def record():
    engine = load_engine()
    rng = random.Random("global-script")
    return play(engine, deal(engine, 3, rng), ["greedy", "random", "greedy"], rng).record


@pytest.fixture(scope="module")
def save(built_game):
    return built_game("teg").read_save()


class Script:
    """The Global script of a loaded table, called as other scripts would call it."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __getattr__(self, name):
        return lambda *args: self.table.call_in("-1", name, *args)

    def onLoad(self, text):
        """onLoad, then the frames the table reads the save in (a load works a frame at a time)."""
        self.table.fire_at("-1", "onLoad", text)
        settle(self.table)


def table_script(save):
    """A fresh table's Global script, its Lua, and the table (for what it printed)."""
    t = Table.load(save, seed=3)
    return t.lua, Script(t), t


def printed(t):
    """What the script printed to everyone."""
    return [text for kind, _, text in t.chat if kind == "printToAll"]


def test_a_saved_game_loads_and_saves_byte_for_byte(record, save):
    _, g, t = table_script(save)
    g.onLoad("")
    assert g.onSave() == ""
    g.onLoad(canonical(record))
    assert _record_part(g.onSave()) == canonical(record)
    # Loading the table's own save gives the same text again, byte for byte.
    saved = g.onSave()
    g.onLoad(saved)
    assert g.onSave() == saved
    assert not printed(t)


def _record_part(text):
    """The saved text without the table's own section (the record's last key, "table")."""
    head, sep, _ = text.rpartition(',"table":')
    return head + "}" if sep else text


def test_actions_applied_at_the_table_extend_the_save(record, save):
    lua, g, _ = table_script(save)
    # From just before an action with an empty object ("ability": {}), as another script
    # would pass it: plain tables, without lib.json's marks.
    first = next(i for i, a in enumerate(record["actions"]) if "{}" in canonical(a))
    # a start where a player must choose (elsewhere the table plays on by itself: it throws
    # the dice, it takes a decision's only option)
    engine = load_engine()
    states = [engine.new_game(record["setup"])]
    for a in record["actions"][:first]:
        states.append(engine.apply(states[-1], a))
    start = next(k for k in range(max(0, first - 5), -1, -1) if _quiet(engine, states[k]))
    g.onLoad(canonical({**record, "actions": record["actions"][:start]}))
    for i, action in enumerate(record["actions"][start : first + 5], start=start):
        ok = g.applyAction(lua_table(lua, action))
        assert ok is True, (i, ok)
        expected = {**record, "actions": record["actions"][: i + 1]}
        assert _record_part(g.onSave()) == canonical(expected)


def _quiet(engine, s):
    """True when the next decision is a player's choice among several options."""
    res = engine.choices(s, [])
    return not res["complete"] and len(res["decision"]["options"]) > 1


def lua_table(lua, value):
    """A JSON value as Lua tables, with objects and arrays told apart as the core expects."""
    if isinstance(value, dict):
        return lua.table_from({k: lua_table(lua, v) for k, v in value.items()})
    if isinstance(value, list):
        return lua.table_from([lua_table(lua, v) for v in value])
    return value


def test_a_refused_action_changes_neither_state_nor_save(record, save):
    lua, g, _ = table_script(save)
    g.onLoad(canonical({**record, "actions": record["actions"][:10]}))
    before = g.onSave()
    ok, why = g.applyAction(lua_table(lua, {"type": "end_turn", "player": "Nobody"}))
    assert ok is False and "turn" in why
    assert g.onSave() == before


def test_choices_at_the_table_are_the_engines(record, save):
    lua, g, _ = table_script(save)
    engine = load_engine()
    cut = 25
    g.onLoad(canonical({**record, "actions": record["actions"][:cut]}))
    state = engine.new_game(record["setup"])
    for action in record["actions"][:cut]:
        state = engine.apply(state, action)
    path = engine.path_of(state, record["actions"][cut])
    for k in range(len(path) + 1):
        result = g.currentChoices(lua.table_from(path[:k]))
        expected = engine.choices(state, path[:k])
        assert result.complete == expected["complete"]
        if not expected["complete"]:
            ids = [o.id for o in result.decision.options.values()]
            assert ids == [o["id"] for o in expected["decision"]["options"]]


def test_a_save_that_is_not_a_record_starts_fresh(save):
    _, g, t = table_script(save)
    g.onLoad("{not json")
    assert g.onSave() == "" and "starting fresh" in printed(t)[0]
    g.onLoad('{"setup": {"players": ["Red"]}, "actions": []}')
    assert g.onSave() == "" and "cannot start a game" in printed(t)[-1]
