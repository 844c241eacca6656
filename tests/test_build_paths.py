"""The build writes below build/ only, through any link a user or a tool left there, and
leaves nothing of its own behind."""

from __future__ import annotations

import shutil

from generator.paths import CARDS


def _outside(tmp_path):
    target = tmp_path / "outside"
    target.mkdir()
    return target


def test_a_cache_linked_outside_build_is_refused_and_nothing_written_there(
    cli, build_dir, tmp_path
):
    outside = _outside(tmp_path)
    build_dir.mkdir()
    (build_dir / ".cache").symlink_to(outside, target_is_directory=True)
    run = cli("build", "liars")
    assert run.code == 2, run
    assert run.stderr.strip().splitlines()[-1].startswith(f"ttsmod: {build_dir / '.cache'} leads "
                                                          f"outside {build_dir}")  # fmt: skip
    assert list(outside.iterdir()) == []
    assert not (build_dir / "liars").exists()


def test_a_staging_link_is_removed_never_written_through(cli, build_dir, tmp_path):
    outside = _outside(tmp_path)
    build_dir.mkdir()
    (build_dir / ".staging").symlink_to(outside, target_is_directory=True)
    assert cli("build", "liars").code == 0
    assert list(outside.iterdir()) == []
    assert not (build_dir / ".staging").exists()


def test_a_game_folder_linked_elsewhere_is_replaced_and_nothing_left_behind(
    cli, build_dir, tmp_path
):
    outside = _outside(tmp_path)
    (outside / "mine.txt").write_text("a user's file")
    build_dir.mkdir()
    (build_dir / "liars").symlink_to(outside, target_is_directory=True)
    assert cli("build", "liars").code == 0
    assert sorted(p.name for p in build_dir.iterdir() if p.name != ".cache") == ["liars"]
    assert not (build_dir / "liars").is_symlink() and (build_dir / "liars/LiarsDice.json").is_file()
    assert [p.name for p in outside.iterdir()] == ["mine.txt"]


def test_a_folder_of_another_name_is_built_with_game(cli, build_dir, tmp_path):
    folder = tmp_path / "my-dice"
    shutil.copytree(CARDS / "liars", folder)
    unnamed = cli("build", str(folder))  # game.yaml: the file of more than one game
    assert unnamed.code == 2 and "holds, with --game" in unnamed.stderr, unnamed
    run = cli("build", str(folder), "--game", "liars")
    assert run.code == 0, run
    assert any(p.name.startswith("liars-") for p in build_dir.iterdir())
