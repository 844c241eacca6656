-- The game log (any game): what happened, each entry worded by the game and redacted per
-- colour before anyone reads it. Pure.
--
-- An entry is { text = what everyone reads, own = { [colour] = what that colour reads
-- instead } (optional), kind = "action" | "score" | "news" | "table" }. A game words its
-- entries from what a colour may know (the public view, or that colour's own view for its
-- `own` text), so a hidden fact never reaches another colour's entry; the framework writes
-- each to chat as it is added (glue.table) and shows them in the log panels (glue.panels).
-- `notes` is the game words' own memory between entries (plain JSON data).
--
-- The whole game is kept, from its opening line, and saved with the game. Each entry is
-- encoded once, when it is added, as JSON strings (its kind's letter and its text, then one
-- "@<colour>|<words>" for each colour that reads its own words), into pages of PAGE
-- entries; the save's text of the log is those pieces put together (Log.text), headed by
-- the characters each part takes, so a load (Log.cut, Log.restore) cuts it out of the saved
-- text without scanning it and decodes only the last page or two: an older page is decoded
-- when someone reads it (the whole log's pages, `ttsmod playtest --logs`). In the save the
-- log is the first key: "bytes" gives the characters of `ends`, `notes` and `pages`, of the
-- last page (not full) and how many pages are full; `ends` is where each full page's text
-- ends among them, in ENDS digits a page (read without decoding a number list):
--
--   {"_log":{"bytes":[e, n, p, o, f],"ends":"0001234...","notes":{...},
--    "pages":[["aRed rolls...","@Red|...",...],...]},...

local json = require("lib.json")
local tr = require("lib.tr")

local Log = {}

Log.PAGE = 5 -- entries a page of the save: a load decodes one or two, for the log's tail
local ENDS = 8 -- digits of a page's end in `ends` (a log up to 100 MB)

local KIND = { action = "a", score = "s", news = "n", table = "t" }
local KIND_OF = { a = "action", s = "score", n = "news", t = "table" }

-- The log's opening line, the same at the table and in `ttsmod replay`: the game's own
-- (`words.opening(D, players)`: who plays and how it begins), or who plays and who starts.
function Log.opening(spec, players)
  if spec.words.opening then
    return spec.words.opening(spec.data, players)
  end
  return tr("{game}: {players}. {first} starts.", { game = spec.name,
    players = table.concat(players, tr(", ")), first = players[1] })
end

function Log.new()
  return { entries = {}, count = 0, notes = {},
    open = {}, opened = 0, -- the texts of the last page's entries (not full), and how many
    full = 0, sealed = {}, -- the full pages, and each one's text
    ends = "", length = 0, -- where each full page ends in their joined text, and its length
    old = 0, old_pages = "" } -- a saved log's full pages, as saved
end

local function pad(n)
  local digits = tostring(n)
  return string.rep("0", ENDS - #digits) .. digits
end

-- An entry's JSON strings (what a page holds of it).
local function encode(entry)
  local text = json.encode((KIND[entry.kind] or "t") .. entry.text)
  if entry.own then
    local colors = {}
    for color in next, entry.own do
      colors[#colors + 1] = color
    end
    table.sort(colors) -- (the same text whatever the order of `own`)
    for _, color in ipairs(colors) do
      text = text .. "," .. json.encode("@" .. color .. "|" .. entry.own[color])
    end
  end
  return text
end

-- Add an entry; returns it.
function Log.add(log, entry)
  local n = log.count + 1
  log.count = n
  log.entries[n] = entry
  log.open[#log.open + 1] = encode(entry)
  log.opened = log.opened + 1
  if log.opened == Log.PAGE then
    -- a full page: its text is final
    local body = "[" .. table.concat(log.open, ",") .. "]"
    log.full = log.full + 1
    log.sealed[log.full] = body
    log.length = log.length + (log.full > 1 and 1 or 0) + #body
    log.ends = log.ends .. pad(log.length)
    log.open, log.opened = {}, 0
  end
  log.text = nil
  return entry
end

local function page_of(i)
  return math.floor((i - 1) / Log.PAGE) + 1
end

-- The page of the log (of Log.PAGE entries) entry i is on.
Log.page_of = page_of

-- Entries from a page's decoded strings.
local function entries_of(strings)
  local out = {}
  for _, s in ipairs(strings) do
    if type(s) == "string" and string.sub(s, 1, 1) == "@" and #out > 0 then
      local bar = string.find(s, "|", 2, true)
      if bar then
        local e = out[#out]
        e.own = e.own or {}
        e.own[string.sub(s, 2, bar - 1)] = string.sub(s, bar + 1)
      end
    elseif type(s) == "string" then
      out[#out + 1] = { kind = KIND_OF[string.sub(s, 1, 1)] or "table", text = string.sub(s, 2) }
    end
  end
  return out
end

-- True when page `page` of the log is saved text not decoded yet (Log.decode).
function Log.undecoded(log, page)
  return page >= 1 and page <= log.old and log.entries[(page - 1) * Log.PAGE + 1] == nil
end

-- The text of a saved log's full page, cut out where `ends` says.
local function old_page(log, page)
  local function stop(k)
    return tonumber(string.sub(log.ends, (k - 1) * ENDS + 1, k * ENDS)) or 0
  end
  if log.sealed[page] == nil then
    log.sealed[page] = string.sub(log.old_pages, page == 1 and 1 or stop(page - 1) + 2,
      stop(page))
  end
  return log.sealed[page]
end

-- Decode page `page` of the saved log (`pace` as it goes).
function Log.decode(log, page, pace)
  if not Log.undecoded(log, page) then
    return
  end
  local ok, strings = pcall(json.decode, old_page(log, page), pace)
  local decoded = ok and json.is_array(strings) and entries_of(strings) or {}
  local first = (page - 1) * Log.PAGE
  for k = 1, Log.PAGE do
    log.entries[first + k] = decoded[k]
      or { kind = "table", text = tr("(an entry of the saved log could not be read)") }
  end
end

-- The first page of the saved log holding entries `from`..`to` that is not decoded yet
-- (nil: all are).
function Log.missing(log, from, to)
  for page = page_of(math.max(1, from)), page_of(math.max(1, math.min(to, log.count))) do
    if Log.undecoded(log, page) then
      return page
    end
  end
  return nil
end

-- Entry i (from 1), decoding its saved page when it has not been read yet.
function Log.entry(log, i)
  local e = log.entries[i]
  if e == nil and i >= 1 and i <= log.count then
    Log.decode(log, page_of(i))
    e = log.entries[i]
  end
  return e
end

-- An entry's words for `color` (nil: a spectator): its own words, marked as theirs alone,
-- or everyone's.
function Log.read(e, color)
  local own = e.own and color and e.own[color]
  if own then
    return Log.mark(color) .. own
  end
  return e.text
end

-- What starts words only `color` reads (in the log and in chat).
function Log.mark(color)
  return tr("[{color} only] ", { color = color })
end

-- The last entry's text as `color` reads it (nil when the log is empty).
function Log.last(log, color)
  local e = log.count > 0 and Log.entry(log, log.count) or nil
  return e and Log.read(e, color) or nil
end

-- Entries `from`..`to` as `color` reads them, one a line.
function Log.range(log, color, from, to)
  local out = {}
  for i = math.max(1, from), math.min(log.count, to) do
    out[#out + 1] = Log.read(Log.entry(log, i), color)
  end
  return table.concat(out, "\n")
end

-- Every entry, as `color` reads them, oldest first (nil: a spectator's).
function Log.lines(log, color)
  local out = {}
  for i = 1, log.count do
    out[i] = Log.read(Log.entry(log, i), color)
  end
  return out
end

-- The last `n` entries as `color` reads them, oldest first, one a line.
function Log.tail(log, color, n)
  return Log.range(log, color, log.count - n + 1, log.count)
end

-- How many pages of `per` entries the log fills (at least one).
function Log.pages(log, per)
  return math.max(1, math.ceil(log.count / per))
end

-- Forget every entry (a new game).
function Log.clear(log)
  local fresh = Log.new()
  for k in next, log do
    log[k] = nil
  end
  for k, v in next, fresh do
    log[k] = v
  end
end

-- The log as the save keeps it (a JSON object's text), or nil when it is empty.
function Log.text(log)
  if log.count == 0 then
    return nil
  end
  if log.text == nil then
    -- one table.concat, not a chain of `..`: MoonSharp joins a chain two at a time, copying
    -- everything to the right again at each step (a 60 KB log: a dozen copies)
    local parts = {}
    if log.old_pages ~= "" then
      parts[1] = log.old_pages
    end
    for i = log.old + 1, log.full do
      parts[#parts + 1] = log.sealed[i]
    end
    if #log.open > 0 then
      parts[#parts + 1] = "[" .. table.concat(log.open, ",") .. "]"
    end
    local open = #log.open > 0 and parts[#parts] or ""
    local notes = json.encode(json.object(log.notes))
    local size = 2 + math.max(#parts - 1, 0) -- the pages' array: brackets, commas, pages
    for i = 1, #parts do
      size = size + #parts[i]
    end
    local out = { '{"bytes":[', #log.ends + 2, ",", #notes, ",", size, ",", #open, ",",
      log.full, '],"ends":"', log.ends, '","notes":', notes, ',"pages":[' }
    for i = 1, #parts do
      out[#out + 1] = i > 1 and "," or ""
      out[#out + 1] = parts[i]
    end
    out[#out + 1] = "]}"
    log.text = table.concat(out) -- (the pages copied once)
  end
  return log.text
end

local HEAD = '{"_log":{"bytes":['

-- Saved text cut in two without decoding the log, nor scanning it: the log's parts
-- ({ ends =, notes =, pages = } texts, `open` the characters of its last page and `full`
-- how many pages are full; nil when the save holds none) and the rest, the save as it
-- would be without it.
function Log.cut(text)
  if string.sub(text, 1, #HEAD) ~= HEAD then
    return nil, text
  end
  local head = string.sub(text, 1, 80) -- (a string function copies all it is given)
  local e, n, p, o, f = string.match(head,
    '^{"_log":{"bytes":%[(%d+),(%d+),(%d+),(%d+),(%d+)%],"ends":')
  if e == nil then
    return nil, text
  end
  local at = #HEAD + #e + #n + #p + #o + #f + 4 + 10 -- past '],"ends":'
  e, n, p = tonumber(e), tonumber(n), tonumber(p)
  local parts = { ends = string.sub(text, at + 1, at + e - 2), open = tonumber(o),
    full = tonumber(f) }
  at = at + e + 9 -- past ',"notes":'
  parts.notes = string.sub(text, at, at + n - 1)
  at = at + n + 9 -- past ',"pages":'
  parts.pages = string.sub(text, at, at + p - 1)
  at = at + p + 1 -- past the log's closing brace
  local rest = string.sub(text, at)
  if string.sub(rest, 1, 1) == "," then
    rest = "{" .. string.sub(rest, 2)
  else
    rest = "" -- the log alone: no game
  end
  return parts, rest
end

-- The log a save kept (`parts`: what Log.cut gave), its last page or two decoded (enough
-- for the `recent` entries a panel shows), `pace` as it goes; the full pages stay text until
-- one is read. False when the text cannot be read (the log starts empty).
function Log.restore(log, parts, pace, recent)
  Log.clear(log)
  local ok, notes = pcall(json.decode, parts.notes)
  local pages, n = parts.pages, parts.open
  if not (ok and json.is_object(notes)) or string.sub(pages, 1, 1) ~= "[" or n > #pages - 2
    or #parts.ends ~= parts.full * ENDS then
    return false
  end
  local open = {}
  if n > 0 then
    local good, strings = pcall(json.decode, string.sub(pages, #pages - n, -2), pace)
    if not good or not json.is_array(strings) then
      return false
    end
    open = entries_of(strings)
    -- its text stays as it was saved: Log.add goes on after it (and seals a full page)
    log.open, log.opened = { string.sub(pages, #pages - n + 1, -3) }, #open
  end
  -- the full pages, as saved
  log.old_pages = string.sub(pages, 2, #pages - 1 - n - ((n > 0 and #pages - 2 > n) and 1 or 0))
  log.ends, log.length = parts.ends, #log.old_pages
  log.old = parts.full
  log.full = log.old
  local first = log.old * Log.PAGE
  for k, e in ipairs(open) do
    log.entries[first + k] = e
  end
  log.count = first + #open
  log.notes = notes
  local page = log.old
  while page > 0 and log.count - page * Log.PAGE < (recent or 0) do
    Log.decode(log, page, pace)
    page = page - 1
  end
  return true
end

return Log
