-- The length operator on sequences and on tables with holes.
print(#{}, #{ 1, 2, 3 }, #"abc", #"")
print(#{ 1, nil, 3 })
local t = { 1, 2, 3, 4 }
t[2] = nil
print(#t)
local u = {}
u[1], u[2], u[4] = 1, 2, 4
print(#u)
local v = { n = 1, 1, 2 }
print(#v)
print(#{ nil, nil, 3 })
local w = { 1, 2, 3 }
w[#w + 1] = 4
w[#w] = nil
print(#w)
