-- String functions and methods on short subjects.
local s = "Hello, World"
print(s:len(), s:upper(), s:lower(), s:rep(2, "-"), s:reverse())
print(s:sub(1, 5), s:sub(-5), s:sub(0), s:sub(8, 100), s:sub(5, 2), s:sub(-100, 2))
print(s:byte(1), s:byte(-1), s:byte(1, 3))
print(s:byte(100) == nil, s:byte(0) == nil)
print(string.char(72, 105))
print(("x"):rep(0), ("x"):rep(-1), ("ab"):rep(3))
print(s:find("o"), s:find("o", 6), s:find("l+"), s:find(".", 1, true), s:find("xyz"))
print(s:find(""), s:find("", 100), s:find("", 13))
print(s:match("(%a+), (%a+)"), s:match("()o()"), s:match("^H"), s:match("d$"))
print(s:gsub("o", "0"), s:gsub("l", { l = "L" }), s:gsub("%a+", function(w) return w:upper() end, 1))
print(("a,b,,c"):gsub(",", ";", 2), ("abc"):gsub("", "-"))
local parts = {}
for w in ("one two  three"):gmatch("%S+") do parts[#parts + 1] = w end
print(table.concat(parts, "|"))
for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do print(k, v) end
print(("%d"):format(5), tostring(nil), tostring(true), type(tostring({})))
print(("x"):len(), #"\0ab", ("a\0b"):byte(2))
print(pcall(string.rep))
print(string.format("%q", "\1\2"))
print(("abc"):upper():lower())
print(s.len, type(string.len), ("x").y)
