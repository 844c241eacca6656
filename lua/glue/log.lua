-- The game log (any game): what happened, each entry worded by the game and redacted per
-- colour before anyone reads it. Pure.
--
-- An entry is { text = what everyone reads, own = { [colour] = what that colour reads
-- instead } (optional), kind = "action" | "news" | "table" }. A game words its entries
-- from what a colour may know (the public view, or that colour's own view for its `own`
-- text), so a hidden fact never reaches another colour's entry; the framework writes each
-- to chat as it is added (glue.table) and keeps the last KEEP for the log panel and for
-- `ttsmod playtest --logs`.

local Log = {}

Log.KEEP = 400

function Log.new()
  return { entries = {}, first = 1, count = 0 }
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

-- The last entry's text as `color` reads it (nil when the log is empty).
function Log.last(log, color)
  local e = log.entries[log.count]
  return e and ((e.own and color and e.own[color]) or e.text) or nil
end

-- Every entry kept, as `color` reads them, oldest first (nil: a spectator's).
function Log.lines(log, color)
  local out = {}
  for i = log.first, log.count do
    local e = log.entries[i]
    out[#out + 1] = (e.own and color and e.own[color]) or e.text
  end
  return out
end

function Log.clear(log)
  log.entries, log.first, log.count = {}, 1, 0
end

return Log
