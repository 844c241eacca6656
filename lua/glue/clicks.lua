-- The table's inputs (any game): panel buttons, the host's buttons, private dialogs, the
-- auto switch, pieces dropped by hand. Each refuses what it must, changing nothing and
-- telling that player why: a spectator, a colour that is not deciding, a click on another
-- colour's panel, a click on a button drawn for an earlier picture, a right or middle
-- click, host-only buttons from others, anything while the table deals, loads or waits for
-- its own input (the dice).

local Frames = require("glue.frames")
local Game = require("glue.game")
local Paint = require("glue.paint")
local Panels = require("glue.panels")
local Seats = require("glue.seats")
local Botplay = require("glue.botplay")
local tr = require("lib.tr")

local C = {}

local function busy(T)
  if T.loading then
    return tr("the table is loading the saved game")
  elseif T.starting then
    return tr("the table is dealing")
  elseif T.input_busy then
    return T.input_busy
  end
  return nil
end

-- Slot `slot` of `color`'s options was clicked (by them, or by the host for them when
-- `by_host` names the host).
-- True when the panel a click came from still shows what `color` is asked now: players'
-- clicks can cross a change made by another player's click in the same frame, before the
-- panels are painted again (a panel of another colour whose decision did not change keeps
-- its meaning).
local function current(T, color, by_host)
  local m = T.m
  local shown = by_host and T.memo.proxy or T.memo.panels[color]
  if shown == nil or (by_host and shown.color ~= color) then
    return false
  end
  if m.picks then
    return shown.kind == "pick" and m.picks.kept[color] == nil
  end
  local c = m.confirm and m.confirm.color == color and m.confirm or nil
  return shown.d ~= nil and shown.d == (c or Game.decision(m, color))
end

local function option(T, color, slot, by_host)
  local m = T.m
  local me = by_host or color
  local k = tonumber(slot) or 0
  local d = m.picks == nil and Game.decision(m, color)
  if d == nil then
    local who = Game.decider(m)
    Seats.tell(me, who and tr("it is {who}'s decision", { who = who })
      or tr("there is nothing for {color} to choose now", { color = color }))
    return
  end
  if not current(T, color, by_host) then
    Seats.tell(me, tr("that option is out of date (the table has moved on); choose again"))
    return
  end
  if m.picks then
    T.pick(color, k, by_host)
    return
  end
  if T.spec.private[d.name] then
    Seats.tell(me, tr("that choice is secret: it is made in {color}'s own dialog",
      { color = color }))
    return
  end
  if m.confirm and m.confirm.color == color then
    T.attempt(me, function()
      return Game.confirmed(m, color, k == 1)
    end, by_host)
    return
  end
  local entries = T.menu(color, d)
  if entries == nil then
    Seats.tell(me, tr("the options are still being prepared; choose again in a moment"))
    return
  end
  local slots = T.spec.layout.option_slots
  local page = Panels.paging(#entries, T.prefs.page[color] or 1, slots)
  local index = Panels.slot(#entries, page, slots, k)
  if index == "more" then
    T.prefs.page[color] = page + 1
    m.version = m.version + 1
    T.changed()
    return
  end
  local entry = index and entries[index]
  if entry == nil then
    Seats.tell(me, tr("that option is out of date; choose again"))
    return
  end
  T.prefs.page[color] = nil
  T.attempt(me, function()
    local shown = Game.shown_state(m)
    local result = Game.choose_steps(m, color, entry.steps, entry.res, entry.of)
    T.chose(color, d, entry, shown)
    return result
  end, by_host)
end

local function back(T, color, by_host)
  if not Game.can_back(T.m, color) and Game.decision(T.m, color) == nil then
    Seats.tell(by_host or color, tr("only the player deciding can take a choice back"))
    return
  end
  if not current(T, color, by_host) then
    Seats.tell(by_host or color, tr("that option is out of date (the table has moved on); "
      .. "choose again"))
    return
  end
  T.prefs.page[color] = nil
  T.attempt(by_host or color, function()
    Game.back(T.m, color)
  end, by_host)
end

local function undo(T, color)
  local m = T.m
  local why = Game.why_no_undo(m)
  if why then
    Seats.tell(color, tr("Not possible: {why}", { why = why }))
    return
  end
  local n = Game.count(m)
  -- an undo far back replays over several frames: nothing else meanwhile
  T.input_busy = tr("the table is taking the last action back")
  Frames.work(T.frames, "undo", function(pace)
    local ok, err = pcall(Game.undo, m, pace)
    T.input_busy = nil
    if not ok then
      local refusal = Game.refusal(err)
      if refusal == nil then
        error(err, 0)
      end
      Seats.tell(color, tr("Not possible: {why}", { why = refusal }))
      return
    end
    local undone = err -- (pcall's second value: how many actions went back)
    local first = n - undone + 1
    local said = T.said[first] or tr("action {n}", { n = first })
    local stop = tr(".") -- a sentence's end in the table's language
    if string.sub(said, -#stop) == stop then
      said = string.sub(said, 1, -#stop - 1)
    end
    local v = { color = color, what = said }
    local line = undone > 1 and tr("{color} undid: {what} (and what the table then did by "
      .. "itself).", v) or tr("{color} undid: {what}.", v)
    for i = first, n do
      T.said[i] = nil
    end
    T.say(line)
    T.changed()
  end)
end

-- Before the first turn the host removes a player who left while choosing.
local function drop_player(T, host, color)
  T.attempt(host, function()
    local offered = Game.drop_picker(T.m, color, T.spec.players.min)
    T.spec.deal.dropped(T, color, offered)
    Seats.say(tr("{host} removed {color} from the game before the first turn.",
      { host = host, color = color }))
    return nil
  end)
end

-- Who clicked a panel's button with the left button, and whether they are the host (or
-- promoted): nil for another button, or a spectator (told why).
local function clicker(player, value)
  if not Seats.left_click(value) then
    return nil
  end
  local color, admin = Seats.caller(player)
  if color == "Grey" or color == nil then
    Seats.tell("Grey", tr("spectators cannot play: pick a seat colour first"))
    return nil
  end
  return color, admin
end

-- A versioned button (an option, Back, the host's): the handler names the version it was
-- drawn for (glue.panels), the element's id says which button it is.
function C.button(T, player, value, id, handler)
  local color, admin = clicker(player, value)
  if color == nil then
    return
  end
  -- the buttons on screen name the handler of the version they were painted for; while the
  -- panels are made again over a frame or two, none of them is sure to mean what it shows
  if T.ui_building or handler ~= T.painted % Panels.HANDLERS then
    Seats.tell(color, tr("that option is out of date (the table has moved on); choose again"))
    return
  end
  local why = busy(T)
  if why then
    Seats.tell(color, why)
    return
  end
  local owner, slot = string.match(id, "^seat:(%a+):opt:(%w+)$")
  if owner then
    if owner ~= color then
      Seats.tell(color, tr("that panel is {owner}'s", { owner = owner }))
    else
      option(T, color, slot)
    end
    return
  elseif id == "seat:" .. color .. ":back" then
    back(T, color)
    return
  end
  if not admin then
    Seats.tell(color, tr("only the host or a promoted player can use the host's buttons"))
    return
  end
  local proxy_slot = string.match(id, "^proxy:opt:(%w+)$")
  if proxy_slot or id == "proxy:back" or id == "proxy:drop" then
    local ctx = T.ctx
    ctx.m, ctx.seated = T.m, T.seated
    local absent = Panels.absent(ctx)
    if absent == nil then
      Seats.tell(color, tr("no one who is away has a decision to make now"))
    elseif proxy_slot then
      option(T, absent, proxy_slot, color)
    elseif id == "proxy:back" then
      back(T, absent, color)
    else
      drop_player(T, color, absent)
    end
  elseif id == "host:undo" then
    undo(T, color)
  elseif id == "host:new" then
    T.new_game(color)
  end
end

-- The host's bots panel (onBots): a seat's button cycles its bot, "bots:pace" the pace. Its
-- buttons mean the same at every version of the game, so their handler does not cycle
-- with it (a cycling one would send every button's onClick again at every change).
function C.bots(T, player, value, id)
  local color, admin = clicker(player, value)
  if color == nil then
    return
  elseif not admin then
    Seats.tell(color, tr("only the host or a promoted player can use the host's buttons"))
    return
  end
  local why = busy(T)
  if why then
    Seats.tell(color, why)
  elseif id == "bots:pace" then
    Botplay.pace(T)
  elseif string.match(id or "", "^bots:%a+$") then
    why = Botplay.cycle(T, color, string.sub(id, 6))
    if why then
      Seats.tell(color, tr("Not possible: {why}", { why = why }))
    end
  end
end

-- A player's secret decision, asked in a dialog the API shows to that player alone
-- (Player.showOptionsDialog, api player/instance.md): its options never enter the XmlUI,
-- which every client receives whatever an element's visibility. TTS calls the callback on
-- OK only: a player who closed it gets it back from their panel.
function C.open_dialog(T, color)
  local m = T.m
  local d = Game.known(m, color) or (not Game.simultaneous(m) and Game.decision(m, color))
  if not d or not T.spec.private[d.name] or not T.seated[color] then
    return false
  end
  local ctx = T.ctx
  local labels, ids = {}, {}
  local c = m.confirm and m.confirm.color == color and m.confirm or nil
  local question
  if c then
    -- a secret choice asks its question in the dialog too
    labels, ids, question = { c.ask.yes, c.ask.no }, { "<yes>", "<no>" }, c.ask.question
  else
    local entries = T.menu(color, d)
    if entries == nil then
      return false -- its menu is being worked out: the dialog opens when it is ready
    end
    for i, e in ipairs(entries) do
      labels[i], ids[i] = e.label, e
    end
    if Game.can_back(m, color) then
      labels[#labels + 1] = tr("Back (take the last choice back)")
      ids[#ids + 1] = "<back>"
    end
    question = T.spec.words.prompt(ctx, d)
  end
  T.dialogs[color] = { name = d.name, depth = Game.depth(m, color), ids = ids, d = d,
    confirm = c }
  Player[color].showOptionsDialog(question, labels, 1,
    function(_, index, by)
      C.answer(T, by or color, color, index)
    end)
  return true
end

-- An answer in `owner`'s dialog; it stands only while the decision it was asked for does.
function C.answer(T, by, owner, index)
  local m = T.m
  local asked = T.dialogs[owner]
  T.dialogs[owner] = nil
  if by ~= owner then
    Seats.tell(by, tr("that dialog was {owner}'s", { owner = owner }))
    return
  end
  local why = busy(T)
  local d = Game.known(m, owner) or (not Game.simultaneous(m) and Game.decision(m, owner))
  local id = asked and asked.ids[tonumber(index) or 0]
  if why or not d or asked.d ~= d or asked.depth ~= Game.depth(m, owner) or id == nil then
    Seats.tell(owner, why or tr("that choice is out of date; choose again"))
    T.noticed[owner] = nil -- the dialog opens again
    T.changed()
    return
  end
  if asked.confirm ~= (m.confirm and m.confirm.color == owner and m.confirm or nil) then
    Seats.tell(owner, tr("that choice is out of date; choose again"))
    T.noticed[owner] = nil
    T.changed()
    return
  end
  T.attempt(owner, function()
    if id == "<back>" then
      Game.back(m, owner)
      return nil
    elseif id == "<yes>" or id == "<no>" then
      return Game.confirmed(m, owner, id == "<yes>")
    end
    local shown = Game.shown_state(m)
    local result = Game.choose_steps(m, owner, id.steps, id.res, id.of)
    T.chose(owner, asked.d, id, shown)
    return result
  end)
end

-- The "Open my private choice" button: the dialog again.
function C.private(T, player, value)
  if not Seats.left_click(value) then
    return
  end
  local color = Seats.caller(player)
  if not C.open_dialog(T, color) then
    local waiting = T.m.state and Game.simultaneous(T.m) and Game.known(T.m, color) == nil
      and T.seated[color]
    Seats.tell(color, waiting and tr("your choice is being prepared: it opens in a moment")
      or tr("you have no secret choice to make now"))
  end
end

-- A seat's switch (the game's `switch`: Tiny Epic Galaxies' "Pass automatically"): the
-- table answers for this player while it is on (the game's `auto`; glue.table automate).
function C.auto_switch(T, player, value)
  if not Seats.left_click(value) then
    return
  end
  local color = Seats.caller(player)
  if color == "Grey" or T.spec.switch == nil then
    Seats.tell(color, tr("spectators do not play"))
    return
  end
  T.prefs.auto[color] = not T.prefs.auto[color]
  Seats.tell(color, T.prefs.auto[color] and tr("{switch}: on", { switch = T.spec.switch })
    or tr("{switch}: off", { switch = T.spec.switch }))
  T.changed()
end

-- The game log's buttons: open the whole log (id "log:C:open"), close it, turn its pages
-- ("log:C:earlier", "log:C:later"). The log of the colour clicking (a spectator's is
-- Grey's): each colour reads its own words.
function C.log(T, player, value, id)
  if not Seats.left_click(value) then
    return
  end
  local color = Seats.caller(player)
  local what = string.match(id or "", ":(%a+)$")
  T.prefs.log = T.prefs.log or {}
  T.prefs.log_page = T.prefs.log_page or {}
  if what == "earlier" or what == "later" then
    local ctx = T.ctx
    ctx.log, ctx.prefs = T.log, T.prefs
    local page, pages = Panels.log_page(ctx, color)
    page = page + (what == "earlier" and -1 or 1)
    T.prefs.log_page[color] = (page >= pages) and nil or math.max(1, page)
  else
    T.prefs.log[color] = what == "open"
    T.prefs.log_page[color] = nil -- the whole log opens at its last page
  end
  T.paint_logs()
end

-- A piece moved by hand: the game's input may take it as a decision; else it goes back
-- where the game has it, with a word to the player.
function C.drop(T, color, obj)
  if T.cards ~= nil and busy(T) == nil and T.spec.cards.dropped(T, color, obj) then
    return -- a card of the card layer's (glue.cards)
  end
  local kind = T.spec.pieces[obj.guid]
  if kind == nil or T.m.state == nil then
    return
  end
  local inputs = T.spec.inputs
  if inputs and inputs.free and inputs.free(T, obj) then
    return -- a seat nobody plays: its pieces are the players' to arrange
  end
  Paint.forget(T.shown, obj.guid)
  if inputs and inputs.drop and busy(T) == nil and inputs.drop(T, color, obj) then
    return
  end
  Seats.tell(color, T.spec.words.put_back and T.spec.words.put_back(kind)
    or tr("Pieces follow the game: use your panel to act. It went back to its place."))
  T.verify()
end

return C
