"""A count in words: "1 credit", "-1 credit", "2 credits" (the twin of lua/lib/count.lua).

The words come from the card data (game.yaml `units`, schemas/words/units.schema.json), the
one place a game's plurals are written.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.i18n import tr


def word(units: Mapping[str, Mapping[str, str]], n: int, unit: str) -> str:
    """The unit's word for `n`: its `one` for 1 and -1, its `other` for any other number."""
    if unit not in units:
        raise KeyError(f"no unit word '{unit}' in game.yaml's units")
    return units[unit]["one"] if n in (1, -1) else units[unit]["other"]


def count(units: Mapping[str, Mapping[str, str]], n: int, unit: str) -> str:
    """`n` and the unit's word for it: "1 credit", "3 dice" (in the language being built)."""
    return tr("{n} {word}", n=n, word=word(units, n, unit))


def signed(units: Mapping[str, Mapping[str, str]], n: int, unit: str) -> str:
    """A change by `n`, its sign always written: "+2 energy", "-1 credit", "+0 VP"."""
    change = ("+" if n >= 0 else "") + str(n)
    return tr("{n} {word}", n=change, word=word(units, n, unit))
