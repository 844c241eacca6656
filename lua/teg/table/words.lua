-- Pure: Tiny Epic Galaxies in the players' words, for the table framework (glue.table
-- documents the words' part of the contract): what each decision asks (teg.table.prompts),
-- what happened, the status line, the secret missions' picks.

local Count = require("lib.count")
local Game = require("glue.game")
local S = require("teg.core.state")
local Prompts = require("teg.table.prompts")
local Story = require("teg.table.story")

local W = {}

-- What decision `d` asks; a decision without words says so plainly rather than showing a
-- field name (a test fails on any such decision).
function W.prompt(ctx, d)
  local m = ctx.m
  local path = {}
  for i, s in ipairs(Game.steps(m, d.player)) do
    path[i] = s.id
  end
  return Prompts.prompt(ctx.D, m.state, d, path, Game.shared_action(m) or {}) or "Choose one"
end

function W.option(_, _, o)
  return o.label
end

local function lower_first(text)
  return string.lower(string.sub(text, 1, 1)) .. string.sub(text, 2)
end

-- What a menu entry says (glue.flow): its options' labels, a die listed in place of
-- "Activate a die" without those words ("Utilize Colony die: upgrade your empire to level
-- 2, pay 2 energy").
function W.compose(_, steps)
  local text, n = nil, 0
  for _, s in ipairs(steps) do
    if not s.inlined then
      n = n + 1
      if n == 1 then
        text = s.label
      else
        text = text .. (n == 2 and ": " or ", ") .. lower_first(s.label)
      end
    end
  end
  return text or steps[#steps].label
end

-- When a decision becomes a player's, privately.
function W.notice(ctx, d)
  local asked = W.prompt(ctx, d)
  if string.sub(asked, 1, 9) ~= "Your turn" then
    asked = "Your decision: " .. asked
  end
  return asked
end

-- The game log: results, not menu paths (teg.table.story).
W.entries = Story.entries

-- The status line everyone reads: whose decision the table waits for and what they are asked.
-- What the decider is doing, in the third person, by decision name (the status line; their
-- own panel asks them in the second person: teg.table.prompts).
local DOING = {
  die = "chooses a die",
  ship = "chooses a ship to move",
  to = "chooses where the ship goes",
  ability = "decides whether to use the planet's action",
  planet = "chooses a planet",
  colony = "chooses a colony",
  pay = "chooses how to pay",
  dice = "chooses dice",
  spend = "chooses the two dice the converter spends",
  discard = "chooses dice to discard",
  targets = "chooses whose ships go back",
  face = "chooses a die face",
  amount = "chooses how much to trade",
  player = "chooses whom to take from",
  resource = "chooses what to gain",
  back = "chooses a ship to move back",
  forward = "chooses a ship to move forward",
}

function W.doing()
  return DOING
end

function W.status(ctx)
  local m = ctx.m
  if m.picks then
    local text = "Choosing secret missions: waiting for " .. (ctx.waiting_text or "")
    local absent = ctx.absent
    if absent then
      text = text .. " (" .. absent .. " is not seated: the host can keep a mission for them, "
        .. "or remove them from the game)"
    end
    return text
  end
  local state = m.state
  if state == nil then
    return ctx.D.game.name .. ": sit at a seat with a mat, then the host presses Start"
  end
  if state.phase == "over" then
    return "Game over: " .. Story.winner(ctx.D, state)
  end
  local who = Game.decider(m)
  local d = who and Game.decision(m, who)
  local text = "Round " .. state.round .. " - " .. state.active .. "'s turn"
  if ctx.input then
    text = text .. " - rolling the dice"
  elseif d then
    local doing = DOING[d.name] or "decides"
    if d.name == "type" and #state.follow == 0 then
      doing = "chooses an action"
    elseif d.name == "type" then
      -- "Follow Green's Acquire Energy (1 culture)?" as a doing
      local asked = W.prompt(ctx, d)
      doing = "decides whether to " .. string.lower(string.sub(asked, 1, 1))
        .. string.gsub(string.sub(asked, 2), "%?$", "")
    end
    text = text .. " - " .. d.player .. " " .. doing
    if ctx.seated[d.player] == nil then
      text = text .. " (" .. d.player .. " is not seated: the host can decide for them, or a "
        .. "player can take the " .. d.player .. " seat)"
    end
  end
  if state.final_round then
    local left = #state.players - S.active_seat(state) + 1
    text = text .. " - last round: " .. Count.of(ctx.D.game.units, left, "turns") .. " left"
  end
  return text
end

function W.over(ctx)
  return "The game is over: " .. Story.winner(ctx.D, ctx.m.state) .. " The score is under the "
    .. "scoreboard."
end

function W.rolling()
  return "Rolling the dice..."
end

-- The secret missions, kept before the first turn (the framework's setup picks).
function W.pick_prompt()
  return "Keep one of the two secret missions in your hand (press Keep on the card, or here)"
end

function W.pick_label(_, k)
  return "Keep the card marked " .. k
end

function W.picked()
  return "You have kept your mission. Waiting for the others."
end

-- The log when a player has kept a mission: everyone reads that one was kept; its keeper
-- which, and what it needs.
function W.kept(ctx, color, id)
  local m = ctx.D.mission[id]
  return { kind = "table", text = color .. " has kept a secret mission.",
    own = { [color] = "You keep the mission " .. m.name .. " (" .. m.vp .. " VP): " .. m.text } }
end

-- R over a piece, and a piece put back.
function W.shake(kind)
  if kind == "die" then
    return "The table rolls the dice: use Roll or Reroll in your panel."
  end
  return "Pieces follow the game: use your panel to act."
end

function W.put_back(kind)
  return "Pieces follow the game: drop a ship on a planet or a die on the converter when you "
    .. "may move it, or use your panel. The " .. kind .. " went back to its place."
end

W.seats = "the mats" -- where players sit: "needs 2 to 4 players seated at ..."

W.black = "Someone sits at Black, the game master's seat: Black sees every hand, so the "
  .. "secret missions are not secret from them."

return W
