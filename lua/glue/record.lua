-- The game record as a table keeps it (any game): the setup and the actions, with its JSON
-- text kept up to date. Pure: no TTS calls.
--
-- TTS calls onSave at every save, autosave and rewind checkpoint, so the text is never encoded
-- whole: each action is encoded once, when it is added, and the text is the concatenation of
-- those pieces. It is the canonical JSON the Python side writes (keys in byte order), so a
-- saved game is a record file `ttsmod replay` reads:
--
--   {"_spare":"...","actions":[...],"game":"<id>","setup":{...},"table":{...}}
--
-- `_spare` (optional, first, so a load cuts it off undecoded) is a JSON string the table
-- keeps for a new game; `table` (optional, last) is the table's own section: the resume
-- point (`at` actions, `offset` bytes of their text, the `state` after them) and what the
-- table was doing (glue.game).
--
--   local rec = Record.new("teg", setup)   -- (Record.split(text) reads a saved one)
--   Record.append(rec, action)
--   Record.text(rec, spare, section)

local json = require("lib.json")

local Record = {}

local HEAD = '{"actions":['

local function setup_mark(id)
  return '],"game":"' .. id .. '","setup":'
end

function Record.new(id, setup)
  return {
    id = id,
    setup = setup,
    actions = {}, -- decoded actions base+1 .. count (rec.actions[i - base])
    base = 0, -- actions kept as text only (before the resume point of a loaded game)
    count = 0,
    prefix = "", -- the encoded text of the first `base` actions
    setup_text = nil, -- the setup's text, encoded when first needed (Record.prepare)
    pieces = {}, -- the encoded actions after the prefix, each preceded by "," after the first
    bytes = { [0] = 0 }, -- bytes[i]: length of the actions' text through action i
    body = nil, -- the cached text of the actions after the prefix; nil after a change
  }
end

-- Add an action (already accepted by the rules) to the record.
function Record.append(rec, action)
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

-- The bytes of the actions' text through action i (where action i + 1 begins), or nil for an
-- action before the resume point of a loaded game.
function Record.offset(rec, i)
  return rec.bytes[i]
end

-- Encode the setup's text, `pace` as it goes (json.encode); true when there was work to do.
function Record.prepare(rec, pace)
  if rec.setup_text ~= nil then
    return false
  end
  rec.setup_text = setup_mark(rec.id) .. json.encode(rec.setup, pace)
  return true
end

-- The record's JSON text. `spare` (a JSON string literal) and `section` (a JSON object's
-- text) are the table's own, saved as given; `log` (a JSON object's text, or nil) is put
-- first, under "_log" (a load cuts it off without reading the rest: glue.log).
-- The text is made again only when a part of it changed: onSave asks at every autosave and
-- rewind checkpoint, and joining a record of 50 KB costs MoonSharp about half a ms
-- (docs/moonsharp.md: `..` and table.concat cost by the characters they copy).
function Record.text(rec, spare, section, log)
  Record.prepare(rec)
  if rec.body == nil then
    rec.body = table.concat(rec.pieces)
  end
  local made = rec.made
  if made and made.body == rec.body and made.spare == spare and made.section == section
    and made.setup == rec.setup_text and made.log == log then
    return made.text
  end
  -- one table.concat, each part as it is: MoonSharp joins a chain of `..` two at a time,
  -- and a part joined first would be copied twice (a save is 40 to 100 KB, two bytes a
  -- character in MoonSharp)
  local text = table.concat({ "{", log and '"_log":' or "", log or "", log and "," or "",
    spare and '"_spare":' or "", spare or "", spare and "," or "", '"actions":[', rec.prefix,
    rec.body, rec.setup_text, section and ',"table":' or "", section or "", "}" })
  rec.made = { body = rec.body, spare = spare, section = section, setup = rec.setup_text,
    log = log, text = text }
  return text
end

-- The text before the first action is made (players still choosing their setup picks):
-- `body` is the JSON object's text after its opening brace; `log` as for Record.text.
function Record.before_setup(spare, body, log)
  return table.concat({ "{", log and '"_log":' or "", log or "", log and "," or "",
    spare and '"_spare":' or "", spare or "", spare and "," or "", body })
end

-- Saved text cut in three without decoding its actions: `spare`, the `_spare` string's
-- literal (or nil); `rest`, the text with it cut off; and for a record, `actions`, the
-- actions' text without the brackets, and `head`, the text of the object after them (game,
-- setup, table) to decode. nil when the text is not laid out as Record.text writes it.
function Record.split(text, id)
  local spare = nil
  if string.sub(text, 1, 11) == '{"_spare":"' then
    -- inside a JSON string literal every quote is escaped, so '","' cannot occur there:
    -- the first one is the literal's end and the next key's start
    local close = string.find(text, '","', 11, true)
    if close == nil then
      return nil
    end
    spare = string.sub(text, 11, close)
    text = "{" .. string.sub(text, close + 2)
  end
  if string.sub(text, 1, 12) ~= HEAD then
    return { spare = spare, rest = text }
  end
  local mark = setup_mark(id)
  local at = string.find(text, mark, 13, true)
  if at == nil then
    return nil
  end
  return { spare = spare, rest = text, actions = string.sub(text, 13, at - 1),
    head = "{" .. string.sub(text, at + 2) }
end

-- The record's setup, decoded from its saved text when it was resumed without it
-- (`pace` as it goes).
function Record.setup(rec, pace)
  if rec.setup == nil and rec.setup_text ~= nil then
    rec.setup = json.decode(string.sub(rec.setup_text, #setup_mark(rec.id) + 1), pace)
  end
  return rec.setup
end

-- A record resumed at a resume point: the first `base` actions kept as their text
-- (`prefix`), the ones after it appended by the caller as they replay; `setup_text`, the
-- setup as it was saved (optional); `setup` may be nil when the text is given (it is
-- decoded when first needed: Record.setup).
function Record.resume(id, setup, base, prefix, setup_text)
  local rec = Record.new(id, setup)
  if setup_text then
    rec.setup_text = setup_mark(id) .. setup_text -- as saved: not encoded again
  end
  rec.base = base
  rec.count = base
  rec.prefix = prefix
  rec.bytes = { [base] = #prefix }
  return rec
end

return Record
