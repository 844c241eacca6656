-- Tiny Epic Galaxies' bots: how much a bot likes each option of a decision, read from its
-- own colour's view and the card data alone. Pure. Both levels like the same things
-- (docs/bots.md); glue.bots picks. The Python twin is generator/games/teg/rules/bots.py
-- (`level_value`, `Engine.view`); every value is a whole number.

local json = require("lib.json")

local NULL = json.null

-- What a die face is worth to use now, by its action, in tenths.
local FACE = { advance = 400, utilize = 300, move = 200, acquire = 80 }
local TYPES = { roll = 30, activate = 20, end_turn = 10 }

local function seat(v, color)
  for i, p in ipairs(v.players) do
    if p.color == color then
      return p
    end
  end
end

return function(raw)
  local action, planets = {}, {}
  for _, f in ipairs(raw.dice.faces) do
    action[f.id] = f.action
  end
  for _, p in ipairs(raw.planets) do
    planets[p.id] = p
  end

  local Bot = {}

  -- What `color` may know of a state: others' missions (until the end) and the planet deck's
  -- order hidden, each as null (its length stays). Only the bot reads it; a copy of the
  -- fields that change, the rest shared.
  function Bot.view(state, color)
    local v = {}
    for k, x in next, state do
      v[k] = x
    end
    local players = {}
    for i, p in ipairs(state.players) do
      if p.color ~= color and state.phase ~= "over" then
        local q = {}
        for k, x in next, p do
          q[k] = x
        end
        q.mission = NULL
        p = q
      end
      players[i] = p
    end
    v.players = players
    local deck = {}
    for i = 1, #state.deck do
      deck[i] = NULL
    end
    v.deck = deck
    return v
  end

  -- How much a bot likes option `id` of decision `d`, in tenths.
  function Bot.value(v, d, _, id)
    local name = d.name
    local kind, rest = id:match("^([^:]*):(.*)$")
    kind = kind or id
    if name == "type" then
      if #v.follow > 0 then
        local face = action[v.follow[1].face]
        local moves_on = face == "advance" or face == "utilize"
        return ((kind == "follow") == moves_on) and 10 or 0
      end
      return TYPES[kind] or -10
    elseif name == "die" and #v.dice > 0 then
      return FACE[action[v.dice[tonumber(rest) + 1].face]]
    elseif name == "ability" then
      return id == "use" and 10 or 0
    elseif name == "colony" then
      return id == "empire" and 800 or 250
    elseif name == "to" and (id == "home" or kind == "land" or kind == "orbit") then
      if id == "home" then
        return 0
      end
      local p = planets[rest]
      return kind == "orbit" and 300 + math.floor(50 * p.vp / p.steps) or 100
    elseif name == "ship" and d.player ~= NULL then
      local x = seat(v, d.player).ships[tonumber(rest) + 1]
      return -200 * (x.step or 0) - (x.at == "orbit" and 100 or 0)
    elseif name == "planet" and kind == "planet" and planets[rest] and d.player ~= NULL then
      for _, x in ipairs(seat(v, d.player).ships) do -- where a ship is closest to colonizing
        if x.at == "orbit" and x.planet == rest then
          local p = planets[rest]
          return 10 * (x.step + 1 - p.steps + p.vp)
        end
      end
    end
    return 0
  end

  return Bot
end
