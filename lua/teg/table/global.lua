-- Tiny Epic Galaxies: the Global script, the glue between the table and the rules core.
--
-- input -> decision -> core -> view (docs/table.md). Clicks on a player's own panel,
-- dice at rest and pieces dropped by hand become decisions for the core (teg.table.model);
-- after every change the table is drawn again from the state (teg.table.view, painted by
-- glue.paint). The glue owns no rule: it offers what the core offers and applies what
-- the core accepts. The game record is the one thing saved: onSave returns it as kept, onLoad
-- (also after a rewind) replays it and draws everything again.

local json = require("lib.json")
local Record = require("teg.core.record")
local Engine = require("teg.core.engine")
local S = require("teg.core.state")
local Model = require("teg.table.model")
local View = require("teg.table.view")
local Paint = require("glue.paint")
local Words = require("teg.table.words")
local Dice = require("teg.table.dice")
local Drags = require("teg.table.drags")
local L = require("teg.layout")
local raw = require("teg.data")

local game = Engine.new(raw)
local D = S.index(raw)
local m = Model.new(game)
local shown = Paint.new(L)
local prefs = { auto = {}, page = {} } -- per colour: pass automatically; the options page
local rolling = nil -- guid -> true for dice being thrown
local starting = false -- Start is gathering the cards
local black_warned = false -- everyone was told that someone sits at Black
local piles_dirty = false -- a card of ours left or entered a container by a player's hand
-- The mission deck as gathered at Start (its getJSON, before the shuffle), as a JSON string:
-- the missions leave the table during a game, and a new game spawns them again from it.
local spare_missions = nil

local VERIFY_EVERY = 2 -- seconds between checks that every piece lies where the game has it

local seat_of = {}
local piece_of = {} -- guid -> kind, for the pieces the glue keeps in place
local whose = {} -- guid -> { kind =, color =, index = from 0 } for ships and dice
for _, seat in ipairs(L.seats) do
  seat_of[seat.color] = seat
  for s, g in ipairs(seat.ships) do
    piece_of[g] = "ship"
    whose[g] = { kind = "ship", color = seat.color, index = s - 1 }
  end
  for _, g in pairs(seat.tokens) do
    piece_of[g] = "token"
  end
end
for i, g in ipairs(L.dice.guids) do
  piece_of[g] = "die"
  whose[g] = { kind = "die", index = i - 1 }
end
local planet_of_guid = {}
local planet_guids = {}
for id, p in pairs(L.planets) do
  planet_of_guid[p.guid] = id
  piece_of[p.guid] = "planet"
end
for _, p in ipairs(raw.planets) do
  planet_guids[#planet_guids + 1] = L.planets[p.id].guid
end
local mission_of_guid = {}
local mission_guids = {}
for id, g in pairs(L.missions) do
  mission_of_guid[g] = id
  piece_of[g] = "mission"
end
for _, mission in ipairs(raw.missions) do
  mission_guids[#mission_guids + 1] = L.missions[mission.id]
end

-- Every planet card back in the planet deck, every mission card in the mission deck.
local ALL_PLANETS = { key = "planets", place = L.planet_pile, down = true, cards = planet_guids }
local ALL_MISSIONS = { key = "missions", place = L.mission_pile, down = true, cards = mission_guids }

-- Who is seated, colour -> true: getSeatedPlayers() counts hotseat colours too. Grey and
-- Black play no seat.
local function seated()
  local out = {}
  for _, color in ipairs(getSeatedPlayers()) do
    if color ~= "Grey" and color ~= "Black" then
      out[color] = true
    end
  end
  return out
end

-- The die the converter set this turn (index from 0), from the record: it stands on the
-- converter until it is used.
local function converted_die()
  if m.record == nil then
    return nil
  end
  -- Actions before the last roll may be kept as text only (Record.action is nil there).
  for i = m.record.count, 1, -1 do
    local action = Record.action(m.record, i)
    local t = action and action.type
    if t == "convert" then
      return action.die
    elseif t == nil or t == "roll" or t == "end_turn" then
      return nil
    end
  end
  return nil
end

local render -- defined below; the automation it triggers needs the handlers
local mark_missions -- defined with the mission clicks; the deal calls it

local function say_private(color, text)
  printToColor(text, color, { 1, 0.55, 0.45 })
end

local function say_all(text)
  printToAll(text, { 0.9, 0.9, 0.9 })
end

-- Normalise whoever called: XmlUI gives a Player, buttons and events a colour string.
local function caller(player)
  if type(player) == "string" then
    return player, false
  end
  return player.color, player.host or player.promoted
end

-- Only a left click acts (a right or middle click also calls onClick: value "-2"/"-3"; a
-- touch gives "1").
local function left_click(value)
  return value == "-1" or value == "1"
end

-- The checks every click passes before it may change anything; returns a reason or nil.
local function refused(color, handler)
  if color == "Grey" or color == nil then
    return "spectators cannot play: pick a seat colour first"
  end
  if handler ~= nil and handler ~= m.version % View.HANDLERS then
    return "that option is out of date (the table has moved on); choose again"
  end
  if m.rolling then
    return "the dice are rolling"
  end
  if starting then
    return "the table is dealing"
  end
  return nil
end

local said = {} -- action count -> the line written to chat for it (for an undo's words)

local function after_action(result, by_host)
  if result == nil then
    return
  end
  prefs.page = {}
  local actor = result.action.player or result.before.active
  local line = Words.action(D, result.before, m.state, result.labels, actor)
  if by_host then
    line = line .. " [decided by the host, " .. by_host .. " for " .. actor .. ", who is not seated]"
  end
  said[m.record.count] = line
  say_all(line)
  for _, news in ipairs(Words.news(D, result.before, m.state)) do
    broadcastToAll(news, { 1, 0.85, 0.4 })
  end
end

-- Run a change to the model; a refusal goes to `color` privately and changes nothing.
-- `by_host` names the host when they decide for a player who is not seated.
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

local start_roll

-- What the table does by itself once drawn: roll for a chance decision, pass for a player who
-- asked to pass automatically.
local function automate()
  if m.state == nil or m.rolling or game.is_over(m.state) then
    return
  end
  local d = Model.decision(m)
  if d == nil then
    return
  end
  if d.roll then
    start_roll()
  elseif #m.path == 0 and #m.state.follow > 0 and prefs.auto[d.player] then
    attempt(d.player, function()
      local result = Model.choose(m, d.player, "pass")
      result.labels[1] = "Pass (automatically)"
      return result
    end)
  end
end

-- The deciding player hears when a decision becomes theirs, privately, and TTS's own turn
-- indicator follows the active player (display only: the rules decide whose turn it is).
local noticed = nil -- the colour last told
local turn_shown = nil

local function notice(ctx)
  if m.state == nil or game.is_over(m.state) then
    noticed = nil
    return
  end
  if turn_shown ~= m.state.active then
    turn_shown = m.state.active
    local order = {}
    for i, p in ipairs(m.state.players) do
      order[i] = p.color
    end
    Turns.type = 2 -- the custom order: the game's
    Turns.order = order
    Turns.pass_turns = false
    Turns.enable = true
    Turns.turn_color = m.state.active
  end
  local d = Model.decision(m)
  local who = d and not d.roll and d.player or nil
  if who ~= noticed then
    noticed = who
    if who and ctx.seated[who] then
      local asked = View.prompt(m, ctx, d)
      if string.sub(asked, 1, 9) ~= "Your turn" then
        asked = "Your decision: " .. asked
      end
      broadcastToColor(asked, who, { 1, 0.85, 0.4 })
    end
  end
end

-- The state the pieces were last placed for: a click that only extends the path leaves
-- every piece where it is, so only the panels are drawn again.
local placed_for = nil

-- Draw the table; `verify` also puts back any piece a player moved without an event (and
-- any card taken out of a pile or put into one, when a container event said so).
render = function(verify)
  local full = m.state ~= placed_for or verify
  local ctx = { layout = L, D = D, seat_of = seat_of, seated = seated(), auto = prefs.auto,
    page = prefs.page, converted = full and converted_die() or nil, pieces = full }
  local piles = verify and piles_dirty
  piles_dirty = false
  Paint.paint(shown, View.picture(m, ctx), rolling, verify, piles)
  if full and not m.rolling then
    placed_for = m.state
  end
  notice(ctx)
  automate()
end

start_roll = function()
  local dice = Model.dice_to_roll(m)
  local guids = {}
  rolling = {}
  for k, i in ipairs(dice) do
    guids[k] = L.dice.guids[i + 1]
    rolling[guids[k]] = true
    Paint.forget(shown, guids[k])
  end
  placed_for = nil
  m.rolling = true
  m.version = m.version + 1
  local who = Model.decision(m).player
  Dice.roll(guids, function(faces, why)
    m.rolling = false
    rolling = nil
    if faces == nil then
      say_all("The dice could not be read (" .. why .. "); rolling again.")
      m.version = m.version + 1
      render()
      return
    end
    attempt(who, function()
      return Model.rolled(m, faces)
    end)
  end, say_private)
  render()
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

-- Black, the game master's seat, sees every hand: with the missions in hands, everyone is
-- told once a game, when someone sits there at Start or later.
local function warn_black()
  if black_warned then
    return
  end
  for _, c in ipairs(getSeatedPlayers()) do
    if c == "Black" then
      black_warned = true
      broadcastToAll("Someone sits at Black, the game master's seat: Black sees every hand, "
        .. "so the secret missions are not secret from them.", { 1, 0.5, 0.4 })
      return
    end
  end
end

-- The cards are in their decks: shuffle, deal the missions, begin choosing them.
local function deal(order)
  starting = false
  local planets = Paint.pile_holder(shown, ALL_PLANETS)
  local missions = Paint.pile_holder(shown, ALL_MISSIONS)
  if planets == nil or missions == nil or planets.type ~= "Deck" or missions.type ~= "Deck"
    or #planets.getObjects() ~= #planet_guids or #missions.getObjects() ~= #mission_guids then
    say_all("Some planet or mission cards could not be gathered into their decks: reload the save.")
    render()
    return
  end
  spare_missions = json.encode(missions.getJSON(false))
  planets.shuffle()
  local deck = ids_in(planets, planet_of_guid)
  -- The deck on the table is shuffled again: the game draws by card, so a Search of the
  -- planet deck shows nothing of the order the game will deal it in.
  planets.shuffle()
  missions.shuffle()
  local shuffled = ids_in(missions, mission_of_guid)
  local dealt = D.game.missions.dealt
  local offers, offered = {}, {}
  for k, c in ipairs(order) do
    local offer = {}
    local hand = getObjectFromGUID(seat_of[c].hand).getPosition()
    for j = 1, dealt do
      local id = shuffled[(k - 1) * dealt + j]
      offer[j] = id
      offered[L.missions[id]] = true
      local card = missions.takeObject({ guid = L.missions[id],
        position = { x = hand.x + (j - 1.5) * 2.4, y = hand.y, z = hand.z },
        rotation = { x = 0, y = seat_of[c].home[1].ry + 180, z = 0 }, smooth = false })
      card.setDescription("Secret mission " .. j .. ": press Keep on the card you keep.")
    end
    offers[c] = offer
  end
  -- The missions nobody was dealt leave the table: a Search of their deck would tell which
  -- missions are in play.
  for _, g in ipairs(mission_guids) do
    if not offered[g] then
      destroy(g)
    end
  end
  if not missions.isDestroyed() then
    missions.destruct()
  end
  -- The seats nobody took keep their pieces (a later game may seat them): the table moves
  -- only the pieces of the players in the game.
  destroy(L.note)
  Model.deal(m, order, deck, offers)
  mark_missions()
  say_all(D.game.name .. ": " .. table.concat(order, ", ") .. ". " .. order[1]
    .. " starts. Each player keeps one of the two secret missions in their hand.")
  render()
end

function onStart(player, value)
  if not left_click(value) then
    return
  end
  local color, admin = caller(player)
  if color == "Grey" or not admin then
    say_private(color, color == "Grey" and admin
      and "Take a seat colour first: the host starts the game from a seat."
      or "Only the host or a promoted player can start the game.")
    return
  end
  if m.state ~= nil or m.dealing ~= nil or starting then
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
  if #players < D.game.players.min or #players > D.game.players.max then
    say_private(color, D.game.name .. " needs " .. D.game.players.min .. " to "
      .. D.game.players.max .. " players seated at the mats; " .. #players
      .. (#players == 1 and " is." or " are."))
    return
  end
  black_warned = false
  warn_black()
  -- Turn order: clockwise from a starting player chosen by TTS's randomness.
  local first = math.random(#players)
  local order = {}
  for k = 0, #players - 1 do
    order[#order + 1] = players[(first - 1 + k) % #players + 1]
  end
  -- Every card goes back to its deck first, wherever players put them.
  starting = true
  Paint.gather(shown, ALL_PLANETS)
  Paint.gather(shown, ALL_MISSIONS)
  Wait.condition(function()
    deal(order)
  end, function()
    return next(shown.moving) == nil
  end, 10, function()
    starting = false
    say_all("The cards could not be gathered into their decks; press Start again.")
  end)
  render()
end

-- A colour keeps its k-th offered mission (inside an attempt).
local function keep_mission(color, k)
  local kept, back = Model.keep(m, color, k)
  local card = getObjectFromGUID(L.missions[kept])
  if card ~= nil then
    card.setDescription("Your secret mission.")
    card.setName("Your secret mission")
    card.clearButtons()
  end
  -- The mission not kept leaves the game unseen (no deck on the table to search).
  for _, id in ipairs(back) do
    destroy(L.missions[id])
  end
  say_all(color .. " has kept a secret mission.")
  if m.state ~= nil then
    broadcastToAll("Every mission is kept: " .. m.state.active .. " begins.", { 1, 0.85, 0.4 })
  end
  return nil
end

local function keep(color, k)
  return attempt(color, function()
    return keep_mission(color, k)
  end)
end

-- The Keep button on each offered mission card, marked with its number, so the owner tells
-- the cards apart without hovering (the label says nothing of the mission). Buttons are not
-- saved with objects: a load while missions are chosen makes them again.
mark_missions = function()
  if m.dealing == nil then
    return
  end
  for color, offer in pairs(m.dealing.offers) do
    if m.dealing.kept[color] == nil then
      for k, id in ipairs(offer) do
        local card = getObjectFromGUID(L.missions[id])
        if card ~= nil then
          card.clearButtons()
          card.setName("Secret mission " .. k)
          card.createButton({ click_function = "onKeepMission", label = "Keep " .. k,
            position = { 0, 0.3, 1.15 }, width = 900, height = 260, font_size = 150 })
        end
      end
    end
  end
end

-- A Keep button on a mission card: only the player it was dealt to may keep it.
function onKeepMission(obj, color, alt)
  if alt or m.dealing == nil then
    return
  end
  for k, id in ipairs(m.dealing.offers[color] or {}) do
    if L.missions[id] == obj.guid then
      keep(color, k)
      return
    end
  end
  say_private(color, "that mission card was dealt to another player")
end

-- Clicks ----------------------------------------------------------------------------------------

-- Slot `slot` of `color`'s options was clicked (by them, or by the host for them when
-- `by_host` names the host).
local function option(color, slot, by_host)
  local me = by_host or color
  if m.dealing then
    if by_host then
      attempt(me, function()
        return keep_mission(color, tonumber(slot))
      end, by_host)
    else
      keep(color, tonumber(slot))
    end
    return
  end
  local d = Model.decision(m)
  if d == nil or d.player ~= color then
    say_private(me, d and ("it is " .. d.player .. "'s decision") or "there is nothing to choose")
    return
  end
  if m.confirm then
    attempt(me, function()
      return Model.confirmed(m, color, tonumber(slot) == 1)
    end, by_host)
    return
  end
  local page = View.paging(#d.options, prefs.page[color] or 1, L.option_slots)
  local index = View.slot(#d.options, page, L.option_slots, tonumber(slot))
  if index == "more" then
    prefs.page[color] = page + 1
    m.version = m.version + 1
    render()
    return
  end
  local chosen = index and d.options[index]
  if chosen == nil then
    say_private(me, "that option is out of date; choose again")
    return
  end
  prefs.page[color] = nil
  attempt(me, function()
    return Model.choose(m, color, chosen.id)
  end, by_host)
end

local function back(color, by_host)
  if Model.decider(m) ~= color then
    say_private(by_host or color, "only the player deciding can take a choice back")
    return
  end
  prefs.page[color] = nil
  attempt(by_host or color, function()
    Model.back(m)
  end, by_host)
end

local function undo(color)
  local n = m.record and m.record.count or 0
  attempt(color, function()
    Model.undo(m)
    say_all(color .. " undid: " .. (said[n] or ("action " .. n)) .. ".")
    said[n] = nil
  end)
end

-- Before the first turn the host removes a player who left while choosing a mission.
local function drop(host, color)
  attempt(host, function()
    local offered = Model.drop_player(m, color, D.game.players.min)
    for _, id in ipairs(offered) do
      destroy(L.missions[id])
    end
    say_all(host .. " removed " .. color .. " from the game before the first turn.")
    if m.state ~= nil then
      broadcastToAll("Every mission is kept: " .. m.state.active .. " begins.", { 1, 0.85, 0.4 })
    end
    return nil
  end)
end

-- After a game ends, the host starts a new one without reloading: the table forgets the
-- game and shows Start again (Start gathers the decks; the missions come back with them).
local function new_game(host)
  if not (m.state and game.is_over(m.state)) then
    say_private(host, "a new game starts only once this one is over")
    return
  end
  if spare_missions == nil then
    say_private(host, "the mission cards are not kept in this save: load the mod again to play a new game")
    return
  end
  -- The missions of the game that ended go; the deck as it was gathered comes back.
  for _, g in ipairs(mission_guids) do
    destroy(g)
  end
  spawnObjectJSON({ json = json.decode(spare_missions) })
  Model.load(m, "")
  Paint.forget_all(shown) -- the piles are found again at Start
  said = {}
  prefs.page = {}
  placed_for = nil
  turn_shown = nil
  Turns.enable = false
  say_all(host .. " cleared the table for a new game: sit at a seat, then the host presses Start.")
  render()
end

-- A versioned button (an option, Back, the host's): the handler names the version it was
-- drawn for (teg.table.view), the element's id says which button it is.
local function button(player, value, id, handler)
  if not left_click(value) then
    return
  end
  local color, admin = caller(player)
  local why = refused(color, handler)
  if why then
    say_private(color or "Grey", why)
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
  if proxy_slot or id == "proxy:back" or id == "proxy:drop" then
    local absent = View.absent(m, { seated = seated() })
    if absent == nil then
      say_private(color, "no one who is away has a decision to make now")
    elseif proxy_slot then
      option(absent, proxy_slot, color)
    elseif id == "proxy:back" then
      back(absent, color)
    else
      drop(color, absent)
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

function onAutoPass(player, value)
  if not left_click(value) then
    return
  end
  local color = caller(player)
  if color == "Grey" then
    say_private(color, "spectators do not follow")
    return
  end
  prefs.auto[color] = not prefs.auto[color]
  say_private(color, "Pass automatically when others activate: " .. (prefs.auto[color] and "on" or "off"))
  render()
end

function noop()
end

-- Events ----------------------------------------------------------------------------------------

local function verify()
  if m.state ~= nil and not m.rolling and not starting then
    render(true)
  end
end

function onLoad(saved)
  local problem, section = Model.load(m, saved)
  if problem then
    printToAll(D.game.name .. ": " .. problem)
  end
  local saved_prefs = type(section) == "table" and section.prefs or nil
  spare_missions = type(section) == "table" and type(section.spare) == "string"
    and json.encode(section.spare) or nil
  prefs = { auto = {}, page = {} }
  if type(saved_prefs) == "table" then
    for _, k in ipairs({ "auto", "page" }) do
      if type(saved_prefs[k]) == "table" then
        for color, v in pairs(saved_prefs[k]) do
          prefs[k][color] = v
        end
      end
    end
  end
  mark_missions()
  rolling = nil
  starting = false
  placed_for = nil
  Paint.forget_all(shown)
  for _, g in ipairs(L.dice.guids) do
    local die = getObjectFromGUID(g)
    if die ~= nil then
      die.interactable = true -- not saved by TTS: set again after every load
    end
  end
  if m.state ~= nil or m.dealing ~= nil then
    destroy(L.note) -- it says how to start: a game is under way
  end
  render(m.state ~= nil)
  Wait.time(verify, VERIFY_EVERY, -1)
end

function onSave()
  return Model.save_text(m, json.object({ auto = json.object(prefs.auto),
    page = json.object(prefs.page) }), spare_missions)
end

-- Seats change a frame after the event: TTS reports the new colour through Player only then
-- (SCED defers this work by a frame). Every seat panel's `active` is sent again, so each
-- client checks its visibility for the colour it has now.
local function seats_changed()
  local ids = {}
  for _, seat in ipairs(L.seats) do
    ids[#ids + 1] = "seat:" .. seat.color
  end
  ids[#ids + 1] = "host"
  Paint.forget_ui(shown, ids)
  if m.state ~= nil or m.dealing ~= nil then
    warn_black()
  end
  render()
end

local function later()
  Wait.frames(seats_changed, 1)
end

function onPlayerChangeColor()
  later()
end

function onPlayerConnect()
  later()
end

function onPlayerDisconnect()
  later()
end

-- Pieces follow the game: a player's R (or shake) is refused, dice included (the table
-- throws them), with the way to act.
function tryObjectRandomize(obj, color)
  local kind = piece_of[obj.guid]
  if kind == "die" then
    say_private(color, "The table rolls the dice: use Roll or Reroll in your panel.")
    return false
  elseif kind ~= nil then
    say_private(color, "Pieces follow the game: use your panel to act.")
    return false
  end
  return true
end

local function in_game(color)
  for _, p in ipairs(m.state.players) do
    if p.color == color then
      return true
    end
  end
  return false
end

-- A drop that stands for options (teg.table.drags): they are taken as clicks would be.
-- Returns true when it did.
local function drop_as_decision(color, obj)
  local piece = whose[obj.guid]
  if piece == nil or m.rolling or starting or m.confirm or Model.decider(m) ~= color then
    return false
  end
  if piece.kind == "ship" and piece.color ~= color then
    return false
  end
  local at = obj.getPosition()
  local intent = Drags.intent(L, m.state, piece, at.x, at.z)
  if intent == nil then
    return false
  end
  local ids, why = Drags.path(m, intent)
  if ids == nil then
    say_private(color, "Not possible: " .. why .. ". The " .. piece.kind .. " went back.")
    return false
  end
  prefs.page[color] = nil
  local ok = attempt(color, function()
    local result = nil
    for _, id in ipairs(ids) do
      -- an id not listed is another die of a listed face (the core accepts it)
      result = Model.take(m, id, Model.label(Model.decision(m), id) or id)
    end
    return result
  end)
  if not ok then
    render() -- the piece goes back
  elseif Model.decider(m) == color and #m.path > 0 then
    say_private(color, "Your panel asks the rest: " .. View.prompt(m, { D = D }, Model.decision(m)))
  end
  return true
end

-- A piece moved by hand: a move the rules allow is made, else it goes back where the game
-- has it, with a word to the player.
function onObjectDrop(color, obj)
  local kind = piece_of[obj.guid]
  if kind == nil or m.state == nil then
    return
  end
  local piece = whose[obj.guid]
  if piece and piece.kind == "ship" and not in_game(piece.color) then
    return -- a seat nobody plays: its pieces are the players' to arrange
  end
  Paint.forget(shown, obj.guid)
  placed_for = nil
  if drop_as_decision(color, obj) then
    return
  end
  say_private(color, "Pieces follow the game: drop a ship on a planet or a die on the "
    .. "converter when you may move it, or use your panel. The " .. kind .. " went back to its place.")
  render()
end

-- Typing a number over a deck would deal its cards into the typist's hand: the table deals.
function onObjectNumberTyped(obj, color)
  if obj.type == "Deck" then
    for _, entry in ipairs(obj.getObjects()) do
      if piece_of[entry.guid] then
        say_private(color, "The table deals the cards.")
        return true
      end
    end
  end
  return false
end

local function pile_event(obj)
  local kind = piece_of[obj.guid]
  if (kind == "planet" or kind == "mission") and m.state ~= nil then
    piles_dirty = true
  end
end

function onObjectLeaveContainer(_, obj)
  pile_event(obj)
end

function onObjectEnterContainer(_, obj)
  pile_event(obj)
end

-- For other scripts and the tests: the state, the record's text, and what the table waits for.
function currentState()
  return m.state
end

function currentChoices(path)
  if m.state == nil then
    return nil, "no game is set up"
  end
  return game.choices(m.state, path or {})
end

function applyAction(action)
  if m.state == nil then
    return false, "no game is set up"
  end
  local ok, err = pcall(Model.apply_action, m, action)
  if not ok then
    return false, Model.refusal(err) or error(err, 0)
  end
  render()
  return true
end

-- The state as canonical JSON (what `ttsmod replay` prints is built from the same fields).
function stateText()
  return m.state and json.encode(m.state) or "null"
end

function tableStatus()
  return {
    version = m.version,
    actions = m.record and m.record.count or 0,
    path = m.path,
    decider = Model.decider(m),
    rolling = m.rolling,
    dealing = m.dealing ~= nil,
    starting = starting,
  }
end
