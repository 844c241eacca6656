"""A modder's game broken one part at a time: `ttsmod check` names each lack in one line and
always ends, and the other games' commands work on.

Each case is a copy of the project (tests/chaos.py) with `dice2`, Liar's Dice under another
id, registered beside the shipped games, and one of its parts broken.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from chaos import project_copy, ttsmod

from generator import games
from generator.paths import ROOT


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: {old!r} not found"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


G = "generator/games/dice2"
CORE = "lua/dice2/core/engine.lua"
# the line of the core's last `return Engine`: what is put before it takes its number
LAST = (ROOT / "lua/liars/core/engine.lua").read_text().rstrip("\n").count("\n") + 1


def _core_ends(lua: str):
    """Break the copy's Lua core with `lua` put just before the module returns."""
    return lambda r: _edit(r / CORE, "\nreturn Engine\n", f"\n{lua}\nreturn Engine\n")


# name -> (how to break the copy, what `check` says of it)
CASES = {
    "no binding": (
        lambda r: (r / G / "__init__.py").unlink(),
        f"{G}/__init__.py: missing (the package's file that binds the game)",
    ),
    "GAME is None": (
        lambda r: _edit(r / G / "__init__.py", "GAME = LiarsDice()", "GAME = None"),
        f"{G}/__init__.py: defines no GAME",
    ),
    "a syntax error in the loader": (
        lambda r: _edit(r / G / "cards.py", 'GAME = "dice2"', 'GAME = "dice2"\ndef broken(:'),
        f"{G}/cards.py: no card loader could be loaded ({G}/cards.py:13: SyntaxError",
    ),
    "no loader": (
        lambda r: (r / G / "cards.py").unlink(),
        f"{G}/cards.py: no card loader could be loaded (ModuleNotFoundError",
    ),
    "the binding's id is another": (
        lambda r: _edit(r / G / "__init__.py", 'id = "dice2"', 'id = "dice3"'),
        f"{G}/__init__.py: GAME.id is 'dice3', not its registry key 'dice2'",
    ),
    "a schema that is no JSON": (
        lambda r: (r / "schemas/dice2/game.schema.json").write_text("{ not json"),
        "schemas/dice2/game.schema.json:1:3: the schema of the card file `game` is not JSON",
    ),
    "a schema that is no schema": (
        lambda r: (r / "schemas/dice2/game.schema.json").write_text('{"type": 5}'),
        "schemas/dice2/game.schema.json: the schema of the card file `game` is no JSON Schema",
    ),
    "no player range": (  # the default reads the engine's g["players"]: an engine without
        lambda r: _edit(r / G / "rules/engine.py", "self.g = ", "self.g = None\n        self.k = "),
        f"{G}/__init__.py: GAME.player_range(engine) is not given",
    ),
    "no bots": (
        lambda r: (r / G / "rules/bots.py").unlink(),
        f"{G}/rules/bots.py: no bots could be loaded",
    ),
    "no record schema": (
        lambda r: (r / "schemas/dice2/log.schema.json").unlink(),
        "schemas/dice2/log.schema.json: no schema of the game record",
    ),
    "a declared language without its catalogue": (
        lambda r: (r / "cards/dice2/i18n/ja.po").unlink(),
        "cards/dice2/i18n/ja.po: `languages` declares 'ja', but its catalogue is missing",
    ),
    "no Lua core": (
        lambda r: (r / CORE).unlink(),
        f"{CORE}: no Lua core: no module dice2.core.engine",
    ),
    "a core that does not compile": (
        _core_ends("local = 3"),
        f"{CORE}:",
    ),
    "a core that errors at load": (
        _core_ends('error("boom")'),
        f"{CORE}:{LAST}: loading the core: boom",
    ),
    "a core that loops at load": (
        _core_ends("while true do end"),
        f"{CORE}:{LAST}: loading the core: over 50000000 instructions: a loop that never ends?",
    ),
    "a core that gives nothing": (
        lambda r: _edit(r / CORE, "\nreturn Engine\n", "\nreturn nil\n"),
        f"{CORE}: no Lua core: the module gives nil, not a table with new(data)",
    ),
    "no playtest hooks": (
        lambda r: (r / G / "playtest.py").unlink(),
        "the table's parts cannot be loaded (ModuleNotFoundError",
    ),
    "no Global script": (
        lambda r: (r / "lua/dice2/table/global.lua").unlink(),
        "lua/dice2/table/global.lua: no Global script",
    ),
    "numbers before a table": (
        # (its table is the framework's, from its scoreboard's columns: without them, none)
        lambda r: _edit(r / G / "__init__.py", "def columns(self)", "def _columns(self)"),
        f"{G}/__init__.py: `numbers` declares what the game log states, but the game has no table",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_check_names_each_lack_in_a_line_and_ends(tmp_path, case):
    root = project_copy(tmp_path)
    breaks, said = CASES[case]
    breaks(root)
    run = ttsmod(root, "check", "dice2", timeout=60)
    assert "Traceback" not in run.stdout + run.stderr, run.stderr
    assert run.returncode == 2, (run.stdout, run.stderr)
    assert said in run.stdout, run.stdout
    lines = run.stdout.splitlines()
    # one line per lack, `where: what`, and one closing line of how many
    assert all(re.match(r"^\S[^:]*(:\d+(:\d+)?)?: \S", line) for line in lines), lines
    lacks = len(lines)
    assert run.stderr.strip().splitlines() in (
        [f"ttsmod: dice2 lacks {lacks} part(s) (above)"],
        [f"ttsmod: the game 'dice2' cannot be loaded: {lines[0].partition(': ')[2]}"],
    ), run.stderr


@pytest.mark.parametrize("case", ["no binding", "a syntax error in the loader"])
def test_one_broken_game_costs_the_others_nothing(tmp_path, case):
    root = project_copy(tmp_path)
    CASES[case][0](root)
    helped = ttsmod(root, "--help")
    assert helped.returncode == 0 and "Usage" in helped.stdout, helped.stderr
    listed = ttsmod(root, "games")
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"^liars: Liar's Dice, 2-6 players; table: yes$", listed.stdout, re.M)
    # its binding broken: it cannot be loaded; its loader broken: it is in the making
    assert re.search(r"^dice2: (cannot be loaded \(.+\); `ttsmod check dice2` says more|"
                     r"Liar's Dice, in the making: `ttsmod check dice2` says what it lacks)$",
                     listed.stdout, re.M), listed.stdout  # fmt: skip
    ids = ttsmod(root, "games", "--ids")
    assert "teg" in ids.stdout.split() and ids.returncode == 0
    other = ttsmod(root, "validate", "liars")
    assert other.returncode == 0 and other.stdout.startswith("ok: liars"), other.stderr
    own = ttsmod(root, "validate", "dice2")
    assert own.returncode == 2 and "Traceback" not in own.stderr
    assert own.stderr.startswith("ttsmod: the game 'dice2' cannot be loaded"), own.stderr
    built = ttsmod(root, "build", "liars")
    assert built.returncode == 0 and (root / "build/liars/LiarsDice.json").is_file(), built.stderr


def test_a_registry_key_that_is_no_id_is_refused(tmp_path):
    root = project_copy(tmp_path)
    _edit(root / "generator/games/__init__.py", '"dice2": ', '"../../../../x": ')
    run = ttsmod(root, "check", "../../../../x")
    assert run.returncode == 2 and "its registry key is no id" in run.stdout + run.stderr
    assert not (tmp_path / "x").exists()
    listed = ttsmod(root, "games", "--ids")
    assert listed.stdout.split() == sorted(games.MODULES)
