-- Numbers joined with `..` are written as .NET writes them (the profile can reshape
-- tostring, not the operator).
print(1e15 .. "", (1 / 3) .. "", (-0.0) .. "", (2 ^ 53) .. "")
