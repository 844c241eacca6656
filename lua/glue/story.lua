-- A game record's story (any game), told from the record alone: the game log's entries as
-- the table writes them, action by action, and the table's status line and scoreboard at
-- any move. Pure: the game's own parts (its spec) with no TTS, for `ttsmod replay --at`.
--
-- The entries are the game's words over the same states the table goes through, so they
-- read as each colour's log reads (its own secrets marked as its own, nobody else's). What
-- only a table knows is not in a record: who clicked, the host deciding for a player who was
-- away, an undo (the record holds what stood).

local Game = require("glue.game")
local Log = require("glue.log")
local Panels = require("glue.panels")
local tr = require("lib.tr")

local Story = {}

local function context(spec, m, log)
  local shown = m.state
  if shown ~= nil and spec.part_way then
    shown = Game.shown_state(m)
  end
  local seated = {}
  for _, seat in ipairs(spec.layout.seats) do
    seated[seat.color] = true -- (as if every seat were taken: nobody is away)
  end
  local ctx = { m = m, log = log, words = spec.words, layout = spec.layout, D = spec.data,
    private = spec.private or {}, prefs = { auto = {}, page = {}, bots = {}, hold = {},
      note = {} }, seated = seated, bots = {}, memo = { panels = {}, rows = {}, pieces = {},
      game = {}, logs = {} }, shown = shown, deciding = {} }
  ctx.public = shown and spec.core.view and spec.core.view(shown, nil) or shown
  ctx.answered = function()
    return false
  end
  ctx.menu = function()
    return nil
  end
  local deciders = shown and Game.deciders(m) or {}
  for _, c in ipairs(deciders) do
    ctx.deciding[c] = true
  end
  ctx.waiting_text = #deciders > 0 and table.concat(deciders, ", ") or nil
  return ctx
end

-- The table at a move: its status line and its scoreboard's rows.
local function at_move(spec, m, log)
  local ctx = context(spec, m, log)
  local rows = {}
  for k, p in ipairs(ctx.public.players) do
    rows[k] = spec.view.cells(ctx, p)
  end
  return { status = Panels.status(ctx), rows = rows }
end

-- The story of `record` ({ setup, actions }) through action `upto` (all when nil): `lines`
-- ({ n = the action's number (0 before the first), kind =, text = as `color` reads it (nil:
-- a spectator) }), and, at that move, `status` (the status line), `board` (the scoreboard's
-- columns and rows) and `final` (its text at the end: the score by category and who won);
-- with `every`, `moves[n + 1]` is the status and the rows after each action n (from 0).
-- A refused action stops the story there: `problem` says why.
function Story.tell(spec, record, upto, color, every)
  local m = Game.new(spec)
  local log = Log.new()
  local out = { lines = {} }
  local ok, err = pcall(Game.deal, m, record.setup)
  if not ok then
    out.problem = "the setup cannot start a game: " .. tostring(Game.refusal(err) or err)
    return out
  end
  local players = {}
  for i, p in ipairs(m.state.players) do
    players[i] = p.color
  end
  local function say(n, e)
    out.lines[#out.lines + 1] = { n = n, kind = e.kind, text = Log.read(e, color) }
  end
  say(0, { kind = "table", text = Log.opening(spec, players) })
  local words = spec.words
  local picks = spec.picks and record.setup[spec.picks]
  if picks and words.kept then -- the setup picks, as the table told them (its words.kept)
    local ctx = context(spec, m, log)
    for _, c in ipairs(players) do
      if picks[c] ~= nil then
        local e = words.kept(ctx, c, picks[c])
        Log.add(log, e)
        say(0, e)
      end
    end
    if words.begun and m.state ~= nil then -- every pick made: the table says so (its deal)
      say(0, { kind = "table", text = words.begun(spec.data, m.state) })
    end
  end
  out.moves = every and { at_move(spec, m, log) } or nil
  for n, action in ipairs(record.actions) do
    if upto ~= nil and n > upto then
      break
    end
    local fine, result = pcall(Game.apply_action, m, action)
    if not fine then
      out.problem = "action " .. n .. " was refused: " .. tostring(Game.refusal(result) or result)
      break
    end
    local ctx = context(spec, m, log)
    local entries = words.entries and words.entries(ctx, result) or nil
    if entries == nil then
      entries = { { text = words.action(ctx, result), kind = "action" } }
      for _, news in ipairs(words.news(ctx, result.before, result.after)) do
        entries[#entries + 1] = { text = news, kind = "news" }
      end
    end
    for _, e in ipairs(entries) do
      Log.add(log, e)
      say(n, e)
    end
    if every then
      out.moves[n + 1] = at_move(spec, m, log)
    end
  end
  local now = at_move(spec, m, log)
  out.status = now.status
  out.board = { columns = spec.view.COLUMNS, rows = now.rows }
  out.final = spec.view.final(context(spec, m, log))
  out.count = Game.count(m)
  return out
end

return Story
