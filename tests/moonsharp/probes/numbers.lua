-- How numbers become text: tostring, concatenation, and tonumber.
local values = { 1, -1, 0, 100, 1e14, 1e15, 1e16, 2 ^ 53, 123456789012, 1 / 3, 2 / 3, 0.1,
  0.1 + 0.2, 1.5, -2.25, 1e100, 1e-5, 1e-7, 3.0, -0.0, 255 / 5, 7.1 }
for _, v in ipairs(values) do
  print(tostring(v), string.format("%s", v), string.format("%.14g", v))
end
print(tostring(1 / 0), tostring(-1 / 0), tostring(0 / 0) == tostring(0 / 0))
print(math.huge, -math.huge)
print(tonumber("0x10"), tonumber("10", 16), tonumber("ff", 16), tonumber("11", 2), tonumber("17", 8))
print(pcall(tonumber, "z", 36))
print(pcall(tonumber, "7", 7))
print(pcall(tonumber, "6", 7))
print(string.format("%d %d %d %d", 3.7, -3.7, 2 ^ 40, -0.0))
print(tonumber("1,000"), tonumber("(5)"), tonumber("5-"), tonumber("+3"), tonumber("1e"), tonumber("Infinity"))
print(tonumber(12), tonumber(true), tonumber(nil), tonumber("  -0  "), tonumber("1.5e3"), tonumber("1 000"))
print(tonumber(" 12 "), tonumber("12a"), tonumber("1e2"), tonumber(".5"), tonumber("5."))
print(tonumber(""), tonumber("-"), tonumber("- 1"), tonumber("inf"), tonumber("nan"))
print(7 % 3, -7 % 3, 5.5 % 2, -5.5 % 2)
print(math.floor(-0.5), math.ceil(-0.5), math.floor(2 ^ 40 + 0.5))
print(3 / 2, 4 / 2, 2 ^ 10, math.fmod(7, 3), math.fmod(-7, 3))
