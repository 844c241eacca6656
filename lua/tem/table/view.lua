-- Pure: the picture of the Tiny Epic Mechs table for the painter (glue.paint).
--
-- picture(m, ctx) -> { ui = { {id, {text=, active=, onClick=}} ... }, pieces = { {guid,
-- place} ... }, piles = {}, faces = {}, labels = {} }. Every text and every public piece
-- comes from the core's view for no colour (what a spectator may know). The only facts
-- read from the full state are where each player's own cards lie in their own hand (a hand
-- is hidden from the others by TTS) and the direction of a card already revealed.

local json = require("lib.json")
local Model = require("tem.table.model")
local Words = require("tem.table.words")

local NULL = json.null
local V = {}

-- Shared constants: an element given the same table as last time costs the painter nothing.
local ON, OFF = { active = "true" }, { active = "false" }

V.HANDLERS = 8 -- option buttons name onButton0..7 by version, so a stale click is refused
local SEATS_A_PAINT = 1

local TURN = { N = 0, NE = 0, E = 90, SE = 90, S = 180, SW = 180, W = 270, NW = 270 }
local MINE_AT, TURRET_AT = { -0.95, 0.95 }, { 0.95, 0.95 }
local VP_OFFSETS = { { -0.18, 0.18 }, { 0.18, 0.18 }, { -0.18, -0.18 }, { 0.18, -0.18 } }

-- A place `dx`, `dz` off `p`, at height `y` (nil: p's), turned `ry` (nil: p's), scaled `s`,
-- face down when `down`.
local function at(p, dx, dz, y, ry, s, down)
  return { x = p.x + dx, y = y or p.y, z = p.z + dz, ry = ry or p.ry, s = s, down = down }
end

local function handler(m)
  return "onButton" .. (m.version % V.HANDLERS)
end

-- Option slots for `n` options on page `page`: "More" takes the last slot when they do not fit.
function V.paging(n, page, slots)
  if n <= slots then
    return 1
  end
  local per = slots - 1
  local pages = math.ceil(n / per)
  return ((page - 1) % pages) + 1
end

function V.slot(n, page, slots, k)
  if n <= slots then
    return k <= n and k or nil
  end
  local per = slots - 1
  if k == slots then
    return "more"
  end
  local index = (page - 1) * per + k
  return index <= n and index or nil
end

local function seat_index(L, color)
  for i, seat in ipairs(L.seats) do
    if seat.color == color then
      return i
    end
  end
  return nil
end

-- The pieces: zone cards, figures, mines, turrets, markers, program cards, pilots, weapons.
-- Which groups of pieces to place: each group's signature (what its places depend on) is
-- kept in ctx.memo.pieces, and a group whose signature has not changed since it was last
-- placed is left out (the painter leaves unlisted pieces where they are). A load or a
-- verify empties it: then every group is placed again, a few a paint.
local function changed(ctx, group, sig)
  if ctx.memo.pieces[group] == sig then
    return false
  end
  ctx.memo.pieces[group] = sig
  return true
end

local function cell_pieces(ctx, pv, ids, put)
  local L = ctx.layout
  local sig = {}
  for k, id in ipairs(ids) do
    local c = pv.cells[id]
    sig[k] = c.zone .. (c.mine ~= NULL and c.mine.owner or "-")
      .. (c.turret ~= NULL and c.turret or "-")
  end
  if not changed(ctx, "cells", table.concat(sig, ",")) then
    return
  end
  for _, id in ipairs(ids) do
    local c = pv.cells[id]
    if c.zone ~= "" then
      put(L.guids.zones[c.zone], at(L.cells[id], 0, 0, nil, 180, L.cell_scale))
    end
  end
  for i, seat in ipairs(L.seats) do
    local p = pv.players[i] and seat.color
    local mines, turrets = {}, {}
    for _, id in ipairs(ids) do
      local c = pv.cells[id]
      if c.mine ~= NULL and c.mine.owner == seat.color then
        mines[#mines + 1] = id
      end
      if c.turret == seat.color then
        turrets[#turrets + 1] = id
      end
    end
    if p then
      local g = seat.guids
      for k, guid in ipairs(g.mines) do
        local cell = mines[k]
        put(guid, cell and at(L.cells[cell], MINE_AT[1], MINE_AT[2], 1.3, 180) or seat.stash[1 + k])
      end
      for k, guid in ipairs(g.turrets) do
        local cell = turrets[k]
        put(guid, cell and at(L.cells[cell], TURRET_AT[1], TURRET_AT[2], 1.3, 180)
          or seat.stash[1 + #g.mines + k])
      end
    end
  end
end

-- The place of the k-th card in a seat's hand, made once (places are never changed).
local HAND = {}

local function in_hand(seat, k, scale)
  local places = HAND[seat.color]
  if places == nil then
    places = {}
    HAND[seat.color] = places
  end
  local p = places[k]
  if p == nil then
    p = at(seat.hand_slots[k], 0, 0, nil, nil, scale)
    places[k] = p
  end
  return p
end

-- One seat's figure, markers, program cards, pilot cards and the Mech card it holds.
local function seat_pieces(m, ctx, pv, p, own, put)
  local L, D = ctx.layout, ctx.D
  local i = seat_index(L, p.color)
  local seat, mech = L.seats[i], pv.mech
  local sig = tostring(p.zone) .. ":" .. p.health .. ":" .. p.energy .. ":" .. p.credits .. ":"
    .. p.vp .. ":" .. table.concat(p.played, ",") .. ":" .. tostring(p.pilot) .. ":" .. p.status
    .. ":" .. tostring(mech.controller) .. ":" .. tostring(mech.side)
  if ctx.memo.pieces[p.color] ~= sig and ctx.seats_left <= 0 then
    ctx.more = true -- placed at the next paint, a frame later
    return
  end
  if not changed(ctx, p.color, sig) then
    return
  end
  ctx.seats_left = ctx.seats_left - 1
  local g = seat.guids
  local off = L.offsets[i]
  if p.zone ~= NULL then
    put(g.figure, at(L.cells[p.zone], off[1], off[2], 1.3, 180))
  else
    put(g.figure, seat.stash[1])
  end
  for _, kind in ipairs({ "health", "energy", "credits" }) do
    local track = seat.tracks[kind]
    put(g.markers[kind], track[math.max(0, math.min(p[kind], #track - 1)) + 1])
  end
  local vp = math.max(0, math.min(p.vp, #L.vp - 1))
  local o = VP_OFFSETS[i]
  put(g.markers.vp, at(L.vp[vp + 1], o[1], o[2]))
  -- Program cards: the revealed ones on their slots, turned to their direction; the rest
  -- in the owner's hand.
  local revealed = {}
  for k, card in ipairs(p.played) do
    revealed[card] = k
  end
  for k, program in ipairs(D.programs) do
    local guid = g.programs[program]
    local j = revealed[program]
    if j ~= nil then
      local step = own.program[j]
      local dir = step ~= nil and step ~= NULL and step.dir or "N"
      put(guid, at(seat.programs[j], 0, 0, nil, 180 + TURN[dir], L.turn_scale))
    else
      put(guid, in_hand(seat, k, L.slot_scale))
    end
  end
  if p.pilot ~= NULL then
    put(L.guids.pilots[p.pilot], at(seat.pilot, 0, 0, nil, nil, L.slot_scale,
      p.status == "armor"))
  else
    for k, pilot in ipairs(own.dealt) do
      put(L.guids.pilots[pilot], in_hand(seat, #D.programs + k, L.slot_scale))
    end
  end
  if mech.controller == p.color then
    put(L.guids.mech_card, at(seat.mech, 0, 0, nil, nil, L.slot_scale, mech.side == D.sides[2]))
  end
end

-- Every player's weapons beside their board: the equipped in the row toward the arena
-- (turned while exhausted in a combat under way), the others in the row behind; the row.
local function weapon_pieces(m, ctx, pv, put)
  local L = ctx.layout
  local exhausted = Model.exhausted(m) or {}
  local sig = {}
  for i, p in ipairs(pv.players) do
    local used = exhausted[p.color]
    sig[i] = table.concat(p.owned, ",") .. "/" .. table.concat(p.equipped, ",")
      .. (used and "/" .. table.concat(used, ",") or "")
  end
  sig[#sig + 1] = table.concat(pv.row, ",")
  if not changed(ctx, "weapons", table.concat(sig, ";")) then
    return
  end
  for _, p in ipairs(pv.players) do
    local i = seat_index(L, p.color)
    local seat = L.seats[i]
    local equipped, turned = {}, {}
    for _, w in ipairs(p.equipped) do
      equipped[w] = true
    end
    for _, w in ipairs(exhausted[p.color] or {}) do
      turned[w] = true
    end
    local rows = { [true] = 0, [false] = 0 }
    for _, w in ipairs(p.owned) do
      -- a player owns a basic weapon once at most: each seat has its own copy of each (the
      -- data has a copy for every seat), so a copy never moves for another's purchase
      local guid = L.guids.advanced[w] or L.guids.basic[w][i]
      local on = equipped[w] == true
      local places = on and seat.equipped or seat.stored
      rows[on] = rows[on] + 1
      local slot = places[math.min(rows[on], #places)]
      local turn = on and turned[w] and 90 or 0
      put(guid, at(slot, 0, 0, nil, slot.ry + turn, L.turn_scale))
    end
  end
  for k, w in ipairs(pv.row) do
    put(L.guids.advanced[w], at(L.row[k], 0, 0, nil, nil, L.shared_scale))
  end
end

-- The weapon piles: each basic weapon's copies nobody owns in its pile, and the advanced
-- weapons neither owned nor in the row in the weapon deck (a card left out by a load or an
-- undo part way through an action goes back: loose cards that touch merge into a deck).
-- What the public view says: which cards are in the deck, never its order.
local function weapon_piles(ctx, pv)
  local L, D = ctx.layout, ctx.D
  local sig = {}
  for i, p in ipairs(pv.players) do
    sig[i] = table.concat(p.owned, ",")
  end
  sig[#sig + 1] = table.concat(pv.row, ",")
  local key = table.concat(sig, ";")
  local memo = ctx.memo.weapon_piles
  if memo ~= nil and memo.key == key then
    return memo.piles
  end
  local owned, seats = {}, {}
  for _, p in ipairs(pv.players) do
    seats[seat_index(L, p.color)] = p
    for _, w in ipairs(p.owned) do
      owned[p.color .. ":" .. w] = true
      owned[w] = true
    end
  end
  for _, w in ipairs(pv.row) do
    owned[w] = true
  end
  local piles = {}
  for k, w in ipairs(D.basic) do
    local cards = {}
    for i, guid in ipairs(L.guids.basic[w]) do
      local p = seats[i]
      if p == nil or not owned[p.color .. ":" .. w] then
        cards[#cards + 1] = guid
      end
    end
    piles[#piles + 1] = { key = "basic" .. k, place = L.basic[k], down = false, cards = cards }
  end
  local deck = {}
  for _, w in ipairs(D.advanced) do
    if not owned[w] then
      deck[#deck + 1] = L.guids.advanced[w]
    end
  end
  piles[#piles + 1] = { key = "weapons", place = L.weapon_deck, down = true, cards = deck }
  ctx.memo.weapon_piles = { key = key, piles = piles }
  return piles
end

-- The pieces to place: zone cards, figures, mines, turrets, markers, cards (see changed).
local function pieces(m, ctx, pv)
  local L, out = ctx.layout, {}
  local function put(guid, place)
    out[#out + 1] = { guid, place }
  end
  if ctx.ids == nil then -- the cells in order, once
    ctx.ids = {}
    for id in pairs(pv.cells) do
      ctx.ids[#ctx.ids + 1] = id
    end
    table.sort(ctx.ids)
  end
  cell_pieces(ctx, pv, ctx.ids, put)
  -- At most SEATS_A_PAINT seats' pieces move in one paint (a round's end moves every
  -- seat's cards): the rest move a frame later.
  ctx.seats_left = SEATS_A_PAINT
  for i, p in ipairs(pv.players) do
    seat_pieces(m, ctx, pv, p, m.state.players[i], put)
  end
  weapon_pieces(m, ctx, pv, put)
  local mech = pv.mech
  if changed(ctx, "shared", tostring(mech.controller) .. tostring(mech.zone) .. pv.round) then
    if mech.controller == NULL then
      put(L.guids.mech_card, at(L.mech_card, 0, 0, nil, nil, L.shared_scale))
    end
    if mech.zone ~= NULL then
      put(L.guids.mech, at(L.cells[mech.zone], 0, 0, 1.35, 180))
    end
    put(L.guids.round, L.rounds[math.max(1, math.min(pv.round, #L.rounds))])
  end
  return out
end

local STATUS = { pilot = "Pilot", armor = "Power Armor", mech = "Mighty Mech" }

-- The status line: whose decision the table waits for, or who is still programming.
local function status(m, ctx, pv)
  if m.state == nil then
    return ctx.D.name .. ": sit at a seat; the host presses Start."
  end
  if pv.phase == "over" then
    return "Game over. " .. Words.ranking(pv)
  end
  local head = "Round " .. pv.round .. ". "
  if Model.simultaneous(m) then
    local waiting = Model.deciders(m)
    local done = {}
    for _, p in ipairs(pv.players) do
      local still = false
      for _, c in ipairs(waiting) do
        still = still or c == p.color
      end
      done[#done + 1] = p.color .. (still and ": choosing" or ": done")
    end
    local what = pv.phase == "program" and "Programming" or "Secret choices"
    return head .. what .. " (" .. table.concat(done, ", ") .. ")"
  end
  local who = Model.deciders(m)[1]
  if who == nil then
    return head .. pv.active .. " has nothing to choose: the table plays their turn."
  end
  local away = not ctx.seated[who] and " (not seated: the host can decide for them)" or ""
  return head .. tostring(who) .. "'s decision: " .. Words.prompt(Model.decision(m, who)) .. away
end

-- Element ids by seat, made once (a concatenation per slot per render would cost more).
local IDS = {}

local function ids_of(color, slots)
  local ids = IDS[color]
  if ids == nil then
    local base = "seat:" .. color
    ids = { panel = base, title = base .. ":title", back = base .. ":back",
      private = base .. ":private", opt = {} }
    for k = 1, slots do
      ids.opt[k] = base .. ":opt:" .. k
    end
    IDS[color] = ids
  end
  return ids
end

-- A seat's panel. Its entries are kept in ctx.memo and given again, the same tables, while
-- what they show has not changed (the painter skips an entry it was given last time).
local function seat_panel(m, ctx, pv, color, ui)
  local L, D = ctx.layout, ctx.D
  local slots = L.option_slots
  local ids = ids_of(color, slots)
  local playing = false
  for _, p in ipairs(pv.players) do
    playing = playing or p.color == color
  end
  -- In a simultaneous phase a decision not yet known is worked out a frame later, one colour
  -- at a time (tem.table.global): a phase's start then costs one player's decision a frame.
  local pending = false
  local d
  if playing and Model.simultaneous(m) then
    d = Model.known(m, color)
    pending = d == nil and ctx.deciding[color] == true
  elseif playing then
    d = Model.decision(m, color)
  end
  local private = pending or (d ~= nil and D.private[d.name]) or false
  local public = d ~= nil and not private
  local page = ctx.page[color] or 1
  local on = public and handler(m) or nil
  local depth = public and Model.depth(m, color) or 0
  local over = pv.phase == "over"
  local memo = ctx.memo.panels and ctx.memo.panels[color]
  if memo and memo.d == d and memo.page == page and memo.on == on and memo.playing == playing
    and memo.over == over and memo.depth == depth and memo.pending == pending then
    for _, entry in ipairs(memo.entries) do
      ui[#ui + 1] = entry
    end
    return
  end
  local entries = { { ids.panel, playing and ON or OFF } }
  local title, options = "", {}
  if pending then
    title = "Your choice is secret: it opens in a dialog only you see."
  elseif d == nil then
    title = over and Words.ranking(pv) or "Waiting for the others."
  elseif private then
    title = "Your choice is secret: " .. Words.prompt(d) .. " It opens in a dialog only you see."
  else
    title = "Your decision: " .. Words.prompt(d)
    options = d.options
  end
  entries[2] = { ids.title, { text = title } }
  local shown = V.paging(#options, page, slots)
  for k = 1, slots do
    local index = V.slot(#options, shown, slots, k)
    if index == "more" then
      entries[#entries + 1] = { ids.opt[k], { text = "More options", active = "true",
        onClick = on } }
    elseif index ~= nil then
      entries[#entries + 1] = { ids.opt[k], { text = Words.label(D, pv, options[index].label),
        active = "true", onClick = on } }
    else
      entries[#entries + 1] = { ids.opt[k], OFF }
    end
  end
  entries[#entries + 1] = { ids.back, depth > 0 and { active = "true", onClick = on } or OFF }
  entries[#entries + 1] = { ids.private, private and ON or OFF }
  ctx.memo.panels = ctx.memo.panels or {}
  ctx.memo.panels[color] = { d = d, page = page, on = on, playing = playing, over = over,
    depth = depth, pending = pending, entries = entries }
  for _, entry in ipairs(entries) do
    ui[#ui + 1] = entry
  end
end

-- The seated player the table waits for who is away, with a public decision (or nil).
function V.absent(m, ctx)
  if m.state == nil or Model.simultaneous(m) then
    return nil
  end
  local who = Model.deciders(m)[1]
  if who ~= nil and not ctx.seated[who] then
    return who
  end
  return nil
end

function V.picture(m, ctx)
  local L, D = ctx.layout, ctx.D
  ctx.deciding = {}
  for _, c in ipairs(m.state and Model.deciders(m) or {}) do
    ctx.deciding[c] = true
  end
  local ui = {}
  local pv = Model.shown(m)
  ui[#ui + 1] = { "status:text", { text = status(m, ctx, pv) } }
  ui[#ui + 1] = { "start", m.state == nil and ON or OFF }
  ui[#ui + 1] = { "board", m.state and ON or OFF }
  ui[#ui + 1] = { "host", m.state and ON or OFF }
  ui[#ui + 1] = { "host:undo", { onClick = handler(m) } }
  ui[#ui + 1] = { "host:new", { active = pv and pv.phase == "over" and "true" or "false",
    onClick = handler(m) } }
  ctx.memo.rows = ctx.memo.rows or {}
  for k = 1, #L.seats do
    local p = pv and pv.players[k]
    ui[#ui + 1] = { "board:" .. k, p and ON or OFF }
    if p then
      local mode = STATUS[p.status] .. (p.ad_hoc and ", Ad Hoc" or "")
      local health = p.pilot == NULL and "-" or tostring(p.health)
      local sig = p.color .. p.vp .. ":" .. health .. ":" .. p.energy .. ":" .. p.credits .. mode
      local row = ctx.memo.rows[k]
      if row == nil or row.sig ~= sig then
        local pre = "board:" .. k .. ":"
        local cells = { color = p.color, vp = tostring(p.vp), health = health,
          energy = tostring(p.energy), credits = tostring(p.credits), status = mode }
        row = { sig = sig, entries = {} }
        for _, col in ipairs({ "color", "vp", "health", "energy", "credits", "status" }) do
          row.entries[#row.entries + 1] = { pre .. col .. ":text", { text = cells[col] } }
        end
        ctx.memo.rows[k] = row
      end
      for _, entry in ipairs(row.entries) do
        ui[#ui + 1] = entry
      end
    end
  end
  ui[#ui + 1] = { "board:final:text", { text = pv and pv.phase == "over" and Words.ranking(pv)
    or (pv and ("Mech: " .. (pv.mech.controller ~= NULL and pv.mech.controller or "free"))
    or "") } }
  local absent = V.absent(m, ctx)
  ui[#ui + 1] = { "proxy", absent and ON or OFF }
  if absent then
    local d = Model.decision(m, absent)
    ui[#ui + 1] = { "proxy:title",
      { text = "For " .. absent .. " (not seated): " .. Words.prompt(d) } }
    for k = 1, L.option_slots do
      local o = d.options[k]
      ui[#ui + 1] = { "proxy:opt:" .. k, o and { text = Words.label(D, pv, o.label),
        active = "true",
        onClick = handler(m) } or OFF }
    end
    ui[#ui + 1] = { "proxy:back", { active = Model.depth(m, absent) > 0 and "true" or "false",
      onClick = handler(m) } }
  end
  for _, seat in ipairs(L.seats) do
    if pv then
      seat_panel(m, ctx, pv, seat.color, ui)
    else
      ui[#ui + 1] = { "seat:" .. seat.color, OFF }
    end
  end
  local picture = { ui = ui, pieces = {}, piles = {}, faces = {}, labels = {} }
  if m.state ~= nil and ctx.pieces then
    picture.pieces = pieces(m, ctx, pv)
    picture.piles = weapon_piles(ctx, pv)
  end
  return picture
end

return V
