-- xpcall: the handler sees the message as pcall would; extra arguments pass through.
print(xpcall(function() error("xp", 0) end, function(m) return "handled: " .. tostring(m) end))
print(xpcall(function() error("xp") end, function(m) return "handled: " .. tostring(m) end))
print(xpcall(function() error({ 1 }) end, function(m) return "handled: " .. type(m) end))
print(xpcall(function(a, b) return a + b end, print, 2, 3))
print(xpcall(function() return "ok", 2 end, print))
print(pcall(function() return 1, nil, 3 end))
