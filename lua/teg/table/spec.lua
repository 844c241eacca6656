-- Tiny Epic Galaxies' parts for the table framework (docs/table.md: the contract): its rules
-- core, data and places, its words (teg.table.words), its view (teg.table.view), its deal
-- (teg.table.deal: secret missions kept before the first turn), its inputs
-- (teg.table.inputs: the dice the table throws, ships and dice dropped by hand), its flow
-- (teg.table.flow) and what its decisions need. Made without touching TTS: the Global
-- script runs the table with them, and `ttsmod replay` tells a record's story with them.

local Engine = require("teg.core.engine")
local S = require("teg.core.state")
local View = require("teg.table.view")
local Words = require("teg.table.words")
local Deal = require("teg.table.deal")
local Inputs = require("teg.table.inputs")
local Flow = require("teg.table.flow")
local L = require("teg.layout")
local raw = require("teg.data")
local json = require("lib.json")
local Bots = require("teg.table.bots")
local tr = require("lib.tr")

return function()
  local D = S.index(raw)
  local deal = Deal(raw, D, L)

  -- The pieces the table keeps in place (guid -> kind).
  local pieces = {}
  for _, seat in ipairs(L.seats) do
    for _, g in ipairs(seat.ships) do
      pieces[g] = "ship"
    end
    for _, r in ipairs(D.resources) do
      pieces[seat.tokens[r]] = "token"
    end
    pieces[seat.tokens.empire] = "token"
  end
  for _, g in ipairs(L.dice.guids) do
    pieces[g] = "die"
  end
  for _, p in ipairs(raw.planets) do
    pieces[L.planets[p.id].guid] = "card"
  end
  for _, m in ipairs(raw.missions) do
    pieces[L.missions[m.id]] = "card"
  end

  -- True when an action holds chance: the faces dice showed (a roll, a reroll, a planet's).
  local function has_faces(v)
    if type(v) ~= "table" then
      return false
    end
    if v.faces ~= nil then
      return true
    end
    for _, k in ipairs({ "ability", "use" }) do
      if has_faces(v[k]) then
        return true
      end
    end
    if type(v.moves) == "table" then
      for _, x in ipairs(v.moves) do
        if has_faces(x) then
          return true
        end
      end
    end
    return false
  end

  -- In an action every empty container is an object ({} for `ability`, `use`, `others`: its
  -- lists are never empty). Tables passed between TTS scripts lose the marks lib.json keeps,
  -- so an action another script gives has its unmarked empty tables marked as objects.
  local function mark_objects(v)
    if type(v) ~= "table" or v == json.null then
      return
    end
    if next(v) == nil then
      if getmetatable(v) == nil then
        json.object(v)
      end
      return
    end
    for _, x in next, v do -- every value, order irrelevant
      mark_objects(x)
    end
  end

  return {
    id = "teg", name = D.game.name, players = D.game.players, data = D, layout = L,
    core = Engine.new(raw), words = Words, view = View, deal = deal, inputs = Inputs(L),
    pieces = pieces, apply_cost = 2,
    picks = "missions", -- the setup's field of what each player kept (the secret missions)
    lookahead_cost = 4, -- (a look-ahead resolution counts up to ~4,000 in a 5-player turn)
    bots = Bots(raw), -- what its bots value and see (glue.botplay)
    -- An undo never takes back chance, so nobody can roll again for other faces; the record's
    -- resume point is the state after the last roll (a load replays one turn at most).
    final = function(_, action)
      return has_faces(action) and tr("the dice have rolled since: an undo never takes back a roll")
        or nil
    end,
    resume = function(_, action)
      return has_faces(action)
    end,
    -- The flow (teg.table.flow): what a click takes, the table's own answers, End turn's
    -- question.
    lookahead = Flow.lookahead, inline = Flow.inline, extras = Flow.extras, auto = Flow.auto,
    confirm = Flow.confirm, switch = tr("Pass automatically"),
    received = mark_objects,
  }
end
