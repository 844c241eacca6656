"""Inputs that must not trick the toolchain: each gets a clear message and exit 2, and
nothing outside build/ (nor build/ itself, on a failed build) changes."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest

from generator.build import asset_base_url, build_key
from generator.paths import CARDS

SAVE = "TinyEpicGalaxies"


def built_at(build_dir, card_folder):
    """Where a build of this card folder goes (build/teg for cards/teg, else its own)."""
    return build_dir / build_key("teg", card_folder)


def snapshot(folder):
    """Every file below a folder with its bytes (the image cache left out)."""
    if not folder.exists():
        return {}
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".cache" not in p.parts
    }


def rename(cards, name):
    game = cards / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("name: Tiny Epic Galaxies", f"name: {name}"), encoding="utf-8")


# --- file names from the game's name ------------------------------------------------------


def test_a_name_with_path_parts_names_a_file_inside_build(cli, build_dir, teg_copy, tmp_path):
    rename(teg_copy, "'../../../escaped'")
    outside = sorted(p.name for p in tmp_path.iterdir())
    run = cli("build", str(teg_copy))
    assert run.code == 0, run
    assert (built_at(build_dir, teg_copy) / "escaped.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*outside, "build"])
    assert not list(tmp_path.parent.glob("escaped*"))


def test_a_name_that_gives_no_file_name_is_refused_where_it_is_written(cli, build_dir, teg_copy):
    rename(teg_copy, "'....'")
    run = cli("build", str(teg_copy))
    assert run.code == 2, run
    found = r"game\.yaml:5:7: /name: '\.\.\.\.' has no letter or digit .* \[NAME\]"
    assert re.search(found, run.stdout), run
    assert not build_dir.exists()


def test_a_renamed_game_leaves_no_stale_save_behind(cli, build_dir, teg_copy):
    assert cli("build", str(teg_copy)).code == 0
    rename(teg_copy, "Tiny Epic Galaxies Deluxe")
    assert cli("build", str(teg_copy)).code == 0
    saves = sorted(p.name for p in (built_at(build_dir, teg_copy)).glob("*.json"))
    assert saves == ["TinyEpicGalaxiesDeluxe.json", "build.json"]


# --- install, preview -----------------------------------------------------------------------


def test_install_refuses_a_build_the_sources_have_moved_on_from(cli, build_dir, teg_copy, tmp_path):
    saves = tmp_path / "Saves"
    saves.mkdir()
    run = cli("install", str(teg_copy), "--saves-dir", str(saves))
    assert run.code == 2 and "no build of teg" in run.stderr
    assert f"ttsmod build {teg_copy.as_posix()}" in run.stderr
    assert cli("build", str(teg_copy)).code == 0
    run = cli("install", str(teg_copy), "--saves-dir", str(saves))
    assert run.code == 0, run
    assert "file:/// URLs" in run.stderr  # only this computer can show the images
    installed = snapshot(saves)
    (teg_copy / "missions.yaml").write_text(
        (teg_copy / "missions.yaml").read_text(encoding="utf-8") + "# edited\n", encoding="utf-8"
    )
    run = cli("install", str(teg_copy), "--saves-dir", str(saves))
    assert run.code == 2 and "is out of date" in run.stderr, run
    assert snapshot(saves) == installed


def test_install_with_a_hosted_build_does_not_warn(cli, build_dir, tmp_path):
    assert cli("build", "teg", "--asset-base-url", "https://example.org/teg/").code == 0
    saves = tmp_path / "Saves"
    run = cli("install", "teg", "--saves-dir", str(saves))
    assert run.code == 0 and "created the folder" in run.stdout, run
    assert "file:///" not in run.stderr


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("", "--saves-dir is empty"),
        ("{tmp}/Tabletop Simulatr/Saves", "only the last folder of it is created"),
        ("{tmp}/a-file", "is a file, not a folder"),
    ],
)
def test_install_refuses_a_saves_dir_it_would_have_to_guess(
    cli, build_dir, tmp_path, given, message
):
    assert cli("build", "teg").code == 0
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    run = cli("install", "teg", "--saves-dir", given.format(tmp=tmp_path))
    assert run.code == 2 and message in run.stderr, run
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_preview_never_changes_the_build(cli, build_dir, teg_copy):
    url = "https://example.org/teg/"
    assert cli("build", str(teg_copy), "--asset-base-url", url).code == 0
    built = snapshot(built_at(build_dir, teg_copy))
    run = cli("preview", str(teg_copy))
    assert run.code == 0, run
    after = snapshot(built_at(build_dir, teg_copy))
    assert after.pop("preview.png") and after == built
    # Out of date: it builds again, with the settings of the last build.
    rename(teg_copy, "Tiny Epic Galaxies Two")
    run = cli("preview", str(teg_copy))
    assert run.code == 0 and "out of date: building it" in run.stderr, run
    save = (built_at(build_dir, teg_copy) / "TinyEpicGalaxiesTwo.json").read_text(encoding="utf-8")
    assert url in save and "file:///" not in save


# --- the asset base URL -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("ftp://example.org/teg/", "use an http:// or https:// URL"),
        ("example.org/teg", "use an http:// or https:// URL"),
        ("https:///teg/", "names no valid host"),
        ("https://example.org/teg/?v=2", "cannot have a ?query"),
        ("https://example.org:99999/", "is not a URL"),
        ("javascript:alert(1)", "use an http:// or https:// URL"),
    ],
)
def test_a_bad_asset_base_url_is_refused(cli, build_dir, url, message):
    run = cli("build", "teg", "--asset-base-url", url)
    assert run.code == 2 and message in run.stderr, run
    assert not build_dir.exists()


def test_an_asset_base_url_is_completed_and_escaped():
    assert asset_base_url("https://example.org/teg") == "https://example.org/teg/"
    assert asset_base_url("HTTP://host:8080/my mods/") == "http://host:8080/my%20mods/"
    assert asset_base_url("https://h.org/caf\u00e9/") == "https://h.org/caf%C3%A9/"
    assert asset_base_url("https://h.org/a%20b/") == "https://h.org/a%20b/"  # not twice


# --- files that are not card data, records that are not records -------------------------------


def bomb(levels):
    text = 'a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]\n'
    previous = "a"
    for name in "bcdefghij"[:levels]:
        text += f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]\n"
        previous = name
    return text


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (bomb(7), "expands to more than 200,000 values"),
        ("missions: " + "[" * 100_000 + "]" * 100_000 + "\n", "nested more than 40 levels"),
        ("missions: " + "[" * 50 + "]" * 50 + "\n", "nested more than 40 levels"),
    ],
    ids=["alias-bomb", "deep-100k", "deep-50"],
)
def test_card_files_that_would_cost_unbounded_time_are_refused(cli, teg_copy, content, message):
    (teg_copy / "missions.yaml").write_text(content, encoding="utf-8")
    run = cli("validate", str(teg_copy))
    assert run.code == 2 and message in run.stdout and "[SIZE]" in run.stdout, run


def test_an_endless_card_file_is_refused(cli, teg_copy):
    (teg_copy / "missions.yaml").unlink()
    os.symlink("/dev/zero", teg_copy / "missions.yaml")
    run = cli("validate", str(teg_copy))
    assert run.code == 2 and "missions.yaml: (root): larger than 2,000,000 bytes" in run.stdout


def test_an_unclosed_bracket_is_reported_where_it_opens(cli, teg_copy):
    game = teg_copy / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("Yellow, Purple]", "Yellow, Purple"), encoding="utf-8")
    line = text[: text.index("seat_colors: [")].count("\n") + 1
    run = cli("validate", str(teg_copy))
    assert run.code == 2, run
    found = f"game.yaml:{line}:14: (root): YAML syntax: the '[' opened here is not closed"
    assert found in run.stdout
    assert "at line" in run.stdout  # and where the parser gave up


def write(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def test_a_record_nested_100k_deep_is_refused(cli, tmp_path, setup):
    path = write(tmp_path / "deep.json", "[" * 100_000 + "]" * 100_000)
    run = cli("replay", "teg", str(path))
    assert run.code == 2 and "nested more than 32 levels" in run.stderr, run
    nested: list = [1]
    for _ in range(40):
        nested = [nested]
    deep_action = {"game": "teg", "setup": setup}
    deep_action["actions"] = [{"type": "roll", "faces": nested}]
    run = cli("replay", "teg", str(write(tmp_path / "d2.json", json.dumps(deep_action))))
    assert run.code == 2 and "nested more than 32 levels" in run.stderr, run


@pytest.fixture(scope="module")
def setup():
    import random

    from generator.games.teg.rules import load_engine
    from generator.games.teg.rules.records import deal

    return deal(load_engine(), 2, random.Random(5))


def test_a_million_action_record_fails_fast_at_its_first_bad_action(cli, tmp_path, setup):
    record = {"game": "teg", "setup": setup, "actions": [{"type": "end_turn"}] * 1_000_000}
    run = cli("replay", "teg", str(write(tmp_path / "long.json", json.dumps(record))))
    assert run.code == 1 and 'action 1 {"type": "end_turn"}' in run.stderr, run
    record["actions"][0] = {"type": "end_turn", "extra": {"x": 1}, "player": 7}
    run = cli("replay", "teg", str(write(tmp_path / "long.json", json.dumps(record))))
    assert run.code == 2 and "/actions/0/player" in run.stderr, run


def test_a_record_with_a_byte_order_mark_replays(cli, tmp_path, setup):
    record = {"game": "teg", "setup": setup, "actions": []}
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record).encode("utf-8"))
    run = cli("replay", "teg", str(path))
    assert run.code == 0 and json.loads(run.stdout)["phase"] == "playing", run


def test_a_record_that_is_a_folder_or_unreadable(cli, tmp_path):
    run = cli("replay", "teg", str(tmp_path / "absent.json"))
    assert run.code == 2 and run.exception is None, run


# --- what used to end in a traceback ------------------------------------------------------------


@pytest.mark.parametrize("command", ["install", "preview", "lint", "build"])
def test_an_unknown_game_is_a_message(cli, build_dir, command):
    run = cli(command, "chess")
    assert run.code == 2 and run.exception is None, run
    assert "neither a known game" in run.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "teg", "--games", "1"),
        ("crosscheck", "teg", "--games", "1"),
        ("replay", "teg", "{record}"),
    ],
)
def test_broken_shipped_cards_are_a_message(cli, tmp_path, monkeypatch, setup, args):
    record = write(tmp_path / "r.json", json.dumps({"game": "teg", "setup": setup, "actions": []}))
    shutil.copytree(CARDS / "teg", tmp_path / "teg")
    (tmp_path / "teg" / "dice.yaml").write_text("count: 7\n", encoding="utf-8")
    monkeypatch.setattr("generator.cards.CARDS", tmp_path)
    from generator.games.teg.rules import load_engine

    load_engine.cache_clear()
    try:
        run = cli(*(a.format(record=record) for a in args))
    finally:
        load_engine.cache_clear()
    assert run.code == 2 and run.exception is None, run
    assert "dice.yaml" in run.stdout and "card data has the problems above" in run.stderr


def test_a_deck_of_more_than_69_cards_spans_several_sheets(build_dir, teg_copy):
    from generator.build import build
    from generator.tts.checks import check_save

    planets = teg_copy / "planets.yaml"
    text = planets.read_text(encoding="utf-8")
    head, body = text.split("planets:\n", 1)
    cards = body.split("\n  - id: ")
    extra = []
    for copy in range(2):
        for card in cards[1:]:
            ident, rest = card.split("\n", 1)
            name = re.search(r"name: (.*)", rest).group(1)
            extra.append(
                f"{ident}x{copy}\n"
                + rest.replace(f"name: {name}", f"name: {name}X{copy}", 1).rstrip("\n")
            )
    cards_text = body.rstrip("\n") + "\n  - id: " + "\n  - id: ".join(extra) + "\n"
    planets.write_text(head + "planets:\n" + cards_text, encoding="utf-8")
    result = build(str(teg_copy), build_dir)
    save = json.loads((result.folder / f"{SAVE}.json").read_text(encoding="utf-8"))
    deck = next(o for o in save["ObjectStates"] if o["Nickname"] == "Planet deck")
    assert len(deck["ContainedObjects"]) == 120
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    assert deck["DeckIDs"][:2] == [100, 101] and deck["DeckIDs"][69] == 200
    assert check_save(save, "x.json", result.folder / "assets", "") == []
    missions = next(o for o in save["ObjectStates"] if o["Nickname"] == "Secret missions")
    assert sorted(missions["CustomDeck"]) == ["3"]


def test_records_into_a_folder_that_cannot_take_them(cli, tmp_path, monkeypatch):
    blocker = write(tmp_path / "file", "x")
    run = cli("simulate", "teg", "--games", "1", "--records", str(blocker / "sub"))
    assert run.code == 2 and "cannot use" in run.stderr and run.exception is None, run

    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("pathlib.Path.write_text", refuse)
    run = cli("simulate", "teg", "--games", "1", "--records", str(tmp_path / "ro"))
    assert run.code == 2 and "cannot write" in run.stderr and "Permission denied" in run.stderr


def test_records_never_mix_two_runs(cli, tmp_path):
    folder = tmp_path / "records"
    assert cli("simulate", "teg", "--games", "3", "--records", str(folder)).code == 0
    first = snapshot(folder)
    run = cli("simulate", "teg", "--games", "1", "--seed", "9", "--records", str(folder))
    assert run.code == 2 and "is not empty" in run.stderr and "--force" in run.stderr, run
    assert snapshot(folder) == first
    run = cli("simulate", "teg", "--games", "1", "--seed", "9", "--records", str(folder), "--force")
    assert run.code == 0, run
    assert sorted(snapshot(folder)) == ["game-0001.json"]


def test_a_crosscheck_that_cannot_write_its_record_says_so(cli, tmp_path, monkeypatch):
    from generator.harness import crosscheck as module

    class Found:
        def __init__(self):
            self.record = {"game": "teg", "setup": {}, "actions": []}

        def describe(self):
            return "python and lua differ at /players/0/energy"

    class Result:
        actions = 1
        divergence = Found()

    monkeypatch.setattr(module, "run_plan", lambda *args: iter([module.Checked(Result())]))
    blocked = write(tmp_path / "build", "not a folder")
    monkeypatch.setattr("generator.paths.BUILD", blocked)
    run = cli("crosscheck", "teg", "--games", "1")
    assert run.code == 2 and run.exception is None, run
    assert "differ at /players/0/energy" in run.stdout
    assert "cannot write the diverging record" in run.stderr


# --- images: letters, room, the cache ----------------------------------------------------------


def edit(planets, text, replacement):
    planets.write_text(text.replace("text: Gain 1 culture.", replacement, 1), encoding="utf-8")


def test_letters_the_font_lacks_are_named_and_text_too_long_is_located(cli, build_dir, teg_copy):
    planets = teg_copy / "planets.yaml"
    text = planets.read_text(encoding="utf-8")
    edit(planets, text, "text: Gain 1 culture \u2603.")
    before = snapshot(build_dir)
    run = cli("build", str(teg_copy))
    # A character the font lacks would draw as a box: an error at the card's line, naming
    # the character and the text, and nothing written.
    assert run.code == 2, run
    line = text[: text.index("text: Gain 1 culture.")].count("\n") + 1
    found = rf"planets\.yaml:{line}:\d+: /planets/\d+/text: the font has no glyph"
    found += r" for '\u2603' \(U\+2603\): it would show as a box in 'Gain 1 culture \u2603\.'"
    assert re.search(found + r".*\[TEXT\]", run.stdout + run.stderr), run
    assert snapshot(build_dir) == before
    # Accented letters and dashes are in the bundled typeface: no warning for them.
    edit(planets, text, "text: Gain 1 caf\u00e9 \u2013 \u00fc.")
    run = cli("build", str(teg_copy))
    assert run.code == 0 and "warning" not in run.stderr, run
    built = snapshot(build_dir)
    # One word wider than the card at the smallest size: it cannot be wrapped or shrunk.
    edit(planets, text, "text: Gain " + "W" * 60)
    run = cli("build", str(teg_copy))
    assert run.code == 2, run
    found = rf"planets\.yaml:{line}:\d+: /planets/\d+/text: text does not fit its .* \[TEXT\]"
    assert re.search(found, run.stdout), run
    assert snapshot(build_dir) == built


def test_a_damaged_cached_image_is_drawn_again(build_dir):
    from generator.build import build

    first = build("teg", build_dir)
    cached = sorted((build_dir / ".cache").glob("*.png"), key=lambda p: -p.stat().st_size)[0]
    cached.write_bytes(cached.read_bytes()[:1000])  # cut short, as a crash would leave it
    again = build("teg", build_dir)
    assert again.images_drawn >= 1
    assert snapshot(first.folder) == snapshot(again.folder)


# --- lint ----------------------------------------------------------------------------------------


def test_moonsharp_only_syntax_is_reported_once_with_line_and_column(cli, tmp_path, monkeypatch):
    from generator.paths import ROOT

    shutil.copytree(ROOT / "lua", tmp_path / "lua")
    core = tmp_path / "lua" / "teg" / "core" / "state.lua"
    text = core.read_text(encoding="utf-8")
    core.write_text(text.replace("local S = {}", "local S = {}\nif 1 != 2 then end", 1), "utf-8")
    line = text[: text.index("local S = {}")].count("\n") + 2
    monkeypatch.setattr("generator.luabuild.scripts.ROOT", tmp_path)
    run = cli("lint", "teg")
    assert run.code == 2, run
    output = run.stdout + run.stderr
    assert output.count("!=") == 1, output
    found = f"lua/teg/core/state.lua:{line}:6: (root): MoonSharp-only '!=': write '~=' [LUA004]"
    assert found in run.stdout
    assert "lint: 1 script(s), 1 module(s): 1 finding(s)" in run.stdout


# --- help ----------------------------------------------------------------------------------------


def test_help_says_what_each_option_takes(cli):
    simulate = cli("simulate", "--help").stdout
    assert "text: the summary as lines" in simulate and "file:line:col" not in simulate
    for command in ("simulate", "crosscheck"):
        text = cli(command, "--help").stdout
        players = text[text.index("--players") : text.index("--", text.index("--players") + 2)]
        assert "x>=1" not in players and "min-max" in players, players
    assert "_TTSMOD_COMPLETE" in cli("--help").stdout
    for command in ("build", "lint", "install", "preview", "validate"):
        assert "GAME_OR_DIR" in cli(command, "--help").stdout, command


def test_players_outside_the_game_are_refused(cli):
    for players in ("1", "6", "-3"):
        run = cli("simulate", "teg", "--players", players, "--games", "1")
        assert run.code == 2 and "--players must be 2-5" in run.stderr, run


def test_install_of_broken_card_data_names_the_file_and_line(cli, build_dir, teg_copy, tmp_path):
    saves = tmp_path / "Saves"
    saves.mkdir()
    planets = teg_copy / "planets.yaml"
    planets.write_text(
        planets.read_text(encoding="utf-8").replace("vp: 1", "vp: one", 1), encoding="utf-8"
    )
    run = cli("install", str(teg_copy), "--saves-dir", str(saves))
    assert run.code == 2
    assert re.search(r"planets\.yaml:\d+:\d+: /planets/\d+/vp: ", run.stdout), run
    assert "out of date" not in run.stderr and "has errors" in run.stderr
    assert not list(saves.iterdir())
