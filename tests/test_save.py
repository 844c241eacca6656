"""The TTS save: schema (real saves and ours), the checks no schema makes, and what uses it."""

from __future__ import annotations

import copy
import json
import re
import shutil

import pytest
from PIL import Image

from generator.build import build
from generator.paths import CARDS, SCHEMAS
from generator.schemas import errors
from generator.tts.checks import check_save

SAVE = "TinyEpicGalaxies"
SCHEMA = SCHEMAS / "tts" / "save.schema.json"


@pytest.fixture(scope="module")
def built(built_game):
    result = built_game("teg")
    return result.folder, result.read_save()


def real_saves(shared):
    folder = shared / "tts" / "real-saves"
    paths = sorted(folder.glob("*.json"))
    # Every save the folder's README lists is there (and nothing unlisted), so a lost or
    # renamed file cannot shrink what the schema is checked against.
    listed = set(re.findall(r"^\| ([\w.-]+\.json) \|", (folder / "README.md").read_text(), re.M))
    assert listed and listed == {p.name for p in paths}
    return [(p.name, json.loads(p.read_text(encoding="utf-8"))) for p in paths]


def test_the_schema_accepts_every_real_save_and_ours(shared, built):
    for name, save in [*real_saves(shared), ("ours", built[1])]:
        assert not [e.message for e in errors(save, SCHEMA)], name


def cards_of(save):
    return next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")


BROKEN = [
    ("guid not hex", lambda s: s["ObjectStates"][0].update(GUID="XYZ123")),
    ("no transform", lambda s: s["ObjectStates"][0].pop("Transform")),
    ("position as text", lambda s: s["ObjectStates"][0]["Transform"].update(posX="1.0")),
    (
        "sheet too wide",
        lambda s: next(iter(cards_of(s)["CustomDeck"].values())).update(NumWidth=11),
    ),
    ("no objects", lambda s: s.pop("ObjectStates")),
    ("card id as text", lambda s: cards_of(s)["ContainedObjects"][0].update(CardID="100")),
    (
        "rotation value as float",
        lambda s: next(o for o in s["ObjectStates"] if o["Name"] == "Custom_Dice")[
            "RotationValues"
        ][0].update(Value=1.5),
    ),
]


@pytest.mark.parametrize(("name", "damage"), BROKEN, ids=[b[0] for b in BROKEN])
def test_the_schema_rejects_broken_variants_of_ours(name, damage, built):
    save = copy.deepcopy(built[1])
    damage(save)
    assert list(errors(save, SCHEMA)), name


def codes(save, folder):
    return {p.code for p in check_save(save, "x.json", folder / "assets", "")}


def test_our_save_passes_every_check(built):
    folder, save = built
    assert check_save(save, "x.json", folder / "assets", "") == []


def test_checks_catch_a_wrong_card_id_a_missing_sheet_and_an_out_of_grid_card(built):
    folder, save = built
    wrong = copy.deepcopy(save)
    cards_of(wrong)["ContainedObjects"][0]["CardID"] = 901  # no sheet 9
    assert {"TTS002", "TTS003"} <= codes(wrong, folder)
    missing = copy.deepcopy(save)
    deck = cards_of(missing)
    key = next(iter(deck["CustomDeck"]))
    deck["CustomDeck"] = {}
    for card in deck["ContainedObjects"]:
        card["CustomDeck"] = {}
    assert "TTS002" in codes(missing, folder) and key == "1"
    outside = copy.deepcopy(save)
    card = cards_of(outside)["ContainedObjects"][-1]
    sheet = next(iter(card["CustomDeck"].values()))
    card["CardID"] = 100 + sheet["NumWidth"] * sheet["NumHeight"] - 1  # the hidden slot
    cards_of(outside)["DeckIDs"][-1] = card["CardID"]
    assert codes(outside, folder) == {"TTS004"}


def test_checks_catch_duplicate_guids_missing_images_and_broken_scripts(built):
    folder, save = built
    twin = copy.deepcopy(save)
    twin["ObjectStates"][1]["GUID"] = twin["ObjectStates"][0]["GUID"]
    assert codes(twin, folder) == {"TTS007"}
    lost = copy.deepcopy(save)
    lost["ObjectStates"][0]["CustomImage"]["ImageURL"] = (folder / "assets" / "gone.png").as_uri()
    assert codes(lost, folder) == {"TTS006"}
    script = copy.deepcopy(save)
    script["LuaScript"] += "\nlocal x = 1 // 2\n"
    assert codes(script, folder) == {"TTS008"}


def shapes(value, path="$"):
    """(where, key, JSON type) for every key, digit keys folded to '*'."""
    kinds = {
        dict: "object",
        list: "array",
        str: "string",
        bool: "boolean",
        int: "integer",
        float: "number",
        type(None): "null",
    }
    out = set()
    if isinstance(value, dict):
        is_object = "GUID" in value and "Name" in value
        here = "object" if is_object else path
        for key, item in value.items():
            name = "*" if key.isdigit() else key
            out.add((here, name, kinds[type(item)]))
            out |= shapes(item, f"{here}.{name}")
    elif isinstance(value, list):
        for item in value:
            out |= shapes(item, path + "[]")
    return out


def test_our_save_uses_only_keys_and_types_real_saves_use(shared, built):
    real = set().union(*(shapes(save) for _, save in real_saves(shared)))
    ours = shapes(built[1])
    assert not sorted(ours - real)


def test_dice_name_our_faces_and_sheets_fit_tts(built):
    folder, save = built
    die = next(o for o in save["ObjectStates"] if o["Name"] == "Custom_Dice")
    assert [v["Value"] for v in die["RotationValues"]] == [
        "move",
        "energy",
        "culture",
        "diplomacy",
        "economy",
        "utilize",
    ]
    assert die["RotationValues"][1]["Rotation"] == {"x": 0.0, "y": 0.0, "z": 0.0}
    for png in (folder / "assets").glob("*.png"):
        with Image.open(png) as image:
            assert max(image.size) <= 4096, png.name
    assert (folder / f"{SAVE}.json").stat().st_size < 1_000_000


def test_a_changed_card_changes_only_what_shows_it(tmp_path, monkeypatch, built):
    folder, _ = built
    shutil.copytree(CARDS / "teg", tmp_path / "teg")
    planets = tmp_path / "teg" / "planets.yaml"
    planets.write_text(
        planets.read_text(encoding="utf-8").replace(
            "text: Gain 1 culture.", "text: Gain one culture."
        ),
        encoding="utf-8",
    )
    monkeypatch.setattr("generator.cards.CARDS", tmp_path)
    other = build("teg", tmp_path / "build").folder
    before = {p.name.rsplit("-", 1)[0]: p.read_bytes() for p in (folder / "assets").glob("*.png")}
    after = {p.name.rsplit("-", 1)[0]: p.read_bytes() for p in (other / "assets").glob("*.png")}
    assert sorted(k for k in before if before[k] != after[k]) == ["planets_sheet_1"]


def test_asset_base_url_points_every_image_at_the_host(tmp_path):
    folder = build("teg", tmp_path, "https://example.org/teg").folder
    save = json.loads((folder / f"{SAVE}.json").read_text(encoding="utf-8"))
    urls = [o["CustomImage"]["ImageURL"] for o in save["ObjectStates"] if "CustomImage" in o]
    assert urls and all(u.startswith("https://example.org/teg/") for u in urls)
    assert check_save(save, "x.json", folder / "assets", "https://example.org/teg/") == []
    # Each URL names a file of the build's assets folder.
    names = {u.rsplit("/", 1)[1] for u in urls}
    assert names <= {p.name for p in (folder / "assets").iterdir()}


def test_install_copies_and_keeps_a_backup(cli, built, tmp_path, monkeypatch):
    folder, _ = built
    monkeypatch.setattr("generator.paths.BUILD", folder.parent)
    saves = tmp_path / "Saves"
    run = cli("install", "teg", "--saves-dir", str(saves))
    assert run.code == 0, run
    assert (saves / f"{SAVE}.json").read_bytes() == (folder / f"{SAVE}.json").read_bytes()
    assert (saves / f"{SAVE}.png").is_file()
    (saves / f"{SAVE}.json").write_text("my own edits", encoding="utf-8")
    run = cli("install", "teg", "--saves-dir", str(saves))
    assert run.code == 0 and "kept as" in run.stdout, run
    assert (saves / f"{SAVE}.json.bak").read_text(encoding="utf-8") == "my own edits"
    assert "already up to date" in cli("install", "teg", "--saves-dir", str(saves)).stdout


def test_install_finds_the_saves_folder_per_system(tmp_path):
    from generator.install import InstallError, default_saves_dir

    for platform, parts in (("linux", (".local", "share")), ("darwin", ("Library",))):
        saves = tmp_path.joinpath(*parts, "Tabletop Simulator", "Saves")
        saves.mkdir(parents=True)
        assert default_saves_dir(platform, home=tmp_path) == saves
    windows = tmp_path / "win" / "Documents" / "My Games" / "Tabletop Simulator" / "Saves"
    windows.mkdir(parents=True)
    assert default_saves_dir("win32", env={"USERPROFILE": str(tmp_path / "win")}) == windows
    with pytest.raises(InstallError, match="--saves-dir"):
        default_saves_dir("linux", home=tmp_path / "nobody")


STEAM_PREFIX = ("steamapps", "compatdata", "286160", "pfx", "drive_c", "users", "steamuser")
FLATPAK = ("me", ".var", "app", "com.valvesoftware.Steam")


@pytest.mark.parametrize(
    ("platform", "where", "env"),
    [
        # Documents redirected into OneDrive (OneDrive names its folder in the environment)
        ("win32", ("od", "Documents", "My Games"), {"OneDrive": "od"}),
        ("win32", ("me", "OneDrive", "Documents", "My Games"), {}),
        # Steam as a Flatpak: TTS's native build
        ("linux", (*FLATPAK, ".local", "share"), {}),
        # the Windows build through Proton, in Steam's prefix for TTS (app 286160)
        ("linux", ("me", ".steam", "steam", *STEAM_PREFIX, "Documents", "My Games"), {}),
        (
            "linux",
            (*FLATPAK, ".local", "share", "Steam", *STEAM_PREFIX, "Documents", "My Games"),
            {},
        ),
    ],
)
def test_install_finds_the_saves_folder_where_players_have_it(tmp_path, platform, where, env):
    from generator.install import InstallError, default_saves_dir

    home = tmp_path / "me"
    env = {k: str(tmp_path / v) for k, v in env.items()} | {"USERPROFILE": str(home)}
    saves = tmp_path.joinpath(*where, "Tabletop Simulator", "Saves")
    with pytest.raises(InstallError) as err:  # not there yet: the error names where it looked
        default_saves_dir(platform, home=home, env=env)
    assert "looked in" in str(err.value) and str(saves) in str(err.value)
    saves.mkdir(parents=True)
    assert default_saves_dir(platform, home=home, env=env) == saves


def test_preview_draws_every_object(cli, tmp_path, monkeypatch):
    monkeypatch.setattr("generator.paths.BUILD", tmp_path)
    run = cli("preview", "teg")
    assert run.code == 0, run
    save = json.loads((tmp_path / "teg" / f"{SAVE}.json").read_text(encoding="utf-8"))
    total = len(save["ObjectStates"])
    assert f"{total} of {total} objects drawn" in run.stdout
    with Image.open(tmp_path / "teg" / "preview.png") as image:
        assert image.width > 1000 and image.height > 1000


def test_installing_a_copy_never_replaces_the_shipped_games_save(cli, tmp_path, monkeypatch):
    import shutil

    from generator.paths import CARDS

    monkeypatch.setattr("generator.paths.BUILD", tmp_path / "build")
    saves = tmp_path / "Saves"
    saves.mkdir()
    copy = tmp_path / "mygame"
    shutil.copytree(CARDS / "teg", copy)
    assert cli("build", "teg").code == 0 and cli("build", str(copy)).code == 0
    assert cli("install", "teg", "--saves-dir", str(saves)).code == 0
    shipped = (saves / f"{SAVE}.json").read_bytes()
    run = cli("install", str(copy), "--saves-dir", str(saves))
    assert run.code == 0, run
    assert (saves / f"{SAVE}-mygame.json").is_file() and (saves / f"{SAVE}-mygame.png").is_file()
    assert (saves / f"{SAVE}.json").read_bytes() == shipped
    assert not list(saves.glob("*.bak*"))


def test_install_lang_installs_that_languages_build_beside_the_english_one(
    cli, tmp_path, build_dir
):
    """`install liars --lang ja` copies build/liars-ja's save (its name says the language);
    without that build it names the command that makes it (issue 60)."""
    saves = tmp_path / "Saves"
    run = cli("install", "liars", "--lang", "ja", "--saves-dir", str(saves))
    assert run.code == 2 and "run `ttsmod build liars --lang ja` first" in run.stderr, run
    assert cli("build", "liars", "--lang", "ja").code == 0
    run = cli("install", "liars", "--lang", "ja", "--saves-dir", str(saves))
    assert run.code == 0, run
    built = build_dir / "liars-ja" / "LiarsDice-ja.json"
    assert (saves / "LiarsDice-ja.json").read_bytes() == built.read_bytes()
    assert (saves / "LiarsDice-ja.png").is_file() and not (saves / "LiarsDice.json").exists()


def test_a_build_tells_the_host_where_its_images_go(cli, build_dir):
    """File URLs: only this computer shows them, and what to do; with --asset-base-url: which
    folder to upload where (issue 60)."""
    run = cli("build", "gofish")
    assert run.code == 0 and "only this computer shows them" in run.stdout, run
    run = cli("build", "gofish", "--asset-base-url", "https://example.org/fish")
    assert run.code == 0, run
    assert "Upload the 3 files of " in run.stdout and " to https://example.org/fish/:" in run.stdout
