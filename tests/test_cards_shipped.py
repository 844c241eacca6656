"""The shipped Tiny Epic Galaxies data is valid and agrees with ../shared/teg/COMPONENTS.md."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path

import pytest

from generator import cards
from generator.games.teg.cards import id_for
from generator.paths import CARDS, SCHEMAS


@pytest.fixture(scope="module")
def data():
    return cards.load("teg")


def table(markdown: str, heading: str) -> list[list[str]]:
    """Rows of the first Markdown table after `heading` (header and rule dropped)."""
    body = markdown.split(heading, 1)[1]
    rows = []
    for line in body.splitlines():
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            break
    return rows[2:]


@pytest.fixture(scope="module")
def components(shared: Path) -> str:
    return (shared / "teg" / "COMPONENTS.md").read_text(encoding="utf-8")


def test_validate_passes_and_prints_summary(cli):
    run = cli("validate", "teg")
    assert run.code == 0, run
    assert run.stdout.strip() == (
        "ok: teg: 40 planets, 12 missions, 6 empire levels, 6 die faces on 7 dice, 2-5 players"
    )


def test_counts_match_the_box(data):
    assert len(data.planets) == 40
    assert Counter(p.vp for p in data.planets) == {1: 8, 2: 8, 3: 8, 5: 8, 7: 8}
    assert Counter(p.track for p in data.planets) == {"diplomacy": 20, "economy": 20}
    assert Counter(p.resource for p in data.planets) == {"energy": 20, "culture": 20}
    assert set(Counter((p.track, p.resource) for p in data.planets).values()) == {10}
    assert len(data.missions) == 12
    assert len(data.levels) == 6
    assert data.dice_count == 7
    assert [f.id for f in data.faces] == [
        "move",
        "energy",
        "culture",
        "diplomacy",
        "economy",
        "utilize",
    ]


def test_planets_match_components_table(data, components):
    rows = table(components, "## Planets (40)")
    assert len(rows) == 40
    for name, vp, track, steps, resource, _action, ruling in rows:
        planet = data.planet(id_for(name))
        assert planet.name == name
        assert (planet.vp, planet.track, planet.steps, planet.resource) == (
            int(vp),
            track,
            int(steps),
            resource,
        ), name
        assert planet.ability.once_per_turn == ("once per turn" in ruling), name
        assert planet.ability.own_turn_only == ("only on your turn" in ruling), name


def test_missions_match_components_table(data, components):
    rows = table(components, "## Secret missions")
    assert [data.mission(id_for(name)).vp for name, _cond, _vp in rows] == [
        int(vp) for _name, _cond, vp in rows
    ]
    tied = {m.id for m in data.missions if m.tied_vp is not None}
    assert tied == {
        id_for(n) for n, cond, _ in rows if "(2 if tied)" in cond or "(2 VP instead" in cond
    }
    assert all(data.mission(i).tied_vp == 2 for i in tied)


def test_empire_matches_components_table(data, components):
    rows = table(components, "## Empire track")
    got = [(lv.level, lv.cost, lv.dice, lv.ships, lv.vp) for lv in data.levels]
    want = []
    for level, cost, dice, ships, vp in rows:
        want.append(
            (
                int(level.split()[0]),
                None if cost == "\u2013" else int(cost),  # an en dash: no cost
                int(dice),
                int(ships),
                int(vp),
            )
        )
    assert got == want


def test_start_and_table_numbers_match_components(data, components):
    r = data.rules
    assert {res.id: res.start for res in r.resources} == {"energy": 2, "culture": 1}
    assert r.resource_cap == 7 and r.end_vp == 21
    assert dict(r.follow_cost) == {"culture": 1}
    assert r.free_rerolls == 1 and dict(r.reroll_cost) == {"energy": 1}
    assert dict(r.row_sizes) == {2: 4, 3: 5, 4: 6, 5: 6}  # players + 2, but 6 with 5
    assert r.ships_per_player == 4 and data.levels[0].ships == 2
    assert (r.missions_dealt, r.missions_kept) == (2, 1)
    assert "Start: 2 energy, 1 culture" in components  # the fact the numbers above come from


def test_ids_follow_the_records_rule(data):
    assert data.planet("omicronfenzi").name == "Omicron Fenzi"
    assert data.planet("vici-ks156").name == "Vici-KS156"
    for card in (*data.planets, *data.missions):
        assert card.id == re.sub(r"[ .]", "", card.name.lower())


def test_every_planet_has_text_and_a_known_effect(data):
    effects = Counter(p.ability.effect for p in data.planets)
    assert "custom" not in effects  # every ability is data
    assert all(p.text.strip() for p in data.planets)


def test_typed_data_is_read_only(data):
    planet = data.planet("jakks")
    with pytest.raises(dataclasses.FrozenInstanceError):
        planet.vp = 9
    with pytest.raises(TypeError):
        planet.ability.params["gain"]["culture"] = 5
    assert dict(planet.ability.params["gain"]) == {"culture": 1}
    assert data.planet("maia").ability.cost == {"dice": 2}
    assert isinstance(data.planets, tuple)


def test_each_yaml_file_names_its_schema_for_editors():
    for path in sorted((CARDS / "teg").glob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
        assert match, f"{path.name}: first line is not a yaml-language-server modeline"
        target = (path.parent / match.group(1)).resolve()
        assert target == SCHEMAS / "teg" / f"{path.stem}.schema.json", path.name
