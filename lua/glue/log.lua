-- The game log (any game): what happened, each entry worded by the game and redacted per
-- colour before anyone reads it. Pure.
--
-- An entry is { text = what everyone reads, own = { [colour] = what that colour reads
-- instead } (optional), kind = "action" | "news" | "table" }. A game words its entries
-- from what a colour may know (the public view, or that colour's own view for its `own`
-- text), so a hidden fact never reaches another colour's entry; the framework writes each
-- to chat as it is added (glue.table) and keeps the last KEEP for the log panels (glue.panels)
-- and for `ttsmod playtest --logs`. `notes` is the game words' own memory between entries.

local Log = {}

Log.KEEP = 400

function Log.new()
  return { entries = {}, first = 1, count = 0, notes = {} }
end

function Log.add(log, entry)
  log.count = log.count + 1
  log.entries[log.count] = entry
  if log.count - log.first + 1 > Log.KEEP then
    log.entries[log.first] = nil
    log.first = log.first + 1
  end
  return entry
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
  return "[" .. color .. " only] "
end

-- The last entry's text as `color` reads it (nil when the log is empty).
function Log.last(log, color)
  local e = log.entries[log.count]
  return e and Log.read(e, color) or nil
end

-- Every entry kept, as `color` reads them, oldest first (nil: a spectator's).
function Log.lines(log, color)
  local out = {}
  for i = log.first, log.count do
    out[#out + 1] = Log.read(log.entries[i], color)
  end
  return out
end

-- The last `n` entries as `color` reads them, oldest first, one a line.
function Log.tail(log, color, n)
  local out = {}
  for i = math.max(log.first, log.count - n + 1), log.count do
    out[#out + 1] = Log.read(log.entries[i], color)
  end
  return table.concat(out, "\n")
end

-- Forget every entry (a new game, a load).
function Log.clear(log)
  log.entries, log.first, log.count, log.notes = {}, 1, 0, {}
end

return Log
