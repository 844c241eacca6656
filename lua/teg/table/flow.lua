-- Tiny Epic Galaxies' part of the table's flow (glue.flow): which decisions are worth seeing
-- past, the dice listed in place of "Activate a die", the follow window's "Not this turn",
-- the table's own answers for a player (their Pass automatically switch, their "Not this
-- turn") and the question before End turn. Pure; its Python twin is the game's playtest hooks
-- (generator/games/teg/playtest.py).

local Game = require("glue.game")
local Flow = require("glue.flow")
local tr = require("lib.tr")

local F = {}

-- Decisions whose options are seen past: the first of a turn or a follow window, a die, a
-- colony (where the rest of the action is often the only way on).
local LOOK = { type = true, die = true, colony = true }

function F.lookahead(d)
  return LOOK[d.name] == true
end

-- "Activate a die" is shown as the dice themselves.
function F.inline(d, o)
  return d.name == "type" and o.id == "activate"
end

local function window(d)
  return d.name == "type" and Game.label(d, "pass") ~= nil and Game.label(d, "follow") ~= nil
end

-- What a "Not this turn" holds to: this turn of the active player.
local function turn_key(state)
  return "pass:" .. state.round .. ":" .. state.active
end

-- A follow window's extra: pass now and in every window of this turn.
function F.extras(ctx, d, entries)
  if not window(d) then
    return nil
  end
  return Flow.hold(entries, "pass", turn_key(ctx.m.state),
    tr("Not this turn (pass every die of {player}'s turn)", { player = ctx.m.state.active }))
end

-- The table passes for a player whose switch is on, or who said "Not this turn" this turn.
function F.auto(ctx, color, d)
  if not window(d) then
    return nil
  end
  if ctx.prefs.auto[color] then
    return "pass", "auto"
  elseif ctx.prefs.hold[color] == turn_key(ctx.m.state) then
    return "pass", "hold"
  end
  return nil
end

-- End turn while a die could still be used asks first.
function F.confirm(d, id, depth)
  if id == "end_turn" and depth == 0 and Game.label(d, "activate") then
    return { question = tr("End your turn? A die could still be used."), yes = tr("End my turn"),
      no = tr("Keep playing") }
  end
  return nil
end

return F
