"""Liar's Dice, the tutorial game: both engines on hand-worked scenarios, cross-checked
self-play, planted bugs caught, secret dice, and the commands."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from generator import games
from generator.cli import main
from generator.harness.crosscheck import Divergence, Pair, crosscheck
from generator.harness.lua_engine import LuaEngine
from generator.paths import ROOT

from scenarios import patch, pointer_cases, run_pointer_case

FACES = [1, 2, 3, 4, 5, 2, 2, 6, 6, 1, 3, 3, 3, 5, 6]


@pytest.fixture(scope="module")
def lua() -> LuaEngine:
    return LuaEngine(game="liars")


def engine() -> Any:
    return games.get("liars").engine()


def opening() -> dict[str, Any]:
    e = engine()
    s = e.new_game({"players": ["Red", "Blue", "Green"]})
    return e.apply(s, {"type": "roll", "player": "Red", "faces": FACES})


def patched(patches: dict[str, Any]) -> dict[str, Any]:
    return patch(opening(), patches)


@pytest.mark.parametrize("case", pointer_cases("liars"))
@pytest.mark.parametrize("engine_name", ["python", "lua"])
def test_scenario(case: dict[str, Any], engine_name: str, lua: LuaEngine) -> None:
    run_pointer_case(case, patched(case.get("state", {})), engine(), lua, engine_name)


def test_engines_agree_on_seeded_self_play() -> None:
    pair = Pair(engine(), LuaEngine(game="liars", seed=3), game="liars")
    results = list(crosscheck(pair, 12, 3, [2, 3, 6], ["greedy", "random", "easy"]))
    assert all(r.divergence is None for r in results), results[0].divergence
    assert sum(r.actions for r in results) > 500


def _planted(old: str, new: str) -> LuaEngine:
    source = (ROOT / "lua" / "liars" / "core" / "engine.lua").read_text(encoding="utf-8")
    assert old in source
    return LuaEngine({"liars.core.engine": source.replace(old, new, 1)}, game="liars")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # apply: a lost challenge costs two dice
        ("p.dice = p.dice - 1", "p.dice = p.dice - 2"),
        # choices only: "Liar!" reads otherwise (apply is unchanged)
        ('liar = "Liar!"', 'liar = "Liar"'),
    ],
    ids=["apply", "choices"],
)
def test_a_planted_bug_is_caught(old: str, new: str) -> None:
    pair = Pair(engine(), _planted(old, new), game="liars")
    found = [r.divergence for r in crosscheck(pair, 4, 5, [2, 3], ["greedy", "random"])]
    assert any(isinstance(d, Divergence) for d in found)


def test_each_colour_sees_only_its_own_dice_until_a_call_shows_them(lua: LuaEngine) -> None:
    s = patched({"/bid": {"player": "Red", "quantity": 6, "face": 3}, "/active": "Blue"})
    for rules, state in ((engine(), s), (lua, lua.load_state(s))):
        seen = rules.view(state, "Blue")
        faces = {p["color"]: p["faces"] for p in seen["players"]}
        assert faces == {"Red": [None] * 5, "Blue": [2, 2, 6, 6, 1], "Green": [None] * 5}
        assert [f for p in rules.view(state, None)["players"] for f in p["faces"]][:5] == [None] * 5
    after = engine().apply(s, {"type": "liar", "player": "Blue"})
    shown = engine().view(after, "Green")["last"]["faces"]
    assert shown["Red"] == [1, 2, 3, 4, 5]  # the call shows every die to everyone


def test_the_bid_is_taken_in_two_steps_with_words_for_each(lua: LuaEngine) -> None:
    s = opening()
    for rules, state in ((engine(), s), (lua, lua.load_state(s))):
        first = rules.choices(state, [])["decision"]
        assert first["name"] == "bid" and first["player"] == "Red"
        assert [o["id"] for o in first["options"]][:3] == ["1", "2", "3"]
        face = rules.choices(state, ["7"])["decision"]
        assert face["name"] == "face" and face["options"][4]["label"] == "7 fives"


def test_replay_plays_a_record_in_both_engines_and_tells_its_story(tmp_path) -> None:
    runner = CliRunner()
    made = runner.invoke(main, ["simulate", "liars", "--games", "1", "--records", str(tmp_path)])
    assert made.exit_code == 0, made.output
    record = next(tmp_path.glob("*.json"))
    both = runner.invoke(main, ["replay", "liars", str(record), "--engine", "both"])
    assert both.exit_code == 0, both.output
    assert json.loads(both.stdout)["phase"] == "over"
    story = runner.invoke(main, ["replay", "liars", str(record), "--at", "2"])
    assert story.exit_code == 0 and "Round 1: everyone rolls under their cup" in story.output
