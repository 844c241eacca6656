-- An empty `...` holds one nil for select("#") (a table built from it is still empty).
local function count(...) return select("#", ...) end
local function packed(...) return #{ ... } end
print(count(), count(nil), count(1, 2), packed(), packed(1, 2))
print(select("#", table.unpack({})))
