-- What happened, in plain words for the chat: the choices the player made (the core's own
-- labels) and what changed for each player.

local W = {}

local function sign(n)
  return n > 0 and ("+" .. n) or tostring(n)
end

-- One line for an applied action by `actor`. `labels` are the options taken, in order.
function W.action(D, before, after, labels, actor)
  local parts = {}
  for _, label in ipairs(labels) do
    parts[#parts + 1] = label
  end
  local text = actor .. ": " .. table.concat(parts, " > ")
  local changes = {}
  for i, p in ipairs(after.players) do
    local q = before.players[i]
    local bits = {}
    for _, r in ipairs(D.resources) do
      if p[r] ~= q[r] then
        bits[#bits + 1] = sign(p[r] - q[r]) .. " " .. r
      end
    end
    if p.empire ~= q.empire then
      bits[#bits + 1] = "empire level " .. p.empire
    end
    for k = #q.colonies + 1, #p.colonies do
      bits[#bits + 1] = "colonizes " .. D.planet[p.colonies[k]].name
    end
    if p.vp ~= q.vp then
      bits[#bits + 1] = p.vp .. " VP"
    end
    if #bits > 0 then
      changes[#changes + 1] = p.color .. " " .. table.concat(bits, ", ")
    end
  end
  if #changes > 0 then
    text = text .. ". " .. table.concat(changes, "; ")
  end
  return text
end

-- Announcements an action may bring: the end triggered, the final ranking.
function W.news(D, before, after)
  local out = {}
  if before.end_triggered_by == nil and after.end_triggered_by ~= nil then
    out[#out + 1] = after.end_triggered_by .. " has " .. D.game.end_vp
      .. " VP or more: the round is played to its end, then the game is over."
  end
  if before.phase ~= "over" and after.phase == "over" then
    local lines = { "Game over. Missions revealed:" }
    for _, p in ipairs(after.players) do
      local m = D.mission[p.mission]
      lines[#lines + 1] = "  " .. p.color .. ": " .. (m and m.name or "no mission")
        .. " (+" .. p.mission_vp .. ") - " .. p.vp .. " VP"
    end
    local places = {}
    for k, group in ipairs(after.ranking) do
      places[k] = k .. ". " .. table.concat(group, " = ")
    end
    lines[#lines + 1] = "Ranking (VP, then colonies, empire, energy + culture): "
      .. table.concat(places, "  ")
    out[#out + 1] = table.concat(lines, "\n")
  end
  return out
end

return W
