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

-- The text after the actions: what onSave appends and what a load looks for to find where
-- the actions end without decoding them.
local SETUP_MARK = '],"game":"teg","setup":'

function Record.new(setup)
  return {
    setup = setup,
    actions = json.array({}), -- decoded actions base+1 .. count (rec.actions[i - base])
    base = 0, -- actions kept as text only (before the last checkpoint of a loaded game)
    count = 0,
    head = '{"actions":[',
    prefix = "", -- the encoded text of the first `base` actions
    setup_text = SETUP_MARK .. json.encode(setup),
    pieces = {}, -- the encoded actions after the prefix, each preceded by "," after the first
    bytes = { [0] = 0 }, -- bytes[i]: length of the actions' text through action i
    body = nil, -- the cached actions text; nil after a change
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
  local n = rec.count + 1
  rec.count = n
  rec.actions[n - rec.base] = action
  local piece = (n > 1 and "," or "") .. json.encode(action)
  rec.pieces[n - rec.base] = piece
  rec.bytes[n] = rec.bytes[n - 1] + #piece
  rec.body = nil
end

-- Action i (from 1), or nil when it is kept as text only.
function Record.action(rec, i)
  return rec.actions[i - rec.base]
end

-- Drop the last action (an undo); returns it, or nil when it is kept as text only.
function Record.pop(rec)
  local n = rec.count
  if n <= rec.base then
    return nil
  end
  local action = rec.actions[n - rec.base]
  rec.actions[n - rec.base] = nil
  rec.pieces[n - rec.base] = nil
  rec.bytes[n] = nil
  rec.count = n - 1
  rec.body = nil
  return action
end

-- The record's JSON text; `extra` (text, optional) is the table's own section, the value of
-- the last key "table" (schemas/teg/log.schema.json).
function Record.text(rec, extra)
  if rec.body == nil then
    rec.body = rec.prefix .. table.concat(rec.pieces)
  end
  return rec.head .. rec.body .. rec.setup_text .. (extra and (',"table":' .. extra) or "") .. "}"
end

-- The bytes of the actions' text through action i (where action i + 1 begins).
function Record.offset(rec, i)
  return rec.bytes[i]
end

-- A saved record split without decoding its actions: { head = the decoded object after the
-- actions (game, setup, table), actions = their text without the brackets }, or nil when the
-- text is not laid out as Record.text writes it.
function Record.split(text)
  if string.sub(text, 1, 12) ~= '{"actions":[' then
    return nil
  end
  local at = string.find(text, SETUP_MARK, 13, true)
  if at == nil then
    return nil
  end
  local ok, rest = pcall(json.decode, "{" .. string.sub(text, at + 2))
  if not ok or not json.is_object(rest) then
    return nil
  end
  return { head = rest, actions = string.sub(text, 13, at - 1) }
end

-- A record resumed at a checkpoint: the first `base` actions kept as their text (`prefix`),
-- the ones after it given decoded (appended by the caller as they replay).
function Record.resume(setup, base, prefix)
  local rec = Record.new(setup)
  rec.base = base
  rec.count = base
  rec.prefix = prefix
  rec.bytes = { [base] = #prefix }
  return rec
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
