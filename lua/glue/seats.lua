-- Seats and players (any game): who sits where, who clicked, chat, TTS's turn indicator.

local Seats = {}

local PRIVATE_TINT = { 1, 0.55, 0.45 }
local ALL_TINT = { 0.9, 0.9, 0.9 }
local NEWS_TINT = { 1, 0.85, 0.4 }

-- Who is seated, colour -> true: getSeatedPlayers() counts hotseat colours too. Grey
-- (spectators) and Black (the game master) play no seat.
function Seats.seated()
  local out = {}
  for _, color in ipairs(getSeatedPlayers()) do
    if color ~= "Grey" and color ~= "Black" then
      out[color] = true
    end
  end
  return out
end

-- True when someone sits at Black, the game master's seat (it sees every hand).
function Seats.black()
  for _, c in ipairs(getSeatedPlayers()) do
    if c == "Black" then
      return true
    end
  end
  return false
end

-- Whoever called: XmlUI gives a Player, buttons and events a colour string. Returns the
-- colour and whether they are the host or promoted.
function Seats.caller(player)
  if type(player) == "string" then
    return player, false
  end
  return player.color, player.host or player.promoted
end

-- Only a left click acts: TTS calls onClick for right and middle clicks too (value
-- "-2"/"-3"; a touch gives "1").
function Seats.left_click(value)
  return value == "-1" or value == "1"
end

function Seats.tell(color, text)
  printToColor(text, color, PRIVATE_TINT)
end

function Seats.say(text)
  printToAll(text, ALL_TINT)
end

function Seats.announce(text)
  broadcastToAll(text, NEWS_TINT)
end

function Seats.notify(color, text)
  broadcastToColor(text, color, NEWS_TINT)
end

-- TTS's own turn indicator follows the active player in the game's order (display only: the
-- rules decide whose turn it is, so players cannot pass turns from TTS's UI).
function Seats.show_turn(order, active)
  Turns.type = 2 -- the custom order: the game's
  Turns.order = order
  Turns.pass_turns = false
  Turns.enable = true
  Turns.turn_color = active
end

function Seats.hide_turns()
  Turns.enable = false
end

-- A layout's seat places by colour, made once per layout.
local BY_COLOR = setmetatable({}, { __mode = "k" })

function Seats.of(L, color)
  local seats = BY_COLOR[L]
  if seats == nil then
    seats = {}
    for i, seat in ipairs(L.seats) do
      seats[seat.color] = { seat = seat, index = i }
    end
    BY_COLOR[L] = seats
  end
  local found = seats[color]
  return found and found.seat, found and found.index
end

return Seats
