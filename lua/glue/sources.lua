-- Where an error comes from: the source file and line in lua/, not the bundle's line.
--
-- Every bundle ends with a generated module, bundle.sources (generator/luabuild/bundle.py):
-- for each module, the first and last bundle line it lies on and its source file. An error
-- raised in a handler reaches TTS as "chunk_0:(11377,4-20): ..." (MoonSharp) or
-- "Global:11377: ..." (Lua 5.2); Sources.explain names "lua/teg/table/prompts.lua:16:"
-- instead, and Sources.guard wraps a handler so that TTS prints the error at its source.

local spans = require("bundle.sources") -- { first, last, origin, first, last, origin, ... }

local S = {}

-- The source origin and line of a bundle line, or nil outside every module.
function S.place(line)
  for i = 1, #spans, 3 do
    if spans[i] <= line and line <= spans[i + 1] then
      return spans[i + 2], line - spans[i] + 1
    end
  end
  return nil
end

-- `message` with its leading bundle place given as its source's, and `where` (a handler's
-- name) after it when given.
function S.explain(message, where)
  if type(message) ~= "string" then
    message = tostring(message)
  end
  local _, stop, line = string.find(message, "^[^:/]*:%((%d+),[%d%-]*%):")
  if stop == nil then
    _, stop, line = string.find(message, "^[^:/]*:(%d+):")
  end
  local origin, at
  if stop ~= nil then
    origin, at = S.place(tonumber(line))
  end
  if origin ~= nil then
    message = origin .. ":" .. at .. ":" .. string.sub(message, stop + 1)
  end
  if where ~= nil then
    message = message .. " (in " .. where .. ")"
  end
  return message
end

-- `fn` as a TTS handler named `name`: an error it raises goes on to TTS (which prints it to
-- the host) named by its source file and line and the handler. One value is returned: what
-- TTS takes from every handler the framework installs.
function S.guard(name, fn)
  return function(...)
    local ok, result = pcall(fn, ...)
    if not ok then
      error(S.explain(result, name), 0)
    end
    return result
  end
end

return S
