"""The headless TTS (generator/harness/tts): each behaviour with the source it comes from.

Sources: api.json and the other files of ../shared/tts (TABLE-AUTOMATION.md = TA, with its
section), and the real saves. Scripts run under the MoonSharp profile, so its strictness
(pairs order, string.format, table.remove) holds inside the emulator too.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from generator.games.teg.rules import canonical, load_engine
from generator.games.teg.rules.records import deal, play
from generator.harness.play import settle
from generator.harness.tts import ScriptError, Strictness, Table, emulator
from generator.harness.tts.emulator import handle_members
from generator.harness.tts.ui import UIError

FACES = [("move", -90, 0), ("energy", 0, 0), ("culture", 0, -90), ("diplomacy", 0, 90),
         ("economy", 0, -180), ("utilize", 90, 0)]  # fmt: skip


def die(guid="d1e000", x=0.0):
    return {
        "GUID": guid,
        "Name": "Custom_Dice",
        "Nickname": "Die",
        "Transform": {"posX": x, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 0, "rotZ": 0,
                      "scaleX": 1, "scaleY": 1, "scaleZ": 1},
        "RotationValues": [
            {"Value": f, "Rotation": {"x": rx, "y": 0, "z": rz}} for f, rx, rz in FACES
        ],
    }  # fmt: skip


def zone(guid="a00000", x=10.0, kind="ScriptingTrigger", color=None):
    data = {
        "GUID": guid,
        "Name": kind,
        "Nickname": "Bay" if color is None else f"{color} hand",
        "Transform": {"posX": x, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 0, "rotZ": 0,
                      "scaleX": 4, "scaleY": 4, "scaleZ": 4},
    }  # fmt: skip
    if color:
        data["FogColor"] = color
    return data


def deck(n=5):
    cards = [
        {"GUID": f"c{i:05d}", "Name": "Card", "Nickname": f"Card {i}", "CardID": 100 + i,
         "Hands": True, "Transform": {"posX": 0, "posY": 1, "posZ": 5}}
        for i in range(n)
    ]  # fmt: skip
    return {
        "GUID": "decc00",
        "Name": "DeckCustom",
        "Nickname": "Deck",
        "Transform": {"posX": 0, "posY": 1, "posZ": 5, "rotX": 0, "rotY": 180, "rotZ": 180},
        "DeckIDs": [c["CardID"] for c in cards],
        "ContainedObjects": cards,
    }


def table(script="", xml="", objects=(), seed=3, state=""):
    return Table.load(
        {"LuaScript": script, "LuaScriptState": state, "XmlUI": xml, "ObjectStates": list(objects)},
        seed=seed,
    )


@pytest.fixture(scope="module")
def built(built_game):
    return built_game("teg").read_save()


# --- loading, saving ---------------------------------------------------------------------------


def test_our_build_loads_and_round_trips_unchanged(built):
    """SAVE-FORMAT.md: a save is the table; writing it back and loading it again changes nothing."""
    first = Table.load(built).save()
    assert [o["GUID"] for o in first["ObjectStates"]] == [o["GUID"] for o in built["ObjectStates"]]
    assert first["ObjectStates"] == built["ObjectStates"]  # positions, flags, dice faces kept
    second = Table.load(first).save()
    assert second == first


def test_the_global_script_replays_a_real_record_and_saves_it(built):
    """Our Global: onLoad(saved record) replays it; onSave returns it (TA §1.6)."""
    engine = load_engine()
    rng = random.Random("emulator-record")
    record = play(engine, deal(engine, 3, rng), ["greedy"] * 3, rng).record
    save = {**built, "LuaScriptState": canonical(record)}
    t = Table.load(save, seed=1)
    assert t.save()["LuaScriptState"] == canonical(record)  # while it loads, as it was
    settle(t)  # the table reads a save over a few frames
    assert not t.messages("Red")  # nothing was refused
    saved = t.save()["LuaScriptState"]
    # The record as given, then the table's own section (its resume point) as the last key.
    assert saved.startswith(canonical(record)[:-1] + ',"table":')
    assert {k: v for k, v in json.loads(saved).items() if k != "table"} == record
    # the replay ran in Lua, counted, a frame at a time
    assert sum(t.costs["Wait.frames callback"].instructions) > 100_000


def test_every_real_save_loads(shared):
    """real-saves/: other people's saves, with their containers, zones and script stubs."""
    for path in sorted((shared / "tts" / "real-saves").glob("*.json")):
        save = json.loads(path.read_text(encoding="utf-8"))
        t = Table.load(save)
        assert len(t.things) == len(save["ObjectStates"]), path.name
        t.step(2)
        assert Table.load(t.save()).save()["ObjectStates"] == t.save()["ObjectStates"]


def test_save_and_play_skips_onsave_and_rewind_loads_a_checkpoint():
    """api events.md: onSave runs on saves, autosaves and rewind checkpoints; not on Save & Play."""
    script = """
count = 0
function onLoad(state) count = tonumber(state) or 0 end
function onSave() return tostring(count) end
function bump() count = count + 1 end
"""
    t = table(script, state="5")
    t.autosave_every = 1.0
    t.call_in("-1", "bump")
    t.run(1)  # a checkpoint: onSave ran, "6" kept
    assert t.snapshots[-1]["LuaScriptState"] == "6"
    t.call_in("-1", "bump")
    played = t.save_and_play()  # no onSave: the script state is the last saved one
    assert played.global_state == "6" and played.call_in("-1", "onSave") == "6"
    rewound = t.rewind()
    assert rewound.call_in("-1", "onSave") == "6"


# --- strictness --------------------------------------------------------------------------------


def test_an_unknown_global_fails_naming_it():
    """api.json lists every global; anything else is a bug in the script."""
    with pytest.raises(Strictness, match="'getObjectFromGuid'"):
        table("function onLoad() getObjectFromGuid('x') end")


@pytest.mark.parametrize("call", ["table.concat({{}}, ',')", "string.rep({}, 2)"])
def test_an_error_in_a_function_tts_runs_in_csharp_names_the_callers_line(call):
    """MoonSharp names the script's line for an error its C# raises; our model of those
    functions (generator/harness/moonsharp.py) is Lua of its own, whose lines are no script's
    (once read as the bundle's line 892, and so as the wrong source file)."""
    with pytest.raises(ScriptError) as err:
        table(f"function onLoad()\n  local x = 1\n  local y = {call}\n  return y\nend")
    assert re.match(r"-1: onLoad: Global:3: ", str(err.value)), str(err.value)


def test_an_invented_member_fails_naming_it():
    """api.json object_members: a member TTS lacks is refused, even on a real object."""
    with pytest.raises(Strictness, match="'getFace'"):
        table("function onLoad() getObjectFromGUID('d1e000').getFace() end", objects=[die()])


def test_a_member_tts_has_but_the_emulator_lacks_fails_loudly(shared):
    """The emulator models part of the API; the rest fails as 'not modelled', never silently."""
    with pytest.raises(Strictness, match=r"'addForce'.*not modelled"):
        table(
            "function onLoad() getObjectFromGUID('d1e000').addForce({0,1,0}) end", objects=[die()]
        )
    with pytest.raises(Strictness, match=r"'Lighting'.*not modelled"):
        table("function onLoad() Lighting.apply() end")
    with pytest.raises(Strictness, match=r"'setNotes'.*not modelled"):
        table("function onLoad() Notes.setNotes('x') end")


def test_objects_are_userdata_called_with_dots():
    """api.json notes: objects are dot-called; obj:getName() passes obj as an extra argument."""
    t = table(
        "function kind() return type(getObjectFromGUID('d1e000')) end\n"
        "function colon() return getObjectFromGUID('d1e000'):getName() end",
        objects=[die()],
    )
    assert t.call_in("-1", "kind") == "userdata"
    with pytest.raises(Strictness, match="called with ':'"):
        t.call_in("-1", "colon")


def test_a_destroyed_objects_handle_refuses_members():
    """TA §1.11: handles outlive objects; isDestroyed answers, anything else fails."""
    t = table(
        "function go() local d = getObjectFromGUID('d1e000'); destroyObject(d)\n"
        "  return d.isDestroyed(), getObjectFromGUID('d1e000') end\n"
        "function late() return keep.getName() end\nkeep = nil\n"
        "function hold() keep = getObjectFromGUID('d1e000') end",
        objects=[die()],
    )
    t.call_in("-1", "hold")
    assert t.call_in("-1", "go") == (True, None)  # isDestroyed, and getObjectFromGUID gives nil
    with pytest.raises(ScriptError, match="destroyed"):
        t.call_in("-1", "late")


def test_moonsharp_rules_hold_inside_the_emulator():
    """LUA-AND-MOONSHARP.md: %s takes strings and numbers only; table.remove({}, 1) fails."""
    with pytest.raises(ScriptError, match="string expected"):
        table("function onLoad() print(string.format('%s', {})) end")
    with pytest.raises(ScriptError, match="position out of bounds"):
        table("function onLoad() table.remove({}, 1) end")


def test_pairs_order_is_not_something_to_rely_on():
    """LUA-AND-MOONSHARP.md: pairs order is unspecified; the profile shuffles it per seed."""
    script = (
        "function order() local t, out = {}, {} for i = 1, 12 do t['k' .. i] = i end\n"
        "for k in pairs(t) do out[#out + 1] = k end return table.concat(out, ',') end"
    )
    orders = {table(script, seed=s).call_in("-1", "order") for s in range(5)}
    assert len(orders) > 1


def test_the_emulators_surface_is_part_of_the_api(shared):
    """api.json both ways: nothing the emulator gives scripts is missing from it."""
    data = json.loads((shared / "tts" / "api.json").read_text(encoding="utf-8"))
    tables = {n: e.get("members", {}) for n, e in data["globals"].items() if e["kind"] == "table"}
    for name in Table.global_functions():
        assert name in data["globals"], name
    for where, members in handle_members():
        known = {
            "object": data["object_members"],
            "player": data["player_instance_members"],
        }.get(where) or tables[where]
        # obj.UI is named in api.json's note on UI ("object UI is obj.UI"), not in its members.
        noted = {"UI"} if where == "object" and "obj.UI" in data["globals"]["UI"]["note"] else set()
        invented = sorted(m for m in members if m not in known and m not in noted)
        assert not invented, f"{where}: {invented} are not in api.json"
    events = set(data["events"])
    # Every event the emulator fires (in any of its files) is a TTS event.
    folder = Path(emulator.__file__).parent
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")))
    fired = set(re.findall(r'fire(?:_at)?\((?:[^,()]+, )?"(\w+)"', text))
    assert len(fired) > 10 and fired <= events, sorted(fired - events)


# --- time -------------------------------------------------------------------------------------


def test_waits_run_on_the_frame_clock():
    """api wait.md: frames, time (repetitions, -1 forever), condition (timeout), stop."""
    script = """
log = {}
ready = false
function onLoad()
  Wait.frames(function() log[#log + 1] = "f" .. Time.time * 60 end, 3)
  local id = Wait.time(function() log[#log + 1] = "t" end, 0.5, -1)
  Wait.time(function() Wait.stop(id) end, 1.6)
  Wait.condition(function() log[#log + 1] = "c" end, function() return ready end)
  Wait.condition(function() end, function() return false end, 1, function() log[#log + 1] = "x" end)
end
function text() return table.concat(log, " ") end
"""
    t = table(script)
    t.run(1)
    assert t.call_in("-1", "text") == "f3 t t x"
    t.envs["-1"].ready = True
    t.run(1)
    assert t.call_in("-1", "text") == "f3 t t x c t"  # c at once; t at 1.5 s; stopped at 1.6


def test_coroutines_resume_once_per_frame():
    """api base.md startLuaCoroutine: a coroutine runs until it yields, then each frame."""
    script = """
steps = 0
function worker() for i = 1, 3 do steps = steps + 1; coroutine.yield(0) end return 1 end
function onLoad() startLuaCoroutine(Global, "worker") end
"""
    t = table(script)
    assert t.envs["-1"].steps == 1
    t.step(5)
    assert t.envs["-1"].steps == 3


# --- dice -------------------------------------------------------------------------------------


def test_a_rolled_die_tumbles_then_rests_on_a_seeded_face():
    """TA §1.1: right after roll() resting is false; about 2 s later it rests on a face."""
    t = table(objects=[die()], seed=5)
    d = t.handle(t.things["d1e000"])
    d.lua_get("roll")()
    assert d.lua_get("resting") is False
    t.run_until(lambda: d.lua_get("resting"), seconds=3)
    assert 1.0 <= t.time <= 2.5
    face = d.lua_get("getRotationValue")()
    assert face in [f for f, _, _ in FACES] and d.lua_get("getValue")() == face
    again = table(objects=[die()], seed=5)
    again.handle(again.things["d1e000"]).lua_get("roll")()
    again.run(3)
    assert again.handle(again.things["d1e000"]).lua_get("getRotationValue")() == face


def test_a_cocked_die_still_answers_a_face_and_a_tilt_check_sees_it():
    """api object.md getRotationValue: the face closest to up; TA §1.1: 1 in 400 lands cocked."""
    t = table(objects=[die()], seed=2)
    t.cocked_chance = 1.0
    d = t.handle(t.things["d1e000"])
    d.lua_get("roll")()
    t.run(3)
    assert d.lua_get("getRotationValue")() in [f for f, _, _ in FACES]
    assert 20 <= t.things["d1e000"].tilt <= 40
    up = d.lua_get("getTransformUp")()
    assert up.y < 0.95  # a tilt check (angle to world up) sees it
    d.lua_get("setRotationValue")("utilize")
    t.run(1)
    assert d.lua_get("getRotationValue")() == "utilize" and t.things["d1e000"].tilt == 0


def test_set_rotation_value_is_an_animation_during_which_a_roll_does_nothing():
    """api object.md setRotationValue: the die is "elevated (smooth moved upward), smoothly
    rotated ... and then released to fall back into place"; until it rests again it is not
    resting and shows its old face, and a throw does not toss it."""
    t = table(objects=[die()])
    d = t.handle(t.things["d1e000"])
    before = d.lua_get("getRotationValue")()
    d.lua_get("setRotationValue")("utilize")
    assert d.lua_get("resting") is False and d.lua_get("getRotationValue")() == before
    assert d.lua_get("roll")() is False and t.things["d1e000"].tumbling == 0
    t.run(1)
    assert d.lua_get("resting") is True and d.lua_get("getRotationValue")() == "utilize"
    assert d.lua_get("roll")() is True


def test_a_die_smooth_moving_or_held_is_not_thrown():
    """api object.md setPositionSmooth/isSmoothMoving; held_by_color: a throw of a die that
    glides or that a player holds does not toss it."""
    t = table(objects=[die()])
    d = t.handle(t.things["d1e000"])
    d.lua_get("setPositionSmooth")(t.vector([3, 1, 0]))
    assert d.lua_get("roll")() is False and d.lua_get("resting") is False
    t.run(1)
    assert d.lua_get("resting") is True
    t.pick_up("Red", "d1e000")
    assert d.lua_get("held_by_color") == "Red" and d.lua_get("roll")() is False


def test_shaking_fires_randomize_repeatedly_and_try_can_veto():
    """api events.md tryObjectRandomize (Global) vetoes; TA §1.1: randomize fires while shaken."""
    script = """
shakes = 0
veto = false
function tryObjectRandomize(obj, color) return not veto end
function onObjectRandomize(obj, color) shakes = shakes + 1 end
"""
    t = table(script, objects=[die()])
    assert t.shake("Red", "d1e000", frames=30) is True
    assert t.envs["-1"].shakes == 3 and t.things["d1e000"].resting is False
    t.envs["-1"].veto = True
    assert t.shake("Red", "d1e000") is False and t.envs["-1"].shakes == 3


# --- objects, zones, containers, buttons --------------------------------------------------------


def test_zones_report_what_enters_and_leaves():
    """api events.md onObjectEnterZone(zone, object) / onObjectLeaveZone; zone.getObjects."""
    script = """
seen = {}
function onObjectEnterZone(z, o) seen[#seen + 1] = "in " .. o.getGUID() end
function onObjectLeaveZone(z, o) seen[#seen + 1] = "out " .. o.getGUID() end
function inside() return #getObjectFromGUID("a00000").getObjects() end
function text() return table.concat(seen, ",") end
"""
    t = table(script, objects=[die(), zone()])
    t.pick_up("Red", "d1e000")
    t.drop("Red", "d1e000", [10, 1, 0])
    t.step()
    assert t.call_in("-1", "inside") == 1
    t.handle(t.things["d1e000"]).lua_get("setPositionSmooth")(t.vector([0, 1, 0]))
    assert t.handle(t.things["d1e000"]).lua_get("isSmoothMoving")() is True
    t.run(1)
    assert t.call_in("-1", "text") == "in d1e000,out d1e000"


def test_locked_objects_cannot_be_picked_up():
    """api object.md locked; TA §1.2: interactable=false blocks the mouse only."""
    t = table(objects=[{**die(), "Locked": True}])
    with pytest.raises(ValueError, match="cannot be picked up"):
        t.pick_up("Red", "d1e000")


def test_decks_take_deal_put_and_shuffle():
    """api object.md takeObject (0-based index; taking the second-to-last ends a deck), deal."""
    script = """
function take() local card = getObjectFromGUID("decc00").takeObject({index = 1})
  return card.getName() end
function count() return getObjectFromGUID("decc00").getQuantity() end
function putBack(guid) getObjectFromGUID("decc00").putObject(getObjectFromGUID(guid)) end
function inHand() return #Player.Red.getHandObjects() end
"""
    t = table(script, objects=[deck(5), zone("ha0000", x=20, kind="HandTrigger", color="Red")])
    t.join("Ann", "Red")
    assert t.call_in("-1", "take") == "Card 1" and t.call_in("-1", "count") == 4
    d = t.handle(t.things["decc00"])
    d.lua_get("deal")(2, "Red")
    assert t.hands("Red")["Red"] == ["Card 0", "Card 2"]
    assert t.hands("Blue")["Red"] == ["?", "?"] and t.hands("Black")["Red"] == ["Card 0", "Card 2"]
    assert t.call_in("-1", "inHand") == 2
    t.call_in("-1", "putBack", "c00001")  # level with the deck: it goes in at the bottom
    assert t.call_in("-1", "count") == 3 and t.things["decc00"].contents[-1]["GUID"] == "c00001"
    order = [c["Nickname"] for c in t.things["decc00"].contents]
    d.lua_get("shuffle")()
    assert sorted(c["Nickname"] for c in t.things["decc00"].contents) == sorted(order)
    d.lua_get("takeObject")()
    assert not t.things["decc00"].destroyed
    d.lua_get("takeObject")()  # 2 left -> taking one ends the deck; the last card remains
    assert t.things["decc00"].destroyed
    assert sum(1 for x in t.things.values() if x.type_name == "Card" and not x.destroyed) == 5


def test_buttons_call_their_function_with_object_color_and_alt():
    """api object.md createButton; TA §1.10: click_function(obj, player_color, alt_click)."""
    script = """
got = nil
function onLoad() self.createButton({click_function = "pressed", function_owner = self,
  label = "Go", position = {0, 1, 0}, width = 200, height = 100}) end
function pressed(obj, color, alt) got = color .. tostring(alt) end
"""
    obj = {**die("b00000"), "LuaScript": script}
    t = table(objects=[obj])
    t.click_button("Blue", "b00000", 0, alt=True)
    assert t.envs["b00000"].got == "Bluetrue"
    with pytest.raises(UIError, match="spectators"):
        t.click_button("Grey", "b00000")


# --- UI and players --------------------------------------------------------------------------


XML = (
    '<Panel id="panel"><Button id="go" onClick="pressed">Go</Button>'
    '<Button id="redOnly" visibility="Red|Host" onClick="pressed(red)">Mine</Button>'
    '<Text id="off" active="false">hidden</Text></Panel>'
)
UI_SCRIPT = """
calls = {}
function pressed(player, value, id)
  calls[#calls + 1] = player.color .. ":" .. value .. ":" .. id
end
function text() return table.concat(calls, " ") end
"""


def test_visibility_is_evaluated_per_player():
    """api ui/attributes.md: a | list of colours, Host, Admin, teams; empty means everyone."""
    t = table(UI_SCRIPT, XML)
    t.join("Ann", "Blue", host=True)
    t.join("Bob", "Red")
    t.join("Cid", "Green")
    assert "#redOnly" in t.dump("Red") and "#redOnly" in t.dump("Blue")  # Blue is the host
    assert "#redOnly" not in t.dump("Green") and "#off" not in t.dump("Red")
    with pytest.raises(UIError, match="cannot see"):
        t.click("Green", "redOnly")


def test_a_click_calls_the_handler_with_player_value_and_id():
    """TA §5: fn(player, value, id); a plain click passes "-1", fn(arg) passes arg."""
    t = table(UI_SCRIPT, XML)
    t.join("Bob", "Red")
    t.join("Dee", "Grey")  # spectators can click XmlUI (TA §1.3)
    t.click("Red", "go")
    t.click("Red", "redOnly")
    t.click("Grey", "go")
    assert t.call_in("-1", "text") == "Red:-1:go Red:red:redOnly Grey:-1:go"


def test_setxml_is_asynchronous_and_attributes_change_what_players_see():
    """api ui.md: setXml applies later (UI.loading); setAttribute/show/hide/setValue."""
    script = """
function swap() UI.setXml('<Text id="a">new</Text>') return UI.loading end
function reveal() UI.setAttribute("off", "active", true) UI.setValue("off", "shown") end
"""
    t = table(script, XML)
    t.join("Bob", "Red")
    t.call_in("-1", "reveal")
    assert "#off 'shown'" in t.dump("Red")
    assert t.call_in("-1", "swap") is True and "#panel" in t.dump("Red")
    t.step()
    assert t.dump("Red") == "Text #a 'new'"


def test_players_join_change_colour_and_leave_with_tts_events():
    """api events.md onPlayerChangeColor(color): on a pick, a change, and "Grey" on leaving."""
    script = """
log = {}
function onPlayerChangeColor(color) log[#log + 1] = color end
function onPlayerConnect(p) log[#log + 1] = "+" .. p.steam_name end
function onPlayerDisconnect(p) log[#log + 1] = "-" .. p.steam_name end
function seated() return #getSeatedPlayers() end
function text() return table.concat(log, " ") end
"""
    t = table(script)
    t.join("Ann", "Red")
    assert t.change_color("Ann", "Blue") is True
    t.join("Bob", "Blue")  # taken: Bob stays a spectator
    assert t.players["Bob"].color == "Grey" and t.call_in("-1", "seated") == 1
    t.leave("Ann")
    assert t.call_in("-1", "text") == "+Ann Red Blue +Bob Grey -Ann"


def test_turns_and_their_quirks():
    """TA §1.5: onPlayerTurn needs Turns.enable, may come twice or late; standing up ends turns."""
    script = """
turns = {}
function onPlayerTurn(p, prev) turns[#turns + 1] = p.color end
function setTurn(c) Turns.turn_color = c end
function text() return table.concat(turns, " ") end
"""
    t = table(script)
    t.join("Ann", "Red")
    t.call_in("-1", "setTurn", "Red")  # turns off: nothing fires
    t.turns["enable"] = True
    t.call_in("-1", "setTurn", "Red")  # the same colour again still fires
    t.quirks["turn_event_twice"] = True
    t.call_in("-1", "setTurn", "Blue")
    t.quirks.update(turn_event_twice=False, turn_event_delay=3)
    t.call_in("-1", "setTurn", "Red")
    assert t.call_in("-1", "text") == "Red Blue Blue"
    t.step(3)
    assert t.call_in("-1", "text") == "Red Blue Blue Red"
    t.quirks["stand_up_ends_turns"] = True
    t.change_color("Ann", "Grey")
    assert t.turns["enable"] is False


def test_chat_is_recorded_per_recipient():
    """api base.md: print (host only), printToAll, printToColor, broadcastToColor."""
    script = """
function talk()
  print("dbg") printToAll("all") printToColor("red", "Red") broadcastToColor("b", "Blue")
end
"""
    t = table(script)
    t.join("Ann", "Red", host=True)
    t.join("Bob", "Blue")
    t.call_in("-1", "talk")
    assert t.messages("Red") == ["dbg", "all", "red"]
    assert t.messages("Blue") == ["all", "b"]


def test_the_cost_report_counts_instructions_time_and_api_calls():
    """The issue's cost: per handler wall time and VM instructions; API calls by name."""
    t = table(
        "function onLoad() for i = 1, 50 do getObjectFromGUID('d1e000') end end", objects=[die()]
    )
    assert t.calls["getObjectFromGUID"] == 50
    assert t.costs["onLoad"].instructions[0] > 200
    assert "onLoad: 1 runs" in t.report() and "API getObjectFromGUID: 50" in t.report()


def test_every_api_name_the_emulator_lacks_fails_loudly(shared):
    """api.json the other way: every name it lists is modelled or refused as 'not modelled'."""
    data = json.loads((shared / "tts" / "api.json").read_text(encoding="utf-8"))
    t = table("function read(x) return x end", objects=[die()])
    get_global = t.lua.eval("function(env, k) return function() return env[k] end end")
    get_member = t.lua.eval("function(o, k) return function() return o[k] end end")
    checked = 0
    for name in sorted(set(data["globals"]) - Table.global_functions() - {"self"}):
        with pytest.raises(Strictness, match="not modelled"):
            get_global(t.envs["-1"], name)()
        checked += 1
    members = dict(handle_members())
    obj = t.handle(t.things["d1e000"])
    for name in sorted(set(data["object_members"]) - members["object"]):
        with pytest.raises(Strictness, match="not modelled"):
            get_member(obj, name)()
        checked += 1
    assert checked > 150
    # A partly modelled function refuses the part it would ignore.
    with pytest.raises(Strictness, match="parameter 'index'"):
        t.handle(t.things["d1e000"]).lua_get("deal")(1, "Red", 2)


def test_visibility_lists_name_admins_and_teams():
    """api ui/attributes.md: `Admin` (host or promoted) and team names in visibility lists."""
    xml = '<Text id="admins" visibility="Admin">a</Text><Text id="team" visibility="Clubs">t</Text>'
    t = table("", xml)
    t.join("Ann", "Red", host=True)
    t.join("Bob", "Blue", team="Clubs")
    t.join("Cid", "Green")
    assert "#admins" in t.dump("Red") and "#admins" not in t.dump("Green")
    t.players["Cid"].promoted = True
    assert "#admins" in t.dump("Green")
    assert "#team" in t.dump("Blue") and "#team" not in t.dump("Red")


def test_attributes_show_hide_and_object_texts():
    """api ui.md setAttributes/show/hide; api object.md setName/setDescription/flip."""
    script = """
function change()
  UI.setAttributes("t", {text = "x", color = "#ff0000"})
  UI.hide("t")
  local d = getObjectFromGUID("d1e000")
  d.setName("Blue die") d.setDescription("spare") d.flip()
  return UI.getAttribute("t", "color"), d.getName(), d.getDescription(), d.is_face_down
end
function again() UI.show("t") end
"""
    t = table(script, '<Text id="t">hi</Text>', objects=[die()])
    t.join("Ann", "Red")
    assert t.call_in("-1", "change") == ("#ff0000", "Blue die", "spare", True)
    assert t.dump("Red") == ""
    t.call_in("-1", "again")
    assert "#t 'hi' text='x'" in t.dump("Red")
    saved = t.save()
    assert saved["ObjectStates"][0]["Nickname"] == "Blue die"
    assert "x" in saved["XmlUI"]


def test_global_call_copies_tables_between_scripts():
    """TA §6: raw tables do not cross script boundaries by reference (Global.call copies)."""
    obj_script = """
function poke() local t = {n = 1} Global.call("bump", t) return t.n end
"""
    script = "function bump(t) t.n = t.n + 1 return t.n end"
    t = table(script, objects=[{**die("b00000"), "LuaScript": obj_script}])
    assert t.call_in("b00000", "poke") == 1


def test_destroying_an_object_fires_on_object_destroy_and_drops_its_waits():
    """api events.md onObjectDestroy(object); TA §2 (EMU): a destroyed object's waits go."""
    obj_script = "ran = false\nfunction onLoad() Wait.frames(function() ran = true end, 5) end"
    script = "gone = nil\nfunction onObjectDestroy(o) gone = o.getGUID() end"
    t = table(script, objects=[{**die("b00000"), "LuaScript": obj_script}])
    env = t.envs["b00000"]
    t.destroy(t.things["b00000"])
    t.step(10)
    assert t.envs["-1"].gone == "b00000" and env.ran is False


def test_a_player_leaves_and_rejoins():
    """TA §1.9: onPlayerChangeColor gives "Grey" on a disconnect; a returning player picks again."""
    script = "log = {}\nfunction onPlayerChangeColor(c) log[#log + 1] = c end\n"
    script += "function text() return table.concat(log, ' ') end"
    t = table(script)
    t.join("Ann", "Red")
    t.leave("Ann")
    t.join("Ann", "Red")
    assert t.call_in("-1", "text") == "Red Grey Red" and t.seated() == ["Red"]


def test_buttons_are_listed_edited_and_cleared():
    """api object.md getButtons (with index), editButton, removeButton, clearButtons."""
    script = """
function onLoad()
  self.createButton({click_function = "a", function_owner = self, label = "A"})
  self.createButton({click_function = "b", function_owner = self, label = "B"})
end
function a() end
function b() end
function labels()
  local out = {}
  for _, button in ipairs(self.getButtons() or {}) do -- nil once none are left
    out[#out + 1] = button.index .. button.label
  end
  return table.concat(out, ",")
end
function edit() self.editButton({index = 1, label = "C"}) return labels() end
function clear()
  self.removeButton(0)
  local one = labels()
  self.clearButtons()
  return one, labels()
end
"""
    t = table(objects=[{**die("b00000"), "LuaScript": script}])
    assert t.call_in("b00000", "labels") == "0A,1B"
    assert t.call_in("b00000", "edit") == "0A,1C"
    assert t.call_in("b00000", "clear") == ("0C", "")


def test_ui_get_value_reads_the_text():
    """api ui.md getValue: the text between an element's tags."""
    script = "function read(id) return UI.getValue(id) end"
    t = table(script, '<Text id="t">hello</Text>')
    assert t.call_in("-1", "read", "t") == "hello"
    with pytest.raises(ScriptError, match="no XmlUI element"):
        t.call_in("-1", "read", "missing")


# --- what TTS does that a convenient model would not ------------------------------------------


def test_get_buttons_is_nil_on_an_object_without_buttons():
    """Real mods test `getButtons() == nil` before createButton (tjakubo2/TTS_xwing Global,
    `dial.getButtons() == nil`; SCED Playermat.ttslua): TTS gives nil, not an empty table."""
    script = """
function none() return self.getButtons() == nil end
function one()
  self.createButton({click_function = "f", function_owner = self, label = "A"})
  return #self.getButtons()
end
function f() end
"""
    t = table(objects=[{**die("b00000"), "LuaScript": script}])
    assert t.call_in("b00000", "none") is True
    assert t.call_in("b00000", "one") == 1


def test_a_notebook_tab_without_a_colour_is_grey_and_everyone_reads_it():
    """api notes.md addNotebookTab: color "Optional, defaults to Grey"; KB player roles: Grey
    pages are everyone's, a colour's page is that colour's, Black reads every page."""
    script = """
function add()
  Notes.addNotebookTab({ title = "Open", body = "for all" })
  Notes.addNotebookTab({ title = "Red's", body = "for Red", color = "Red" })
end
"""
    t = table(script)
    t.call_in("-1", "add")
    assert t.notebook("Blue") == [("Open", "for all")]
    assert t.notebook("Red") == [("Open", "for all"), ("Red's", "for Red")]
    assert [title for title, _ in t.notebook("Black")] == ["Open", "Red's"]
    assert "for Red" not in "\n".join(t.readable("Blue"))


def card(guid, x, z=0.0, y=1.0, name=None):
    return {"GUID": guid, "Name": "Card", "Nickname": name or guid, "CardID": 100,
            "Hands": True, "HideWhenFaceDown": True,
            "Transform": {"posX": x, "posY": y, "posZ": z, "rotX": 0, "rotY": 0, "rotZ": 0,
                          "scaleX": 1, "scaleY": 1, "scaleZ": 1}}  # fmt: skip


def test_loose_cards_that_touch_while_not_resting_merge_into_a_new_deck():
    """SCED's DeckLib works around TTS merging cards that are not resting; a card smooth-moved
    onto another merges into a deck and both handles die (TABLE-AUTOMATION §1.11). Cards
    lying apart, or at rest on each other, stay cards."""
    script = """
function move(guid, x) getObjectFromGUID(guid).setPosition({x = x, y = 1.1, z = 0}) end
function alive(guid) return getObjectFromGUID(guid) ~= nil end
"""
    t = table(script, objects=[card("ca0001", 0), card("ca0002", 5), card("ca0003", 10)])
    t.step(15)
    assert all(not t.things[g].destroyed for g in ("ca0001", "ca0002", "ca0003"))
    t.call_in("-1", "move", "ca0002", 2.5)  # beside the first: footprints do not overlap
    t.step(15)
    assert t.call_in("-1", "alive", "ca0002")
    t.call_in("-1", "move", "ca0002", 1.0)  # over the first, still falling: they merge
    t.step()
    assert not t.call_in("-1", "alive", "ca0001") and not t.call_in("-1", "alive", "ca0002")
    decks = [x for x in t._live() if x.is_deck]
    assert len(decks) == 1 and decks[0].guid not in ("ca0001", "ca0002")
    assert [c["GUID"] for c in decks[0].contents] == ["ca0002", "ca0001"]  # the upper on top
    t.call_in("-1", "move", "ca0003", 0.5)  # a card coming down on a deck goes into it
    t.step()
    assert len(decks[0].contents) == 3 and t.things["ca0003"].destroyed


def test_cards_in_a_hand_do_not_merge():
    """Hands hold cards side by side (api player: getHandObjects); they never form a deck."""
    t = table(objects=[zone("ha0000", x=0, kind="HandTrigger", color="Red"),
                       card("ca0001", 0), card("ca0002", 0.5)])  # fmt: skip
    t.things["ca0002"].placed()
    t.step()
    assert not t.things["ca0001"].destroyed and not t.things["ca0002"].destroyed


def test_a_taken_card_spawns_over_frames_and_its_callback_runs_after():
    """api object.md takeObject: "Objects that are taken out of a container will take one or
    more frames to spawn"; callback_function "called when the taken object has finished
    spawning"."""
    script = """
taken = nil
function take()
  local c = getObjectFromGUID("decc00").takeObject({ index = 0, position = {x = 6, y = 1, z = 0},
    callback_function = function(obj) taken = obj.spawning end })
  return c.spawning
end
"""
    t = table(script, objects=[deck(3)])
    assert t.call_in("-1", "take") is True
    assert t.envs["-1"].taken is None
    t.step(3)
    assert t.envs["-1"].taken is False


def test_put_object_follows_height_and_two_cards_form_a_deck():
    """api object.md putObject: into a deck at the end nearer in height (the bottom when both
    lie on the table, the top when the card is higher); "If neither Object is a container,
    but they are able to be combined (like with 2 cards), then they form a deck/stack", and
    the returned object is that deck."""
    script = """
function put(into, guid, y)
  local card = getObjectFromGUID(guid)
  local at = getObjectFromGUID(into).getPosition()
  card.setPosition({x = at.x, y = at.y + y, z = at.z})
  return getObjectFromGUID(into).putObject(card).getGUID()
end
"""
    t = table(script, objects=[deck(3), card("ca0001", 8), card("ca0002", 12), card("ca0003", 16)])
    assert t.call_in("-1", "put", "decc00", "ca0001", 1.0) == "decc00"
    assert t.things["decc00"].contents[0]["GUID"] == "ca0001"  # higher: on top
    formed = t.call_in("-1", "put", "ca0002", "ca0003", 1.0)
    assert formed not in ("ca0002", "ca0003") and t.things[formed].is_deck
    assert [c["GUID"] for c in t.things[formed].contents] == ["ca0003", "ca0002"]


def test_right_and_middle_clicks_also_call_on_click():
    """SCED Global.ttslua: a plain onClick gets the mouse button as value ("-1" left, "-2"
    right, "-3" middle); onClick="fn(arg)" gets `arg` whatever the button."""
    t = table(UI_SCRIPT, XML)
    t.join("Bob", "Red")
    t.click("Red", "go", value="-2")
    t.click("Red", "go", value="-3")
    t.click("Red", "redOnly", value="-2")
    assert t.call_in("-1", "text") == "Red:-2:go Red:-3:go Red:red:redOnly"


def test_a_search_shows_the_searcher_every_card_in_order():
    """api events.md onObjectSearchStart(object, player_color); a search lists the container's
    contents to the searcher, by name and in order (KB: Search)."""
    script = """
who = nil
function onObjectSearchStart(obj, color) who = color end
"""
    t = table(script, objects=[deck(3)])
    assert t.search("Blue", "decc00") == ["Card 0", "Card 1", "Card 2"]
    assert t.envs["-1"].who == "Blue"


def test_what_each_colour_can_read():
    """KB player roles: Black, the game master, sees every hand and GM note; cards in another
    colour's hand are hidden; a face-down card that hides when face down shows nothing (api
    object.md hide_when_face_down); every seated colour can search a container."""
    down = card("ca0009", 30, name="Face down")
    down["Transform"]["rotZ"] = 180
    hand = zone("ha0000", x=20, kind="HandTrigger", color="Red")
    gm = {**card("ca0002", 40, name="Open"), "GMNotes": "GM only"}
    t = table(objects=[hand, card("ca0001", 20, name="In Red's hand"), down, gm, deck(2)])
    t.join("Ann", "Red")
    t.join("Bob", "Blue")
    red, blue, black = (set(t.readable(c)) for c in ("Red", "Blue", "Black"))
    assert "In Red's hand" in red and "In Red's hand" not in blue and "In Red's hand" in black
    assert "Face down" not in blue and "Open" in blue
    assert "GM only" in black and "GM only" not in red
    assert any("Card 1" in x for x in blue) and not any("Card 1" in x for x in t.readable("Grey"))


def test_a_number_typed_over_a_deck_deals_unless_a_handler_returns_true():
    """api events.md onObjectNumberTyped: "you may return true to indicate you've handled the
    event yourself" (else e.g. drawing cards)."""
    script = """
stop = false
function onObjectNumberTyped(obj, color, n) return stop end
"""
    t = table(script, objects=[deck(4), zone("ha0000", x=20, kind="HandTrigger", color="Red")])
    t.join("Ann", "Red")
    t.type_number("Red", "decc00", 2)
    assert len(t.hands("Red")["Red"]) == 2
    t.envs["-1"].stop = True
    t.type_number("Red", "decc00", 1)
    assert len(t.hands("Red")["Red"]) == 2


def test_r_over_a_token_lifts_it_without_a_drop_and_try_can_veto():
    """api events.md tryObjectRandomize (Global): R over an object that is not a die turns it
    at random; no onObjectDrop follows."""
    script = """
drops, veto = 0, false
function tryObjectRandomize(obj, color) return not veto end
function onObjectDrop() drops = drops + 1 end
"""
    token = {**card("ta0001", 0), "Name": "Custom_Token"}
    t = table(script, objects=[token])
    before = list(t.things["ta0001"].pos)
    assert t.shake("Red", "ta0001", frames=1) is True
    assert t.things["ta0001"].pos != before and t.envs["-1"].drops == 0
    t.envs["-1"].veto = True
    moved = list(t.things["ta0001"].pos)
    assert t.shake("Red", "ta0001", frames=1) is False and t.things["ta0001"].pos == moved


def test_hotseat_colours_are_all_seated():
    """api base.md getSeatedPlayers: the colours of seated players; in hotseat one person
    plays every chosen colour (Player.getPlayers lists the one person)."""
    script = """
function seats() return table.concat(getSeatedPlayers(), ",") end
function people() return #Player.getPlayers() end
function blue() return Player.Blue.seated end
"""
    t = table(script)
    t.hotseat("Ann", ["Red", "Blue"])
    assert t.call_in("-1", "seats") == "Red,Blue" and t.call_in("-1", "people") == 1
    assert t.call_in("-1", "blue") is True
