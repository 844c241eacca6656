"""Run our Lua here, and check it against the Python engine.

A Lua 5.2 runtime (lupa) shaped like TTS's MoonSharp, the Lua rules core behind a Python
interface, and the differential check between the two engines.
"""
