"""The rough edges a modder hit in their first hour, each with its message and exit status.

The game's name comes from game.yaml everywhere; `lint` reuses the build's cache; the build
summary's counts add up; `watch` ignores editors' temporary files; commands default to teg;
a record missing several keys names each once. (Accented names, builds of edited copies,
install of broken data and small card text are in test_cards_broken, test_build and
test_inputs.)
"""

from __future__ import annotations

import json
import re

from generator.live.watch import is_source_change


def _rename(cards, name):
    game = cards / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("name: Tiny Epic Galaxies", f"name: {name}"), encoding="utf-8")


def test_the_games_name_comes_from_game_yaml_everywhere(cli, build_dir, teg_copy):
    _rename(teg_copy, "Tiny Epic Nebulae")
    assert cli("build", str(teg_copy)).code == 0
    folder = next(p for p in build_dir.iterdir() if p.name.startswith("teg-"))
    save = json.loads((folder / "TinyEpicNebulae.json").read_text(encoding="utf-8"))
    text = json.dumps(save)
    assert "Tiny Epic Galaxies" not in save["XmlUI"] and "Tiny Epic Nebulae" in save["XmlUI"]
    # Only comments of the bundled script may still name the shipped game.
    code = [
        line
        for line in save["LuaScript"].splitlines()
        if "Tiny Epic Galaxies" in line and not line.lstrip().startswith("--")
    ]
    assert not code, code
    assert "Tiny Epic Nebulae" in text


def test_lint_reuses_the_cache_of_the_build(cli, build_dir, monkeypatch):
    assert cli("build", "teg").code == 0

    def never(*args, **kwargs):
        raise AssertionError("lint parsed a script the build had already checked")

    monkeypatch.setattr("generator.luabuild.lint.lint_bundle", never)
    run = cli("lint", "teg")
    assert run.code == 0 and "clean" in run.stdout, run


def test_the_build_summary_counts_every_image_once(cli, build_dir):
    run = cli("build", "teg")
    found = re.search(r"(\d+) images in assets/ \((\d+) drawn, (\d+) reused\)", run.stdout)
    assert found, run
    images, drawn, reused = map(int, found.groups())
    assert drawn + reused == images
    run = cli("build", "teg")
    assert f"{images} images in assets/ (0 drawn, {images} reused)" in run.stdout


def test_watch_ignores_editors_temporary_files():
    for name in (".planets.yaml.swp", "planets.yaml~", "#planets.yaml#", "4913", "x.tmp",
                 ".goutputstream-ABC", "planets.yaml.bak", "image.png"):  # fmt: skip
        assert not is_source_change(None, f"/cards/teg/{name}"), name
    for name in ("planets.yaml", "rules.lua", "log.schema.json"):
        assert is_source_change(None, f"/x/{name}"), name


def test_ctrl_c_stops_watch_quietly_with_status_0(cli, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr("generator.live.watch.run_watch", interrupted)
    run = cli("watch", "teg", "--timeout", "0.1")
    assert run.code == 0, run
    assert "stopped watching" in run.stderr and "Traceback" not in run.stderr + run.stdout


def test_commands_default_to_teg(cli, tmp_path):
    run = cli("simulate", "--games", "1", "--players", "2", "--format", "json")
    assert run.code == 0 and json.loads(run.stdout)["games"] == 1, run
    record = tmp_path / "r.json"
    record.write_text('{"game": "teg"}', encoding="utf-8")
    run = cli("replay", str(record))
    assert run.code == 2
    lines = run.stderr.strip().splitlines()
    assert sorted(line.split(": ", 2)[-1] for line in lines) == [
        "'actions' is required here [SCHEMA]",
        "'setup' is required here [SCHEMA]",
    ], run
    run = cli("replay", "nogame", str(record))
    assert run.code == 2 and "unknown game 'nogame'" in run.stderr


def test_every_missing_key_of_card_data_is_named_at_once(cli, teg_copy):
    game = teg_copy / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = re.sub(r"^end_vp: .*\n", "", text, flags=re.M)
    text = re.sub(r"^resource_cap: .*\n", "", text, flags=re.M)
    game.write_text(text, encoding="utf-8")
    run = cli("validate", str(teg_copy), "--format", "json")
    messages = [p["message"] for p in json.loads(run.stdout)["problems"]]
    assert "'end_vp' is required here" in messages and "'resource_cap' is required here" in messages
