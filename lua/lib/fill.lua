-- A template's `{name}` placeholders filled from `values`: fill("Roll {n} dice", { n = 4 }).
-- Pure: no TTS calls. Each template is cut into its pieces once, literal text at odd places
-- and placeholder names at even ones, so a fill only joins them (a table repaints its words
-- every few frames, and MoonSharp's pattern functions cost by the length they scan). A
-- placeholder with no value stays as it is written, so a missing one shows.

local pieces = {}

local function cut(words)
  local p = {}
  local at = 1
  while true do
    local s, e, name = string.find(words, "{([%w_]+)}", at)
    if s == nil then
      break
    end
    p[#p + 1] = string.sub(words, at, s - 1)
    p[#p + 1] = name
    at = e + 1
  end
  p[#p + 1] = string.sub(words, at)
  pieces[words] = p
  return p
end

return function(words, values)
  local p = pieces[words] or cut(words)
  local out = p[1]
  for i = 2, #p, 2 do
    local v = values[p[i]]
    out = out .. (v == nil and ("{" .. p[i] .. "}") or tostring(v)) .. p[i + 1]
  end
  return out
end
