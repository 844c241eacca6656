-- Tiny Epic Galaxies rules engine: new game, legal actions, apply, scores.
--
-- Pure: no TTS calls, no globals, no randomness (roll outcomes come inside the actions).
-- apply(state, action) returns a new state, or nil and the reason; the state passed in is
-- never changed. States and actions are plain data (see lib.json for null and {} vs []).
--
--   local Engine = require("teg.core.engine")
--   local game = Engine.new(require("teg.data"))
--   local state = game.new_game(setup)
--   local nxt, why = game.apply(state, action)

local json = require("lib.json")
local S = require("teg.core.state")
local Rules = require("teg.core.rules")

local NULL = json.null
local obj = json.object
local refuse = S.refuse

local Engine = {}

-- The dice of `ready` other than the two in `pair` (the converter's third die comes from them).
local function others(ready, pair)
  local rest = {}
  for _, i in ipairs(ready) do
    if i ~= pair[1] and i ~= pair[2] then
      rest[#rest + 1] = i
    end
  end
  return rest
end

local TYPES = { roll = true, reroll = true, convert = true, activate = true, follow = true,
  pass = true, end_turn = true }

function Engine.new(raw)
  local D = S.index(raw)
  local R = Rules.new(D)
  local E = {}

  local function dice_to_roll(state)
    return D.levels[state.players[S.active_seat(state)].empire].dice
  end

  local function reroll_cost(state)
    if state.turn.rerolls < D.game.reroll.free_per_turn then
      return nil
    end
    return D.game.reroll.cost
  end

  local function pay_to_follow(state, seat)
    R:pay(state.players[seat], state.follow[1].cost, "following")
    local active = state.players[S.active_seat(state)]
    for _, r in ipairs(D.resources) do
      R:gain(active, r, state.turn.follow_bonus[r])
    end
  end

  -- The state as `seat` sees it once they have paid to follow (a view: only the follower's
  -- and the active player's resources change).
  local function paid_to_follow(state, seat)
    local paid = R.view_for(state, { seat, S.active_seat(state) }, false)
    paid.turn = state.turn
    pay_to_follow(paid, seat)
    return paid
  end

  -- Uses of the open window's face for `seat`, judged after paying to follow.
  local function follow_choices(state, seat)
    if not R:can_pay(state.players[seat], state.follow[1].cost) then
      return {}
    end
    local ctx = { seat = seat, depth = 1, following = true }
    return R:choices(paid_to_follow(state, seat), ctx, state.follow[1].face)
  end

  -- A die counts as activated while its own action resolves.
  local function with_used(state, die)
    local view = Rules.shallow(state)
    view.dice = {}
    for i, d in ipairs(state.dice) do
      view.dice[i] = { face = d.face, state = d.state }
    end
    view.dice[die + 1].state = "used"
    return view
  end

  function E.new_game(setup)
    return S.new_state(D, setup)
  end

  function E.is_over(state)
    return state.phase == "over"
  end

  -- The color of the player who must act next (nil once the game is over).
  function E.to_act(state)
    if state.phase == "over" then
      return nil
    end
    if #state.follow > 0 then
      return state.follow[1].waiting[1]
    end
    return state.active
  end

  function E.legal_actions(state)
    local out = {}
    if state.phase == "over" then
      return out
    end
    if #state.follow > 0 then
      local color = state.follow[1].waiting[1]
      out[1] = { type = "pass", player = color }
      -- Each listed use is a fresh table nobody else holds: it becomes the action itself.
      for _, use in ipairs(follow_choices(state, S.seat_of(state, color))) do
        use.type = "follow"
        use.player = color
        out[#out + 1] = use
      end
      return out
    end
    if state.stage == "roll" then
      return { { type = "roll", faces = NULL } }
    end
    local ready = R:ready_dice(state)
    local me = S.active_seat(state)
    local cost = reroll_cost(state)
    if #ready > 0 and (cost == nil or R:can_pay(state.players[me], cost)) then
      for _, pick in ipairs(R:picks(state, ready, nil)) do
        out[#out + 1] = { type = "reroll", dice = pick, faces = NULL }
      end
    end
    if not state.turn.converted and #ready >= 3 then
      for _, spend in ipairs(R:picks(state, ready, 2)) do
        for _, group in ipairs(R:face_groups(state, others(ready, spend))) do
          for _, face in ipairs(D.face_ids) do
            out[#out + 1] = { type = "convert", spend = spend, die = group[1], face = face }
          end
        end
      end
    end
    for _, group in ipairs(R:face_groups(state, ready)) do
      local die = group[1]
      local face = state.dice[die + 1].face
      for _, use in ipairs(R:choices(with_used(state, die), { seat = me, depth = 1 }, face)) do
        use.type = "activate"
        use.die = die
        out[#out + 1] = use
      end
    end
    out[#out + 1] = { type = "end_turn" }
    return out
  end

  -- handlers: each changes the (copied) state and returns the seat that acted ------------------

  local function by_active(state, action, stage)
    if #state.follow > 0 then
      refuse("waiting for " .. state.follow[1].waiting[1] .. " to follow or pass")
    end
    if action.player ~= nil and action.player ~= state.active then
      refuse("it is " .. state.active .. "'s turn")
    end
    if state.stage ~= stage then
      refuse(state.stage == "roll" and "roll the dice first" or "the dice are already rolled")
    end
    return S.active_seat(state)
  end

  local function decider(state, action)
    if #state.follow == 0 then
      refuse("no follow window is open")
    end
    local color = state.follow[1].waiting[1]
    if action.player ~= color then
      refuse("it is " .. color .. "'s turn to follow or pass")
    end
    return S.seat_of(state, color)
  end

  local function without(action, drop)
    local use = obj({})
    for k, v in next, action do -- every key, order irrelevant
      local keep = true
      for _, d in ipairs(drop) do
        keep = keep and k ~= d
      end
      if keep then
        use[k] = v
      end
    end
    return use
  end

  local H = {}

  function H.roll(state, action)
    Rules.exact_keys(action, { "type", "faces" }, { "player" }, "roll")
    local me = by_active(state, action, "roll")
    R:check_faces(action.faces, dice_to_roll(state))
    state.dice = {}
    for i, face in ipairs(action.faces) do
      state.dice[i] = { face = face, state = "ready" }
    end
    state.stage = "main"
    return me
  end

  function H.reroll(state, action)
    Rules.exact_keys(action, { "type", "dice", "faces" }, { "player" }, "reroll")
    local me = by_active(state, action, "main")
    local cost = reroll_cost(state)
    if cost then
      R:pay(state.players[me], cost, "a reroll after the free one")
    end
    R:reroll(state, action.dice, action.faces)
    state.turn.rerolls = state.turn.rerolls + 1
    return me
  end

  function H.convert(state, action)
    Rules.exact_keys(action, { "type", "spend", "die", "face" }, { "player" }, "convert")
    local me = by_active(state, action, "main")
    if state.turn.converted then
      refuse("the converter was already used this turn")
    end
    local spend = Rules.index_list(action.spend, "spend")
    local die = action.die
    if type(die) ~= "number" or die ~= math.floor(die) then
      refuse("die must be an integer")
    end
    local ready = R:ready_dice(state)
    local function is_ready(i)
      for _, r in ipairs(ready) do
        if r == i then
          return true
        end
      end
      return false
    end
    if #spend ~= 2 or not is_ready(spend[1]) or not is_ready(spend[2]) then
      refuse("spend must name two unused dice")
    end
    if die == spend[1] or die == spend[2] or not is_ready(die) then
      refuse("die must be a third unused die")
    end
    R:require_pick(state, spend, ready)
    R:require_pick(state, { die }, others(ready, spend))
    R:check_faces({ action.face }, 1)
    state.dice[spend[1] + 1].state = "spent"
    state.dice[spend[2] + 1].state = "spent"
    state.dice[die + 1].face = action.face
    state.turn.converted = true
    return me
  end

  function H.activate(state, action)
    local me = by_active(state, action, "main")
    local die = action.die
    if type(die) ~= "number" or die ~= math.floor(die) then
      refuse("die must be an integer")
    end
    local d = state.dice[die + 1]
    if die < 0 or d == nil or d.state ~= "ready" then
      refuse("that die is not an unused die")
    end
    R:require_pick(state, { die }, R:ready_dice(state))
    d.state = "used"
    R:use_face(state, { seat = me, depth = 1 }, d.face, without(action, { "type", "die", "player" }))
    local waiting = {}
    for _, seat in ipairs(S.rivals(state, me)) do
      waiting[#waiting + 1] = state.players[seat].color
    end
    state.follow[#state.follow + 1] = { face = d.face, cost = S.copy(state.turn.follow_cost),
      waiting = waiting }
    return me
  end

  function H.follow(state, action)
    local seat = decider(state, action)
    local window = state.follow[1]
    pay_to_follow(state, seat)
    R:use_face(state, { seat = seat, depth = 1, following = true }, window.face,
      without(action, { "type", "player" }))
    table.remove(window.waiting, 1)
    return seat
  end

  H["pass"] = function(state, action)
    Rules.exact_keys(action, { "type", "player" }, {}, "pass")
    local seat = decider(state, action)
    table.remove(state.follow[1].waiting, 1)
    return seat
  end

  local function finish(state)
    for i, p in ipairs(state.players) do
      p.mission_vp = S.mission_vp(D, state, i)
      p.vp = S.running_vp(D, p) + p.mission_vp
    end
    state.phase = "over"
    state.stage = "over"
    state.ranking = S.ranking(state)
  end

  function H.end_turn(state, action)
    Rules.exact_keys(action, { "type" }, { "player" }, "end_turn")
    local me = by_active(state, action, "main")
    state.dice = {}
    state.turn = S.fresh_turn(D)
    for _, p in ipairs(state.players) do
      p.once_used = {}
    end
    local last = me == #state.players
    if state.final_round and last then
      finish(state)
      return me
    end
    state.active = state.players[me % #state.players + 1].color
    if last then
      state.round = state.round + 1
    end
    state.stage = "roll"
    return me
  end

  local function can_follow(state, color)
    local seat = S.seat_of(state, color)
    if not R:can_pay(state.players[seat], state.follow[1].cost) then
      return false
    end
    local ctx = { seat = seat, depth = 1, following = true }
    return R:has_choice(paid_to_follow(state, seat), ctx, state.follow[1].face)
  end

  -- After every action: VP, the end trigger, and who decides next in the follow windows.
  local function settle(state, actor)
    if state.phase == "over" then
      return
    end
    for _, p in ipairs(state.players) do
      p.vp = S.running_vp(D, p)
    end
    if state.end_triggered_by == NULL then
      local order = { actor }
      for _, seat in ipairs(S.rivals(state, actor)) do
        order[#order + 1] = seat
      end
      for _, seat in ipairs(order) do
        if state.players[seat].vp >= D.game.end_vp then
          state.end_triggered_by = state.players[seat].color
          state.final_round = true
          break
        end
      end
    end
    if #state.row == 0 then
      state.final_round = true -- nothing left to colonize
    end
    while #state.follow > 0 do
      local waiting = state.follow[1].waiting
      while #waiting > 0 and not can_follow(state, waiting[1]) do
        table.remove(waiting, 1)
      end
      if #waiting > 0 then
        break
      end
      table.remove(state.follow, 1)
    end
    if state.stage ~= "roll" then
      state.stage = #state.follow > 0 and "follow" or "main"
    end
  end

  -- The state after `action`, or nil and the reason it is refused.
  function E.apply(state, action)
    if not json.is_object(action) then
      return nil, "an action must be an object"
    end
    if not TYPES[action.type] then
      return nil, "unknown action type"
    end
    if state.phase == "over" then
      return nil, "the game is over"
    end
    local nxt = S.clone(state)
    local ok, err = pcall(function()
      local actor = H[action.type](nxt, action)
      settle(nxt, actor)
    end)
    if ok then
      return nxt
    end
    local reason = S.refusal(err)
    if reason == nil then
      error(err, 0) -- a bug, not a refusal: let it surface
    end
    return nil, reason
  end

  -- VP by color (running during play, final once over).
  function E.scores(state)
    local out = {}
    for _, p in ipairs(state.players) do
      out[p.color] = p.vp
    end
    return out
  end

  E.decision = Rules.decision
  return E
end

return Engine
