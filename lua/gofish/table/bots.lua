-- Go Fish's bots: how much a bot likes each option, read from its own colour's view. Pure;
-- glue.bots picks. The twin of generator/games/gofish/rules/bots.py (`level_value`).

return function()
  local B = {}

  function B.value(view, d, path, option)
    local hands, known, lacks = {}, {}, false
    for _, p in ipairs(view.players) do
      hands[p.color] = p.hand
      for _, r in ipairs(p.known) do
        if p.color ~= d.player then known[r] = true end
        if p.color == option and r == path[#path] then known.asked = true end
      end
      for _, r in ipairs(p.lacks) do
        if p.color == option and r == path[#path] then lacks = true end
      end
    end
    if d.name ~= "rank" then
      return (known.asked and 100 or 0) - (lacks and 200 or 0) + #hands[option]
    end
    local n = known[option] and 10 or 0
    for _, c in ipairs(hands[d.player]) do
      if string.sub(c, 1, -2) == option then n = n + 1 end
    end
    return n
  end

  return B
end
