"""Go Fish, the card-game tutorial: both engines on hand-worked scenarios, the shuffle as a
chance decision, cross-checked self-play, planted bugs caught, hidden hands, records."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner

from generator import games
from generator.cli import main
from generator.engines.errors import IllegalAction
from generator.harness.crosscheck import Divergence, Pair, crosscheck
from generator.harness.lua_engine import LuaEngine
from generator.paths import ROOT

from scenarios import patch, pointer_cases, run_pointer_case

HANDS = {"/players/0/hand": ["as", "2c", "2d", "2h", "5c"], "/players/1/hand": ["ac", "2s", "9d"],
         "/players/2/hand": ["kc", "kd"], "/stock": ["5d", "7h", "3c"]}  # fmt: skip


@pytest.fixture(scope="module")
def lua() -> LuaEngine:
    return LuaEngine(game="gofish", seed=1)


def engine() -> Any:
    return games.get("gofish").engine()


def dealt() -> dict[str, Any]:
    e = engine()
    s = e.new_game({"players": ["Red", "Blue", "Green"]})
    return e.apply(s, {"type": "deal", "player": "Red", "deck": list(e.deck)})


@pytest.mark.parametrize("case", pointer_cases("gofish"))
@pytest.mark.parametrize("engine_name", ["python", "lua"])
def test_scenario(case: dict[str, Any], engine_name: str, lua: LuaEngine) -> None:
    s = patch(dealt(), HANDS | case.get("state", {}))
    run_pointer_case(case, s, engine(), lua, engine_name)


def test_the_deal_is_a_shuffle_nobody_chooses_dealt_one_at_a_time(lua: LuaEngine) -> None:
    e = engine()
    s = e.new_game({"players": ["Red", "Blue"]})
    for rules, state in ((e, s), (lua, lua.load_state(s))):
        d = rules.choices(state, [])["decision"]
        assert d["shuffle"] == 52 and d["items"] == e.deck and d["options"] == []
        for bad in ("order:1,1," + ",".join(map(str, range(3, 53))), "order:2,1", "faces:1"):
            with pytest.raises(IllegalAction, match="is not an order of 52 items"):
                rules.apply(state, {"type": "deal", "player": "Red", "deck": bad.split(",")})
    order = list(reversed(e.deck))
    after = e.apply(s, {"type": "deal", "player": "Red", "deck": order})
    red = [c for c in order[0:14:2]]  # every other card from the top, Red first
    assert sorted(after["players"][0]["hand"], key=e.place.get) == sorted(red, key=e.place.get)
    assert after["stock"] == order[14:] and after["phase"] == "ask"


def test_each_colour_sees_its_own_hand_and_a_drawn_card_only_its_drawer(lua: LuaEngine) -> None:
    s = patch(dealt(), dict(HANDS))
    e = engine()
    after = e.apply(s, {"type": "ask", "player": "Red", "rank": "a", "target": "Green"})
    for rules, state in ((e, after), (lua, lua.load_state(after))):
        blue = rules.view(state, "Blue")
        assert [p["hand"] for p in blue["players"]][1] == ["ac", "2s", "9d"]
        assert blue["players"][0]["hand"] == [None] * 6 and blue["stock"] == [None, None]
        assert blue["last"]["drew"] is None and rules.view(state, "Red")["last"]["drew"] == "5d"


def test_engines_agree_on_seeded_self_play() -> None:
    pair = Pair(engine(), LuaEngine(game="gofish", seed=3), game="gofish")
    results = list(crosscheck(pair, 12, 3, [2, 3, 5], ["greedy", "random", "easy"]))
    assert all(r.divergence is None for r in results), results[0].divergence
    assert sum(r.actions for r in results) > 300


def _planted(old: str, new: str) -> LuaEngine:
    source = (ROOT / "lua" / "gofish" / "core" / "engine.lua").read_text(encoding="utf-8")
    assert old in source
    return LuaEngine({"gofish.core.engine": source.replace(old, new, 1)}, game="gofish")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("return n[r] == #G.suits end", "return n[r] == #G.suits - 1 end"),  # apply: books of three
        (
            "Steps.opt(rank(c), ranks(rank(c)))",
            "Steps.opt(rank(c), rank(c))",
        ),  # choices only: a rank's label
    ],
    ids=["apply", "choices"],
)
def test_a_planted_bug_is_caught(old: str, new: str) -> None:
    pair = Pair(engine(), _planted(old, new), game="gofish")
    found = [r.divergence for r in crosscheck(pair, 4, 5, [2, 3], ["greedy", "random"])]
    assert any(isinstance(d, Divergence) for d in found)


def test_a_record_replays_in_both_engines(tmp_path) -> None:
    runner = CliRunner()
    made = runner.invoke(main, ["simulate", "gofish", "--games", "1", "--records", str(tmp_path)])
    assert made.exit_code == 0, made.output
    record = next(tmp_path.glob("*.json"))
    assert len(json.loads(record.read_text())["actions"][0]["deck"]) == 52
    both = runner.invoke(main, ["replay", "gofish", str(record), "--engine", "both"])
    assert both.exit_code == 0, both.output
    assert json.loads(both.stdout)["phase"] == "over"


def test_every_game_ends_with_all_books_made() -> None:
    e, game = engine(), games.get("gofish")
    rng = random.Random(5)
    for n in (2, 3, 4, 5):
        s = e.new_game(game.deal(e, n, rng))
        while not e.is_over(s):
            s = e.apply(s, e.play(s, lambda d: game.random_answer(e, d, rng))[0])
        assert sum(len(p["books"]) for p in s["players"]) == 13 and s["winner"]
