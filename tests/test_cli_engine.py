"""`ttsmod replay` and `ttsmod simulate`: outputs, exit statuses, determinism."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from generator import games
from generator.cli import main
from generator.games.teg.rules import canonical, load_engine
from generator.games.teg.rules.records import replay


@pytest.fixture
def record(tmp_path, cli):
    folder = tmp_path / "records"
    run = cli(
        "simulate", "teg", "--games", "2", "--players", "3", "--seed", "7", "--records", str(folder)
    )
    assert run.code == 0, run
    return folder / "game-0001.json"


def write(tmp_path, data, name="r.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_replay_prints_the_final_state_with_the_contract_fields(cli, record):
    run = cli("replay", "teg", str(record))
    assert run.code == 0, run
    state = json.loads(run.stdout)
    for key in ("phase", "active", "round", "end_triggered_by", "players", "row", "ranking"):
        assert key in state
    assert state["phase"] == "over" and state["ranking"]
    for key in ("color", "vp", "energy", "culture", "empire", "colonies", "ships"):
        assert key in state["players"][0]
    data = json.loads(record.read_text())
    assert canonical(state) == canonical(replay(load_engine(), data))


def test_a_record_may_stop_mid_turn(cli, record, tmp_path):
    data = json.loads(record.read_text())
    data["actions"] = data["actions"][:5]
    run = cli("replay", "teg", str(write(tmp_path, data)))
    assert run.code == 0, run
    assert json.loads(run.stdout)["phase"] == "playing"


def test_an_illegal_action_exits_1_naming_its_index_and_reason(cli, record, tmp_path):
    data = json.loads(record.read_text())
    data["actions"] = [
        {"type": "roll", "faces": ["move", "move", "energy", "utilize"]},
        {"type": "convert", "spend": [0, 0], "die": 1, "face": "move"},
        {"type": "end_turn"},
    ]
    run = cli("replay", "teg", str(write(tmp_path, data)))
    assert run.code == 1, run
    assert "action 2 " in run.stderr and "spend must name two unused dice" in run.stderr
    assert run.stdout == ""


def test_a_malformed_record_exits_2_with_every_error_of_its_head(cli, tmp_path):
    bad = {
        "game": "teg",
        "setup": {"players": ["Red", "Mauve"], "deck": [], "extra": 1},
        "actions": [{"type": "fold"}],
    }
    run = cli("replay", "teg", str(write(tmp_path, bad)))
    assert run.code == 2, run
    assert "/setup/players/1: entry 1 of players must be one of: White," in run.stderr
    assert "(found the text 'Mauve')" in run.stderr
    assert "/setup/extra: " in run.stderr  # every error of the head at once
    assert "/actions/" not in run.stderr  # the actions are checked as they are replayed


def test_a_bad_action_stops_the_replay_at_that_action(cli, record, tmp_path):
    data = json.loads(record.read_text())
    data["actions"][3] = {"type": "fold"}
    data["actions"][4] = {"type": "roll"}
    run = cli("replay", "teg", str(write(tmp_path, data)))
    assert run.code == 2, run
    assert "/actions/3/type: type must be one of: roll," in run.stderr
    assert "/actions/4" not in run.stderr, run


def test_invalid_json_and_a_bad_setup_exit_2(cli, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"game": "teg",', encoding="utf-8")
    run = cli("replay", "teg", str(path))
    assert run.code == 2 and "broken.json:1:16: " in run.stderr, run
    # a whole sentence, no "(root)" for a file that is not JSON, and the likely cause
    assert "not JSON: a key in double quotes is missing here; the file ends soon after" in (
        run.stderr
    )
    assert "(root)" not in run.stderr
    setup = {"game": "teg", "setup": {"players": ["Red", "Blue"], "deck": ["jakks"]}, "actions": []}
    run = cli("replay", "teg", str(write(tmp_path, setup)))
    assert run.code == 2 and "/setup: setup.deck leaves out planet" in run.stderr, run
    setup["setup"]["deck"] = ["jakks", "vulcan"]
    for engine in ("python", "lua", "both"):
        run = cli("replay", "teg", str(write(tmp_path, setup)), "--engine", engine)
        assert run.code == 2, run
        assert "/setup: setup.deck: unknown planet 'vulcan' [SETUP]" in run.stderr, run


def test_simulate_is_deterministic_and_its_records_replay(cli, tmp_path):
    runs = [
        cli(
            "simulate",
            "teg",
            "--games",
            "6",
            "--players",
            "4",
            "--seed",
            "3",
            "--records",
            str(tmp_path / f"r{i}"),
        )
        for i in (1, 2)
    ]
    assert runs[0].code == 0 and runs[0].stdout == runs[1].stdout, runs[0]
    assert "games: 6" in runs[0].stdout and "mean rounds" in runs[0].stdout
    files = sorted((tmp_path / "r1").glob("game-*.json"))
    assert [f.name for f in files] == [f"game-{i:04d}.json" for i in range(1, 7)]
    for path in files:
        assert path.read_bytes() == (tmp_path / "r2" / path.name).read_bytes()
        data = json.loads(path.read_text())
        assert set(data["setup"]["missions"]) == set(data["setup"]["players"])
        final = json.loads(cli("replay", "teg", str(path)).stdout)
        assert final["phase"] == "over"


def test_simulate_json_summary_and_a_different_seed(cli):
    one = json.loads(
        cli("simulate", "teg", "--games", "3", "--seed", "1", "--format", "json").stdout
    )
    two = json.loads(
        cli("simulate", "teg", "--games", "3", "--seed", "2", "--format", "json").stdout
    )
    assert one["games"] == 3 and sum(one["wins_by_seat"].values()) >= 3
    assert one != two
    assert set(one["colonized"]) == {p.id for p in load_engine().data.planets}


def test_simulate_refuses_bad_arguments(cli):
    assert cli("simulate", "teg", "--bot", "clever").code == 2
    assert cli("simulate", "teg", "--players", "9").code == 2
    assert cli("simulate", "nosuchgame").code == 2


def test_greedy_beats_random(cli):
    run = cli(
        "simulate",
        "teg",
        "--games",
        "6",
        "--players",
        "2",
        "--bot",
        "greedy,random",
        "--format",
        "json",
    )
    wins = json.loads(run.stdout)["wins_by_seat"]
    assert wins["Red"] >= 5 and wins.get("Blue", 0) <= 1, wins


def test_another_games_record_is_refused_in_one_line_naming_that_game(cli, record):
    """A Galaxies record given to `replay tem` says what it is, not every schema difference."""
    run = cli("replay", "tem", str(record))
    assert run.code == 2, run
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert "/game: this is a teg record (Tiny Epic Galaxies), not tem" in lines[0]
    assert "ttsmod replay teg" in lines[0] and "[RECORD]" in lines[0]
    assert run.stdout == ""


def test_crosscheck_and_simulate_take_a_card_folder(cli, tmp_path):
    # a copy of Tiny Epic Mechs where starting a combat scores 3 VP, not 1: both engines of
    # the cross-check play it (they would disagree at the first combat if one read the
    # shipped cards), and the games simulated from it score more
    import shutil

    from generator.paths import CARDS

    folder = tmp_path / "mytem"
    shutil.copytree(CARDS / "tem", folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "combat_start: 1" in text
    game.write_text(text.replace("combat_start: 1", "combat_start: 3"), encoding="utf-8")
    run = cli("crosscheck", str(folder), "--game", "tem", "--games", "2", "--players", "4")
    assert run.code == 0 and "0 divergences" in run.stdout, run
    args = ["--games", "6", "--players", "4", "--format", "json"]
    mine = json.loads(cli("simulate", str(folder), "--game", "tem", *args).stdout)
    shipped = json.loads(cli("simulate", "tem", *args).stdout)
    assert mine["mean_winning_vp"] > shipped["mean_winning_vp"]
    # a broken folder is refused with its problems, before anything is played
    game.write_text(text.replace("combat_start: 1", "combat_start: many"), encoding="utf-8")
    run = cli("simulate", str(folder), "--game", "tem", "--games", "1")
    assert run.code == 2 and "game.yaml" in run.stdout and "the problems above" in run.stderr, run


def test_help_says_where_the_games_are_listed(cli):
    # the registry lists the games: help names none, so a new game needs no help edited
    for command in ("playtest", "simulate", "crosscheck"):
        run = cli(command, "--help")
        assert run.code == 0 and "GAME_OR_DIR" in run.stdout, run
        assert "ttsmod games" in run.stdout, (command, run.stdout)
    listed = cli("games", "--ids")
    assert listed.code == 0 and listed.stdout.split() == games.ids()


def test_an_unknown_game_suggests_the_nearest(cli):
    for args in (("playtest", "tme"), ("check", "tme"), ("replay", "tme", "x.json")):
        run = cli(*args)
        assert run.code == 2 and "did you mean 'tem'?" in run.stderr + run.stdout, (args, run)
    far = cli("check", "monopoly")
    assert far.code == 2 and "did you mean" not in far.stderr


def test_a_closed_pipe_ends_replay_quietly(tmp_path):
    import subprocess
    import sys

    made = CliRunner().invoke(
        main, ["simulate", "tem", "--games", "1", "--players", "2", "--records", str(tmp_path)]
    )
    assert made.exit_code == 0, made.output
    record = next(tmp_path.glob("*.json"))
    command = [sys.executable, "-m", "generator", "replay", "tem", str(record), "--at", "60"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        proc.stdout.readline()  # the reader takes one line, then goes away (`| head -1`)
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.wait()
    assert "Broken pipe" not in err and "Traceback" not in err, err
    assert proc.returncode == 0


def test_step_jumps_to_a_move_typed_by_number(tmp_path, monkeypatch):
    made = CliRunner().invoke(
        main, ["simulate", "tem", "--games", "1", "--players", "2", "--records", str(tmp_path)]
    )
    assert made.exit_code == 0, made.output
    record = next(tmp_path.glob("*.json"))
    monkeypatch.setattr("generator.cli._interactive", lambda: True)
    answers = iter(["40", "q"])
    monkeypatch.setattr("click.prompt", lambda *a, **k: next(answers))
    run = CliRunner().invoke(main, ["replay", "tem", str(record), "--step"])
    assert run.exit_code == 0, run.output
    numbered = [line.split()[0] for line in run.output.splitlines() if line[:4].strip().isdigit()]
    assert "40" in numbered and "20" not in numbered  # moves 1-39 are jumped over
