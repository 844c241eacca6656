-- The card layer (any game with a deck; generator/tts/cards.py lays it out): keeps the card
-- objects as the state says, by card identity, a few moves a frame.
--
-- A game's spec gives `cards = Cards.part(of, name)`: `of(state)` -> { hands = { { color,
-- ids } } (in seat order), piles = { { key, ids, place, down } }, stock = n }, `name(id)` a
-- card's name in words. A card in a hand is a real card in
-- its owner's hand zone (TTS shows its face to its owner alone: api player.md, hand zones);
-- a pile is a deck spawned whole at its place (face up: everyone may read it; its GM notes say
-- which cards it holds, so a load finds it as it was); the stock is
-- a deck of backs, nothing a Search can read (its real cards are spawned as they leave it).
-- Every card object says what it is in its GM notes, which only Black reads: "card:<id>" for
-- a card in a hand, "pile:<key>" for a pile, "stock" for a back. What a spawn needs of the
-- sheets (their URLs) is the card-layer zone's GM notes, written by the build.

local json = require("lib.json")
local tr = require("lib.tr")
local Game = require("glue.game")
local Seats = require("glue.seats")

local Cards = {}

local MOVES = 3 -- spawns and moves a frame (each spawn encodes a card's JSON: MoonSharp-costly)
local HAND_REACH = 7 -- how far from its hand zone's middle a card may lie and be in the hand

function Cards.new(layout)
  return { L = layout, templates = nil, done_for = nil, known = nil, texts = {}, sheets = {},
    transform = nil }
end

-- Look again (after a load or a rewind the objects may differ from the state): the next sync
-- reads the table afresh.
function Cards.forget(C)
  C.done_for, C.known = nil, nil
end

local function templates(C)
  if C.templates == nil then
    local zone = getObjectFromGUID(C.L.zone)
    C.templates = zone and json.decode(zone.getGMNotes()) or {}
  end
  return C.templates
end

-- A spawn's Transform: its scale only (lib.json writes whole numbers and the floats it read:
-- the place goes with spawnObjectJSON's position and rotation), as JSON text, made once.
local function transform_text(C)
  if C.transform == nil then
    local s = json.decode(tostring(C.L.scale))
    C.transform = json.encode({ posX = 0, posY = 0, posZ = 0, rotX = 0, rotY = 0, rotZ = 0,
      scaleX = s, scaleY = 1, scaleZ = s })
  end
  return C.transform
end

-- A sheet's CustomDeck entry, `"<sheet>":{...}`, as JSON text made once: its image URLs are
-- long, and quoting them again for every card (MoonSharp scans a string to quote it) was
-- most of a card's encoding.
local function sheet_text(C, sheet)
  local text = C.sheets[sheet]
  if text == nil then
    text = json.encode(sheet) .. ":" .. json.encode(templates(C)[sheet])
    C.sheets[sheet] = text
  end
  return text
end

-- A card's object as JSON text, written from its parts and kept by them (a card encoded
-- value by value cost about 1,500 instructions, and a load spawns every card: a frame of
-- 43,000). The keys in lib.json's order, so the text is the one json.encode would write.
local function card_text(C, cid, name, note)
  local key = cid .. "|" .. name .. "|" .. note
  local text = C.texts[key]
  if text == nil then
    text = table.concat({ '{"CardID":', tostring(cid), ',"CustomDeck":{',
      sheet_text(C, tostring(math.floor(cid / 100))), '},"GMNotes":', json.encode(note),
      ',"Hands":true,"HideWhenFaceDown":true,"Name":"Card","Nickname":', json.encode(name),
      ',"Transform":', transform_text(C), "}" })
    C.texts[key] = text
  end
  return text
end

-- What a card is made of, for a spawn: its CardID, name in words and GM notes.
local function card_data(C, id, name, note)
  return { cid = C.L.ids[id], name = name, note = note }
end

-- One object (a card, or a deck of several) spawned at `place`; `note` the deck's GM notes.
local function spawn(C, cards, note, place, down)
  local text
  if #cards == 1 then
    local c = cards[1]
    text = card_text(C, c.cid, c.name, note or c.note)
  else
    local ids, texts, sheets, seen = {}, {}, {}, {}
    for i, c in ipairs(cards) do
      ids[i] = tostring(c.cid)
      texts[i] = card_text(C, c.cid, c.name, c.note)
      local sheet = tostring(math.floor(c.cid / 100))
      if not seen[sheet] then
        seen[sheet] = true
        sheets[#sheets + 1] = sheet
      end
    end
    table.sort(sheets, json.before) -- (lib.json's key order)
    for i, sheet in ipairs(sheets) do
      sheets[i] = sheet_text(C, sheet)
    end
    text = table.concat({ '{"ContainedObjects":[', table.concat(texts, ","),
      '],"CustomDeck":{', table.concat(sheets, ","), '},"DeckIDs":[', table.concat(ids, ","),
      '],"GMNotes":', json.encode(note or ""),
      ',"Hands":false,"HideWhenFaceDown":true,"Name":"Deck","Nickname":"","Transform":',
      transform_text(C), "}" })
  end
  return spawnObjectJSON({ json = text,
    position = { x = place.x, y = place.y, z = place.z },
    rotation = { x = 0, y = place.ry, z = down and 180 or 0 } })
end

local function backs(C, n)
  local out = {}
  local back = { cid = C.L.backs * 100, name = "", note = "stock" }
  for i = 1, n do
    out[i] = back
  end
  return out
end

local function near(obj, p, reach)
  local at = obj.getPosition()
  return math.abs(at.x - p.x) < reach and math.abs(at.z - p.z) < reach
end

-- What is on the table: real cards by id, piles by key, the stock's object (read from every
-- object's GM notes: after a load or a rewind, and when the table verifies).
local function index()
  local cards, piles, stock = {}, {}, nil
  for _, obj in ipairs(getObjects()) do
    local note = obj.getGMNotes()
    if string.sub(note, 1, 5) == "card:" then
      cards[string.sub(note, 6)] = obj
    elseif string.sub(note, 1, 5) == "pile:" then -- "pile:<key>|<its cards>"
      local bar = string.find(note, "|", 6, true)
      piles[string.sub(note, 6, bar - 1)] = { obj = obj, sig = string.sub(note, bar + 1) }
    elseif note == "stock" then
      stock = obj
    end
  end
  return { cards = cards, piles = piles, stock = stock }
end

local function alive(obj)
  return obj ~= nil and not obj.isDestroyed()
end

-- Make the table hold what `want` says (spec.cards.of). Returns true while moves remain (call
-- again next frame); idempotent. Between loads it goes by what it spawned (no look at every
-- object); `verify` reads the table afresh (a player may have moved a card).
function Cards.sync(C, want, name, verify)
  if C.known == nil or verify then C.known = index() end
  local known = C.known
  local cards, piles, stock = known.cards, known.piles, known.stock
  if stock ~= nil and stock.isDestroyed() then stock = nil end
  local moves, used = 0, {}
  for _, h in ipairs(want.hands) do -- in seat order: the same moves each run
    local color, ids = h.color, h.ids
    local hand = getObjectFromGUID(C.L.hands[color])
    local at = hand and hand.getPosition()
    local rot = hand and hand.getRotation()
    for _, id in ipairs(ids) do
      used[id] = true
      local obj = cards[id]
      if obj ~= nil and obj.isDestroyed() then
        obj, cards[id] = nil, nil
      end
      if at ~= nil and (obj == nil or not near(obj, at, HAND_REACH)) and moves < MOVES then
        moves = moves + 1
        local place = { x = at.x, y = at.y, z = at.z, ry = rot.y + 180 }
        if obj == nil then
          cards[id] = spawn(C, { card_data(C, id, name(id), "card:" .. id) }, nil, place, true)
        else
          obj.setPosition({ x = at.x, y = at.y, z = at.z })
          obj.setRotation({ x = 0, y = place.ry, z = 180 })
        end
      end
    end
  end
  local kept = {}
  for _, pile in ipairs(want.piles) do
    local sig = table.concat(pile.ids, ",")
    local found = piles[pile.key]
    if found ~= nil and found.obj.isDestroyed() then found = nil end
    if (found == nil or found.sig ~= sig) and moves < MOVES then
      moves = moves + 1
      if found then found.obj.destruct() end
      found = nil
      if #pile.ids > 0 then
        local list = {}
        for i, id in ipairs(pile.ids) do
          list[i] = card_data(C, id, name(id), "")
        end
        found = { obj = spawn(C, list, "pile:" .. pile.key .. "|" .. sig, pile.place, pile.down),
          sig = sig }
      end
    end
    kept[pile.key], piles[pile.key] = found, nil
  end
  for _, found in next, piles do -- a pile the state no longer has
    if alive(found.obj) then found.obj.destruct() end
  end
  known.piles = kept
  for id, obj in next, cards do
    if not used[id] then -- into a pile, or back into the stock
      if alive(obj) then obj.destruct() end
      cards[id] = nil
    end
  end
  local have = stock and (stock.type == "Deck" and stock.getQuantity() or 1) or 0
  if have > want.stock and want.stock >= 2 then -- the deck stays a deck: take the spare backs
    for _ = 1, have - want.stock do
      local p = C.L.stock
      stock.takeObject({ position = { x = p.x, y = p.y + 4, z = p.z }, smooth = false })
        .destruct()
    end
  elseif have ~= want.stock and moves < MOVES then
    moves = moves + 1
    if stock then stock.destruct() end
    stock = want.stock > 0 and spawn(C, backs(C, want.stock), "stock", C.L.stock, true) or nil
  end
  known.stock = stock
  return moves >= MOVES
end

-- The seat whose hand zone or pile places lie nearest (x, z): where a card was dropped.
local function seat_at(C, x, z)
  local best, far = nil, nil
  for color, row in next, C.L.piles do
    local places = { row[1], row[#row] }
    local hand = getObjectFromGUID(C.L.hands[color])
    places[3] = hand and hand.getPosition()
    for _, p in ipairs(places) do
      local d = (p.x - x) ^ 2 + (p.z - z) ^ 2
      if far == nil or d < far or (d == far and color < best) then best, far = color, d end
    end
  end
  return best
end

-- A card dropped by hand: a card of the dropper's hand dropped by another seat is that
-- seat's `intent(state, colour, id, seat)`: the option ids it stands for (Go Fish: ask that
-- player for the card's rank), taken as if clicked. Anything else goes back where the state
-- has it, with the reason told to the dropper alone. True when the drop was a card's.
function Cards.dropped(T, color, obj)
  local note = obj.getGMNotes()
  if string.sub(note, 1, 5) ~= "card:" or T.m.state == nil then
    return false
  end
  local id, m, spec = string.sub(note, 6), T.m, T.spec.cards
  local at = obj.getPosition()
  local seat = seat_at(T.cards, at.x, at.z)
  local ids, why = nil, tr("it is not your turn to play a card")
  if Game.decider(m) == color and not m.confirm and seat ~= color then
    ids, why = spec.intent(m.state, color, id, seat)
  elseif seat == color then
    why = nil -- put back in its own hand's place: nothing to say
  end
  if ids ~= nil then
    local ok = T.attempt(color, function()
      return Game.take_ids(m, color, ids)
    end)
    if ok then return true end
    why = nil -- the table told the refusal
  end
  if why then
    Seats.tell(color, tr("Not possible: {why}. The card went back to your hand.", { why = why }))
  end
  T.verify()
  return true
end

-- The spec's `cards` part: the table calls new, forget, sync, of, name and (for a card dropped
-- by hand) intent.
function Cards.part(of, name, intent)
  return { new = Cards.new, forget = Cards.forget, sync = Cards.sync, of = of, name = name,
    intent = intent, dropped = Cards.dropped }
end

return Cards
