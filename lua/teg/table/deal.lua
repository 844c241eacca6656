-- Tiny Epic Galaxies' deal, for the table framework (glue.table): Start gathers every card
-- into its deck, shuffles with TTS's randomness, reads the game's order and deals two secret
-- missions into each hand; each player keeps one (the framework's setup picks), and the one
-- not kept leaves the table unseen. A new game brings the mission deck back.

local json = require("lib.json")
local Paint = require("glue.paint")
local Piles = require("glue.piles")
local Log = require("glue.log")
local tr = require("lib.tr")

local ids_in, destroy = Piles.ids_in, Piles.destroy

-- The deal for the card data `raw`, its index `D` and the table's places `L`.
return function(raw, D, L)
  local Deal = {}

  local seat_of = {}
  for _, seat in ipairs(L.seats) do
    seat_of[seat.color] = seat
  end
  local planet_of_guid, planet_guids = {}, {}
  for _, p in ipairs(raw.planets) do
    local guid = L.planets[p.id].guid
    planet_of_guid[guid] = p.id
    planet_guids[#planet_guids + 1] = guid
  end
  local mission_of_guid, mission_guids = {}, {}
  for _, mission in ipairs(raw.missions) do
    local guid = L.missions[mission.id]
    mission_of_guid[guid] = mission.id
    mission_guids[#mission_guids + 1] = guid
  end
  Deal.mission_guids = mission_guids

  -- Every planet card back in the planet deck, every mission card in the mission deck.
  local ALL_PLANETS = { key = "planets", place = L.planet_pile, down = true, cards = planet_guids }
  local ALL_MISSIONS = { key = "missions", place = L.mission_pile, down = true,
    cards = mission_guids }

  -- The Keep button on each offered mission card, marked with its number, so the owner tells
  -- the cards apart without hovering (the label says nothing of the mission). Buttons are
  -- not saved with objects: a load while missions are chosen makes them again.
  local function mark_missions(T)
    local p = T.m.picks
    if p == nil then
      return
    end
    for color, offer in pairs(p.offers) do
      if p.kept[color] == nil then
        for k, id in ipairs(offer) do
          local card = getObjectFromGUID(L.missions[id])
          if card ~= nil then
            card.clearButtons()
            card.setName(tr("Secret mission {k}", { k = k }))
            card.createButton({ click_function = "onKeepMission", label = tr("Keep {k}", { k = k }),
              position = { 0, 0.3, 1.15 }, width = 900, height = 260, font_size = 150 })
          end
        end
      end
    end
  end

  -- The cards are in their decks: shuffle, deal the missions, begin choosing them.
  local function deal(T, order)
    local planets = Paint.pile_holder(T.shown, ALL_PLANETS)
    local missions = Paint.pile_holder(T.shown, ALL_MISSIONS)
    if planets == nil or missions == nil or planets.type ~= "Deck" or missions.type ~= "Deck"
      or #planets.getObjects() ~= #planet_guids or #missions.getObjects() ~= #mission_guids then
      T.deal_failed(tr("Some planet cards or mission cards could not be gathered into their "
        .. "decks: reload the save."))
      return
    end
    -- the mission deck as gathered, for a new game (encoded at the next save)
    T.spare, T.spare_text = missions.getJSON(false), nil
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
        card.setDescription(tr("Secret mission {k}: press Keep on the card you keep.", { k = j }))
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
    T.dealt({ players = json.array(order), deck = json.array(deck) }, offers, T.spec.picks)
    T.say(Log.opening(T.spec, order))
  end

  -- Start: every card goes back to its deck first, wherever players put them.
  function Deal.start(T, order)
    Paint.gather(T.shown, ALL_PLANETS)
    Paint.gather(T.shown, ALL_MISSIONS)
    Wait.condition(function()
      deal(T, order)
    end, function()
      return next(T.shown.moving) == nil
    end, 10, function()
      T.deal_failed(tr("The cards could not be gathered into their decks; press Start again."))
    end)
  end

  -- The missions are being chosen (the frame after the deal): their Keep buttons.
  Deal.begun = mark_missions

  -- A colour kept a mission: the card says so, the one not kept leaves the game unseen (no
  -- deck on the table to search).
  function Deal.picked(T, color, kept, back)
    local card = getObjectFromGUID(L.missions[kept])
    if card ~= nil then
      card.setDescription(tr("Your secret mission."))
      card.setName(tr("Your secret mission"))
      card.clearButtons()
    end
    for _, id in ipairs(back) do
      destroy(L.missions[id])
    end
    if T.m.state ~= nil then
      T.announce(T.spec.words.begun(D, T.m.state))
    end
  end

  -- A player who left while choosing was removed: their missions leave the table.
  function Deal.dropped(T, _, offered)
    for _, id in ipairs(offered) do
      destroy(L.missions[id])
    end
    if T.m.state ~= nil then
      T.announce(T.spec.words.begun(D, T.m.state))
    end
  end

  -- A new game: the missions of the game that ended go, the deck as it was gathered comes
  -- back (Start gathers every card into its deck).
  function Deal.new_game(T, spare, done)
    for _, g in ipairs(mission_guids) do
      destroy(g)
    end
    spawnObjectJSON({ json = spare })
    Paint.forget_all(T.shown) -- the piles are found again at Start
    done(true)
  end

  -- After a load: the Keep buttons again, the dice free to pick up, the note away once a game
  -- is under way.
  function Deal.loaded(T)
    mark_missions(T)
    for _, g in ipairs(L.dice.guids) do
      local die = getObjectFromGUID(g)
      if die ~= nil then
        die.interactable = true -- not saved by TTS: set again after every load
      end
    end
    if T.m.state ~= nil or T.m.picks ~= nil then
      destroy(L.note) -- it says how to start: a game is under way
    end
  end

  return Deal
end
