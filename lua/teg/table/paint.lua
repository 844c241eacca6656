-- Make the table look like a picture (teg.table.view), with only the calls needed.
--
-- `shown` remembers what was last set on each element and piece; a value equal to it costs no
-- call. forget(guid) makes the next paint put a piece back (a player moved it by hand);
-- forget_all() repaints everything (after a load or a rewind, when the table may differ).
-- Cards a deck still holds are taken out of it where they belong.

local P = {}

function P.new(layout)
  return { ui = {}, ui_from = {}, pieces = {}, faces = {}, labels = {}, layout = layout }
end

function P.forget(shown, guid)
  shown.pieces[guid] = nil
  shown.faces[guid] = nil
end

function P.forget_all(shown)
  shown.ui, shown.ui_from, shown.pieces, shown.faces, shown.labels = {}, {}, {}, {}, {}
end

-- The same place always computes to the same numbers, so their plain concatenation is a key
-- (string.format would cost more: this runs for every piece at every paint).
local function key(p)
  return p.x .. "," .. p.y .. "," .. p.z .. "," .. p.ry .. (p.down and "d" or "u")
end

local function rotation(p)
  return { x = 0, y = p.ry, z = p.down and 180 or 0 }
end

-- A card still inside a deck: take it out to where it belongs.
local function from_deck(layout, guid, p)
  for _, deck_guid in ipairs({ layout.planet_deck, layout.mission_deck }) do
    local deck = getObjectFromGUID(deck_guid)
    if deck ~= nil then
      for _, entry in ipairs(deck.getObjects()) do
        if entry.guid == guid then
          return deck.takeObject({ guid = guid, position = { x = p.x, y = p.y, z = p.z },
            rotation = rotation(p), smooth = false })
        end
      end
    end
  end
  return nil
end

local UI_KEYS = { "text", "active", "onClick" }

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
  local from = shown.ui_from
  for n = 1, #ui do
    local id, want = ui[n][1], ui[n][2]
    -- The same entry as last time (a shared constant, such as a hidden slot): nothing to do.
    if from[id] ~= want then
      from[id] = want
      paint_element(shown, id, want)
    end
  end
end

-- Returns the number of pieces moved.
function P.paint(shown, picture, skip)
  paint_ui(shown, picture.ui)
  local moved = 0
  local pieces = picture.pieces
  for n = 1, #pieces do
    local guid, p = pieces[n][1], pieces[n][2]
    if not (skip and skip[guid]) then
      local k = key(p)
      if shown.pieces[guid] ~= k then
        local obj = getObjectFromGUID(guid)
        if obj == nil then
          obj = from_deck(shown.layout, guid, p)
        else
          obj.setPosition({ x = p.x, y = p.y, z = p.z })
          obj.setRotation(rotation(p))
        end
        if obj ~= nil then
          shown.pieces[guid] = k
          shown.faces[guid] = nil -- turning a die sets its face again below
          moved = moved + 1
        end
      end
    end
  end
  for n = 1, #picture.faces do
    local guid, face = picture.faces[n][1], picture.faces[n][2]
    if not (skip and skip[guid]) and shown.faces[guid] ~= face then
      local obj = getObjectFromGUID(guid)
      if obj ~= nil then
        obj.setRotationValue(face)
        shown.faces[guid] = face
      end
    end
  end
  for n = 1, #picture.labels do
    local guid, text = picture.labels[n][1], picture.labels[n][2]
    if shown.labels[guid] ~= text then
      local mat = getObjectFromGUID(guid)
      if mat ~= nil then
        if #mat.getButtons() == 0 then
          local at = nil
          for _, seat in ipairs(shown.layout.seats) do
            if seat.mat == guid then
              at = seat.label
            end
          end
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

return P
