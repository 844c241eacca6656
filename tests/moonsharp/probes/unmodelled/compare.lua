-- String order: the < operator and table.sort's default order, on pairs where a byte-wise
-- order and a culture-aware one can disagree.
local pairs_to_compare = {
  { "a", "b" }, { "Z", "a" }, { "B", "a" }, { "a", "B" }, { "abc", "abd" }, { "ab", "abc" },
  { "a_1", "a1" }, { "a_b", "ab" }, { "a-b", "ab" }, { "ab", "a-c" }, { "a-c", "ab" },
  { "10", "9" }, { "1=6", "10=4" }, { "a b", "ab" }, { "", "a" }, { "A", "a" },
  { "umbra-forum", "umbraforum" }, { "final_round", "finals" }, { "x.y", "xy" }, { "it's", "its" },
}
for _, p in ipairs(pairs_to_compare) do
  print(p[1], p[2], tostring(p[1] < p[2]), tostring(p[2] < p[1]), tostring(p[1] <= p[2]))
end
