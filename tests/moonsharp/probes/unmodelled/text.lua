-- Text that is not ASCII, where the profile cannot follow MoonSharp in Lua 5.2 (whose strings
-- are bytes): the length operator and positions count UTF-16 units; the pattern matcher
-- compares a character's low byte only in a class or a set ("[%c]" matches "—", '["]' matches
-- "Ģ"), and takes Latin-1 letters for letters; upper and lower follow .NET.
local name = "Héllo — ★"
print(#name, #"日本", #"é")
print(string.find("a★b", "★", 1, true), string.find("x日本y", "本", 1, true))
print(string.sub(name, 2, 2) == "é", string.find(name, "—", 1, true))
print(string.find("x—y", "[%c]"), string.find("xĢy", '"'), string.find("xĢy", '["]'))
print(string.find("abc★", "%a+$"), string.match("é★", "^(.)") == "é")
print(string.upper("éa") == "ÉA", string.lower("ÉĢ") == "éģ")
print(string.gsub("a★b", ".", "%0|"))
