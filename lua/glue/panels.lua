-- Pure: the panels every table has (any game), as entries for the painter (glue.paint):
-- the status line, the Start panel, each seat's panel (its decision, options a page at a
-- time, Back, the game's switches), the host's panel (undo, a new game), the host's stand-in
-- panel for a player who is not seated, and the scoreboard. The XML is written once at build
-- (generator/tts/panels.py); here only text, `active` and `onClick` change.
--
-- Words come from the game (ctx.words, documented in glue.table); an entry is built again
-- only when what it shows changed (ctx.memo), and a panel's entries are the same list as
-- last time otherwise (a group: glue.paint), which the painter skips unread.

local Game = require("glue.game")
local Log = require("glue.log")
local Flow = require("glue.flow")
local Paint = require("glue.paint")
local tr = require("lib.tr")

local P = {}

-- Buttons whose meaning changes with the game name a handler that cycles with the table's
-- version (onButton0 .. onButton7): a click that crossed an update arrives at a handler the
-- element no longer names and is refused. (onClick="fn(arg)" would lose the mouse button.)
P.HANDLERS = 8

local ON, OFF = { active = true }, { active = false }

function P.handler(m)
  return "onButton" .. (m.version % P.HANDLERS)
end

-- How `count` options fill `slots` buttons on page `page`: when they do not fit, the last
-- slot turns the page. Returns the page shown (back to 1 past the last), the options per
-- page, the pages and whether the list pages.
function P.paging(count, page, slots)
  local paged = count > slots
  local per = paged and slots - 1 or slots
  local pages = math.max(1, math.ceil(count / per))
  if page > pages then
    page = 1
  end
  return page, per, pages, paged
end

-- What slot `k` of a panel on page `page` holds: an option's index, "more" or nil.
function P.slot(count, page, slots, k)
  local shown, per, _, paged = P.paging(count, page, slots)
  if paged and k == slots then
    return "more"
  end
  local index = (shown - 1) * per + k
  if k <= per and index <= count then
    return index
  end
  return nil
end

-- Element ids, made once per seat (a concatenation per slot per paint would cost more).
local IDS = {}

local function ids_of(prefix, slots)
  local ids = IDS[prefix]
  if ids == nil then
    ids = { panel = prefix, title = prefix .. ":title", back = prefix .. ":back",
      auto = prefix .. ":auto", private = prefix .. ":private", drop = prefix .. ":drop",
      opt = {} }
    for k = 1, slots do
      ids.opt[k] = prefix .. ":opt:" .. k
    end
    IDS[prefix] = ids
  end
  return ids
end

-- The answers `color` made on their path under way, as a heading ("So far: Move die, ship 1
-- (home)"): never another colour's, never a secret one (a combat's path holds both sides'
-- answers).
local function heading(ctx, color)
  local own = {}
  for _, s in ipairs(Game.steps(ctx.m, color)) do
    if (s.player == nil or s.player == color) and not ctx.private[s.name] then
      own[#own + 1] = s
    end
  end
  if #own == 0 then
    return ""
  end
  return tr("So far: {choices}", { choices = Flow.compose(ctx, own) }) .. "\n"
end

-- The status line: the game's `words.status`; a game that gives `words.winner(state)` (who won,
-- in words) leaves the line before a game and after its end to the framework.
function P.status(ctx)
  local words = ctx.words
  if words.winner and ctx.m.state == nil then
    return tr("{game}: sit at a seat; the host presses Start.", { game = ctx.m.spec.name })
  elseif words.winner and ctx.m.core.is_over(ctx.m.state) then
    return tr("Game over. {winner}", { winner = words.winner(ctx.public) })
  end
  return words.status(ctx)
end

-- A seat's panel once the game is over: the game's `words.over`, or who won.
function P.over(ctx, color)
  if ctx.words.over then
    return ctx.words.over(ctx, color)
  end
  return tr("The game is over. {winner}", { winner = ctx.words.winner(ctx.public) })
end

-- What `color`'s panel shows: { kind =, d =, title =, options = { labels }, back =,
-- private = }. `known`: what it showed last time (a decision's labels are made once).
local function content(ctx, color, known)
  local m, words = ctx.m, ctx.words
  if m.picks then
    local p = m.picks
    if p.kept[color] ~= nil then
      return { kind = "picked", title = words.picked(ctx, color) }
    end
    local options = {}
    for k = 1, #p.offers[color] do
      options[k] = words.pick_label(ctx, k)
    end
    return { kind = "pick", title = words.pick_prompt(ctx, color), options = options }
  end
  if m.state == nil then
    return { kind = "idle", title = "" }
  end
  if m.core.is_over(m.state) then
    return { kind = "over", title = P.over(ctx, color) }
  end
  local together = Game.simultaneous(m)
  local d
  if together then
    d = Game.known(m, color)
    if d == nil and ctx.deciding[color] then
      return { kind = "pending", private = true,
        title = tr("Your choice is secret: it opens in a dialog only you see.") }
    end
  else
    d = Game.decision(m, color)
  end
  if d == nil then
    local waiting = ctx.waiting_text
    local title = waiting and tr("Waiting for {who}.", { who = waiting }) or ""
    if words.waiting then
      title = words.waiting(ctx, color, title)
    end
    return { kind = "wait", title = title }
  end
  if Flow.chance(d) then
    return { kind = "roll", d = d, title = words.rolling and words.rolling(ctx, d)
      or tr("Rolling the dice...") }
  end
  local c = m.confirm
  if c and c.color == color and ctx.private[c.d.name] then
    -- a secret choice's question is asked in its dialog (the XmlUI reaches every client)
    return { kind = "private", d = c, private = true,
      title = tr("Your choice is secret: confirm it in the dialog only you see.") }
  elseif c and c.color == color then
    return { kind = "confirm", d = c, title = c.ask.question, options = { c.ask.yes, c.ask.no },
      back = false }
  end
  if ctx.answered(color, d) then
    -- the table takes it in a moment (its only option, or the player's own standing answer)
    return { kind = "auto", d = d, title = heading(ctx, color) .. words.prompt(ctx, d) }
  end
  if ctx.private[d.name] then
    return { kind = "private", d = d, private = true, title = tr("Your choice is secret: "
      .. "{prompt} It opens in a dialog only you see.", { prompt = words.prompt(ctx, d) }) }
  end
  local entries = ctx.menu(color, d)
  if entries == nil then
    -- the menu is worked out over the next frames (glue.flow)
    return { kind = "preparing", d = d, title = heading(ctx, color) .. words.prompt(ctx, d),
      back = Game.can_back(m, color) }
  end
  local options = known and known.d == d and known.kind == "decide" and known.of == entries
    and known.options
  if not options then
    options = {}
    for i, e in ipairs(entries) do
      options[i] = e.label
    end
  end
  return { kind = "decide", d = d, entries = entries, title = heading(ctx, color)
    .. words.prompt(ctx, d), options = options, back = Game.can_back(m, color) }
end

-- Fill the panel `ids` with `color`'s content; `head` prefixes the title (the host's panel).
local function fill(ctx, color, ids, ui, head, c)
  local slots = ctx.layout.option_slots
  local on = P.handler(ctx.m)
  local options = c.options or {}
  ui[#ui + 1] = { ids.title, { text = head and (head .. c.title) or c.title } }
  local count = #options
  local page, per, pages, paged = P.paging(count, ctx.prefs.page[color] or 1, slots)
  local first = (page - 1) * per
  for k = 1, slots do
    local index = first + k
    if paged and k == slots then
      ui[#ui + 1] = { ids.opt[k], { text = tr("More options ({page}/{pages})",
        { page = page, pages = pages }), active = true, onClick = on } }
    elseif k <= per and index <= count then
      ui[#ui + 1] = { ids.opt[k], { text = options[index], active = true, onClick = on } }
    else
      ui[#ui + 1] = { ids.opt[k], OFF }
    end
  end
  ui[#ui + 1] = { ids.back, c.back and { active = true, onClick = on } or OFF }
end

-- `color`'s panel into `ui`; true when it is the same as last time.
local function seat_panel(ctx, color, ui)
  local m = ctx.m
  local ids = ids_of("seat:" .. color, ctx.layout.option_slots)
  local memo = ctx.memo.panels[color]
  -- (a bot's seat has no panel: nobody sits there to read it, and its words cost a frame)
  local c = Game.plays(m, color) and not ctx.bots[color] and content(ctx, color, memo) or false
  local own = c and c.kind ~= "idle" and ctx.words.own and ctx.words.own(ctx, color)
  if own then -- the seat's own secret, on its own panel alone (never the host's for it)
    c = { kind = c.kind, d = c.d, title = c.title .. "\n" .. own, options = c.options,
      back = c.back, entries = c.entries, private = c.private }
  end
  local buttons = c and ((c.options and #c.options > 0) or c.back) or false
  local auto = ctx.auto_switch and (ctx.prefs.auto[color] and "on" or "off") or nil
  local on = buttons and P.handler(m) or nil
  if memo and (c == false) == (memo.c == false) and (c == false or (memo.kind == c.kind
    and memo.title == c.title and memo.options == c.options and memo.back == c.back))
    and memo.page == ctx.prefs.page[color] and memo.auto == auto and memo.on == on then
    Paint.group(ui, ids.panel, memo.entries)
    return true
  end
  local entries = { { ids.panel, c and ON or OFF } }
  if c then
    fill(ctx, color, ids, entries, nil, c)
    if ctx.private_button then
      entries[#entries + 1] = { ids.private, c.private and ON or OFF }
    end
    if auto then
      entries[#entries + 1] = { ids.auto, { text = auto == "on"
        and tr("{switch}: on", { switch = ctx.auto_switch })
        or tr("{switch}: off", { switch = ctx.auto_switch }) } }
    end
  end
  ctx.memo.panels[color] = { c = c, kind = c and c.kind, d = c and c.d, title = c and c.title,
    options = c and c.options, back = c and c.back, page = ctx.prefs.page[color], auto = auto,
    on = on, entries = entries, of = c and c.entries }
  Paint.group(ui, ids.panel, entries)
end

-- The colour the host may decide for: the one the table waits for, when not seated (a
-- secret decision waits for a player: nobody else may see its options). During the setup
-- picks, the first still choosing who is not seated.
function P.absent(ctx)
  local m = ctx.m
  if m.state ~= nil and Game.simultaneous(m) then
    return nil
  end
  for _, color in ipairs(Game.deciders(m)) do
    if not ctx.seated[color] and not ctx.bots[color] then
      local d = m.picks == nil and Game.decision(m, color) or nil
      if m.picks or (d and not Flow.chance(d) and not ctx.private[d.name]) then
        return color
      end
    end
    if m.picks == nil then
      return nil
    end
  end
  return nil
end

local PROXY_IDS = nil

local function proxy_panel(ctx, ui, absent)
  ui[#ui + 1] = { "proxy", absent and ON or OFF }
  if absent == nil then
    ctx.memo.proxy = nil
    return
  end
  PROXY_IDS = PROXY_IDS or ids_of("proxy", ctx.layout.option_slots)
  local c = content(ctx, absent)
  if c.kind == "decide" and ctx.m.spec.hidden and ctx.m.spec.hidden[c.d.name] then
    -- options that name what only their decider may see (Go Fish's ranks in hand): the host
    -- decides from what the host may see, each hidden answer by its number ("Red's choice
    -- 2"), the other steps as they are (flow.py's masked, its twin)
    local masked, numbers, n = {}, {}, 0
    for i, e in ipairs(c.entries) do
      local steps = {}
      for j, st in ipairs(e.steps) do
        steps[j] = st
        if ctx.m.spec.hidden[st.name] then
          local key = st.name .. ":" .. tostring(st.id)
          if not numbers[key] then n, numbers[key] = n + 1, n + 1 end
          steps[j] = { id = st.id, name = st.name, player = st.player,
            label = tr("{color}'s choice {k}", { color = absent, k = numbers[key] }) }
        end
      end
      masked[i] = Flow.compose(ctx, steps)
    end
    c = { kind = c.kind, d = c.d, entries = c.entries, title = c.title, options = masked,
      back = c.back }
  end
  ctx.memo.proxy = { color = absent, kind = c.kind, d = c.d }
  fill(ctx, absent, PROXY_IDS, ui, tr("For {color} (not seated):", { color = absent }) .. "\n", c)
  ui[#ui + 1] = { "proxy:drop", ctx.m.picks and { active = true,
    text = tr("Remove {color} from the game", { color = absent }), onClick = P.handler(ctx.m) }
    or OFF }
end

local function scoreboard(ctx, ui)
  local board = ctx.scores
  local memo = ctx.memo.rows
  for k = 1, #ctx.layout.seats do
    local row = board and board.rows[k]
    ui[#ui + 1] = { "board:" .. k, row and ON or OFF }
    if row then
      local sig = table.concat(row.cells, "|")
      local known = memo[k]
      if known == nil or known.sig ~= sig then
        known = { sig = sig, entries = {} }
        for j, col in ipairs(board.columns) do
          known.entries[j] = { "board:" .. k .. ":" .. col .. ":text", { text = row.cells[j] } }
        end
        memo[k] = known
      end
      for _, entry in ipairs(known.entries) do
        ui[#ui + 1] = entry
      end
    end
  end
  -- the final text: the score by category and who won, the panel grown to fit it
  local final = board and board.final or ""
  local size = ctx.layout.board
  local lines = 0
  for line in string.gmatch(final, "[^\n]+") do
    lines = lines + math.ceil(#line / size.chars) -- (a long line wraps)
  end
  local tall = math.max(2, lines) * size.line
  ui[#ui + 1] = { "board:final:text", { text = final, preferredHeight = tall } }
  ui[#ui + 1] = { "board", { height = size.height + tall - 2 * size.line } }
end

P.LOG_RECENT = 5 -- entries at a glance (generator/tts/panels.py LOG_RECENT)
P.LOG_LINE = 20 -- pixels a line of the whole log takes (the scrolled text's height)
P.LOG_PAGE = 40 -- entries a page of the whole log

-- The page of the whole log `color` reads (the last by default) and how many there are.
function P.log_page(ctx, color)
  local pages = Log.pages(ctx.log, P.LOG_PAGE)
  local page = ctx.prefs.log_page and ctx.prefs.log_page[color]
  if page == nil or page > pages or page < 1 then
    return pages, pages
  end
  return page, pages
end

-- Each colour's game log (and the spectators'): the last entries, and a page of the whole
-- game while that colour has it open (from its opening line: Earlier and Later turn the
-- pages). Worked out again only when the log or what is open changed; a page of a saved
-- log not read yet is decoded over the next frames (`ctx.want_page`). Painted by itself
-- when the log changes (glue.table paint_logs), not with every picture.
function P.logs(ctx, ui)
  local log = ctx.log
  local memo = ctx.memo.logs
  local colors = ctx.log_colors
  for i = 1, #colors do
    local color = colors[i]
    local open = ctx.prefs.log and ctx.prefs.log[color] or false
    local page, pages = P.log_page(ctx, color)
    local first = (page - 1) * P.LOG_PAGE + 1
    local waiting = open and Log.missing(log, first, first + P.LOG_PAGE - 1) or nil
    local known = memo[color]
    local reader = color ~= "Grey" and color or nil
    if known == nil or known.count ~= log.count or known.open ~= open or known.page ~= page
      or known.waiting ~= waiting then
      local entries = {
        { "log:" .. color, log.count > 0 and ON or OFF },
        { "log:" .. color .. ":text", { text = Log.tail(log, reader, P.LOG_RECENT) } },
        { "log:" .. color .. ":all", open and ON or OFF },
      }
      if open then
        local text, lines
        if waiting then
          ctx.want_page = waiting
          text, lines = tr("Reading this page of the saved log..."), 1
        else
          text = Log.range(log, reader, first, first + P.LOG_PAGE - 1)
          lines = math.min(P.LOG_PAGE, log.count - first + 1)
        end
        entries[4] = { "log:" .. color .. ":all:text", { text = text,
          height = math.max(540, P.LOG_LINE * lines * 2) } }
        entries[5] = { "log:" .. color .. ":page", { text = tr("Page {page} of {pages}",
          { page = page, pages = pages }) } }
        entries[6] = { "log:" .. color .. ":earlier", page > 1 and ON or OFF }
        entries[7] = { "log:" .. color .. ":later", page < pages and ON or OFF }
      end
      known = { count = log.count, open = open, page = page, waiting = waiting,
        entries = entries }
      memo[color] = known
    end
    for _, entry in ipairs(known.entries) do -- (new whenever the log grew: no group)
      ui[#ui + 1] = entry
    end
  end
end

-- The panels of the colours in `only` (a set) and the host's for them, again: their menus or
-- secret decisions were worked out, and nothing else changed since the last picture (whose
-- deciders, waiting text and absent colour still hold).
function P.seats(ctx, only, ui)
  for _, seat in ipairs(ctx.layout.seats) do
    if only[seat.color] then
      seat_panel(ctx, seat.color, ui)
    end
  end
  if ctx.absent ~= nil and only[ctx.absent] then
    proxy_panel(ctx, ui, ctx.absent)
  end
end

-- The framework's entries of the picture (see the top of this file), in three parts a
-- table may make in different frames (glue.table): begin (what the seats' panels read:
-- who decides; the status line, Start, the scoreboard), a seat's panel each (`P.seat`:
-- true when it is the same as last time), finish (the host's panels).
function P.begin(ctx, ui)
  local m = ctx.m
  ctx.deciding = {}
  local deciders = Game.deciders(m)
  for _, c in ipairs(deciders) do
    ctx.deciding[c] = true
  end
  ctx.waiting_text = #deciders > 0 and table.concat(deciders, tr(", ")) or nil
  ctx.absent = P.absent(ctx)
  ui[#ui + 1] = { "status:text", { text = P.status(ctx) } }
  ui[#ui + 1] = { "start", (m.state == nil and m.picks == nil) and ON or OFF }
  ui[#ui + 1] = { "board", m.state and ON or OFF }
  if ctx.scores_changed then
    scoreboard(ctx, ui)
  end
end

P.seat = seat_panel

function P.finish(ctx, ui)
  local m = ctx.m
  proxy_panel(ctx, ui, ctx.absent)
  local undo = m.record ~= nil and Game.why_no_undo(m) == nil and not ctx.busy
  local over = m.state ~= nil and m.core.is_over(m.state)
  local playing = m.state ~= nil or m.picks ~= nil
  ui[#ui + 1] = { "host:undo", { active = undo, onClick = P.handler(m) } }
  -- a new game while one is in play asks first: a second press, before anything changes
  ui[#ui + 1] = { "host:new", { active = playing and not ctx.busy, onClick = P.handler(m),
    text = over and tr("Start a new game") or (ctx.new_armed == m.version
      and tr("Press again to end this game") or tr("New game (ends this one)")) } }
  ui[#ui + 1] = { "host", (undo or playing) and ON or OFF } -- no empty panel
end

return P
