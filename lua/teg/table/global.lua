-- Tiny Epic Galaxies: the Global script, the glue between the table and the rules core.
--
-- input -> decision -> core -> view (DESIGN.md "The table"). Clicks on a player's own panel,
-- dice at rest and pieces dropped by hand become decisions for the core (teg.table.model);
-- after every change the table is drawn again from the state (teg.table.view, painted by
-- teg.table.paint). The glue owns no rule: it offers what the core offers and applies what
-- the core accepts. The game record is the one thing saved: onSave returns it as kept, onLoad
-- (also after a rewind) replays it and draws everything again.

local json = require("lib.json")
local Engine = require("teg.core.engine")
local S = require("teg.core.state")
local Model = require("teg.table.model")
local View = require("teg.table.view")
local Paint = require("teg.table.paint")
local Words = require("teg.table.words")
local Dice = require("teg.table.dice")
local L = require("teg.layout")
local raw = require("teg.data")

local game = Engine.new(raw)
local D = S.index(raw)
local m = Model.new(game)
local shown = Paint.new(L)
local prefs = { auto = {}, page = {} } -- per colour: pass automatically; the options page
local rolling = nil -- guid -> true for dice being thrown

local seat_of = {}
local piece_of = {} -- guid -> kind, for the pieces the glue keeps in place
for _, seat in ipairs(L.seats) do
  seat_of[seat.color] = seat
  for _, g in ipairs(seat.ships) do
    piece_of[g] = "ship"
  end
  for _, g in pairs(seat.tokens) do
    piece_of[g] = "token"
  end
end
for _, g in ipairs(L.dice.guids) do
  piece_of[g] = "die"
end
local planet_of_guid = {}
for id, p in pairs(L.planets) do
  planet_of_guid[p.guid] = id
  piece_of[p.guid] = "planet"
end
local mission_of_guid = {}
for id, g in pairs(L.missions) do
  mission_of_guid[g] = id
end

-- Who is sitting where (colour -> true), read from TTS each time (players come and go).
local function seated()
  local out = {}
  for _, p in ipairs(Player.getPlayers()) do
    if p.seated and p.color ~= "Grey" then
      out[p.color] = true
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
  local actions = m.record.actions
  for i = #actions, 1, -1 do
    local t = actions[i].type
    if t == "convert" then
      return actions[i].die
    elseif t == "roll" or t == "end_turn" then
      return nil
    end
  end
  return nil
end

local render -- defined below; the automation it triggers needs the handlers

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

-- The checks every click passes before it may change anything; returns a reason or nil.
local function refused(color, version)
  if color == "Grey" or color == nil then
    return "spectators cannot play: pick a seat colour first"
  end
  if version ~= nil and tonumber(version) ~= m.version then
    return "that option is out of date (the table has moved on); choose again"
  end
  if m.rolling then
    return "the dice are rolling"
  end
  return nil
end

local function after_action(result)
  if result == nil then
    return
  end
  prefs.page = {}
  local actor = result.action.player or result.before.active
  say_all(Words.action(D, result.before, m.state, result.labels, actor))
  for _, news in ipairs(Words.news(D, result.before, m.state)) do
    broadcastToAll(news, { 1, 0.85, 0.4 })
  end
end

-- Run a change to the model; a refusal goes to `color` privately and changes nothing.
local function attempt(color, change)
  local ok, result = pcall(change)
  if not ok then
    local why = Model.refusal(result)
    if why == nil then
      error(result, 0)
    end
    say_private(color, "Not possible: " .. why)
    return false
  end
  after_action(result)
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

-- The state the pieces were last placed for: a click that only extends the path leaves
-- every piece where it is, so only the panels are drawn again.
local placed_for = nil

render = function()
  local full = m.state ~= placed_for
  local ctx = { layout = L, D = D, seat_of = seat_of, seated = seated(), auto = prefs.auto,
    page = prefs.page, converted = full and converted_die() or nil, pieces = full }
  Paint.paint(shown, View.picture(m, ctx), rolling)
  if full and not m.rolling then
    placed_for = m.state
  end
  automate()
end

start_roll = function()
  local dice = Model.dice_to_roll(m)
  local guids, from = {}, {}
  rolling = {}
  for k, i in ipairs(dice) do
    guids[k] = L.dice.guids[i + 1]
    from[k] = L.dice.bay[i + 1]
    rolling[guids[k]] = true
    Paint.forget(shown, guids[k])
  end
  placed_for = nil
  m.rolling = true
  m.version = m.version + 1
  local who = Model.decision(m).player
  Dice.roll(guids, from, function(faces, why)
    m.rolling = false
    rolling = nil
    if faces == nil then
      say_all("The dice did not come to rest (" .. why .. "); rolling again.")
      m.version = m.version + 1
      render()
      return
    end
    attempt(who, function()
      return Model.rolled(m, faces)
    end)
  end)
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

local function put_away(color)
  local seat = seat_of[color]
  local guids = { seat.mat, seat.hand }
  for _, g in ipairs(seat.ships) do
    guids[#guids + 1] = g
  end
  for _, g in pairs(seat.tokens) do
    guids[#guids + 1] = g
  end
  for _, g in ipairs(guids) do
    local obj = getObjectFromGUID(g)
    if obj ~= nil then
      obj.destruct()
    end
  end
end

function onStart(player)
  local color, admin = caller(player)
  if color == "Grey" or not admin then
    say_private(color, "Only the host or a promoted player can start the game.")
    return
  end
  if m.state ~= nil or m.dealing ~= nil then
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
    say_private(color, "Tiny Epic Galaxies needs " .. D.game.players.min .. " to "
      .. D.game.players.max .. " players seated at the mats; " .. #players .. " are.")
    return
  end
  local planets = getObjectFromGUID(L.planet_deck)
  local missions = getObjectFromGUID(L.mission_deck)
  if planets == nil or missions == nil then
    say_private(color, "The planet deck or the mission deck is missing: reload the save.")
    return
  end
  -- Turn order: clockwise from a starting player chosen by TTS's randomness.
  local first = math.random(#players)
  local order = {}
  for k = 0, #players - 1 do
    order[#order + 1] = players[(first - 1 + k) % #players + 1]
  end
  planets.shuffle()
  missions.shuffle()
  local deck = ids_in(planets, planet_of_guid)
  local shuffled = ids_in(missions, mission_of_guid)
  local dealt = D.game.missions.dealt
  local offers = {}
  for k, c in ipairs(order) do
    local offer = {}
    local hand = getObjectFromGUID(seat_of[c].hand).getPosition()
    for j = 1, dealt do
      local id = shuffled[(k - 1) * dealt + j]
      offer[j] = id
      local card = missions.takeObject({ guid = L.missions[id],
        position = { x = hand.x + (j - 1.5) * 2.4, y = hand.y, z = hand.z },
        rotation = { x = 0, y = seat_of[c].home[1].ry + 180, z = 0 }, smooth = false })
      card.setDescription("Secret mission choice " .. j .. ": keep it in your panel.")
    end
    offers[c] = offer
  end
  for _, seat in ipairs(L.seats) do
    if not here[seat.color] then
      put_away(seat.color)
    end
  end
  Model.deal(m, order, deck, offers)
  say_all("Tiny Epic Galaxies: " .. table.concat(order, ", ") .. ". " .. order[1]
    .. " starts. Each player keeps one of the two secret missions in their hand.")
  render()
end

local function give_back(ids)
  local deck = getObjectFromGUID(L.mission_deck)
  for k, id in ipairs(ids) do
    local card = getObjectFromGUID(L.missions[id])
    if card ~= nil then
      card.setDescription("")
      if deck ~= nil then
        deck.putObject(card)
      else
        local p = L.mission_pile
        card.setPosition({ x = p.x, y = p.y + 0.3 * k, z = p.z })
        card.setRotation({ x = 0, y = p.ry, z = 180 })
      end
    end
  end
end

local function keep(color, k)
  return attempt(color, function()
    local kept, back = Model.keep(m, color, k)
    local card = getObjectFromGUID(L.missions[kept])
    if card ~= nil then
      card.setDescription("Your secret mission.")
    end
    give_back(back)
    say_all(color .. " has kept a secret mission.")
    if m.state ~= nil then
      broadcastToAll("Every mission is kept: " .. m.state.active .. " begins.", { 1, 0.85, 0.4 })
    end
    return nil
  end)
end

-- Clicks ----------------------------------------------------------------------------------------

-- An option button: value "version:index" (or "version:more" to turn the page).
function onOption(player, value)
  local color = caller(player)
  local version, slot = string.match(tostring(value), "^(%d+):(%w+)$")
  local why = refused(color, version)
  if why then
    say_private(color or "Grey", why)
    return
  end
  if m.dealing then
    keep(color, tonumber(slot))
    return
  end
  local d = Model.decision(m)
  if d == nil or d.player ~= color then
    say_private(color, d and ("it is " .. d.player .. "'s decision") or "there is nothing to choose")
    return
  end
  if slot == "more" then
    prefs.page[color] = (prefs.page[color] or 1) + 1
    m.version = m.version + 1
    render()
    return
  end
  local option = d.options[tonumber(slot)]
  if option == nil then
    say_private(color, "that option is out of date; choose again")
    return
  end
  prefs.page[color] = nil
  attempt(color, function()
    return Model.choose(m, color, option.id)
  end)
end

function onBack(player, value)
  local color = caller(player)
  local why = refused(color, value)
  if why == nil and Model.decider(m) ~= color then
    why = "only the player deciding can take a choice back"
  end
  if why then
    say_private(color or "Grey", why)
    return
  end
  prefs.page[color] = nil
  attempt(color, function()
    Model.back(m)
  end)
end

function onAutoPass(player)
  local color = caller(player)
  if color == "Grey" then
    say_private(color, "spectators do not follow")
    return
  end
  prefs.auto[color] = not prefs.auto[color]
  say_private(color, "Pass automatically when others activate: " .. (prefs.auto[color] and "on" or "off"))
  render()
end

-- The checks of a host button: the caller's colour and a reason to refuse (or nil).
local function host_only(player, value, what)
  local color, admin = caller(player)
  local why = refused(color, value)
  if why == nil and not admin then
    why = "only the host or a promoted player can " .. what
  end
  return color, why
end

function onHostPass(player, value)
  local color, why = host_only(player, value, "pass for someone")
  local d = m.state and Model.decision(m)
  if why == nil and not (d and #m.state.follow > 0 and d.name == "type" and #m.path == 0) then
    why = "no one is deciding whether to follow"
  end
  if why == nil and seated()[d.player] then
    why = d.player .. " is seated and decides for themself"
  end
  if why then
    say_private(color or "Grey", why)
    return
  end
  attempt(color, function()
    local result = Model.choose(m, d.player, "pass")
    result.labels[1] = "Pass (by the host, " .. d.player .. " is away)"
    return result
  end)
end

function onUndo(player, value)
  local color, why = host_only(player, value, "undo")
  if why then
    say_private(color or "Grey", why)
    return
  end
  attempt(color, function()
    Model.undo(m)
    say_all(color .. " undid the last action.")
  end)
end

function noop()
end

-- Events ----------------------------------------------------------------------------------------

function onLoad(saved)
  local problem = Model.load(m, saved)
  if problem then
    printToAll("Tiny Epic Galaxies: " .. problem)
  end
  rolling = nil
  placed_for = nil
  Paint.forget_all(shown)
  for _, g in ipairs(L.dice.guids) do
    local die = getObjectFromGUID(g)
    if die ~= nil then
      die.interactable = true -- not saved by TTS: set again after every load
    end
  end
  render()
end

-- The Notebook tab "Game record" holds the record too, for bug reports (`ttsmod replay` reads
-- it, or the save file itself). Written at every save: the text is kept, so this is O(1).
local RECORD_TAB = "Game record"
local record_tab = nil

local function write_notebook(text)
  if record_tab == nil then
    for _, tab in ipairs(Notes.getNotebookTabs()) do
      if tab.title == RECORD_TAB then
        record_tab = tab.index
      end
    end
    if record_tab == nil then
      record_tab = Notes.addNotebookTab({ title = RECORD_TAB, body = "" })
    end
  end
  Notes.editNotebookTab({ index = record_tab, body = text })
end

function onSave()
  local text = Model.save_text(m)
  if m.record ~= nil then
    write_notebook(text)
  end
  return text
end

function onPlayerChangeColor()
  render() -- panels follow colours; the status line says who is seated
end

-- Dice are thrown by the table: a player's R (or shake) is refused, with the way to roll.
function tryObjectRandomize(obj, color)
  if piece_of[obj.guid] == "die" then
    say_private(color, "The table rolls the dice: use Roll or Reroll in your panel.")
    return false
  end
  return true
end

-- A piece moved by hand goes back where the game has it, with a word to the player.
function onObjectDrop(color, obj)
  local kind = piece_of[obj.guid]
  if kind == nil or m.state == nil then
    return
  end
  Paint.forget(shown, obj.guid)
  placed_for = nil
  say_private(color, "Pieces follow the game: use your panel to act. The " .. kind
    .. " went back to its place.")
  render()
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
    actions = m.record and #m.record.actions or 0,
    path = m.path,
    decider = Model.decider(m),
    rolling = m.rolling,
    dealing = m.dealing ~= nil,
  }
end

