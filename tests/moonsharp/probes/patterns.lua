-- Patterns: the usual idioms, and MoonSharp's limit on matcher calls per attempt.
local function try(label, f)
  local r = table.pack(pcall(f))
  local out = {}
  for i = 1, r.n do out[i] = tostring(r[i]) end
  print(label, table.concat(out, " "))
end
local spaces = function(n) return string.rep(" ", n) end
try("trim short", function() return (spaces(3) .. "word" .. spaces(3)):match("^%s*(.-)%s*$") end)
try("trim 150", function() return #(spaces(150) .. "w"):match("^%s*(.-)%s*$") end)
try("trim 250", function() return #(spaces(250) .. "w"):match("^%s*(.-)%s*$") end)
try("gsub trim 300", function() return #(string.rep("a", 300) .. " "):gsub("^%s*(.-)%s*$", "%1") end)
try("star 500", function() return #string.rep("a", 500):match("a*") end)
try("lazy 300", function() return #(string.rep("a", 300) .. "b"):match("(.-)b") end)
try("plus 250 fail", function() return (string.rep("a", 250)):match("a+b") end)
try("find 300 dotstar", function() return (string.rep("x", 300)):find(".*y") end)
try("gmatch words", function()
  local n = 0
  for _ in string.rep("ab ", 200):gmatch("%a+") do n = n + 1 end
  return n
end)
try("frontier", function() return ("THE (quick) fox"):find("%f[%a]%a+%f[%A]") end)
try("balanced", function() return ("x(a(b)c)y"):match("%b()") end)
try("backref", function() return ('say "hi" now'):match("([\"'])(.-)%1") end)
try("class", function() return ("a1_B2"):gsub("[%w_]", "."), ("tab\there"):find("%c") end)
try("set range", function() return ("2024-12-01"):match("^(%d+)-(%d+)-(%d+)$") end)
try("position capture", function() return ("hello"):match("()ll()") end)
try("malformed", function() return ("x"):find("[a") end)
try("malformed %", function() return ("x"):find("%") end)
try("anchor gmatch", function()
  local out = {}
  for w in ("aaa"):gmatch("^a") do out[#out + 1] = w end
  return #out
end)
