"""Broken card data: every kind of mistake gets a located, clear error and exit status 2.

Each case edits a scratch copy of cards/teg. The expected line is found in the edited file
(the line holding `at`), so the cases keep working when the data gains lines above them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class Case:
    """One mistake: replace `old` with `new` in `file`; expect `code` + `message` at `at`."""

    id: str
    file: str
    old: str
    new: str
    code: str
    message: str
    at: str | None = None  # text on the expected line (default: first line of `new`)
    line: int | None = 0  # explicit line (None: no line, e.g. a missing file); 0: use `at`


JAKKS = "  - id: jakks\n    name: Jakks\n    vp: 1\n"

CASES = [
    Case("empty-file", "planets.yaml", "*", "", "EMPTY", "file is empty", line=1),
    Case("comments-only", "dice.yaml", "*", "# nothing yet\n", "EMPTY", "file is empty", line=1),
    Case(
        "yaml-syntax",
        "planets.yaml",
        "    name: Jakks\n",
        "    name: Jakks: the first\n",
        "YAML",
        "mapping values are not allowed here",
    ),
    Case(
        "tab-indent",
        "empire.yaml",
        "  - {level: 2,",
        "\t- {level: 2,",
        "YAML",
        "found character '\\t' that cannot start any token",
    ),
    Case(
        "control-char",
        "missions.yaml",
        "text: Have the most energy.",
        "text: Have the most \x07energy.",
        "YAML",
        "character 0x0007 is not allowed",
    ),
    Case(
        "recursive-alias",
        "game.yaml",
        "follow_cost: {culture: 1}",
        "follow_cost: &loop {culture: [*loop]}",
        "YAML",
        "alias refers to a node that contains it",
    ),
    Case(
        "latin-1",
        "planets.yaml",
        "text: Gain 1 culture.",
        "text: Gain 1 cult\xfcre.",
        "ENCODING",
        "not valid UTF-8 (byte 0xfc)",
    ),
    Case("utf-16", "game.yaml", "*", "utf16", "ENCODING", "UTF-16", line=1),
    Case("missing-file", "missions.yaml", "*", None, "MISSING", "file not found", line=None),
    Case(
        "several-documents",
        "empire.yaml",
        "vp: 8}\n",
        "vp: 8}\n---\nlevels: []\n",
        "YAML",
        "several YAML documents",
        at="levels: []",
    ),
    Case(
        "unknown-key",
        "planets.yaml",
        JAKKS,
        JAKKS + "    stpes: 2\n",
        "SCHEMA",
        "unknown key 'stpes' (did you mean 'steps'?)",
        at="stpes: 2",
    ),
    Case(
        "wrong-type",
        "planets.yaml",
        JAKKS,
        JAKKS.replace("vp: 1", "vp: one"),
        "SCHEMA",
        "vp must be a whole number (found the text 'one')",
        at="vp: one",
    ),
    Case(
        "float-for-int",
        "empire.yaml",
        "{level: 2, cost: 2,",
        "{level: 2, cost: 2.0,",
        "SCHEMA",
        "cost must be a whole number (found the number 2.0)",
    ),
    Case(
        "date-for-int",
        "game.yaml",
        "end_vp: 21",
        "end_vp: 2021-12-01",
        "SCHEMA",
        "end_vp must be a whole number (found the text '2021-12-01')",
    ),
    Case(
        "negative",
        "game.yaml",
        "start: 1}",
        "start: -1}",
        "SCHEMA",
        "start must be at least 0 (found the number -1)",
    ),
    Case(
        "bad-enum",
        "planets.yaml",
        JAKKS + "    track: diplomacy",
        JAKKS + "    track: diplomcy",
        "SCHEMA",
        "track must be one of: diplomacy, economy (found the text 'diplomcy')",
        at="track: diplomcy",
    ),
    Case(
        "not-a-mapping",
        "empire.yaml",
        "*",
        "- 1\n- 2\n",
        "SCHEMA",
        "this document must be a mapping of keys to values (found a list)",
        line=1,
    ),
    Case(
        "missing-key",
        "planets.yaml",
        "    text: Gain 1 culture.\n",
        "",
        "SCHEMA",
        "'text' is required here",
        at="- id: jakks",
    ),
    Case(
        "unknown-effect",
        "planets.yaml",
        "{effect: gain, gain: {culture: 1}}",
        "{effect: gian, gain: {culture: 1}}",
        "SCHEMA",
        "(found the text 'gian')",
    ),
    Case(
        "wrong-effect-param",
        "planets.yaml",
        "{effect: gain, gain: {culture: 1}}",
        "{effect: gain, amount: 1}",
        "SCHEMA",
        "unknown key 'amount'",
    ),
    Case(
        "duplicate-yaml-key",
        "planets.yaml",
        JAKKS,
        JAKKS + "    vp: 2\n",
        "DUPKEY",
        "duplicate key 'vp' (first at line",
        at="vp: 2",
    ),
    Case(
        "duplicate-id",
        "planets.yaml",
        "  - id: vici-ks156\n    name: Vici-KS156",
        "  - id: jakks\n    name: Jakks",
        "DUPID",
        "id 'jakks' is already used by planets.yaml /planets/0",
        at="id: jakks\n    name: Jakks\n    vp: 1\n    track: economy",
    ),
    Case(
        "duplicate-id-across-files",
        "missions.yaml",
        "  - id: charger\n    name: Charger",
        "  - id: jakks\n    name: Jakks",
        "DUPID",
        "already used by planets.yaml /planets/0",
    ),
    Case(
        "reserved-id",
        "planets.yaml",
        "  - id: jakks\n    name: Jakks",
        "  - id: home\n    name: Home",
        "DUPID",
        "id 'home' is reserved",
    ),
    Case(
        "id-not-from-name",
        "planets.yaml",
        "id: omicronfenzi",
        "id: omicron-fenzi",
        "ID",
        "does not match name 'Omicron Fenzi': expected 'omicronfenzi'",
    ),
    Case(
        "empire-cost-order",
        "empire.yaml",
        "{level: 3, cost: 3,",
        "{level: 3, cost: 2,",
        "EMPIRE",
        "cost must increase from level to level (2 then 2)",
    ),
    Case(
        "empire-too-many-dice",
        "empire.yaml",
        "cost: 6, dice: 7",
        "cost: 6, dice: 8",
        "EMPIRE",
        "8 dice, but dice.yaml has 7",
    ),
    Case(
        "row-size-missing",
        "game.yaml",
        "  - {players: 4, planets: 6}\n",
        "",
        "ROWS",
        "no row size for 4 players",
        at="{players: 2, planets: 4}",
    ),
    Case(
        "row-size-twice",
        "game.yaml",
        "{players: 5, planets: 6}",
        "{players: 4, planets: 7}",
        "ROWS",
        "row size for 4 players is given twice",
    ),
    Case(
        "start-above-cap",
        "game.yaml",
        "start: 2}",
        "start: 9}",
        "SETUP",
        "start 9 is above the cap of 7",
    ),
    Case(
        "too-few-missions",
        "game.yaml",
        "dealt: 2",
        "dealt: 3",
        "SETUP",
        "needs 15 missions, missions.yaml has 12",
    ),
    Case(
        "track-not-on-dice",
        "dice.yaml",
        "action: advance\n    track: economy",
        "action: advance\n    track: diplomacy",
        "REF",
        "track 'economy' is not defined in dice.yaml",
        at="track: economy",
    ),
    Case(
        "missing-own-turn",
        "planets.yaml",
        "{effect: reroll, dice: any_inactive, limits: [own_turn_only]}",
        "{effect: reroll, dice: any_inactive}",
        "ABILITY",
        "add own_turn_only to limits",
    ),
    Case(
        "trade-to-itself",
        "planets.yaml",
        "{effect: trade, from: culture, to: energy}",
        "{effect: trade, from: energy, to: energy}",
        "ABILITY",
        "trade 'from' and 'to' are the same resource",
    ),
    Case(
        "tied-vp-that-cannot-tie",
        "missions.yaml",
        "    vp: 2\n    condition: {kind: triggered_end}",
        "    vp: 2\n    tied_vp: 1\n    condition: {kind: triggered_end}",
        "MISSION",
        "kind 'triggered_end' cannot tie",
        at="tied_vp: 1",
    ),
]


def apply(case: Case, folder: Path) -> Path:
    """Make the mistake in `folder` and return the file that holds it."""
    path = folder / case.file
    if case.new is None:
        path.unlink()
        return path
    if case.new == "utf16":
        path.write_bytes(path.read_text(encoding="utf-8").encode("utf-16"))
        return path
    text = path.read_text(encoding="utf-8")
    if case.old == "*":
        text = case.new
    else:
        assert case.old in text, f"{case.id}: the text to break is no longer in {case.file}"
        text = text.replace(case.old, case.new, 1)
    path.write_bytes(text.encode("latin-1" if case.code == "ENCODING" else "utf-8"))
    return path


def expected_line(case: Case, path: Path) -> int | None:
    if case.line is None or case.line > 0:
        return case.line
    at = case.at or case.new.strip("\n").splitlines()[0].strip()
    # The expected file may differ from the edited one (REF errors land in planets.yaml).
    target = path.parent / ("planets.yaml" if case.code == "REF" else case.file)
    text = target.read_bytes().decode("latin-1" if case.code == "ENCODING" else "utf-8")
    index = text.find(at)
    assert index >= 0, f"{case.id}: '{at}' not found in {target.name}"
    offset = len(at) - len(at.lstrip())
    return text.count("\n", 0, index + offset) + 1


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_broken_data_is_reported_with_its_location(case, teg_copy, cli):
    path = apply(case, teg_copy)
    run = cli("validate", str(teg_copy), "--format", "json")
    assert run.exception is None, run
    assert run.code == 2, run
    report = json.loads(run.stdout)
    assert report["ok"] is False and report["summary"] is None
    file = "planets.yaml" if case.code == "REF" else case.file
    line = expected_line(case, path)
    matches = [
        p
        for p in report["problems"]
        if p["file"].endswith(f"/{file}")
        and p["code"] == case.code
        and case.message in p["message"]
    ]
    assert matches, f"no {case.code} problem '{case.message}' in {file}:\n{run}"
    assert line in [p["line"] for p in matches], f"expected line {line}:\n{run}"


def test_text_report_format_is_file_line_col_pointer_message(teg_copy, cli):
    case = next(c for c in CASES if c.id == "wrong-type")
    apply(case, teg_copy)
    run = cli("validate", str(teg_copy))
    assert run.code == 2, run
    text = (teg_copy / "planets.yaml").read_text(encoding="utf-8")
    line = text[: text.index("vp: one")].count("\n") + 1
    assert (
        f"{teg_copy.as_posix()}/planets.yaml:{line}:9: /planets/0/vp: vp must be a whole "
        "number (found the text 'one') [SCHEMA]" in run.stdout.splitlines()
    )
    assert "1 problem(s) in 1 file(s)" in run.stderr


def test_every_error_is_reported_at_once(teg_copy, cli):
    for case_id in ("control-char", "empire-cost-order", "row-size-missing", "trade-to-itself"):
        apply(next(c for c in CASES if c.id == case_id), teg_copy)
    dice = teg_copy / "dice.yaml"
    dice.write_text(dice.read_text(encoding="utf-8").replace("count: 7", "count: seven"))
    run = cli("validate", str(teg_copy), "--format", "json")
    codes = sorted(p["code"] for p in json.loads(run.stdout)["problems"])
    # One file unreadable, one malformed: the checks that do not need them still run.
    assert codes == ["ABILITY", "EMPIRE", "ROWS", "SCHEMA", "YAML"], run


def test_cross_checks_skip_files_that_failed_their_schema(teg_copy, cli):
    # A duplicate id in a file that is also malformed is not reported twice over: the schema
    # error is, and the cross-check waits for a well-formed file.
    apply(next(c for c in CASES if c.id == "duplicate-id"), teg_copy)
    apply(next(c for c in CASES if c.id == "wrong-type"), teg_copy)
    run = cli("validate", str(teg_copy), "--format", "json")
    assert [p["code"] for p in json.loads(run.stdout)["problems"]] == ["SCHEMA"], run


def test_there_are_at_least_fifteen_kinds_of_mistake():
    assert len({c.code for c in CASES}) >= 10
    assert len(CASES) >= 15


def test_a_name_with_accents_and_punctuation_validates_with_its_folded_id(teg_copy, cli):
    """ "Jäkks Über-Élan" folds to the id "jakksuber-elan"; writing the name's own letters as
    the id is refused with the id it must be."""
    planets = teg_copy / "planets.yaml"
    text = planets.read_text(encoding="utf-8")
    planets.write_text(
        text.replace(
            "  - id: jakks\n    name: Jakks", "  - id: jakksuber-elan\n    name: Jäkks Über-Élan!"
        ),
        encoding="utf-8",
    )
    run = cli("validate", str(teg_copy))
    assert run.code == 0, run
    planets.write_text(
        text.replace("  - id: jakks\n    name: Jakks", "  - id: jäkks\n    name: Jäkks Über-Élan"),
        encoding="utf-8",
    )
    run = cli("validate", str(teg_copy), "--format", "json")
    assert run.code != 0
    found = json.loads(run.stdout)["problems"]
    assert any(p["pointer"] == "/planets/0/id" for p in found), found


def test_a_colon_inside_card_text_gets_a_hint_to_quote_it(teg_copy, cli):
    planets = teg_copy / "planets.yaml"
    text = planets.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.strip().startswith("text:"))
    planets.write_text(text.replace(line, line.rstrip() + " Note: twice", 1), encoding="utf-8")
    run = cli("validate", str(teg_copy))
    assert run.code == 2
    assert "put the whole value in quotes" in run.stdout + run.stderr
    assert "planets.yaml:" in run.stdout + run.stderr
