"""The Tiny Epic Mechs table, built and played through the UI in the headless TTS.

First the build: images, the save and the layout the glue reads agree. Then whole games
played by bots that only click what their own colour sees and answer their own private
dialogs, every decision compared with the Python engine (generator/games/tem/playtest.py),
with the secrets check over every game; games that reach each feature the rules have; saves,
loads and rewinds mid-programming and mid-combat; refusals that change nothing; what each
colour sees (golden dumps); undo.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from generator.build import BuildError, build
from generator.engines.replay import replay
from generator.games.tem import playtest as P
from generator.games.tem.rules import load_engine
from generator.games.tem.tts.layout import layout
from generator.harness import secrets
from generator.harness.tts.emulator import PlayerHandle, Table
from generator.paths import CARDS, ROOT
from generator.render import png_size

GOLDEN = Path(__file__).parent / "golden" / "tem"
# seeded games through the UI, 2-4 players: the first 7 in the suite (with the extra ones,
# below, every feature is reached), 40 in `make soak`
GAMES = 40 if os.environ.get("TTSMOD_SOAK") == "1" else 7


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build("tem", tmp_path_factory.mktemp("build"))


@pytest.fixture(scope="module")
def save(built):
    return json.loads((built.folder / "TinyEpicMechs.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def engine():
    return load_engine()


def status(t):
    return t.from_lua(t.call_in("-1", "tableStatus"))


def snapshot(t):
    """Everything a refused input must leave alone: state, record, every object's place."""
    pieces = {g: (tuple(x.pos), tuple(x.rot)) for g, x in t.things.items() if not x.destroyed}
    return t.call_in("-1", "stateText"), t.call_in("-1", "onSave"), pieces


def started(save, colors=("Red", "Blue"), seed=3):
    t = Table.load(save, seed=seed)
    P.seat_players(t, list(colors))
    t.step()
    t.click(colors[0], "start:go")
    t.run(3)  # the pieces glide to their places
    return t


def first_answer(t, color):
    """`color` answers their decision with its first option (panel or dialog)."""
    P.settle(t)  # a secret decision's dialog opens a frame after the phase begins
    if t.dialog(color) is not None:
        t.answer(color, 1)
    else:
        t.click(color, P.panel_options(t, color)[0][0])
    P.settle(t)


def advance_to(t, done, limit=400):
    """Answer first options (any decider) until `done(t)` holds."""
    for _ in range(limit):
        if done(t):
            return t
        first_answer(t, sorted(status(t)["deciders"])[0])
    raise AssertionError("the moment never came")


# --- the build -------------------------------------------------------------------------------


def test_the_save_holds_every_piece_the_glue_moves(save, engine):
    by_guid = {o["GUID"]: o for o in save["ObjectStates"]}
    lay = layout(engine.d)
    for seat in lay["seats"]:
        g = seat["guids"]
        for guid in (g["board"], g["figure"], g["hand"], *g["mines"], *g["turrets"],
                     *g["markers"].values(), g["adhoc"]):  # fmt: skip
            assert guid in by_guid, (seat["color"], guid)
        deck = by_guid[g["program_deck"]]
        inside = {c["GUID"] for c in deck["ContainedObjects"]}
        assert inside == set(g["programs"].values())
    contained = {c["GUID"]: c for o in save["ObjectStates"] for c in o.get("ContainedObjects", [])}
    for group in ("zones", "pilots", "advanced"):
        for guid in lay["guids"][group].values():
            assert guid in contained
    for copies in lay["guids"]["basic"].values():
        assert all(guid in contained for guid in copies)
    assert lay["guids"]["mech"] in by_guid and lay["guids"]["mech_card"] in by_guid


def test_pilot_cards_name_no_pilot_and_program_cards_their_colour(save):
    cards = [c for o in save["ObjectStates"] for c in o.get("ContainedObjects", [])]
    pilots = [c for c in cards if c["Nickname"] == "Pilot"]
    assert len(pilots) == 8 and all(c["Description"] == "" for c in pilots)
    programs = [c["Nickname"] for c in cards if " program: " in c["Nickname"]]
    assert len(programs) == 32 and all(n.split()[0] in ("Red", "Blue", "Green", "Yellow")
                                       for n in programs)  # fmt: skip


def test_images_keep_within_tts_limits_and_the_save_is_small(built):
    sizes = [png_size((built.folder / "assets" / f).read_bytes())
             for f in os.listdir(built.folder / "assets")]  # fmt: skip
    assert sizes and all(w <= 4096 and h <= 4096 for w, h in sizes)
    assert built.files["TinyEpicMechs.json"] < 1_000_000


def test_a_placeholder_card_carries_the_mark_in_its_corner():
    from generator.games.tem.render import components as C

    weapon = {"name": "Pulse Pistol", "type": "ranged", "damage": 1, "power_damage": 2,
              "cost": {"credits": 2}, "vp": 1, "ability": {"kind": "none"}}  # fmt: skip
    marked, plain = (
        C.weapon_card(weapon, "advanced", True, load_engine().g["units"]),
        C.weapon_card(weapon, "advanced", False, load_engine().g["units"]),
    )
    w, h = marked.size
    corner = (w - 180, h - 50, w, h)
    assert marked.crop(corner).tobytes() != plain.crop(corner).tobytes()
    assert marked.crop((0, 0, w, h - 50)).tobytes() == plain.crop((0, 0, w, h - 50)).tobytes()


def test_an_arena_card_reads_the_same_from_every_edge_and_marks_its_middle():
    from generator.games.tem.render import components as C

    zone = {"id": "x", "name": "Scrap Yard", "value": 2, "yield": "energy"}
    units = {"energy": {"one": "energy", "other": "energy"}}
    card = C.zone_card(zone, False, units)

    def nearest_edge(image):  # the band along the edge at the bottom: the one a seat there reads
        w, h = image.size
        return image.crop((w // 2 - 170, h - 110, w // 2 + 170, h - 14)).tobytes()

    south = nearest_edge(card)
    # the card seen from the north (turned half round), the west (its west edge brought to the
    # bottom: turned clockwise) and the east
    for turn in (180, -90, 90):
        assert nearest_edge(card.rotate(turn, expand=True)) == south, turn
    assert nearest_edge(C.zone_card({**zone, "name": "Ore Crater"}, False, units)) != south
    marked = C.zone_card(zone, True, units)
    w, h = card.size
    middle = (110, 110, w - 110, h - 110)
    outside = Image.new("RGB", card.size)
    outside.paste(card)
    outside.paste((0, 0, 0), middle)
    marked_outside = Image.new("RGB", card.size)
    marked_outside.paste(marked)
    marked_outside.paste((0, 0, 0), middle)
    assert marked.crop(middle).tobytes() != card.crop(middle).tobytes()
    assert marked_outside.tobytes() == outside.tobytes()


def test_text_that_does_not_fit_is_a_located_error_and_writes_nothing(tmp_path):
    cards = tmp_path / "tem"
    shutil.copytree(CARDS / "tem", cards)
    path = cards / "weapons.yaml"
    text = path.read_text(encoding="utf-8")
    long = "Plasma " * 40
    path.write_text(text.replace("name: Plasma Lance", f"name: {long.strip()}"), encoding="utf-8")
    out = tmp_path / "build"
    with pytest.raises(BuildError) as err:
        build(str(cards), out)
    where = [(p.file, p.pointer) for p in err.value.problems]
    assert any(f.endswith("weapons.yaml") and "/advanced/2/name" in ptr for f, ptr in where), where
    assert not out.exists() or not any(p.suffix == ".json" for p in out.rglob("*.json"))


def _files(folder):
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def test_the_same_sources_build_byte_for_byte_the_same(built, tmp_path):
    first = _files(built.folder)
    again = build("tem", built.folder.parent)  # warm: from the image cache
    assert _files(again.folder) == first
    cold = build("tem", tmp_path / "elsewhere")  # no cache at all
    other = _files(cold.folder)
    assert {k: v for k, v in other.items() if k.startswith(("assets/", "scripts/"))} == {
        k: v for k, v in first.items() if k.startswith(("assets/", "scripts/"))
    }
    # 43: the vp marker's "+40" side is an image of its own per seat colour
    assert len([k for k in first if k.startswith("assets/")]) == 43


def test_the_arena_reads_upright_from_the_south_and_each_board_from_its_seat(save):
    by_name = {o["Nickname"]: o for o in save["ObjectStates"]}
    assert by_name["Arena"]["Transform"]["rotY"] == 180.0
    for color, turn in (("Red", 0), ("Blue", 90), ("Green", 180), ("Yellow", 270)):
        board = by_name[f"{color} board"]["Transform"]
        hand = next(o for o in save["ObjectStates"] if o["Nickname"] == f"{color} hand")
        assert board["rotY"] == (turn + 180) % 360
        assert hand["Transform"]["rotY"] == turn
        # the board lies between the arena and its hand
        bx, bz = board["posX"], board["posZ"]
        hx, hz = hand["Transform"]["posX"], hand["Transform"]["posZ"]
        assert abs(hx) + abs(hz) > abs(bx) + abs(bz) > 8


# --- whole games -----------------------------------------------------------------------------

# The features every rules path reaches, and a game of the seeded run that reaches each (the
# test of that game checks it did). Found by playing the run; a change to the bots or the
# table that moves a feature to another game shows here, naming it.
COVERAGE = {
    "mech": 0,
    "ko:pilot": 0,
    "ko:armor": 6,
    "ko:mech": 98,
    "retreat": 0,
    "ad_hoc": 0,
    "power": 0,
    "ability:none": 0,
    "ability:shield": 0,
    "ability:vp": 3,
    "ability:drain": 3,
    "ability:gain": 3,
    "ability:pierce": 12,
    "ability:heal": 50,
    "ability:pay_for_damage": 4,
}
# Games of the same seeded run past the first GAMES, played too for the features the bots
# reach rarely (a piercing weapon, a Nanite Injector's heal, a Mech knocked out).
EXTRA = (12, 50, 98)


def required_features(engine):
    kinds = {w["ability"]["kind"] for w in (*engine.d["basic"], *engine.d["advanced"])}
    return {"mech", "ko:pilot", "ko:armor", "ko:mech", "retreat", "ad_hoc", "power"} | {
        f"ability:{k}" for k in kinds
    }


def test_the_coverage_table_names_every_feature(engine):
    assert set(COVERAGE) == required_features(engine)
    assert set(COVERAGE.values()) <= set(range(GAMES)) | set(EXTRA)


@pytest.mark.parametrize("index", [*range(GAMES), *EXTRA])
def test_whole_games_through_the_ui_agree_with_python(save, engine, index):
    """GAMES seeded games (and the extra ones), 2-4 players: every decision, action and state
    matches Python, no colour reads another's secret, and each reaches its features (secrets
    looked at after every answer in the first three, every 5th in the rest)."""
    players = 2 + index % 3
    result = P.play_game(engine, save, players, 1, index, secrets_every=1 if index < 3 else 5)
    assert result.problem is None, result.problem
    assert engine.is_over(replay(engine, result.record))
    reached = P.features(engine, result.record)
    missing = {f for f, i in COVERAGE.items() if i == index} - reached
    assert not missing, f"game {index} no longer reaches {missing} (reached {sorted(reached)})"


def test_saves_loads_and_rewinds_mid_programming_and_mid_combat(save, engine):
    moments = {"programming": 0, "combat": 0, "rewind": 0}

    def after(t, answers):
        s = status(t)
        mid_program = any(s["depths"].get(c, 0) > 0 for c in s["deciders"]) and s["simultaneous"]
        mid_combat = any(a == "attack" for a in (s["asked"] or {}).values()) and any(
            d > 0 for d in (s["depths"] or {}).values()
        )
        if mid_program and moments["programming"] < 2:
            moments["programming"] += 1
            return t.reload()
        if mid_combat and moments["combat"] < 2:
            moments["combat"] += 1
            return t.reload()
        if answers % 97 == 0 and t.snapshots:
            moments["rewind"] += 1
            return t.rewind()
        if answers % 23 == 0:
            t.checkpoint()
        return t

    for index in range(3):
        result = P.play_game(engine, save, 3, 7, index, after_answer=after)
        assert result.problem is None, result.problem
    assert moments["programming"] and moments["combat"] and moments["rewind"], moments


def test_what_each_colour_is_offered_after_a_rewind_is_what_a_fresh_load_offers(save, engine):
    """Issue 49: after rewinds in a 4-player game a programming dialog once listed its options
    rotated. Mid-programming, a rewound table and a fresh load of the same save offer every
    colour the same options in the same order, in its panel and in its dialog."""
    compared = []

    def offered(t):
        P.settle(t)
        out = {}
        for color in ("Red", "Blue", "Green", "Yellow"):
            shown = t.dialog(color)
            out[color] = ([label for _, label in P.panel_options(t, color)],
                          list(shown.options) if shown is not None else None)  # fmt: skip
        return out

    def after(t, answers):
        s = status(t)
        mid = s["simultaneous"] and any(s["depths"].get(c, 0) > 0 for c in s["deciders"])
        if mid and t.snapshots and len(compared) < 6:
            back = t.rewind()
            fresh = back.reload()
            compared.append((offered(back), offered(fresh)))
            return back
        if answers % 7 == 0:
            t.checkpoint()
        return t

    result = P.play_game(engine, save, 4, 13, 0, after_answer=after)
    assert result.problem is None, result.problem
    assert len(compared) == 6
    for back, fresh in compared:
        assert back == fresh
    assert any(dialog for back, _ in compared for _, dialog in back.values())


# --- secrets ---------------------------------------------------------------------------------


def test_the_secrets_check_sees_a_programmed_card_left_readable(save, engine):
    t = started(save)
    advance_to(t, lambda t: status(t)["simultaneous"] and
               json.loads(t.call_in("-1", "stateText"))["phase"] == "program")  # fmt: skip
    red = "Red"
    for _ in range(5):  # Red programs four cards (each with its direction), then locks them in
        first_answer(t, red)
    assert red not in status(t)["deciders"]
    state = json.loads(t.call_in("-1", "stateText"))
    assert not secrets.leaks(t, P.facts_of(engine, None, state))
    card = state["players"][0]["program"][0]["card"]
    name = P.names_of(engine)[card]
    cover = next(x for x in t.things.values() if x.name == "Red program 1")
    cover.description = f"Red program: {name}"  # a leak planted where everyone reads it
    found = secrets.leaks(t, P.facts_of(engine, None, state))
    assert found and "Red's secret" in found[0]


def test_the_playtest_sees_an_exhausted_weapon_stood_up_again(save, engine):
    """Whole games check every combat's weapons (P.check_weapons): exhausted weapons stood
    up by hand while their combat goes on are reported."""
    places = {(round(p["x"], 2), round(p["z"], 2)): p["ry"] for p in
              (q for seat in layout(engine.d)["seats"] for q in seat["equipped"])}  # fmt: skip
    planted = []

    def stand_up(t, answers):
        for x in t.things.values():
            ry = places.get((round(x.pos[0], 2), round(x.pos[2], 2)))
            if ry is not None and round((x.rot[1] - ry) % 360) == 90:
                x.rot = [x.rot[0], ry, x.rot[2]]  # an exhausted weapon, turned back by hand
                planted.append(x.name)
        return t

    result = P.play_game(engine, save, 2, 1, 0, after_answer=stand_up, secrets_check=False)
    assert planted, "no weapon was ever exhausted"
    assert result.problem is not None and "turned" in result.problem, result.problem
    assert any(name in result.problem for name in planted)


def test_weapon_cards_merged_into_a_deck_are_taken_out_and_laid_back(save, engine):
    """Cards that touch merge into a deck (a player's drop, a pile past its places): the
    periodic check takes each weapon back out to its place, however new the deck."""
    t = started(save)
    advance_to(t, lambda t: json.loads(t.call_in("-1", "stateText"))["phase"] == "program")
    t.run(3)
    lay = layout(engine.d)
    places = {s["color"]: s["equipped"][0] for s in lay["seats"][:2]}
    names = set(P.names_of(engine).values())

    def card_at(p):
        return next(x for x in t.things.values() if not x.destroyed and x.name in names
                    and abs(x.pos[0] - p["x"]) < 0.3 and abs(x.pos[2] - p["z"]) < 0.3)  # fmt: skip

    red, blue = card_at(places["Red"]), card_at(places["Blue"])
    deck = t.combine(blue, red)  # Red's weapon lies in a deck with Blue's, made just now
    assert deck.is_deck and red.destroyed and blue.destroyed
    t.run(5)  # the check every 2 seconds
    assert deck.destroyed
    assert card_at(places["Red"]).name == red.name and card_at(places["Blue"]).name == blue.name


def test_no_colour_receives_another_players_dialog(save):
    t = started(save)
    advance_to(t, lambda t: status(t)["simultaneous"])
    P.settle(t)
    assert t.dialog("Red") is not None and t.dialog("Blue") is not None
    red = "\n".join([t.dialog("Red").description, *t.dialog("Red").options])
    assert red not in t.readable("Blue") and red in t.readable("Red")


# --- refusals ----------------------------------------------------------------------------------


def _handler(t):
    return f"onButton{status(t)['version'] % 8}"


def test_refused_inputs_change_nothing_and_say_why(save):
    t = started(save)
    before = snapshot(t)
    blue = PlayerHandle(t, "Player 2")
    red_option = f"seat:{status(t)['deciders'][0]}:opt:1"
    decider = status(t)["deciders"][0]
    other = "Red" if decider == "Blue" else "Blue"
    other_handle = PlayerHandle(t, "Player 1" if other == "Red" else "Player 2")
    heard = len(t.messages(other))
    t.call_in("-1", _handler(t), other_handle, "-1", red_option)  # another's panel
    t.call_in("-1", f"onButton{(status(t)['version'] + 3) % 8}", other_handle, "-1",
              f"seat:{other}:opt:1")  # a stale button  # fmt: skip
    t.call_in("-1", _handler(t), blue, "-2", red_option)  # a right click
    t.call_in("-1", "onStart", other_handle, "-1")  # Start again, not the host
    t.run(1)
    assert snapshot(t) == before
    said = t.messages(other)[heard:]
    assert any("that panel is" in s for s in said), said
    assert any("out of date" in s for s in said), said
    assert any("already under way" in s or "host" in s for s in said), said
    # an answer in another player's dialog (the API shows it to its owner alone: a callback
    # that says another colour answered is refused)
    advance_to(t, lambda t: status(t)["simultaneous"])
    P.settle(t)
    t.run(1)  # the pieces glide to their places
    before = snapshot(t)
    heard = len(t.messages("Blue"))
    t._run("-1: dialog", t.dialog("Red").callback, "x", 1, "Blue")
    t.run(1)
    assert snapshot(t) == before
    assert any("dialog was" in s for s in t.messages("Blue")[heard:])


def test_a_spectator_and_a_lone_player_cannot_start(save):
    t = Table.load(save, seed=1)
    t.join("Host", "Red", host=True)
    t.step()
    t.click("Red", "start:go")
    t.step()
    assert t.call_in("-1", "onSave") == ""
    assert any("needs 2 to 4 players" in m for m in t.messages("Red"))


def _press(t, color, element):
    """A click on a host button whatever it shows (a hidden one too: a click that crossed an
    update), through the handler the table's version names."""
    name = next(p.name for p in t.players.values() if p.color == color)
    t.call_in("-1", _handler(t), PlayerHandle(t, name, color), "-1", element)
    P.settle(t)


def test_undo_takes_the_last_action_back_and_stops_at_the_pilot_reveal(save, engine):
    t = started(save)
    assert "host:undo" not in t.dump("Red")  # hidden while there is nothing to undo
    _press(t, "Red", "host:undo")
    assert json.loads(t.call_in("-1", "onSave"))["actions"] == []
    assert any("no action to undo" in m for m in t.messages("Red"))
    first_answer(t, status(t)["deciders"][0])
    record = json.loads(t.call_in("-1", "onSave"))
    # the last base slot is the other player's only option: the table took it
    assert [a["type"] for a in record["actions"]] == ["base", "base"]
    t.click("Red", "host:undo")
    P.settle(t)
    after = json.loads(t.call_in("-1", "onSave"))
    assert after["actions"] == []  # the player's base and what the table did after it
    assert json.loads(t.call_in("-1", "stateText")) == engine.new_game(after["setup"])
    advance_to(t, lambda t: json.loads(t.call_in("-1", "stateText"))["phase"] == "base_mine")
    n = len(json.loads(t.call_in("-1", "onSave"))["actions"])
    assert "host:undo" not in t.dump("Red")
    _press(t, "Red", "host:undo")
    assert len(json.loads(t.call_in("-1", "onSave"))["actions"]) == n
    assert any("cannot be taken back" in m for m in t.messages("Red"))


def test_a_new_game_after_the_end_gathers_the_cards_and_plays_whole(save, engine):
    import random

    result = P.play_game(engine, save, 2, 1, 0)
    assert result.problem is None, result.problem
    t = result.table.reload()  # the pilot deck kept in the save, not only in memory
    P.settle(t)
    t.click("Red", "host:new")
    P.settle(t)
    assert t.call_in("-1", "onSave") == ""
    assert any("cleared the table" in m for m in t.messages("Blue"))
    pilots = [x for x in t._live() if x.name == "Pilot" or any(
        c.get("Nickname") == "Pilot" for c in x.contents or [])]  # fmt: skip
    assert sum(len(x.contents or []) or 1 for x in pilots) == 8
    zones = [x for x in t._live() if len(x.contents or []) == 21]
    assert zones, "the 21 zone cards are back in one deck"
    t = t.reload()  # the new game survives a load too
    P.settle(t)
    t.click("Red", "start:go")
    P.settle(t)
    record = P.record_of(t)
    assert record is not None and record["actions"] == []
    second = P.PLAYTEST.play_on(engine, t, random.Random(5))
    assert second.problem is None, second.problem
    assert engine.is_over(replay(engine, P.record_of(second.table)))


# --- what each colour sees -----------------------------------------------------------------------


def _golden(name, text):
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("TTSMOD_UPDATE_GOLDEN") == "1":  # then review the diff like any change
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert path.is_file(), f"{path} is missing (TTSMOD_UPDATE_GOLDEN=1 writes it)"
    assert text + "\n" == path.read_text(encoding="utf-8"), f"{path} differs"


def test_each_colour_sees_its_own_panel_at_each_moment_golden(save):
    t = Table.load(save, seed=3)
    P.seat_players(t, ["Red", "Blue"])
    t.step(4)  # the table hears of the seats a frame later, then makes the panels and paints
    _golden("before-start-Red", t.dump("Red"))
    t.click("Red", "start:go")
    P.settle(t)  # the deal, then the first picture, a frame each
    for c in ("Red", "Blue", "Grey"):
        _golden(f"bases-{c}", t.dump(c))
    advance_to(t, lambda t: json.loads(t.call_in("-1", "stateText"))["phase"] == "program")
    first_answer(t, "Red")  # Red's first program card, in their dialog
    for c in ("Red", "Blue"):
        _golden(f"programming-{c}", t.dump(c))
    advance_to(t, lambda t: not status(t)["simultaneous"])
    decider = status(t)["deciders"][0]
    _golden("execution-decider", t.dump(decider))
    _golden("execution-Grey", t.dump("Grey"))


def test_a_spectator_sees_a_combat_part_way_golden(save, engine):
    # a combat part way (an attack made and in the log, the next attacker choosing among
    # their weapons), in a seeded game of the playtest bots; a choice of one weapon is the
    # table's, never a moment anyone waits at
    seen = []

    def after(t, answers):
        if seen or "attack" not in (status(t)["asked"] or {}).values():
            return t
        view = t.dump("Grey")
        log = next(line for line in view.splitlines() if "#log:Grey:text" in line)
        if " attacks " in log.rsplit("\\n", 1)[-1]:
            seen.append(view)
        return t

    result = P.play_game(engine, save, 2, 1, 0, after_answer=after, secrets_check=False)
    assert result.problem is None, result.problem
    assert seen, "no combat in the game came to a second attack with a choice"
    _golden("combat-Grey", seen[0])


def test_every_decision_both_engines_ask_has_words():
    python = (ROOT / "generator/games/tem/rules/engine.py").read_text()
    lua = (ROOT / "lua/tem/core/engine.lua").read_text()
    asked = set(re.findall(r'ask\(\s*"(\w+)"', python)) | set(re.findall(r'ask\(src, "(\w+)"', lua))
    # decisions asked under a name passed in (a KO's zone, a retreat's)
    asked |= set(re.findall(r'relocate\(s, p, src, "(\w+)",', python + lua))
    words = (ROOT / "lua/tem/table/words.lua").read_text()
    ask = words[words.index("local ASK = {") : words.index("local DOING = {")]
    doing = words[words.index("local DOING = {") : words.index("function W.asks()")]
    worded = set(re.findall(r"^  (\w+) = tr\(\"", ask, re.M))
    # the status line says in the third person what the decider is doing, for each of them
    assert set(re.findall(r"^  (\w+) = tr\(\"\{player\} ", doing, re.M)) == worded
    # the Lua core names the equip moments "equip_" .. moment: every one is worded
    asked = {a for a in asked if a != "equip_"} | {w for w in worded if w.startswith("equip_")}
    assert "ko_zone" in asked and "retreat" in asked
    assert asked - {"player"} <= worded, asked - worded - {"player"}


def test_playtest_tem_plays_through_the_cli(cli, build_dir):
    run = cli("playtest", "tem", "--games", "1", "--players", "2", "--seed", "3",
              "--secrets-every", "25")  # fmt: skip
    assert run.code == 0, run
    assert "1 game(s), 2 players, seed 3:" in run.stdout and "rolls" not in run.stdout
    assert (
        re.search(r"^dialog\s+\d+", run.stdout, re.M) and "load of the longest game" in run.stdout
    )


# --- text that is not ASCII ------------------------------------------------------------------


def test_card_names_with_accents_and_dashes_go_through_the_table_whole(tmp_path):
    """MoonSharp's strings are UTF-16 (tests/moonsharp/probes/text.lua): names with accents
    and a dash reach every panel, dialog and chat line whole (the playtest compares each
    label with Python's), and the saved game reads back byte for byte."""
    from generator import cards
    from generator.games.tem.rules import Engine

    folder = tmp_path / "tem"
    shutil.copytree(CARDS / "tem", folder)
    renames = {"pilots.yaml": [("name: Rhee", "name: Rhée")],
               "zones.yaml": [(f"name: {a}", f"name: {b}") for a, b in (
                   ("Scrap Yard", "Scráp Yard"), ("Coolant Pools", "Coolänt Pools"),
                   ("Relay Tower", "Rélay—Tower"), ("Ore Crater", "Ore Cräter"))]}  # fmt: skip
    for name, pairs in renames.items():
        text = (folder / name).read_text(encoding="utf-8")
        for a, b in pairs:
            assert a in text
            text = text.replace(a, b)
        (folder / name).write_text(text, encoding="utf-8")
    built = build(str(folder), tmp_path / "build")
    save = json.loads((built.folder / f"{built.save_name}.json").read_text(encoding="utf-8"))
    engine = Engine(cards.load(str(folder)))
    result = P.play_game(engine, save, 4, 1, 2)  # four players: every pilot is dealt
    assert result.problem is None, result.problem
    t = result.table
    said = "\n".join(line for _, _, line in t.chat)
    # Rhée was offered in a pilot dialog (every pilot is dealt): the playtest compared it
    assert any("rhee" in pair for pair in result.record["setup"]["pilots_dealt"].values())
    assert any(n in said for n in ("Scráp Yard", "Coolänt Pools", "Rélay—Tower", "Ore Cräter"))
    saved = t.call_in("-1", "onSave")
    loaded = Table.load({**save, "LuaScriptState": saved}, seed=2)
    P.settle(loaded)
    assert loaded.call_in("-1", "onSave") == saved


# --- the game log and a player's own secrets at hand ------------------------------------------


def _title(t, color):
    line = next(x for x in t.dump(color).splitlines() if f"#seat:{color}:title" in x)
    return line.split(":title", 1)[1]


def test_a_secret_choice_made_says_so_and_the_program_stays_at_hand(save):
    t = Table.load(save, seed=3)
    P.seat_players(t, ["Red", "Blue", "Green"])
    t.click("Red", "start:go")
    P.settle(t)
    advance_to(t, lambda t: json.loads(t.call_in("-1", "stateText"))["phase"] == "pilot")
    P.settle(t)
    t.answer("Red", 1)  # Red keeps a pilot; Blue and Green still choose
    P.settle(t)
    title = _title(t, "Red")
    assert "You have kept your pilot. Waiting for Blue, Green to choose in secret." in title
    assert "#seat:Red:private" not in t.dump("Red")  # no private choice is left to open
    advance_to(t, lambda t: not status(t)["simultaneous"]
               and json.loads(t.call_in("-1", "stateText"))["phase"] == "execute")  # fmt: skip
    state = json.loads(t.call_in("-1", "stateText"))
    for p in state["players"]:
        c = p["color"]
        if c in status(t)["deciders"]:
            continue
        want = ", ".join(f"{i + 1}. " for i in range(4))  # each slot, in order
        title = _title(t, c)
        assert "Your program: 1. " in title and "(next)" in title, title
        assert all(x in title for x in want.split(", ")), title
        for q in state["players"]:  # nobody else's program is in it
            if q["color"] != c:
                assert f"{q['color']}'s program" not in title


def _logs_golden(save, game_seed, players, tag):
    result = P.PLAYTEST.play_game(load_engine(), save, players, game_seed)
    assert result.problem is None, result.problem
    for color, text in result.logs.items():
        _golden(f"log-{tag}-{color}", text)
    return result


def test_each_colour_reads_the_whole_game_in_its_log_golden(save):
    # a whole seeded 3-player game, as each colour's log holds it (and a spectator's)
    result = _logs_golden(save, 2, 3, "game")
    logs = result.logs
    assert set(logs) == {"Red", "Blue", "Green", "Grey"}
    # the same game in each log; only the owner's own words differ, marked as theirs
    lines = {c: text.splitlines() for c, text in logs.items()}
    assert len({len(x) for x in lines.values()}) == 1
    for c, own in lines.items():
        for mine, public in zip(own, lines["Grey"], strict=True):
            assert mine == public or mine.startswith(f"[{c} only] "), (mine, public)
            # only the mine's number is secret: the rest of the turn reads as everyone's
            if mine != public and not mine.startswith((f"[{c} only] You", f"[{c} only] Your")):
                assert re.fullmatch(rf"\[{c} only\] {c} (deploys|moves) mine \d[^.]*\.", mine), mine
    grey = logs["Grey"]
    assert "Pilots revealed. " in grey and "Basic weapons revealed:" in grey
    assert re.search(r"Pilots revealed\. \w+ keeps [\w ]+: \+\d+ health \(now \d+\)", grey)
    assert re.search(r"\w+ scores after round 2 \(\d+ for the pilot on [\w ]+[,)].*: "
                     r"\+\d+ VP \(now \d+ VP\)\.", grey)  # fmt: skip
    assert re.search(r"End of round 2: \w+ \d+ VP in all \(\+\d+ this round\)", grey)
    assert re.search(r"\w+('s weapons bought score| bought no weapon).*: \+\d+ VP \(now \d+ VP\)",
                     grey)  # fmt: skip
    assert re.search(r"Final score, \w+: zones \d+ \(rounds ", grey)
    assert re.search(r"Game over\. \w+ wins with \d+ VP \(\w+ has \d+\)", grey)


def _loaded_game(save, engine, players, seed):
    """A whole game of Python's greedy bots, loaded at the table from its record."""
    from generator.games.tem.rules.records import deal, play

    rng = __import__("random").Random(seed)
    record = play(engine, deal(engine, players, rng), ["greedy"] * players, rng).record
    text = json.dumps({**record, "table": {"prefs": {}, "steps": {}}})
    t = Table.load({**save, "LuaScriptState": text}, seed=2)
    P.settle(t)
    for _ in range(200):  # the load replays the record, then places the pieces, over frames
        t.step()
    return t


def test_figures_stand_at_their_cells_centre_named_by_colour_and_status(save, engine):
    t = _loaded_game(save, engine, 4, 1)
    state = json.loads(t.call_in("-1", "stateText"))
    lay = layout(engine.d)
    seats = {seat["color"]: seat for seat in lay["seats"]}
    for p in state["players"]:
        figure = t.things[seats[p["color"]]["guids"]["figure"]]
        cell = lay["cells"][p["zone"]]
        off = max(abs(figure.pos[0] - cell["x"]), abs(figure.pos[2] - cell["z"]))
        crowded = sum(q["zone"] == p["zone"] for q in state["players"]) > 1
        crowded = crowded or state["mech"]["zone"] == p["zone"]
        assert off < (0.4 if crowded else 0.01), (p["color"], off, crowded)
        status = {"pilot": "pilot", "armor": "in Power Armor", "mech": "in the Mighty Mech"}
        assert figure.name.startswith(f"{p['color']} ({status[p['status']]}, health "
                                      f"{p['health']}"), figure.name  # fmt: skip


def test_the_vp_marker_turns_to_its_plus_40_side_past_the_track(save, engine):
    # a whole 4-player game (Python's greedy bots) loaded at the table: Red ends on 52 VP
    t = _loaded_game(save, engine, 4, 1)
    players = json.loads(t.call_in("-1", "stateText"))["players"]
    lay = layout(engine.d)
    track = lay["vp"]
    by_guid = {o["GUID"]: o for o in save["ObjectStates"]}
    past = 0
    seats = {seat["color"]: seat for seat in lay["seats"]}
    for p in players:
        marker = seats[p["color"]]["guids"]["markers"]["vp"]
        thing = t.things[marker]
        space = track[p["vp"] % len(track)]
        assert abs(thing.pos[0] - space["x"]) < 0.6 and abs(thing.pos[2] - space["z"]) < 0.6
        flipped = abs(thing.rot[2] - 180) < 1
        assert flipped == (p["vp"] >= len(track)), (p["color"], p["vp"], thing.rot)
        past += flipped
        image = by_guid[marker]["CustomImage"]  # its other side says +40
        assert image["ImageSecondaryURL"].split("/")[-1].startswith(f"vp40_{p['color']}")
    assert past == 1


# --- cards a player can read -------------------------------------------------------------------


def _drawn(monkeypatch, fn, *args):
    """Every text `fn` draws on its card, in order."""
    from generator.games.tem.render import components as C

    texts = []
    real = C.text_box

    def record(draw, box, text, *a, **k):
        texts.append(text)
        real(draw, box, text, *a, **k)

    monkeypatch.setattr(C, "text_box", record)
    fn(*args)
    return texts


def test_cards_say_what_their_numbers_mean(monkeypatch, engine):
    from generator.games.tem.render import components as C
    from generator.render.draw import SEAT_RGB

    d = engine.d
    weapon = _drawn(
        monkeypatch, C.weapon_card, d["advanced"][0], "advanced", False, d["game"]["units"]
    )
    assert "damage / power attack damage" in weapon
    zone = _drawn(monkeypatch, C.zone_card, d["zones"][0], False, d["game"]["units"])
    assert "value: deploy cost, damage, VP" in zone
    ad_hoc = " ".join(_drawn(monkeypatch, C.ad_hoc_card, len(d["programs"])))
    assert "KO or a retreat" in ad_hoc
    assert f"any of your {len(d['programs'])} program cards" in ad_hoc
    rules = _drawn(monkeypatch, C.rules_card, d)
    for heading in ("A round", "Entering a zone", "Combat", "KO or retreat", "Scoring"):
        assert any(t.startswith(heading) for t in rules), heading
    vp = d["game"]["vp"]
    said = " ".join(rules)
    assert f"the other scores {vp['ko']} VP" in said
    assert f"Mighty Mech: {vp['mech_control']}" in said
    # energy and credits in colours no seat of the game uses
    for rgb in C.YIELD_RGB.values():
        for color in d["game"]["seat_colors"]:
            assert sum(abs(a - b) for a, b in zip(rgb, SEAT_RGB[color], strict=True)) > 120


def test_programming_says_which_slot_is_being_filled(save):
    t = Table.load(save, seed=3)
    P.seat_players(t, ["Red", "Blue"])
    t.click("Red", "start:go")
    P.settle(t)
    advance_to(t, lambda t: json.loads(t.call_in("-1", "stateText"))["phase"] == "program")
    P.settle(t)
    asked, chosen = [], []
    for _ in range(4):  # four cards, each listed with each of its directions
        dialog = t.dialog("Red")
        asked.append(dialog.description)
        offered = [o for o in dialog.options if not o.startswith("Back")]
        assert all(re.search(r": (N|E|S|W|NE|SE|SW|NW) \(", o) for o in offered), offered
        chosen.append(offered[0])
        t.answer("Red", 1)
        P.settle(t)
    assert [a.split(":")[0] for a in asked] == [f"Program slot {k} of 4" for k in range(1, 5)]
    # the whole program, locked in once, in the dialog only Red sees
    confirm = t.dialog("Red")
    assert confirm.options == ["Lock in my program", "Change the last card"]
    assert confirm.description.startswith("Your program: 1. " + chosen[0].split(":")[0])
    t.answer("Red", 2)  # change the last card: the fourth slot is asked again
    P.settle(t)
    assert t.dialog("Red").description.startswith("Program slot 4 of 4")


def test_each_games_images_are_its_own_though_the_cache_is_shared(tmp_path):
    # both games draw an "energy" token; a build of Tiny Epic Galaxies first must not lend
    # Mechs its yellow coin (energy is turquoise here, a colour no seat uses)
    from generator.games.tem.render.components import YIELD_RGB

    build("teg", tmp_path / "build")
    tem = build("tem", tmp_path / "build")
    name = next(k for k in tem.files if k.startswith("assets/energy"))
    with Image.open(tem.folder / name) as image:
        assert image.convert("RGB").getpixel((100, 20)) == YIELD_RGB["energy"]


def test_the_last_round_is_announced_in_the_log_and_the_status_line():
    log = (GOLDEN / "log-game-Grey.txt").read_text(encoding="utf-8")
    assert "Round 6 of 6, the last: program your cards." in log  # rounds: cards/tem/game.yaml
    assert "Round 2 of 6: program your cards." in log


def test_a_shield_raised_says_when_it_is_spent(save, engine):
    """Issue 49: the Riot Shield said the next attack would deal less, never whether it did."""
    raised = spent = 0
    for index in range(1):  # (a 4-player game of seed 2 where a shield is raised and spent)
        result = P.play_game(engine, save, 4, 2, index)
        assert result.problem is None, result.problem
        lines = result.logs["Grey"].splitlines()
        for k, line in enumerate(lines):
            up = re.search(r"the next attack on (\w+) deals (\d+) less", line)
            if not up:
                continue
            raised += 1
            attack = re.compile(rf"^\w+ attacks {up.group(1)} with ")
            nxt = next((x for x in lines[k + 1 : k + 4] if attack.match(x)), None)
            if nxt is not None and "ignores shields" not in nxt:
                spent += 1
                assert f"{up.group(2)} less for {up.group(1)}'s " in nxt, nxt
    assert raised and spent
