-- Globals, varargs, metatables and the os/time functions TTS leaves.
print(type(load), type(loadstring), type(dofile), type(require), type(io), type(debug))
print(type(os), type(os.time), type(os.clock), type(os.date), type(os.difftime), type(os.execute), type(os.getenv))
print(type(string.startsWith), type(string.endsWith), type(string.contains), type(bit32), type(math.log10), type(math.pow))
print(type(os.time()), os.time({ year = 2020, month = 1, day = 1, hour = 12 }) - os.time({ year = 2020, month = 1, day = 1, hour = 11 }))
print(os.date("%Y", 0) ~= nil, type(os.clock()), os.difftime(10, 4))
print(type(coroutine.running()), coroutine.status(coroutine.create(function() end)))
local function first(...) local t = { ... }; return #t end
print(first(), first(1, 2))
print(select(2, "a", "b", "c"), select(-1, "a", "b"))
print(math.max(1, 5, 3), math.min(2, -1), math.abs(-3), math.floor(3.7), math.ceil(3.2))
print(math.random ~= nil, math.randomseed ~= nil, math.pi > 3.14)
print(math.log(8, 2), math.log(100, 10), math.exp(0), math.sqrt(16), math.modf(3.5))
print(bit32.band(12, 10), bit32.bor(12, 10), bit32.bxor(12, 10), bit32.lshift(1, 4), bit32.rshift(16, 2))
local mt = { __index = function(_, k) return k .. "!" end, __tostring = function() return "T" end }
local obj = setmetatable({}, mt)
print(obj.x, tostring(obj), getmetatable(obj) == mt, rawget(obj, "x"))
print(getmetatable("abc").__index == string, ("abc"):upper())
local protected = setmetatable({}, { __metatable = "locked" })
print(getmetatable(protected), pcall(setmetatable, protected, {}))
print(type(_G), _G._G == _G, type(_VERSION))
print(pcall(string.format, "%s", true))
goto skip
print("not printed")
::skip::
print("after goto")
