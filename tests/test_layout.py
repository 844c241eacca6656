"""Layout that cannot overlap (issue 49, item 3): every image's named rectangles, and the
preview of every game's table.

The drawing code draws each label, slot and track space at a feature (a named rectangle), and
the build refuses a game whose features overlap (a label over a label, a piece over a name)
or whose stacked tracks stand out of column. The preview places each pile's and hand's name
where it covers no other name and no picture.
"""

from __future__ import annotations

import json
import shutil

import pytest

from generator import games
from generator.build import BuildError, build
from generator.paths import CARDS
from generator.render.features import Rect, clashes, layout_faults, misaligned
from generator.tts.preview import draw_preview


def _row(name: str, y: float, x0: float, pitch: float, count: int, size: float = 60):
    return {
        f"{name}:{v}": Rect(x0 + v * pitch, y, x0 + v * pitch + size, y + size)
        for v in range(count)
    }


def test_overlapping_features_are_named_once_and_nesting_is_allowed():
    features = {
        "slot": Rect(0, 0, 100, 140),
        "slot:label": Rect(10, 100, 90, 130),  # inside its slot: allowed
        "other": Rect(90, 0, 190, 140),  # overlaps the slot by 10 pixels
        "other:label": Rect(95, 100, 180, 130),  # and so its label meets the slot's
        "apart": Rect(300, 0, 400, 140),
        "touching": Rect(400, 0, 500, 140),  # shares an edge only
    }
    assert clashes(features) == [("other", "slot")]
    del features["other"]
    assert clashes(features) == [("other:label", "slot")]


def test_stacked_tracks_of_one_size_must_stand_in_columns():
    aligned = {**_row("health", 0, 0, 100, 12), **_row("energy", 100, 0, 100, 11)}
    assert misaligned(aligned) == []
    # issue 49: health 0-11 and energy 0-10 spread over the same width, each its own pitch
    spread = {**_row("health", 0, 0, 1100 / 12, 12), **_row("energy", 100, 0, 1100 / 11, 11)}
    assert misaligned(spread) == [("energy", "health", 1)]
    # side by side (the ship track and home), or of another size (card slots): not a pair
    beside = {**_row("ship", 0, 0, 100, 4), **_row("home", 0, 500, 90, 4)}
    slots = {**_row("health", 0, 0, 100, 12), **_row("program", 200, 0, 300, 4, size=260)}
    assert misaligned(beside) == misaligned(slots) == []
    assert layout_faults({"mat": spread}) == [
        "mat: the tracks 'energy' and 'health' are stacked but not in columns "
        "(energy:1 and health:1 stand apart)"
    ]


def test_a_mat_with_no_room_for_the_card_data_stops_the_build(tmp_path):
    """Five program cards would put the fifth slot on the pilot's: the build names both."""
    cards = tmp_path / "tem"
    shutil.copytree(CARDS / "tem", cards)
    game = cards / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "program_cards: 4" in text
    game.write_text(text.replace("program_cards: 4", "program_cards: 5"), encoding="utf-8")
    with pytest.raises(BuildError) as caught:
        build(str(cards), tmp_path / "build")
    assert caught.value.stage == "layout"
    assert [p.message for p in caught.value.problems] == [
        "mat: 'pilot' and 'program:5' overlap (a label or a piece would cover another)"
    ]
    assert not (tmp_path / "build" / "tem").exists()


@pytest.mark.parametrize("game", games.with_tables())
def test_the_previews_names_never_overprint_each_other_or_a_picture(game, built_game):
    """Issue 49: in Mechs' preview the Yellow hand's name lay over the Pulse Pistol pile's,
    and the weapon deck's name ran into the Energy Sword card under it."""
    built = built_game(game)
    manifest = json.loads((built.folder / "build.json").read_text(encoding="utf-8"))
    save = json.loads((built.folder / manifest["save"]).read_text(encoding="utf-8"))
    drawn = draw_preview(save, built.folder / "assets")
    hands = [o["FogColor"] for o in save["ObjectStates"] if o["Name"] == "HandTrigger"]
    assert hands and {f"{c} hand" for c in hands} <= {t for t, _ in drawn.labels}

    def meet(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    for i, (text, box) in enumerate(drawn.labels):
        for other, box2 in drawn.labels[i + 1 :]:
            assert not meet(box, box2), (text, other)
        hit = [p for p in drawn.pictures if meet(box, p)]
        assert not hit, (text, hit)
