"""`ttsmod build`: data, scripts, images and the save, written all or nothing."""

from __future__ import annotations

import json
import shutil
from functools import partial

from generator.paths import CARDS, ROOT

SAVE = "TinyEpicGalaxies"


def game_dir(build_dir):
    return build_dir / "teg"


def snapshot(folder):
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".cache" not in p.parts
    }


def test_build_writes_the_save_thumbnail_assets_and_scripts(cli, build_dir):
    run = cli("build", "teg")
    assert run.code == 0, run
    out = game_dir(build_dir)
    assert (out / f"{SAVE}.json").is_file() and (out / f"{SAVE}.png").is_file()
    script = (out / "scripts" / "Global.lua").read_text(encoding="utf-8")
    assert script.startswith("-- Bundled by luabundle ") and "G.onSave = function()" in script
    assert len(list((out / "assets").glob("*.png"))) == 19
    assert "lint: 1 script(s)" in run.stdout and "clean" in run.stdout
    manifest = json.loads((out / "build.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "teg" and manifest["save"] == f"{SAVE}.json"
    assert manifest["asset_base_url"] is None and manifest["source_hash"].startswith("sha256:")
    # Only the game's folder and the shared image cache: games are kept apart.
    assert sorted(p.name for p in build_dir.iterdir()) == [".cache", "teg"]


def test_two_builds_are_byte_identical_with_a_cold_and_a_warm_cache(cli, build_dir):
    assert cli("build", "teg").code == 0
    first = snapshot(build_dir)
    shutil.rmtree(build_dir / ".cache")
    assert cli("build", "teg").code == 0
    assert snapshot(build_dir) == first
    assert cli("build", "teg").code == 0  # warm
    assert snapshot(build_dir) == first


def test_a_lint_finding_stops_the_build_and_leaves_build_as_it_was(
    cli, build_dir, tmp_path, monkeypatch
):
    assert cli("build", "teg").code == 0
    before = snapshot(build_dir)
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
    assert snapshot(build_dir) == before


def test_a_failed_write_leaves_the_old_outputs(cli, build_dir, monkeypatch):
    assert cli("build", "teg").code == 0
    before = snapshot(build_dir)

    def refuse(self, target):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("pathlib.Path.write_bytes", refuse)
    run = cli("build", "teg")
    monkeypatch.undo()
    assert run.code == 2 and "cannot" in run.stderr and "unchanged" in run.stderr, run
    assert snapshot(build_dir) == before


def test_a_rename_failing_half_way_is_rolled_back(cli, build_dir, monkeypatch):
    assert cli("build", "teg").code == 0
    before = snapshot(build_dir)
    real_rename = __import__("pathlib").Path.rename

    def rename(self, target):
        # Fail moving the last entry into place, after the others have moved.
        if ".staging" in str(self) and str(target).endswith("/teg"):
            raise PermissionError(13, "Permission denied")
        return real_rename(self, target)

    monkeypatch.setattr("pathlib.Path.rename", rename)
    # A different asset base URL changes the save and the assets, so a swap really happens.
    run = cli("build", "teg", "--asset-base-url", "https://example.org/teg/")
    monkeypatch.undo()
    assert run.code == 2 and "cannot write" in run.stderr, run
    assert snapshot(build_dir) == before


def test_a_missing_font_is_a_clear_error(cli, build_dir, tmp_path):
    run = cli("build", "teg", "--font", str(tmp_path / "nope.ttf"))
    assert run.code == 2 and "font file not found" in run.stderr, run
    assert not game_dir(build_dir).exists()


def test_broken_cards_stop_the_build_before_anything_is_written(
    cli, build_dir, tmp_path, monkeypatch
):
    shutil.copytree(CARDS / "teg", tmp_path / "teg")
    (tmp_path / "teg" / "dice.yaml").write_text("count: 7\n", encoding="utf-8")
    monkeypatch.setattr("generator.cards.CARDS", tmp_path)
    run = cli("build", "teg")
    assert run.code == 2 and "dice.yaml" in run.stdout, run
    assert not build_dir.exists()


def test_an_edited_copy_builds_beside_the_real_build_and_never_replaces_it(
    cli, build_dir, teg_copy
):
    """`ttsmod build FOLDER` writes build/teg-<folder>-<hash>/, and build/teg stays as it was;
    preview and install of the copy read the copy's build."""
    assert cli("build", "teg").code == 0
    real = snapshot(game_dir(build_dir))
    planets = teg_copy / "planets.yaml"
    planets.write_text(
        planets.read_text(encoding="utf-8")
        .replace("name: Jakks", "name: Jakkz", 1)
        .replace("id: jakks\n", "id: jakkz\n", 1),
        encoding="utf-8",
    )
    run = cli("build", str(teg_copy))
    assert run.code == 0, run
    copies = [p for p in build_dir.iterdir() if p.name.startswith("teg-teg-")]
    assert len(copies) == 1 and (copies[0] / f"{SAVE}.json").is_file()
    assert snapshot(game_dir(build_dir)) == real
    assert "Jakkz" in (copies[0] / f"{SAVE}.json").read_text(encoding="utf-8")
    run = cli("preview", str(teg_copy))
    assert run.code == 0 and "building it" not in run.stderr, run
    assert (copies[0] / "preview.png").is_file() and not (
        game_dir(build_dir) / "preview.png"
    ).exists()
    assert snapshot(game_dir(build_dir)) == real


def test_card_text_too_small_to_read_is_a_located_warning(cli, build_dir, teg_copy):
    planets = teg_copy / "planets.yaml"
    text = planets.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.strip().startswith("text:"))
    long = line.rstrip() + " And then" + " once more and again" * 6 + "."
    planets.write_text(text.replace(line, long, 1), encoding="utf-8")
    run = cli("build", str(teg_copy))
    assert run.code == 0, run
    warning = next(w for w in run.stderr.splitlines() if "[SMALLTEXT]" in w)
    assert "planets.yaml:" in warning and "/planets/0/text: drawn at " in warning


def test_a_card_sheet_draws_its_back_when_the_cache_lacks_it():
    # a sheet's back is normally the one render() kept; drawn without it (an empty cache)
    # it must still be the deck's back, with the game's name
    from generator import cards
    from generator.games.teg.render import _compose
    from generator.games.teg.render import components as C
    from generator.render import Cache

    data = cards.load("teg")
    chunk = list(data.planets[:2])
    back_key = [["back", "planet", data.rules.name], None]
    sheet = _compose(Cache(None), chunk, ["/planets/0", "/planets/1"], "planets",
                     partial(C.planet_card, data=data), [[["p", i], None] for i in range(2)],
                     "planet", back_key,
                     None)  # fmt: skip
    assert sheet.size[0] > 0


def test_every_games_drawing_code_is_in_the_image_caches_key():
    # a game's drawings moved into generator/games/<game>/render/ must still draw again
    # when they change (else a build keeps the old pictures)
    from generator import games
    from generator.render import drawing_modules

    hashed = {p.relative_to(ROOT).as_posix() for p in drawing_modules()}
    for game in games.ids():
        for path in (ROOT / "generator" / "games" / game).glob("render/*.py"):
            assert path.relative_to(ROOT).as_posix() in hashed
    assert "generator/render/draw.py" in hashed


def test_a_planet_card_says_vp_and_counts_the_steps_still_to_go(monkeypatch):
    from generator.games.teg.render import components
    from generator.games.teg.rules import load_engine

    drawn = []
    real = components.text_box

    def spy(draw, box, text, *args, **kwargs):
        drawn.append(text)
        return real(draw, box, text, *args, **kwargs)

    monkeypatch.setattr(components, "text_box", spy)
    data = load_engine().data
    one = next(p for p in data.planets if p.steps == 1)
    components.planet_card(one, data=data)
    assert "VP" in drawn  # the number in the circle is explained, as on the missions
    assert "0" not in drawn  # a 1-step track shows "1" (the steps to go), never a bare 0
