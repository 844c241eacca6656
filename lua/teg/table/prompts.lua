-- What each decision asks, in the players' words: the panel's title and the status line.
--
-- A decision carries only the field it sets (`name`) and who answers it (teg.core.engine);
-- the words come from where it stands: the kind of action (the path's first option), the
-- planet whose action is under way (the innermost object of the action being built) and the
-- follow window. A pure function over plain data, so a test can ask it about every decision
-- both engines produce (tests/test_table_prompts.py).

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

local function cost_text(D, cost)
  local bits = {}
  for _, r in ipairs(D.resources) do
    if (cost[r] or 0) > 0 then
      bits[#bits + 1] = cost[r] .. " " .. r
    end
  end
  return #bits == 0 and "free" or table.concat(bits, " and ")
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
      return "Follow " .. c.state.active .. "'s " .. (face and face.name or w.face)
        .. " (" .. cost_text(c.D, w.cost) .. ")?"
    end
    return "Your turn: what will you do?"
  end,
  die = function(c)
    if c.kind == "convert" then
      return "Which die will the converter change?"
    elseif c.planet then
      return "Which die will you use again?"
    end
    return "Which die will you activate?"
  end,
  ship = function(c)
    if c.planet then
      return "Which ship?"
    end
    return "Which ship will you move?"
  end,
  to = "Where will the ship go?",
  ability = function(c)
    local p = c.D.planet[c.last.to]
    return "You landed on " .. (p and p.name or "the planet") .. ": use its action?"
  end,
  planet = function(c)
    if c.planet then
      return "Which planet?"
    end
    return "Which planet will you advance on?"
  end,
  colony = "Which colony will you use (or upgrade your empire)?",
  pay = "How will you pay?",
  dice = function(c)
    if c.kind == "reroll" then
      return "Which dice will you reroll?"
    end
    return "Which dice?"
  end,
  spend = "Which two dice will the converter spend?",
  discard = "Which dice will you discard to pay for it?",
  targets = "Whose ships go back?",
  face = function(c)
    if c.kind == "convert" then
      return "Which face will the die show?"
    end
    return "Which die face will you use?"
  end,
  amount = "How much will you trade?",
  player = "Whom will you take from?",
  resource = "Which will you gain?",
  back = "Which ship moves back?",
  forward = "Which ship moves forward?",
}

-- Words for the decisions inside a planet's action, by its effect (cards/teg/planets.yaml);
-- a name not listed falls back to P.BY_NAME.
P.BY_EFFECT = {
  advance = { ship = "Which ship advances?" },
  extra_moves = { ship = "Which ship will you move?", to = "Where will the ship go?" },
  recall = { ship = "Which ship returns home?", resource = "Which will you gain?" },
  relocate = { ship = "Which ship moves to another planet?", planet = "To which planet?" },
  discard_planet = { planet = "Which planet leaves the row?" },
  use_planet = { planet = "Whose action on the row will you use?" },
  use_colony = { colony = "Which colony's action will you use?" },
  repeat_die = { die = "Which die you activated will you use again?" },
  set_face = { dice = "Which dice will you turn?", to = "Which face will the die show?" },
  reroll = { dice = "Which dice will you reroll?" },
  free_action = { face = "Which die face will you use, free?" },
}

-- A rival answering inside the active player's planet action (Terra-Bettia) is asked by
-- their own colour as the decision name.
local function rival_prompt(c)
  return c.state.active .. " used " .. (c.planet or "a planet") .. "'s action: which of your ships advances?"
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
    text = planet.name .. "'s action: " .. string.lower(string.sub(text, 1, 1)) .. string.sub(text, 2)
  end
  if has_done(d) then
    text = text .. " Pick them one at a time, then Done."
  end
  return text
end

return P
