-- Cards the table keeps in piles (the planet deck, the discard pile): where each card is, and
-- moving cards into and out of a pile the way TTS lets a script do it.
--
-- A pile is one container: a deck, or a single card while it holds one. TTS gives a deck
-- two cards form a new GUID, and takes a deck away when its second-to-last card leaves
-- (api object.md putObject, takeObject), so a pile is known by the handle last seen holding
-- it and found again by its cards when that handle has gone. Cards never lie loose on one
-- another: a card goes into a pile with putObject, raised above it so it lands on top.

local Piles = {}

local RAISE = 0.5 -- how far above a pile a card is held as it is put in (so it goes on top)

-- Card ids and GUIDs, for a game's deal: guid -> id, and the GUIDs in order, of the cards
-- of `lists` (lists of { id = } from the card data; `by_id`: id -> GUID).
function Piles.ids_by_guid(by_id, lists)
  local out = {}
  for _, list in ipairs(lists) do
    for _, c in ipairs(list) do
      out[by_id[c.id]] = c.id
    end
  end
  return out
end

function Piles.guids(by_id, lists)
  local out = {}
  for _, list in ipairs(lists) do
    for _, c in ipairs(list) do
      out[#out + 1] = by_id[c.id]
    end
  end
  return out
end

-- The ids of the cards a deck holds, top first (`of_guid`: GUID -> id).
function Piles.ids_in(deck, of_guid)
  local out = {}
  for _, entry in ipairs(deck.getObjects()) do
    out[#out + 1] = of_guid[entry.guid]
  end
  return out
end

-- Take an object off the table, if it is there.
function Piles.destroy(guid)
  local obj = getObjectFromGUID(guid)
  if obj ~= nil then
    obj.destruct()
  end
end

function Piles.new()
  return { held = {}, deck_of = nil }
end

-- Forget every container seen (after a load or a rewind, the objects are new).
function Piles.forget(piles)
  piles.held, piles.deck_of = {}, nil
end

local function alive(obj)
  return obj ~= nil and not obj.isDestroyed()
end

-- guid -> the deck holding that card, for every deck on the table.
local function index(piles)
  local deck_of = {}
  for _, obj in ipairs(getObjects()) do
    if obj.type == "Deck" then
      for _, entry in ipairs(obj.getObjects()) do
        deck_of[entry.guid] = obj
      end
    end
  end
  piles.deck_of = deck_of
  return deck_of
end

-- The deck a card is in (nil when it lies loose, or is nowhere).
function Piles.deck_of(piles, guid)
  local deck_of = piles.deck_of or index(piles)
  local deck = deck_of[guid]
  if deck ~= nil and alive(deck) then
    return deck
  end
  if deck ~= nil or piles.deck_of == nil then
    deck_of = index(piles)
    deck = deck_of[guid]
  end
  return deck
end

local function near(obj, place)
  local p = obj.getPosition()
  return math.abs(p.x - place.x) < 1 and math.abs(p.z - place.z) < 1
end

local function rotation(place, down)
  return { x = 0, y = place.ry, z = down and 180 or 0 }
end

-- The object holding `pile` now (nil for an empty pile); `except`: a card on its way in.
local function container(piles, pile, except)
  local held = piles.held[pile.key]
  if alive(held) and held.getGUID() ~= except then
    return held
  end
  for _, guid in ipairs(pile.cards) do
    local deck = Piles.deck_of(piles, guid)
    if deck ~= nil and near(deck, pile.place) then
      piles.held[pile.key] = deck
      return deck
    end
    local card = guid ~= except and getObjectFromGUID(guid) or nil
    if card ~= nil and near(card, pile.place) then
      piles.held[pile.key] = card
      return card
    end
  end
  piles.held[pile.key] = nil
  return nil
end

-- Take a card out of whatever deck holds it, to `place`. Returns the card, or nil when no
-- deck holds it.
function Piles.take(piles, guid, place, down, scale)
  local deck = Piles.deck_of(piles, guid)
  if deck == nil and piles.deck_of ~= nil then
    -- cards that touch merge into a new deck (a player's drop) after the index was made:
    -- a card the painter cannot find is looked for once more on the whole table
    deck = index(piles)[guid]
  end
  if deck == nil then
    return nil
  end
  local card = deck.takeObject({ guid = guid, position = { x = place.x, y = place.y, z = place.z },
    rotation = rotation(place, down), smooth = false })
  piles.deck_of[guid] = nil
  if scale ~= nil and scale ~= 1 then
    card.setScale({ x = scale, y = 1, z = scale })
  end
  return card
end

-- Put a loose card into `pile`.
local function put(piles, pile, card, holder)
  if holder == nil then
    card.setPosition({ x = pile.place.x, y = pile.place.y, z = pile.place.z })
    card.setRotation(rotation(pile.place, pile.down))
    piles.held[pile.key] = card
    return
  end
  local at = holder.getPosition()
  local guid, holder_guid = card.getGUID(), holder.getGUID() -- put in, the card is gone
  card.setRotation(rotation(pile.place, pile.down))
  card.setPosition({ x = at.x, y = at.y + RAISE, z = at.z })
  local into = holder.putObject(card)
  piles.held[pile.key] = into
  if piles.deck_of ~= nil then
    piles.deck_of[guid] = into
    piles.deck_of[holder_guid] = into -- two cards form a deck; a deck holds itself: harmless
  end
end

-- Make every card of `pile` be in it: loose cards are put in at once; cards in other decks
-- are taken out one at a time, each put in once it has spawned (two taken together would
-- fall on each other). `moving` marks the cards on their way (guid -> true). Returns how
-- many are on their way.
function Piles.gather(piles, pile, moving)
  local holder = container(piles, pile)
  local inside = {}
  if holder ~= nil then
    if holder.type == "Deck" then
      for _, entry in ipairs(holder.getObjects()) do
        inside[entry.guid] = true
      end
    else
      inside[holder.getGUID()] = true
    end
  end
  local queue = {}
  for _, guid in ipairs(pile.cards) do
    if not inside[guid] and not moving[guid] then
      local card = getObjectFromGUID(guid)
      if card ~= nil then
        put(piles, pile, card, holder)
        holder = piles.held[pile.key]
      elseif Piles.deck_of(piles, guid) ~= nil then
        queue[#queue + 1] = guid
        moving[guid] = true
      end
    end
  end
  local k = 0
  local function take_next()
    k = k + 1
    local guid = queue[k]
    if guid == nil then
      return
    end
    local deck = Piles.deck_of(piles, guid)
    if deck == nil then -- its deck ended meanwhile: the card lies loose (or is gone)
      moving[guid] = nil
      local card = getObjectFromGUID(guid)
      if card ~= nil then
        put(piles, pile, card, container(piles, pile, guid))
      end
      take_next()
      return
    end
    local p = pile.place
    deck.takeObject({ guid = guid, smooth = false, position = { x = p.x, y = p.y + 3, z = p.z },
      callback_function = function(taken)
        moving[guid] = nil
        put(piles, pile, taken, container(piles, pile, guid))
        take_next()
      end })
    piles.deck_of[guid] = nil
  end
  take_next()
  return #queue
end

-- The pile's container (a deck, a card, or nil), for Start's shuffle and count.
function Piles.holder(piles, pile)
  return container(piles, pile)
end

return Piles
