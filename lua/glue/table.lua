-- The table framework: what every scripted table runs, whatever the game.
--
-- A game's Global script hands its own parts to Table.run (docs/table.md: the contract)
-- and the framework does the rest: seats and colour changes, Start, the host's controls and
-- decisions for players who are away, click guards, panels and paging, private choices,
-- the record with its resume point, onSave/onLoad, undo that never crosses chance, a new
-- game, the check that every piece lies where the game has it, and the game log.
--
-- input -> decision -> core -> view: a click, an answer in a dialog or a game's own input
-- (its dice, a piece dropped) becomes a decision for the rules core (glue.game); the table
-- is then drawn again from the state: the panels (glue.panels) and the game's pieces (its
-- view), painted with only the calls needed (glue.paint). Each handler does one share of
-- the work and leaves the rest to the next frames (glue.frames): a click asks the core
-- once; the next decision, the panels, the pieces a group at a time, a secret decision's
-- dialog, a turn the table plays by itself and the save's resume point follow, a frame
-- each, so no handler runs long on a player's machine.
--
-- The framework installs TTS's event handlers in the script's globals (_G): onLoad, onSave,
-- onStart, onButton0..7, onPrivate, onAutoPass, onLog, onBots, noop, onPlayerChangeColor,
-- onPlayerConnect, onPlayerDisconnect, tryObjectRandomize, onObjectDrop,
-- onObjectNumberTyped, onObjectEnterContainer, onObjectLeaveContainer; and for other
-- scripts and the tests: stateText, shownText, tableStatus, logText, botTrace, currentState,
-- currentChoices, applyAction.

local json = require("lib.json")
local tr = require("lib.tr")
local Game = require("glue.game")
local Paint = require("glue.paint")
local Frames = require("glue.frames")
local Seats = require("glue.seats")
local Panels = require("glue.panels")
local Log = require("glue.log")
local Clicks = require("glue.clicks")
local Botplay = require("glue.botplay")
local Flow = require("glue.flow")
local Sources = require("glue.sources")
local Dice = require("glue.dice")

local Table = {}

-- The TTS events and UI handlers install() sets (and onButton0..), each guarded (glue.sources)
Table.EVENTS = { "onLoad", "onSave", "onStart", "onPrivate", "onAutoPass", "onLog", "onBots",
  "noop", "onPlayerChangeColor", "onPlayerConnect", "onPlayerDisconnect", "tryObjectRandomize",
  "onObjectDrop", "onObjectNumberTyped", "onObjectLeaveContainer", "onObjectEnterContainer" }

local VERIFY_EVERY = 2 -- seconds between checks that every piece lies where the game has it
local PIECE_UNITS = 4 -- units of pieces placed a frame (a unit: about a thousand instructions)

local function fresh_memo()
  return { panels = {}, rows = {}, pieces = {}, game = {}, logs = {} }
end

-- The context the game's words and view read (docs/table.md lists its fields).
local function context(T, pieces)
  local m = T.m
  local ctx = T.ctx
  ctx.menu = T.menu_of
  ctx.m, ctx.seated, ctx.prefs, ctx.memo, ctx.log = m, T.seated, T.prefs, T.memo, T.log
  ctx.busy = T.input_busy ~= nil or T.starting or T.loading
  ctx.input = T.input_busy
  ctx.pieces = pieces
  ctx.more = false
  ctx.budget = PIECE_UNITS
  ctx.verify = T.verifying
  local shown = m.state
  if m.state ~= nil and T.spec.part_way then
    shown = Game.shown_state(m)
  end
  ctx.shown = shown
  if shown ~= ctx.public_of then
    ctx.public_of = shown
    ctx.public = shown and T.spec.core.view and T.spec.core.view(shown, nil) or shown
  end
  return ctx
end

-- A group of pieces to place now: true when what it depends on (`sig`) changed since it was
-- last placed and this frame's budget allows its `units`; when the budget is spent, the
-- group waits for the next frame (ctx.more).
local function group(ctx, name, sig, units)
  if ctx.memo.pieces[name] == sig then
    return false
  end
  if ctx.budget <= 0 then
    ctx.more = true
    return false
  end
  -- a verify looks where each piece lies (an API call or two a piece): twice the work
  ctx.budget = ctx.budget - (units or 1) * (ctx.verify and 2 or 1)
  ctx.memo.pieces[name] = sig
  return true
end

local refresh

-- The panels, the status line and the scoreboard (it asks the core for the next decision
-- when the state changed), made over a frame or two and painted at once when whole: a
-- picture of many panels made again would be a long frame. A frame makes what its budget
-- allows (Frames.BUDGET units: the decisions and the status one, a seat's panel made again
-- one, one kept a quarter) and the next frame goes on (`T.ui_build`, a job put first in the
-- queue; not a coroutine: an error raised in one names no line on MoonSharp). Meanwhile the
-- buttons on screen are refused (`T.ui_building`: what a click means is being changed);
-- when the game moves on meanwhile, the picture is made again from the start. `whole`: all
-- in this frame (a load with no game).
-- units a seat's panel costs, made again or as it was (a panel made again counts 1,500 to
-- 2,500 instructions: its heading, prompt and options' words; benchmarks/loads.py), and
-- the frame that paints the picture: its own when the panels made again would not fit in
-- what is left (a 6-player picture's paint was a frame of 8,000 counted)
local REBUILT, KEPT = 1.5, 0.25
local FINISHED = 2 -- the host's panels and the paint of the whole picture (its changes set)
local PAINTED = 0.5 -- and each panel made again, painted (its ten or so elements set)

local function paint_ui(T, whole)
  T.seated = Seats.seated() -- after a load the players sit already: no event says so
  local ctx = context(T, false)
  local b = T.ui_build
  T.ui_build, T.ui_building = nil, nil
  if b and b.version ~= T.m.version then
    b = nil -- the game moved on: the picture again, its scoreboard too
    T.scores_forced = true
  end
  local only = T.ui_only
  T.ui_only = nil
  if b == nil and only ~= nil and T.ui_painted == T.m.version and T.ui_busy == ctx.busy then
    -- only some colours' menus (or secret decisions) were worked out since the last whole
    -- paint: their panels alone, the rest of the picture is as it was
    local ui = {}
    Panels.seats(ctx, only, ui)
    Paint.paint(T.shown, { ui = ui, pieces = {}, piles = {}, faces = {}, labels = {} })
    T.notice(ctx) -- a secret decision's dialog opens once its menu is ready
    return
  end
  local spent = 0
  if b == nil then
    local shown = ctx.shown
    ctx.scores_changed = shown ~= T.scored_for or T.scores_forced
    if ctx.scores_changed then
      -- the scoreboard: a row a player (the view's cells), and the line under it
      local view, rows = T.spec.view, {}
      for k, p in ipairs(shown and ctx.public.players or {}) do
        rows[k] = { cells = view.cells(ctx, p) }
        local bot = T.bots[p.color]
        if bot then -- shown to all: who plays this seat
          rows[k].cells[1] = tr("{color} (bot, {level})", { color = rows[k].cells[1],
            level = Botplay.LEVELS[bot.level] or bot.level })
        end
      end
      ctx.scores = shown and { columns = view.COLUMNS, rows = rows, final = view.final(ctx) }
      T.scored_for, T.scores_forced = shown, false
    end
    b = { version = T.m.version, shown = shown, ui = {}, seat = 1, rebuilt = 0 }
    Panels.begin(ctx, b.ui)
    spent = 1
  end
  local seats = ctx.layout.seats
  local function more()
    T.ui_build, T.ui_building = b, true
    Frames.first(T.frames, "ui more", function()
      if not T.loading then
        paint_ui(T)
      end
    end)
  end
  while b.seat <= #seats do
    if spent >= Frames.BUDGET and not whole then
      return more()
    end
    local kept = Panels.seat(ctx, seats[b.seat].color, b.ui)
    spent = spent + (kept and KEPT or REBUILT)
    b.rebuilt = b.rebuilt + (kept and 0 or 1)
    b.seat = b.seat + 1
  end
  if spent > 0 and spent + FINISHED + PAINTED * b.rebuilt > Frames.BUDGET and not whole then
    return more() -- the host's panels and the paint in a frame of their own
  end
  local ui = b.ui
  Panels.finish(ctx, ui)
  Botplay.panel(T, ui)
  Paint.paint(T.shown, { ui = ui, pieces = {}, piles = {}, faces = {}, labels = {} })
  T.painted = T.m.version -- the version the buttons on screen were painted for
  T.ui_painted, T.ui_busy = T.painted, ctx.busy
  if T.m.state ~= nil and (b.shown ~= T.placed_for or T.verifying) then
    Frames.later(T.frames, "pieces", function()
      T.paint_pieces()
    end)
  end
  T.notice(ctx)
end

-- The game's pieces, a few groups a frame; a verify also puts back what players moved.
function Table.paint_pieces(T)
  if T.m.state == nil or T.loading then
    return
  end
  local ctx = context(T, true)
  local pieces, piles, faces, labels = {}, {}, {}, {}
  local function put(guid, place)
    pieces[#pieces + 1] = { guid, place }
  end
  -- the groups and what each depends on, worked out once for each state shown
  if T.groups_for ~= ctx.shown then
    T.groups, T.groups_for = T.spec.view.groups(ctx), ctx.shown
    T.piles = T.spec.view.piles and T.spec.view.piles(ctx) or {}
    ctx.budget = ctx.budget - 2 -- working the groups out costs about a group's placing
  end
  for _, g in ipairs(T.groups) do
    if group(ctx, g.name, g.sig, g.units) then
      g.place(put)
    end
  end
  piles = T.piles
  if T.spec.view.faces then
    T.spec.view.faces(ctx, faces)
  end
  if T.spec.view.labels then
    T.spec.view.labels(ctx, labels)
  end
  -- a card game's cards (glue.cards, which its spec brings: no other game bundles it)
  if T.cards ~= nil and (T.cards.done_for ~= ctx.shown or T.verifying) then
    if T.spec.cards.sync(T.cards, T.spec.cards.of(ctx.shown), T.spec.cards.name, T.verifying)
    then
      ctx.more = true
    else
      T.cards.done_for = ctx.shown
    end
  end
  local verify_piles = T.verifying and T.piles_dirty
  if verify_piles then
    T.piles_dirty = false
  end
  Paint.paint(T.shown, { ui = {}, pieces = pieces, piles = piles, faces = faces,
    labels = labels }, T.skip, T.verifying, verify_piles)
  if T.spec.deal.placed then
    T.spec.deal.placed(T)
  end
  if ctx.more then
    Frames.later(T.frames, "pieces", function()
      T.paint_pieces()
    end)
  else
    T.placed_for = ctx.shown
    T.verifying = false
  end
end

-- Draw the table again from the game, over the next frames. With `color`: only that
-- colour's panel changed (its menu or its secret decision was worked out), unless more
-- changed before the paint.
refresh = function(T, color)
  if color == nil or T.ui_painted ~= T.m.version then
    T.ui_painted = nil -- the whole picture
  elseif T.ui_painted ~= nil then
    T.ui_only = T.ui_only or {}
    T.ui_only[color] = true
  end
  Frames.later(T.frames, "ui", function()
    if not T.loading then
      if T.ui_build ~= nil then -- a picture under way may have read what changed: again
        T.ui_build, T.scores_forced = nil, true
      end
      paint_ui(T)
    end
  end)
end

-- After a change: what the table does by itself once it is drawn (a turn with nothing to
-- choose, chance, an automatic answer, a secret decision to work out), and the save's
-- resume point to encode.
local function follow_up(T)
  local m = T.m
  if m.state == nil or T.loading or T.starting then
    return
  end
  if Game.needs_encoding(m) then
    Frames.work(T.frames, "encode", function(pace)
      while Game.encode_resume(m, pace) do
        -- the setup's text, then the latest resume point's state
      end
    end)
  end
  Frames.later(T.frames, "auto", function()
    T.automate()
  end)
end

function Table.changed(T)
  refresh(T)
  follow_up(T)
  if next(T.bots) ~= nil then
    Frames.later(T.frames, "bots", function()
      Botplay.schedule(T)
    end)
  end
end

-- Run a change to the model; a refusal goes to `color` privately and changes nothing.
-- `by_host` names the host when they decide for a player who is not seated.
function Table.attempt(T, color, change, by_host)
  local ok, result = pcall(change)
  if not ok then
    local why = Game.refusal(result)
    if why == nil then
      error(result, 0)
    end
    Seats.tell(by_host or color or "Grey", tr("Not possible: {why}", { why = why }))
    return false
  end
  if result ~= nil then
    T.prefs.page = {}
    -- the words of what happened come a frame later: a click asks the core once, no more
    local n = Game.count(T.m)
    Frames.later(T.frames, "said:" .. n, function()
      T.after_action(result, by_host, n)
    end)
  elseif T.spec.words.partial and T.spec.part_way then
    -- an action shown part way through: what it did so far may be told now (each attack)
    Frames.later(T.frames, "said part", function()
      T.after_step()
    end)
  end
  T.changed()
  return true
end

-- The words of an action part way through (the game's `partial`): written as they come.
function Table.after_step(T)
  if T.m.state == nil or T.loading or Game.simultaneous(T.m) then
    return
  end
  local entries = T.spec.words.partial(context(T, false))
  for _, entry in ipairs(entries) do
    Table.write(T, entry)
  end
  if #entries > 0 then
    T.paint_logs()
  end
end

-- A line for everyone, in the log and in chat.
function Table.say(T, text)
  Table.write(T, { text = text, kind = "table" })
  T.paint_logs()
end

-- News for everyone (a broadcast), in the log too.
function Table.announce(T, text)
  Table.write(T, { text = text, kind = "news" })
  T.paint_logs()
end

-- An entry in the log and in chat: everyone reads `text`; a colour in `own` reads its own
-- words instead in the log, and in chat also gets them privately: only what its words add,
-- when they are `text` and more ("... Your dice: 1 3 3 6."), so nothing is told twice. News
-- is broadcast.
function Table.write(T, entry)
  Log.add(T.log, entry)
  if entry.kind == "news" then
    Seats.announce(entry.text)
  else
    Seats.say(entry.text)
  end
  if entry.own then
    for color, text in next, entry.own do
      if T.seated[color] then
        local n = #entry.text
        if #text > n and string.sub(text, 1, n) == entry.text then
          text = string.gsub(string.sub(text, n + 1), "^%s+", "")
        end
        Seats.tell(color, Log.mark(color) .. text)
      end
    end
  end
end

-- The log panels, painted by themselves (a frame's picture need not look at the log). A
-- page of a saved log not read yet is decoded over the next frames, then painted.
function Table.paint_logs(T)
  local ui = {}
  local ctx = context(T, false)
  ctx.want_page = nil
  Panels.logs(ctx, ui)
  Paint.paint(T.shown, { ui = ui, pieces = {}, piles = {}, faces = {}, labels = {} })
  local page = ctx.want_page
  if page then
    Frames.work(T.frames, "log page", function(pace)
      Log.decode(T.log, page, pace)
      T.paint_logs()
    end)
  end
end

-- The words of an applied action in the log and in chat, and the news it brings. A game
-- whose words have `entries(ctx, result)` writes those (the action's entry first); else
-- its `action` line and its `news`.
function Table.after_action(T, result, by_host, n)
  local ctx = context(T, false)
  local words = T.spec.words
  local entries = words.entries and words.entries(ctx, result) or nil
  if entries == nil then
    entries = { { text = words.action(ctx, result), kind = "action" } }
    for _, news in ipairs(words.news(ctx, result.before, result.after)) do
      entries[#entries + 1] = { text = news, kind = "news" }
    end
  end
  if #entries == 0 and (by_host or #result.steps > 0) then
    -- nothing worth an entry of its own (a pass the game words with others): what was
    -- chosen, for an undo to name and for the host's note
    local said = (result.player or "") .. ": " .. Flow.compose(ctx, result.steps)
    if not by_host then
      T.said[n or Game.count(T.m)] = said
      return
    end
    entries[1] = { text = said, kind = "table" }
  elseif #entries == 0 then
    return
  end
  local first = entries[1]
  if by_host and result.player then
    local note = tr(" [decided by the host, {host} for {player}, who is not seated]",
      { host = by_host, player = result.player })
    first.text = first.text .. note
    if first.own then
      for color, text in next, first.own do
        first.own[color] = text .. note
      end
    end
  end
  T.said[n or Game.count(T.m)] = first.text
  for _, entry in ipairs(entries) do
    Table.write(T, entry)
  end
  T.paint_logs()
end

-- Tell each player when a decision becomes theirs (a secret one opens their dialog), and
-- keep TTS's turn indicator on the active player.
function Table.notice(T, ctx)
  local m = T.m
  if m.state == nil or m.core.is_over(m.state) then
    T.noticed = {}
    return
  end
  local together = Game.simultaneous(m)
  if T.turn_shown ~= m.state.active and not together then
    T.turn_shown = m.state.active
    local order = {}
    for i, p in ipairs(m.state.players) do
      order[i] = p.color
    end
    Seats.show_turn(order, m.state.active)
  end
  local now = {}
  local unknown = false
  for _, who in ipairs(Game.deciders(m)) do
    local d = together and Game.known(m, who) or (not together and Game.decision(m, who))
    if together and not d and T.seated[who] then
      unknown = true
    end
    -- a secret decision opens its dialog whenever it changes (once its menu is ready); a
    -- public one is told once, when the decision becomes theirs; one the table answers by
    -- itself is neither
    local mark = nil
    if d and T.answer(who, d) then
      d = nil
    elseif d and ctx.private[d.name] and T.seated[who] and T.menu(who, d) == nil then
      d = nil
    end
    if d and not Flow.chance(d) then
      mark = ctx.private[d.name] and (d.name .. ":" .. Game.depth(m, who) .. ":"
        .. Game.count(m) .. ":" .. tostring(m.state.phase)
        .. ((m.confirm and m.confirm.color == who) and ":confirm" or "")) or "public"
    end
    now[who] = mark
    if mark and T.noticed[who] ~= mark and T.seated[who] then
      if ctx.private[d.name] then
        Clicks.open_dialog(T, who)
      else
        -- told once a turn (not again at each step of it: their panel asks those)
        local turn = tostring(m.state.round) .. ":" .. tostring(m.state.active) .. ":"
          .. tostring(m.state.phase)
        if T.told[who] ~= turn then
          T.told[who] = turn
          Seats.notify(who, T.spec.words.notice and T.spec.words.notice(ctx, d)
            or tr("Your decision: {prompt}", { prompt = T.spec.words.prompt(ctx, d) }))
        end
      end
    end
  end
  T.noticed = now
  if unknown then
    -- each colour's secret decision is worked out in a frame of its own
    Frames.later(T.frames, "prepare", function()
      T.prepare()
    end)
  end
end

-- In a simultaneous phase: work out the next seated colour's decision (one a frame).
function Table.prepare(T)
  local m = T.m
  if m.state == nil or T.loading or not Game.simultaneous(m) then
    return
  end
  for _, who in ipairs(Game.deciders(m)) do
    if T.seated[who] and T.noticed[who] == nil then
      Game.decision(m, who) -- a resolution, unless known already
      refresh(T, who)
      return
    end
  end
end

-- The table's own answer to `who`'s decision `d` taken, if it has one (true then).
local function answer_for(T, who, d)
  local steps, why = T.answer(who, d)
  if steps then
    T.attempt(who, function()
      return Game.take_steps(T.m, who, steps, "table", why)
    end)
  end
  return steps ~= nil
end

-- What the table does by itself: a turn with nothing to choose, chance (the game's own
-- input), an answer a player asked the table to give for them.
function Table.automate(T)
  local m = T.m
  if m.state == nil or T.loading or T.starting or T.input_busy or m.core.is_over(m.state) then
    return
  end
  if Game.pending_automatic(m) then
    T.attempt(nil, function()
      return Game.automatic(m)
    end)
    return
  end
  if Game.simultaneous(m) then
    -- each colour's decision the table answers, one a frame (worked out by prepare)
    for _, who in ipairs(Game.deciders(m)) do
      if answer_for(T, who, Game.known(m, who)) then
        return
      end
    end
    return
  end
  local who = Game.decider(m)
  local d = who and Game.decision(m, who)
  if d == nil then
    return
  end
  if Flow.chance(d) then
    if T.spec.inputs and T.spec.inputs.chance then
      T.spec.inputs.chance(T, d)
    else -- no dice of its own on the table: TTS's random numbers throw them
      T.chance(Dice.drawn(d), d.shuffle and tr("shuffled") or tr("rolled"))
    end
    return
  end
  answer_for(T, who, d)
end

-- The answer the table gives by itself to `color`'s decision `d`, as steps with why (nil:
-- the player answers): its only option (for everyone, bots too), else the game's `auto`
-- answer for a player (a switch or a hold of theirs: "Not this turn").
function Table.answer(T, color, d)
  if d == nil or Flow.chance(d) then
    return nil
  end
  local ctx = context(T, false)
  local only = Flow.forced(d)
  local why = "only"
  if only == nil and T.spec.auto and not T.bots[color] then
    local id
    id, why = T.spec.auto(ctx, color, d)
    for _, o in ipairs(id and d.options or {}) do
      if o.id == id then
        only = o
      end
    end
  end
  if only == nil then
    return nil
  end
  return { { id = only.id, label = T.spec.words.option(ctx, d, only), name = d.name,
    player = d.player, forced = #d.options == 1 or nil } }, why
end

-- `color`'s menu for decision `d` (glue.flow): its entries, or nil while they are worked
-- out over the next frames (the panel or the dialog waits for them). A decision the game
-- does not look past has its plain entries at once.
function Table.menu(T, color, d)
  local m = T.m
  local known = T.menus[color]
  if known and known.d == d and known.of == m.state then
    return known.entries
  end
  local spec = T.spec
  if not (spec.lookahead and spec.lookahead(d)) then
    local entries = Flow.plain(spec, context(T, false), d)
    T.menus[color] = { d = d, of = m.state, entries = entries }
    return entries
  end
  T.menus[color] = { d = d, of = m.state }
  Frames.work(T.frames, "menus", function(pace)
    T.build_menus(pace)
  end)
  return nil
end

-- The menus asked for, a resolution at a time (`pace`), seat by seat; one the table moved
-- past is dropped (the next picture asks again).
function Table.build_menus(T, pace)
  while true do
    local color, known = nil, nil
    for _, seat in ipairs(T.spec.layout.seats) do
      local k = T.menus[seat.color]
      if color == nil and k and k.entries == nil then
        color, known = seat.color, k
      end
    end
    if color == nil then
      return
    end
    local m = T.m
    local function still()
      return T.menus[color] == known and known.of == T.m.state
        and Game.current(T.m, color, known.d)
    end
    local entries = still() and Flow.entries(T.spec, context(T, false), m.state,
      Game.path(m, color), known.d, pace, still) or nil
    if entries and still() then
      known.entries = entries
      refresh(T, color)
    elseif T.menus[color] == known then
      T.menus[color] = nil
    end
  end
end

-- A player took an entry of their menu: its hold (an extra's: "Not this turn") and what
-- the game notes of it (its `chose`; `shown`: the state shown when they chose).
function Table.chose(T, color, d, entry, shown)
  if entry.hold then
    T.prefs.hold[color] = entry.hold
  end
  if T.spec.chose then
    T.spec.chose(context(T, false), color, d, entry, shown)
  end
end

-- `color` keeps the k-th thing they were offered before the first turn (the setup picks):
-- from their panel, the host's for them, or the game's own input (a button on a card).
function Table.pick(T, color, k, by_host)
  T.attempt(by_host or color, function()
    local kept, back = Game.pick(T.m, color, k)
    if T.spec.words.kept then -- the log: that it was kept, and to its keeper what
      T.write(T.spec.words.kept(context(T, false), color, kept))
      T.paint_logs()
    end
    T.spec.deal.picked(T, color, kept, back)
    return nil
  end, by_host)
end

-- Chance read by the game's input (its dice): take option `id` for the decider.
function Table.chance(T, id, label)
  local m = T.m
  T.input_busy = nil
  local who = Game.decider(m)
  local d = who and Game.decision(m, who)
  if d == nil or not Flow.chance(d) then
    T.changed()
    return
  end
  T.attempt(who, function()
    return Game.take(m, who, id, label, d)
  end)
end

-- Start -------------------------------------------------------------------------------------

function Table.start(T, player, value)
  if not Seats.left_click(value) then
    return
  end
  local color, admin = Seats.caller(player)
  local name = T.spec.name
  if color == "Grey" or not admin then
    Seats.tell(color, color == "Grey" and admin
      and tr("Take a seat colour first: the host starts the game from a seat.")
      or tr("Only the host or a promoted player can start the game."))
    return
  end
  if T.m.state ~= nil or T.m.picks ~= nil or T.starting or T.loading then
    Seats.tell(color, tr("A game is already under way."))
    return
  end
  local here = Seats.seated()
  local players = {}
  for _, seat in ipairs(T.spec.layout.seats) do
    if here[seat.color] or T.bots[seat.color] then
      players[#players + 1] = seat.color
    end
  end
  local n, range = #players, T.spec.players
  if n < range.min or n > range.max then
    local v = { game = name, min = range.min, max = range.max, n = n,
      seats = T.spec.words.seats or tr("the seats") }
    Seats.tell(color, n == 1
      and tr("{game} needs {min} to {max} players seated at {seats} (a bot counts: the Bots "
        .. "panel); {n} is.", v)
      or tr("{game} needs {min} to {max} players seated at {seats} (a bot counts: the Bots "
        .. "panel); {n} are.", v))
    return
  end
  T.black_warned = false
  T.warn_black()
  -- Turn order: clockwise from a starting player chosen by TTS's randomness.
  local first = math.random(n)
  local order = {}
  for k = 0, n - 1 do
    order[#order + 1] = players[(first - 1 + k) % n + 1]
  end
  T.starting = true
  -- (in a later frame, as every change that moves pieces: after the rewind state is stored)
  Frames.later(T.frames, "deal", function()
    T.spec.deal.start(T, order)
  end)
  refresh(T)
end

-- The deal is done: `setup` holds every outcome of chance (the game begins), or players
-- pick among `offers` first (`field` of the setup gets what each keeps).
function Table.dealt(T, setup, offers, field)
  -- The game begins at the next frame, and is drawn from the one after (the shuffles, the
  -- rules' checks of the setup and the first picture in one handler would cost a click's
  -- budget three times over).
  Frames.later(T.frames, "dealt", function()
    T.starting = false
    local ok, err = pcall(function()
      if offers then
        Game.deal_picks(T.m, setup, offers, field)
      else
        Game.deal(T.m, setup)
      end
    end)
    if not ok then
      Seats.say(tr("The table could not deal: {why}", { why = Game.refusal(err) or tostring(err) }))
      refresh(T)
      return
    end
    if T.spec.deal.begun then
      T.spec.deal.begun(T)
    end
    T.changed()
  end)
end

function Table.deal_failed(T, text)
  T.starting = false
  Seats.say(text)
  refresh(T)
end

-- Black, the game master's seat, sees every hand: when a game keeps secrets in hands,
-- everyone is told once a game, when someone sits there at Start or later.
function Table.warn_black(T)
  local text = T.spec.words.black
  if text == nil or T.black_warned or not Seats.black() then
    return
  end
  T.black_warned = true
  Seats.announce(text)
end

-- A new game, once this one is over: the game puts its cards back (deal.new_game), then
-- the table forgets the game and shows Start again.
function Table.new_game(T, host)
  local m = T.m
  if m.state == nil and m.picks == nil then
    Seats.tell(host, tr("there is no game to clear: the host presses Start"))
    return
  end
  if not (m.state and m.core.is_over(m.state)) and T.ctx.new_armed ~= m.version then
    -- a game in play ends only on a second press, before anything changes
    T.ctx.new_armed = m.version
    Seats.tell(host, tr("This game is not over: press the button again (it now says \"{again}\") "
      .. "to end it for everyone and clear the table.", { again = tr("Press again to end this game") }))
    refresh(T)
    return
  end
  T.ctx.new_armed = nil
  if m.state and not m.core.is_over(m.state) then
    T.say(tr("{host} ended the game before its end, for a new one.", { host = host }))
  end
  if T.spare == nil and T.spare_text == nil then
    Seats.tell(host, tr("the cards a new game needs are not kept in this save: load the mod again "
      .. "to play a new game"))
    return
  end
  if T.spare == nil then
    T.spare = json.decode(T.spare_text)
  end
  T.starting = true
  Frames.later(T.frames, "new game", function()
    T.spec.deal.new_game(T, T.spare, function(ok)
      T.cleared(host, ok)
    end)
  end)
end

-- The cards of the game that ended are back (or could not all be): the table forgets it.
function Table.cleared(T, host, ok)
  T.starting = false
  if not ok then
    Seats.say(tr("The cards could not all be gathered: load the mod again for a new game."))
    refresh(T)
    return
  end
  Game.clear(T.m)
  Log.clear(T.log)
  T.forget()
  T.said, T.prefs.page = {}, {}
  Seats.hide_turns()
  Seats.say(tr("{host} cleared the table for a new game: sit at a seat, then the host presses "
    .. "Start.", { host = host }))
  T.changed()
  T.paint_logs() -- the last game's log leaves the screen
end

-- What was painted is forgotten: everything is painted again (a load, a new game).
function Table.forget(T)
  Paint.forget_all(T.shown)
  if T.cards ~= nil then
    T.spec.cards.forget(T.cards)
  end
  T.memo = fresh_memo()
  T.placed_for, T.scored_for, T.turn_shown, T.groups_for = nil, nil, nil, nil
  T.noticed, T.dialogs, T.menus, T.told = {}, {}, {}, {}
  T.ui_painted, T.ui_build, T.ui_building = nil, nil, nil
end

-- Save and load ------------------------------------------------------------------------------

-- The per-colour settings as the save keeps them, encoded again only when one changed (onSave
-- runs at every autosave and rewind checkpoint; the settings change at a few clicks a game):
-- the signature walks a few short tables, far less than encoding them.
-- What a save keeps of each colour's own settings. Not the page of options a player was
-- reading: a panel is a function of the state, so a load or a rewind shows every decision
-- from its first page, as when it is reached directly.
local PREF_MAPS = { "auto", "bots", "hold", "note" }

-- The prefs as the save keeps them (JSON text), encoded again only when one changed: each
-- map looked at whole (a count must not follow `next`'s order), against the copy kept.
local function prefs_text(T)
  local p, kept = T.prefs, T.prefs_kept
  local same = kept ~= nil and kept.bot_pace == (p.bot_pace or "normal")
  for _, k in ipairs(PREF_MAPS) do
    local copy, n = kept and kept[k], 0
    for color, v in next, p[k] do
      n = n + 1
      if copy == nil or copy[color] ~= v then -- (no `same and`: each looked at alike)
        same = false
      end
    end
    same = same and kept.counts[k] == n
  end
  if not same then
    kept = { bot_pace = p.bot_pace or "normal", counts = {} }
    for _, k in ipairs(PREF_MAPS) do
      local copy, n = {}, 0
      for color, v in next, p[k] do
        copy[color], n = v, n + 1
      end
      kept[k], kept.counts[k] = copy, n
    end
    T.prefs_kept = kept
    T.prefs_text = json.encode(json.object({ auto = json.object(p.auto),
      bots = json.object(p.bots),
      bot_pace = p.bot_pace or "normal", hold = json.object(p.hold),
      note = json.object(p.note) }))
  end
  return T.prefs_text
end

function Table.save(T)
  if T.loading then
    return T.loading_text or ""
  end
  if T.spare_text == nil and T.spare ~= nil then
    T.spare_text = json.encode(T.spare)
  end
  -- the game log first (a load cuts it off and decodes only its last page: Log.text)
  local log = (T.m.state or T.m.picks) and Log.text(T.log) or nil
  return Game.save_text(T.m, prefs_text(T), T.spare_text, log)
end

function Table.load(T, saved)
  if saved == nil or saved == "" then
    -- a table with no game: nothing to read, the panels at once
    Game.load(T.m, "")
    T.forget()
    paint_ui(T, true)
    return
  end
  T.loading, T.loading_text = true, saved
  T.starting, T.input_busy = false, nil
  Frames.clear(T.frames)
  T.forget()
  Log.clear(T.log)
  T.said = {}
  Frames.work(T.frames, "load", function(pace)
    local log_parts, rest = Log.cut(saved)
    local problem, info = Game.load(T.m, rest, pace)
    if log_parts and (T.m.state or T.m.picks) then
      -- the game log as it was: the story so far, each colour's words as before (from a
      -- frame of its own: the last action replayed may have filled this one)
      pace(Frames.BUDGET)
      Log.restore(T.log, log_parts, pace, Panels.LOG_RECENT)
    end
    pace(Frames.BUDGET) -- what the table does once loaded, in a frame of its own too
    if problem then
      printToAll(T.spec.name .. ": " .. problem)
    end
    T.spare, T.spare_text = nil, info.spare
    T.prefs = { auto = {}, page = {}, bots = {}, hold = {}, note = {} }
    if type(info.prefs) == "table" then
      for _, k in ipairs(PREF_MAPS) do -- (a page saved by an older build is not read)
        if type(info.prefs[k]) == "table" then
          for color, v in pairs(info.prefs[k]) do
            T.prefs[k][color] = v
          end
        end
      end
      T.prefs.bot_pace = info.prefs.bot_pace == "fast" and "fast" or nil
    end
    T.seated = Seats.seated()
    Botplay.loaded(T)
    T.loading, T.loading_text = false, nil
    for color, steps in next, T.m.steps do -- (each colour's own: the order does not matter)
      if color ~= "*" and #steps > 0 and T.seated[color] then
        -- a secret decision half made (a program): kept, and its player told so, alone
        Seats.tell(color, tr("The game was loaded: your choices so far are kept ({choices}).",
          { choices = Flow.compose(context(T, false), steps) }))
      end
    end
    if T.spec.deal.loaded then
      T.spec.deal.loaded(T)
    end
    T.verifying = T.m.state ~= nil
    T.changed()
    T.paint_logs()
  end)
end

-- Every VERIFY_EVERY seconds, and soon after a piece was moved by hand: every piece is
-- looked at again (a few groups a frame) and put back where the game has it.
function Table.verify(T)
  if T.m.state == nil or T.loading or T.starting or T.input_busy or T.verifying then
    return
  end
  T.verifying = true
  T.memo.pieces = {}
  Frames.later(T.frames, "pieces", function()
    T.paint_pieces()
  end)
end

-- Seats change a frame after the event: TTS reports the new colour through Player only then
-- (SCED defers this work by a frame). Every seat panel's `active` is sent again, so each
-- client checks its visibility for the colour it has now.
function Table.seats_changed(T)
  T.seated = Seats.seated()
  Botplay.seated(T)
  local ids = {}
  for _, seat in ipairs(T.spec.layout.seats) do
    ids[#ids + 1] = "seat:" .. seat.color
  end
  ids[#ids + 1] = "host"
  ids[#ids + 1] = "bots"
  Paint.forget_ui(T.shown, ids)
  T.memo.panels, T.memo.bots = {}, nil
  T.noticed = {}
  if T.m.state ~= nil or T.m.picks ~= nil then
    T.warn_black()
  end
  T.changed()
end

-- Whether the table is still working through what a change set going.
local function busy(T)
  return Frames.busy(T.frames) or T.starting or T.loading or T.input_busy ~= nil
    or T.bot_stage ~= nil -- a bot's step under way (not the wait before it)
end

-- What the table waits for, for other scripts and the tests.
function Table.status(T)
  local m = T.m
  local depths, asked = {}, {}
  local deciders = T.loading and {} or Game.deciders(m)
  local together = not T.loading and m.state ~= nil and Game.simultaneous(m)
  for _, color in ipairs(deciders) do
    depths[color] = m.picks and 0 or Game.depth(m, color)
    -- (a probe: it asks the core nothing the table has not asked, so it changes nothing)
    local d = m.picks == nil and (together and Game.known(m, color)
      or (not together and Game.decision(m, color))) or nil
    asked[color] = d and d.name or nil
  end
  local path = {}
  for i, s in ipairs(m.steps["*"] or {}) do
    path[i] = s.id
  end
  return {
    version = m.version,
    actions = Game.count(m),
    deciders = deciders,
    decider = deciders[1],
    simultaneous = together,
    path = path,
    depths = depths,
    asked = asked,
    dealing = m.picks ~= nil,
    starting = T.starting,
    loading = T.loading,
    rolling = T.input_busy ~= nil,
    busy = busy(T),
    building = T.ui_building == true, -- the panels are being made again (over a frame or two)
    job = T.frames.last, -- the last job a frame ran
    bots = T.prefs.bots,
    bot_waiting = T.bot_timer ~= nil, -- a bot's next step is due
    bot_traced = T.bot_traced,
  }
end

-- The handlers ---------------------------------------------------------------------------------

local function install(T)
  local G = _G
  G.onLoad = function(saved)
    T.load(saved)
    Wait.time(function()
      T.verify()
    end, VERIFY_EVERY, -1)
  end
  G.onSave = function()
    return T.save()
  end
  G.onStart = function(player, value)
    T.start(player, value)
  end
  for k = 0, Panels.HANDLERS - 1 do
    G["onButton" .. k] = function(player, value, id)
      Clicks.button(T, player, value, id, k)
    end
  end
  G.onPrivate = function(player, value)
    Clicks.private(T, player, value)
  end
  G.onAutoPass = function(player, value)
    Clicks.auto_switch(T, player, value)
  end
  G.onLog = function(player, value, id)
    Clicks.log(T, player, value, id)
  end
  G.onBots = function(player, value, id)
    Clicks.bots(T, player, value, id)
  end
  G.noop = function() end
  local function later()
    Wait.frames(function()
      T.seats_changed()
    end, 1)
  end
  G.onPlayerChangeColor, G.onPlayerConnect, G.onPlayerDisconnect = later, later, later
  G.tryObjectRandomize = function(obj, color)
    local kind = T.spec.pieces[obj.guid]
    if kind ~= nil then
      Seats.tell(color, T.spec.words.shake and T.spec.words.shake(kind)
        or tr("Pieces follow the game: use your panel to act."))
      return false
    end
    return true
  end
  G.onObjectDrop = function(color, obj)
    Clicks.drop(T, color, obj)
  end
  -- Typing a number over a deck would deal its cards into the typist's hand: the table deals.
  G.onObjectNumberTyped = function(obj, color)
    if obj.type == "Deck" then
      for _, entry in ipairs(obj.getObjects()) do
        if T.spec.pieces[entry.guid] then
          Seats.tell(color, tr("The table deals the cards."))
          return true
        end
      end
    end
    return false
  end
  local function pile_event(_, obj)
    if T.spec.pieces[obj.guid] == "card" and T.m.state ~= nil then
      T.piles_dirty = true
    end
  end
  G.onObjectLeaveContainer, G.onObjectEnterContainer = pile_event, pile_event
  G.stateText = function()
    return T.m.state and json.encode(T.m.state) or "null"
  end
  G.shownText = function()
    local ctx = context(T, false)
    return ctx.public and json.encode(ctx.public) or "null"
  end
  G.tableStatus = function()
    return T.status()
  end
  G.tableBusy = function() -- what tableStatus().busy says, for a test stepping frames
    return busy(T)
  end
  -- The bots' steps after the n-th (each { n, color, name, id, x0, count, path }).
  G.botTrace = function(n)
    local out = {}
    for _, e in ipairs(T.bot_trace) do
      if e.n > (n or 0) then
        out[#out + 1] = e
      end
    end
    return out
  end
  G.logText = function(color)
    return table.concat(Log.lines(T.log, color), "\n")
  end
  G.currentState = function()
    return T.m.state
  end
  G.currentChoices = function(path)
    if T.m.state == nil then
      return nil, "no game is set up"
    end
    return T.spec.core.choices(T.m.state, path or {})
  end
  G.applyAction = function(action)
    local ok, err = pcall(Game.apply_action, T.m, action)
    if not ok then
      return false, Game.refusal(err) or error(err, 0)
    end
    T.changed()
    return true
  end
  -- TTS's events and the UI's handlers: an error names its source file, line and handler
  for _, name in ipairs(Table.EVENTS) do
    G[name] = Sources.guard(name, G[name])
  end
  for k = 0, Panels.HANDLERS - 1 do
    G["onButton" .. k] = Sources.guard("onButton" .. k, G["onButton" .. k])
  end
end

-- A game's own handler (a button on one of its objects) installed as the framework's are:
-- an error in it names its source file, line and the handler.
function Table.handler(name, fn)
  _G[name] = Sources.guard(name, fn)
end

-- Rewind safety (TTS v14: api base.md, Rewind State Functions). A change the table spreads
-- over frames begins with a rewind state stored (the record already holds the change, the
-- pieces not yet: a load puts them right) and the stores TTS makes by itself blocked; its
-- work waits for that store, and the block lifts once the table is no longer busy. So no
-- rewind state catches a deal half dealt, dice in the air or pieces half moved.
local function rewind_hooks(get)
  return {
    began = function(q)
      local T = get()
      if T.rewind_blocked or storeRewindState == nil then -- (nil before TTS v14)
        return
      end
      T.rewind_blocked, q.held = true, true
      storeRewindState(function()
        q.held = false
      end, true)
    end,
    ended = function()
      local T = get()
      if T.rewind_blocked and not busy(T) then
        T.rewind_blocked = false
        allowRewindStore()
      end
    end,
  }
end

-- The deal of a game with nothing to lay out before its first decision (the default `deal`):
-- it says who plays and who starts.
local function simple_deal(spec)
  return {
    start = function(T, order)
      T.say(Log.opening(spec, order))
      T.dealt({ players = order })
    end,
    new_game = function(_, _, done)
      done(true)
    end,
  }
end

local function none()
  return {}
end

-- Run a game's table: `spec` is the game's parts (docs/table.md). Returns the table.
function Table.run(spec)
  spec.pieces = spec.pieces or {}
  spec.private = spec.private or {}
  spec.deal = spec.deal or simple_deal(spec)
  spec.view.groups = spec.view.groups or none -- no pieces of its own: panels (and cards)
  spec.view.piles = spec.view.piles or none
  spec.words.option = spec.words.option or function(_, _, o) return o.label end -- the core's
  local T
  T = { spec = spec, m = Game.new(spec), shown = Paint.new(spec.layout),
    cards = spec.cards and spec.cards.new(spec.layout.cards) or nil,
    frames = Frames.new(rewind_hooks(function()
      return T
    end)), log = Log.new(), prefs = { auto = {}, page = {}, bots = {}, hold = {}, note = {} },
    menus = {},
    bots = {}, bot_views = {}, bot_seeds = {}, bot_trace = {}, bot_traced = 0,
    memo = fresh_memo(), said = {}, noticed = {}, dialogs = {}, told = {}, seated = {},
    painted = 1,
    starting = false, loading = false, verifying = false, piles_dirty = false,
    ctx = { words = spec.words, layout = spec.layout, D = spec.data, private = spec.private,
      auto_switch = spec.switch, private_button = next(spec.private) ~= nil, bots = {},
      log_colors = {} } }
  for i, seat in ipairs(spec.layout.seats) do
    T.ctx.log_colors[i] = seat.color
  end
  T.ctx.log_colors[#T.ctx.log_colors + 1] = "Grey"
  -- methods as fields, made when first used: T.changed() rather than Table.changed(T)
  setmetatable(T, { __index = function(_, name)
    local fn = Table[name]
    if type(fn) ~= "function" or name == "run" then
      return nil
    end
    local method = function(...)
      return fn(T, ...)
    end
    rawset(T, name, method)
    return method
  end })
  T.ctx.bots = T.bots
  T.menu_of = function(color, d)
    return Table.menu(T, color, d)
  end
  T.ctx.answered = function(color, d)
    return Table.answer(T, color, d) ~= nil
  end
  T.seated = Seats.seated()
  install(T)
  return T
end

return Table
