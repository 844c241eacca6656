-- Words a player reads: `tr("Roll {n} dice", { n = 4 })` is "Roll 4 dice" in English, and in
-- a build for another language its translation ("ダイスを4個振る"), put there by the build
-- (generator/i18n/lua.py replaces the literal: the table looks nothing up). Pure: no TTS
-- calls. The first argument must be one double-quoted literal, so the catalogue sees it;
-- words already translated are filled with lib/fill.lua.

local fill = require("lib.fill")

return function(words, values)
  if values == nil then
    return words
  end
  return fill(words, values)
end
