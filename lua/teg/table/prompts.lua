-- What each decision asks, in the players' words: the panel's title and the status line.
--
-- A decision carries only the field it sets (`name`) and who answers it (teg.core.engine);
-- the words come from where it stands: the kind of action (the path's first option), the
-- planet whose action is under way (the innermost object of the action being built) and the
-- follow window. A pure function over plain data, so a test can ask it about every decision
-- both engines produce (tests/test_table_prompts.py).

local Count = require("lib.count")
local tr = require("lib.tr")

local P = {}

-- The planet whose action the decision belongs to (nil outside any planet's action): the
-- innermost object of `action` that holds an `ability`, by the field naming its planet. The
-- walk goes down a planet's action (`ability`), the last of its moves (`moves`) and a die
-- used again (`use`).
local function planet_of(action)
  local obj, planet, last = action, nil, action
  while type(obj) == "table" do
    last = obj
    if type(obj.ability) == "table" then
      local id = obj.planet or obj.colony or obj.to
      if type(id) == "string" then
        planet = string.match(id, "([^:]+)$")
      end
      obj = obj.ability
    elseif type(obj.moves) == "table" and #obj.moves > 0 then
      obj = obj.moves[#obj.moves]
    elseif type(obj.use) == "table" then
      obj = obj.use
    else
      obj = nil
    end
  end
  return planet, last
end

-- Effects whose decisions are a die face's own (the face used again or for free): their
-- words are those of the face, under the planet's name.
local FACE_USE = { free_action = true, repeat_die = true }

-- What a follow costs: "1 culture", "free".
function P.cost_text(D, cost)
  local bits = {}
  for _, r in ipairs(D.resources) do
    if (cost[r] or 0) > 0 then
      bits[#bits + 1] = Count.of(D.game.units, cost[r], r)
    end
  end
  return #bits == 0 and tr("free") or table.concat(bits, tr(" and "))
end

local function has_done(d)
  for _, o in ipairs(d.options or {}) do
    if o.id == "done" then
      return true
    end
  end
  return false
end

-- Words by decision name: a string, or function(c) -> string where c = { D, state, kind
-- (the action's type), planet (its name, or nil), decision, done }.
P.BY_NAME = {
  type = function(c)
    local w = c.state.follow[1]
    if w then
      local face = c.D.face[w.face]
      return tr("Follow {player}'s {face} ({cost})?", { player = c.state.active,
        face = face and face.name or w.face, cost = P.cost_text(c.D, w.cost) })
    end
    return tr("Your turn: what will you do?")
  end,
  die = function(c)
    if c.kind == "convert" then
      return tr("Which die will the converter change?")
    elseif c.planet then
      return tr("Which die will you use again?")
    end
    return tr("Which die will you activate?")
  end,
  ship = function(c)
    if c.planet then
      return tr("Which ship?")
    end
    return tr("Which ship will you move?")
  end,
  to = tr("Where will the ship go?"),
  ability = function(c)
    local p = c.D.planet[c.last.to]
    return tr("You landed on {planet}: use its action?",
      { planet = p and p.name or tr("the planet") })
  end,
  planet = function(c)
    if c.planet then
      return tr("Which planet?")
    end
    return tr("Which planet will you advance on?")
  end,
  colony = tr("Which colony will you use (or upgrade your empire)?"),
  pay = tr("How will you pay?"),
  dice = function(c)
    if c.kind == "reroll" then
      return tr("Which dice will you reroll?")
    end
    return tr("Which dice?")
  end,
  spend = tr("Which two dice will the converter spend?"),
  discard = tr("Which dice will you discard to pay for it?"),
  targets = tr("Whose ships go back?"),
  face = function(c)
    if c.kind == "convert" then
      return tr("Which face will the die show?")
    end
    return tr("Which die face will you use?")
  end,
  amount = tr("How much will you trade?"),
  player = tr("Whom will you take from?"),
  resource = tr("Which will you gain?"),
  back = tr("Which ship moves back?"),
  forward = tr("Which ship moves forward?"),
}

-- Words for the decisions inside a planet's action, by its effect (cards/teg/planets.yaml);
-- a name not listed falls back to P.BY_NAME.
P.BY_EFFECT = {
  advance = { ship = tr("Which ship advances?") },
  extra_moves = { ship = tr("Which ship will you move?"), to = tr("Where will the ship go?") },
  recall = { ship = tr("Which ship returns home?"), resource = tr("Which will you gain?") },
  relocate = { ship = tr("Which ship moves to another planet?"), planet = tr("To which planet?") },
  discard_planet = { planet = tr("Which planet leaves the row?") },
  use_planet = { planet = tr("Whose action on the row will you use?") },
  use_colony = { colony = tr("Which colony's action will you use?") },
  repeat_die = { die = tr("Which die you activated will you use again?") },
  set_face = { dice = tr("Which dice will you turn?"), to = tr("Which face will the die show?") },
  reroll = { dice = tr("Which dice will you reroll?") },
  free_action = { face = tr("Which die face will you use, free?") },
}

-- A rival answering inside the active player's planet action (Terra-Bettia) is asked by
-- their own colour as the decision name.
local function rival_prompt(c)
  return tr("{player} used {planet}'s action: which of your ships advances?",
    { player = c.state.active, planet = c.planet or tr("a planet") })
end

-- The prompt for decision `d` of the action being built (`path`, `action` so far); nil when
-- no words are known (the test over both engines makes that a failure).
function P.prompt(D, state, d, path, action)
  local c = { D = D, state = state, kind = path[1], decision = d }
  local id, last = planet_of(action or {})
  local planet = id and D.planet[id]
  local effect = planet and planet.ability and planet.ability.effect
  c.last = last
  -- c.planet: the planet whose own decisions these are (a face used through a planet asks
  -- what the face asks)
  c.planet = planet and not FACE_USE[effect] and planet.name or nil
  local by_effect = effect and P.BY_EFFECT[effect]
  local words = by_effect and by_effect[d.name] or P.BY_NAME[d.name]
  local text
  if words == nil then
    for _, p in ipairs(state.players) do
      if p.color == d.name then
        text = rival_prompt(c)
      end
    end
    if text == nil then
      return nil
    end
  elseif type(words) == "function" then
    text = words(c)
  else
    text = words
  end
  if planet and d.name ~= "ability" and d.name ~= d.player then
    text = tr("{planet}'s action: {question}", { planet = planet.name,
      question = string.lower(string.sub(text, 1, 1)) .. string.sub(text, 2) })
  end
  if has_done(d) then
    text = text .. tr(" Pick them one at a time, then Done.")
  end
  return text
end

return P
