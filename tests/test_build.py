"""`ttsmod build`: validated data, bundled and linted scripts, written all or nothing."""

from __future__ import annotations

import shutil

import pytest

from generator.paths import CARDS, ROOT


@pytest.fixture
def build_dir(tmp_path, monkeypatch):
    target = tmp_path / "build"
    monkeypatch.setattr("generator.paths.BUILD", target)
    return target


def test_build_writes_the_bundled_global_script(cli, build_dir):
    run = cli("build", "teg")
    assert run.code == 0, run
    script = build_dir / "teg" / "scripts" / "Global.lua"
    text = script.read_text(encoding="utf-8")
    assert text.startswith("-- Bundled by luabundle ")
    assert '__bundle_register("teg.core.engine"' in text and "function onSave()" in text
    assert "lint: 1 script(s)" in run.stdout and "clean" in run.stdout


def test_two_builds_are_byte_identical(cli, build_dir):
    cli("build", "teg")
    first = (build_dir / "teg" / "scripts" / "Global.lua").read_bytes()
    cli("build", "teg")
    assert (build_dir / "teg" / "scripts" / "Global.lua").read_bytes() == first


def test_a_lint_finding_stops_the_build_and_leaves_build_as_it_was(
    cli, build_dir, tmp_path, monkeypatch
):
    assert cli("build", "teg").code == 0
    before = (build_dir / "teg" / "scripts" / "Global.lua").read_bytes()
    lua = tmp_path / "lua"
    shutil.copytree(ROOT / "lua", lua)
    core = lua / "teg" / "core" / "state.lua"
    core.write_text(
        core.read_text(encoding="utf-8").replace(
            "local S = {}", "local S = {}\nlocal half = 7 // 2"
        ),
        encoding="utf-8",
    )
    monkeypatch.setattr("generator.luabuild.scripts.ROOT", tmp_path)
    run = cli("build", "teg")
    assert run.code == 2, run
    assert "lua/teg/core/state.lua" in run.stdout and "LUA002" in run.stdout
    assert (build_dir / "teg" / "scripts" / "Global.lua").read_bytes() == before


def test_an_unwritable_target_leaves_the_old_output(cli, build_dir, monkeypatch):
    assert cli("build", "teg").code == 0
    before = (build_dir / "teg" / "scripts" / "Global.lua").read_bytes()

    def refuse(self, target):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("pathlib.Path.rename", refuse)
    run = cli("build", "teg")
    assert run.code == 2 and "cannot write" in run.stderr, run
    monkeypatch.undo()
    assert (build_dir / "teg" / "scripts" / "Global.lua").read_bytes() == before
    assert not list(build_dir.glob("teg/.scripts.*"))


def test_broken_cards_stop_the_build_before_any_lua(cli, build_dir, tmp_path, monkeypatch):
    shutil.copytree(CARDS / "teg", tmp_path / "teg")
    (tmp_path / "teg" / "dice.yaml").write_text("count: 7\n", encoding="utf-8")
    monkeypatch.setattr("generator.cards.CARDS", tmp_path)
    run = cli("build", "teg")
    assert run.code == 2 and "dice.yaml" in run.stdout, run
    assert not (build_dir / "teg").exists()
