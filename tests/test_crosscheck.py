"""The differential check: the Lua core and the Python engine agree action by action.

300 seeded self-play games (2-5 players, both bots) go through both engines in CI; states are
compared as canonical JSON after every action, and in some games the lists of legal actions
too. The refusal side: nearby actions one engine refuses, the other must refuse. And a bug
planted in the Lua core must be caught, or none of this proves anything.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from generator.engines.teg import IllegalAction, load_engine
from generator.engines.teg.records import deal
from generator.harness.crosscheck import (
    Divergence,
    Pair,
    check_record,
    crosscheck,
    first_difference,
)
from generator.harness.lua_engine import LuaEngine
from generator.paths import ROOT

from test_engine_properties import mutations, plain_candidates, sampled_states

# (bots by seat, games, compare legal lists): 300 games in all.
BATCHES = [
    (["greedy"], 196, False),
    (["greedy", "random"], 80, False),
    (["greedy"], 20, True),
]


@pytest.fixture(scope="module")
def pair():
    return Pair(load_engine(), LuaEngine(seed=17))


@pytest.mark.parametrize(("bots", "games", "legal"), BATCHES)
def test_engines_agree_on_seeded_self_play(pair, bots, games, legal):
    pair.compare_legal = legal
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
    pair.compare_legal = False
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
        legal = py.legal_actions(state)
        tried = list(plain_candidates(py, state))
        for action in rng.sample(legal, min(len(legal), 8)):
            tried += mutations(py.complete(state, action, rng), rng, ids, faces, colors)
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
    assert run.code == 1 and "action 1" in run.stderr and "both engines refuse" in run.stderr, run
