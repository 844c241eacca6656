"""The table's bots (docs/bots.md): their Lua and Python twins choose alike, a planted
difference is caught, they read only their own colour's view, and they play whole games at
the headless table, in seats the host gives them before Start or during the game."""

from __future__ import annotations

import json
import random

import pytest

from generator import games
from generator.engines import selfplay
from generator.harness.crosscheck import Pair, crosscheck
from generator.harness.lua_engine import LuaEngine
from generator.harness.play import settle, status
from generator.paths import ROOT

GAMES = games.ids()


def _pair(game: str, overrides: dict[str, str] | None = None) -> Pair:
    rules = games.get(game)
    return Pair(rules.engine(), LuaEngine(overrides, game=game), compare_choices=False, game=game)


@pytest.mark.parametrize("game", GAMES)
def test_the_lua_bots_choose_as_their_python_twins(game):
    results = list(crosscheck(_pair(game), 3, 7, [2, 3, 4], ["strong", "easy"]))
    assert all(r.divergence is None for r in results), results[0].divergence
    assert sum(r.actions for r in results) > 100


# A change to one value each game's bots give, planted in the Lua twin only.
PLANTS = {
    "teg": ("local FACE = { advance = 400,", "local FACE = { advance = 40,"),
    "tem": ('return id == "upgrade" and 100 or', 'return id == "upgrade" and 0 or'),
    "liars": ("return n * bid.quantity - expect(bid.face) - n", "return n * bid.quantity"),
}


def _planted(game: str, text: str) -> str:
    """The bots module with a difference planted: the game's own where PLANTS has one, else
    (a game this file knows nothing of) every value it gives turned round."""
    if game in PLANTS:
        old, new = PLANTS[game]
        assert old in text
        return text.replace(old, new)
    return (
        "local real = (function()\n" + text + "\nend)()\n"
        "return function(data)\n  local bots = real(data)\n  local value = bots.value\n"
        "  bots.value = function(...) return -value(...) end\n  return bots\nend\n"
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_difference_planted_in_a_lua_bot_is_caught(game):
    module = games.get(game).lua_bots
    path = ROOT / "lua" / (module.replace(".", "/") + ".lua")
    text = path.read_text(encoding="utf-8")
    results = list(crosscheck(_pair(game, {module: _planted(game, text)}), 6, 7, [2], ["strong"]))
    found = next(r.divergence for r in results if r.divergence is not None)
    assert found.bot and "the bots disagree" in found.describe()
    assert found.python != found.lua


def _mid_game_states(game: str, n: int = 60) -> list[tuple[dict, str, dict, list[str]]]:
    """(state, colour, decision, path) at every decision of a few actions in a seeded game."""
    rules = games.get(game)
    engine = rules.engine()
    rng = random.Random(3)
    s = engine.new_game(rules.deal(engine, 3, rng))
    out = []
    bots = rules.bots()
    while not engine.is_over(s) and len(out) < n:
        chooser = bots["strong"](engine, s, rng)
        path: list[str] = []
        who = engine.to_act(s)

        def answer(d, chooser=chooser, path=path, who=who, s=s):
            a = chooser(d)
            if "roll" not in d and not (d["name"] == "player" and d["player"] is None):
                out.append((s, d["player"] or who, d, list(path)))
                path.append(a)
            return a

        action, _ = engine.play(s, answer)
        s = engine.apply(s, action)
    return out


def _changed(value):
    """A value of the same shape that differs (a game's secret this file knows nothing of)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, list):
        turned = list(reversed(value))
        return turned if turned != value else [_changed(v) for v in value]
    if isinstance(value, dict):
        return {k: _changed(v) for k, v in value.items()}
    return value


def _others_secrets_changed(game: str, s: dict, color: str, engine) -> dict:
    """`s` with every other colour's secrets (and the deck's order) changed: the game's own
    secrets where this file knows them, else each field of another player that `color`'s
    view does not show as it is."""
    t = json.loads(json.dumps(s))
    if "deck" in t:
        t["deck"] = list(reversed(t["deck"]))
    seen = {p["color"]: p for p in engine.view(s, color)["players"]}
    for p in t["players"]:
        if p["color"] == color:
            continue
        if game == "liars":
            p["faces"] = [7 - f for f in p["faces"]]
        elif game == "teg":
            p["mission"] = "hoarder" if p["mission"] != "hoarder" else "trader"
        elif game == "tem":
            p["program"] = [{"card": "forage", "dir": "N"}] * len(p["program"])
            p["mines"] = [4] * len(p["mines"])
            p["dealt"] = list(reversed(p["dealt"]))
        else:
            shown = seen.get(p["color"], {})
            for key, value in p.items():
                if shown.get(key) != value:
                    p[key] = _changed(value)
    if game == "tem":
        for cell in t["cells"].values():
            if cell["mine"] is not None and cell["mine"]["owner"] != color:
                cell["mine"]["number"] = 5 - cell["mine"]["number"]
    return t


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_decides_the_same_whatever_the_others_secrets(game):
    rules = games.get(game)
    engine = rules.engine()
    lua = LuaEngine(game=game)
    bots = rules.bots()
    checked = 0
    for s, color, d, path in _mid_game_states(game):
        changed = _others_secrets_changed(game, s, color, engine)
        other = next(p["color"] for p in s["players"] if p["color"] != color)
        if engine.view(changed, other) == engine.view(s, other):
            continue  # nothing secret to change here
        assert engine.view(changed, color) == engine.view(s, color)
        for level in ("easy", "strong"):
            x0 = 1 + checked * 7919 % (selfplay.MODULUS - 2)
            want = bots[level].twin(engine, s, color, d, path, x0)
            assert bots[level].twin(engine, changed, color, d, path, x0) == want
            for state in (s, changed):
                assert lua.bot(level, lua.load_state(state), color, d, path, x0) == want
        checked += 1
    assert checked >= 20


def _until_shown(t, color: str, element: str, frames: int = 10) -> None:
    """Step frames until `color` sees `element` (the panels are made over a frame or two
    after a change, then painted)."""
    from generator.harness.tts import ui

    for _ in range(frames):
        t.step(1)
        found = next(((e, ps) for e, ps in ui.walk(t.global_xml) if e.id == element), None)
        if found and ui.shown(found[0], found[1], t.viewer(color)):
            return
    raise AssertionError(f"{color} does not see {element} after {frames} frames")


def _save(game: str) -> dict:
    from generator.build import source_hash
    from generator.paths import CARDS

    saves = [p for p in (ROOT / "build" / game).glob("*.json") if p.name != "build.json"]
    if not saves:
        pytest.skip(f"no built save in {ROOT / 'build' / game}: run `make mod` first")
    (path,) = saves
    save = json.loads(path.read_text(encoding="utf-8"))
    if source_hash(game, CARDS / game) not in save["Note"]:
        pytest.skip(f"{path} is older than the sources: run `make mod` first")
    return save


@pytest.mark.parametrize(("game", "players", "level"), [("teg", 3, "easy"), ("tem", 3, "strong")])
def test_bots_play_whole_games_at_the_table(game, players, level):
    rules = games.get(game)
    runner = rules.build_parts().playtest.PLAYTEST
    colors = list(runner.hooks.colors(rules.engine()))[:players]
    seats = {c: level for c in colors[1:]}
    result = runner.play_game(rules.engine(), _save(game), players, 5, bots=seats)
    assert result.problem is None, result.problem
    assert result.bot_steps > result.clicks  # two bots, one player
    log = result.logs["Grey"]
    for color in seats:
        assert color in log


def test_the_host_hands_a_seat_to_a_bot_and_back_during_a_game():
    """Blue leaves; the host gives Blue's seat to a bot; a player sits at Blue again."""
    rules = games.get("tem")
    engine = rules.engine()
    runner = rules.build_parts().playtest.PLAYTEST
    events: list[str] = []

    def hand_over(t, answers):
        if answers == 40 and "left" not in events:
            t.leave("Player 2")
            _until_shown(t, "Red", "bots:Blue")
            t.click("Red", "bots:Blue")  # an easy bot
            settle(t)
            assert status(t)["bots"] == {"Blue": "easy"}
            events.append("left")
        elif answers >= 60 and "left" in events and "back" not in events:
            t.join("Player 5", "Blue")
            t.step(3)
            settle(t)
            assert not status(t)["bots"]
            events.append("back")
        return t

    result = runner.play_game(engine, _save("tem"), 2, 3, after_answer=hand_over)
    assert result.problem is None, result.problem
    assert events == ["left", "back"]
    assert result.bot_steps > 0
    log = result.logs["Red"]
    assert "gave Blue's seat to a bot (easy)" in log
    assert "Blue sat down: the bot leaves Blue's seat." in log


def test_the_bots_panel_refuses_a_seated_colour():
    from generator.harness.tts.emulator import Table
    from generator.harness.tts.ui import UIError

    t = Table.load(_save("tem"), seed=1)
    t.join("Player 1", "Red", host=True)
    t.join("Player 2", "Blue")
    settle(t)
    with pytest.raises(UIError):  # a seated colour's button is not shown
        t.click("Red", "bots:Blue")
    t.join("Player 3", "Green")
    t.click("Red", "bots:Green")  # the click crossed Green sitting down: refused
    settle(t)
    assert not status(t)["bots"]
    assert any("a bot plays only a seat nobody sits at" in m for m in t.messages("Red"))
    t.leave("Player 3")
    _until_shown(t, "Red", "bots:Green")
    t.click("Red", "bots:Green")
    t.click("Red", "bots:Green")
    settle(t)
    assert status(t)["bots"] == {"Green": "strong"}
    assert t.from_lua(t.call_in("-1", "botTrace", 0)) in ({}, [])


def test_the_bots_panel_keeps_its_handler_as_the_game_moves_on():
    """Its buttons mean the same at every version: no onClick sent again at each change."""
    from generator.harness.tts import ui
    from generator.harness.tts.emulator import Table

    t = Table.load(_save("tem"), seed=1)
    t.join("Player 1", "Red", host=True)
    t.join("Player 2", "Blue")
    t.step(2)
    t.click("Red", "bots:Green")
    t.click("Red", "start:go")
    settle(t)
    assert status(t)["bots"] == {"Green": "easy"} and status(t)["version"] > 2
    handlers = {e.id: e.attributes.get("onClick") for e, _ in ui.walk(t.global_xml)
                if (e.id or "").startswith("bots:") and e.tag == "Button"}  # fmt: skip
    assert "bots:pace" in handlers and "bots:Green" in handlers, handlers
    assert set(handlers.values()) == {"onBots"}, handlers


def test_the_bots_stay_in_their_seats_across_a_save_and_load():
    """A saved game goes on with its bots after a load (mid-decision too)."""
    rules = games.get("tem")
    engine = rules.engine()
    runner = rules.build_parts().playtest.PLAYTEST
    reloaded: list[dict] = []
    done: set[int] = set()

    def reload(t, answers):
        # (called after the bots' steps too: the players' answers stay the same meanwhile)
        if answers in (5, 20, 21, 40) and answers not in done:
            done.add(answers)
            t = t.reload(seed=answers)
            settle(t)
            reloaded.append(status(t)["bots"])
        return t

    seats = {"Blue": "strong", "Green": "easy"}
    result = runner.play_game(engine, _save("tem"), 3, 2, after_answer=reload, bots=seats)
    assert result.problem is None, result.problem
    assert reloaded == [seats] * 4
    assert result.bot_steps > 0
