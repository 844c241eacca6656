-- Text that is not ASCII: MoonSharp's strings are .NET strings (UTF-16 units), so a
-- character is one unit (two above U+FFFF), string.byte of one above U+00FF gives 63 ("?"),
-- string.char makes the character of any unit, string.unicode gives the unit.
local name = "Héllo — ★"
print(string.len(name), string.len("日本"), string.len("é"), string.len("a"))
print(string.byte("é"), string.byte("★"), string.byte("日"), string.byte("a"))
print(string.unicode("é"), string.unicode("★"), string.unicode("a"))
print(string.char(233) == "é", string.char(9733) == "★", string.char(26085) == "日")
print(string.char(72, 233) == "Hé", string.char(0xE9) .. "t" == "ét")
-- bytes of UTF-8 made one by one are characters, not bytes: "é" built so is two characters
print(string.char(0xC3, 0xA9) == "é", string.len(string.char(0xC3, 0xA9)))
print(("Ré" .. "★") == "Ré★", string.rep("★", 3) == "★★★", string.reverse("é★") == "★é")
print(string.sub("★", 1) == "★", string.upper("abc"), string.lower("ABC"))
