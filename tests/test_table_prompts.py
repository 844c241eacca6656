"""Every decision either engine can ask gets a prompt in the players' words.

The words live in lua/teg/table/prompts.lua. Two walks: every decision name written in the
sources of both engines (so a rule added to one engine with a new decision fails here), and
every decision met while the Lua core plays seeded games with random choices (so a name made
at run time, a rival's colour under Terra-Bettia, fails too).
"""

from __future__ import annotations

import re

import pytest

from generator.harness.moonsharp import runtime
from generator.luabuild.bundle import Module, collect, write_bundle
from generator.luabuild.scripts import shipped_data_module
from generator.paths import ROOT

SHIM = """
local Engine = require("teg.core.engine")
local S = require("teg.core.state")
local Prompts = require("teg.table.prompts")
local Words = require("teg.table.words")
local raw = require("teg.data")
local game = Engine.new(raw)
local D = S.index(raw)
local H = {}

function H.names()
  local out = {}
  for k in pairs(Prompts.BY_NAME) do out[#out + 1] = k end
  table.sort(out)
  return table.concat(out, ",")
end

-- The decisions the status line says in the third person ("type" is worded by itself).
function H.doing()
  local out = { "type" }
  for k in pairs(Words.doing()) do out[#out + 1] = k end
  table.sort(out)
  return table.concat(out, ",")
end

-- Play `games` games with random choices; every decision met, as "name|player|prompt" lines
-- (prompt "?" when there is none), one per distinct name and wording.
function H.walk(games, seed)
  math.randomseed(seed)
  local seen, out = {}, {}
  local colors = { "Red", "Blue", "Green", "Yellow", "Purple" }
  for g = 1, games do
    local n = 2 + g % 4
    local deck = {}
    for i, id in ipairs(D.planet_ids) do deck[i] = id end
    for i = #deck, 2, -1 do local j = math.random(i); deck[i], deck[j] = deck[j], deck[i] end
    local players, missions = {}, {}
    for i = 1, n do
      players[i] = colors[i]
      missions[colors[i]] = raw.missions[i].id
    end
    local state = assert(game.new_game({ players = players, deck = deck, missions = missions }))
    local actions = 0
    while not game.is_over(state) and actions < 400 do
      local path = {}
      while true do
        local res = assert(game.choices(state, path))
        if res.complete then
          state = assert(game.apply(state, res.action))
          break
        end
        local d = res.decision
        if d.roll then
          local faces = {}
          for i = 1, d.roll do faces[i] = D.face_ids[math.random(#D.face_ids)] end
          path[#path + 1] = "faces:" .. table.concat(faces, ",")
        else
          local text = Prompts.prompt(D, state, d, path, res.action) or "?"
          local name = d.name
          for _, c in ipairs(colors) do if name == c then name = "<rival>" end end
          local line = name .. "|" .. text
          if not seen[line] then
            seen[line] = true
            out[#out + 1] = line
          end
          path[#path + 1] = d.options[math.random(#d.options)].id
        end
      end
      actions = actions + 1
    end
  end
  table.sort(out)
  return table.concat(out, "\\n")
end

return H
"""


@pytest.fixture(scope="module")
def shim():
    root = Module("__root", SHIM, "<prompts test>")
    bundle = write_bundle(collect(root, ROOT / "lua", {"teg.data": shipped_data_module("teg")}))
    return runtime(0).execute(bundle.text)


# A decision's name is the first argument of a Source call, in each engine's own spelling.
PY_CALL = re.compile(r"\.(?:choose|pick|maybe|faces)\(\s*\"(\w+)\"")
LUA_CALL = re.compile(r":(?:choose|pick|maybe|faces)\(\"(\w+)\"")


def _names(pattern: re.Pattern[str], files: list[str]) -> set[str]:
    out: set[str] = set()
    for f in files:
        out |= set(pattern.findall((ROOT / f).read_text(encoding="utf-8")))
    return out


def test_both_engines_name_the_same_decisions_and_each_has_words(shim):
    py = _names(
        PY_CALL, ["generator/games/teg/rules/engine.py", "generator/games/teg/rules/uses.py"]
    )
    lua = _names(LUA_CALL, ["lua/teg/core/engine.lua", "lua/teg/core/rules.lua"])
    assert py == lua
    worded = set(str(shim.names()).split(","))
    missing = py - worded - {"faces"}  # a roll: the dice answer it, no one is asked
    assert not missing, f"decisions with no prompt in lua/teg/table/prompts.lua: {missing}"
    # the status line says what the decider is doing, in the third person, for each of them
    doing = set(str(shim.doing()).split(","))
    assert not py - doing - {"faces"}, py - doing


def test_every_decision_met_in_play_gets_words_not_field_names(shim):
    lines = str(shim.walk(60, 7)).split("\n")
    names = {line.split("|")[0] for line in lines}
    # The walk met the rare ones too (else it proves nothing about them).
    assert {"<rival>", "back", "forward", "resource", "player", "amount", "targets"} <= names
    for line in lines:
        name, text = line.split("|", 1)
        assert text != "?", f"no prompt for decision '{name}'"
        assert "Choose:" not in text and text.rstrip("?").lower() not in names, line
        assert text[0].isupper() and text.rstrip()[-1] in "?.", line
    follow = [t for t in lines if t.startswith("type|Follow ")]
    assert follow and all(
        re.match(r"type\|Follow \w+'s [\w ]+ \((free|\d .+)\)\?$", t) for t in follow
    )
    rival = [t for t in lines if t.startswith("<rival>|")]
    assert all("Terra-Bettia's action" in t for t in rival), rival


if __name__ == "__main__":  # print every wording met, for a reader to look over
    root = Module("__root", SHIM, "<prompts test>")
    bundle = write_bundle(collect(root, ROOT / "lua", {"teg.data": shipped_data_module("teg")}))
    print(runtime(0).execute(bundle.text).walk(60, 7))
