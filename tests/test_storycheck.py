"""The story checker (generator/harness/storycheck.py): what a log states, against the states.

First the checker on logs made up for the purpose, one kind of falsehood each; then Tiny Epic
Galaxies' log over whole simulated games, as every colour reads it.
"""

from __future__ import annotations

import random
import re

import pytest

from generator import games
from generator.harness import storycheck as S

NUMBERS = {"energy": "energy", "VP": "vp"}


def states(*rows):
    """States from (Red's energy, Red's VP, Blue's energy, Blue's VP) after each action."""
    return [{"players": [{"color": "Red", "energy": a, "vp": b},
                         {"color": "Blue", "energy": c, "vp": d}]}
            for a, b, c, d in rows]  # fmt: skip


def kinds(found):
    return [f.kind for f in found]


def test_a_true_log_has_no_finding():
    s = states((2, 0, 3, 0), (4, 1, 2, 0))
    log = {"Grey": [(1, "Red takes energy (Heist): +2 energy (now 4), +1 VP (now 1 VP); "
                        "Blue: -1 energy (now 2), taken by Red (Heist).")]}  # fmt: skip
    assert S.check(s, log, NUMBERS) == []


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Red acquires energy: +2 energy (now 5).", "total"),  # the total is 4
        ("Red acquires energy: +3 energy (now 4).", "sum"),  # it rose by 2
        ("Red acquires energy.", "unstated"),
        ("Red acquires energy: none gained: no ship home.", "nothing"),
        ("Red acquires energy: +2 energy (now 4); Blue: +1 VP (now 1 VP).", "uncaused"),
    ],
)
def test_each_kind_of_falsehood_is_found_and_named(text, kind):
    s = states((2, 0, 3, 0), (4, 0, 3, 1 if kind == "uncaused" else 0))
    found = S.check(s, {"Red": [(1, text)]}, NUMBERS)
    assert kind in kinds(found), found
    first = next(f for f in found if f.kind == kind)
    assert str(first).startswith(f"action 1, Red's log: {kind}: ")


def test_a_stated_cost_is_not_a_gain_said_to_be_none():
    s = states((2, 0, 3, 0), (1, 0, 3, 0))
    text = "Red follows Blue's Acquire Energy: -1 energy to follow (now 1), none gained."
    assert S.check(s, {"Grey": [(1, text)]}, NUMBERS) == []
    hidden = states((2, 0, 3, 0), (2, 0, 3, 0))  # paid 1 and gained 1: the entry hid both
    assert set(kinds(S.check(hidden, {"Grey": [(1, text)]}, NUMBERS))) == {"nothing", "sum"}


def test_whose_number_an_amount_is():
    text = (
        "[Blue only] Blue uses Jakks: +1 energy (now 3), -2 VP (now 0 VP, the least); "
        "Red: +1 energy (now 5) from Bisschop"
    )
    assert S.claims(text, ["Red", "Blue"], NUMBERS) == [
        ("Blue", "energy", 1, 3), ("Blue", "VP", -2, 0), ("Red", "energy", 1, 5)]  # fmt: skip
    assert S.uncaused(text, ["Red", "Blue"], NUMBERS) == []
    assert S.uncaused("Blue: +1 VP; Red: +1 VP (now 2 VP)", ["Red", "Blue"], NUMBERS) == [
        "Red: +1 VP (now 2 VP)"]  # fmt: skip


@pytest.mark.parametrize("players", [2, 4])
def test_galaxies_log_is_true_over_whole_games(players):
    """Every colour's log of a simulated game, told by the table's own Lua words."""
    rules = games.get("teg")
    engine = rules.engine()
    rng = random.Random(players)
    (played,) = list(rules.simulate(engine, 1, players, rng.randrange(10**6), ["greedy"]))
    record = played.record
    assert S.check_record("teg", record) == []
    from generator.harness.story import Teller

    lines = [line["text"] for line in Teller("teg").tell(record).lines]
    follows = [t for t in lines if " follows " in t]
    assert follows and all(" to follow" in t for t in follows), follows[:3]


def test_replay_at_checks_the_log_it_shows_and_names_what_is_false(tmp_path, monkeypatch):
    """A game declaring its numbers wrong (energy read from the culture field): replay --at
    shows the log, then names each entry the states contradict, and exits 1."""
    import json

    from click.testing import CliRunner

    from generator.cli import main

    rules = games.get("teg")
    (played,) = list(rules.simulate(rules.engine(), 1, 2, 7, ["greedy"]))
    record = tmp_path / "game.json"
    record.write_text(json.dumps(played.record), encoding="utf-8")
    runner = CliRunner()
    fine = runner.invoke(main, ["replay", "teg", str(record), "--at", "30", "--as", "Red"])
    assert fine.exit_code == 0, fine.output
    monkeypatch.setattr(type(rules), "numbers", {"energy": "culture"})
    wrong = runner.invoke(main, ["replay", "teg", str(record), "--at", "30", "--as", "Red"])
    assert wrong.exit_code == 1
    assert "Game log through action 30" in wrong.stdout
    assert re.search(r"the log says what the states do not: action \d+, Red's log: \w+: ",
                     wrong.stderr)  # fmt: skip


def test_the_tables_log_must_be_the_storys_from_its_opening_line():
    """Word for word, the opening line too: replay --at N --as C shows the table's log."""
    told = [(0, "Start."), (1, "Red acquires energy: +2 energy (now 4)."), (2, "Blue passes.")]
    table = "Start.\nRed acquires energy: +2 energy (now 4).\nBlue passes."
    assert S._same_words("Red", told, table) == []
    (wrong,) = S._same_words("Red", told, table.replace(" (now 4).", "."))
    assert wrong.kind == "table" and wrong.action == 1 and "+2 energy." in wrong.text
    (opening,) = S._same_words("Red", told, table.replace("Start.", "Start, said at the table."))
    assert opening.action == 1 and "'Start.'" in opening.text
    (short,) = S._same_words("Grey", told, "Start.\nBlue passes.")
    assert "the table wrote 'Blue passes.', the story tells 'Red acquires" in short.text
    (extra,) = S._same_words("Grey", told, table + "\nGreen passes.")
    assert "'Green passes.' after the story's last entry" in extra.text


def test_an_ability_share_of_an_amount_names_its_card_or_the_checker_finds_it():
    """Mechs, seed 15: Vexa adds 1 VP to Yellow's KO. The log gives that share its own part
    and names the card; with the name planted away, the checker finds the action."""
    from types import SimpleNamespace

    from generator.harness.story import Teller

    rules = games.get("tem")
    (played,) = list(rules.simulate(rules.engine(), 1, 4, 15, ["greedy"]))
    record = played.record
    teller = Teller("tem")
    lines = [line["text"] for line in teller.tell(record).lines]
    (ko,) = [t for t in lines if " from Vexa" in t]
    assert re.search(r"KOs \w+: \+3 VP \(now \d+ VP\) for the KO, \+1 VP \(now \d+ VP\) from "
                     r"Vexa", ko), ko  # fmt: skip
    assert S.check_record("tem", record, teller=teller, readers=[None]) == []

    class Unnamed:  # the same words, the card's name left out
        def tell(self, record, color=None):
            told = teller.tell(record, color=color)
            lines = [{**x, "text": x["text"].replace(" from Vexa", "")} for x in told.lines]
            return SimpleNamespace(lines=lines)

    found = S.check_record("tem", record, teller=Unnamed(), readers=[None])
    assert [f.kind for f in found] == ["cause"] and "Yellow's Vexa" in found[0].text, found


def test_the_hosts_answer_alone_in_the_tables_log_is_not_an_entry_of_the_story():
    """An answer the host gave for a player away that the story tells with others (a pass) is
    the table's own line; the story's entries still match the rest word for word."""
    told = [(1, "Blue rolls 4 dice."), (2, "Green and Yellow do not follow.")]
    table = ("Blue rolls 4 dice.\nYellow: Pass [decided by the host, Red for Yellow, who is not "
             "seated]\nGreen and Yellow do not follow.")  # fmt: skip
    assert S._same_words("Grey", told, table) == []
    (wrong,) = S._same_words("Grey", told, table.replace("Yellow: Pass", "Yellow passes."))
    assert wrong.kind == "table"
