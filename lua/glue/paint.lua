-- Make the table look like a picture (a game's table view), with only the calls needed (any game).
--
-- `shown` remembers what was last set on each element and piece; a value equal to it costs no
-- call. forget(guid) makes the next paint put a piece back (a player moved it by hand);
-- forget_all() repaints everything (after a load or a rewind, when the table may differ). A
-- paint that verifies also looks where each piece really lies, and puts back any a player
-- moved without an event the glue hears (R, the gizmo, Ctrl+Z). Cards a pile still holds are
-- taken out of it where they belong; the piles themselves are kept by glue.piles.

local Piles = require("glue.piles")

local P = {}

local TOLERANCE = 0.3 -- world units a piece may lie off its place before it is put back

function P.new(layout)
  return { ui = {}, ui_from = {}, groups = {}, pieces = {}, faces = {}, labels = {}, pile_sigs = {},
    piles = Piles.new(), moving = {}, layout = layout }
end

function P.forget(shown, guid)
  shown.pieces[guid] = nil
  shown.faces[guid] = nil
end

function P.forget_all(shown)
  shown.ui, shown.ui_from, shown.pieces, shown.faces, shown.labels = {}, {}, {}, {}, {}
  shown.groups = {}
  shown.pile_sigs, shown.moving = {}, {}
  Piles.forget(shown.piles)
end

-- Forget what was set on some elements (so the next paint sets them again).
function P.forget_ui(shown, ids)
  for _, id in ipairs(ids) do
    shown.ui[id], shown.ui_from[id] = nil, nil
  end
  shown.groups = {} -- a group may hold one of them: each is looked into again
end

-- An entry of a picture's `ui` that holds a list of entries (a panel's): when the painter
-- was given that very list under `key` last time, it skips the whole list unread.
function P.group(ui, key, entries)
  ui[#ui + 1] = { key, entries, group = true }
end

-- True when place `p` is the place `q` a piece was last put at: compared number by number
-- (a key made by joining the numbers as text cost more than the rest of a paint: each
-- number written is a call into C# in MoonSharp).
local function same(p, q)
  return q ~= nil and p.x == q.x and p.z == q.z and p.ry == q.ry and p.y == q.y
    and (p.down or false) == (q.down or false) and (p.s or 1) == (q.s or 1)
end

local function rotation(p)
  return { x = 0, y = p.ry, z = p.down and 180 or 0 }
end

local function off_place(obj, p)
  local at = obj.getPosition()
  return math.abs(at.x - p.x) > TOLERANCE or math.abs(at.z - p.z) > TOLERANCE
end

local UI_KEYS = { "text", "active", "onClick", "height", "preferredHeight" }

-- Set what differs of one element from what was last set on it.
local function paint_element(shown, id, want)
  local had = shown.ui[id]
  if had == nil then
    had = {}
    shown.ui[id] = had
  end
  local change = nil
  for j = 1, #UI_KEYS do
    local k = UI_KEYS[j]
    local v = want[k]
    if v ~= nil and had[k] ~= v then
      change = change or {}
      change[k] = v
      had[k] = v
    end
  end
  if change == nil then
    return
  end
  if change.text ~= nil and (string.sub(id, -5) == ":text" or string.sub(id, -6) == ":title") then
    UI.setValue(id, change.text) -- Text elements hold their text between the tags
    change.text = nil
  end
  if next(change) ~= nil then
    UI.setAttributes(id, change)
  end
end

local function paint_ui(shown, ui)
  local from, groups = shown.ui_from, shown.groups
  for n = 1, #ui do
    local entry = ui[n]
    local id, want = entry[1], entry[2]
    if entry.group then
      if groups[id] ~= want then
        groups[id] = want
        paint_ui(shown, want)
      end
    -- The same entry as last time (a shared constant, such as a hidden slot): nothing to do.
    elseif from[id] ~= want then
      from[id] = want
      paint_element(shown, id, want)
    end
  end
end

-- A ship, token or die glides to its place (setPositionSmooth, api object.md) without
-- colliding on the way (collide false: it passes over the others instead of knocking them),
-- fast; the periodic verify checks it arrived. A card is set in place at once: a card that
-- smooth-moves onto another merges with it into a deck (StarveNoMore's tts-runtime notes).
local function place_piece(shown, guid, p, verify)
  local obj = nil
  if same(p, shown.pieces[guid]) then
    if not verify then
      return false
    end
    obj = getObjectFromGUID(guid)
    if obj ~= nil and (obj.isSmoothMoving() or not off_place(obj, p)) then
      return false
    end
  end
  obj = obj or getObjectFromGUID(guid)
  if obj == nil then
    obj = Piles.take(shown.piles, guid, p, p.down, p.s)
  else
    if obj.type == "Card" then
      obj.setPosition({ x = p.x, y = p.y, z = p.z })
    else
      obj.setPositionSmooth({ x = p.x, y = p.y, z = p.z }, false, true)
    end
    obj.setRotation(rotation(p))
    local s = p.s or 1
    if obj.type == "Card" and math.abs(obj.getScale().x - s) > 0.001 then
      obj.setScale({ x = s, y = 1, z = s })
    end
  end
  if obj == nil then
    return false
  end
  shown.pieces[guid] = p -- places are never changed once made: kept as they are
  shown.faces[guid] = nil -- turning a die sets its face again below
  return true
end

local function paint_piles(shown, piles, verify)
  for n = 1, #piles do
    local pile = piles[n]
    local sig = #pile.cards .. ":" .. table.concat(pile.cards, ",")
    if verify or shown.pile_sigs[pile.key] ~= sig then
      shown.pile_sigs[pile.key] = sig
      Piles.gather(shown.piles, pile, shown.moving)
    end
  end
end

-- Returns the number of pieces moved. `skip`: guids to leave alone (dice being thrown);
-- `verify`: also put back pieces that lie off their places; `verify_piles`: also look into
-- every pile (a player may have taken a card out or put one in).
function P.paint(shown, picture, skip, verify, verify_piles)
  paint_ui(shown, picture.ui)
  local moved = 0
  local pieces = picture.pieces
  for n = 1, #pieces do
    local guid, p = pieces[n][1], pieces[n][2]
    if not (skip and skip[guid]) and not shown.moving[guid] and place_piece(shown, guid, p, verify) then
      moved = moved + 1
    end
  end
  paint_piles(shown, picture.piles, verify_piles)
  for n = 1, #picture.faces do
    local guid, face = picture.faces[n][1], picture.faces[n][2]
    if not (skip and skip[guid]) and shown.faces[guid] ~= face then
      local obj = getObjectFromGUID(guid)
      if obj ~= nil then
        -- setRotationValue is an animation (the die lifts, turns and drops): only when the
        -- die shows another face.
        if obj.getRotationValue() ~= face then
          obj.setRotationValue(face)
        end
        shown.faces[guid] = face
      end
    end
  end
  for n = 1, #picture.labels do
    local guid, text, about = picture.labels[n][1], picture.labels[n][2], picture.labels[n][3]
    if about then
      text = text .. "\n" .. about -- (the memo's key: name and description)
    end
    if shown.labels[guid] ~= text then
      local mat = getObjectFromGUID(guid)
      local at = nil
      for _, seat in ipairs(shown.layout.seats) do
        if seat.mat ~= nil and seat.mat == guid then
          at = seat.label
        end
      end
      if mat ~= nil and at == nil then
        -- a piece: its name (and description), shown when a player hovers over it
        mat.setName(picture.labels[n][2])
        if about then
          mat.setDescription(about)
        end
        shown.labels[guid] = text
      elseif mat ~= nil then
        -- getButtons() is nil, not {}, on an object without buttons.
        if mat.getButtons() == nil then
          mat.createButton({ click_function = "noop", function_owner = Global, label = text,
            position = { x = at.x, y = 0.2, z = at.z }, rotation = { x = 0, y = 0, z = 0 },
            width = 0, height = 0, font_size = 120, font_color = { 1, 1, 1 } })
        else
          mat.editButton({ index = 0, label = text })
        end
        shown.labels[guid] = text
      end
    end
  end
  return moved
end

-- The piles' container objects, for Start.
function P.pile_holder(shown, pile)
  return Piles.holder(shown.piles, pile)
end

function P.gather(shown, pile)
  return Piles.gather(shown.piles, pile, shown.moving)
end

return P
