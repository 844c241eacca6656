-- error() and what pcall hands back: only strings and numbers; the level is ignored.
local function show(ok, e)
  print(tostring(ok), type(e), tostring(e))
end
show(pcall(error, { 1 }))
show(pcall(error, "direct", 0))
show(pcall(error, 42))
show(pcall(error))
show(pcall(error, nil))
show(pcall(error, true))
show(pcall(function() error("level0", 0) end))
show(pcall(function() error("level1", 1) end))
show(pcall(function() error("level2", 2) end))
show(pcall(function() error("plain") end))
show(pcall(function() error(7, 0) end))
show(pcall(function() error({ reason = "x" }, 0) end))
show(pcall(function() error(setmetatable({}, { __tostring = function() return "meta" end })) end))
-- a re-raised message gains a second prefix
show(pcall(function()
  local _, e = pcall(function() error("inner", 0) end)
  error(e, 0)
end))
-- runtime errors
show(pcall(function() local t = nil; return t.x end))
show(pcall(function() return 1 + {} end))
show(pcall(function() return #nil end))
show(pcall(function() local f; f() end))
show(pcall(function() return "a" < 1 end))
show(pcall(function() return ("x"):bad() end))
-- inside a coroutine
local co = coroutine.create(function() error("in a coroutine", 0) end)
show(coroutine.resume(co))
co = coroutine.create(function() error("in a coroutine, level 1") end)
show(coroutine.resume(co))
-- assert
show(pcall(assert, false))
show(pcall(assert, false, "assert message"))
show(pcall(assert, nil, { 1 }))
show(pcall(function() assert(false, "in a function") end))
print(select("#", pcall(error, "a")))
-- error's level is ignored: a message raised in Lua code always carries where it was raised
local function message(f) return select(2, pcall(f)) end
for _, level in ipairs({ 0, 1, 2 }) do
  local e = message(function() error("at level " .. level, level) end)
  print(level, e ~= "at level " .. level, e:sub(-10) == "at level " .. level)
end
local twice = message(function() error(message(function() error("once", 0) end), 0) end)
print(select(2, twice:gsub("once", "")), #twice > #message(function() error("once", 0) end))
