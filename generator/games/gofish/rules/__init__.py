"""Go Fish's rules engine in Python, the reference its Lua core is checked against."""

from generator.games.gofish.rules.engine import Engine

__all__ = ["Engine"]
