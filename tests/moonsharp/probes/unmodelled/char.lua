-- string.char beyond 255 gives a UTF-16 character instead of an error.
print(pcall(string.char, 256))
