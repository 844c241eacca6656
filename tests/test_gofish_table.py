"""The Go Fish table, on the framework's card layer, built and played through the UI in the
headless TTS: each hand real cards in its owner's hand zone after every decision, the stock a
deck of backs nothing can read, books face up, and leaks planted that the checks must find."""

from __future__ import annotations

import json
import re

import pytest

from generator import games
from generator.games.gofish import playtest as P
from generator.harness.play import seat_players, settle
from generator.harness.tts.emulator import Table


@pytest.fixture(scope="module")
def built(built_game):
    return built_game("gofish")


@pytest.fixture(scope="module")
def save(built):
    return json.loads((built.folder / "GoFish.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def engine():
    return games.get("gofish").engine()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_games_keep_every_hand_in_its_zone_and_agree_with_python(save, engine, players):
    """Every decision, action and state matches Python; after every answer each hand zone
    holds its player's cards (the playtest's check); no colour reads another's hand."""
    result = P.play_game(engine, save, players, players, 1, bot="mixed", secrets_every=1)
    assert result.problem is None, result.problem
    books = result.logs["Grey"].count("lays down a book of")
    assert books == 13 and re.search(r"(wins|share the win) with \d+ books", result.logs["Grey"])


def _dealt(save):
    """A table of Red and Blue after Start, and its state."""
    t = Table.load(save, seed=3)
    seat_players(t, ["Red", "Blue"])
    t.step()
    t.click("Red", "start:go")
    settle(t)
    return t, json.loads(t.call_in("-1", "stateText"))


def test_the_stock_is_backs_a_search_reads_nothing_of(save, engine):
    t, state = _dealt(save)
    assert len(state["stock"]) == 38 and all(len(p["hand"]) == 7 for p in state["players"])
    stock = [g for g, th in t.things.items() if not th.destroyed and th.gm_notes == "stock"]
    (guid,) = [g for g in stock if t.things[g].contents]
    assert len(t.things[guid].contents) == 38
    assert set(t.search("Red", guid)) == {""}  # backs: no name, no description
    names = {engine.card_name(c) for c in state["players"][0]["hand"]}
    assert sorted(t.hands("Red")["Red"]) == sorted(names)
    assert t.hands("Blue")["Red"] == ["?"] * 7


def _planted(save, old, new):
    leaky = dict(save)
    assert save["LuaScript"].count(old) == 1, old
    leaky["LuaScript"] = save["LuaScript"].replace(old, new)
    return leaky


def test_a_hand_card_named_on_a_panel_everyone_reads_is_found(save, engine):
    old = 'return tr("{player} asks; the stock has {cards}.", { player = s.active,'
    first = "ctx.m.state.players[1].hand[1]"
    new = (f'return {first} and name({first}) .. " " .. '
           'tr("{player} asks; the stock has {cards}.", { player = s.active,')  # fmt: skip
    result = P.play_game(engine, _planted(save, old, new), 3, 1, 0)
    assert result.problem is not None and re.search(r"can read \w+'s secret card", result.problem)


def test_a_hand_card_face_up_beside_its_zone_is_found(save, engine):
    """A copy of Red's first card lying face up by Red's hand zone: everyone reads it."""
    old = "  for _, pile in ipairs(want.piles) do"
    new = (
        "  local red = want.hands[1].ids[1] -- Red's, the first seat's\n"
        "  if red and not C.leaked then\n"
        "    C.leaked = true\n"
        "    local by = { x = 3, y = 2, z = -14, ry = 0 }\n"
        '    spawn(C, { card_data(C, red, name(red), "", by, false) }, "", by, false)\n'
        "  end\n" + old
    )
    result = P.play_game(engine, _planted(save, old, new), 3, 1, 0)
    assert result.problem is not None and re.search(r"can read Red's secret card", result.problem)


def test_with_a_player_away_the_hosts_panel_masks_their_ranks(save, engine):
    """Every second game a player leaves for a while; the host decides for them from masked
    entries ("Ask Blue (5 cards) for Green's choice 2"): shown unmasked, the playtest fails."""
    result = P.play_game(engine, save, 3, 1, 1)  # game 2: a player away
    assert result.problem is None, result.problem
    unmasked = P.play_game(engine, _planted(save, "hidden = { rank = true },", ""), 3, 1, 1)
    assert unmasked.problem is not None and "the host's panel for" in unmasked.problem


def test_a_hand_card_named_on_the_hosts_stand_in_panel_is_found(save, engine):
    old = 'label = tr("{color}\'s choice {k}", { color = absent, k = numbers[key] }) }'
    hand = "ctx.m.state.players[3].hand[1]"  # the player away's (the last seated: Green)
    new = old.replace("label = ", f"label = ctx.m.spec.core.card_name({hand}) .. ")
    result = P.play_game(engine, _planted(save, old, new), 3, 1, 1)
    # found by the secrets check (a card only Green held) or, first, by the panel's words
    found = (
        r"can read Green's secret card"
        r"|host's panel for Green shows \[\"Ask \w+ \(\d+ cards\) for \w+ of"
    )
    assert result.problem is not None and re.search(found, result.problem), result.problem


def _card_guid(t, card):
    return next(
        g for g, th in t.things.items() if not th.destroyed and th.gm_notes == f"card:{card}"
    )


def test_a_card_dropped_by_a_players_seat_asks_them_for_its_rank(save, engine):
    """One drop is one ask; a drop out of turn is refused to the dropper alone and the card
    goes back to its hand."""
    t, state = _dealt(save)
    card = state["players"][0]["hand"][0]  # Red's, Red to ask
    blue = next(th for th in t.things.values() if th.hand_color == "Blue")
    t.drop("Red", _card_guid(t, card), (blue.pos[0], 2.0, blue.pos[2]))
    settle(t)
    after = json.loads(t.call_in("-1", "stateText"))
    assert after["last"]["by"] == "Red" and after["last"]["target"] == "Blue"
    assert after["last"]["rank"] == engine.rank(card)
    waiting = next(p for p in after["players"] if p["color"] != after["active"])
    mine = waiting["hand"][0]
    t.drop(waiting["color"], _card_guid(t, mine), (0.0, 2.0, 0.0))
    settle(t)
    assert t.messages(waiting["color"])[-1].startswith("Not possible: it is not your turn")
    assert not any("Not possible" in m for m in t.messages(after["active"]))
    own = sorted(engine.card_name(c) for c in waiting["hand"])
    assert sorted(t.hands(waiting["color"])[waiting["color"]]) == own
    assert json.loads(t.call_in("-1", "stateText")) == after


def test_a_hand_the_card_layer_leaves_empty_fails_the_playtest(save, engine):
    """The driver's hand check (the hooks' `hands`): a card layer that deals no hand fails."""
    old = "  for _, h in ipairs(want.hands) do -- in seat order: the same moves each run"
    result = P.play_game(engine, _planted(save, old, "  for _, h in ipairs({}) do"), 3, 1, 0)
    assert result.problem is not None and "Red's hand zone holds [], the state [" in result.problem


def test_the_build_counts_the_decks_images(built):
    """The sheet, the back and the stock's backs: each asset file counted, drawn or reused."""
    assert built.images_drawn + built.images_reused == 3
