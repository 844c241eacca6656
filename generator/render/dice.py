"""Where a TTS custom d6 texture puts each face (any game with custom dice draws into it)."""

# The d6 texture. TTS wraps a d6 from its own template (Modding/Dice Templates in the TTS
# folder). We found its layout in public code that draws TTS d6 textures (a pygame
# "DiceDrawer" for a 2048x2048 template: faces 2, 4, 5 on the upper row and 1, 3, 6 on the
# lower one, 500 px squares at x = 71/771/1462 and y = 767/1462, faces 1 and 6 drawn upside
# down). It has not been checked on a live TTS. Our texture is that template at half size.
DIE_TEXTURE = 1024
DIE_SLOTS = {  # face number (1..6) -> (x, y, upside down), for the 1024 px texture
    1: (35, 731, True),
    2: (35, 383, False),
    3: (385, 731, False),
    4: (385, 383, False),
    5: (731, 383, False),
    6: (731, 731, True),
}
DIE_FACE = 250
