"""What players click and what the table does by itself (lua/glue/flow.lua, its Python twin
generator/harness/flow.py): a decision with one option is the table's, one click takes a
whole action where it has one reading, a follow window's "Not this turn" holds for the turn,
Back takes a click back whole, a Mechs equip window is asked when something changed, and an
undo takes back what the table did after the player's action along with it.

The whole-game playtests (tests/test_table.py, tests/test_tem_table.py) compare every menu
with the Python twin entry for entry; these tests pin the moments down.
"""

from __future__ import annotations

import json
import random

import pytest

from generator.games.teg import playtest as P
from generator.games.teg.rules.records import deal, play
from generator.harness import flow
from generator.harness.tts.emulator import Table
from tests.test_table import started, status, until_rolled


def _log(t, color=None):
    return str(t.call_in("-1", "logText", color) or "").splitlines()


def _record(t):
    return json.loads(t.call_in("-1", "onSave"))


@pytest.fixture(scope="module")
def games(engine):
    """Seeded whole games of Python's greedy bots (records), to find moments in."""
    out = []
    for seed in range(6):
        rng = random.Random(f"flow:{seed}")
        out.append(play(engine, deal(engine, 3, rng), ["greedy"] * 3, rng).record)
    return out


def _moment(engine, games, want):
    """(record, n): the first state, after n actions of a game, where `want(state, menu)` holds
    for the decision there (`menu`: its entries as the table offers them)."""
    for record in games:
        s = engine.new_game(record["setup"])
        for n, action in enumerate(record["actions"]):
            res = engine.choices(s, [])
            if not res["complete"] and not res["decision"].get("roll"):
                menu = flow.entries(P.FLOW, engine, s, [], res["decision"])
                if want(s, menu, res["decision"]):
                    return record, n
            s = engine.apply(s, action)
    raise AssertionError("no such moment in the games")


def _at(save, record, n, seed=2):
    """A table loaded at action n of `record` with every player seated and settled."""
    head = {**record, "actions": record["actions"][:n]}
    t = Table.load({**save, "LuaScriptState": json.dumps(head)}, seed=seed)
    P.seat_players(t, list(record["setup"]["players"]))
    P.settle(t)
    return t


def test_a_turn_begins_with_its_dice_thrown_by_the_table(save):
    """Rolling is a turn's only first option: the table takes it, nobody clicks Roll."""
    t = started(save, seed=4)
    until_rolled(t)
    record = _record(t)
    assert [a["type"] for a in record["actions"]] == ["roll"]
    decider = status(t)["decider"]
    assert not any(text.startswith("Roll") for _, text in P.panel_options(t, decider))


def test_one_click_takes_a_whole_action_and_its_entry_names_it(save, engine, games):
    """Utilize Colony with the empire its one use and one way to pay: one entry, one click."""

    def whole(s, menu, d):
        return any(e.label.startswith("Utilize Colony die: upgrade your empire to level")
                   and e.complete for e in menu)  # fmt: skip

    record, n = _moment(engine, games, whole)
    t = _at(save, record, n)
    color = status(t)["decider"]
    shown = dict((text, e) for e, text in P.panel_options(t, color))
    label = next(x for x in shown if x.startswith("Utilize Colony die: upgrade your empire"))
    assert ", pay " in label  # the payment named: the action is whole
    before, logged = status(t)["actions"], len(_log(t))
    t.click(color, shown[label])
    P.settle(t)
    after = _record(t)["actions"]
    assert len(after) > before and after[before]["colony"] == "empire"
    entry = _log(t)[logged]
    assert entry.startswith(f"{color} upgrades the empire to level") and "(Utilize Colony)" in entry
    assert " VP (now " in entry and (" energy (now " in entry or " culture (now " in entry)


def test_not_this_turn_passes_every_window_of_the_turn_then_asks_again(save, engine, games):
    """A follower's "Not this turn" passes this window and every later one of the active
    player's turn; the next turn asks again."""

    def window(s, menu, d):
        return any(e.hold for e in menu)

    record, n = _moment(engine, games, window)
    t = _at(save, record, n)
    follower = status(t)["decider"]
    state = json.loads(t.call_in("-1", "stateText"))
    active, turn_round = state["active"], state["round"]
    shown = dict((text, e) for e, text in P.panel_options(t, follower))
    label = next(x for x in shown if x.startswith("Not this turn"))
    assert active in label
    t.click(follower, shown[label])
    P.settle(t)
    asked_later = False
    for _ in range(200):
        st = status(t)
        state = json.loads(t.call_in("-1", "stateText"))
        if st["rolling"]:
            until_rolled(t)
            continue
        if state["active"] != active or state["round"] != turn_round:
            break
        assert st["decider"] != follower, "asked again in the turn it said Not this turn"
        options = P.panel_options(t, st["decider"])
        # the other players pass; the active player uses dice while any is left
        pick = next((e for e, text in options if text == "Pass"), None)
        pick = pick or next((e for e, text in options if not text.startswith(
            ("End turn", "Reroll", "Use the converter"))), None)  # fmt: skip
        pick = pick or next(e for e, text in options if text == "End turn")
        t.click(st["decider"], pick)
        P.settle(t)
        if P.panel_options(t, st["decider"]) and [x for _, x in P.panel_options(
                t, st["decider"])] == ["End my turn", "Keep playing"]:  # fmt: skip
            t.click(st["decider"], P.panel_options(t, st["decider"])[0][0])
            P.settle(t)
    passes = [a for a in _record(t)["actions"][n:] if a.get("player") == follower]
    assert passes and all(a["type"] == "pass" for a in passes)
    # the next turns ask again (a window the follower can follow, within a few turns)
    for _ in range(400):
        st = status(t)
        if st["rolling"]:
            until_rolled(t)
            continue
        if st["decider"] == follower and any(
            text.startswith("Follow") for _, text in P.panel_options(t, follower)
        ):
            asked_later = True
            break
        options = P.panel_options(t, st["decider"])
        pick = next((e for e, text in options if text == "Pass"), options[0][0])
        t.click(st["decider"], pick)
        P.settle(t)
    assert asked_later


def test_back_takes_a_click_back_whole(save):
    """A die listed in place of "Activate a die" is one click: Back undoes both steps."""
    t = started(save, seed=7)
    until_rolled(t)
    color = status(t)["decider"]
    top = [x for _, x in P.panel_options(t, color)]
    shown = dict((text, e) for e, text in P.panel_options(t, color))
    t.click(color, shown["Move die"])
    P.settle(t)
    assert status(t)["path"][:2][0] == "activate" and len(status(t)["path"]) == 2
    assert "So far: Move die" in t.dump(color)
    t.click(color, f"seat:{color}:back")
    P.settle(t)
    assert status(t)["path"] == {} or status(t)["path"] == []
    assert [x for _, x in P.panel_options(t, color)] == top


def test_an_equip_window_is_asked_once_then_kept_while_nothing_changes(engine):
    """The Python twin of tem.table.flow: once a player chose their loadout, the table keeps
    it at the next windows until the round, their status or their weapons change; "Keep my
    loadout for the rest of the round" keeps it whatever changes, until the round ends."""
    from generator.games.tem import playtest as M

    game = M.FLOW
    state = {"round": 2, "players": [{"color": "Red", "status": "pilot",
                                       "owned": ["energysword", "pulsepistol", "riotshield"],
                                       "equipped": ["energysword", "pulsepistol"]}]}  # fmt: skip
    d = {
        "name": "equip_start",
        "player": "Red",
        "options": [{"id": "done", "label": "Done"}, {"id": "unequip:energysword", "label": "x"}],
    }
    prefs = flow.Prefs()
    assert flow.answer(game, None, state, state, "Red", d, prefs, bot=False) is None
    entry = flow.Entry([flow.Step("done", "Done", "equip_start", "Red")])
    game.chose(None, state, "Red", d, entry, prefs)
    assert flow.answer(game, None, state, state, "Red", d, prefs, bot=False) == (
        "done",
        "unchanged",
    )
    assert flow.answer(game, None, state, state, "Red", d, prefs, bot=True) is None  # bots choose
    red = state["players"][0]
    bought = {**state, "players": [{**red, "owned": [*red["owned"], "gaussneedle"]}]}
    assert flow.answer(game, None, bought, bought, "Red", d, prefs, bot=False) is None
    later = {**state, "round": 3}
    assert flow.answer(game, None, later, later, "Red", d, prefs, bot=False) is None
    keep = next(e for e in game.extras(None, bought, d, [entry]) if e.hold)
    assert keep.label == "Keep my loadout for the rest of the round"
    prefs.hold["Red"] = keep.hold
    assert flow.answer(game, None, bought, bought, "Red", d, prefs, bot=False) == ("done", "hold")
    assert flow.answer(game, None, later, later, "Red", d, prefs, bot=False) is None
