-- The game record as the table keeps it: the setup and the actions, with its JSON text.
--
-- TTS calls onSave at every save, autosave and rewind checkpoint, so the text is kept up to
-- date as actions are appended: each action is encoded once, when it is added, and the text
-- is the concatenation of those pieces (never a fresh encoding of the whole record). The text
-- is the canonical JSON the Python side writes, so a saved game is a record file.
--
--   local rec = Record.new(setup)    -- (Record.decode(text) reads a saved one)
--   Record.append(rec, action)
--   Record.text(rec)                 -- '{"actions":[...],"game":"teg","setup":{...}}'

local json = require("lib.json")

local Record = {}

function Record.new(setup)
  return {
    setup = setup,
    actions = json.array({}),
    head = '{"actions":[',
    tail = '],"game":"teg","setup":' .. json.encode(setup) .. "}",
    pieces = {}, -- the encoded actions, each preceded by "," after the first
    text = nil, -- the cached text; nil after a change
  }
end

-- In an action every empty container is an object ({} for `ability`, `use`, `others`: its
-- lists are never empty). Tables passed between TTS scripts lose the marks lib.json keeps, so
-- unmarked empty tables are marked as objects here, in place.
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

-- Add an action (already accepted by the rules) to the record.
function Record.append(rec, action)
  mark_objects(action)
  local n = #rec.actions + 1
  rec.actions[n] = action
  rec.pieces[n] = (n > 1 and "," or "") .. json.encode(action)
  rec.text = nil
end

-- Drop the last action (an undo); returns it.
function Record.pop(rec)
  local n = #rec.actions
  local action = rec.actions[n]
  rec.actions[n] = nil
  rec.pieces[n] = nil
  rec.text = nil
  return action
end

-- The record's JSON text.
function Record.text(rec)
  if rec.text == nil then
    rec.text = rec.head .. table.concat(rec.pieces) .. rec.tail
  end
  return rec.text
end

-- Saved text as { setup =, actions = } (not yet a record: the actions are appended as they
-- replay); nil and the reason when it is not a game record. `decoded` may be given instead
-- of the text, when the caller has decoded it already (each decode costs a pass over it).
function Record.decode(text, decoded)
  if decoded == nil then
    local ok, value = pcall(json.decode, text)
    if not ok then
      return nil, "the saved game is not JSON: " .. tostring(value)
    end
    decoded = value
  end
  if not json.is_object(decoded) or not json.is_object(decoded.setup)
    or not json.is_array(decoded.actions) then
    return nil, "the saved game is not a game record (setup and actions)"
  end
  return decoded, nil
end

return Record
