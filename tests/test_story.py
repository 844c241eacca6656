"""The story a table tells (issue 35): a log of results, an end that says who won and why,
nothing of it lost at a load, and `ttsmod replay --at` reading a record as the players read
it. Both games, over whole games and at the moments that matter.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from generator import games
from generator.games.teg import playtest as P
from generator.games.tem import playtest as M
from generator.harness.play import status
from generator.harness.playtest import logs_of, saved
from generator.harness.story import Teller
from generator.harness.tts.emulator import Table

VP_TOTAL = re.compile(r"([+-]\d+) VP \(now (\d+) VP\)")


@pytest.fixture(scope="module")
def tem_save(built_game):
    return built_game("tem").read_save()


@pytest.fixture(scope="module")
def tem_engine():
    return games.get("tem").engine()


@pytest.fixture(scope="module")
def teg_game(save, engine):
    result = P.play_game(engine, save, 3, 6)
    assert result.problem is None, result.problem
    return result


@pytest.fixture(scope="module")
def tem_game(tem_save, tem_engine):
    result = M.play_game(tem_engine, tem_save, 3, 4)
    assert result.problem is None, result.problem
    return result


def _replayed(engine, record):
    states = [engine.new_game(record["setup"])]
    for a in record["actions"]:
        states.append(engine.apply(states[-1], a))
    return states


# --- Tiny Epic Galaxies ----------------------------------------------------------------------


def test_galaxies_log_reads_as_results_with_signed_changes_and_marked_totals(teg_game, engine):
    """No menu path, no +0; each VP change is signed and its total marked, and the total is
    the state's; passes are one line a die; the end is announced once, when triggered."""
    grey = teg_game.logs["Grey"].splitlines()
    assert not [x for x in grey if " > " in x]  # no menu paths
    # (a mission that scored nothing says +0 VP, and why)
    assert not [x for x in grey if re.search(r"[+-]0 (energy|culture|VP)\b|\+-", x)
                and "'s mission " not in x]  # fmt: skip
    assert not [x for x in grey if x.endswith(": Pass") or x == "Pass"]
    assert any(re.search(r"\w+( and \w+| \w+,)* do(es)? not follow \w+'s ", x) for x in grey)
    # each "(now N VP)" is the actor's VP after that action, in the story told from the record
    record = teg_game.record
    states = _replayed(engine, record)
    told = Teller("teg").tell(record)
    checked = 0
    for line in told.lines:
        text = line["text"]
        actor = text.split(" ", 1)[0]
        head = text.split(";", 1)[0]
        for change, total in VP_TOTAL.findall(head):
            p = next(q for q in states[line["n"]]["players"] if q["color"] == actor)
            before = next(q for q in states[line["n"] - 1]["players"] if q["color"] == actor)
            assert int(total) == p["vp"] and int(change) == p["vp"] - before["vp"], text
            checked += 1
    assert checked > 10
    end = [x for x in grey if "the round is finished, then the game ends" in x]
    final = states[-1]
    assert len(end) == (1 if final["end_triggered_by"] else 0)
    if end:
        assert end[0].startswith(final["end_triggered_by"] + " reaches ")


def test_galaxies_end_reveals_each_mission_scores_by_category_and_names_the_winner(
    teg_game, engine
):
    grey = teg_game.logs["Grey"].splitlines()
    final = _replayed(engine, teg_game.record)[-1]
    over = grey.index("Game over. The missions are revealed:")
    missions = [x for x in grey[over:] if "'s mission " in x]
    assert len(missions) == len(final["players"])
    for p, line in zip(final["players"], missions, strict=True):
        assert line.startswith(f"{p['color']}'s mission ")
        assert line.endswith(f": +{p['mission_vp']} VP.")
        assert "(" in line  # what earned it, or why it earned nothing
    scores = [x for x in grey[over:] if x.startswith("Final score, ")]
    for p, line in zip(final["players"], scores, strict=True):
        pattern = r"planets (\d+) .* \+ empire (\d+) .* \+ mission (\d+) .* = (\d+) VP"
        a, b, c, total = (int(x) for x in re.findall(pattern, line)[0])
        assert a + b + c == total == p["vp"], line
    winner = grey[-1]
    first = final["ranking"][0]
    assert winner.startswith(" and ".join(first) if len(first) > 1 else first[0])
    # the same at the table: the scoreboard's final text, and the revealed mission cards
    t = teg_game.table
    xml = t.dump("Red")
    assert "Final score: planets + empire + mission = VP" in xml
    names = {x.name for x in t.things.values() if not x.destroyed}
    for p in final["players"]:
        assert any(n.startswith(f"{p['color']}'s mission: ") for n in names)
    assert "Your secret mission" not in names


def test_galaxies_undo_after_the_end_is_refused_in_words(teg_game):
    t = teg_game.table
    host = next(p.color for p in t.players.values() if p.host)
    before = t.call_in("-1", "onSave")
    heard = len(t.messages(host))
    name = next(p.name for p in t.players.values() if p.color == host)
    from generator.harness.tts.emulator import PlayerHandle

    handler = f"onButton{status(t)['version'] % 8}"
    t.call_in("-1", handler, PlayerHandle(t, name, host), "-1", "host:undo")
    P.settle(t)
    assert t.call_in("-1", "onSave") == before
    assert any("the game is over" in m for m in t.messages(host)[heard:])


def test_a_tie_names_the_tie_break_and_its_numbers(engine):
    """A record whose top two share the VP: the winner's line says on what it was decided."""
    from generator.games.teg.rules.records import deal, play

    for seed in range(400):
        rng = random.Random(f"tie:{seed}")
        record = play(engine, deal(engine, 2, rng), ["greedy", "greedy"], rng).record
        final = _replayed(engine, record)[-1]
        vps = sorted((p["vp"] for p in final["players"]), reverse=True)
        if vps[0] == vps[1]:
            break
    else:
        pytest.fail("no tie in the seeded games")
    line = Teller("teg").tell(record).lines[-1]["text"]
    if len(final["ranking"][0]) > 1:
        assert "share the win" in line
    else:
        assert re.search(r"have \d+ VP; \w+ wins on (colonies|empire level|energy \+ culture), "
                         r"\d+ to \d+\.", line), line  # fmt: skip


def test_runners_up_level_on_vp_are_all_named(engine):
    """A winner alone at the top, the next two level on VP: the line names both, not one."""
    from generator.games.teg.rules.records import deal, play

    for seed in range(400):
        rng = random.Random(f"runners-up:{seed}")
        record = play(engine, deal(engine, 3, rng), ["greedy"] * 3, rng).record
        final = _replayed(engine, record)[-1]
        vps = sorted((p["vp"] for p in final["players"]), reverse=True)
        if vps[0] > vps[1] == vps[2]:
            break
    else:
        pytest.fail("no game with tied runners-up in the seeded games")
    line = Teller("teg").tell(record).lines[-1]["text"]
    behind = sorted(p["color"] for p in final["players"] if p["vp"] == vps[1])
    assert re.search(rf"wins with {vps[0]} VP \((\w+) and (\w+) have {vps[1]}\)\.$", line), line
    assert sorted(re.findall(r"\((\w+) and (\w+) have", line)[0]) == behind


def test_a_new_game_while_one_is_in_play_asks_first(save):
    from tests.test_table import started

    t = started(save, seed=3)
    host = next(p.color for p in t.players.values() if p.host)
    assert "New game (ends this one)" in t.dump(host)
    t.click(host, "host:new")
    P.settle(t)
    assert json.loads(t.call_in("-1", "onSave"))["actions"]  # not yet
    assert "Press again to end this game" in t.dump(host)
    assert any("press the button again" in m for m in t.messages(host))
    t.click(host, "host:new")
    P.settle(t)
    assert t.call_in("-1", "onSave") == ""
    assert any("ended the game before its end" in line for _, _, line in t.chat)


def test_a_load_keeps_every_colours_log(save, engine):
    """The host reloads mid-game (and later again): every colour's log is as it was."""
    compared = []

    def reload(t, answers):
        if answers in (25, 90):
            before = logs_of(t)
            t = t.reload(seed=answers)
            P.settle(t)
            compared.append(logs_of(t) == before and len(before["Grey"].splitlines()) > 10)
        return t

    result = P.play_game(engine, save, 3, 8, after_answer=reload)
    assert result.problem is None, result.problem
    assert compared == [True, True]


# --- Tiny Epic Mechs -------------------------------------------------------------------------


def test_mechs_log_names_places_states_health_and_each_rounds_first_player(tem_game):
    grey = tem_game.logs["Grey"].splitlines()
    assert not [x for x in grey if re.search(r"\br\d+c\d+\b", x)]  # no cell ids
    assert re.search(r"takes the (north|south|east|west)[\w-]* base slot", "\n".join(grey))
    hits = [x for x in grey if " damage" in x and ("explodes" in x or "fires" in x
                                                  or " attacks " in x)]  # fmt: skip
    # each hit says the health it leaves (as a running total, or left when the hit took none)
    assert hits and all(re.search(r" health \(now \d+\)| \(\d+ health left\)", x) for x in hits)
    rounds = [x for x in grey if x.startswith("Round ") and "goes first this round" in x]
    assert len(rounds) == 5  # rounds 2 to 6
    assert not [x for x in grey if re.search(r"\+0 (energy|credits)|\+-", x)]


def test_mechs_end_scores_by_category_and_names_the_winner(tem_game, tem_engine):
    grey = tem_game.logs["Grey"].splitlines()
    final = _replayed(tem_engine, tem_game.record)[-1]
    scores = [x for x in grey if x.startswith("Final score, ")]
    for p, line in zip(final["players"], scores, strict=True):
        by = p["vp_by"]
        assert sum(by["rounds"]) + by["combat"] + by["ko"] + by["mech"] + by["weapons"] == p["vp"]
        assert line.endswith(f"= {p['vp']} VP.") and f"combat {by['combat']}" in line
    assert grey[-1].startswith("Game over. ")
    assert " wins " in grey[-1] or " share " in grey[-1], grey[-1]


def test_mechs_attacks_are_told_as_they_are_made(tem_save, tem_engine):
    """Part way through a combat (the next attack being chosen), the last attack made is in
    the log already, and the status line names attacker, defender, weapon and damage."""
    seen = []

    def look(t, answers):
        st = status(t)
        if (st.get("asked") or {}).get(st.get("decider") or "") == "attack" and st.get("path"):
            shown = json.loads(t.call_in("-1", "shownText"))
            made = [e for e in shown["events"] if e["kind"] == "attack"]
            if made:
                last = logs_of(t)["Grey"].splitlines()[-1]
                seen.append((made[-1], last, t.dump("Grey")))
        return t

    for seed in range(1, 6):
        result = M.play_game(tem_engine, tem_save, 2, seed, after_answer=look)
        assert result.problem is None, result.problem
        if seen:
            break
    assert seen, "no combat reached a second attack"
    e, last, dump = seen[0]
    assert last.startswith(f"{e['player']} attacks {e['foe']} with ")
    assert f"{e['player']} hit {e['foe']} with " in dump


def test_mechs_undo_takes_back_what_the_table_did_after_the_players_action(tem_save):
    """In a two-player game the last base slot is the only one left: the table takes it. An
    undo takes it back with the base chosen before it (else the table would take it again,
    and the undo would seem stuck)."""
    t = Table.load(tem_save, seed=3)
    P.seat_players(t, ["Red", "Blue"])
    t.step()
    t.click("Red", "start:go")
    P.settle(t)
    first = status(t)["decider"]
    t.click(first, P.panel_options(t, first)[0][0])
    P.settle(t)
    actions = json.loads(t.call_in("-1", "onSave"))["actions"]
    assert [a["type"] for a in actions[:2]] == ["base", "base"]
    t.click("Red", "host:undo")
    P.settle(t)
    assert json.loads(t.call_in("-1", "onSave"))["actions"] == []
    assert status(t)["decider"] == first
    assert any("(and what the table then did by itself)" in line for _, _, line in t.chat)


def test_a_load_mid_programming_keeps_the_half_made_program(tem_save):
    t = Table.load(tem_save, seed=3)
    P.seat_players(t, ["Red", "Blue"])
    t.step()
    t.click("Red", "start:go")
    P.settle(t)
    for _ in range(60):
        state = json.loads(t.call_in("-1", "stateText"))
        if state and state["phase"] == "program":
            break
        color = sorted(status(t)["deciders"])[0]
        if t.dialog(color) is not None:
            t.answer(color, 1)
        else:
            t.click(color, P.panel_options(t, color)[0][0])
        P.settle(t)
    for _ in range(2):  # Red programs two cards of four
        t.answer("Red", 1)
        P.settle(t)
    assert t.dialog("Red").description.startswith("Program slot 3 of 4")
    loaded = t.reload(seed=5)
    P.settle(loaded)
    assert loaded.dialog("Red").description.startswith("Program slot 3 of 4")
    told = [m for m in loaded.messages("Red") if "your choices so far are kept" in m]
    assert told and all("your choices so far are kept" not in m
                        for m in loaded.messages("Blue"))  # fmt: skip
    assert saved(loaded)["table"]["own"]["Red"]


# --- ttsmod replay --at / --step / --as ---------------------------------------------------------


def test_replay_at_a_move_reads_as_one_colour_or_a_spectator(cli, tmp_path, tem_game):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(tem_game.record), encoding="utf-8")
    red = cli("replay", "tem", str(path), "--at", "30", "--as", "red")
    assert red.code == 0, red
    assert "Game log through action 30 of" in red.stdout and "[Red only] " in red.stdout
    assert "status: Round " in red.stdout
    blue = cli("replay", "tem", str(path), "--at", "30", "--as", "Blue")
    assert "[Red only]" not in blue.stdout and "[Blue only]" in blue.stdout
    grey = cli("replay", "tem", str(path), "--at", "30")
    assert "only] " not in grey.stdout and "as a spectator reads it" in grey.stdout
    whole = cli("replay", "tem", str(path))
    assert json.loads(whole.stdout)["phase"] == "over"
    assert "Final score: zones + combat + KOs + Mighty Mech + weapons = VP" in whole.stderr
    step = cli(
        "replay", "tem", str(path), "--step", "--at", str(len(tem_game.record["actions"]) - 2)
    )
    assert step.code == 0 and step.stdout.count("status: ") == 3 and "Game over." in step.stdout
    bad = cli("replay", "tem", str(path), "--at", "5", "--as", "Mauve")
    assert bad.code == 2 and "not a colour seated in this game" in bad.stderr
    seated = tem_game.record["setup"]["players"]
    empty = next(c for c in ("Red", "Blue", "Green", "Yellow") if c not in seated)
    unseated = cli("replay", "tem", str(path), "--at", "5", "--as", empty)
    assert unseated.code == 2 and f"--as {empty}: not a colour seated" in unseated.stderr
    alone = cli("replay", "tem", str(path), "--as", "Blue")
    assert alone.code == 2 and "give --at N or --step too" in alone.stderr
    far = cli("replay", "tem", str(path), "--at", "100000")
    assert far.code == 2 and "the record holds" in far.stderr


def test_your_own_galaxies_mission_is_in_your_log_and_your_replay(teg_game, cli, tmp_path):
    record = teg_game.record
    kept = record["setup"]["missions"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for color in kept:
        own = next(line for line in teg_game.logs[color].splitlines() if "You keep" in line)
        assert own.startswith(f"[{color} only] You keep the mission ") and "VP): " in own
        others = [c for c in kept if c != color]
        assert all(own[len(f"[{color} only] ") :] not in teg_game.logs[c] for c in others)
        told = cli("replay", "teg", str(path), "--at", "0", "--as", color)
        assert told.code == 0 and own in told.stdout, told  # the same words as at the table
    spectator = cli("replay", "teg", str(path), "--at", "0")
    assert "You keep" not in spectator.stdout
    assert spectator.stdout.count("has kept a secret mission.") == len(kept)


def test_galaxies_replay_ends_a_turn_in_the_tables_words(teg_game, cli, tmp_path):
    # the table says why it ended a turn by itself; the replay, reading only the record,
    # says the same (it asks the core whether End turn was the only option then)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(teg_game.record), encoding="utf-8")
    told = cli("replay", "teg", str(path), "--at", str(len(teg_game.record["actions"])))
    numbered = (re.match(r"\s*\d+  (.*)$", line) for line in told.stdout.splitlines())
    replayed = [m.group(1) for m in numbered if m]
    table = [x for x in teg_game.logs["Grey"].splitlines() if " ends the turn" in x]
    assert table and any("nothing left to do" in x for x in table)
    assert [x for x in replayed if " ends the turn" in x] == table
