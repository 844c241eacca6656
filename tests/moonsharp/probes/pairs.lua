-- pairs/next: every key once (the order is not a contract: sorted here before printing).
local t = { z = 1, a = 2, m = 3, [10] = 4, b = 5, 6, 7 }
local keys = {}
for k, v in pairs(t) do
  keys[#keys + 1] = tostring(k) .. "=" .. tostring(v)
end
table.sort(keys)
print(table.concat(keys, " "))
local n = 0
for _ in next, t do
  n = n + 1
end
print(n)
for i, v in ipairs({ 1, 2, nil, 4 }) do
  seen = (seen or "") .. i .. ":" .. v .. " "
end
print(seen)
print(next({}), type(next), rawlen({ 1, 2 }), rawequal(t, t))
local mt = setmetatable({}, { __pairs = function(self) return function(_, k) if not k then return 1, "one" end end, self, nil end })
for k, v in pairs(mt) do print("__pairs", k, v) end
