-- The % operator with a negative divisor.
print(7 % -3, -7 % -3, 7.5 % -2)
