"""The contract check: what a game lacks, named with where it belongs, before anything runs."""

from __future__ import annotations

import sys
import types

import pytest

from generator import cards, contract, games


class Without:
    """`base` with the members in `hidden` missing (and `replace` given instead)."""

    def __init__(self, base, hidden=(), **replace):
        self._base, self._hidden, self._replace = base, set(hidden), replace

    def __getattr__(self, name):
        if name in self._hidden:
            raise AttributeError(name)
        if name in self._replace:
            return self._replace[name]
        return getattr(self._base, name)


def register(monkeypatch, game, binding):
    """Make `game` resolve to `binding` (a stand-in GAME object)."""
    module = types.ModuleType(f"planted_{game}")
    module.GAME = binding
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(games.MODULES, game, module.__name__)


@pytest.mark.parametrize("game", games.ids())
def test_every_shipped_game_lacks_nothing(game):
    assert contract.check(game) == []


@pytest.mark.parametrize("member", sorted(contract._protocol()))
def test_a_binding_without_a_member_is_named_with_its_file(monkeypatch, member):
    register(monkeypatch, "teg", Without(games.get("teg"), [member]))
    (lack,) = contract.check("teg")
    assert lack.where == "generator/games/teg/__init__.py"
    assert lack.what.startswith(f"GAME lacks `{member}`")


def test_a_card_loader_of_nothing_reads_game_yaml_as_it_is(monkeypatch):
    real = games.get("liars")
    loader = Without(real.cards(), sorted(contract.LOADER))
    register(monkeypatch, "liars", Without(real, cards=lambda: loader))
    assert contract.check("liars") == []
    report = cards.validate("liars")
    assert report.data == cards.PlainData("liars", report.documents)
    assert report.data.summary() == "liars: 2-6 players"


def test_a_card_loader_whose_files_are_not_a_list_is_named(monkeypatch):
    real = games.get("teg")
    loader = Without(real.cards(), FILES="card")
    register(monkeypatch, "teg", Without(real, cards=lambda: loader))
    lacks = [lack.format() for lack in contract.check("teg")]
    assert any("`FILES` is not a list" in line for line in lacks), lacks


def test_a_card_file_without_its_schema_or_data_is_named(monkeypatch):
    real = games.get("teg")
    loader = Without(real.cards(), FILES=(*real.cards().FILES, "ghosts"))
    register(monkeypatch, "teg", Without(real, cards=lambda: loader))
    lacks = [lack.format() for lack in contract.check("teg")]
    assert lacks == [
        "schemas/teg/ghosts.schema.json: no schema for the card file `ghosts`",
        "cards/teg/ghosts.yaml: no card data for the file `ghosts` the loader lists",
    ]


@pytest.mark.parametrize("verb", sorted(contract.ENGINE))
def test_an_engine_without_a_verb_is_named(monkeypatch, verb):
    real = games.get("tem")
    engine = Without(real.engine(), [verb])
    register(monkeypatch, "tem", Without(real, engine=lambda data=None: engine))
    (lack,) = contract.check("tem")
    assert "Python engine of tem" in lack.where and f"lacks `{verb}`" in lack.what


@pytest.mark.parametrize("field", sorted(contract.STATE))
def test_a_state_without_a_field_the_table_reads_is_named(monkeypatch, field):
    real = games.get("tem")
    base = real.engine()

    def new_game(setup):
        state = dict(base.new_game(setup))
        del state[field]
        return state

    engine = Without(base, new_game=new_game)
    register(monkeypatch, "tem", Without(real, engine=lambda data=None: engine))
    (lack,) = contract.check("tem")
    assert "state the engine of tem makes" in lack.where
    assert lack.what.startswith(f"the state lacks `{field}`")


@pytest.mark.parametrize("function", contract.LUA_CORE)
def test_a_lua_core_without_a_function_is_named_with_its_module_file(monkeypatch, function):
    real = games.get("tem")
    register(monkeypatch, "tem", Without(real, lua_core="planted.core"))
    wrapper = (
        f'local real = require("{real.lua_core}")\n'
        "return { new = function(data)\n  local core = real.new(data)\n"
        f"  core.{function} = nil\n  return core\nend }}\n"
    )
    (lack,) = contract.check("tem", {"planted.core": wrapper})
    assert lack.where == "lua/planted/core.lua"
    assert lack.what == f"the core's new(data) lacks the function `{function}`"


PARTS = {
    "words": {name: "f" for name in (*contract.WORDS, "over")},
    "view": {name: "{}" if name == "COLUMNS" else "f" for name in contract.VIEW},
    "deal": {name: "f" for name in contract.DEAL},
}


def spec_module(without_field=None, without_member=(None, None)):
    """A table spec with every part the framework reads but `without_field` and one member."""
    part_out, member_out = without_member
    fields = {"id": '"x"', "name": '"x"', "players": "{}", "core": "{}", "layout": "{}"}
    for part, members in PARTS.items():
        kept = ", ".join(f"{k} = {v}" for k, v in members.items() if (part, k) != without_member)
        fields[part] = "{ " + kept + " }"
    if part_out is not None:
        assert member_out not in fields[part_out]
    text = ", ".join(f"{k} = {v}" for k, v in fields.items() if k != without_field)
    return f"local function f() end\nreturn function() return {{ {text} }} end\n"


@pytest.mark.parametrize("field", sorted(contract.SPEC))
def test_a_table_spec_without_a_part_is_named(field):
    (lack,) = contract.check("tem", {"tem.table.spec": spec_module(without_field=field)})
    assert lack.where == "lua/tem/table/spec.lua"
    assert lack.what.startswith(f"the spec lacks `{field}`")


@pytest.mark.parametrize(("part", "name"), [(p, n) for p, ms in PARTS.items() for n in ms])
def test_a_table_spec_part_without_a_member_is_named(part, name):
    planted = spec_module(without_member=(part, name))
    (lack,) = contract.check("tem", {"tem.table.spec": planted})
    assert lack.what.startswith(f"the spec's `{part}` lacks `{name}`")


def test_words_without_over_need_a_winner_the_framework_words_the_end_with():
    planted = spec_module(without_member=("words", "over"))
    (lack,) = contract.check("tem", {"tem.table.spec": planted})
    assert lack.what.startswith("the spec's `words` lacks `over` (or `winner`")
    with_winner = planted.replace("words = { ", "words = { winner = f, ")
    assert contract.check("tem", {"tem.table.spec": with_winner}) == []


def test_a_complete_spec_stand_in_lacks_nothing():
    assert contract.check("tem", {"tem.table.spec": spec_module()}) == []


def test_the_cli_check_says_the_game_is_whole_and_refuses_an_unknown_one(cli):
    ok = cli("check", "tem")
    assert ok.code == 0 and "every part" in ok.stdout
    unknown = cli("check", "tme")
    assert unknown.code == 2 and "unknown game 'tme'" in unknown.stderr


def test_a_new_game_with_only_its_binding_is_told_its_next_part(monkeypatch):
    # docs/new-game.md's first step: the binding registered, nothing else written yet
    from generator.games.binding import Binding

    class Ghost(Binding):
        id = "ghost"
        title = "Ghost"

    Ghost.__module__ = "planted_ghost"
    register(monkeypatch, "ghost", Ghost())
    (lack,) = contract.check("ghost")
    assert lack.where == "generator/games/ghost/cards.py"
    assert lack.what.startswith("no card loader could be loaded")


def test_a_game_without_its_lua_core_or_bots_is_told_where_they_go(monkeypatch):
    real = games.get("liars")
    register(monkeypatch, "liars", Without(real, lua_core="liars.core.nowhere"))
    (lack,) = contract.check("liars")
    assert lack.where == "lua/liars/core/nowhere.lua" and lack.what.startswith("no Lua core")
    lacks = contract.check("tem", {"tem.table.bots": "return function() return {} end\n"})
    assert [lack.format() for lack in lacks] == [
        "lua/tem/table/bots.lua: the bots' (data) gives no `value` function (nil)"
    ]
