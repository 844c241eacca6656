-- Errors that steer play (a refusal, a path that stops before a decision), as strings.
--
-- MoonSharp, TTS's Lua, accepts only a string or a number in error() (a table raises "bad
-- argument #1 to 'error'"), always hands pcall a string, and ignores error's level: a
-- message raised in Lua code keeps a "chunk:(line,col): " prefix, once per re-raise
-- (measured on MoonSharp 2.0: docs/moonsharp.md). So a signal is a string error carrying a
-- kind between two marks, found wherever it sits in the message, and whatever the signal
-- needs beyond a text stays with the code that raised it.

local M = {}

local MARK = "\30" -- ASCII record separator: in no message a player or the data writes

-- Raise a signal of `kind` (a short word) with the text `text`.
function M.raise(kind, text)
  error(MARK .. kind .. MARK .. tostring(text), 0)
end

-- The text of a signal of `kind` in the error `err`, or nil for any other error.
function M.caught(err, kind)
  if type(err) ~= "string" then
    return nil
  end
  local head = MARK .. kind .. MARK
  local at = string.find(err, head, 1, true)
  if at == nil then
    return nil
  end
  return string.sub(err, at + #head)
end

return M
