"""Tiny Epic Mechs: its data, both engines on hand-worked scenarios, cross-checked self-play,
what each colour may see, and the commands."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator import cards, games
from generator.cli import main
from generator.engines.errors import BadPath, IllegalAction, canonical
from generator.games.tem.rules import load_engine
from generator.games.tem.rules.records import deal, play
from generator.harness.crosscheck import Divergence, Pair, crosscheck
from generator.harness.lua_engine import LuaEngine
from generator.paths import CARDS, ROOT

from scenarios import patch, pointer_cases, run_pointer_case

PROGRAM = [{"card": c, "dir": "N"} for c in ("forage", "sowmines", "requisition", "overdrive")]


@pytest.fixture(scope="module")
def lua() -> LuaEngine:
    return LuaEngine(game="tem")


def opening() -> dict[str, Any]:
    """The scenarios' 2-player opening, reached through the setup actions."""
    engine = load_engine()
    rows = engine.d["layouts"][0]["rows"]
    cells = sorted(
        f"r{r + 1}c{c + 1}" for r, row in enumerate(rows) for c, k in enumerate(row) if k == "R"
    )
    setup = {
        "players": ["Red", "Blue"],
        "arena": dict(zip(cells, [z["id"] for z in engine.d["zones"]], strict=False)),
        "pilots_dealt": {"Red": ["korr", "vexa"], "Blue": ["oduya", "quill"]},
        "weapons": [w["id"] for w in engine.d["advanced"]],
    }
    s = engine.new_game(setup)
    for action in (
        {"type": "base", "player": "Blue", "cell": "r1c3"},
        {"type": "base", "player": "Red", "cell": "r5c3"},
        {"type": "pilot", "player": "Blue", "pilot": "oduya"},
        {"type": "pilot", "player": "Red", "pilot": "korr"},
        {"type": "base_mine", "player": "Red", "number": 1},
        {"type": "base_mine", "player": "Blue", "number": 2},
        {"type": "basic", "player": "Red", "weapon": "energysword"},
        {"type": "basic", "player": "Blue", "weapon": "pulsepistol"},
    ):
        s = engine.apply(s, action)
    s["phase"], s["active"] = "execute", "Red"
    for p in s["players"]:
        p["program"], p["programmed"] = [dict(x) for x in PROGRAM], True
    return s


def patched(patches: dict[str, Any]) -> dict[str, Any]:
    return patch(opening(), patches)


@pytest.mark.parametrize("case", pointer_cases("tem"))
@pytest.mark.parametrize("engine_name", ["python", "lua"])
def test_scenario(case: dict[str, Any], engine_name: str, lua: LuaEngine) -> None:
    run_pointer_case(case, patched(case["state"]), load_engine(), lua, engine_name)


def test_engines_agree_on_seeded_self_play() -> None:
    pair = Pair(load_engine(), LuaEngine(game="tem", seed=3), game="tem")
    results = list(crosscheck(pair, 9, 3, [2, 3, 4], ["greedy", "random"]))
    assert all(r.divergence is None for r in results), results[0].divergence
    assert sum(r.actions for r in results) > 500


def _planted(old: str, new: str) -> LuaEngine:
    source = (ROOT / "lua" / "tem" / "core" / "engine.lua").read_text(encoding="utf-8")
    assert old in source
    return LuaEngine({"tem.core.engine": source.replace(old, new, 1)}, game="tem")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # apply: a combat's opening VP is doubled
        ('earn(a, "combat", G.vp.combat_start)', 'earn(a, "combat", 2 * G.vp.combat_start)'),
        # choices only: the equip window's Done reads otherwise (apply is unchanged)
        ('opt("done", tr("Done"))', 'opt("done", "Finish")'),
    ],
    ids=["apply", "choices"],
)
def test_a_planted_bug_is_caught(old: str, new: str) -> None:
    pair = Pair(load_engine(), _planted(old, new), game="tem")
    found = [r.divergence for r in crosscheck(pair, 6, 5, [2, 3, 4], ["greedy", "random"])]
    assert any(isinstance(d, Divergence) for d in found)


def test_each_colour_sees_what_it_may_in_both_engines(lua: LuaEngine) -> None:
    engine = load_engine()
    rng = random.Random(11)
    played = play(engine, deal(engine, 3, rng), ["random"] * 3, rng)
    s = engine.new_game(played.record["setup"])
    checked = 0
    for index, action in enumerate(played.record["actions"]):
        s = engine.apply(s, action)
        if index % 3:
            continue
        for p in s["players"]:
            color = p["color"]
            mine = engine.view(s, color)
            assert mine == lua.view(lua.load_state(s), color)
            assert mine["deck"] == [None] * len(s["deck"])
            for q, shown in zip(s["players"], mine["players"], strict=True):
                if q["color"] == color:
                    assert shown["program"] == q["program"]
                    continue
                assert all(x is None for x in shown["program"]), "a programmed card leaked"
                assert all(x is None for x in shown["mines"] + shown["dealt"])
                assert shown["chosen"] in (None, True)
            for cid, cell in mine["cells"].items():
                m = cell["mine"]
                if m is not None and m["owner"] != color:
                    assert m["number"] is None, f"{color} sees the mine number at {cid}"
            checked += 1
    assert checked > 50


def test_advance_is_choices_then_apply_in_both_engines(lua: LuaEngine) -> None:
    """advance(state, path): the decision and the action part way (the table shows it) while
    the path is short, else the action and the state apply gives it (the table's glue
    completes actions with it); both engines agree on every part-way state."""
    engine = load_engine()
    rng = random.Random(5)
    played = play(engine, deal(engine, 4, rng), ["greedy"] * 4, rng)
    s = engine.new_game(played.record["setup"])
    fights = 0
    for action in played.record["actions"][:80]:
        path = engine.path_of(s, action)
        ls = lua.load_state(s)
        nxt = engine.apply(s, action)
        for k in range(len(path) + 1):
            want = engine.choices(s, path[:k])
            got, lua_got = engine.advance(s, path[:k]), lua.advance(ls, path[:k])
            if want["complete"]:
                want = {**want, "state": nxt}
                assert got == want
                assert lua_got == want
                continue
            assert got["decision"] == want["decision"] == lua_got["decision"]
            assert canonical(lua_got["state"]) == canonical(got["state"])
            if want["decision"]["name"] == "attack":
                # part way, the fight is where it happens: both sides in one zone
                sides = set(want["decision"]["exhausted"])
                zones = {p["zone"] for p in got["state"]["players"] if p["color"] in sides}
                assert len(sides) == 2 and len(zones) == 1, (sides, zones)
                fights += 1
        s = nxt
    assert fights > 0
    with pytest.raises(BadPath):
        engine.advance(s, [*engine.path_of(s, played.record["actions"][80]), "extra"])


def test_an_action_whose_fields_do_not_match_its_decisions_is_refused_by_both(
    lua: LuaEngine,
) -> None:
    engine = load_engine()
    rng = random.Random(6)
    played = play(engine, deal(engine, 3, rng), ["greedy"] * 3, rng)
    s = engine.new_game(played.record["setup"])
    for action in played.record["actions"]:
        if action["type"] == "execute" and action["decisions"]:
            break
        s = engine.apply(s, action)
    ls = lua.load_state(s)
    assert lua.encode(lua.apply(ls, action)) == canonical(engine.apply(s, action))
    other = next(p["color"] for p in s["players"] if p["color"] != action["player"])
    for bad in ({**action, "extra": 1}, {**action, "player": other}, {**action, "type": "base"}):
        with pytest.raises(IllegalAction) as py:
            engine.apply(s, bad)
        with pytest.raises(IllegalAction) as lu:
            lua.apply(ls, bad)
        assert py.value.reason == lu.value.reason, bad
    with pytest.raises(IllegalAction, match="fields do not match"):
        lua.apply(ls, {**action, "extra": 1})
    # another player's turn is refused by the rule, naming whose turn it is
    with pytest.raises(IllegalAction, match=f"it is {action['player']}'s turn, not {other}'s"):
        lua.apply(ls, {**action, "player": other})


def test_validate_tem_counts_the_placeholders() -> None:
    result = CliRunner().invoke(main, ["validate", "tem"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("ok: tem: 21 zones, 8 program cards, 32 weapons, 8 pilots")
    count = int(lines[1].split()[1])
    assert lines[1].startswith("placeholders: ") and count == cards.load("tem").placeholders
    assert count > 50


def test_a_bad_arena_is_located(tmp_path: Path) -> None:
    copy = tmp_path / "tem"
    shutil.copytree(CARDS / "tem", copy)
    arena = copy / "arena.yaml"
    arena.write_text(arena.read_text().replace('"..B.."', '"....."', 1), encoding="utf-8")
    report = cards.validate(copy)
    assert [(p.code, p.pointer) for p in report.problems] == [("ARENA", "/layouts/0/rows")]
    assert "1 base slot(s) (B) for 2 players" in report.problems[0].message
    assert report.problems[0].file.endswith("arena.yaml") and report.problems[0].line


def test_a_resource_cap_below_the_start_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "mytem"
    shutil.copytree(CARDS / "tem", copy)
    game = copy / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "resource_cap: {value: 10" in text
    game.write_text(text.replace("resource_cap: {value: 10", "resource_cap: {value: 2"), "utf-8")
    report = cards.validate(copy, "tem")
    found = [(p.code, p.pointer, p.message) for p in report.problems]
    assert ("SETUP", "/resource_cap", "the track's cap 2 is below the 3 energy each player "
            "starts with") in found, found  # fmt: skip
    assert report.problems[0].file.endswith("game.yaml") and report.problems[0].line


def test_the_placeholder_note_names_the_folder_it_read(tmp_path: Path) -> None:
    copy = tmp_path / "mytem"
    shutil.copytree(CARDS / "tem", copy)
    result = CliRunner().invoke(main, ["validate", str(copy), "--game", "tem"])
    assert result.exit_code == 0, result.output
    note = result.output.splitlines()[1]
    assert "mytem are ours" in note and "cards/tem" not in note, note


def test_games_lists_both_with_their_tables() -> None:
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0
    assert "teg (default): Tiny Epic Galaxies, 2-5 players; table: yes" in result.output
    assert "tem: Tiny Epic Mechs, 2-4 players; table: yes" in result.output


def test_a_game_without_a_table_builds_nothing_and_says_so(monkeypatch, tmp_path: Path) -> None:
    """A game with rules but no table yet (as Tiny Epic Mechs was): build stops, named."""

    def no_table() -> None:
        raise games.NoTable("Tiny Epic Mechs has no table yet")

    monkeypatch.setattr(games.get("tem"), "build_parts", no_table)
    monkeypatch.setattr("generator.paths.BUILD", tmp_path / "build")
    result = CliRunner().invoke(main, ["build", "tem"])
    assert result.exit_code != 0
    assert "no table yet" in result.output + (result.stderr or "")
    assert not (tmp_path / "build" / "tem").exists()


def test_replay_tem_prints_the_state_the_rules_name(tmp_path: Path) -> None:
    engine = load_engine()
    rng = random.Random(2)
    played = play(engine, deal(engine, 2, rng), ["greedy"] * 2, rng)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(played.record), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", "tem", str(record), "--engine", "both"])
    assert result.exit_code == 0, result.output
    final = json.loads(result.stdout)  # (the score by category follows on stderr)
    assert final["phase"] == "over" and final["round"] == 6
    assert "Final score: zones + combat + KOs + Mighty Mech + weapons = VP" in result.stderr
    assert [r["color"] for r in final["ranking"]] == [r["color"] for r in played.final["ranking"]]
    assert {"color", "vp", "health", "status", "zone", "equipped", "stockpile", "mines"} <= set(
        final["players"][0]
    )


def test_a_bad_path_is_refused_with_the_decision_named() -> None:
    engine = load_engine()
    with pytest.raises(BadPath, match="'nowhere' is not an option of the decision 'base'"):
        engine.choices(opening() | {"phase": "base", "active": "Red"}, ["nowhere"])


@pytest.mark.parametrize("engine_name", ["python", "lua"])
def test_setup_order_and_secret_picks(engine_name: str, lua: LuaEngine) -> None:
    """Bases from the starter's right counter-clockwise, starter last; pilots in any order."""
    python = load_engine()
    engine: Any = python if engine_name == "python" else lua
    rng = random.Random(4)
    setup = deal(python, 3, rng)  # Red, Blue, Green: Green (Red's right) chooses first
    s = engine.new_game(setup)
    base = engine.choices(s, [])["decision"]
    assert (base["name"], base["player"]) == ("base", "Green")
    with pytest.raises(IllegalAction):
        engine.apply(s, {"type": "base", "player": "Red", "cell": base["options"][0]["id"]})
    for color in ("Green", "Blue", "Red"):
        cell = engine.choices(s, [])["decision"]["options"][0]["id"]
        s = engine.apply(s, {"type": "base", "player": color, "cell": cell})
    first = engine.choices(s, [])["decision"]
    assert (first["name"], first["player"]) == ("player", None)
    assert [o["id"] for o in first["options"]] == ["Red", "Blue", "Green"]
    kept = setup["pilots_dealt"]["Blue"][1]
    s = engine.apply(s, {"type": "pilot", "player": "Blue", "pilot": kept})
    options = engine.choices(s, [])["decision"]["options"]
    assert [o["id"] for o in options] == ["Red", "Green"]  # Blue has kept; any order for the rest
    red_sees = engine.view(s, "Red")
    blue = red_sees["players"][1]
    assert blue["chosen"] is True and blue["pilot"] is None
    assert kept not in json.dumps(red_sees)


def test_every_state_and_view_fits_the_state_schema() -> None:
    from generator.schemas import errors, schema_path

    engine = load_engine()
    rng = random.Random(6)
    played = play(engine, deal(engine, 4, rng), ["random", "greedy"] * 2, rng)
    s = engine.new_game(played.record["setup"])
    states = [s]
    for action in played.record["actions"]:
        s = engine.apply(s, action)
        states.append(s)
    path = schema_path("tem", "state")
    for index, state in enumerate(states[::5]):
        for shown in (state, engine.view(state, "Blue")):
            found = [e.message for e in errors(shown, path)]
            assert not found, f"state {index * 5}: {found[:3]}"
    bad = {**states[-1], "phase": "lunch"}
    assert list(errors(bad, path))  # the schema is not empty


def test_simulate_tem_reports_win_rates_by_seat_and_pilot() -> None:
    args = ["simulate", "tem", "--games", "4", "--players", "2", "--seed", "3"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    assert "win rate by seat" in first.output and "win rate by pilot" in first.output
    assert first.output == CliRunner().invoke(main, args).output  # the same seed, the same games
    wrong = CliRunner().invoke(main, ["simulate", "tem", "--players", "5"])
    assert wrong.exit_code == 2 and "--players must be 2-4" in wrong.output


def test_the_lua_core_passes_the_moonsharp_lint() -> None:
    from generator.luabuild.bundle import Module, collect, write_bundle
    from generator.luabuild.lint import lint_bundle
    from generator.luabuild.scripts import shipped_data_module

    root = Module("__root", 'return require("tem.core.engine")\n', "lua/tem/core/root.lua")
    bundle = write_bundle(collect(root, ROOT / "lua", {"tem.data": shipped_data_module("tem")}))
    assert {m.origin for m in bundle.modules} >= {"lua/tem/core/engine.lua", "lua/lib/json.lua"}
    assert lint_bundle(bundle) == []


def test_a_weapon_card_words_one_credit_in_the_singular() -> None:
    from generator.games.tem.render.words import ability

    units = load_engine().g["units"]
    assert ability({"kind": "gain", "resource": "credits", "n": 1}, units) == (
        "After attacking: gain 1 credit."
    )
    drain = ability({"kind": "drain", "resource": "credits", "n": 1}, units)
    assert drain.endswith("loses 1 credit.")
    gain = ability({"kind": "gain", "resource": "credits", "n": 2}, units)
    assert gain.endswith("gain 2 credits.")
