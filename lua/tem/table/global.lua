-- Tiny Epic Mechs: the Global script, the glue between the table and the rules core.
--
-- input -> decision -> core -> view (docs/table.md). Clicks on a player's own panel and
-- answers in their private dialog become decisions for the core (tem.table.model); after
-- every change the table is drawn again from the state (tem.table.view, painted by
-- glue.paint). The glue owns no rule: it offers what the core offers and applies what the
-- core accepts. The game record is the one thing saved: onSave returns it, onLoad (also
-- after a rewind) replays it and draws everything again.
--
-- Secret decisions (a pilot, the base mine, the basic weapon, programs and their
-- directions, a mine's number) are asked with Player.showOptionsDialog, which the API
-- (player/instance.md) shows to that one player: their options never enter the XmlUI,
-- which every client receives whatever its visibility.

local json = require("lib.json")
local Engine = require("tem.core.engine")
local Model = require("tem.table.model")
local View = require("tem.table.view")
local Paint = require("glue.paint")
local Words = require("tem.table.words")
local L = require("tem.layout")
local raw = require("tem.data")

local NULL = json.null
local game = Engine.new(raw)
local m = Model.new(game)
local shown = Paint.new(L)
local page = {} -- colour -> the page of options shown
local dialogs = {} -- colour -> { name =, depth =, ids = } of the dialog last shown to them
local starting = false
-- The pilot deck as gathered at Start (its getJSON text, before the shuffle) and that text
-- encoded for the save: the pilots not dealt or not kept leave the table during a game, and
-- a new game spawns the deck again from it.
local spare_pilots, spare_text = nil, nil
local said = {} -- action count -> the chat line written for it (for an undo's words)
local gone = {} -- pilot id -> true once its card left the table; `deck`: the pilot deck did
local PILES -- the piles of cards a new game gathers (defined with Start)
local placed_for = nil -- the state the pieces were last placed for
local placed_used = "" -- the weapons a combat had exhausted when they were last placed
-- What each group of pieces was last placed for, and each panel and scoreboard row last
-- drawn (tem.table.view).
local memo = { pieces = {} }
local cells_in_order = nil

local VERIFY_EVERY = 2 -- seconds between checks that every piece lies where the game has it

-- The card data as the glue's words read it.
local D = { name = raw.game.name, names = {}, private = Model.PRIVATE,
  status_names = { pilot = "a pilot", armor = "in Power Armor", mech = "in the Mighty Mech" } }
for _, list in ipairs({ raw.zones, raw.bases, { raw.mech_zone }, raw.basic, raw.advanced,
  raw.pilots, raw.sides, raw.programs }) do
  for _, c in ipairs(list) do
    D.names[c.id] = c.name
  end
end
-- The ids of a list of cards, in the data's order (the weapons': their piles' order).
local function ids(list)
  local out = {}
  for i, c in ipairs(list) do
    out[i] = c.id
  end
  return out
end
D.programs, D.sides = ids(raw.programs), ids(raw.sides)
D.basic, D.advanced = ids(raw.basic), ids(raw.advanced)

local seat_of, piece_of = {}, {}
for _, seat in ipairs(L.seats) do
  seat_of[seat.color] = seat
  local g = seat.guids
  piece_of[g.figure] = "figure"
  for _, list in ipairs({ g.mines, g.turrets }) do
    for _, guid in ipairs(list) do
      piece_of[guid] = "token"
    end
  end
  for _, guid in pairs(g.markers) do
    piece_of[guid] = "token"
  end
  for _, guid in pairs(g.programs) do
    piece_of[guid] = "card"
  end
end
for _, group in ipairs({ L.guids.zones, L.guids.pilots, L.guids.advanced }) do
  for _, guid in pairs(group) do
    piece_of[guid] = "card"
  end
end
for _, copies in pairs(L.guids.basic) do
  for _, guid in ipairs(copies) do
    piece_of[guid] = "card"
  end
end
piece_of[L.guids.mech] = "figure"
piece_of[L.guids.mech_card] = "card"
piece_of[L.guids.round] = "token"

-- Who is seated, colour -> true (Grey and Black play no seat).
local function seated()
  local out = {}
  for _, color in ipairs(getSeatedPlayers()) do
    if color ~= "Grey" and color ~= "Black" then
      out[color] = true
    end
  end
  return out
end

local function say_private(color, text)
  printToColor(text, color, { 1, 0.55, 0.45 })
end

local function say_all(text)
  printToAll(text, { 0.9, 0.9, 0.9 })
end

local function caller(player)
  if type(player) == "string" then
    return player, false
  end
  return player.color, player.host or player.promoted
end

local function left_click(value)
  return value == "-1" or value == "1"
end

local render

-- The words for an applied action: public labels, the card it revealed, what changed.
local function after_action(result, by_host)
  if result == nil then
    return
  end
  page = {}
  local before = result.public or game.view(result.before, nil)
  local after = Model.public(m)
  local a = result.action
  local steps = result.labels -- each answer's decision and label
  local revealed = nil
  if a.type == "execute" then
    for _, p in ipairs(m.state.players) do
      if p.color == a.player and #p.played > 0 and not p.ad_hoc_fresh then
        local step = p.program[#p.played]
        if step ~= nil and step ~= NULL and step.card == p.played[#p.played] then
          revealed = step
        end
      end
    end
  end
  local line = Words.action(D, before, after, result, steps, revealed)
  if by_host and a.player then
    line = line .. " [decided by the host, " .. by_host .. ", for " .. a.player .. "]"
  end
  said[Model.count(m)] = line
  say_all(line)
  for _, news in ipairs(Words.news(D, before, after)) do
    broadcastToAll(news, { 1, 0.85, 0.4 })
  end
end

-- Run a change to the model; a refusal goes to `color` privately and changes nothing.
local function attempt(color, change, by_host)
  local ok, result = pcall(change)
  if not ok then
    local why = Model.refusal(result)
    if why == nil then
      error(result, 0)
    end
    say_private(by_host or color, "Not possible: " .. why)
    return false
  end
  after_action(result, by_host)
  render()
  return true
end

-- The private dialog of `color`'s secret decision: its options go to their client alone.
local function open_dialog(color)
  local d = Model.decision(m, color)
  if d == nil or not D.private[d.name] or not seated()[color] then
    return false
  end
  local labels, ids = {}, {}
  for i, o in ipairs(d.options) do
    labels[i], ids[i] = o.label, o.id
  end
  local depth = Model.depth(m, color)
  if depth > 0 then
    labels[#labels + 1] = "Back (take the last choice back)"
    ids[#ids + 1] = "<back>"
  end
  dialogs[color] = { name = d.name, depth = depth, ids = ids }
  Player[color].showOptionsDialog(Words.prompt(d), labels, 1, function(_, index, by)
    onDialogAnswer(by or color, color, index)
  end)
  return true
end

-- An answer in `owner`'s dialog; it stands only while the decision it was asked for does.
function onDialogAnswer(by, owner, index)
  local asked = dialogs[owner]
  dialogs[owner] = nil
  if by ~= owner then
    say_private(by, "that dialog was " .. owner .. "'s")
    return
  end
  local d = Model.decision(m, owner)
  local id = asked and asked.ids[tonumber(index) or 0]
  if d == nil or asked.name ~= d.name or asked.depth ~= Model.depth(m, owner) or id == nil then
    say_private(owner, "that choice is out of date; choose again")
    render()
    return
  end
  attempt(owner, function()
    if id == "<back>" then
      Model.back(m, owner)
      return nil
    end
    return Model.choose(m, owner, id)
  end)
end

local noticed = {} -- colour -> the decision name and depth they were last told of
local turn_shown = nil

-- Each player hears when a decision becomes theirs; a secret one opens their dialog.
local function notice(ctx)
  if m.state == nil or game.is_over(m.state) then
    noticed = {}
    return
  end
  if turn_shown ~= m.state.active and not Model.simultaneous(m) then
    turn_shown = m.state.active
    local order = {}
    for i, p in ipairs(m.state.players) do
      order[i] = p.color
    end
    Turns.type = 2
    Turns.order = order
    Turns.pass_turns = false
    Turns.enable = true
    Turns.turn_color = m.state.active
  end
  local now = {}
  local together = Model.simultaneous(m)
  for _, who in ipairs(Model.deciders(m)) do
    -- a simultaneous decision not yet known is asked for a frame later (prepare_next)
    local d = together and Model.known(m, who) or (not together and Model.decision(m, who))
    -- in a simultaneous phase a player's dialog stays as it is while others act
    local mark = d and (d.name .. ":" .. Model.depth(m, who) .. ":"
      .. (Model.simultaneous(m) and m.state.phase or Model.count(m))) or nil
    now[who] = mark
    if mark and noticed[who] ~= mark and ctx.seated[who] then
      if D.private[d.name] then
        open_dialog(who)
      elseif Model.depth(m, who) == 0 then
        broadcastToColor("Your decision: " .. Words.prompt(d), who, { 1, 0.85, 0.4 })
      end
    end
  end
  noticed = now
end

-- The pilot cards not kept leave the table once the pilots are revealed (a Search or a
-- look at them would tell a rival's other pilot).
local function discard_pilots()
  -- The pilots nobody was dealt leave the table with the deck that holds them, once the
  -- dealt ones are out of it: a Search shows a deck's faces, and would narrow a rival's
  -- two pilots down.
  if m.state ~= nil and not gone.deck then
    local deck = Paint.pile_holder(shown, PILES.pilots)
    local dealt = {}
    for _, p in ipairs(m.state.players) do
      for _, id in ipairs(p.dealt) do
        dealt[L.guids.pilots[id]] = true
      end
    end
    local waiting = false
    if deck ~= nil and deck.type == "Deck" then
      for _, entry in ipairs(deck.getObjects()) do
        waiting = waiting or dealt[entry.guid] == true
      end
    elseif deck ~= nil then
      waiting = dealt[deck.getGUID()] == true
    end
    if not waiting then
      if deck ~= nil then
        deck.destruct()
      end
      gone.deck = true
    end
  end
  for _, p in ipairs(m.state and m.state.players or {}) do
    if p.pilot ~= NULL then
      for _, id in ipairs(p.dealt) do
        if id ~= p.pilot and not gone[id] then
          gone[id] = true
          local card = getObjectFromGUID(L.guids.pilots[id])
          if card ~= nil then
            card.destruct()
          end
        end
      end
    end
  end
end

local auto_pending = false
local preparing = false
local painting_more = false
local more_verify = nil -- true while the rest of a verify waits for the next frame

-- The pieces a paint left for later (a round's end moves every seat's cards).
local function paint_more()
  painting_more = false
  if m.state ~= nil then
    render()
  end
end

-- At a simultaneous phase's start every player gets a decision: each is worked out in its
-- own frame (and their dialog opened), so no handler asks the core for all of them at once.
local function prepare_next()
  preparing = false
  if m.state == nil or starting or not Model.simultaneous(m) then
    return
  end
  local here = seated()
  for _, who in ipairs(Model.deciders(m)) do
    if here[who] and noticed[who] == nil then
      Model.decision(m, who)
      render() -- draws their panel and opens their dialog (notice)
      return
    end
  end
end

local function prepare_later()
  if preparing or m.state == nil or not Model.simultaneous(m) then
    return
  end
  local here = seated()
  for _, who in ipairs(Model.deciders(m)) do
    if here[who] and noticed[who] == nil then -- not yet asked in their dialog
      preparing = true
      Wait.frames(prepare_next, 1)
      return
    end
  end
end

-- A turn with nothing to choose is played by the table, a frame later: each handler then
-- applies one action at most, and players see one turn after another.
local function play_automatic()
  auto_pending = false
  if m.state ~= nil and not starting and Model.simultaneous(m) == false
    and Model.deciders(m)[1] == nil and not game.is_over(m.state) then
    attempt(nil, function()
      return Model.automatic(m)
    end)
  end
end

-- The weapons a combat under way has exhausted, as one string ("" outside a combat).
local function exhausted_sig()
  local used = m.state ~= nil and Model.exhausted(m) or nil
  if used == nil then
    return ""
  end
  local parts = {}
  for k, p in ipairs(m.state.players) do
    parts[k] = table.concat(used[p.color] or {}, ",")
  end
  return table.concat(parts, ";")
end

-- Draw the table; `verify` also puts back what players moved; `ui_only` draws the panels
-- and leaves the pieces to the next frame.
render = function(verify, ui_only)
  if not auto_pending and m.state ~= nil and not starting and Model.simultaneous(m) == false
    and Model.deciders(m)[1] == nil and not game.is_over(m.state) then
    auto_pending = true
    Wait.frames(play_automatic, 1)
  end
  -- The pieces are looked at when the state shown changed (an action, or a click that
  -- took one further: see Model.shown_state) or a weapon was exhausted; else the panels.
  local now = m.state ~= nil and Model.shown_state(m) or nil
  local used = exhausted_sig()
  local full = not ui_only
    and (verify or now ~= placed_for or more_verify ~= nil or used ~= placed_used)
  if verify then
    memo.pieces = {} -- every group is looked at again (a few a paint)
  end
  verify = verify or more_verify
  local ctx = { layout = L, D = D, seated = seated(), page = page, pieces = full,
    memo = memo, ids = cells_in_order }
  Paint.paint(shown, View.picture(m, ctx), nil, verify, false)
  if full then
    discard_pilots() -- after the paint: it takes the dealt pilots out of their deck
  end
  if full and not ctx.more then
    placed_for, placed_used = now, used
    more_verify = nil
  elseif (ctx.more or ui_only) and not painting_more then
    painting_more = true
    more_verify = verify or nil -- the rest of a verify is a verify too
    Wait.frames(paint_more, 1)
  end
  cells_in_order = ctx.ids
  notice(ctx)
  prepare_later()
end

-- Start ---------------------------------------------------------------------------------------

local function ids_in(deck, of_guid)
  local out = {}
  for _, entry in ipairs(deck.getObjects()) do
    out[#out + 1] = of_guid[entry.guid]
  end
  return out
end

local function destroy(guid)
  local obj = getObjectFromGUID(guid)
  if obj ~= nil then
    obj.destruct()
  end
end

local function reverse(t)
  local out = {}
  for k, v in pairs(t) do
    out[v] = k
  end
  return out
end

-- The resource cells of the arena for `n` players, north-west first.
local function resource_cells(n)
  for _, layout in ipairs(raw.layouts) do
    if layout.players == n then
      local out = {}
      for r, row in ipairs(layout.rows) do
        for c = 1, #row do
          if string.sub(row, c, c) == "R" then
            out[#out + 1] = "r" .. r .. "c" .. c
          end
        end
      end
      return out
    end
  end
  return nil
end

-- The piles a new game gathers the cards back into (glue.piles), each by its cards.
local function pile(key, place, ids)
  local cards = {}
  for _, id in ipairs(ids) do
    cards[#cards + 1] = id
  end
  return { key = key, place = place, down = true, cards = cards }
end

local function guids_of(by_id, ...)
  local out = {}
  for _, list in ipairs({ ... }) do
    for _, c in ipairs(list) do
      out[#out + 1] = by_id[c.id]
    end
  end
  return out
end

PILES = {
  zones = pile("zones", L.zone_deck, guids_of(L.guids.zones, raw.zones, raw.bases,
    { raw.mech_zone })),
  pilots = pile("pilots", L.pilot_deck, guids_of(L.guids.pilots, raw.pilots)),
  weapons = pile("weapons", L.weapon_deck, guids_of(L.guids.advanced, raw.advanced)),
}
for k, w in ipairs(raw.basic) do
  PILES["basic" .. k] = { key = "basic" .. k, place = L.basic[k], down = false,
    cards = L.guids.basic[w.id] }
end

-- Shuffle the decks with TTS's randomness and read the setup from them.
local function deal(order)
  -- The decks are found by the cards they hold: a deck the table gathered again may have a
  -- new GUID (TTS gives a deck two cards form one).
  local zones = Paint.pile_holder(shown, PILES.zones)
  local pilots = Paint.pile_holder(shown, PILES.pilots)
  local weapons = Paint.pile_holder(shown, PILES.weapons)
  if zones == nil or pilots == nil or weapons == nil or zones.type ~= "Deck"
    or pilots.type ~= "Deck" or weapons.type ~= "Deck" then
    starting = false
    say_all("A deck of the arena zones, pilots or weapons is missing: reload the save.")
    return
  end
  local resource = {}
  for _, z in ipairs(raw.zones) do
    resource[z.id] = true
  end
  zones.shuffle()
  local arena = json.object({})
  local cells = resource_cells(#order)
  local k = 0
  for _, id in ipairs(ids_in(zones, reverse(L.guids.zones))) do
    if resource[id] and k < #cells then
      k = k + 1
      arena[cells[k]] = id
    end
  end
  spare_pilots, spare_text = pilots.getJSON(false), nil -- encoded at the next save
  pilots.shuffle()
  local deck = ids_in(pilots, reverse(L.guids.pilots))
  local dealt = json.object({})
  for i, color in ipairs(order) do
    dealt[color] = { deck[2 * i - 1], deck[2 * i] }
  end
  weapons.shuffle()
  local row = ids_in(weapons, reverse(L.guids.advanced))
  -- Shuffled again: the game takes weapons by identity, so a Search of the deck shows
  -- nothing of what comes next.
  weapons.shuffle()
  local setup = { players = order, arena = arena, pilots_dealt = dealt, weapons = row }
  local ok, err = pcall(Model.deal, m, setup)
  if not ok then
    starting = false
    say_all("The table could not deal: " .. (Model.refusal(err) or tostring(err)))
    return
  end
  say_all(D.name .. ": " .. table.concat(order, ", ") .. ". " .. order[1] .. " starts. Bases "
    .. "are chosen in turn, the starting player last; then everyone keeps a pilot, places a "
    .. "secret mine and picks a basic weapon in their own dialog.")
  -- The table is laid out a frame later (the deal and the first picture in one handler
  -- would cost twice a click's budget).
  Wait.frames(function()
    starting = false
    render(false, true)
  end, 1)
end

function onStart(player, value)
  if not left_click(value) then
    return
  end
  local color, admin = caller(player)
  if color == "Grey" or not admin then
    say_private(color, "Only the host or a promoted player, at a seat, can start the game.")
    return
  end
  if m.state ~= nil or starting then
    say_private(color, "A game is already under way.")
    return
  end
  local here = seated()
  local players = {}
  for _, seat in ipairs(L.seats) do
    if here[seat.color] then
      players[#players + 1] = seat.color
    end
  end
  if #players < raw.game.players.min or #players > raw.game.players.max then
    say_private(color, D.name .. " needs " .. raw.game.players.min .. " to "
      .. raw.game.players.max .. " players seated at the boards; " .. #players .. " seated.")
    return
  end
  local first = math.random(#players)
  local order = {}
  for k = 0, #players - 1 do
    order[#order + 1] = players[(first - 1 + k) % #players + 1]
  end
  starting = true
  deal(order)
end

-- Clicks ----------------------------------------------------------------------------------------

local function option(color, slot, by_host)
  local me = by_host or color
  local d = Model.decision(m, color)
  if d == nil then
    say_private(me, "there is nothing for " .. color .. " to choose now")
    return
  end
  if D.private[d.name] then
    say_private(me, "that choice is secret: it is made in " .. color .. "'s own dialog")
    return
  end
  local p = View.paging(#d.options, page[color] or 1, L.option_slots)
  local index = View.slot(#d.options, p, L.option_slots, tonumber(slot) or 0)
  if index == "more" then
    page[color] = p + 1
    m.version = m.version + 1
    render()
    return
  end
  local chosen = index and d.options[index]
  if chosen == nil then
    say_private(me, "that option is out of date; choose again")
    return
  end
  page[color] = nil
  attempt(me, function()
    return Model.choose(m, color, chosen.id)
  end, by_host)
end

local function back(color, by_host)
  page[color] = nil
  attempt(by_host or color, function()
    Model.back(m, color)
  end, by_host)
end

-- An undo never crosses the pilots' reveal: the pilot cards not kept left the table then.
local function crosses_reveal()
  if m.state == nil or m.state.phase ~= "base_mine" then
    return false
  end
  for _, p in ipairs(m.state.players) do
    if p.chosen ~= NULL then
      return false
    end
  end
  return true
end

local function undo(color)
  local n = Model.count(m)
  if crosses_reveal() then
    say_private(color, "Not possible: the pilots not kept left the table when the pilots "
      .. "were revealed; that reveal cannot be taken back")
    return
  end
  attempt(color, function()
    Model.undo(m)
    say_all(color .. " undid: " .. (said[n] or ("action " .. n)) .. ".")
    said[n] = nil
  end)
end

-- After a game ends, the host starts a new one without reloading: the cards go back into
-- their decks, the pilot deck comes back as it was gathered at Start, and Start shows again.
local function new_game(host)
  if not (m.state and game.is_over(m.state)) then
    say_private(host, "a new game starts only once this one is over")
    return
  end
  if spare_text == nil and spare_pilots == nil then
    say_private(host, "the pilot cards are not kept in this save: load the mod again to play a "
      .. "new game")
    return
  end
  spare_pilots = spare_pilots or json.decode(spare_text)
  for _, guid in pairs(L.guids.pilots) do
    destroy(guid)
  end
  spawnObjectJSON({ json = spare_pilots })
  Model.load(m, "")
  Paint.forget_all(shown)
  placed_for, memo, more_verify = nil, { pieces = {} }, nil
  said, page, dialogs, noticed, gone = {}, {}, {}, {}, {}
  turn_shown = nil
  Turns.enable = false
  starting = true
  for _, key in ipairs({ "zones", "weapons", "basic1", "basic2", "basic3", "basic4" }) do
    if PILES[key] then
      Paint.gather(shown, PILES[key])
    end
  end
  Wait.condition(function()
    starting = false
    say_all(host .. " cleared the table for a new game: sit at a seat, then the host presses "
      .. "Start.")
    render()
  end, function()
    return next(shown.moving) == nil
  end, 20, function()
    starting = false
    say_all("The cards could not all be gathered: load the mod again for a new game.")
  end)
end

local function button(player, value, id, handler)
  if not left_click(value) then
    return
  end
  local color, admin = caller(player)
  if color == "Grey" or color == nil then
    say_private("Grey", "spectators cannot play: pick a seat colour first")
    return
  end
  if handler ~= m.version % View.HANDLERS then
    say_private(color, "that option is out of date (the table has moved on); choose again")
    return
  end
  if starting then
    say_private(color, "the table is dealing")
    return
  end
  local owner, slot = string.match(id, "^seat:(%a+):opt:(%w+)$")
  if owner then
    if owner ~= color then
      say_private(color, "that panel is " .. owner .. "'s")
    else
      option(color, slot)
    end
    return
  elseif id == "seat:" .. color .. ":back" then
    back(color)
    return
  end
  if not admin then
    say_private(color, "only the host or a promoted player can use the host's buttons")
    return
  end
  local proxy_slot = string.match(id, "^proxy:opt:(%w+)$")
  if proxy_slot or id == "proxy:back" then
    local absent = View.absent(m, { seated = seated() })
    if absent == nil then
      say_private(color, "no one who is away has a decision to make now")
    elseif proxy_slot then
      option(absent, proxy_slot, color)
    else
      back(absent, color)
    end
  elseif id == "host:undo" then
    undo(color)
  elseif id == "host:new" then
    new_game(color)
  end
end

function onButton0(player, value, id) button(player, value, id, 0) end
function onButton1(player, value, id) button(player, value, id, 1) end
function onButton2(player, value, id) button(player, value, id, 2) end
function onButton3(player, value, id) button(player, value, id, 3) end
function onButton4(player, value, id) button(player, value, id, 4) end
function onButton5(player, value, id) button(player, value, id, 5) end
function onButton6(player, value, id) button(player, value, id, 6) end
function onButton7(player, value, id) button(player, value, id, 7) end

-- The "Open my private choice" button: the dialog again (TTS calls a dialog's callback only
-- on OK: a player who closed it gets it back here).
function onPrivate(player, value)
  if not left_click(value) then
    return
  end
  local color = caller(player)
  if not open_dialog(color) then
    say_private(color, "you have no secret choice to make now")
  end
end

function noop()
end

-- Events ----------------------------------------------------------------------------------------

local function verify()
  if m.state ~= nil and not starting then
    render(true)
  end
end

function onLoad(saved)
  local problem, spare = Model.load(m, saved)
  if problem then
    printToAll(D.name .. ": " .. problem)
  end
  spare_pilots, spare_text = nil, spare -- decoded only if a new game needs it
  starting = false
  auto_pending, preparing, painting_more = false, false, false
  page, dialogs, noticed, said = {}, {}, {}, {}
  turn_shown = nil
  Paint.forget_all(shown)
  placed_for = nil
  memo = { pieces = {} }
  more_verify = nil
  render(m.state ~= nil)
  Wait.time(verify, VERIFY_EVERY, -1)
end

function onSave()
  if spare_text == nil and spare_pilots ~= nil then
    spare_text = json.encode(spare_pilots)
  end
  return Model.save_text(m, spare_text)
end

local function seats_changed()
  local ids = {}
  for _, seat in ipairs(L.seats) do
    ids[#ids + 1] = "seat:" .. seat.color
  end
  ids[#ids + 1] = "host"
  Paint.forget_ui(shown, ids)
  noticed = {}
  render()
end

function onPlayerChangeColor()
  Wait.frames(seats_changed, 1)
end

function onPlayerConnect()
  Wait.frames(seats_changed, 1)
end

function onPlayerDisconnect()
  Wait.frames(seats_changed, 1)
end

function tryObjectRandomize(obj, color)
  if piece_of[obj.guid] ~= nil then
    say_private(color, "Pieces follow the game: use your panel to act.")
    return false
  end
  return true
end

-- A piece moved by hand goes back where the game has it.
function onObjectDrop(color, obj)
  if piece_of[obj.guid] == nil or m.state == nil then
    return
  end
  Paint.forget(shown, obj.guid)
  say_private(color, "Pieces follow the game: use your panel to act. It went back to its place.")
  render()
end

function onObjectNumberTyped(obj, color)
  if obj.type == "Deck" then
    say_private(color, "The table deals the cards.")
    return true
  end
  return false
end

-- For other scripts and the tests.
function stateText()
  return m.state and json.encode(m.state) or "null"
end

-- What the table shows (the public view of the action under way part way through).
function shownText()
  return m.state and json.encode(Model.shown(m)) or "null"
end

function tableStatus()
  local depths, asked = {}, {}
  for _, color in ipairs(Model.deciders(m)) do
    depths[color] = Model.depth(m, color)
    local d = Model.decision(m, color)
    asked[color] = d and d.name or nil
  end
  return {
    version = m.version,
    actions = Model.count(m),
    deciders = Model.deciders(m),
    simultaneous = Model.simultaneous(m),
    starting = starting,
    busy = auto_pending or preparing or painting_more or starting, -- work left for a frame
    depths = depths, -- colour -> how many choices their path under way holds
    asked = asked, -- colour -> the name of the decision they are asked
  }
end
