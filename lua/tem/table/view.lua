-- Pure: the Tiny Epic Mechs table's pieces and scoreboard, for the table framework
-- (glue.table documents the view's part of the contract).
--
-- Every public piece comes from ctx.public, the core's view for no colour of the state the
-- table shows (what a spectator may know). The only facts read from the full state are
-- where each player's own cards lie in their own hand (a hand is hidden from the others by
-- TTS) and the direction of a card already revealed.

local json = require("lib.json")
local Count = require("lib.count")
local tr = require("lib.tr")
local Game = require("glue.game")
local Seats = require("glue.seats")
local Log = require("tem.table.log")

local NULL = json.null
local V = {}

local TURN = { N = 0, NE = 0, E = 90, SE = 90, S = 180, SW = 180, W = 270, NW = 270 }
local MINE_AT, TURRET_AT = { -0.95, 0.95 }, { 0.95, 0.95 }
local VP_OFFSETS = { { -0.18, 0.18 }, { 0.18, 0.18 }, { -0.18, -0.18 }, { 0.18, -0.18 } }
local STATUS = { pilot = tr("Pilot"), armor = tr("Power Armor"), mech = tr("Mighty Mech") }

-- A place `dx`, `dz` off `p`, at height `y` (nil: p's), turned `ry` (nil: p's), scaled `s`,
-- face down when `down`.
local function at(p, dx, dz, y, ry, s, down)
  return { x = p.x + dx, y = y or p.y, z = p.z + dz, ry = ry or p.ry, s = s, down = down }
end

local function seat_index(L, color)
  return select(2, Seats.of(L, color))
end

-- The weapons each side of a combat under way has used (colour -> ids): the combat's
-- decisions say which (the state keeps no exhaustion); nil outside a combat.
local function exhausted(ctx)
  local d = Game.shared_decision(ctx.m)
  return d and d.exhausted or nil
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

-- The zone cards of the arena.
local function zone_group(ctx, pv, ids)
  local L = ctx.layout
  local sig = {}
  for k, id in ipairs(ids) do
    sig[k] = pv.cells[id].zone
  end
  return { name = "zones", sig = table.concat(sig, ","), units = 2, place = function(put)
    for _, id in ipairs(ids) do
      local c = pv.cells[id]
      if c.zone ~= "" then
        put(L.guids.zones[c.zone], at(L.cells[id], 0, 0, nil, 180, L.cell_scale))
      end
    end
  end }
end

-- One seat's mines and turrets: on their cells, or beside the board.
local function token_group(ctx, pv, ids, seat)
  local L = ctx.layout
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
  local sig = table.concat(mines, ",") .. "/" .. table.concat(turrets, ",")
  return { name = "tokens:" .. seat.color, sig = sig, units = 1, place = function(put)
    local g = seat.guids
    for k, guid in ipairs(g.mines) do
      local cell = mines[k]
      put(guid, cell and at(L.cells[cell], MINE_AT[1], MINE_AT[2], 1.3, 180)
        or seat.stash[1 + k])
    end
    for k, guid in ipairs(g.turrets) do
      local cell = turrets[k]
      put(guid, cell and at(L.cells[cell], TURRET_AT[1], TURRET_AT[2], 1.3, 180)
        or seat.stash[1 + #g.mines + k])
    end
  end }
end

-- One seat's figure, markers, program cards, pilot cards and the Mech card it holds.
local function seat_pieces(ctx, pv, p, own, i, put, off)
  local L, D = ctx.layout, ctx.D
  local seat, mech = L.seats[i], pv.mech
  local g = seat.guids
  if p.zone ~= NULL then
    put(g.figure, at(L.cells[p.zone], off[1], off[2], 1.3, 180))
  else
    put(g.figure, seat.stash[1])
  end
  for _, kind in ipairs({ "health", "energy", "credits" }) do
    local track = seat.tracks[kind]
    put(g.markers[kind], track[math.max(0, math.min(p[kind], #track - 1)) + 1])
  end
  -- the track's spaces run 0..#L.vp - 1; past them the marker turns to its "+40" side (a
  -- score past twice the track stays at the last space: the scoreboard has the number)
  local spaces = #L.vp
  local vp = math.max(0, math.min(p.vp, 2 * spaces - 1))
  local o = VP_OFFSETS[i]
  put(g.markers.vp, at(L.vp[vp % spaces + 1], o[1], o[2], nil, nil, nil, vp >= spaces))
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

-- Where a figure stands in its cell: at the centre when alone, else spread a little round
-- it (the Mighty Mech keeps the centre), never near the cell's edge.
local SPREAD = 0.55

local function spot(L, pv, p)
  if p.zone == NULL then
    return { 0, 0 }
  end
  local k, n = 0, 0
  for _, q in ipairs(pv.players) do
    if q.zone == p.zone then
      n = n + 1
      if q == p then k = n end
    end
  end
  if n == 1 and pv.mech.zone ~= p.zone then
    return { 0, 0 }
  end
  local o = L.offsets[k]
  return { o[1] * SPREAD, o[2] * SPREAD }
end

local function seat_group(ctx, pv, p, own)
  local i = seat_index(ctx.layout, p.color)
  local mech = pv.mech
  local off = spot(ctx.layout, pv, p)
  local sig = tostring(p.zone) .. ":" .. off[1] .. "," .. off[2] .. ":" .. p.health .. ":"
    .. p.energy .. ":" .. p.credits .. ":" .. p.vp .. ":" .. table.concat(p.played, ",") .. ":"
    .. tostring(p.pilot) .. ":" .. p.status .. ":" .. tostring(mech.controller) .. ":"
    .. tostring(mech.side)
  return { name = p.color, sig = sig, units = 2, place = function(put)
    seat_pieces(ctx, pv, p, own, i, put, off)
  end }
end

local STATUS_WORDS = { pilot = tr("pilot"), armor = tr("in Power Armor"),
  mech = tr("in the Mighty Mech") }

-- Each figure's name (what TTS shows on hover): its colour, status and health.
function V.labels(ctx, labels)
  local L, pv = ctx.layout, ctx.public
  for _, p in ipairs(pv.players) do
    local g = L.seats[seat_index(L, p.color)].guids
    local said = { player = p.color, status = STATUS_WORDS[p.status], health = p.health }
    labels[#labels + 1] = { g.figure, p.ad_hoc
      and tr("{player} ({status}, health {health}, Ad Hoc Mode)", said)
      or tr("{player} ({status}, health {health})", said) }
  end
end

-- Every player's weapons beside their board: the equipped in the row toward the arena
-- (turned while exhausted in a combat under way), the others in the row behind; the row.
local function weapon_pieces(ctx, pv, used, put)
  local L = ctx.layout
  for _, p in ipairs(pv.players) do
    local i = seat_index(L, p.color)
    local seat = L.seats[i]
    local equipped, turned = {}, {}
    for _, w in ipairs(p.equipped) do
      equipped[w] = true
    end
    for _, w in ipairs(used[p.color] or {}) do
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

local function weapon_group(ctx, pv)
  local used = exhausted(ctx) or {}
  local sig = {}
  for i, p in ipairs(pv.players) do
    local u = used[p.color]
    sig[i] = table.concat(p.owned, ",") .. "/" .. table.concat(p.equipped, ",")
      .. (u and "/" .. table.concat(u, ",") or "")
  end
  sig[#sig + 1] = table.concat(pv.row, ",")
  return { name = "weapons", sig = table.concat(sig, ";"), units = 2, place = function(put)
    weapon_pieces(ctx, pv, used, put)
  end }
end

-- The Mighty Mech, its card while nobody holds it, the round marker.
local function shared_group(ctx, pv)
  local L, mech = ctx.layout, pv.mech
  local sig = tostring(mech.controller) .. tostring(mech.zone) .. pv.round
  return { name = "shared", sig = sig, units = 1, place = function(put)
    if mech.controller == NULL then
      put(L.guids.mech_card, at(L.mech_card, 0, 0, nil, nil, L.shared_scale))
    end
    if mech.zone ~= NULL then
      put(L.guids.mech, at(L.cells[mech.zone], 0, 0, 1.35, 180))
    end
    put(L.guids.round, L.rounds[math.max(1, math.min(pv.round, #L.rounds))])
  end }
end

-- The groups of pieces of the state shown, each with what its places depend on (glue.table
-- places a group again only when that changed, a few groups a frame).
function V.groups(ctx)
  local L, pv = ctx.layout, ctx.public
  local memo = ctx.memo.game
  if memo.cells == nil then -- the cells in order, once
    memo.cells = {}
    for id in pairs(pv.cells) do
      memo.cells[#memo.cells + 1] = id
    end
    table.sort(memo.cells)
  end
  local groups = { zone_group(ctx, pv, memo.cells) }
  for i, p in ipairs(pv.players) do
    groups[#groups + 1] = token_group(ctx, pv, memo.cells, L.seats[seat_index(L, p.color)])
    groups[#groups + 1] = seat_group(ctx, pv, p, ctx.m.state.players[i])
  end
  groups[#groups + 1] = weapon_group(ctx, pv)
  groups[#groups + 1] = shared_group(ctx, pv)
  return groups
end

-- The weapon piles: each basic weapon's copies nobody owns in its pile, and the advanced
-- weapons neither owned nor in the row in the weapon deck (a card left out by a load or an
-- undo part way through an action goes back: loose cards that touch merge into a deck).
-- What the public view says: which cards are in the deck, never its order.
function V.piles(ctx)
  local L, D, pv = ctx.layout, ctx.D, ctx.public
  local sig = {}
  for i, p in ipairs(pv.players) do
    sig[i] = table.concat(p.owned, ",")
  end
  sig[#sig + 1] = table.concat(pv.row, ",")
  local key = table.concat(sig, ";")
  local memo = ctx.memo.game.piles
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
  ctx.memo.game.piles = { key = key, piles = piles }
  return piles
end

V.COLUMNS = { "color", "vp", "health", "energy", "credits", "status" }

-- A player's row of the scoreboard.
function V.cells(_, p)
  local mode = p.ad_hoc and tr("{status}, Ad Hoc", { status = STATUS[p.status] })
    or STATUS[p.status]
  return { p.color, tostring(p.vp), p.pilot == NULL and "-" or tostring(p.health),
    tostring(p.energy), tostring(p.credits), mode }
end

-- The text under the scoreboard: who holds the Mighty Mech; at the end each player's score
-- by category, in the ranking's order, and who won and why.
function V.final(ctx)
  local pv = ctx.public
  if pv.phase == "over" then
    local lines = { tr("Final score: zones + combat + KOs + Mighty Mech + weapons = VP") }
    local by = {}
    for _, p in ipairs(pv.players) do
      local zones = 0
      for _, v in ipairs(p.vp_by.rounds) do
        zones = zones + v
      end
      local b = p.vp_by
      by[p.color] = tr("{player}: {zones} + {combat} + {ko} + {mech} + {weapons} = {vp}",
        { player = p.color, zones = zones, combat = b.combat, ko = b.ko, mech = b.mech,
          weapons = b.weapons, vp = Count.of(ctx.D.units, p.vp, "vp") })
    end
    for _, r in ipairs(pv.ranking) do
      lines[#lines + 1] = tr("{place}. {score}", { place = r.place, score = by[r.color] })
    end
    lines[#lines + 1] = Log.winner(pv)
    return table.concat(lines, "\n")
  end
  if pv.mech.controller == NULL then
    return tr("Mech: nobody controls it") -- (not a price's "free": one catalogue entry a meaning)
  end
  return tr("Mech: {player}", { player = pv.mech.controller })
end

return V
