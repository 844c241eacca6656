"""The Tiny Epic Galaxies rules engine in Python: the reference the Lua core is checked against.

Use `load_engine()` (card data from cards/teg) or `Engine(data)`, then `new_game(setup)`,
`choices(state, path)` (the options for the next decision), `apply(state, action)`,
`is_over(state)`; see engine.py.
"""

from functools import cache

from generator import cards
from generator.games.teg.rules.engine import Engine
from generator.games.teg.rules.state import (
    BadSetup,
    IllegalAction,
    action_str,
    canonical,
    observe,
    scores,
)

__all__ = [
    "BadSetup",
    "Engine",
    "IllegalAction",
    "action_str",
    "canonical",
    "load_engine",
    "observe",
    "scores",
]


@cache
def load_engine() -> Engine:
    """The engine for the shipped card data (validated once per process)."""
    return Engine(cards.load("teg"))
