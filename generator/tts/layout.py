"""The table's layout as a generated Lua module (each game computes its own layout).

A game's layout (generator/tts/<game>/layout.py) gives every place its table scripts put a
piece, as plain data; this module writes it as the `<game>.layout` Lua module, so the glue
moves pieces to exactly where the build placed them.
"""

from __future__ import annotations

from typing import Any

from generator.luabuild.literal import value_module


def layout_module(value: Any) -> str:
    """The Lua module returning a game's layout (generated; never edited)."""
    return value_module(value, "generator/tts/layout.py")
