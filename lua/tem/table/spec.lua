-- Tiny Epic Mechs' parts for the table framework (docs/table.md: the contract): its rules
-- core, data and places, its words (tem.table.words), its view (tem.table.view), its deal
-- (tem.table.deal), its flow (tem.table.flow) and what its decisions need (which are
-- secret, where the record's resume point goes, what an undo may not take back). Made
-- without touching TTS: the Global script runs the table with them, and `ttsmod replay`
-- tells a record's story with them.
--
-- Secret decisions (a pilot, the base mine, the basic weapon, programs and their
-- directions, a mine's number) are asked in a dialog only their player sees.

local Engine = require("tem.core.engine")
local View = require("tem.table.view")
local Words = require("tem.table.words")
local Deal = require("tem.table.deal")
local tr = require("lib.tr")
local L = require("tem.layout")
local raw = require("tem.data")
local Bots = require("tem.table.bots")
local Flow = require("tem.table.flow")

return function()
  local PRIVATE = { pilot = true, base_mine = true, basic = true, program = true, direction = true,
    mine_number = true }

  -- The card data as the words and the view read it.
  local D = { name = raw.game.name, names = {}, private = PRIVATE, cap = raw.game.resource_cap,
    rounds = raw.game.rounds, units = raw.game.units }
  for _, list in ipairs({ raw.zones, raw.bases, { raw.mech_zone }, raw.basic, raw.advanced,
    raw.pilots, raw.sides, raw.programs }) do
    for _, c in ipairs(list) do
      D.names[c.id] = c.name
    end
  end
  local function ids(list)
    local out = {}
    for i, c in ipairs(list) do
      out[i] = c.id
    end
    return out
  end
  D.programs, D.sides = ids(raw.programs), ids(raw.sides)
  D.program_cards = raw.game.program_cards -- cards programmed a round
  D.weapons = {} -- id -> the weapon's card (the log names its type and ability)
  for _, list in ipairs({ raw.basic, raw.advanced }) do
    for _, w in ipairs(list) do
      D.weapons[w.id] = w
    end
  end
  D.basic, D.advanced = ids(raw.basic), ids(raw.advanced)
  D.layouts = raw.layouts -- (each arena's edges are worked out when first named: tem.table.log)
  -- what the log's running totals need of the rules' numbers: the health at its most of each
  -- pilot and status, the resources a KO leaves a pilot at least
  D.statuses, D.ko_floor, D.pilot_health = raw.game.statuses, raw.game.ko_resource_floor, {}
  for _, q in ipairs(raw.pilots) do
    D.pilot_health[q.id] = q.health
  end
  -- a KO's VP, and the cards whose ability adds to it or spares a player a mine (id -> kind):
  -- the log names a part of an amount by its cause
  D.ko_vp = raw.game.vp.ko
  D.ability = {}
  for _, list in ipairs({ raw.pilots, raw.sides }) do
    for _, c in ipairs(list) do
      D.ability[c.id] = c.ability and c.ability.kind
    end
  end

  -- The pieces the table keeps in place (guid -> kind).
  local pieces = {}
  for _, seat in ipairs(L.seats) do
    local g = seat.guids
    pieces[g.figure] = "figure"
    for _, list in ipairs({ g.mines, g.turrets }) do
      for _, guid in ipairs(list) do
        pieces[guid] = "token"
      end
    end
    for _, kind in ipairs({ "health", "energy", "credits", "vp" }) do
      pieces[g.markers[kind]] = "token"
    end
    for _, id in ipairs(D.programs) do
      pieces[g.programs[id]] = "card"
    end
  end
  for _, pair in ipairs({ { L.guids.zones, { raw.zones, raw.bases, { raw.mech_zone } } },
    { L.guids.pilots, { raw.pilots } }, { L.guids.advanced, { raw.advanced } } }) do
    for _, list in ipairs(pair[2]) do
      for _, c in ipairs(list) do
        pieces[pair[1][c.id]] = "card"
      end
    end
  end
  for _, w in ipairs(raw.basic) do
    for _, guid in ipairs(L.guids.basic[w.id]) do
      pieces[guid] = "card"
    end
  end
  pieces[L.guids.mech] = "figure"
  pieces[L.guids.mech_card] = "card"
  pieces[L.guids.round] = "token"
  local flow = Flow(D.names)

  return {
    id = "tem", name = raw.game.name, players = raw.game.players, data = D, layout = L,
    core = Engine.new(raw), words = Words, view = View, deal = Deal(raw, L), pieces = pieces,
    bots = Bots(raw), -- what its bots value (glue.botplay seats them)
    private = PRIVATE, apply_cost = 4,
    -- The flow (tem.table.flow): what a click takes, the equip windows the table answers, a
    -- program confirmed once.
    lookahead = flow.lookahead, inline = flow.inline, inline_lookahead = flow.inline_lookahead,
    extras = flow.extras, auto = flow.auto, chose = flow.chose, confirm = flow.confirm,
    part_way = true, -- a turn shows as it happens: the figure moves, then each attack
    told = { attack = true }, -- an attack is in the log once made: Back never takes it back
    -- The state's fields the resume point does not save (what the last action did: the
    -- log's events); a load starts them empty.
    transient = { "events" },
    -- The record's resume point: the start of each round, and every other action (a turn
    -- costs a load as much as decoding a state: it replays one at most).
    resume_every = 2,
    resume = function(before, _, after)
      return after.phase == "program" and before.phase ~= "program"
    end,
    -- The pilot cards not kept leave the table when the pilots are revealed.
    final = function(before, _, after)
      if before.phase == "pilot" and after.phase ~= "pilot" then
        return tr("the pilots not kept left the table when the pilots were revealed; that "
          .. "reveal cannot be taken back")
      end
      return nil
    end,
  }
end
