-- Tiny Epic Mechs' deal, for the table framework (glue.table): Start shuffles the decks with
-- TTS's randomness and reads the setup from them; the pilot cards not dealt or not kept leave
-- the table; a new game puts every card back.

local json = require("lib.json")
local tr = require("lib.tr")
local Paint = require("glue.paint")
local Piles = require("glue.piles")
local Log = require("glue.log")

local ids_in, destroy = Piles.ids_in, Piles.destroy

local NULL = json.null

-- The deal for the card data `raw` and the table's places `L`.
return function(raw, L)
  local Deal = {}

  -- The piles of cards a new game gathers (glue.piles), each by its cards.
  local PILES = {
    zones = { key = "zones", place = L.zone_deck, down = true,
      cards = Piles.guids(L.guids.zones, { raw.zones, raw.bases, { raw.mech_zone } }) },
    pilots = { key = "pilots", place = L.pilot_deck, down = true,
      cards = Piles.guids(L.guids.pilots, { raw.pilots }) },
    weapons = { key = "weapons", place = L.weapon_deck, down = true,
      cards = Piles.guids(L.guids.advanced, { raw.advanced }) },
  }
  local GATHER = { PILES.zones, PILES.weapons }
  for k, w in ipairs(raw.basic) do
    PILES["basic" .. k] = { key = "basic" .. k, place = L.basic[k], down = false,
      cards = L.guids.basic[w.id] }
    GATHER[#GATHER + 1] = PILES["basic" .. k]
  end

  local gone = {} -- pilot id -> true once its card left the table; `deck`: the pilot deck did
  local zone_of, pilot_of, weapon_of -- guid -> id, made at the first Start

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

  -- Start: the decks are found by the cards they hold (a deck the table gathered again may
  -- have a new GUID: TTS gives a deck two cards form one).
  function Deal.start(T, order)
    gone = {}
    if zone_of == nil then
      zone_of = Piles.ids_by_guid(L.guids.zones, { raw.zones, raw.bases, { raw.mech_zone } })
      pilot_of = Piles.ids_by_guid(L.guids.pilots, { raw.pilots })
      weapon_of = Piles.ids_by_guid(L.guids.advanced, { raw.advanced })
    end
    local zones = Paint.pile_holder(T.shown, PILES.zones)
    local pilots = Paint.pile_holder(T.shown, PILES.pilots)
    local weapons = Paint.pile_holder(T.shown, PILES.weapons)
    if zones == nil or pilots == nil or weapons == nil or zones.type ~= "Deck"
      or pilots.type ~= "Deck" or weapons.type ~= "Deck" then
      T.deal_failed(tr("A deck of the arena zones, pilots or weapons is missing: reload the save."))
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
    for _, id in ipairs(ids_in(zones, zone_of)) do
      if resource[id] and k < #cells then
        k = k + 1
        arena[cells[k]] = id
      end
    end
    -- the pilot deck as gathered, for a new game (encoded at the next save)
    T.spare, T.spare_text = pilots.getJSON(false), nil
    pilots.shuffle()
    local deck = ids_in(pilots, pilot_of)
    local dealt = json.object({})
    for i, color in ipairs(order) do
      dealt[color] = { deck[2 * i - 1], deck[2 * i] }
    end
    weapons.shuffle()
    local row = ids_in(weapons, weapon_of)
    -- Shuffled again: the game takes weapons by identity, so a Search of the deck shows
    -- nothing of what comes next.
    weapons.shuffle()
    T.say(Log.opening(T.spec, order))
    T.dealt({ players = order, arena = arena, pilots_dealt = dealt, weapons = row })
  end

  -- After each paint of the pieces: the pilot cards not kept leave the table once the pilots
  -- are revealed (a Search or a look at them would tell a rival's other pilot), and the
  -- pilots nobody was dealt leave with the deck that holds them once the dealt ones are out
  -- of it (a Search shows a deck's faces, and would narrow a rival's two pilots down).
  function Deal.placed(T)
    local state = T.m.state
    if state == nil then
      return
    end
    if not gone.deck then
      local deck = Paint.pile_holder(T.shown, PILES.pilots)
      local dealt = {}
      for _, p in ipairs(state.players) do
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
    for _, p in ipairs(state.players) do
      if p.pilot ~= NULL then
        for _, id in ipairs(p.dealt) do
          if id ~= p.pilot and not gone[id] then
            gone[id] = true
            destroy(L.guids.pilots[id])
          end
        end
      end
    end
  end

  -- A new game: every zone card and weapon back into its deck or pile, the pilot deck as it
  -- was gathered at Start; `done(ok)` once they lie there.
  function Deal.new_game(T, spare, done)
    for _, guid in pairs(L.guids.pilots) do
      destroy(guid)
    end
    spawnObjectJSON({ json = spare })
    gone = {}
    Paint.forget_all(T.shown)
    for _, pile in ipairs(GATHER) do
      Paint.gather(T.shown, pile)
    end
    Wait.condition(function()
      done(true)
    end, function()
      return next(T.shown.moving) == nil
    end, 20, function()
      done(false)
    end)
  end

  -- After a load: which pilot cards have left the table is seen again at the next paint.
  function Deal.loaded()
    gone = {}
  end

  return Deal
end
