"""The ttsmod command line: help, exit statuses, folders and formats."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from generator import __version__
from generator.paths import CARDS, ROOT


def test_help_lists_the_commands(cli):
    run = cli("--help")
    assert run.code == 0, run
    for command in ("validate", "build"):
        assert command in run.stdout
    assert cli("validate", "--help").stdout.count("GAME_OR_DIR") >= 2


def test_version(cli):
    assert cli("--version").stdout.strip() == f"ttsmod, version {__version__}"


def test_validate_defaults_to_teg(cli):
    run = cli("validate")
    assert run.code == 0, run
    assert run.stdout.startswith("ok: teg: 40 planets")


def test_validate_json_when_clean(cli):
    run = cli("validate", "teg", "--format", "json")
    report = json.loads(run.stdout)
    assert run.code == 0 and report["ok"] is True and report["problems"] == []
    assert report["summary"].startswith("teg: 40 planets, 12 missions, 6 empire levels")


def test_a_folder_with_any_name_holds_the_only_game(tmp_path, cli):
    folder = tmp_path / "my-edit"
    shutil.copytree(CARDS / "teg", folder)
    assert cli("validate", str(folder)).code == 0
    assert cli("validate", str(folder), "--game", "teg").code == 0


def test_unknown_game_or_folder_exits_2_without_traceback(cli, tmp_path):
    for args in (
        ("validate", "nosuchgame"),
        ("validate", str(tmp_path / "absent")),
        ("validate", str(tmp_path), "--game", "chess"),
        ("build", "nosuchgame"),
    ):
        run = cli(*args)
        assert run.code == 2 and run.exception is None, run
        assert run.stderr.startswith("ttsmod: "), run


def test_an_empty_folder_reports_every_missing_file(cli, tmp_path):
    run = cli("validate", str(tmp_path), "--format", "json")
    problems = json.loads(run.stdout)["problems"]
    assert run.code == 2
    assert sorted(p["file"].rsplit("/", 1)[1] for p in problems) == [
        "dice.yaml",
        "empire.yaml",
        "game.yaml",
        "missions.yaml",
        "planets.yaml",
    ]
    assert {p["code"] for p in problems} == {"MISSING"}


def test_build_reports_what_it_loaded(cli, build_dir):
    run = cli("build", "teg")
    assert run.code == 0, run
    assert "ok: teg: 40 planets" in run.stdout


def test_build_refuses_broken_data(cli, tmp_path, monkeypatch):
    folder = tmp_path / "teg"
    shutil.copytree(CARDS / "teg", folder)
    (folder / "empire.yaml").write_text("levels: nope\n", encoding="utf-8")
    monkeypatch.setattr("generator.cards.CARDS", tmp_path)
    run = cli("build", "teg")
    assert run.code == 2, run
    assert (
        "empire.yaml:1:9: /levels: levels must be a list (found the text 'nope') [SCHEMA]"
        in run.stdout
    )


def test_console_script_and_module_entry_points_agree():
    # The installed entry point, not just the in-process runner, exits 2 on bad input.
    run = subprocess.run(
        [sys.executable, "-m", "generator", "validate", "nosuchgame"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert run.returncode == 2, run
    assert "Traceback" not in run.stderr
