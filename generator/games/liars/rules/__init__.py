"""Liar's Dice's rules engine in Python, the reference its Lua core is checked against."""

from functools import cache

from generator import cards
from generator.games.liars.rules.engine import Engine

__all__ = ["Engine", "load_engine"]


@cache
def load_engine() -> Engine:
    """The engine for the shipped card data (cards/liars)."""
    return Engine(cards.load("liars"))
