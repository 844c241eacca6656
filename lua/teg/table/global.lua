-- Tiny Epic Galaxies: the Global script.
--
-- The game record (setup + actions) is the one thing the table saves. onSave writes it;
-- onLoad replays it through the rules core to rebuild the state, so a saved game, a bug
-- report and a test case are the same file. The table glue (dice, zones, buttons) that
-- turns what players do into actions builds on this.

local json = require("lib.json")
local Engine = require("teg.core.engine")

local game = Engine.new(require("teg.data"))

local record = nil -- { game = "teg", setup = {...}, actions = {...} } once a game is set up
local state = nil

-- Replay a record; on a refused action, keep what replays and say where it stopped.
local function replay(saved)
  local s, why = game.new_game(saved.setup)
  if not s then
    return nil, nil, "the saved setup cannot start a game: " .. tostring(why)
  end
  local kept = {}
  for i, action in ipairs(saved.actions) do
    local nxt, refused = game.apply(s, action)
    if not nxt then
      return s, kept, "saved action " .. tostring(i) .. " was refused: " .. tostring(refused)
    end
    s = nxt
    kept[#kept + 1] = action
  end
  return s, kept, nil
end

function onLoad(saved)
  if saved == nil or saved == "" then
    return
  end
  local ok, decoded = pcall(json.decode, saved)
  if not ok or not json.is_object(decoded) or not json.is_object(decoded.setup)
    or not json.is_array(decoded.actions) then
    printToAll("Tiny Epic Galaxies: the saved game could not be read; starting fresh.")
    return
  end
  local s, kept, problem = replay(decoded)
  if problem then
    printToAll("Tiny Epic Galaxies: " .. problem)
  end
  if s then
    state = s
    record = { game = "teg", setup = decoded.setup, actions = json.array(kept) }
  end
end

function onSave()
  if record == nil then
    return ""
  end
  return json.encode(record)
end

-- For other scripts: the current state (nil before a game is set up), and applying an action
-- (returns true, or false and the reason; a refused action changes nothing).
function currentState()
  return state
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
  record.actions[#record.actions + 1] = action
  return true
end
