-- Liar's Dice's parts for the table framework (docs/table.md: the contract). Its dice are
-- thrown by TTS's random numbers (no dice of its own on the table: glue.dice) and shown to
-- their owner alone, in their panel and their own log entry.

local raw = require("liars.data")
local Engine = require("liars.core.engine")
local tr = require("lib.tr")

return function()
  return {
    id = "liars", name = raw.game.name, players = raw.game.players, data = raw,
    layout = require("liars.layout"), core = Engine.new(raw),
    words = require("liars.table.words"), view = require("liars.table.view"),
    bots = require("liars.table.bots")(raw),
    -- a roll is never taken back: an undo would roll again for other dice
    final = function(_, action)
      return action.type == "roll" and tr("the dice were rolled; a roll cannot be taken back") or nil
    end,
    resume = function(_, action)
      return action.type == "roll"
    end,
  }
end
