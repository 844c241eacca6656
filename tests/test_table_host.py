"""The table keeps the game moving and undo cannot cheat (issue: the table as players expect).

A player who leaves is decided for by the host (whole games, before and after the deal);
undo stops at chance; End turn with a die usable asks first; the decision under way and each
colour's switches survive save and load; the mission cards carry their own Keep buttons; a
finished game gives way to a new one without reloading.
"""

from __future__ import annotations

import json

import pytest

from generator.games.teg import playtest as P
from generator.harness.tts.emulator import PlayerHandle, Table
from tests.test_table import click_first, started, status, until_rolled


def _host(t):
    return next(p.color for p in t.players.values() if p.host)


def _name(t, color):
    return next(p.name for p in t.players.values() if p.color == color)


def _roll(t):
    """The dice land (the table throws them by itself: a roll is a turn's only option)."""
    until_rolled(t)


def _reload(t, seed=2):
    """Save, load into a fresh table, the same players seated."""
    loaded = t.reload(seed=seed)
    P.settle(loaded)
    return loaded


def _press(t, color, element):
    """A click on a button whatever it shows (a hidden one too: a click that crossed an
    update), through the handler the table's version names."""
    name = next((p.name for p in t.players.values() if p.color == color), None)
    handler = f"onButton{status(t)['version'] % 8}"
    t.call_in("-1", handler, PlayerHandle(t, name, color), "-1", element)
    P.settle(t)


def _hand(t, color):
    """The guids of the cards in `color`'s hand."""
    zone = next(z for z in t.things.values() if z.hand_color == color and not z.destroyed)
    return sorted(g for g in t._contents_of_zone(zone) if t.things[g].is_card)


def _mid_decision(save):
    """A table where the active player switched auto-pass on and began activating a die."""
    t = started(save, seed=7)
    _roll(t)
    color = status(t)["decider"]
    t.click(color, f"seat:{color}:auto")
    opts = dict((text, e) for e, text in P.panel_options(t, color))
    t.click(color, opts["Move die"])  # (seed 7's first roll has one: a ship to choose next)
    P.settle(t)
    return t, color


_NOT_A_DIE = ("Reroll", "Use the converter", "End turn", "Not this turn", "Pass")


def _log(t, color=None):
    """The game log's entries as `color` reads them (None: a spectator)."""
    return str(t.call_in("-1", "logText", color) or "").splitlines()


def _said(t, text):
    return [line for _, _, line in t.chat if text in line]


def test_a_whole_game_goes_on_when_the_active_player_leaves(save, engine):
    """Blue leaves at the 25th click and never returns: the host decides for Blue to the end,
    every decision labelled in chat, and the game matches the Python engine."""
    left = []

    def leave(t, clicks):
        if clicks >= 25 and not left:
            left.append(status(t)["decider"])
            t.leave(_name(t, "Blue"))
            P.settle(t)
        return t

    result = P.play_game(engine, save, 3, 5, after_answer=leave)
    assert result.problem is None, result.problem
    t = result.table
    assert "Blue" not in t.seated()
    by_host = _said(t, "decided by the host, Red for Blue")
    assert len(by_host) >= 3, "the host decided for Blue, and chat said so each time"
    # Blue's turns went on: actions by Blue after the 25th click
    assert any(a.get("player") == "Blue" or a["type"] == "roll" for a in result.record["actions"])


def test_undo_never_takes_back_a_roll_and_says_what_it_undid(save):
    t = started(save, seed=7)
    host = _host(t)
    _roll(t)
    faces = json.loads(t.call_in("-1", "stateText"))["dice"]
    heard = len(t.messages(host))
    assert "host:undo" not in t.dump(host)  # hidden: nothing to undo but the roll
    _press(t, host, "host:undo")  # a click that crossed the update is refused, with why
    assert "never takes back a roll" in " ".join(t.messages(host)[heard:])
    assert status(t)["actions"] == 1
    assert json.loads(t.call_in("-1", "stateText"))["dice"] == faces
    # After an action that holds no chance, undo takes it back and says which.
    logged = len(_log(t))
    for _ in range(20):
        st = status(t)
        opts = P.panel_options(t, st["decider"])
        pick = next((e for e, text in opts if not text.startswith(_NOT_A_DIE)), opts[0][0])
        before = st["actions"]
        t.click(st["decider"], pick)
        P.settle(t)
        if status(t)["actions"] > before:
            break
    assert status(t)["actions"] == 2
    line = _log(t)[logged]  # the action's entry
    t.click(host, "host:undo")
    P.settle(t)
    assert status(t)["actions"] == 1
    assert json.loads(t.call_in("-1", "stateText"))["dice"] == faces  # same faces, not a new roll
    assert _said(t, f"{host} undid: {line}")


def test_end_turn_with_a_die_usable_asks_first(save):
    t = started(save, seed=3)
    _roll(t)
    color = status(t)["decider"]
    opts = dict((text, e) for e, text in P.panel_options(t, color))
    assert any(not text.startswith(_NOT_A_DIE) for text in opts)  # a die could be used
    t.click(color, opts["End turn"])
    P.settle(t)
    assert [x for _, x in P.panel_options(t, color)] == ["End my turn", "Keep playing"]
    assert "End your turn?" in t.dump(color)
    t.click(color, P.panel_options(t, color)[1][0])  # Keep playing
    P.settle(t)
    assert status(t)["actions"] == 1 and status(t)["decider"] == color
    opts = dict((text, e) for e, text in P.panel_options(t, color))
    t.click(color, opts["End turn"])
    P.settle(t)
    t.click(color, P.panel_options(t, color)[0][0])  # End my turn
    P.settle(t)
    record = json.loads(t.call_in("-1", "onSave"))
    # the turn ended, and the next player's roll followed by itself
    assert record["actions"][1] == {"type": "end_turn"}
    assert record["actions"][2]["type"] == "roll" and status(t)["decider"] != color


def test_the_decision_under_way_and_the_switches_survive_save_and_load(save):
    t, color = _mid_decision(save)
    path = status(t)["path"]
    assert path[0] == "activate" and path[1].startswith("die:")
    title = t.dump(color)
    loaded = _reload(t)
    assert status(loaded)["path"] == path
    assert "Pass automatically: on" in loaded.dump(color)
    assert [x for _, x in P.panel_options(loaded, color)] == [
        x for _, x in P.panel_options(t, color)
    ]
    assert "Which ship will you move?" in title and "Which ship will you move?" in (
        loaded.dump(color)
    )


def test_a_load_replays_one_turn_from_the_saved_checkpoint(save, engine):
    """A long game's save carries a recent state: after its last roll (any action with dice
    faces, which an undo never goes past), or a few actions later; a load replays only the
    actions after it, and ends in the same state as the whole record replayed in Python."""
    result = P.play_game(engine, save, 4, 2)
    assert result.problem is None, result.problem
    saved = result.table.save()
    record = json.loads(saved["LuaScriptState"])
    section = record["table"]
    rolls = [i for i, a in enumerate(record["actions"], 1) if "faces" in json.dumps(a)]
    assert rolls[-1] <= section["at"] and len(record["actions"]) - section["at"] <= 16
    assert section["barrier"]["at"] == rolls[-1]
    s = engine.new_game(record["setup"])
    for a in record["actions"][: section["at"]]:
        s = engine.apply(s, a)
    assert section["state"] == json.loads(json.dumps(s))
    t = Table.load(saved, seed=1)
    P.settle(t)  # a load works over a few frames
    assert json.loads(t.call_in("-1", "stateText")) == _final(engine, record)
    assert json.loads(t.call_in("-1", "onSave"))["actions"] == record["actions"]
    # A checkpoint that does not fit the record is not trusted: the whole record replays.
    bad = json.loads(saved["LuaScriptState"])
    bad["table"]["state"]["players"] = list(reversed(bad["table"]["state"]["players"]))
    t = Table.load({**saved, "LuaScriptState": json.dumps(bad)}, seed=1)
    P.settle(t)
    assert json.loads(t.call_in("-1", "stateText")) == _final(engine, record)


def _final(engine, record):
    s = engine.new_game(record["setup"])
    for a in record["actions"]:
        s = engine.apply(s, a)
    return json.loads(json.dumps(s))


def test_mission_cards_have_their_own_keep_buttons_for_their_owner_only(save):
    t = Table.load(save, seed=4)
    P.seat_players(t, ["Red", "Blue"])
    P.settle(t)
    t.click("Red", "start:go")
    P.settle(t)
    red_cards = _hand(t, "Red")
    assert len(red_cards) == 2
    labels = sorted(t.things[g].buttons[0]["label"] for g in red_cards)
    assert labels == ["Keep 1", "Keep 2"]
    heard = len(t.messages("Blue"))
    t.click_button("Blue", red_cards[0])  # not Blue's card
    P.settle(t)
    assert "dealt to another player" in " ".join(t.messages("Blue")[heard:])
    t.click_button("Red", red_cards[1])
    P.settle(t)
    kept = [g for g in red_cards if not t.things[g].destroyed]
    assert kept == [red_cards[1]] and not t.things[kept[0]].buttons
    assert "Keep the card marked 1" in t.dump("Blue")


def test_a_player_who_left_during_the_mission_choice_does_not_block_the_start(save):
    t = Table.load(save, seed=4)
    P.seat_players(t, ["Red", "Blue", "Green"])
    P.settle(t)
    t.click("Red", "start:go")
    P.settle(t)
    t.leave(_name(t, "Green"))
    t.click("Red", "seat:Red:opt:1")
    t.click("Blue", "seat:Blue:opt:1")
    P.settle(t)
    dump = t.dump("Red")
    assert "For Green (not seated):" in dump and "Remove Green from the game" in dump
    assert "Green is not seated: the host can keep a mission for them" in dump
    t.click("Red", "proxy:drop")
    P.settle(t)
    state = json.loads(t.call_in("-1", "stateText"))
    assert [p["color"] for p in state["players"]] == ["Red", "Blue"] or [
        p["color"] for p in state["players"]
    ] == ["Blue", "Red"]
    # The host could instead keep a mission for the absent player.
    t = Table.load(save, seed=4)
    P.seat_players(t, ["Red", "Blue"])
    P.settle(t)
    t.click("Red", "start:go")
    P.settle(t)
    t.leave(_name(t, "Blue"))
    t.click("Red", "seat:Red:opt:1")
    P.settle(t)
    t.click("Red", "proxy:opt:2")
    P.settle(t)
    assert status(t)["decider"] is not None and not status(t)["dealing"]
    assert _said(t, "Blue has kept a secret mission")


def test_after_a_game_the_host_starts_a_new_one_without_reloading(save, engine):
    result = P.play_game(engine, save, 2, 1)
    assert result.problem is None, result.problem
    t = result.table
    host = _host(t)
    assert "host:new" in t.dump(host)
    t.click(host, "host:new")
    P.settle(t)
    assert status(t)["actions"] == 0 and "start:go" in t.dump(host)
    t.click(host, "start:go")
    t.run_until(lambda: not status(t)["starting"], 10)
    P.settle(t)
    for c in t.seated():
        t.click(c, f"seat:{c}:opt:1")
    P.settle(t)
    click_first(t)
    assert status(t)["rolling"] or status(t)["actions"] >= 1


def test_start_refusals_say_why(save):
    t = Table.load(save, seed=4)
    P.seat_players(t, ["Red"])
    P.settle(t)
    t.click("Red", "start:go")
    P.settle(t)
    said = t.messages("Red")[-1]
    assert "2 to 5 players seated at the mats (a bot counts: the Bots panel); 1 is." in said
    t.change_color("Player 1", "Grey")
    P.settle(t)
    t.click("Grey", "start:go")
    P.settle(t)
    assert "Take a seat colour first" in " ".join(t.messages("Grey"))


def test_a_rewind_to_a_checkpoint_mid_decision_resumes_it(save):
    """TTS's rewind loads a checkpoint taken while a decision was under way: the path, the
    switches and the words come back, and the action completes from there."""
    t, color = _mid_decision(save)
    t.checkpoint()
    kept = len(t.snapshots)
    path = status(t)["path"]
    click_first(t)  # the game moves on past the checkpoint (the table stores one of its own)
    back = t.rewind(len(t.snapshots) - kept + 1)
    P.settle(back)
    assert status(back)["path"] == path
    assert "Pass automatically: on" in back.dump(color)
    assert "Which ship will you move?" in back.dump(color)
    before = status(back)["actions"]
    for _ in range(8):  # complete the action from the resumed path
        if status(back)["actions"] > before:
            break
        click_first(back)
    assert status(back)["actions"] == before + 1
    assert json.loads(back.call_in("-1", "onSave"))["actions"][-1]["type"] == "activate"


def test_no_rewind_state_is_stored_by_itself_while_the_table_works(save):
    """TTS stores a rewind state by itself every 10 s (here: every frame, to catch any). A
    change the table spreads over frames (the deal, a roll, the pieces drawn) begins with a
    store of its own and blocks the others until the table is done (api base.md: Rewind
    State Functions); a rewind to the table's own store plays on from there."""
    t = Table.load(save, seed=4, count_instructions=False)
    t.autosave_every = 1 / 60
    busy_at = []
    taken = t.checkpoint

    def checkpoint():
        busy_at.append(status(t)["busy"])
        taken()

    t.checkpoint = checkpoint
    P.seat_players(t, ["Red", "Blue", "Green"])
    P.settle(t)
    t.click("Red", "start:go")
    P.settle(t)
    for c in ["Red", "Blue", "Green"]:
        t.click(c, f"seat:{c}:opt:1")
    P.settle(t)
    for _ in range(12):
        if status(t)["rolling"]:
            until_rolled(t)
        click_first(t)
    assert busy_at, "checkpoints were taken between changes"
    assert True not in busy_at, "a checkpoint was taken while the table worked"
    assert t.frame - len(busy_at) > 100, "the frames the table worked in were blocked"
    own = len(t.snapshots) - len(busy_at)
    assert own >= 12, f"the table stored {own} rewind states of its own, one a change"
    t.autosave_every = 3600.0
    stored = len(t.snapshots)
    if status(t)["rolling"]:
        until_rolled(t)
    click_first(t)
    assert len(t.snapshots) == stored + 1  # the table's own, as the change began
    back = t.rewind(1)
    P.settle(back)
    assert back.call_in("-1", "stateText") == t.call_in("-1", "stateText")


# the host's stand-in panel's heading, in glue/panels.lua: a leak is planted after it
PROXY_TITLE = 'tr("For {color} (not seated):", { color = absent })'
# the away player's latest words of their own (their secret: dice, a mission, a program)
OWN_WORDS = (
    "(function() for i = ctx.log.count, 1, -1 do local e = Log.entry(ctx.log, i) "
    'if e.own and e.own[absent] then return " " .. e.own[absent] end end return "" end)()'
)


@pytest.mark.parametrize("game", ["liars", "teg", "tem"])
def test_an_away_players_secret_on_the_hosts_stand_in_panel_fails_the_playtest(game, built_game):
    """Every second game a player leaves; the host's panel for them names nothing of theirs.

    Planted: the away player's last private words after the panel's heading: the game
    fails, found by the secrets check.
    """
    from generator import games

    save = built_game(game).read_save()
    play = games.get(game).build_parts().playtest
    engine = games.get(game).engine()
    assert save["LuaScript"].count(PROXY_TITLE) == 1
    planted = save["LuaScript"].replace(PROXY_TITLE, f"{PROXY_TITLE} .. {OWN_WORDS}")
    leaky = {**save, "LuaScript": planted}
    # (the shipped table passes these games: every whole-game test has a player away)
    for seed in range(1, 6):
        planted = play.play_game(engine, leaky, 3, seed, 1)  # game 2: a player away
        if planted.problem is not None:
            assert "secret" in planted.problem, planted.problem
            return
    raise AssertionError(f"{game}: no planted leak found in 5 games with a player away")
