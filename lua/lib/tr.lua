-- Words a player reads: `tr("Roll {n} dice", { n = 4 })` is "Roll 4 dice" in English, and in
-- a build for another language its translation ("ダイスを4個振る"), put there by the build
-- (generator/i18n/lua.py replaces the literal: the table looks nothing up). Pure: no TTS
-- calls. The first argument must be one double-quoted literal, so the catalogue sees it.

-- Each template is cut into its pieces once: literal text at odd places, placeholder names
-- at even ones. A fill then only joins them (a table repaints its words every few frames,
-- and MoonSharp's pattern functions cost by the length they scan).
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
  if values == nil then
    return words
  end
  local p = pieces[words] or cut(words)
  local out = p[1]
  for i = 2, #p, 2 do
    local v = values[p[i]]
    -- a placeholder with no value stays as it is written, so a missing one shows
    out = out .. (v == nil and ("{" .. p[i] .. "}") or tostring(v)) .. p[i + 1]
  end
  return out
end
