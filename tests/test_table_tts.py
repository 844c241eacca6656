"""The table against what the real TTS does (issue: the table works in the real TTS).

Each test plays the built mod in the headless TTS (generator/harness/tts), whose behaviour
here is held to the API docs and real mods (tests/test_emulator.py cites each): loose cards
that touch merge, taken cards spawn over frames, setRotationValue is an animation, right
clicks call onClick too, getButtons() is nil without buttons, a Grey notebook page is
everyone's, Black sees every hand. Each test would fail on the table as it was before.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from generator.build import build
from generator.games.teg import playtest as P
from generator.games.teg.rules.records import deal, play
from generator.games.teg.tts import xmlui
from generator.games.teg.tts.layout import layout
from generator.harness import secrets
from generator.harness.tts import emulator, ui
from generator.harness.tts.emulator import Table
from generator.harness.tts.runtime import ScriptError
from generator.paths import ROOT
from generator.tts import panels


@pytest.fixture(scope="module")
def L(engine):
    return layout(engine.data)


COLORS = ["Red", "Blue", "Green", "Yellow", "Purple"]


def status(t):
    return t.from_lua(t.call_in("-1", "tableStatus"))


def state(t):
    return json.loads(t.call_in("-1", "stateText"))


def seat(t, players):
    colors = COLORS[:players]
    P.seat_players(t, colors)
    P.settle(t)
    return colors


def start(t, colors, keep=1, before_last=None):
    """Start, and each player keeps a mission (the first roll follows by itself).

    `before_last(t)` runs before the last mission is kept (before that roll).
    """
    t.click(colors[0], "start:go")
    t.run_until(lambda: not status(t)["starting"], 10)
    P.settle(t)
    for i, c in enumerate(colors):
        if before_last is not None and i == len(colors) - 1:
            before_last(t)
        t.click(c, f"seat:{c}:opt:{keep}")
        P.settle(t)


def advance(t):
    """One step of play: wait for the dice, or the decider clicks their first option."""
    st = status(t)
    if st["rolling"]:
        t.run_until(lambda: not status(t)["rolling"], 30)
        P.settle(t)
        return
    color = st["decider"]
    t.click(color, P.panel_options(t, color)[0][0])
    P.settle(t)


def quiet(engine, s):
    """True when the table waits for a player's choice among several options there (it
    takes a decision with one option, and throws the dice, by itself)."""
    if engine.is_over(s):
        return False
    res = engine.choices(s, [])
    return not res["complete"] and len(res["decision"]["options"]) > 1


def loose_cards(t):
    return [x for x in t._live() if x.is_card]


def deck_holding(t, guids):
    """The one deck whose cards are exactly `guids` (None when no deck is)."""
    want = set(guids)
    for x in t._live():
        if x.is_deck and {c["GUID"] for c in x.contents} == want:
            return x
    return None


# --- cards -------------------------------------------------------------------------------------


def check_cards(t, L):
    """Undealt planets are one deck at the planet pile, discards one pile with the last on
    top, every row card on the table, and no two loose cards lie on each other."""
    guid = {pid: p["guid"] for pid, p in L["planets"].items()}
    s = state(t)
    if len(s["deck"]) > 1:  # (one card left is a card in TTS, no deck; none: no pile)
        planets = deck_holding(t, [guid[p] for p in s["deck"]])
        assert planets is not None, "the undealt planets are not one deck"
    elif s["deck"]:
        planets = t.things[guid[s["deck"][0]]]
        assert not planets.destroyed, "the last undealt planet is not on the table"
    if s["deck"]:
        assert planets.pos[0] == pytest.approx(L["planet_pile"]["x"], abs=0.5)
    if len(s["discard"]) > 1:
        pile = deck_holding(t, [guid[p] for p in s["discard"]])
        assert pile is not None, "the discarded planets are not one deck"
        assert pile.contents[0]["GUID"] == guid[s["discard"][-1]]
    cards = loose_cards(t)
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            assert not a.touches(b), f"{a.name} and {b.name} lie on each other"
    for k, pid in enumerate(s["row"]):
        assert not t.things[guid[pid]].destroyed, f"row card {k + 1} is not on the table"
    return s


def test_cards_never_lie_on_each_other_and_each_pile_is_one_deck(save, L, engine):
    """In TTS loose cards that touch can merge into a deck nobody tracks: the undealt
    planets stay in the planet deck, colonies lie apart, the row is dealt from the deck."""
    checked = []

    def look(t, clicks):
        if clicks % 7 == 0 and not status(t)["rolling"] and not status(t)["path"]:
            t.step(12)  # everything placed has come to rest
            checked.append(check_cards(t, L))
        return t

    result = P.play_game(engine, save, 4, 8, after_answer=look)
    assert result.problem is None, result.problem
    assert len(checked) > 20 and max(len(p["colonies"]) for p in checked[-1]["players"]) >= 2


def test_discarded_planets_make_one_pile(save, L, engine):
    """A record (random bots, 4 players) that discards many planets and runs the planet deck
    down to its last card: loaded, then played on an action at a time, the discards are one
    face-up deck, the last one on top."""
    rng = random.Random(1)
    record = play(engine, deal(engine, 4, rng), ["random"] * 4, rng).record
    s = engine.new_game(record["setup"])
    n = 0
    for action in record["actions"]:
        s = engine.apply(s, action)
        n += 1
        if len(s["discard"]) >= 2:
            break
    head = {**record, "actions": record["actions"][:n]}
    t = Table.load({**save, "LuaScriptState": json.dumps(head)}, seed=2)
    P.settle(t)  # a load works over a few frames
    t.step(12)
    assert len(check_cards(t, L)["discard"]) >= 2
    for k, action in enumerate(record["actions"][n:]):
        assert t.call_in("-1", "applyAction", t.to_lua(action)) is True
        s = engine.apply(s, action)
        # (frames only where a player must choose: elsewhere the table would play on itself)
        if k % 10 == 0 and quiet(engine, s):
            P.settle(t)
            t.step(12)
            check_cards(t, L)
    P.settle(t)
    t.step(12)
    assert len(check_cards(t, L)["discard"]) == len(s["discard"]) >= 8


def test_the_missions_nobody_keeps_leave_the_table(save, L):
    """Dealt missions go to hands; the undealt and the given-back ones leave the table, so no
    Search of a deck (nor a 2-player elimination) tells anyone a rival's mission."""
    t = Table.load(save, seed=3)
    colors = seat(t, 2)
    t.click("Red", "start:go")
    t.run_until(lambda: not status(t)["starting"], 10)
    P.settle(t)
    missions = set(L["missions"].values())
    alive = {g for g in missions if g in t.things and not t.things[g].destroyed}
    assert len(alive) == 4  # two in each hand
    assert not any(x.contents and missions & {c["GUID"] for c in x.contents}
                   for x in t._live())  # fmt: skip
    for c in colors:
        t.click(c, f"seat:{c}:opt:2")
        P.settle(t)
    alive = {g for g in missions if g in t.things and not t.things[g].destroyed}
    kept = set(json.loads(t.call_in("-1", "onSave"))["setup"]["missions"].values())
    assert alive == {L["missions"][m] for m in kept}


def test_a_search_of_the_planet_deck_does_not_show_the_order_it_is_dealt_in(save, L):
    t = Table.load(save, seed=4)
    colors = seat(t, 3)
    start(t, colors)
    t.step(12)
    upcoming = [L["planets"][p]["guid"] for p in state(t)["deck"]]
    deck = deck_holding(t, upcoming)
    seen = t.search("Blue", deck.guid)
    names = {p["guid"]: p for p in L["planets"].values()}
    assert len(seen) == len(upcoming) and set(names) >= set(upcoming)
    physical = [c["GUID"] for c in deck.contents]
    assert physical[:5] != upcoming[:5]


def test_start_gathers_the_cards_players_dealt_by_hand(save, L, engine):
    """Players who followed the old note shuffled and dealt by hand: Start takes every card
    back, wherever it lies (on the table, in a deck they formed, in a hand), and deals."""
    t = Table.load(save, seed=5)
    colors = seat(t, 3)
    planets = t.handle(t.things[L["planet_deck"]])
    taken = [planets.lua_get("takeObject")(t.to_lua({"position": t.vector([-6 + 3 * k, 1, -6])}))
             for k in range(5)]  # fmt: skip
    t.step(5)
    a = t.handle(t.things[taken[0]._thing.guid])
    b = t.handle(t.things[taken[1]._thing.guid])
    b._call_setPosition(t.vector([-6, 1.5, -6]))  # onto another: they form a deck
    t.step(2)
    missions = t.handle(t.things[L["mission_deck"]])
    missions.lua_get("deal")(2, "Red")
    t.step(5)
    formed = [x for x in t._live() if x.is_deck and x.guid != L["planet_deck"]]
    assert a._thing.destroyed and len(formed) == 2  # the players' deck and the missions'
    assert t.hands("Red")["Red"] and len(t.hands("Red")["Red"]) == 2
    start(t, colors)
    # the first player's roll is the only thing to do: the table throws at once
    assert status(t)["actions"] == 1 and state(t)["phase"] != "over"
    s = state(t)
    row = [L["planets"][p]["guid"] for p in s["row"]]
    t.step(12)
    assert deck_holding(t, [L["planets"][p]["guid"] for p in s["deck"]]) is not None
    assert all(not t.things[g].destroyed for g in row)
    assert L["note"] not in t.things or t.things[L["note"]].destroyed  # the note is gone
    record = json.loads(t.call_in("-1", "onSave"))
    assert sorted(record["setup"]["deck"]) == sorted(p.id for p in engine.data.planets)


# --- dice --------------------------------------------------------------------------------------


def _rolled_dice(action):
    """The dice a recorded action rolled (indices from 0), or None for an action with none."""
    if action["type"] == "roll":
        return list(range(len(action["faces"])))
    found = []

    def look(x):
        if isinstance(x, dict):
            if "faces" in x and "dice" in x:
                found.extend(x["dice"])
            for v in x.values():
                look(v)

    look(action)
    return found or None


def test_every_die_read_was_thrown_after_the_roll_began(save, L):
    """setRotationValue is an animation and a die that glides or turns is not thrown: the
    table throws only resting dice and reads a die only after it was seen tumbling."""
    t = Table.load(save, seed=12)
    colors = seat(t, 3)
    start(t, colors)
    dice = L["dice"]["guids"]
    began = t.frame
    rolls = 0
    for _ in range(300):
        before = status(t)["actions"]
        advance(t)
        actions = json.loads(t.call_in("-1", "onSave"))["actions"]
        for action in actions[before:]:
            rolled = _rolled_dice(action)
            if rolled:
                rolls += 1
                for i in rolled:
                    assert t.things[dice[i]].thrown > began, (action, i)
        if len(actions) > before:
            began = t.frame
    assert rolls > 10


def test_a_throw_that_does_not_toss_a_die_is_made_again(save, L):
    """A die is read only once it was seen off rest: if a throw leaves one lying (TTS may not
    toss a die for reasons no script sees), it is thrown again, never read as it lay."""
    t = Table.load(save, seed=12)
    colors = seat(t, 2)
    real = emulator.Table.start_roll
    ignored = {}

    def flaky(self, thing):
        if thing.guid not in ignored:  # each die's first throw leaves it where it lies
            ignored[thing.guid] = self.frame
            return True
        return real(self, thing)

    def patch(t):
        t.step(40)
        t.start_roll = flaky.__get__(t)

    start(t, colors, before_last=patch)  # the first roll follows the last mission kept
    t.run_until(lambda: status(t)["actions"] == 1, 30)
    assert ignored and all(t.things[g].thrown > frame for g, frame in ignored.items())


def test_a_held_die_is_not_thrown_and_its_holder_is_told(save, L):
    t = Table.load(save, seed=7)
    colors = seat(t, 2)
    die = L["dice"]["guids"][0]
    held = []

    def hold(t):
        t.step(40)  # the dice have shown their first faces
        held.append(colors[1])  # the last to keep a mission holds a die
        t.pick_up(held[0], die)

    t.click(colors[0], "start:go")
    t.run_until(lambda: not status(t)["starting"], 10)
    P.settle(t)
    t.click(colors[0], f"seat:{colors[0]}:opt:1")
    P.settle(t)
    hold(t)
    active = held[0]
    t.click(active, f"seat:{active}:opt:1")  # the last mission kept: the roll begins
    t.step(30)
    assert status(t)["rolling"] and t.things[die].thrown == -1
    assert any("Let go of the die" in m for m in t.messages(active))
    t.drop(active, die, list(t.things[die].pos))
    t.run_until(lambda: not status(t)["rolling"], 30)
    assert t.things[die].thrown > 0 and status(t)["actions"] == 1


def test_a_die_on_a_face_at_x_90_is_read_without_being_thrown_again(save, L):
    """On the faces at x = ±90 the Euler angles are degenerate (the emulator puts a landing
    die's spin into z there): a flatness check on Euler x/z would throw flat dice again."""
    t = Table.load(save, seed=9)
    t.cocked_chance = 0.0
    colors = seat(t, 3)
    start(t, colors)
    throws = 0
    real = emulator.Table.start_roll

    def counted(self, thing):
        nonlocal throws
        ok = real(self, thing)
        throws += bool(ok)
        return ok

    t.start_roll = counted.__get__(t)
    rolled = 0
    for _ in range(200):
        before = status(t)["actions"]
        advance(t)
        for action in json.loads(t.call_in("-1", "onSave"))["actions"][before:]:
            rolled += len(_rolled_dice(action) or [])
    assert rolled > 20 and throws == rolled


# --- pieces, players, clicks -------------------------------------------------------------------


def test_pieces_moved_without_a_drop_go_back_and_decks_keep_their_cards(save, L):
    t = Table.load(save, seed=10)
    colors = seat(t, 3)
    start(t, colors)
    t.step(20)
    ship = L["seats"][0]["ships"][0]
    token = L["seats"][0]["tokens"]["energy"]
    home = list(t.things[ship].pos)
    assert t.shake("Red", ship, frames=1) is False  # R is refused on pieces
    assert any("Pieces follow the game" in m for m in t.messages("Red"))
    t.nudge(ship, [home[0] + 3, home[1], home[2]])  # the gizmo, Ctrl+Z: no event at all
    t.nudge(token, [0.0, 1.0, -20.0])
    t.run(3)
    assert t.things[ship].pos[0] == pytest.approx(home[0], abs=0.3)
    assert t.things[token].pos[2] != pytest.approx(-20.0)
    deck = deck_holding(t, [L["planets"][p]["guid"] for p in state(t)["deck"]])
    before = len(deck.contents)
    t.type_number("Blue", deck.guid, 3)  # would deal three cards into Blue's hand
    assert len(deck.contents) == before and any("deals" in m for m in t.messages("Blue"))
    card = t.handle(deck)._call_takeObject(t.to_lua({"position": t.vector([0, 1, -8])}))
    t.run(3)  # a player took a card out of the deck: it goes back
    assert card._thing.destroyed and len(deck.contents) == before


def test_a_colour_change_sends_every_panel_its_visibility_again(save, monkeypatch):
    sent = []
    real = emulator.UIHandle._call_setAttributes

    def spy(self, element_id, values):
        sent.append((str(element_id), sorted(self._table.from_lua(values))))
        return real(self, element_id, values)

    monkeypatch.setattr(emulator.UIHandle, "_call_setAttributes", spy)
    t = Table.load(save, seed=2)
    colors = seat(t, 3)
    start(t, colors)
    t.step(5)
    sent.clear()
    t.change_color("Player 2", "Yellow")
    P.settle(t)  # (the panels are made over a frame or two, then painted)
    panels = {i for i, keys in sent if re.fullmatch(r"seat:\w+", i) and "active" in keys}
    assert panels >= {f"seat:{c}" for c in ("Red", "Blue", "Green", "Yellow", "Purple")}


def test_black_is_warned_at_start_and_hotseat_colours_can_start(save):
    t = Table.load(save, seed=1)
    colors = seat(t, 2)
    t.join("Gamemaster", "Black")
    P.settle(t)
    start(t, colors)
    assert any("Black" in m and "every hand" in m for m in t.messages("Red"))
    late = Table.load(save, seed=1)
    start(late, seat(late, 2))
    late.join("Gamemaster", "Black")  # someone takes Black during the game: told too
    late.step(2)
    assert sum("every hand" in m for m in late.messages("Blue")) == 1
    hot = Table.load(save, seed=1)
    hot.hotseat("Ann", ["Red", "Blue", "Green"])
    P.settle(hot)
    start(hot, ["Red", "Blue", "Green"])
    assert status(hot)["actions"] == 1 and len(state(hot)["players"]) == 3  # the first roll


def test_right_and_middle_clicks_choose_nothing(save):
    t = Table.load(save, seed=6)
    colors = seat(t, 2)
    t.click("Red", "start:go", value="-2")
    P.settle(t)
    assert "Choosing secret missions" not in t.dump("Red")
    start(t, colors)
    active = status(t)["decider"]
    first = P.panel_options(t, active)[0][0]
    version, actions = status(t)["version"], status(t)["actions"]
    t.click(active, first, value="-2")
    t.click(active, first, value="-3")
    P.settle(t)
    assert status(t)["version"] == version and status(t)["actions"] == actions


# --- the screen --------------------------------------------------------------------------------


def test_the_screen_keeps_clear_of_tts_bars_and_uses_no_undocumented_font(save):
    """api ui/basicelements.md documents no `font` attribute for Text; panels stay below
    TTS's menu bar and left of its player list."""
    root = ET.fromstring(f"<root>{save['XmlUI']}</root>")
    for node in root.iter():
        assert "font" not in node.attrib, node.attrib
    for panel in root:
        align, offset = panel.get("rectAlignment", ""), panel.get("offsetXY", "0 0")
        if panel.tag != "Panel":
            continue
        x, y = (float(v) for v in offset.split())
        if align.startswith("Upper"):
            assert y <= -xmlui.BAR_CLEARANCE, (panel.get("id"), offset)
        if align.endswith("Right"):
            assert x <= -xmlui.PLAYER_LIST_WIDTH, (panel.get("id"), offset)


def test_the_five_player_final_scoreboard_fits_its_panel(save, engine):
    result = P.play_game(engine, save, 5, 4)
    assert result.problem is None, result.problem
    t = result.table
    root = ET.fromstring(f"<root>{ui.write(t.global_xml)}</root>")
    widths = {name: w for name, _, w in xmlui.BOARD_COLUMNS}
    px_per_char = 8  # 14 px text: a generous average glyph width
    for node in root.iter("Text"):
        eid = node.get("id") or ""
        found = re.fullmatch(r"board:(\d+):(\w+):text", eid)
        if found:
            assert len(node.text or "") * px_per_char <= widths[found.group(2)], eid
    final = next(n for n in root.iter("Text") if n.get("id") == "board:final:text").text
    board = next(n for n in root.iter("Panel") if n.get("id") == "board")
    per_line = (int(board.get("width")) - 16) // px_per_char
    lines = final.split("\n")
    # the score by category, a line a player, and who won: the panel grew to hold them
    assert lines[0].startswith("Final score") and len(lines) == 5 + 2
    wrapped = sum(-(-len(line) // per_line) for line in lines)
    rows = 6 * 26  # the heading row and a row a player
    assert int(board.get("height")) >= rows + 16 + wrapped * 20


def test_the_secrets_check_finds_a_mission_on_a_grey_page(save, engine):
    """The check itself: nothing leaks at a fresh deal; a Grey notebook page naming a
    rival's kept mission is found, for every colour but the owner."""
    t = Table.load(save, seed=3)
    colors = seat(t, 2)
    start(t, colors)

    def found():
        saved = json.loads(t.call_in("-1", "onSave"))
        return secrets.leaks(t, P.facts_of(engine, saved, state(t)))

    assert found() == []
    kept = json.loads(t.call_in("-1", "onSave"))["setup"]["missions"]["Red"]
    name = next(m.name for m in engine.data.missions if m.id == kept)
    t.save_data["TabStates"]["7"] = {"title": "Notes", "body": f"Red keeps {name}"}
    leaks = found()
    assert any(line.startswith("Blue can read Red's secret mission") for line in leaks)
    assert any(line.startswith("Grey can read Red's secret mission") for line in leaks)
    assert not any(line.startswith("Red can read") for line in leaks)


def test_a_long_list_of_options_pages_and_every_page_chooses_right(tmp_path, monkeypatch, engine):
    """With four buttons a panel, most decisions page: "More options" turns the page (it
    is not an option), and the options on later pages are the ones the rules offer there."""
    monkeypatch.setattr(panels, "OPTION_SLOTS", 4)
    folder = build("teg", tmp_path).folder
    small = json.loads((folder / "TinyEpicGalaxies.json").read_text(encoding="utf-8"))
    turned = []
    real = Table.click

    def click(self, color, element_id, owner="-1", value="-1"):
        text = next((e.attributes.get("text", "") for e, _ in ui.walk(self.global_xml)
                     if e.id == element_id), "")  # fmt: skip
        turned.append(text.startswith("More options"))
        return real(self, color, element_id, owner, value)

    monkeypatch.setattr(Table, "click", click)
    result = P.play_game(engine, small, 3, 2)
    assert result.problem is None, result.problem
    assert sum(turned) > 20


def test_an_error_in_a_lua_source_is_reported_at_that_file_and_line(save):
    """Issue 37: an error() in lua/teg/table/prompts.lua (a line a decision's prompt runs)
    names that file and line and the handler it ran in, not the bundle's line
    ("Global:11377")."""
    text = save["LuaScript"]
    source = (ROOT / "lua" / "teg" / "table" / "prompts.lua").read_text(encoding="utf-8")
    lines = source.split("\n")
    at = next(i for i, line in enumerate(lines) if "local obj, planet, last = action" in line)
    line16 = lines[at]
    assert text.count(line16) == 1  # the bundle's copy of that line, planted in place
    planted = text.replace(line16, 'error("planted") ' + line16)
    t = Table.load({**save, "LuaScript": planted}, seed=5)
    with pytest.raises(ScriptError) as err:
        colors = seat(t, 2)
        start(t, colors)
        for _ in range(20):
            advance(t)
    message = str(err.value)
    assert f"lua/teg/table/prompts.lua:{at + 1}: planted (in " in message, message
    assert not re.search(r"Global:\d+:", message)
