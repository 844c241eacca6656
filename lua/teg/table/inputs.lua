-- Tiny Epic Galaxies' own inputs, for the table framework (glue.table): the dice the table
-- throws for a chance decision (glue.dice), and a ship or a die dropped by hand as a
-- decision (teg.table.drags).

local json = require("lib.json")
local Game = require("glue.game")
local Paint = require("glue.paint")
local Seats = require("glue.seats")
local Dice = require("glue.dice")
local Drags = require("teg.table.drags")
local tr = require("lib.tr")

-- The inputs for the table's places `L`.
return function(L)
  local Inputs = {}

  local whose = {} -- guid -> { kind =, color =, index = from 0 } for ships and dice
  for _, seat in ipairs(L.seats) do
    for s, g in ipairs(seat.ships) do
      whose[g] = { kind = "ship", color = seat.color, index = s - 1 }
    end
  end
  for i, g in ipairs(L.dice.guids) do
    whose[g] = { kind = "die", index = i - 1 }
  end

  -- The dice a chance decision rolls (indices from 0), found in the action being built: a
  -- roll rolls the first n dice, a reroll (or a planet's) the dice it picked.
  local function dice_to_roll(m, d)
    local action = Game.shared_action(m) or {}
    if action.type == "roll" then
      local out = {}
      for i = 1, d.roll do
        out[i] = i - 1
      end
      return out
    end
    -- The innermost object with `dice` and no `faces` yet is the one waiting for this roll.
    local found = nil
    local function search(t)
      for _, k in ipairs({ "ability", "use" }) do
        if type(t[k]) == "table" then
          search(t[k])
        end
      end
      if json.is_array(t.dice) and t.faces == nil then
        found = t.dice
      end
    end
    search(action)
    if found == nil or #found ~= d.roll then
      error("cannot tell which dice a roll of " .. tostring(d.roll) .. " is for", 0)
    end
    return found
  end

  -- A chance decision: the table throws the dice and reads them at rest.
  function Inputs.chance(T, d)
    local guids, skip = {}, {}
    for k, i in ipairs(dice_to_roll(T.m, d)) do
      guids[k] = L.dice.guids[i + 1]
      skip[guids[k]] = true
      Paint.forget(T.shown, guids[k])
    end
    T.skip = skip
    T.input_busy = tr("the dice are rolling")
    T.m.version = T.m.version + 1
    T.memo.pieces.dice = nil -- placed again once read
    Dice.roll(guids, function(faces, why)
      T.skip = nil
      if faces == nil then
        T.input_busy = nil
        T.say(tr("The dice could not be read ({why}); rolling again.", { why = why }))
        T.m.version = T.m.version + 1
        T.changed()
        return
      end
      T.chance("faces:" .. table.concat(faces, ","),
        tr("rolled {faces}", { faces = table.concat(faces, tr(", ")) }))
    end, Seats.tell)
    T.changed()
  end

  -- A ship of a seat nobody plays is the players' to arrange.
  function Inputs.free(T, obj)
    local piece = whose[obj.guid]
    return piece ~= nil and piece.kind == "ship" and not Game.plays(T.m, piece.color)
  end

  -- A drop that stands for options (teg.table.drags) is taken as clicks would be; true when
  -- it was.
  function Inputs.drop(T, color, obj)
    local m = T.m
    local piece = whose[obj.guid]
    if piece == nil or m.confirm or Game.decider(m) ~= color then
      return false
    end
    if piece.kind == "ship" and piece.color ~= color then
      return false
    end
    local at = obj.getPosition()
    local intent = Drags.intent(L, m.state, piece, at.x, at.z)
    if intent == nil then
      return false
    end
    local path = {}
    for i, s in ipairs(Game.steps(m, color)) do
      path[i] = s.id
    end
    local ids, why = Drags.path(m.core, m.state, path, intent)
    if ids == nil then
      Seats.tell(color, tr("Not possible: {why}. The {piece} went back.",
        { why = why, piece = piece.kind == "die" and tr("die") or tr("ship") }))
      return false
    end
    T.prefs.page[color] = nil
    -- (an id not listed is another die of a listed face: the core accepts it)
    local ok = T.attempt(color, function()
      return Game.take_ids(m, color, ids)
    end)
    if not ok then
      T.verify() -- the piece goes back
    elseif Game.decider(m) == color and Game.depth(m, color) > 0 then
      local d = Game.decision(m, color)
      Seats.tell(color, tr("Your panel asks the rest: {prompt}",
        { prompt = T.spec.words.prompt(T.ctx, d) }))
    end
    return true
  end

  return Inputs
end
