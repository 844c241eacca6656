"""The differential check: the Lua core and the Python engine agree action by action.

300 seeded self-play games (2-5 players, both bots) go through both engines in CI; states are
compared as canonical JSON after every action, and in most games the options offered at every
decision of every action (and of random detours off it) too. The refusal side: nearby actions
one engine refuses, the other must refuse. And bugs planted in the Lua core (in apply, and in
the choices alone) must be caught, or none of this proves anything.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.engines.errors import canonical
from generator.games.teg.rules import IllegalAction, load_engine
from generator.games.teg.rules.records import deal
from generator.games.teg.rules.sources import BadPath
from generator.harness.crosscheck import (
    Divergence,
    Pair,
    check_record,
    crosscheck,
    first_difference,
)
from generator.harness.lua_engine import LuaEngine
from generator.paths import ROOT

from test_engine_properties import bot_actions, mutations, plain_candidates, sampled_states

# (bots by seat, games, compare the choices): 150 games in all. The seed is 1000 + games, so
# the apply-only batch has games of its own (at 100 it replayed the second batch's games).
BATCHES = [
    (["greedy"], 30, False),
    (["greedy"], 60, True),
    (["greedy", "random"], 60, True),
]


@pytest.fixture(scope="module")
def pair():
    return Pair(load_engine(), LuaEngine(seed=17))


@pytest.mark.parametrize(("bots", "games", "choices"), BATCHES)
def test_engines_agree_on_seeded_self_play(pair, bots, games, choices):
    pair.compare_choices = choices
    seed = 1000 + games
    played = list(crosscheck(pair, games, seed, [2, 3, 4, 5], bots))
    assert len(played) == games
    bad = [r.divergence.describe() for r in played if r.divergence is not None]
    assert not bad, bad[0]
    for result in played:  # every game was played to its end, not cut short
        assert result.actions == len(result.record["actions"])
        assert result.record["actions"][-1]["type"] == "end_turn"
    assert sum(r.actions for r in played) > games * 100


def test_engines_agree_on_long_random_games(pair):
    pair.compare_choices = True
    played = list(crosscheck(pair, 4, 7, [2], ["random"]))
    assert not [r for r in played if r.divergence is not None]
    assert sum(r.actions for r in played) > 2000


def outcome(engine, state, action):
    try:
        return "ok", engine.apply(state, action)
    except IllegalAction:
        return "refused", None


@pytest.mark.parametrize("players", [2, 4])
def test_engines_refuse_the_same_actions(pair, players):
    py, lua = pair.python, pair.lua
    rng = random.Random(players)
    ids = [p.id for p in py.data.planets]
    faces = list(py.uses.face_ids)
    colors = list(py.data.rules.seat_colors)
    counts = {"ok": 0, "refused": 0}
    for state in sampled_states(py, players, f"refusals:{players}", every=7):
        lua_state = lua.load_state(state)
        tried = list(plain_candidates(py, state))
        for action in bot_actions(py, state, rng, 8):
            tried += mutations(action, rng, ids, faces, colors)
        for action in tried:
            py_result, py_next = outcome(py, state, action)
            lua_result, lua_next = outcome(lua, lua_state, action)
            assert py_result == lua_result, (action, py_result, lua_result)
            counts[py_result] += 1
            if py_next is not None:
                assert json.loads(lua.encode(lua_next)) == py_next, action
    assert counts["ok"] > 100 and counts["refused"] > 1000


def test_a_planted_bug_in_the_lua_core_is_caught(pair):
    source = (ROOT / "lua" / "teg" / "core" / "engine.lua").read_text(encoding="utf-8")
    planted = source.replace(
        'R:pay(state.players[me], cost, "a reroll after the free one")',
        'R:pay(state.players[me], { energy = 2 }, "a reroll after the free one")',
    )
    assert planted != source, "the line to plant the bug in has changed"
    buggy = Pair(pair.python, LuaEngine(overrides={"teg.core.engine": planted}))
    found = next(
        (r.divergence for r in crosscheck(buggy, 10, 1, [2, 3], ["random"]) if r.divergence),
        None,
    )
    assert isinstance(found, Divergence)
    assert found.path.endswith("/energy") and found.action["type"] == "reroll"
    # The shrunk record still diverges, and ends with the paid reroll.
    again = check_record(buggy, found.record)
    assert isinstance(again, Divergence) and again.index == len(found.record["actions"]) - 1
    assert check_record(pair, found.record) is None  # the real core agrees with Python


def test_a_planted_bug_in_the_lua_choices_is_caught(pair):
    # Offering "Land on" where only orbiting is allowed: apply never sees it, the choices do.
    source = (ROOT / "lua" / "teg" / "core" / "rules.lua").read_text(encoding="utf-8")
    planted = source.replace("if not surface then", "if true then", 1)
    assert planted != source, "the line to plant the bug in has changed"
    buggy = Pair(pair.python, LuaEngine(overrides={"teg.core.rules": planted}))
    # (a greedy and a random seat: the random one moves where only orbiting is allowed soon,
    # the greedy one keeps the game short)
    found = next(
        (r.divergence for r in crosscheck(buggy, 10, 1, [2], ["greedy", "random"]) if r.divergence),
        None,
    )
    assert isinstance(found, Divergence)
    assert found.python[0] == found.lua[0] == "choices" and "land:" in found.lua[1]


def test_lua_choices_match_the_schema_and_python(pair):
    from generator.schemas import errors, schema_path

    schema = schema_path("teg", "choices")
    rng = random.Random("lua-choices")
    checked = 0
    for state in sampled_states(pair.python, 3, "lua-choices", every=13):
        lua_state = pair.lua.load_state(state)
        for action in bot_actions(pair.python, state, rng, 2):
            path = pair.python.path_of(state, action)
            for k in range(len(path) + 1):
                lua_result = pair.lua.choices(lua_state, path[:k])
                assert not [e.message for e in errors(lua_result, schema)], lua_result
                assert lua_result == pair.python.choices(state, path[:k])
                checked += 1
    assert checked > 100
    with pytest.raises(BadPath):
        pair.lua.choices(pair.lua.load_state(state), ["no-such-option"])


def test_first_difference_names_the_json_path():
    a = {"players": [{"energy": 1, "ships": [{"at": "home"}]}], "row": ["x"]}
    b = {"players": [{"energy": 1, "ships": [{"at": "orbit"}]}], "row": ["x"]}
    assert first_difference(a, b) == "/players/0/ships/0/at"
    assert first_difference(a, a) is None
    assert first_difference({"row": [1]}, {"row": [1, 2]}) == "/row/1"


def test_replay_both_and_the_crosscheck_command(cli, tmp_path):
    records = tmp_path / "r"
    assert cli("simulate", "teg", "--games", "2", "--records", str(records)).code == 0
    run = cli("replay", "teg", str(records / "game-0001.json"), "--engine", "both")
    assert run.code == 0 and "agree after each of" in run.stderr, run
    both_state = json.loads(run.stdout)  # the final state, like the other engines print
    lua_state = json.loads(
        cli("replay", "teg", str(records / "game-0001.json"), "--engine", "lua").stdout
    )
    py_state = json.loads(cli("replay", "teg", str(records / "game-0001.json")).stdout)
    assert lua_state == py_state == both_state
    run = cli("crosscheck", "teg", "--games", "3", "--seed", "4")
    assert run.code == 0 and "0 divergences" in run.stdout, run


def test_the_quick_state_comparison_sees_what_the_texts_would(pair):
    # the cross-check compares states without writing them: it must see every difference
    # their canonical texts show (None vs absent, {} vs [], a value, a key too many)
    import copy

    engine = pair.python
    setup = deal(engine, 3, random.Random(5))
    py_state, lua_state = engine.new_game(setup), pair.lua.new_game(setup)
    assert pair.lua.same(lua_state, py_state)
    assert json.loads(pair.lua.encode(lua_state)) == json.loads(json.dumps(py_state))

    def changed(edit):
        other = copy.deepcopy(py_state)
        edit(other)
        assert canonical(other) != canonical(py_state)  # (the edit is a real difference)
        return pair.lua.same(lua_state, other)

    nulls = [k for k, v in py_state.items() if v is None]
    empties = [k for k, v in py_state.items() if v in ({}, [])]
    assert nulls and empties, (nulls, empties)
    assert not changed(lambda s: s.pop(nulls[0]))
    assert not changed(lambda s: s.__setitem__(nulls[0], "null"))
    assert not changed(lambda s: s.__setitem__(empties[0], {} if s[empties[0]] == [] else []))
    assert not changed(lambda s: s["players"][1].__setitem__("energy", 9))
    assert not changed(lambda s: s["players"][0].__setitem__("extra", 1))
    assert not changed(lambda s: s["players"].pop())


def test_games_spread_over_processes_give_the_same_report_and_records(cli, tmp_path):
    # game i depends on the seed and i alone: two processes play the games one does
    args = ("liars", "--games", "5", "--seed", "3")
    one, two = (cli("crosscheck", *args, "--jobs", n) for n in ("1", "2"))
    assert one.code == two.code == 0 and "5 game(s)" in one.stdout, one
    assert one.stdout == two.stdout
    runs = [
        cli("simulate", "teg", "--games", "3", "--players", "2", "--seed", "5", "--jobs", n,
            "--records", str(tmp_path / n))
        for n in ("1", "2")
    ]  # fmt: skip
    assert runs[0].code == runs[1].code == 0 and runs[0].stdout == runs[1].stdout, runs[1]
    names = sorted(p.name for p in (tmp_path / "1").iterdir())
    assert names == ["game-0001.json", "game-0002.json", "game-0003.json"]
    for name in names:
        assert (tmp_path / "1" / name).read_bytes() == (tmp_path / "2" / name).read_bytes()


def test_replay_both_reports_a_record_both_engines_refuse(cli, tmp_path):
    engine = load_engine()
    setup = deal(engine, 2, random.Random(3))
    record = {
        "game": "teg",
        "setup": setup,
        "actions": [
            {"type": "roll", "faces": ["move", "move", "energy", "energy"]},
            {"type": "activate", "die": 1, "ship": 0, "to": "home"},
        ],
    }
    path = Path(tmp_path / "bad.json")
    path.write_text(json.dumps(record), encoding="utf-8")
    run = cli("replay", "teg", str(path), "--engine", "both")
    assert run.code == 1 and "action 2" in run.stderr and "both engines refuse" in run.stderr, run
