"""The Tiny Epic Mechs rules engine in Python, written from the rules contract.

Use `load_engine()` (card data from cards/tem) or `Engine(data)`, then `new_game(setup)`,
`choices(state, path)`, `apply(state, action)`, `view(state, color)`; see engine.py.
"""

from functools import cache

from generator import cards
from generator.engines.errors import BadPath, BadSetup, IllegalAction, canonical
from generator.games.tem.rules.engine import Engine

__all__ = ["BadPath", "BadSetup", "Engine", "IllegalAction", "canonical", "load_engine"]


@cache
def load_engine() -> Engine:
    """The engine for the shipped card data (validated once per process)."""
    return Engine(cards.load("tem"))
