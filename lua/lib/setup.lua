-- A game's setup checked the same way in every game: its seats, from the card data's limits.
-- Pure. The twin of generator/engines/setup.py.

local Setup = {}

-- The colours of `setup.players`, or nil and the rule it breaks. `G`: the game's constants
-- (`players` {min, max}, `seat_colors`).
function Setup.seats(setup, G)
  local colors = type(setup) == "table" and setup.players
  local low, high = G.players.min, G.players.max
  if type(colors) ~= "table" or #colors < low or #colors > high then
    return nil, "a game has " .. low .. " to " .. high .. " players, listed in `players`"
  end
  local seat, seen = {}, {}
  for _, c in ipairs(G.seat_colors) do seat[c] = true end
  for _, c in ipairs(colors) do
    if seen[c] or not seat[c] then
      return nil, "the players must be distinct seat colours of the game's seat_colors"
    end
    seen[c] = true
  end
  return colors
end

-- The players of a new game: `make(color)` for each seat of `setup`, in order (or nil and the
-- rule the setup breaks), and the colours.
function Setup.players(setup, G, make)
  local colors, why = Setup.seats(setup, G)
  if colors == nil then return nil, why end
  local players = {}
  for i, c in ipairs(colors) do players[i] = make(c) end
  return players, colors
end

return Setup
