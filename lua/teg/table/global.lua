-- Tiny Epic Galaxies: the Global script.
--
-- The game record (setup + actions) is the one thing the table saves. onSave returns its
-- text, kept up to date as actions are added (teg.core.record), so saving costs the same at
-- every point of a game; onLoad replays it through the rules core to rebuild the state, so a
-- saved game, a bug report and a test case are the same file. The table glue (dice, zones,
-- panels) that turns what players do into actions builds on this.

local Engine = require("teg.core.engine")
local Record = require("teg.core.record")

local game = Engine.new(require("teg.data"))

local record = nil -- teg.core.record, once a game is set up
local state = nil

-- Replay a record; on a refused action, keep what replays and say where it stopped.
local function replay(saved)
  local s, why = game.new_game(saved.setup)
  if not s then
    return nil, nil, "the saved setup cannot start a game: " .. tostring(why)
  end
  local kept = Record.new(saved.setup)
  for i, action in ipairs(saved.actions) do
    local nxt, refused = game.apply(s, action)
    if not nxt then
      return s, kept, "saved action " .. tostring(i) .. " was refused: " .. tostring(refused)
    end
    s = nxt
    Record.append(kept, action)
  end
  return s, kept, nil
end

function onLoad(saved)
  if saved == nil or saved == "" then
    return
  end
  local decoded, bad = Record.decode(saved)
  if not decoded then
    printToAll("Tiny Epic Galaxies: " .. bad .. "; starting fresh.")
    return
  end
  local s, kept, problem = replay(decoded)
  if problem then
    printToAll("Tiny Epic Galaxies: " .. problem)
  end
  if s then
    state = s
    record = kept
  end
end

function onSave()
  if record == nil then
    return ""
  end
  return Record.text(record)
end

-- For other scripts: the current state (nil before a game is set up), the options for the
-- next decision after a path of option ids (see docs/choices.md), and applying an action
-- (returns true, or false and the reason; a refused action changes nothing).
function currentState()
  return state
end

function currentChoices(path)
  if state == nil then
    return nil, "no game is set up"
  end
  return game.choices(state, path or {})
end

function applyAction(action)
  if state == nil then
    return false, "no game is set up"
  end
  local nxt, why = game.apply(state, action)
  if not nxt then
    return false, why
  end
  state = nxt
  Record.append(record, action)
  return true
end
